/// CLDR plural rules for every CLDR locale, cardinal ("3 days") and ordinal ("3rd day"), generated from
/// CLDR's data by `scripts/generate/plural-rules.py` (`PluralRules+Generated.swift`).
///
/// A locale without rules of its own uses its nearest parent's (`zh-Hant-TW` → `zh`; `pt-PT` has its own),
/// and a locale CLDR does not know says `other` for every number.
///
///     PluralRules.category(for: MessageNumber(3), locale: try LocaleTag("ru"))               // .few
///     PluralRules.category(for: MessageNumber(3), locale: try LocaleTag("en"), ordinal: true) // .few ("3rd")
package enum PluralRules {
    /// The category of `number` in `locale`.
    /// - Parameters:
    ///   - number: the number to classify.
    ///   - locale: the locale whose rules apply.
    ///   - ordinal: whether to use the ordinal rules ("3rd") instead of the cardinal ones ("3 days"); `false` by
    ///     default.
    package static func category(for number: MessageNumber, locale: LocaleTag, ordinal: Bool = false) -> PluralCategory
    {
        category(for: PluralOperands(number), locale: locale, ordinal: ordinal)
    }

    package static func category(for operands: PluralOperands, locale: LocaleTag, ordinal: Bool = false)
        -> PluralCategory
    {
        rule(for: locale, ordinal: ordinal)(operands)
    }

    /// The rule function for `locale`, found through its parents; NaN and the infinities are `other`.
    package static func rule(for locale: LocaleTag, ordinal: Bool = false)
        -> @Sendable (PluralOperands) -> PluralCategory
    {
        let table = ordinal ? ordinalRules : cardinalRules
        // Truncate the normalised tag in place: cheaper than building parent tags on a formatting hot path.
        var candidate = Substring(locale.normalized)
        while true {
            if let rule = table[String(candidate)] { return { $0.isFinite ? rule($0) : .other } }
            guard let dash = candidate.lastIndex(of: "-") else { return { _ in .other } }
            candidate = candidate[..<dash]
            if let dash = candidate.lastIndex(of: "-"), candidate.distance(from: dash, to: candidate.endIndex) == 2 {
                candidate = candidate[..<dash]
            }
        }
    }

    /// Whether CLDR has rules for `locale` or a parent of it.
    /// - Parameters:
    ///   - locale: the locale to look up.
    ///   - ordinal: whether to ask about the ordinal rules instead of the cardinal ones; `false` by default.
    package static func hasRules(for locale: LocaleTag, ordinal: Bool = false) -> Bool {
        let table = ordinal ? ordinalRules : cardinalRules
        // Plural rules are a language's: truncation, as `rule(for:)` walks, not CLDR's chain (`zh-TW` → `zh-Hant`).
        return table[locale.normalized] != nil || locale.parents.contains { table[$0.normalized] != nil }
    }

    /// The categories `locale` uses, in CLDR order.
    /// - Parameters:
    ///   - locale: the locale to look up.
    ///   - ordinal: whether to list the ordinal categories instead of the cardinal ones; `false` by default.
    package static func categories(for locale: LocaleTag, ordinal: Bool = false) -> [PluralCategory] {
        let rule = rule(for: locale, ordinal: ordinal)
        var seen: Set<PluralCategory> = [.other]
        // Every category shows up for some number among these (CLDR's samples all fall in this set's span).
        for sample in [
            "0", "1", "2", "3", "4", "5", "6", "7", "8", "11", "12", "13", "20", "21", "22", "100", "101",
            "102", "1000000", "0.1", "1.1", "0.5", "2.5", "1c6",
        ] {
            if let operands = PluralOperands(sample: sample) { seen.insert(rule(operands)) }
        }
        return PluralCategory.allCases.filter(seen.contains)
    }
}
