import Foundation
import TestSupport
import Testing

@testable import LocaleData

/// Relative times against ICU4C 77.1: `relative-time-corpus.jsonl` (from `scripts/generate/relative-lists-corpus.py`)
/// holds what ICU's `RelativeDateTimeFormatter` printed for every unit, style and `numeric` option in 48 locales at
/// 20 values, and every one must come out exactly; the cases below are a reader's examples of the same rules.
@Suite struct RelativeTimeFormatTests {
    struct Line: Sendable {
        let line: Int
        let locale: String
        let unit: RelativeTimeUnit
        let style: FormatLength
        let numeric: RelativeTimeNumeric
        let expected: [String]
        /// Indexes of values where WidgetI18n deliberately differs from ICU, with the reason.
        let differences: [Int: String]
    }

    struct Corpus: Sendable {
        let values: [String]
        let lines: [Line]
    }

    static let corpus: Corpus = {
        guard let data = try? testData.bytes("relative-time-corpus.jsonl") else { return Corpus(values: [], lines: []) }
        var values: [String] = []
        var lines: [Line] = []
        for (offset, text) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                continue
            }
            if let header = object["values"] as? [String] {
                values = header
                continue
            }
            var differences: [Int: String] = [:]
            for (index, value) in object["differences"] as? [String: [String: String]] ?? [:] {
                differences[Int(index) ?? -1] = value["reason"] ?? ""
            }
            guard let locale = object["locale"] as? String,
                let unit = (object["unit"] as? String).flatMap(RelativeTimeUnit.init(rawValue:)),
                let style = (object["style"] as? String).flatMap(FormatLength.init(rawValue:)),
                let numeric = (object["numeric"] as? String).flatMap(RelativeTimeNumeric.init(rawValue:)),
                let expected = object["expected"] as? [String]
            else { continue }
            lines.append(
                Line(
                    line: offset + 1, locale: locale, unit: unit, style: style, numeric: numeric, expected: expected,
                    differences: differences))
        }
        return Corpus(values: values, lines: lines)
    }()

    @Test func theCorpusCoversTheIssue() {
        let lines = Self.corpus.lines
        let locales = Set(lines.map(\.locale))
        #expect(locales.count >= 30)
        for locale in [
            "en", "en-GB", "tr", "de", "fr", "es", "es-MX", "it", "pt", "pt-PT", "ru", "uk", "pl", "cs", "ar", "he",
            "fa", "hi", "bn", "ja", "zh", "zh-Hant", "ko", "th", "vi", "id", "nl", "sv", "fi", "el", "ro", "hu",
            "sr-Latn", "sw", "ur", "my",
        ] {
            #expect(locales.contains(locale), "\(locale)")
            for unit in RelativeTimeUnit.allCases {
                for style in FormatLength.allCases {
                    for numeric in RelativeTimeNumeric.allCases {
                        #expect(
                            lines.contains {
                                $0.locale == locale && $0.unit == unit && $0.style == style && $0.numeric == numeric
                            }, "\(locale) \(unit) \(style) \(numeric)")
                    }
                }
            }
        }
        for value in ["-2", "-1", "-0.0", "0", "1", "2", "5", "1.5", "-3.25", "21", "100", "1234.5"] {
            #expect(Self.corpus.values.contains(value), "\(value)")
        }
        #expect(Self.corpus.values.allSatisfy { Double($0) != nil })
        #expect(lines.allSatisfy { $0.expected.count == Self.corpus.values.count })
    }

    @Test func everyCaseFormatsExactlyAsICU() throws {
        expectEveryCaseAsICU(try Self.failures(), atLeast: 30 * 8 * 3 * 2 * 12)
    }

    /// The same cases with the locale data of the corpus's locales only (every family), as a widget that ships
    /// those locales formats them.
    @Test func everyCaseFormatsExactlyAsICUOnASliceOfItsLocales() async {
        await #expect(processExitsWith: .success) {
            exitCheckingOnASlice(of: Self.corpus.lines.map(\.locale), Self.failures)
        }
    }

    /// Each case that does not come out as ICU printed it, and how many were checked.
    static func failures() throws -> CorpusFailures {
        var failures: [String] = []
        var count = 0
        let values = Self.corpus.values.map { Double($0)! }
        for line in Self.corpus.lines {
            let locale = try LocaleTag(line.locale)
            for (index, value) in values.enumerated() {
                count += 1
                let output = RelativeTimeFormat.format(
                    value, unit: line.unit, length: line.style, numeric: line.numeric, locale: locale)
                if output != line.expected[index] {
                    let reason = line.differences[index].map { " (differs on purpose: \($0))" } ?? ""
                    failures.append(
                        "line \(line.line) \(line.locale) \(line.unit) \(line.style) \(line.numeric) "
                            + "\(Self.corpus.values[index]): \(output.debugDescription) != "
                            + "\(line.expected[index].debugDescription)\(reason)")
                }
            }
        }
        return (failures, count)
    }

    @Test(arguments: [
        ("en", -1.0, RelativeTimeUnit.day, FormatLength.long, RelativeTimeNumeric.auto, "yesterday"),
        ("en", -1.0, .day, .long, .always, "1 day ago"),
        ("en", 1.0, .week, .long, .auto, "next week"),
        ("en", 0.0, .second, .long, .auto, "now"),
        ("en", 1.0, .second, .long, .auto, "in 1 second"),
        ("en", 0.0, .hour, .long, .auto, "this hour"),
        ("en", -1.0, .hour, .long, .auto, "1 hour ago"),
        ("en", 3.0, .month, .short, .always, "in 3 mo."),
        ("en", -2.25, .quarter, .long, .always, "2.25 quarters ago"),
        ("en", 1234.5, .year, .long, .always, "in 1,234.5 years"),
        ("tr", -1.0, .day, .long, .auto, "dün"),
        ("tr", -2.0, .day, .long, .auto, "evvelsi gün"),
        ("tr", 3.0, .day, .long, .auto, "3 gün sonra"),
        ("de", 2.0, .day, .long, .auto, "übermorgen"),
        ("fa", 3.0, .day, .long, .auto, "۳ روز دیگر"),
        ("ar-u-nu-arab", 3.0, .day, .long, .auto, "خلال ٣ أيام"),
        ("pl", 1234.5, .hour, .long, .always, "za 1\u{A0}234,5 godziny"),
    ])
    func readableCases(
        _ tag: String, _ value: Double, _ unit: RelativeTimeUnit, _ length: FormatLength,
        _ numeric: RelativeTimeNumeric, _ expected: String
    ) throws {
        let output = RelativeTimeFormat.format(
            value, unit: unit, length: length, numeric: numeric, locale: try LocaleTag(tag))
        #expect(output == expected)
    }

    /// ICU rounds to hundredths before it looks for a word, and -0.0 is "now" to `auto` but past to `always`.
    @Test func wordsAreFoundAsICURoundsTheOffset() throws {
        let english = try LocaleTag("en")
        func auto(_ value: Double) -> String {
            RelativeTimeFormat.format(value, unit: .day, length: .long, numeric: .auto, locale: english)
        }
        func always(_ value: Double) -> String {
            RelativeTimeFormat.format(value, unit: .day, length: .long, numeric: .always, locale: english)
        }
        #expect(auto(0.995) == "tomorrow")
        #expect(auto(0.994) == "in 0.994 days")
        #expect(auto(-0.004) == "today")
        #expect(auto(-0.005) == "0.005 days ago")
        #expect(auto(-0.0) == "today")
        #expect(always(-0.0) == "0 days ago")
        #expect(always(0.0) == "in 0 days")
        #expect(always(1.0004) == "in 1 day")
        #expect(auto(.infinity) == "in ∞ days")
        #expect(auto(-.infinity) == "∞ days ago")
        #expect(auto(.nan) == "in NaN days")
    }

    /// A language whose ICU bundle is an alias formats with its target's data (`iw` is Hebrew, `sh` Serbian in Latin).
    @Test func bundleAliasesFormatWithTheirTargetsData() throws {
        #expect(RelativeListData.dataLocale(for: try LocaleTag("iw-IL")) == "he-il")
        #expect(RelativeListData.dataLocale(for: try LocaleTag("sh-BA")) == "sr-latn-ba")
        #expect(RelativeListData.dataLocale(for: try LocaleTag("zh-TW")) == "zh-hant-tw")
        let hebrew = RelativeTimeFormat.format(
            -1, unit: .day, length: .long, numeric: .auto, locale: try LocaleTag("iw"))
        #expect(hebrew == "אתמול")
    }
}
