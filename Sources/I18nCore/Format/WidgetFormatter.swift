import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The app's formatter, in the widget: numbers, dates, relative times, lists, durations and language names in the
/// translator's detected locale (with its `-u-nu-` numbering system and `-u-ca-` calendar) and time zone, from the
/// same CLDR release as its messages, with no Foundation formatter. Foundation's formatters and SwiftUI's `Text`
/// format in the locale they get, `Locale.current` (the system's) unless the view's environment holds the app's
/// (`widgetLocale(_:)`), which is how "Updated 5 min ago" ends up in English inside a Turkish widget; and their text
/// cannot go inside a translated sentence ("{ago} güncellendi"). These format what a message needs, as the app's
/// JavaScript does.
///
/// The names are the ones of `useFormatter()` in `@better-i18n/use-intl` and of formatjs:
///
/// ```swift
/// let format = translator.format
/// format.relativeTime(-5, unit: .minute)                       // "5 dakika önce"
/// format.relativeTime(-1, unit: .day, numeric: .auto)          // "dün"
/// try format.relativeTime(from: updated, to: now)              // as formatjs' selectUnit picks the unit
/// format.list(["siete", "ocho"], type: .disjunction)           // "siete u ocho" in Spanish
/// format.duration(DurationFields(hours: 1, minutes: 20))       // "1 saat 20 dakika"
/// format.displayName(of: "en-GB")                              // "İngiliz İngilizcesi"
/// ```
public struct WidgetFormatter: Sendable {
    /// The locale everything is formatted in.
    package let locale: LocaleTag
    /// The zone dates, times and calendar months are read in.
    public let timeZone: ZoneInfo
    /// Where a call that needs a family of locale data the build's slice leaves out says so: the translator's
    /// `problems` for `translator.format`.
    private let reportUnlinked: (@Sendable (LocaleDataTables.Family, String) -> Void)?

    /// A formatter for `locale` in `timeZone`.
    /// - Parameters:
    ///   - locale: the locale to format in; its `-u-nu-` and `-u-ca-` keywords are honoured.
    ///   - timeZone: the zone of dates and times.
    public init(locale: LocaleTag, timeZone: ZoneInfo) {
        self.init(locale: locale, timeZone: timeZone, reportUnlinked: nil)
    }

    /// A formatter that hands `reportUnlinked` each family of locale data a call needs and the build leaves out,
    /// with what it showed instead: how `translator.format` reports them.
    package init(
        locale: LocaleTag, timeZone: ZoneInfo, reportUnlinked: (@Sendable (LocaleDataTables.Family, String) -> Void)?
    ) {
        self.locale = locale
        self.timeZone = timeZone
        self.reportUnlinked = reportUnlinked
    }

    /// Reports `family` when the build's locale data leaves it out, with what is shown instead.
    private func check(_ family: LocaleDataTables.Family, _ shownInstead: @autoclosure () -> String? = nil) {
        if let reportUnlinked, !LocaleDataTables.holds(family) {
            reportUnlinked(family, shownInstead() ?? family.shownInstead)
        }
    }

    /// `value` `unit`s from now, as ICU's `RelativeDateTimeFormatter` writes it: "in 3 days", "3 days ago"; with
    /// `numeric: .auto`, CLDR's words where it has one for that value ("yesterday", "now", "next week").
    /// - Parameters:
    ///   - value: how many units; negative in the past.
    ///   - unit: the unit.
    ///   - style: the length of the unit's name; `.long` by default.
    ///   - numeric: whether words may replace numbers; `.always` (numbers) by default, as `Intl.RelativeTimeFormat`.
    public func relativeTime(
        _ value: Double, unit: RelativeTimeUnit, style: FormatLength = .long, numeric: RelativeTimeNumeric = .always
    ) -> String {
        check(.relativeTimes)
        return RelativeTimeFormat.format(value, unit: unit, length: style, numeric: numeric, locale: locale)
    }

    /// `date` as seen from `now`, in the unit formatjs' `selectUnit` picks (see `RelativeTimeSelection` for its
    /// thresholds): "5 minutes ago", "in 2 hours", "yesterday".
    /// - Parameters:
    ///   - date: the instant described.
    ///   - now: the instant it is described from.
    ///   - style: the length of the unit's name; `.long` by default.
    ///   - numeric: `.auto` by default here, so that zero seconds is "now" rather than "in 0 seconds".
    ///   - thresholds: where each unit gives way to the next, as `selectUnit`'s third argument; formatjs' by default.
    /// - Throws: `DateRangeError` for an instant outside `DateRangeError.range` (the dates of JavaScript's `Date`).
    public func relativeTime(
        from date: Date, to now: Date, style: FormatLength = .long, numeric: RelativeTimeNumeric = .auto,
        thresholds: RelativeTimeThresholds = .formatjs
    ) throws(DateRangeError) -> String {
        let selection = try RelativeTimeSelection(of: date, from: now, timeZone: timeZone, thresholds: thresholds)
        return relativeTime(selection.value, unit: selection.unit, style: style, numeric: numeric)
    }

