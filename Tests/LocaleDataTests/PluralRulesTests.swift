import Foundation
import LocaleData
import Testing

/// CLDR publishes sample numbers with every rule (`@integer 0, 2~16, …`, `@decimal 0.0~1.5, 1c6, …`);
/// `scripts/generate/plural-rules.py` expands them into `Data/cldr-plural-samples.json`. Every sample of every
/// locale must land in its own category.
struct PluralSamples: Decodable {
    let cldrVersion: String
    let cardinal: [String: [String: [String]]]
    let ordinal: [String: [String: [String]]]
}

private let samples: PluralSamples = try! testData.load("cldr-plural-samples.json")

@Suite struct PluralRulesTests {
    @Test func theSamplesAreFromTheGeneratedRelease() {
        #expect(samples.cldrVersion == CLDRData.release)
        #expect(samples.cardinal.count > 200)
        #expect(samples.ordinal.count > 100)
    }

    @Test(arguments: samples.cardinal.keys.sorted())
    func cardinalSamples(_ locale: String) throws {
        try check(locale, samples.cardinal[locale]!, ordinal: false)
    }

    @Test(arguments: samples.ordinal.keys.sorted())
    func ordinalSamples(_ locale: String) throws {
        try check(locale, samples.ordinal[locale]!, ordinal: true)
    }

    private func check(_ locale: String, _ categories: [String: [String]], ordinal: Bool) throws {
        let tag = try #require(LocaleTag(parsing: locale == "root" ? "und" : locale))
        #expect(PluralRules.hasRules(for: tag, ordinal: ordinal) || locale == "root")
        for (category, numbers) in categories {
            for number in numbers {
                let operands = try #require(PluralOperands(sample: number), "\(number)")
                #expect(
                    PluralRules.category(for: operands, locale: tag, ordinal: ordinal).rawValue == category,
                    "\(locale) \(ordinal ? "ordinal" : "cardinal") \(number)")
            }
        }
    }

    @Test func oneAndOnePointZeroDiffer() {
        #expect(PluralRules.category(for: MessageNumber("1")!, locale: .english) == .one)
        #expect(PluralRules.category(for: MessageNumber("1.0")!, locale: .english) == .other)
        #expect(PluralRules.category(for: MessageNumber("1.0")!, locale: LocaleTag(parsing: "fr")!) == .one)
    }

    @Test func localesFallBackThroughParents() {
        let zh = LocaleTag(parsing: "zh-Hant-TW")!
        #expect(PluralRules.categories(for: zh) == [.other])
        // pt-PT has rules of its own: 0 is "other" there, "one" in pt.
        #expect(PluralRules.category(for: MessageNumber(0), locale: LocaleTag(parsing: "pt-PT")!) == .other)
        #expect(PluralRules.category(for: MessageNumber(0), locale: LocaleTag(parsing: "pt-BR")!) == .one)
        #expect(PluralRules.category(for: MessageNumber(5), locale: LocaleTag(parsing: "ru-RU")!) == .many)
        #expect(PluralRules.category(for: MessageNumber(2), locale: LocaleTag(parsing: "xx")!) == .other)
    }

    @Test(arguments: [
        ("ar", [PluralCategory.zero, .one, .two, .few, .many, .other]), ("ru", [.one, .few, .many, .other]),
        ("pl", [.one, .few, .many, .other]), ("ja", [.other]), ("cy", [.zero, .one, .two, .few, .many, .other]),
        ("fr", [.one, .many, .other]), ("en", [.one, .other]),
    ])
    func knowsEachLanguagesCategories(_ locale: String, _ expected: [PluralCategory]) {
        #expect(PluralRules.categories(for: LocaleTag(parsing: locale)!) == expected)
    }

    /// Found by the `convert-mf2` fuzz target: `nan`'s letters were read as digits (Persian `one`, where MF2 read it
    /// as 0). ICU4C 77.1 selects `other` for ±infinity in every locale (checked through PyICU) and fails on NaN.
    @Test func nanAndTheInfinitiesAreOtherEverywhere() {
        for value in [Double.nan, .infinity, -.infinity] {
            for locale in ["fa", "en", "ru", "ar", "fr"] {
                let category = PluralRules.category(for: MessageNumber(value), locale: LocaleTag(parsing: locale)!)
                #expect(category == .other, "\(value) in \(locale)")
            }
        }
        #expect(PluralRules.category(for: MessageNumber(0), locale: LocaleTag(parsing: "fa")!) == .one)
    }

    @Test func hugeNumbersKeepTheirLast18Digits() {
        // As ICU4C 77.1 selects (checked through PyICU with the number parsed as a decimal): `i` is the lowest 18
        // digits, so 10^20 + 1 is `one` in English and Russian, 10^20 + 11 `many` in Russian, 10^18 `one` in French.
        let huge = MessageNumber("100000000000000000001")!
        #expect(PluralRules.category(for: huge, locale: LocaleTag(parsing: "ru")!) == .one)
        #expect(PluralRules.category(for: huge, locale: .english) == .one)
        #expect(
            PluralRules.category(for: MessageNumber("100000000000000000011")!, locale: LocaleTag(parsing: "ru")!)
                == .many)
        #expect(PluralRules.category(for: MessageNumber("1000000000000000000")!, locale: .english) == .other)
        let french = LocaleTag(parsing: "fr")!
        #expect(PluralRules.category(for: MessageNumber("1000000000000000000")!, locale: french) == .one)
        #expect(PluralRules.category(for: MessageNumber("-1")!, locale: .english) == .one)
    }
}
