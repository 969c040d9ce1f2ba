@_spi(WidgetI18nSupport) import WidgetI18nSupport

/// What formatting needs to know about a locale on every call, resolved once per process: its plural rules
/// and number formats. One dictionary lookup per message instead of one per plural and `#`.
package final class LocaleProfile: Sendable {
    package let cardinal: @Sendable (PluralOperands) -> PluralCategory
    package let ordinal: @Sendable (PluralOperands) -> PluralCategory
    package let numberFormats: NumberFormats

    private static let profiles = BoundedCache<LocaleProfile>(capacity: 256)

    /// Date data is read on the first date, and a skeleton's pattern is found once.
    private struct DateState {
        package var formats: DateFormats?
        package var generator: DateTimePatternGenerator?
        package var patterns: [String: String] = [:]
    }
    private let dateState = Locked(DateState())
    private let locale: LocaleTag

    private init(locale: LocaleTag) {
        self.locale = locale
        cardinal = PluralRules.rule(for: locale, ordinal: false)
        ordinal = PluralRules.rule(for: locale, ordinal: true)
        numberFormats = NumberFormats(locale: locale, plural: cardinal)
    }

    package static func profile(for locale: LocaleTag) -> LocaleProfile {
        profiles.value(forKey: locale.normalized) { LocaleProfile(locale: locale) }
    }

    /// The locale's date formats, read on first use.
    package var dateFormats: DateFormats {
        if let formats = dateState.withLock({ $0.formats }) { return formats }
        let formats = DateFormats(locale: locale, numbers: numberFormats)
        dateState.withLock { $0.formats = formats }
        return formats
    }

    /// The locale's pattern for a date skeleton (`yMMMd` → `MMM d, y`) in its calendar's table, found once per
    /// skeleton.
    package func datePattern(forSkeleton skeleton: String) -> String {
        if let pattern = dateState.withLock({ $0.patterns[skeleton] }) { return pattern }
        // A skeleton the locale's table spells exactly (`MMMEd`) is its pattern: what the generator would find at
        // distance zero, without building the generator (80-odd skeletons parsed, a fifth of a widget process).
        // The table is the one of the locale's calendar (the Buddhist one's for `th`).
        // Not with `-u-hc-`, which can change an hour letter of the table's pattern.
        let table = CalendarData.values(.patternGenerator, calendar: dateFormats.calendar, for: locale)
        let hourCycle = locale.unicodeExtension("hc")
        if let index = table.list("skeletons").firstIndex(of: skeleton), !skeleton.contains("j"),
            !skeleton.contains("C"), hourCycle == nil, case let patterns = table.list("patterns"),
            index < patterns.count
        {
            let pattern = patterns[index]
            dateState.withLock { $0.patterns[skeleton] = pattern }
            return pattern
        }
        let generator =
            dateState.withLock { $0.generator }
            ?? DateTimePatternGenerator(table, hourCycle: hourCycle)
        let pattern = generator.bestPattern(for: skeleton)
        dateState.withLock {
            $0.generator = generator
            $0.patterns[skeleton] = pattern
        }
        return pattern
    }

    /// The number a plural selects with and `#` shows, as ICU's `PluralFormat` has it (it formats the number with
    /// the locale's decimal format, then picks the category from what it formatted): rounded half to even at the
    /// decimal pattern's maximum fraction digits (3 in every CLDR locale), and when that cut digits, without the
    /// trailing zeros the cut left, so `1.0004` is `1` and Czech and Russian select `one`, as ICU does; a number
    /// within the maximum keeps the digits it was written with (`1.50`).
    package func pluralNumber(_ number: MessageNumber) -> MessageNumber {
        let maximum = numberFormats.decimalPattern.maximumFractionDigits
        guard number.visibleFractionDigits > maximum else { return number }
        var decimal = DecimalText(number.text)
        decimal.round(atMagnitude: -maximum)
        decimal.trimFraction(keeping: 0)
        return MessageNumber(decimal.text) ?? number
    }

    /// `#` in a plural: the number (`pluralNumber(_:)`) with exactly its visible fraction digits, grouped for the
    /// locale.
    package func formatPound(_ number: MessageNumber) -> String {
        let text = number.text
        // The commonest case, a small count, in ASCII digits: the text itself.
        if text.utf8.count <= 3, numberFormats.usesASCIIDigits,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        {
            return text
        }
        // ICU's `#` is the number in the locale's decimal pattern; digits written in the argument are kept.
        let maximum = numberFormats.decimalPattern.maximumFractionDigits
        let minimum = min(number.visibleFractionDigits, maximum)
        var skeleton = NumberSkeleton(precision: .fraction(minimum: minimum, maximum: maximum))
        // ICU 77 formats `#` with the plural's DecimalFormat, which groups from the first group on, as
        // `{n, number}` does: the locale's minimum grouping digits (2 in pl, es, it, pt-PT, lv, sl) apply to number
        // skeletons only. So `1 000 dni` in Polish, where `{n, number, ::precision-integer}` prints `1000`.
        skeleton.grouping = .onAligned
        return numberFormats.format(number, skeleton)
    }
}
