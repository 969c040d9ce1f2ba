#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A locale's date and time formats from `CLDRData` (and `CalendarData` when the locale's calendar is not the
/// Gregorian one), and the formatting of an instant with them in a time zone: ICU MessageFormat's `date` and
/// `time` styles, date skeletons and patterns, as ICU4C prints them.
package struct DateFormats: Sendable {
    let dates: CLDRData.Values
    package let numbers: NumberFormats
    package let locale: LocaleTag
    /// The calendar dates are shown in (`CalendarSystem.preferred(for:)`).
    package let calendar: CalendarSystem
    /// The `-u-ca-` type of the tag when it names a calendar LocaleData does not have (`coptic`); dates are then
    /// Gregorian, and the formatter says so.
    package let unsupportedCalendar: String?
    /// The locale's calendar when it is not the Gregorian one and the tables in use leave out the `calendars`
    /// family (a slice): dates are then Gregorian, and the formatter says so.
    package let unlinkedCalendar: CalendarSystem?

    package init(locale: LocaleTag, numbers: NumberFormats) {
        self.locale = locale
        self.numbers = numbers
        var (calendar, unsupported) = CalendarSystem.resolution(for: locale)
        unlinkedCalendar = calendar != .gregorian && !LocaleDataTables.holds(.calendars) ? calendar : nil
        if unlinkedCalendar != nil { calendar = .gregorian }
        self.calendar = calendar
        unsupportedCalendar = unsupported
        dates = CalendarData.values(.dates, calendar: calendar, for: locale)
    }

    /// Whether a `date` or `time` argument of `style` shows a time-zone name (`z`, `v`, `VVVV`, the localized GMT
    /// format) that the tables in use leave out (a slice without the `zone-names` family).
    package func lacksZoneNames(isTime: Bool, style: DateTimeStyle?) -> Bool {
        guard !LocaleDataTables.holds(.zoneNames) else { return false }
        var reads = false
        DatePattern.forEachPart(of: pattern(isTime: isTime, style: style)) { part in
            if case .field(let letter, let count) = part, ZoneNames.readsNames(letter, count: count) { reads = true }
        }
        return reads
    }

    /// The pattern of a MessageFormat `date` or `time` argument (`nil` style: a plain `{d}`, date and time).
    package func pattern(isTime: Bool, style: DateTimeStyle?) -> String {
        switch style {
        case nil:
            // ICU glues a date style and a time style with the `%atTime` pattern where the locale has one.
            let glue = dates["glueAtTime.short"] ?? dates["glue.short"] ?? "{1} {0}"
            return glue.replacingPlaceholder(0, with: dates["time.short"] ?? "HH:mm")
                .replacingPlaceholder(1, with: dates["date.short"] ?? "y-MM-dd")
        case .short?: return dates[(isTime ? "time." : "date.") + "short"] ?? "y-MM-dd"
        case .medium?: return dates[(isTime ? "time." : "date.") + "medium"] ?? "y MMM d"
        case .long?: return dates[(isTime ? "time." : "date.") + "long"] ?? "y MMMM d"
        case .full?: return dates[(isTime ? "time." : "date.") + "full"] ?? "y MMMM d, EEEE"
        case .pattern(let pattern)?: return pattern
        case .skeleton(let skeleton)?: return LocaleProfile.profile(for: locale).datePattern(forSkeleton: skeleton)
        }
    }

    /// The seconds since 1970 a date can be formatted at: ECMAScript's time values, 100,000,000 days either
    /// side of 1970, which is what a JavaScript app can send. A message argument outside it is a per-message
    /// problem (`ICUMessageFormatter`); NaN is outside it.
    package static let formattableRange = DateRangeError.range

    /// `date` in `zone` as a MessageFormat `date` or `time` argument of `style` shows it: the style's pattern with
    /// the numbering CLDR gives it (`hebr` for `he`'s Hebrew dates), or `nil` when the locale's calendar is a
    /// table that does not reach the date (`CalendarSystem.coveredDays`).
    package func formatted(_ date: Date, isTime: Bool, style: DateTimeStyle?, zone: ZoneInfo) -> String? {
        var dateOverride: String?
        var timeOverride: String?
        switch style {
        case nil:
            dateOverride = dates["dateOverride.short"]
            timeOverride = dates["timeOverride.short"]
        case .short?, .medium?, .long?, .full?:
            let name = style == .short ? "short" : style == .medium ? "medium" : style == .long ? "long" : "full"
            if isTime {
                timeOverride = dates["timeOverride." + name]
            } else {
                dateOverride = dates["dateOverride." + name]
            }
        case .pattern?:
            // MessageFormat makes a pattern argument's format as the medium style's and then applies the pattern,
            // so the medium style's override stays (a time style's too, which ICU keeps as a date override).
            dateOverride = dates[(isTime ? "timeOverride" : "dateOverride") + ".medium"]
        case .skeleton?:
            break
        }
        return format(
            date, pattern: pattern(isTime: isTime, style: style), zone: zone,
            overrides: DateNumberingOverrides(date: dateOverride, time: timeOverride))
    }

    /// `date` in `zone` with a CLDR date pattern (`MMM d, y`, `HH:mm`), in the locale's calendar; `nil` when that
    /// calendar's table does not reach the date's local day. A date outside `formattableRange` is shown at the
    /// range's nearest end, so no value can trap.
    package func format(_ date: Date, pattern: String, zone: ZoneInfo) -> String? {
        format(date, pattern: pattern, zone: zone, overrides: .none)
    }

    /// `format(_:pattern:zone:)` with the numbering overrides of the pattern's style.
    func format(_ date: Date, pattern: String, zone: ZoneInfo, overrides: DateNumberingOverrides) -> String? {
        let instant = DateRangeError.clamped(date)
        let seconds = Int64(instant.rounded(.down))
        let milliseconds = Int(((instant - Double(seconds)) * 1000).rounded(.down))
        let local = seconds + Int64(zone.secondsFromGMT(atUnixTime: seconds))
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = Int(local - days * 86_400)
        guard let calendarDate = calendar.date(onDay: days) else { return nil }
        let time = Fields(
            date: calendarDate, weekday: CivilCalendar.weekday(fromDays: days),
            hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60,
            millisecond: milliseconds)
        let numbering = overrides.addingJapaneseYear(for: pattern, calendar: calendar, locale: locale)

        var output = ""
        DatePattern.forEachPart(of: pattern) { part in
            switch part {
            case .field(let letter, let count):
                output += field(letter, count: count, time, zone: zone, seconds: seconds, numbering: numbering)
            case .quoted(_, let text): output += text
            case .other(let scalar): output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    private struct Fields {
        /// The day in the locale's calendar: era, year, month, day (`DateFormats+Calendar.swift` formats them).
        package let date: CalendarDate
        /// 0 is Sunday.
        package let weekday: Int
        package let hour: Int
        package let minute: Int
        package let second: Int
        package let millisecond: Int
    }

    private func field(
        _ letter: Unicode.Scalar, count: Int, _ time: Fields, zone: ZoneInfo, seconds: Int64,
        numbering: DateNumberingOverrides
    ) -> String {
        if let text = calendarField(letter, count: count, time.date, numbering: numbering) { return text }
        switch letter {
        case "E", "c", "e":
            if letter != "E", count <= 2 { return number(time.weekday + 1, minimumDigits: count) }
            let context = letter == "c" ? "stand-alone" : "format"
            let names = dates.list("days.\(context).\(count == 6 ? "short" : width(max(count, 3)))")
            return time.weekday < names.count ? names[time.weekday] : ""
        case "B":
            // 24 hourly names, then exact midnight and noon.
            let names = dates.list("dayPeriods.\(width(count))")
            guard names.count == 26 else { return "" }
            if time.minute == 0, time.second == 0, time.hour == 0 || time.hour == 12 {
                return names[time.hour == 0 ? 24 : 25]
            }
            return names[time.hour]
        case "a", "b":
            // ICU's `a` shows the wide markers up to `aaaa`, `aaaaa` the narrow ones.
            let names = dates.list("ampm.\(count == 5 ? "narrow" : "wide")")
            let index = time.hour < 12 ? 0 : 1
            return index < names.count ? names[index] : (index == 0 ? "AM" : "PM")
        case "h":
            return number(time.hour % 12 == 0 ? 12 : time.hour % 12, minimumDigits: count)
        case "H":
            return number(time.hour, minimumDigits: count)
        case "K":
            return number(time.hour % 12, minimumDigits: count)
        case "k":
            return number(time.hour == 0 ? 24 : time.hour, minimumDigits: count)
        case "m":
            return number(time.minute, minimumDigits: count)
        case "s":
            return number(time.second, minimumDigits: count)
        case "S":
            var digits = String(time.millisecond)
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.count < count { digits += "0" }
            return String(digits.prefix(count)).map { numbers.digits[Int(String($0))!] }.joined()
        case "z", "Z", "O", "v", "V", "x", "X":
            return ZoneNames.names(for: locale).format(
                letter, count: count, zone: zone, atUnixTime: seconds, digits: numbers.digits)
        default:
            return String(repeating: Character(letter), count: count)
        }
    }

    /// CLDR's widths by field length: 1–3 abbreviated, 4 wide, 5 narrow.
    func width(_ count: Int) -> String {
        count == 4 ? "wide" : count == 5 ? "narrow" : "abbreviated"
    }

    /// `value` in the locale's digits, zero-padded to `minimumDigits`.
    func number(_ value: Int, minimumDigits: Int) -> String {
        var digits = String(value.magnitude)
        if digits.count < minimumDigits {
            digits = String(repeating: "0", count: minimumDigits - digits.count) + digits
        }
        // The locale's minus sign, with its marks (U+200E in Persian and Arabic), as ICU's date numbers have it.
        if numbers.usesASCIIDigits { return value < 0 ? numbers.minus + digits : digits }
        return (value < 0 ? numbers.minus : "") + digits.utf8.map { numbers.digits[Int($0 - 0x30)] }.joined()
    }

}

/// The style of a `date` or `time` argument.
package enum DateTimeStyle: Hashable, Sendable {
    /// `short`: the locale's shortest format, such as `3/3/25` for a date in English.
    case short
    /// `medium`, also the style of `{d, date}` without one, such as `Mar 3, 2025` for a date in English.
    case medium
    /// `long`: such as `March 3, 2025` for a date in English.
    case long
    /// `full`: the locale's most complete format, such as `Monday, March 3, 2025` for a date in English.
    case full
    /// A date skeleton, after `::` (`yMMMd`).
    case skeleton(String)
    /// A date pattern (`yyyy-MM-dd`).
    case pattern(String)
}
