import LocaleData
import Testing

@Suite struct LocaleNegotiationTests {
    static let cases: [(preferred: [String], available: [String], expected: String?)] = [
        (["tr"], ["en", "tr"], "tr"),
        (["pt-BR"], ["pt", "en"], "pt"),
        (["pt_BR"], ["pt-br", "pt"], "pt-br"),
        (["zh-Hant-TW"], ["zh-hant", "zh"], "zh-hant"),
        // Not `zh`: CLDR's chain of zh-Hant-TW ends at zh-Hant, whose parent is root, since zh is Simplified
        // Chinese (truncation found zh before).
        (["zh-Hant-TW"], ["zh", "en"], nil),
        (["zh-TW"], ["zh-hans", "zh-hant"], "zh-hant"),
        (["de-CH-1996"], ["de"], "de"),
        // An earlier preference wins through truncation over an exact later one.
        (["fr-CA", "en"], ["fr", "en"], "fr"),
        (["es", "fr"], ["fr", "en"], "fr"),
        (["ja"], ["en"], nil),
        // A more specific available tag answers a shorter preference when it is that preference's likely
        // locale (pt is pt-Latn-BR) or falls back to it (pt-pt to pt); truncation never did.
        (["pt"], ["pt-br"], "pt-br"),
        (["pt"], ["pt-pt"], "pt-pt"),
        (["es-MX"], ["es", "es-419"], "es-419"),
        ([], ["en"], nil),
    ]

    @Test(arguments: cases.indices)
    func looksUpInPreferenceOrder(_ index: Int) throws {
        let testCase = Self.cases[index]
        let preferred = try testCase.preferred.map { try LocaleTag($0) }
        let available = try testCase.available.map { try LocaleTag($0) }
        let result = LocaleNegotiation.lookup(preferred: preferred, available: available)
        #expect(result?.normalized == testCase.expected, "preferred \(testCase.preferred) in \(testCase.available)")
    }
}
