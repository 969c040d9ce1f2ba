#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Locale-sensitive formatting that I18nCore does not build in: dates and times, currencies, ICU decimal
/// patterns and skeletons with `currency/…` or an arbitrary `scale/…`.
///
/// I18nCore formats plain numbers, `integer`, `percent`, `#` and the common skeleton tokens itself from CLDR
/// data, so a widget that shows no dates links no formatter library at all. `FoundationFormatting`'s
/// `FoundationValueFormatter` implements this protocol with Foundation's formatters:
///
///     let formatter = ICUMessageFormatter(valueFormatter: FoundationValueFormatter())
///     formatter.format("{d, date, long}", locale: try LocaleTag("tr"), arguments: ["d": .date(.now)])
public protocol LocaleValueFormatting: Sendable {
    /// `number` in a `style` the built-in formats do not cover, and what could not be honoured.
    func format(_ number: MessageNumber, style: NumberStyle, locale: LocaleTag) -> (
        text: String, problems: [FormatProblem]
    )

    /// `date` as a date (`isTime == false`) or a time of day in `style`, in `timeZone`.
    func format(_ date: Date, isTime: Bool, style: DateTimeStyle, locale: LocaleTag, timeZone: TimeZone) -> String
}
