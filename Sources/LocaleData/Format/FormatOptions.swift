/// The options of the formatters beside MessageFormat (relative times, lists, durations, display names), with the
/// names a formatjs or `@better-i18n/use-intl` user knows: `style: "long" | "short" | "narrow"`,
/// `numeric: "always" | "auto"`, `type: "conjunction" | "disjunction" | "unit"`.

/// How long a formatted name or phrase is: CLDR's wide, short and narrow forms ("in 3 minutes", "in 3 min.",
/// "in 3m" in English).
public enum FormatLength: String, Sendable, Hashable, CaseIterable {
    /// CLDR's wide form: "in 3 minutes", "English (United Kingdom)".
    case long
    /// CLDR's short form: "in 3 min.", "UK English".
    case short
    /// CLDR's narrow form, where it has one, else the short: "in 3m".
    case narrow
}

/// The units of a relative time, as ICU's `URelativeDateTimeUnit` and `Intl.RelativeTimeFormat` name them.
public enum RelativeTimeUnit: String, Sendable, Hashable, CaseIterable {
    /// Seconds; with `numeric: .auto`, zero is "now".
    case second
    /// Minutes; with `numeric: .auto`, zero is "this minute".
    case minute
    /// Hours; with `numeric: .auto`, zero is "this hour".
    case hour
    /// Days: "yesterday", "today", "tomorrow" with `numeric: .auto`, and further words where CLDR has them.
    case day
    /// Weeks: "last week", "this week", "next week" with `numeric: .auto`.
    case week
    /// Months: "last month", "this month", "next month" with `numeric: .auto`.
    case month
    /// Quarters of a year: "last quarter" … with `numeric: .auto`.
    case quarter
    /// Years: "last year", "this year", "next year" with `numeric: .auto`.
    case year
}

/// Whether a relative time may be a word ("yesterday", "now", "next week") where CLDR has one (`auto`), or is
/// always a number ("1 day ago") (`always`).
public enum RelativeTimeNumeric: String, Sendable, Hashable, CaseIterable {
    /// A number, always: "in 1 day", "1 day ago", "in 0 seconds" (ICU's `formatNumeric`).
    case always
    /// CLDR's word where it has one for the value: "tomorrow", "yesterday", "now" (ICU's `format`).
    case auto
}

/// What a list means: "a, b, and c" (`conjunction`), "a, b, or c" (`disjunction`), "3 ft, 7 in" (`unit`).
public enum ListType: String, Sendable, Hashable, CaseIterable {
    /// "a, b, and c": ICU's `ULISTFMT_TYPE_AND`.
    case conjunction
    /// "a, b, or c": ICU's `ULISTFMT_TYPE_OR`.
    case disjunction
    /// "3 ft, 7 in": ICU's `ULISTFMT_TYPE_UNITS`, the list of a measure's parts.
    case unit
}

/// How a duration is written: units spelled out at a length, or `digital` (`1:20:05`), which covers
/// hours-minutes(-seconds) and minutes-seconds and is `narrow` for any other set of fields.
public enum DurationStyle: String, Sendable, Hashable, CaseIterable {
    /// Unit names spelled out: "1 hour, 20 minutes".
    case long
    /// Short unit names: "1 hr, 20 min".
    case short
    /// Narrow unit names: "1h 20m".
    case narrow
    /// A clock, `1:20:05`, for hours, minutes and seconds (hours with seconds alone too, `1:00:05`) and for minutes
    /// with seconds; `narrow` for any other set of fields, as ICU's numeric width.
    case digital
}

/// The fields of a duration, largest first; a field left `nil` is not shown, a zero one is ("1 hr, 0 min").
public struct DurationFields: Sendable, Hashable {
    /// Years, or `nil` for none shown.
    package var years: Double?
    /// Months, or `nil` for none shown.
    package var months: Double?
    /// Weeks, or `nil` for none shown.
    package var weeks: Double?
    /// Days, or `nil` for none shown.
    package var days: Double?
    /// Hours, or `nil` for none shown.
    package var hours: Double?
    /// Minutes, or `nil` for none shown.
    package var minutes: Double?
    /// Seconds, or `nil` for none shown.
    package var seconds: Double?

