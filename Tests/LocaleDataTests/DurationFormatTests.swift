import Foundation
import TestSupport
import Testing

@testable import LocaleData

/// Durations against ICU4C 77.1's `MeasureFormat::formatMeasures` (CLDR 47): the corpus of
/// `scripts/generate/names-durations-corpus.py`, 40 locales × 49 field sets × the four styles, every case exact;
/// and a few cases spelled out.
@Suite struct DurationFormatTests {
    struct Line: Sendable {
        let line: Int
        let locale: String
        let fields: DurationFields
        let description: String
        let expected: [String: String]
        /// Styles where WidgetI18n deliberately differs from ICU, with the reason.
        let differences: [String: String]
    }

    static let corpus: [Line] = {
        guard let data = try? testData.bytes("duration-corpus.jsonl") else { return [] }
        var lines: [Line] = []
        for (offset, text) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let values = object["fields"] as? [String: NSNumber]
            else { continue }
            var fields = DurationFields()
            for (name, value) in values { fields[name] = value.doubleValue }
            let description = fields.present.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
            var differences: [String: String] = [:]
            for (style, value) in object["differences"] as? [String: [String: String]] ?? [:] {
                differences[style] = value["reason"] ?? ""
            }
            lines.append(
                Line(
                    line: offset + 1, locale: object["locale"] as! String, fields: fields, description: description,
                    expected: object["expected"] as! [String: String], differences: differences))
        }
        return lines
    }()

    @Test func theCorpusCoversTheIssue() {
        let lines = Self.corpus
        #expect(Set(lines.map(\.locale)).count >= 30)
        for locale in [
            "en", "en-GB", "tr", "de", "fr", "es", "es-419", "it", "pt", "pt-PT", "ru", "uk", "pl", "cs", "ar", "he",
            "fa", "hi", "bn", "ja", "zh", "zh-Hant", "ko", "th", "vi", "id", "nl", "sv", "fi", "el", "ro", "hu",
            "sr-Latn", "sw", "ur", "my",
        ] {
            #expect(lines.contains { $0.locale == locale }, "\(locale)")
        }
        let sets = Set(lines.map { $0.fields.present.map(\.name) })
        for set in [
            ["hours", "minutes"], ["hours", "minutes", "seconds"], ["minutes", "seconds"], ["days", "hours"],
            ["years", "months"], ["weeks", "days"], ["seconds"], DurationFields.names,
        ] {
            #expect(sets.contains(set), "\(set)")
        }
        #expect(lines.contains { $0.fields.hours == 1.5 })
        #expect(lines.allSatisfy { Set($0.expected.keys) == Set(DurationStyle.allCases.map(\.rawValue)) })
    }

    @Test func everyCaseFormatsExactlyAsICU() throws {
        expectEveryCaseAsICU(try Self.failures(), atLeast: 30 * 40 * 4)
    }

    /// The same cases with the locale data of the corpus's locales only (every family), as a widget that ships
    /// those locales formats them.
    @Test func everyCaseFormatsExactlyAsICUOnASliceOfItsLocales() async {
        await #expect(processExitsWith: .success) {
            exitCheckingOnASlice(of: Self.corpus.map(\.locale), Self.failures)
        }
    }

    /// Each case that does not come out as ICU printed it, and how many were checked.
    static func failures() throws -> CorpusFailures {
        var failures: [String] = []
        var count = 0
        for line in Self.corpus {
            let locale = try LocaleTag(line.locale)
            for style in DurationStyle.allCases {
                count += 1
                let output = DurationFormat.format(line.fields, style: style, locale: locale)
                let expected = line.expected[style.rawValue] ?? ""
                if output != expected {
                    let reason = line.differences[style.rawValue].map { " (differs from ICU on purpose: \($0))" } ?? ""
                    failures.append(
                        "line \(line.line) \(line.locale) [\(line.description)] \(style): "
                            + "\(output.debugDescription) != \(expected.debugDescription)\(reason)")
                }
            }
        }
        return (failures, count)
    }

    static func format(_ fields: DurationFields, _ style: DurationStyle, _ tag: String) -> String {
        DurationFormat.format(fields, style: style, locale: LocaleTag(parsing: tag)!)
    }

    @Test func fieldsAreSpelledOutAtEachLength() {
        let fields = DurationFields(hours: 1, minutes: 30)
        #expect(Self.format(fields, .long, "en") == "1 hour, 30 minutes")
        #expect(Self.format(fields, .short, "en") == "1 hr, 30 min")
        #expect(Self.format(fields, .narrow, "en") == "1h 30m")
        #expect(Self.format(fields, .long, "es") == "1 hora y 30 minutos")
        #expect(Self.format(DurationFields(hours: 0, minutes: 5), .long, "en") == "0 hours, 5 minutes")
    }

    /// Every field but the last is truncated, with its plural; the last keeps the pattern's fraction digits.
    @Test func onlyTheLastFieldKeepsItsFraction() {
        #expect(Self.format(DurationFields(hours: 1.5), .long, "en") == "1.5 hours")
        #expect(Self.format(DurationFields(hours: 1.5, minutes: 30), .long, "en") == "1 hour, 30 minutes")
        #expect(Self.format(DurationFields(hours: 2, minutes: 1.5), .short, "en") == "2 hr, 1.5 min")
    }

    /// `digital` is a clock for hours-minutes(-seconds) and minutes-seconds, in the locale's digits; any other set
    /// of fields is the narrow form.
    @Test func digitalIsAClockOrTheNarrowForm() {
        #expect(Self.format(DurationFields(hours: 1, minutes: 5), .digital, "en") == "1:05")
        #expect(Self.format(DurationFields(hours: 1, minutes: 2, seconds: 3.5), .digital, "en") == "1:02:03.5")
        #expect(Self.format(DurationFields(minutes: 5, seconds: 7), .digital, "en") == "5:07")
        #expect(Self.format(DurationFields(hours: 1, seconds: 3), .digital, "en") == "1:00:03")
        #expect(Self.format(DurationFields(hours: 1, minutes: 5), .digital, "fa") == "۱:۰۵")
        #expect(Self.format(DurationFields(days: 1, hours: 2), .digital, "en") == "1d 2h")
        #expect(Self.format(DurationFields(seconds: 5), .digital, "en") == "5s")
        #expect(Self.format(DurationFields(hours: -1, minutes: 30), .digital, "en") == "-1h 30m")
    }

    @Test func noFieldsIsEmpty() {
        #expect(Self.format(DurationFields(), .long, "en") == "")
    }
}
