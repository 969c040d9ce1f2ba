import WidgetI18nSupport

/// Relative times ("in 3 days", "yesterday", "3 min. ago") as ICU4C 77.1's `RelativeDateTimeFormatter` formats
/// them when made with a locale, no number format of its own, a style and no capitalization: the words and patterns
/// of CLDR 47 (`RelativeListData`), the number in the locale's own decimal format (`NumberFormats`: its numbering
/// system and symbols, `۳` in Persian), and the plural category of the number as formatted.
package enum RelativeTimeFormat {
    /// `value` `unit`s from now in `locale`, as ICU's `RelativeDateTimeFormatter` formats it (`format` for `.auto`,
    /// `formatNumeric` for `.always`).
    ///
    /// - `.auto` uses CLDR's word for the offset where the locale has one ("yesterday", "next week", "dün", "now")
    ///   and is otherwise numeric. ICU rounds `value` to hundredths, halves away from zero, and takes the word of
    ///   -2, -1, 0, 1 or 2 when it lands exactly there: 0.996 days is "tomorrow", 0.994 "in 0.994 days", -0.0
    ///   "today". A second has a word for 0 only ("now"); every other unit has those CLDR has (most locales: the
    ///   hour and the minute only for 0, "this hour").
    /// - `.always` is numeric: the future pattern unless the sign bit is set (so -0.0 is "0 days ago"), the
    ///   number's magnitude in the locale's decimal format (at most its pattern's fraction digits, three in most
    ///   locales, rounded half to even, grouped from the first group on as ICU's `DecimalFormat` groups), and the
    ///   pattern of the plural category of that rounded number (`1.0004` is "1 day"), else of `other`.
    package static func format(
        _ value: Double, unit: RelativeTimeUnit, length: FormatLength, numeric: RelativeTimeNumeric, locale: LocaleTag
    ) -> String {
        if numeric == .auto, let offset = wordOffset(value, unit: unit) {
            // A word is looked up once per locale, unit, length and offset ("" where the locale has none), kept
            // by the tag and a number for the other three.
            let code = Int(unitLetter(unit).utf8.first ?? 0) * 64 + lengthCode(length) * 8 + offset + 2
            let word = kept(in: words, locale, code) {
                RelativeListData.values(.relative, for: locale)[unitLetter(unit) + styleLetter(length) + String(offset)]
                    ?? ""
            }
            if !word.isEmpty { return word }
        }
        return numericTime(value, prefix: unitLetter(unit) + styleLetter(length), locale: locale)
    }

    /// `.auto`'s words by tag, then by unit, length and offset.
    private static let words = Locked<[String: [Int: String]]>([:])
    /// The numeric patterns by tag, then by their key's bytes (four ASCII letters, so the number is the key's).
    private static let patterns = Locked<[String: [Int: String]]>([:])

    /// The text kept in `table` for `locale` and `code`, else `make()`'s, kept (a table starts over at 256 tags).
    private static func kept(
        in table: borrowing Locked<[String: [Int: String]]>, _ locale: LocaleTag, _ code: Int, make: () -> String
    ) -> String {
        if let kept = table.withLock({ $0[locale.normalized]?[code] }) { return kept }
        let made = make()
        table.withLock {
            if $0.count >= 256 { $0.removeAll(keepingCapacity: true) }
            $0[locale.normalized, default: [:]][code] = made
        }
        return made
    }

    private static func lengthCode(_ length: FormatLength) -> Int {
        switch length {
        case .long: 0
        case .short: 1
        case .narrow: 2
        }
    }

    /// The offset, -2 to 2, whose word `.auto` uses for `value`, or `nil` where it is numeric.
    static func wordOffset(_ value: Double, unit: RelativeTimeUnit) -> Int? {
        guard value > -2.1, value < 2.1 else { return nil }
        let hundredths = value * 100
        // Half away from zero, then truncation toward zero: what a C cast to an integer does.
        let rounded = (hundredths < 0 ? hundredths - 0.5 : hundredths + 0.5).rounded(.towardZero)
        let offset: Int
        switch rounded {
        case -200: offset = -2
        case -100: offset = -1
        case 0: offset = 0
        case 100: offset = 1
        case 200: offset = 2
        default: return nil
        }
        return unit == .second && offset != 0 ? nil : offset
    }

    private static func numericTime(_ value: Double, prefix: String, locale: LocaleTag) -> String {
        // The number format of the locale ICU opens (`sh` is `sr-Latn`'s: `1,5`, not root's `1.5`).
        let formats = LocaleProfile.profile(for: CLDRData.dataTag(for: locale)).numberFormats
        let number: String
        let category: PluralCategory
        if value.isNaN {
            number = formats.numbers["sym.nan"] ?? "NaN"
            category = .other
        } else if value.isInfinite {
            number = formats.numbers["sym.infinity"] ?? "∞"
            category = .other
        } else if value.magnitude < 1000, value == value.rounded(), formats.usesASCIIDigits,
            formats.decimalPattern.prefix.isEmpty, formats.decimalPattern.suffix.isEmpty,
            formats.decimalPattern.minimumIntegerDigits == 1, !(1...2).contains(formats.decimalPattern.primaryGrouping)
        {
            // The commonest case, a whole number below a thousand in ASCII digits: its digits as they are, the
            // category of the whole number; what the decimal format prints for it, with no text in between.
            let whole = Int(value.magnitude)
            number = String(whole)
            category = formats.plural(PluralOperands(MessageNumber(whole)))
        } else {
            // The category is the formatted number's: rounded as the pattern rounds it (1.0004 → 1, one).
            let pattern = formats.decimalPattern
            var rounded = DecimalText(MessageNumber(value.magnitude).text)
            rounded.apply(.fraction(minimum: pattern.minimumFractionDigits, maximum: pattern.maximumFractionDigits))
            category = formats.category(of: rounded)
            number = formats.format(
                MessageNumber(rounded.text) ?? MessageNumber(0), .decimal, usesPatternPrecision: true)
        }
        let key = prefix + (value.sign == .minus ? "p" : "f") + categoryLetter(category)
        // A pattern is looked up once per locale and key (the chain's records are scanned for it).
        let code = key.utf8.reduce(0) { $0 &* 131 &+ Int($1) }
        let pattern = kept(in: patterns, locale, code) {
            let values = RelativeListData.values(.relative, for: locale)
            return values[key] ?? values[String(key.dropLast()) + "x"] ?? "{0}"
        }
        return pattern.replacingPlaceholder(0, with: number)
    }

    // MARK: The keys of `RelativeListData.Section.relative`

    private static func unitLetter(_ unit: RelativeTimeUnit) -> String {
        switch unit {
        case .second: "s"
        case .minute: "m"
        case .hour: "h"
        case .day: "d"
        case .week: "w"
        case .month: "M"
        case .quarter: "q"
        case .year: "y"
        }
    }

    static func styleLetter(_ length: FormatLength) -> String {
        switch length {
        case .long: "l"
        case .short: "s"
        case .narrow: "n"
        }
    }

    private static func categoryLetter(_ category: PluralCategory) -> String {
        switch category {
        case .zero: "z"
        case .one: "o"
        case .two: "t"
        case .few: "f"
        case .many: "m"
        case .other: "x"
        }
    }
}
