import Foundation
import Testing

@testable import LocaleData

struct LocaleChainCase: Decodable, Sendable, CustomTestStringConvertible {
    let input: String
    let maximized: String
    let icuChain: [String]?
    var testDescription: String { input }
}

struct LocaleChainTable: Decodable {
    let cases: [LocaleChainCase]
    let bundles: Set<String>
}

private let chains: LocaleChainTable = try! testData.load("locale-chains.json")

/// Likely subtags and the fallback chain against ICU 77.1, from `Data/locale-chains.json`
/// (`scripts/generate/likely-subtags.py`).
@Suite struct LikelySubtagsTests {
    @Test(arguments: chains.cases)
    func maximizesAsICU(_ testCase: LocaleChainCase) throws {
        let tag = try LocaleTag(testCase.input)
        #expect(tag.maximized.displayForm == testCase.maximized)
    }

    /// ICU opens only the bundles it has; the chain also names the tags between them that it has none for
    /// (`zh-TW` before `zh-Hant-TW`), so it is compared with those left out.
    @Test(arguments: chains.cases.filter { $0.icuChain != nil })
    func fallsBackAsICUsResourceFallback(_ testCase: LocaleChainCase) throws {
        let chain = try LocaleTag(testCase.input).fallbackChain.map(\.normalized)
        #expect(chain.filter(chains.bundles.contains) == testCase.icuChain, "\(chain)")
    }

    /// The chains of the locales real apps ship (Chinese scripts, Portuguese, Serbian, Norwegian), as ICU 77.1
    /// walks them.
    @Test(arguments: [
        ("zh-TW", ["zh-tw", "zh-hant-tw", "zh-hant"]),
        ("zh-HK", ["zh-hk", "zh-hant-hk", "zh-hant"]),
        ("zh", ["zh"]),
        ("zh-Hant", ["zh-hant"]),
        ("pt", ["pt"]),
        ("pt-PT", ["pt-pt", "pt"]),
        ("pt-AO", ["pt-ao", "pt-pt", "pt"]),
        ("sr-ME", ["sr-me", "sr-latn-me", "sr-latn"]),
        ("es-MX", ["es-mx", "es-419", "es"]),
        ("en-AU", ["en-au", "en-001", "en"]),
        ("de-AT", ["de-at", "de"]),
        ("zh-MO", ["zh-mo", "zh-hant-mo", "zh-hant-hk", "zh-hant"]),
        ("de-CH-1996", ["de-ch-1996", "de-ch", "de"]),
        // ICU keeps zh-CN's data under zh-Hans-CN, and a Chinese of another region falls back to zh-Hans.
        ("zh-CN", ["zh-cn", "zh-hans-cn", "zh-hans", "zh"]),
        ("zh-DE", ["zh-de", "zh-hans", "zh"]),
        ("en-Latn-AU", ["en-latn-au", "en-au", "en-001", "en"]),
        ("hi-Latn", ["hi-latn", "en-in", "en-001", "en"]),
        ("az-Arab", ["az-arab"]),
    ])
    func walksCLDRsInheritance(_ input: String, _ expected: [String]) throws {
        #expect(try LocaleTag(input).fallbackChain.map(\.normalized) == expected)
    }

    /// Variants, extensions and private use go first, by truncation as before; then CLDR's chain of what is left.
    @Test(arguments: [
        ("en-US-u-ca-gregory", ["en-us-u-ca-gregory", "en-us-u-ca", "en-us", "en"]),
        ("en-AU-u-nu-latn", ["en-au-u-nu-latn", "en-au-u-nu", "en-au", "en-001", "en"]),
        ("zh-TW-x-widget", ["zh-tw-x-widget", "zh-tw", "zh-hant-tw", "zh-hant"]),
        ("ca-ES-valencia", ["ca-es-valencia", "ca-es", "ca"]),
        ("zh-yue-HK", ["zh-yue-hk", "zh-yue", "zh"]),
        ("qaa-TW", ["qaa-tw", "qaa"]),
    ])
    func truncatesWhatCLDRHasNoParentsFor(_ input: String, _ expected: [String]) throws {
        #expect(try LocaleTag(input).fallbackChain.map(\.normalized) == expected)
    }

    @Test(arguments: [
        ("zh-TW", "zh-Hant-TW"), ("pt", "pt-Latn-BR"), ("sr-ME", "sr-Latn-ME"), ("en", "en-Latn-US"),
        ("pt_BR", "pt-Latn-BR"), ("TR", "tr-Latn-TR"), ("de-CH-1996", "de-Latn-CH-1996"),
        ("en-x-widget", "en-Latn-US-x-widget"),
    ])
    func addsLikelySubtags(_ input: String, _ expected: String) throws {
        #expect(try LocaleTag(input).maximized.displayForm == expected)
    }

    /// Every table of the generated file is sorted by key with entries of its width, so the binary search finds
    /// each entry.
    @Test func everyTableIsSortedAndFindsEachEntry() {
        let tables: [(String, LikelySubtags.Table)] = [
            ("languages", LikelySubtags.languages), ("languageRegions", LikelySubtags.languageRegions),
            ("languageScripts", LikelySubtags.languageScripts), ("scripts", LikelySubtags.scripts),
            ("regions", LikelySubtags.regions), ("scriptRegions", LikelySubtags.scriptRegions),
            ("languageAliases", LikelySubtags.languageAliases), ("regionAliases", LikelySubtags.regionAliases),
            ("parents", LikelySubtags.parents), ("scriptLocales", LikelySubtags.scriptLocales),
        ]
        for (name, table) in tables {
            let width = table.keyWidth + table.valueWidth
            let bytes = Array(
                UnsafeBufferPointer(start: table.entries.utf8Start, count: table.entries.utf8CodeUnitCount))
            #expect(bytes.count % width == 0, "\(name)")
            var previous: [UInt8] = []
            for start in stride(from: 0, to: bytes.count, by: width) {
                let key = Array(bytes[start..<(start + table.keyWidth)])
                #expect(previous.lexicographicallyPrecedes(key), "\(name): \(String(decoding: key, as: UTF8.self))")
                previous = key
                let text = String(decoding: key, as: UTF8.self)
                #expect(table.value((text, table.keyWidth)) != nil, "\(name): '\(text)' is not found")
            }
        }
    }
}