    /// `items` joined as ICU's `ListFormatter` joins them, with the contextual forms of Spanish (y → e, o → u) and
    /// Hebrew (ו → ו-).
    /// - Parameters:
    ///   - items: the items, already formatted.
    ///   - type: "and" (`.conjunction`, the default), "or" (`.disjunction`) or a list of measures (`.unit`).
    ///   - style: the length of the connectors; `.long` by default.
    public func list(_ items: [String], type: ListType = .conjunction, style: FormatLength = .long) -> String {
        check(.lists)
        return ListFormat.format(items, type: type, length: style, locale: locale)
    }

    /// A duration, as ICU's `MeasureFormat::formatMeasures` writes it: every field that is set, zeros included
    /// ("1 hr, 0 min"); `.digital` is `1:20:05` for hours-minutes(-seconds) and minutes-seconds.
    /// - Parameters:
    ///   - fields: the fields to show.
    ///   - style: the length of the unit names, or `.digital`; `.long` by default.
    public func duration(_ fields: DurationFields, style: DurationStyle = .long) -> String {
        check(.durations)
        return DurationFormat.format(fields, style: style, locale: locale)
    }

    /// The name of a language tag ("British English", "繁體中文"), a region code or a script code in this locale,
    /// as ICU's `LocaleDisplayNames` with dialect names gives it; `nil` where ICU would echo the code back, and for
    /// what the bundled names leave out: tags with variants or extensions, and languages outside the set
    /// `scripts/generate/names-durations.py` keeps (the languages of ICU's locales and their dialects).
    /// - Parameters:
    ///   - code: a language tag (`en-GB`), a region (`GB`) or a script (`Hant`), by `type`.
    ///   - type: what `code` is; `.language` by default.
    ///   - style: `.long` (the default) or `.short` ("UK English"); `.narrow` is `.short`.
    public func displayName(of code: String, type: DisplayNameType = .language, style: FormatLength = .long)
        -> String?
    {
        check(.displayNames)
        return DisplayNames.name(of: code, type: type, length: style, in: locale)
    }

    /// The name of `tag` in its own language ("Türkçe", "Schweizer Hochdeutsch" for `de-CH`), for a language picker.
    /// - Parameter tag: the locale to name.
    public static func nativeName(of tag: LocaleTag) -> String? {
        DisplayNames.name(of: tag.displayForm, type: .language, length: .long, in: tag)
    }

    /// `value` with an ICU number skeleton (`compact-short`, `percent`, `currency/EUR`), as `{n, number, ::…}`.
    /// - Parameters:
    ///   - value: the number.
    ///   - skeleton: the skeleton, without `::`; empty for the locale's decimal format.
    public func number(_ value: MessageNumber, skeleton: String = "") -> String {
        // A skeleton that formats cleanly goes straight to the number formats the message would reach, without
        // building and looking up a message; one with a problem to report, or with message syntax in it, goes
        // through the message, which reports it.
        // (The message trims the skeleton: one with white space at either end goes through it too.)
        if let first = skeleton.utf8.first, let last = skeleton.utf8.last, (0x21..<0x80).contains(first),
            (0x21..<0x80).contains(last), !Self.hasMessageSyntax(skeleton),
            let parsed = try? NumberSkeleton.cached(skeleton),
            parsed.roundingMode != .unnecessary, !NumberFormats.lacksUnitNames(parsed)
        {
            return LocaleProfile.profile(for: locale).numberFormats.format(value, parsed)
        }
        let style = skeleton.isEmpty ? "" : ", ::" + skeleton
        return message("{n, number\(style)}", ["n": .number(value)])
    }

    /// Whether `text` holds `{`, `}` or `'`, which a message would read as its own syntax.
    private static func hasMessageSyntax(_ text: String) -> Bool {
        for byte in text.utf8 where byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == 0x27 {
            return true
        }
        return false
    }

    /// `date` with a date-time skeleton (`MMMEd`, `jm`), as `{d, date, ::…}` in the locale's calendar and the zone.
    /// - Parameters:
    ///   - date: the instant.
    ///   - skeleton: the skeleton, without `::`.
    /// - Throws: `DateRangeError` for an instant outside `DateRangeError.range` (the dates of JavaScript's `Date`).
    public func dateTime(_ date: Date, skeleton: String) throws(DateRangeError) -> String {
        try DateRangeError.check(date)
        return message("{d, date, ::\(skeleton)}", ["d": .date(date)])
    }

    private func message(_ text: String, _ arguments: MessageArguments) -> String {
        let formatted = ICUMessageFormatter(timeZone: timeZone).format(text, locale: locale, arguments: arguments)
        for problem in formatted.problems {
            if case .unlinkedData(let family, let shownInstead) = problem.kind { check(family, shownInstead) }
        }
        return formatted.text
    }
}
