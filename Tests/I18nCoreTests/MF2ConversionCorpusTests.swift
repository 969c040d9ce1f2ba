import Foundation
import I18nCore
import LocaleData
import TestSupport
import Testing

/// The conversion to MessageFormat 2, checked differentially on the ICU corpora: every message of the ICU corpus
/// and the calendar corpus that `MF2Conversion` converts formats through `MF2Formatter` (bidi isolation off) to
/// exactly what `ICUMessageFormatter` prints for the original, with the same arguments, locale and zone, and
/// without errors. What it refuses is counted by reason.
@Suite struct MF2ConversionCorpusTests {
    struct Tally {
        var converted = 0
        var refusals: [String: Int] = [:]
        var differences: [String] = []
    }

    static func compare(
        message: String, locale: String, arguments: MessageArguments, timeZone: String?, into tally: inout Tally,
        zones: inout [String: ZoneInfo]
    ) throws {
        let tag = try LocaleTag(locale)
        var zone: ZoneInfo?
        if let timeZone {
            if zones[timeZone] == nil { zones[timeZone] = ZoneInfo(identifier: timeZone) }
            zone = zones[timeZone]
        }
        let converted: String
        switch MF2Conversion.convert(message, locale: tag) {
        case .failure(let refusal):
            // Counted by the reason's construct, not the quoted value.
            let reason = refusal.reason.split(separator: "'").first.map(String.init) ?? refusal.reason
            tally.refusals[reason, default: 0] += 1
            return
        case .success(let text): converted = text
        }
        tally.converted += 1
        let original = ICUMessageFormatter(timeZone: zone).format(message, locale: tag, arguments: arguments)
        let result = MF2Formatter(timeZone: zone, bidiIsolation: .none).formatted(
            converted, locale: tag, arguments: arguments)
        if result.text != original.text || !result.errors.isEmpty {
            tally.differences.append(
                "\(locale) \(message) \(arguments) → \(converted): \(result.text.debugDescription) "
                    + "!= \(original.text.debugDescription) \(result.errors)")
        }
    }

    @Test func everyConvertedCorpusMessageFormatsAsTheOriginal() throws {
        var tally = Tally()
        var zones: [String: ZoneInfo] = [:]
        for testCase in ICUCorpusTests.cases {
            try Self.compare(
                message: testCase.message, locale: testCase.locale, arguments: testCase.arguments,
                timeZone: testCase.timeZone, into: &tally, zones: &zones)
        }
        for testCase in CalendarCorpusTests.cases where testCase.difference == nil {
            try Self.compare(
                message: testCase.message, locale: testCase.locale, arguments: testCase.arguments,
                timeZone: testCase.timeZone, into: &tally, zones: &zones)
        }
        let total = ICUCorpusTests.cases.count + CalendarCorpusTests.cases.count { $0.difference == nil }
        let summary =
            "\(tally.converted) of \(total) converted; refused: "
            + tally.refusals.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }.joined(separator: "; ")
        // Most of the corpus has an MF2 form: a converter that refused everything would pass the comparison.
        #expect(tally.converted * 2 > total, Comment(rawValue: summary))
        #expect(
            tally.differences.isEmpty,
            Comment(
                rawValue: "\(tally.differences.count) differ. \(summary)\n"
                    + tally.differences.prefix(40).joined(separator: "\n")))
        if ProcessInfo.processInfo.environment["WIDGET_I18N_PRINT_TALLY"] != nil { print(summary) }
    }
}
