import Foundation
import TestSupport
import Testing

@testable import LocaleData

/// Lists against ICU4C 77.1: `list-corpus.jsonl` (from `scripts/generate/relative-lists-corpus.py`) holds what ICU's
/// `ListFormatter` printed for every type and style in 48 locales, for 0 to 5 items and the words that trigger
/// Spanish's and Hebrew's contextual conjunctions, and every one must come out exactly.
@Suite struct ListFormatTests {
    struct Line: Sendable {
        let line: Int
        let locale: String
        let type: ListType
        let style: FormatLength
        let expected: [String]
        /// Indexes of item lists where WidgetI18n deliberately differs from ICU, with the reason.
        let differences: [Int: String]
    }

    struct Corpus: Sendable {
        let items: [[String]]
        let lines: [Line]
    }

    static let corpus: Corpus = {
        guard let data = try? testData.bytes("list-corpus.jsonl") else { return Corpus(items: [], lines: []) }
        var items: [[String]] = []
        var lines: [Line] = []
        for (offset, text) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                continue
            }
            if let header = object["items"] as? [[String]] {
                items = header
                continue
            }
            var differences: [Int: String] = [:]
            for (index, value) in object["differences"] as? [String: [String: String]] ?? [:] {
                differences[Int(index) ?? -1] = value["reason"] ?? ""
            }
            guard let locale = object["locale"] as? String,
                let type = (object["type"] as? String).flatMap(ListType.init(rawValue:)),
                let style = (object["style"] as? String).flatMap(FormatLength.init(rawValue:)),
                let expected = object["expected"] as? [String]
            else { continue }
            lines.append(
                Line(
                    line: offset + 1, locale: locale, type: type, style: style, expected: expected,
                    differences: differences))
        }
        return Corpus(items: items, lines: lines)
    }()

    @Test func theCorpusCoversTheIssue() {
        let lines = Self.corpus.lines
        let locales = Set(lines.map(\.locale))
        #expect(locales.count >= 30)
        for locale in ["en", "es", "es-MX", "he", "ar", "ja", "zh-Hant", "sr-Latn", "my"] {
            for type in ListType.allCases {
                for style in FormatLength.allCases {
                    #expect(
                        lines.contains { $0.locale == locale && $0.type == type && $0.style == style },
                        "\(locale) \(type) \(style)")
                }
            }
        }
        let items = Self.corpus.items
        #expect(Set(items.map(\.count)).isSuperset(of: 0...4))
        for word in ["iglesia", "hielo", "hierro", "Ignacio", "ocho", "hotel", "8", "11", "once", "uno", "John", "3"] {
            #expect(items.contains { $0.last == word }, "\(word)")
        }
        #expect(lines.allSatisfy { $0.expected.count == items.count })
    }

    @Test func everyCaseFormatsExactlyAsICU() throws {
        expectEveryCaseAsICU(try Self.failures(), atLeast: 30 * 3 * 3 * 20)
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
        for line in Self.corpus.lines {
            let locale = try LocaleTag(line.locale)
            for (index, items) in Self.corpus.items.enumerated() {
                count += 1
                let output = ListFormat.format(items, type: line.type, length: line.style, locale: locale)
                if output != line.expected[index] {
                    let reason = line.differences[index].map { " (differs on purpose: \($0))" } ?? ""
                    failures.append(
                        "line \(line.line) \(line.locale) \(line.type) \(line.style) \(items): "
                            + "\(output.debugDescription) != \(line.expected[index].debugDescription)\(reason)")
                }
            }
        }
        return (failures, count)
    }

    @Test(arguments: [
        ("en", [String](), ListType.conjunction, FormatLength.long, ""),
        ("en", ["tea"], .conjunction, .long, "tea"),
        ("en", ["tea", "coffee"], .conjunction, .long, "tea and coffee"),
        ("en", ["tea", "coffee", "milk"], .conjunction, .long, "tea, coffee, and milk"),
        ("en", ["tea", "coffee", "milk"], .conjunction, .short, "tea, coffee, & milk"),
        ("en", ["tea", "coffee", "milk"], .disjunction, .long, "tea, coffee, or milk"),
        ("en", ["3 ft", "7 in"], .unit, .narrow, "3 ft 7 in"),
        ("en-GB", ["tea", "coffee", "milk"], .conjunction, .long, "tea, coffee and milk"),
        ("de", ["Tee", "Kaffee", "Milch"], .conjunction, .long, "Tee, Kaffee und Milch"),
        ("es", ["agua", "hielo"], .conjunction, .long, "agua y hielo"),
        ("es", ["agua", "iglesia"], .conjunction, .long, "agua e iglesia"),
        ("es-MX", ["siete", "ocho"], .disjunction, .long, "siete u ocho"),
        ("es", ["10", "11"], .disjunction, .long, "10 u 11"),
        ("es", ["iglesia", "agua"], .conjunction, .long, "iglesia y agua"),
        ("he", ["אבא", "John"], .conjunction, .long, "אבא ו-John"),
        ("he", ["אבא", "דוד"], .conjunction, .long, "אבא ודוד"),
        ("iw", ["אבא", "3"], .conjunction, .long, "אבא ו-3"),
        ("ja", ["りんご", "みかん", "ぶどう"], .conjunction, .long, "りんご、みかん、ぶどう"),
    ])
    func readableCases(
        _ tag: String, _ items: [String], _ type: ListType, _ length: FormatLength, _ expected: String
    ) throws {
        #expect(ListFormat.format(items, type: type, length: length, locale: try LocaleTag(tag)) == expected)
    }

    /// Items are substituted once: braces in an item are text, not placeholders.
    @Test func itemsAreNotPatterns() throws {
        let english = try LocaleTag("en")
        #expect(ListFormat.format(["{1}", "{0}"], type: .conjunction, length: .long, locale: english) == "{1} and {0}")
    }
}

