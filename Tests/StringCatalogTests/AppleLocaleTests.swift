import LocaleData
import StringCatalog
import Testing

@Suite struct AppleLocaleTests {
    @Test(arguments: [
        ("pt-br", "pt-BR"), ("pt_BR", "pt-BR"), ("PT-br", "pt-BR"), ("zh-hant", "zh-Hant"), ("zh_Hant_TW", "zh-Hant"),
        ("zh-TW", "zh-Hant"), ("zh-CN", "zh-Hans"), ("zh", "zh-Hans"), ("zh-Hans-SG", "zh-Hans"), ("zh-HK", "zh-HK"),
        ("zh-Hant-HK", "zh-HK"), ("zh-MO", "zh-HK"), ("es-419", "es-419"), ("en-gb", "en-GB"), ("sr-latn", "sr-Latn"),
        ("iw", "he"), ("in", "id"), ("no", "nb"), ("de-u-ca-gregory", "de"), ("ja", "ja"),
    ])
    func codesAreXcodes(_ given: String, _ expected: String) {
        #expect(AppleLocale.code(for: LocaleTag(parsing: given)!) == expected)
    }
}
