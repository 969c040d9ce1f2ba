import Foundation
import I18nCore
import LocaleData
import MessageFormat2
import StringCatalog
import TestSupport
import Testing

/// The conversion to MessageFormat 2, checked differentially on the ICU corpora: every message of the ICU corpus
/// and the calendar corpus (`Tests/I18nCoreTests/Data/`, read from the repository) that `MF2Conversion` converts
/// formats through `MF2Formatter` (bidi isolation off) to exactly what `ICUMessageFormatter` prints for the
/// original, with the same arguments, locale and zone, and without errors. What it refuses is counted by reason.
@Suite struct MF2ConversionCorpusTests {
    struct Case {
        let locale: String
        let message: String
        let arguments: MessageArguments
        let timeZone: String?
    }

    /// The cases of a corpus file: its lines with a message, less those the corpus marks as a deliberate
    /// `difference` from ICU. Arguments as the corpus tests read them: JSON numbers, `{"$date": ms}`, text.
    static func cases(_ name: String) throws -> [Case] {
        let text = try String(contentsOfFile: Repository.root + "/Tests/I18nCoreTests/Data/" + name, encoding: .utf8)
        var cases: [Case] = []
        for line in text.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let message = object["message"] as? String, let locale = object["locale"] as? String,
                object["difference"] == nil
            else { continue }
            var arguments: MessageArguments = [:]
            for (name, value) in object["arguments"] as? [String: Any] ?? [:] {
                if let date = value as? [String: Any], let milliseconds = date["$date"] as? NSNumber {
                    arguments[name] = .date(Date(timeIntervalSince1970: milliseconds.doubleValue / 1000))
                } else if let number = value as? NSNumber {
                    arguments[name] = .number(MessageNumber(number.doubleValue))
                } else {
                    arguments[name] = .string(value as? String ?? "")
                }
            }
            cases.append(
                Case(locale: locale, message: message, arguments: arguments, timeZone: object["timeZone"] as? String))
        }
        return cases
    }

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
        // What the original does not take, the converted message need not print alike.
        guard original.problems.isEmpty else { return }
        let result = MF2Formatter(timeZone: zone, bidiIsolation: .none, draftFunctions: true).formatted(
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
        let corpus = try Self.cases("icu-corpus.jsonl") + Self.cases("calendar-corpus.jsonl")
        for testCase in corpus {
            try Self.compare(
                message: testCase.message, locale: testCase.locale, arguments: testCase.arguments,
                timeZone: testCase.timeZone, into: &tally, zones: &zones)
        }
        let total = corpus.count
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

    /// An argument in another form ICU MessageFormat takes for it.
    enum ArgumentForm: Int, CaseIterable, Sendable {
        /// `1` as `1.0`, `2.5` as `2.50`: a plural keeps the digit (de "other 1,0").
        case trailingZeros
        /// `5` as the text `05`, `-2.5` as `-02.5`.
        case numbersAsText
        /// A date as its milliseconds since 1970, as JavaScript passes one.
        case datesAsMilliseconds
        /// A number as the date that many milliseconds after 1970.
        case numbersAsDates

        func callAsFunction(_ argument: MessageArgument) -> MessageArgument? {
            switch (self, argument) {
            case (.trailingZeros, .number(let number)):
                return MessageNumber(number.text + (number.text.contains(".") ? "0" : ".0")).map { .number($0) }
            case (.numbersAsText, .number(let number)):
                let negative = number.text.hasPrefix("-")
                return .string((negative ? "-0" : "0") + number.text.dropFirst(negative ? 1 : 0))
            case (.datesAsMilliseconds, .date(let date)):
                return .number(MessageNumber(date.timeIntervalSince1970 * 1000))
            case (.numbersAsDates, .number(let number)):
                return .date(Date(timeIntervalSince1970: number.value / 1000))
            default: return nil
            }
        }
    }

    /// A quarter of the corpus, each case with its arguments in `form` (a case whose arguments have no such form
    /// is skipped): the converted message prints what the original prints whenever the original takes them.
    @Test(arguments: ArgumentForm.allCases)
    func convertedMessagesTakeArgumentsInEveryFormTheOriginalTakes(_ form: ArgumentForm) throws {
        var tally = Tally()
        var zones: [String: ZoneInfo] = [:]
        var compared = 0
        let corpus = try Self.cases("icu-corpus.jsonl") + Self.cases("calendar-corpus.jsonl")
        for (index, testCase) in corpus.enumerated() where index % ArgumentForm.allCases.count == form.rawValue {
            var changed = false
            var arguments = testCase.arguments
            for (name, value) in arguments {
                guard let other = form(value) else { continue }
                arguments[name] = other
                changed = true
            }
            guard changed else { continue }
            compared += 1
            try Self.compare(
                message: testCase.message, locale: testCase.locale, arguments: arguments, timeZone: testCase.timeZone,
                into: &tally, zones: &zones)
        }
        #expect(compared > 1000)
        #expect(
            tally.differences.isEmpty,
            Comment(
                rawValue: "\(tally.differences.count) of \(compared) differ:\n"
                    + tally.differences.prefix(40).joined(separator: "\n")))
    }
}