    /// A duration of the fields given; every field is `nil`, not shown, by default.
    /// - Parameters:
    ///   - years: years, or `nil`.
    ///   - months: months, or `nil`.
    ///   - weeks: weeks, or `nil`.
    ///   - days: days, or `nil`.
    ///   - hours: hours, or `nil`.
    ///   - minutes: minutes, or `nil`.
    ///   - seconds: seconds, or `nil`.
    public init(
        years: Double? = nil, months: Double? = nil, weeks: Double? = nil, days: Double? = nil, hours: Double? = nil,
        minutes: Double? = nil, seconds: Double? = nil
    ) {
        self.years = years
        self.months = months
        self.weeks = weeks
        self.days = days
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
    }

    /// The names of the fields, largest first, as `format --jsonl` spells them.
    package static let names = ["years", "months", "weeks", "days", "hours", "minutes", "seconds"]

    /// The set fields, largest first, by name.
    package var present: [(name: String, value: Double)] {
        let values = [years, months, weeks, days, hours, minutes, seconds]
        return zip(Self.names, values).compactMap { name, value in value.map { (name, $0) } }
    }

    /// The field called `name`; `nil` for a field not set and for a name not in `names`.
    /// - Parameter name: one of `names`.
    package subscript(name: String) -> Double? {
        get {
            switch name {
            case "years": years
            case "months": months
            case "weeks": weeks
            case "days": days
            case "hours": hours
            case "minutes": minutes
            case "seconds": seconds
            default: nil
            }
        }
        set {
            switch name {
            case "years": years = newValue
            case "months": months = newValue
            case "weeks": weeks = newValue
            case "days": days = newValue
            case "hours": hours = newValue
            case "minutes": minutes = newValue
            case "seconds": seconds = newValue
            default: break
            }
        }
    }
}

/// What a display name names: a whole locale tag's language ("British English"), a region ("United Kingdom"), or a
/// script ("Traditional").
public enum DisplayNameType: String, Sendable, Hashable, CaseIterable {
    /// A language tag, named with its script and region ("British English", "Chinese (Traditional, Taiwan)").
    case language
    /// A region code (`GB`, `419`): "United Kingdom", "Latin America".
    case region
    /// A script code (`Hant`): "Traditional".
    case script
}

/// Where formatjs' `selectUnit` moves to the next unit: under `second` seconds it counts seconds, under `minute`
/// minutes it counts minutes, under `hour` hours hours, under `day` days days; past that, calendar years and months,
/// then weeks. The defaults are formatjs' `DEFAULT_THRESHOLDS` (`packages/intl-utils/src/diff.ts`); like
/// `selectUnit(from, to, thresholds)`, a caller may move them (a timeline reloaded at midnight can count hours
/// all day with `hour: 26`, so that 22 hours after midnight is not "yesterday").
public struct RelativeTimeThresholds: Hashable, Sendable {
    /// Below this many seconds, seconds: 45 by default.
    package var second: Double
    /// Below this many minutes, minutes: 45 by default.
    package var minute: Double
    /// Below this many hours, hours: 22 by default.
    package var hour: Double
    /// Below this many days (of 24 hours), days: 5 by default.
    package var day: Double

    /// formatjs' thresholds, or others.
    /// - Parameters:
    ///   - second: below this many seconds, seconds; 45 by default.
    ///   - minute: below this many minutes, minutes; 45 by default.
    ///   - hour: below this many hours, hours; 22 by default.
    ///   - day: below this many days, days; 5 by default.
    public init(second: Double = 45, minute: Double = 45, hour: Double = 22, day: Double = 5) {
        self.second = second
        self.minute = minute
        self.hour = hour
        self.day = day
    }

    /// formatjs' `DEFAULT_THRESHOLDS`: 45 seconds, 45 minutes, 22 hours, 5 days.
    public static let formatjs = RelativeTimeThresholds()
}
