import I18nCore
import LocaleData
@_spi(WidgetI18nSupport) import WidgetI18nSupport

/// Which variation of a String Catalog plural answers which ICU plural case, in one locale.
///
/// A catalog's `variations.plural` has a variant per category: `zero`, `one`, `two`, `few`, `many`, `other`.
/// Apple's runtime picks the CLDR category of the number in the localization's language, with one exception:
/// a `zero` variant, when present, answers the number 0 whatever CLDR says, in every language, and still
/// answers the numbers CLDR puts in `zero` where the language has that category (Latvian's 10–20, 30, …).
/// Sources: Apple's "Localizing strings that contain plurals" (English "only requires the one and other
/// categories …, and zero is optional": its example's `zero` is "No homes found"), the Foundation release notes
/// for OS X 10.9 ("If 'zero' is present, the value is used for mapping the argument value zero regardless of
/// what CLDR rule specifies"), and Stack Overflow answer 61426762, which verified that Latvian's `zero` also
/// answers 10 to 20.
///
/// ICU MessageFormat has exact cases besides: `=0` and `=1` match one number and win over the categories. So:
///
/// - `=0` becomes `zero` where that variant would answer 0 alone: in every language without a CLDR `zero`
///   category (English, Russian, Japanese, …) and where CLDR's `zero` is 0 alone (Arabic, Welsh). Where CLDR's
///   `zero` holds other numbers too (Latvian, Prussian) there is nothing to write it as: an error for that
///   localization.
/// - An exact case `=N` otherwise becomes the category that holds N alone among whole numbers, once 0 has gone
///   to `zero`: `=1` is `one` in English, German, Polish, Arabic or Turkish (and in French when `=0` is there too,
///   since French `one` is 0 and 1); in Russian, whose `one` is also 21, 31, …, and in Japanese, which has no
///   `one`, it is an error.
/// - A category case the locale does not have (`few` in an English message) is never picked by ICU either, and
///   is left out with a warning; one a matching exact case overrides (`one` beside `=1` in English) is left out.
///
/// Going back, `zero` becomes the `zero` category where the language has one and `=0` elsewhere, and the other
/// variants their categories: an exported `=1` comes back as `one`, and Arabic's `=0` as `zero`.
struct PluralVariants {
    /// The variants to write, by category, each with the ICU case's message.
    let variants: [(category: PluralCategory, message: [MessageElement])]
    /// Cases left out because the locale never picks them: warnings.
    let unused: [String]

    /// The ICU case that cannot be written, and why.
    struct Inexpressible: Error {
        let reason: String
    }

    /// The variants that give `plural`'s cases in `locale`.
    /// - Parameters:
    ///   - plural: a cardinal plural without an offset.
    ///   - locale: the localization's locale.
    /// - Throws: `Inexpressible` for an exact case no variant answers alone.
    init(_ plural: PluralElement, locale: LocaleTag) throws(Inexpressible) {
        let sets = PluralIntegers.sets(for: locale)
        let categories = PluralRules.categories(for: locale)
        var chosen: [PluralCategory: [MessageElement]] = [:]
        var unused: [String] = []
        let exact = plural.cases.compactMap { pluralCase -> (number: MessageNumber, message: [MessageElement])? in
            if case .exact(let number) = pluralCase.selector { return (number, pluralCase.message) }
            return nil
        }
        let keywords = plural.cases.compactMap { pluralCase -> (category: PluralCategory, message: [MessageElement])? in
            if case .category(let category) = pluralCase.selector { return (category, pluralCase.message) }
            return nil
        }
        let cldrZero = sets[.zero] ?? []
        if let zero = exact.first(where: { $0.number.value == 0 }) {
            guard cldrZero.isSubset(of: [0]) else {
                throw Inexpressible(
                    reason: "=0 has no String Catalog form in \(locale.displayForm): its zero variant also answers "
                        + Self.sample(cldrZero.subtracting([0])) + ", as CLDR's zero category does")
            }
            chosen[.zero] = zero.message
        }
        let zeroIsPresent =
            chosen[.zero] != nil || (categories.contains(.zero) && keywords.contains { $0.category == .zero })
        for (number, message) in exact where number.value != 0 {
            let whole = Int(exactly: number.value)
            let target = categories.first { category in
                guard category != .zero, category != .other, let whole else { return false }
                let members = zeroIsPresent ? (sets[category] ?? []).subtracting([0]) : (sets[category] ?? [])
                return members == [whole]
            }
            guard let target else {
                throw Inexpressible(
                    reason: "=\(number) has no String Catalog form in \(locale.displayForm): no plural category of "
                        + "\(locale.displayForm) holds \(number) alone, and catalogs have no exact cases")
            }
            chosen[target] = message
        }
        for (category, message) in keywords {
            guard categories.contains(category) else {
                unused.append("'\(category)' (\(locale.displayForm) never selects it)")
                continue
            }
            if chosen[category] == nil {
                chosen[category] = message
            } else {
                unused.append("'\(category)' (an exact case answers the same numbers)")
            }
        }
        variants = PluralCategory.allCases.compactMap { category in chosen[category].map { (category, $0) } }
        self.unused = unused
    }

    /// The ICU selector a catalog's variant `name` stands for in `locale`, or `nil` for a name that is no
    /// plural category.
    static func selector(forVariant name: String, locale: LocaleTag) -> PluralElement.Selector? {
        guard let category = PluralCategory(rawValue: name) else { return nil }
        if category == .zero, !PluralRules.categories(for: locale).contains(.zero) { return .exact(MessageNumber(0)) }
        return .category(category)
    }

    /// A few members of `numbers`, in order: "10, 11, 12, …".
    private static func sample(_ numbers: Set<Int>) -> String {
        let sorted = numbers.sorted()
        return sorted.prefix(3).map(String.init).joined(separator: ", ") + (sorted.count > 3 ? ", …" : "")
    }
}

/// The whole numbers each plural category of a locale holds, among 0 to 1,000 and a few larger ones: enough to
/// tell whether a category holds one number alone.
enum PluralIntegers {
    /// The sets already worked out, by normalised locale: an export asks once per plural and localization.
    private static let known = BoundedCache<[PluralCategory: Set<Int>]>(capacity: 256)

    static func sets(for locale: LocaleTag) -> [PluralCategory: Set<Int>] {
        if let sets = known.value(forKey: locale.normalized) { return sets }
        var sets: [PluralCategory: Set<Int>] = [:]
        for number in Array(0...1000) + [10_000, 100_000, 1_000_000, 10_000_000] {
            sets[PluralRules.category(for: MessageNumber(number), locale: locale), default: []].insert(number)
        }
        known.insert(sets, forKey: locale.normalized)
        return sets
    }
}