/// Long lists are joined in one pass: 300,000 items took 13–19 s when each pattern was substituted with the whole
/// list so far, a million past 300 s. The text is the same as the pattern-by-pattern join, in a language whose
/// patterns wrap the list on both sides.
@Suite struct LongListTests {
    @Test func aMillionItemsJoinAsFewDo() throws {
        let items = (0..<1_000_000).map { "i\($0)" }
        let english = ListFormat.format(items, type: .conjunction, length: .long, locale: try LocaleTag("en"))
        #expect(english.hasPrefix("i0, i1, i2, "))
        #expect(english.hasSuffix(", i999998, and i999999"))
        #expect(english.utf8.count == items.reduce(0) { $0 + $1.utf8.count } + 2 * 999_999 + 4)
    }

    /// The one-pass join agrees with substituting each pattern in turn, for every locale's patterns that put the
    /// item first, wrap the list, or carry text around it.
    @Test(arguments: ["en", "ja", "ar", "he", "es", "zh-Hant", "hi", "my", "km", "fa"])
    func theOnePassJoinIsThePatternByPatternOne(_ locale: String) throws {
        let tag = try LocaleTag(locale)
        for count in 3...7 {
            let items = (0..<count).map { "x\($0)" }
            for type in [ListType.conjunction, .disjunction, .unit] {
                for length in [FormatLength.long, .short, .narrow] {
                    let values = RelativeListData.values(.lists, for: tag)
                    let prefix =
                        (type == .conjunction ? "a" : type == .disjunction ? "o" : "u")
                        + RelativeTimeFormat.styleLetter(length)
                    func pattern(_ part: String) -> String { values[prefix + part] ?? "{0}, {1}" }
                    var expected = ListFormat.join(pattern("s"), items[0], items[1])
                    for item in items[2..<(count - 1)] { expected = ListFormat.join(pattern("m"), expected, item) }
                    let last = items[count - 1]
                    expected = ListFormat.join(
                        ListFormat.contextual(pattern("e"), before: last, language: tag.language), expected, last)
                    #expect(ListFormat.format(items, type: type, length: length, locale: tag) == expected)
                }
            }
        }
    }
}
