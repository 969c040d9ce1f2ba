/// The options of the formatters beside MessageFormat (relative times, lists, durations, display names), with the
/// names a formatjs or `@better-i18n/use-intl` user knows: `style: "long" | "short" | "narrow"`,
/// `numeric: "always" | "auto"`, `type: "conjunction" | "disjunction" | "unit"`.

/// How long a formatted name or phrase is: CLDR's wide, short and narrow forms ("in 3 minutes", "in 3 min.",
/// "in 3m" in English).
public enum FormatLength: String, Sendable, Hashable, CaseIterable {
    case long, short, narrow
}

/// The units of a relative time, as ICU's `URelativeDateTimeUnit` and `Intl.RelativeTimeFormat` name them.
public enum RelativeTimeUnit: String, Sendable, Hashable, CaseIterable {
    case second, minute, hour, day, week, month, quarter, year
}

/// Whether a relative time may be a word ("yesterday", "now", "next week") where CLDR has one (`auto`), or is
/// always a number ("1 day ago") (`always`).
public enum RelativeTimeNumeric: String, Sendable, Hashable, CaseIterable {
    case always, auto
}

/// What a list means: "a, b, and c" (`conjunction`), "a, b, or c" (`disjunction`), "3 ft, 7 in" (`unit`).
public enum ListType: String, Sendable, Hashable, CaseIterable {
    case conjunction, disjunction, unit
}

/// How a duration is written: units spelled out at a length, or `digital` (`1:20:05`), which covers
/// hours-minutes(-seconds) and minutes-seconds and is `narrow` for any other set of fields.
public enum DurationStyle: String, Sendable, Hashable, CaseIterable {
    case long, short, narrow, digital
}

/// The fields of a duration, largest first; a field left `nil` is not shown, a zero one is ("1 hr, 0 min").
public struct DurationFields: Sendable, Hashable {
    public var years: Double?
    public var months: Double?
    public var weeks: Double?
    public var days: Double?
    public var hours: Double?
    public var minutes: Double?
    public var seconds: Double?

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
    public static let names = ["years", "months", "weeks", "days", "hours", "minutes", "seconds"]

    /// The set fields, largest first, by name.
    public var present: [(name: String, value: Double)] {
        let values = [years, months, weeks, days, hours, minutes, seconds]
        return zip(Self.names, values).compactMap { name, value in value.map { (name, $0) } }
    }

    /// The field called `name` (one of `names`).
    public subscript(name: String) -> Double? {
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
    case language, region, script
}
