import Foundation
import TestSupport
import Testing

@testable import LocaleData

/// Display names against ICU4C 77.1's `LocaleDisplayNames` with dialect names (CLDR 47): the corpus of
/// `scripts/generate/names-durations-corpus.py` (tags, regions and scripts in 40 locales, and every ICU locale's
/// name for itself), long and short, every case exact, nil where ICU has no name; and a few cases spelled out.
@Suite struct DisplayNamesTests {
    struct Line: Sendable {
        let line: Int
        let locale: String
        let type: DisplayNameType
        let code: String
        let long: String?
        let short: String?
        /// Lengths where WidgetI18n deliberately differs from ICU, with the reason.
        let differences: [String: String]
    }

    static let corpus: [Line] = {
        guard let data = try? testData.bytes("display-name-corpus.jsonl") else { return [] }
        var lines: [Line] = []
        for (offset, text) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let type = (object["type"] as? String).flatMap(DisplayNameType.init(rawValue:))
            else { continue }
            var differences: [String: String] = [:]
            for (length, value) in object["differences"] as? [String: [String: String]] ?? [:] {
                differences[length] = value["reason"] ?? ""
            }
            lines.append(
                Line(
                    line: offset + 1, locale: object["locale"] as! String, type: type, code: object["code"] as! String,
                    long: object["long"] as? String, short: object["short"] as? String, differences: differences))
        }
        return lines
    }()

    @Test func theCorpusCoversTheIssue() {
        let lines = Self.corpus
        #expect(Set(lines.map(\.locale)).count >= 30)
        let tags = Set(lines.filter { $0.type == .language }.map(\.code))
        #expect(tags.count >= 40)
        for tag in ["en-GB", "zh-Hant-HK", "sr-Latn", "es-419", "hi-Latn", "ckb", "no", "und"] {
            #expect(tags.contains(tag), "\(tag)")
        }
        #expect(lines.contains { $0.type == .region } && lines.contains { $0.type == .script })
        // Every locale ICU has data for, named in itself.
        #expect(lines.filter { $0.type == .language && $0.code == $0.locale }.count >= 880)
    }

    @Test func everyCaseNamesExactlyAsICU() throws {
        expectEveryCaseAsICU(try Self.failures(), atLeast: 3 * 4000)
    }

    /// The same cases with the locale data of the corpus's locales only (every family), as a widget that ships
    /// those locales formats them.
    @Test func everyCaseNamesExactlyAsICUOnASliceOfItsLocales() async {
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
            for (length, expected) in [(FormatLength.long, line.long), (.short, line.short), (.narrow, line.short)] {
                count += 1
                let output = DisplayNames.name(of: line.code, type: line.type, length: length, in: locale)
                if output != expected {
                    let key = length == .long ? "long" : "short"
                    let reason = line.differences[key].map { " (differs from ICU on purpose: \($0))" } ?? ""
                    failures.append(
                        "line \(line.line) \(line.type) \(line.code) in \(line.locale), \(length): "
                            + "\(String(describing: output)) != \(String(describing: expected))\(reason)")
                }
            }
        }
        return (failures, count)
    }

    static func name(
        _ code: String, _ type: DisplayNameType = .language, _ length: FormatLength = .long, in tag: String
    ) -> String? {
        DisplayNames.name(of: code, type: type, length: length, in: LocaleTag(parsing: tag)!)
    }

    @Test func dialectsHaveTheirOwnNames() {
        #expect(Self.name("en-GB", in: "en") == "British English")
        #expect(Self.name("en-GB", .language, .short, in: "en") == "UK English")
        #expect(Self.name("en-CA", in: "en") == "Canadian English")
        #expect(Self.name("en-GB", in: "ja") == "イギリス英語")
        #expect(Self.name("zh-Hant", in: "zh-Hant") == "繁體中文")
    }

    /// Without a dialect name, the script and region follow in the locale's pattern; ICU 77 looks no dialect up
    /// but the whole tag when it has both.
    @Test func otherTagsAreTheLanguageWithTheirScriptAndRegion() {
        #expect(Self.name("zh-Hant-HK", in: "en") == "Chinese (Traditional, Hong Kong SAR China)")
        #expect(Self.name("zh-Hant-HK", .language, .short, in: "en") == "Chinese (Traditional, Hong Kong)")
        #expect(Self.name("sr-Latn", in: "en") == "Serbian (Latin)")
        #expect(Self.name("my-MM", in: "en") == "Burmese (Myanmar [Burma])")
        #expect(Self.name("zh-Hant-HK", in: "zh-Hant") == "中文（繁體，中國香港特別行政區）")
    }

    @Test func regionsAndScripts() {
        #expect(Self.name("GB", .region, in: "en") == "United Kingdom")
        #expect(Self.name("GB", .region, .short, in: "en") == "UK")
        #expect(Self.name("gb", .region, in: "de") == "Vereinigtes Königreich")
        #expect(Self.name("UK", .region, in: "en") == "United Kingdom")  // deprecated, replaced as ICU does
        #expect(Self.name("Hant", .script, in: "en") == "Traditional")
    }

    @Test func codesWithoutANameAreNil() {
        #expect(Self.name("qaa", in: "en") == nil)
        #expect(Self.name("und", in: "en") == nil)
        #expect(Self.name("en-XY", in: "en") == nil)
        #expect(Self.name("XY", .region, in: "en") == nil)
        #expect(Self.name("Abcd", .script, in: "en") == nil)
        #expect(Self.name("not a tag", in: "en") == nil)
    }
}
