#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A locale's date and time formats from `CLDRData` (and `CalendarData` when the locale's calendar is not the
/// Gregorian one), and the formatting of an instant with them in a time zone: ICU MessageFormat's `date` and
/// `time` styles, date skeletons and patterns, as ICU4C prints them.
///
/// A class, made once per locale (`LocaleProfile.dateFormats`): every format call reads it, and a struct of this
/// size was copied, field by field, on each.
package final class DateFormats: Sendable {
    let dates: CLDRData.Values
    package let numbers: NumberFormats
    package let locale: LocaleTag
    /// The calendar dates are shown in (`CalendarSystem.preferred(for:)`).
    package let calendar: CalendarSystem
    /// The locale's calendar when it is not the Gregorian one and the tables in use leave out the `calendars`
    /// family (a slice): dates are then Gregorian, and the formatter says so.
    package let unlinkedCalendar: CalendarSystem?
    /// The first day of the week, 1 (Sunday) to 7, and the days the first week of a year or month needs: CLDR's
    /// week data for the tag's region (`-u-rg-`, else its region, else its likely one), `-u-fw-` moving the first
    /// day, as ICU's `Calendar::setWeekData` reads them.
    package var firstWeekday: Int { weekData.firstDay }
    package var minimalDaysInFirstWeek: Int { weekData.minimalDays }

    /// Read only by the week fields and the local weekday, so a render without them never reads it.
    private var weekData: (firstDay: Int, minimalDays: Int) {
        // ISO 8601's weeks, in every locale (ICU's ISO8601Calendar).
        calendar == .iso8601 ? (2, 4) : Self.weekData(for: locale)
    }

    package init(locale: LocaleTag, numbers: NumberFormats) {
        self.locale = locale
        self.numbers = numbers
        var calendar = CalendarSystem.preferred(for: locale)
        unlinkedCalendar = calendar != .gregorian && !LocaleDataTables.holds(.calendars) ? calendar : nil
        if unlinkedCalendar != nil { calendar = .gregorian }
        self.calendar = calendar
        dates = CalendarData.values(.dates, calendar: calendar, for: locale)
    }

    /// The week data of `locale`'s region: first day (1 is Sunday) and minimal days of the first week.
    static func weekData(for locale: LocaleTag) -> (firstDay: Int, minimalDays: Int) {
        var region = locale.region ?? locale.maximized.region ?? "001"
        if let override = locale.unicodeExtension("rg"), override.utf8.count == 6 {
            region = override.prefix(2).uppercased()
        }
        // "GB 2 4": the regions whose week is not the world's (Monday, one day).
        let entry = CLDRData.rootValues(.dates).list("weeks").first { $0.hasPrefix(region + " ") }
        let fields = entry?.split(separator: " ") ?? []
        var firstDay = fields.count == 3 ? Int(fields[1]) ?? 2 : 2
        let minimalDays = fields.count == 3 ? Int(fields[2]) ?? 1 : 1
        let days = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        if let day = locale.unicodeExtension("fw"), let index = days.firstIndex(of: day) { firstDay = index + 1 }
        return (firstDay, minimalDays)
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
            return glue.replacingPlaceholder(0, with: timeStyle("short") ?? "HH:mm")
                .replacingPlaceholder(1, with: dates["date.short"] ?? "y-MM-dd")
        case .short?: return (isTime ? timeStyle("short") : dates["date.short"]) ?? "y-MM-dd"
        case .medium?: return (isTime ? timeStyle("medium") : dates["date.medium"]) ?? "y MMM d"
        case .long?: return (isTime ? timeStyle("long") : dates["date.long"]) ?? "y MMMM d"
        case .full?: return (isTime ? timeStyle("full") : dates["date.full"]) ?? "y MMMM d, EEEE"
        case .pattern(let pattern)?: return pattern
        case .skeleton(let skeleton)?: return LocaleProfile.profile(for: locale).datePattern(forSkeleton: skeleton)
        }
    }

    /// A date pattern and a time pattern joined as the locale joins them at a date length (`short`, `medium`,
    /// `long`, `full`): the `%atTime` glue where CLDR has one, else the plain one (MessageFormat 2's `:datetime`).
    package func glued(date: String, time: String, length: String) -> String {
        let glue = dates["glueAtTime." + length] ?? dates["glue." + length] ?? dates["glue.short"] ?? "{1} {0}"
        return glue.replacingPlaceholder(0, with: time).replacingPlaceholder(1, with: date)
    }

    /// A time style's pattern. With `-u-hc-` (any value), ICU's SimpleDateFormat builds it instead from `jmm`,
    /// `jmmss`, `jmmssz` or `jmmsszzzz` and the keyword's hour cycle (an unknown one: the locale's own), with a
    /// generator without the standard patterns, which `scripts/generate/cldr.py` asked ICU for.
    private func timeStyle(_ style: String) -> String? {
        guard var cycle = locale.unicodeExtension("hc") else { return dates["time." + style] }
        if !Self.hourCycles.contains(cycle) {
            let own = CalendarData.values(.patternGenerator, calendar: calendar, for: locale)["hourCycle"] ?? "H"
            cycle = ["K": "h11", "h": "h12", "H": "h23", "k": "h24"][own] ?? "h23"
        }
        // h11's full, long, medium and short, then h12's, h23's and h24's.
        let cycles = ["h11", "h12", "h23", "h24"]
        let styles = ["full", "long", "medium", "short"]
        let patterns = dates.list("hcTimes")
        guard let cycleIndex = cycles.firstIndex(of: cycle), let styleIndex = styles.firstIndex(of: style),
            cycleIndex * 4 + styleIndex < patterns.count
        else { return dates["time." + style] }
        return patterns[cycleIndex * 4 + styleIndex]
    }

    /// UTS 35's `hc` types.
    static let hourCycles: Set<String> = ["h11", "h12", "h23", "h24"]

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
        guard let calendarDate = calendar.date(onDay: days, atUTCMillisecond: seconds * 1000 + Int64(milliseconds))
        else { return nil }
        var time = Fields(
            date: calendarDate, localDay: days, weekday: CivilCalendar.weekday(fromDays: days),
            hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60,
            millisecond: milliseconds)
        let numbering = overrides.addingJapaneseYear(for: pattern, calendar: calendar, locale: locale)
        if pattern.unicodeScalars.contains("B") {
            time.patternHasMinutes = false
            time.patternHasSeconds = false
            DatePattern.forEachPart(of: pattern) { part in
                if case .field(let letter, _) = part {
                    if letter == "m" { time.patternHasMinutes = true }
                    if letter == "s" { time.patternHasSeconds = true }
                }
            }
        }

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
        /// Days from 1970-01-01 to the local day.
        package let localDay: Int64
        /// 0 is Sunday.
        package let weekday: Int
        package let hour: Int
        package let minute: Int
        package let second: Int
        package let millisecond: Int
        /// Whether the pattern shows minutes, seconds: `B` reads them only then.
        package var patternHasMinutes = true
        package var patternHasSeconds = true
    }

    private func field(
        _ letter: Unicode.Scalar, count: Int, _ time: Fields, zone: ZoneInfo, seconds: Int64,
        numbering: DateNumberingOverrides
    ) -> String {
        if letter == "Y" {
            // ICU's YEAR_WOY: the extended year (the Gregorian one in the Buddhist, Japanese and ROC calendars) of
            // the week of the year, so a day in the first week of next year belongs to it.
            var date = time.date
            date.year = date.extendedYear + Int64(weekOfYear(time).yearOffset)
            return calendarField("Y", count: count, date, numbering: numbering) ?? ""
        }
        if let text = calendarField(letter, count: count, time.date, numbering: numbering) { return text }
        switch letter {
        case "w":
            return number(weekOfYear(time).week, minimumDigits: count)
        case "W":
            return number(
                weekNumber(time.date.day, dayOfPeriod: time.date.day, weekday: time.weekday), minimumDigits: count)
        case "F":
            return number((time.date.day - 1) / 7 + 1, minimumDigits: count)
        case "g":
            // The (modified) Julian day ICU counts: 2,440,588 on 1970-01-01.
            return number(Int(time.localDay + 2_440_588), minimumDigits: count)
        case "Q", "q":
            let quarter = time.date.month / 3
            if count <= 2 { return number(quarter + 1, minimumDigits: count) }
            let names = dates.list("quarters.\(letter == "q" ? "stand-alone" : "format").\(width(count))")
            return quarter < names.count ? names[quarter] : ""
        case "E", "c", "e":
            // `e` and `c` count from the locale's first day of the week (Monday is 1 in Germany, 2 in the US).
            if letter != "E", count <= 2 {
                let local = (time.weekday + 7 - (firstWeekday - 1)) % 7 + 1
                return number(local, minimumDigits: letter == "e" ? count : 1)
            }
            let context = letter == "c" ? "stand-alone" : "format"
            let names = dates.list("days.\(context).\(count == 6 ? "short" : width(max(count, 3)))")
            return time.weekday < names.count ? names[time.weekday] : ""
        case "B":
            // 24 hourly names, then exact midnight and noon. A pattern without minutes (seconds) takes them as 0,
            // as ICU's SimpleDateFormat does: `B h` says "noon" all of 12:xx.
            let names = dates.list("dayPeriods.\(width(count))")
            guard names.count == 26 else { return "" }
            let minute = time.patternHasMinutes ? time.minute : 0
            let second = time.patternHasSeconds ? time.second : 0
            if minute == 0, second == 0, time.hour == 0 || time.hour == 12 {
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

    /// ICU's `Calendar::weekNumber`: the week of a period (a month, a year) that `desiredDay` is in, counting a
    /// first week that has at least the minimal days; `weekday` (0 is Sunday) is that of `dayOfPeriod`.
    private func weekNumber(_ desiredDay: Int, dayOfPeriod: Int, weekday: Int) -> Int {
        let periodStart = ((weekday + 1 - firstWeekday - dayOfPeriod + 1) % 7 + 7) % 7
        var week = (desiredDay + periodStart - 1) / 7
        if 7 - periodStart >= minimalDaysInFirstWeek { week += 1 }
        return week
    }

    /// ICU's `Calendar::computeWeekFields`: the week of the year, and whether it is a week of the year before
    /// (-1) or after (+1) the calendar year, in any calendar (its year lengths from its own days).
    private func weekOfYear(_ time: Fields) -> (week: Int, yearOffset: Int) {
        let dayOfYear = time.date.dayOfYear
        let yearStart = time.localDay - Int64(dayOfYear) + 1
        let relativeWeekday = (time.weekday + 1 + 7 - firstWeekday) % 7
        let relativeWeekdayOfFirst = (time.weekday + 1 - dayOfYear + 7001 - firstWeekday) % 7
        var week = (dayOfYear - 1 + relativeWeekdayOfFirst) / 7
        if 7 - relativeWeekdayOfFirst >= minimalDaysInFirstWeek { week += 1 }
        if week == 0 {
            // The last week of the year before.
            let previousLength = calendar.date(onDay: yearStart - 1)?.dayOfYear ?? 365
            let previousDay = dayOfYear + previousLength
            return (weekNumber(previousDay, dayOfPeriod: previousDay, weekday: time.weekday), -1)
        }
        // A year is at least 353 days and at most 385: 390 days on is in the next year.
        let yearLength = calendar.date(onDay: yearStart + 390).map { 390 - $0.dayOfYear + 1 } ?? 365
        if dayOfYear >= yearLength - 5 {
            let lastRelativeWeekday = ((relativeWeekday + yearLength - dayOfYear) % 7 + 7) % 7
            if 6 - lastRelativeWeekday >= minimalDaysInFirstWeek, dayOfYear + 7 - relativeWeekday > yearLength {
                return (1, 1)
            }
        }
        return (week, 0)
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
