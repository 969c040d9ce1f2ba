import I18nCore
import LocaleData
import Testing

@testable import StringCatalog

/// Which ICU cases become which catalog variants, language by language.
@Suite struct PluralVariantsTests {
    private func variants(_ message: String, _ locale: String) throws -> [String: String] {
        guard case .plural(let plural) = try MessageParser.parse(message).first else {
            Issue.record("not a plural: \(message)")
            return [:]
        }
        let chosen = try PluralVariants(plural, locale: tag(locale))
        return Dictionary(
            uniqueKeysWithValues: chosen.variants.map { ($0.category.rawValue, MessageElement.source(of: $0.message)) })
    }

    private func refusal(_ message: String, _ locale: String) throws -> String? {
        guard case .plural(let plural) = try MessageParser.parse(message).first else { return nil }
        do {
            _ = try PluralVariants(plural, locale: tag(locale))
            return nil
        } catch { return error.reason }
    }

    /// `=0` is `zero` wherever that variant answers 0 alone: without a CLDR zero (en, ru, ja, fr) and where
    /// CLDR's zero is 0 alone (ar).
    @Test(arguments: ["en", "ru", "ja", "fr", "pl", "de", "tr", "ar", "cy"])
    func exactZeroIsZero(_ locale: String) throws {
        #expect(try variants("{n, plural, =0 {none} other {# items}}", locale) == ["zero": "none", "other": "# items"])
    }

    /// Latvian's zero variant also answers 10–20, 30, …: `=0` has nothing to become.
    @Test func exactZeroHasNoFormInLatvian() throws {
        #expect(
            try refusal("{n, plural, =0 {nav} one {# diena} other {# dienas}}", "lv")
                == "=0 has no String Catalog form in lv: its zero variant also answers 10, 11, 12, …, as CLDR's zero "
                + "category does")
        #expect(
            try variants("{n, plural, zero {# dienu} one {# diena} other {# dienas}}", "lv")
                == ["zero": "# dienu", "one": "# diena", "other": "# dienas"])
    }

    /// `=1` is `one` where `one` is 1 alone (en, de, pl, ar, tr; fr once `=0` takes 0); not in ru (21, 31, …) or
    /// ja (no one).
    @Test func exactOneIsOneWhereOneIsOneAlone() throws {
        for locale in ["en", "de", "pl", "ar", "tr"] {
            #expect(try variants("{n, plural, =1 {a single} other {#}}", locale) == ["one": "a single", "other": "#"])
        }
        #expect(
            try variants("{n, plural, =0 {aucun} =1 {un seul} other {#}}", "fr")
                == ["zero": "aucun", "one": "un seul", "other": "#"])
        #expect(
            try refusal("{n, plural, =1 {un seul} other {#}}", "fr")
                == "=1 has no String Catalog form in fr: no plural category of fr holds 1 alone, and catalogs have no "
                + "exact cases")
        #expect(try refusal("{n, plural, =1 {один} other {#}}", "ru") != nil)
        #expect(try refusal("{n, plural, =1 {一つ} other {#}}", "ja") != nil)
        #expect(try refusal("{n, plural, =2 {two} other {#}}", "en") != nil)
    }

    /// `=2` is `two` where CLDR's `two` holds 2 alone, as the guide says: Arabic, Welsh and Hebrew.
    @Test(arguments: ["ar", "cy", "he"])
    func exactTwoIsTwo(_ locale: String) throws {
        #expect(try variants("{n, plural, =2 {a pair} other {#}}", locale) == ["two": "a pair", "other": "#"])
    }

    /// An exact case wins over the category it matches, as in ICU; a category the locale lacks is never picked.
    @Test func exactCasesWinAndUnusedCategoriesGo() throws {
        let message = "{n, plural, =1 {exactly one} one {# one} few {# few} other {# other}}"
        let first = try #require(try MessageParser.parse(message).first)
        guard case .plural(let plural) = first else {
            Issue.record("\(message) parsed as \(first), not a plural")
            return
        }
        let chosen = try PluralVariants(plural, locale: tag("en"))
        #expect(chosen.variants.map(\.category) == [.one, .other])
        #expect(chosen.unused == ["'one' (an exact case answers the same numbers)", "'few' (en never selects it)"])
        #expect(
            try variants("{n, plural, zero {zero} one {# one} other {# other}}", "en") == [
                "one": "# one", "other": "# other",
            ])
    }

    /// Back from a catalog: `zero` is the category where the language has it, `=0` elsewhere.
    @Test func variantNamesBack() {
        #expect(PluralVariants.selector(forVariant: "zero", locale: tag("ar")) == .category(.zero))
        #expect(PluralVariants.selector(forVariant: "zero", locale: tag("en")) == .exact(MessageNumber(0)))
        #expect(PluralVariants.selector(forVariant: "one", locale: tag("ru")) == .category(.one))
        #expect(PluralVariants.selector(forVariant: "=0", locale: tag("en")) == nil)
    }
}
