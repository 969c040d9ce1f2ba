#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Gregorian calendar arithmetic in a zone, for timelines: local days, their midnights (a 23- or 25-hour day
/// around a daylight-saving change still rolls over exactly at midnight), and whole days and months between.
///
/// They are total: a date outside `DateRangeError.range` counts as the range's nearest end (NaN as 1970), and a day
/// number as the day of that end, so no value a widget reads can trap them.
extension ZoneInfo {
    /// The days since 1970 a day number may have: those of `DateRangeError.range`, with a day to spare.
    static let dayRange = -100_000_001...100_000_001

    /// The local day `date` falls on, as days since 1970-01-01.
    /// - Parameter date: the instant.
    package func dayNumber(of date: Date) -> Int {
        let seconds = Int64(DateRangeError.clamped(date).rounded(.down))
        let local = seconds + Int64(secondsFromGMT(atUnixTime: seconds))
        return Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    }

    /// The first instant of local day `day` (days since 1970): midnight, or the end of a daylight-saving gap
    /// that swallows midnight.
    /// - Parameter day: the local day, as days since 1970-01-01.
    package func startOfDay(number day: Int) -> Date {
        let local = Int64(min(max(day, Self.dayRange.lowerBound), Self.dayRange.upperBound)) * 86_400
        let before = Int64(secondsFromGMT(atUnixTime: local - 86_400))
        let after = Int64(secondsFromGMT(atUnixTime: local + 86_400))
        let candidates = [local - before, local - after].sorted()
        for instant in candidates where instant + Int64(secondsFromGMT(atUnixTime: instant)) == local {
            return Date(timeIntervalSince1970: Double(instant))
        }
        // Midnight does not exist: the day starts when the clocks jump.
        return Date(timeIntervalSince1970: Double(local - before))
    }

    /// The first instant of the local day of `date`.
    /// - Parameter date: the instant.
    package func startOfDay(for date: Date) -> Date {
        startOfDay(number: dayNumber(of: date))
    }

    /// The local midnights after `date` and up to `end`.
    /// - Parameters:
    ///   - date: the instant after which to start; a midnight exactly at `date` is left out.
    ///   - end: the last instant to include.
    package func midnights(after date: Date, through end: Date) -> [Date] {
        var result: [Date] = []
        var day = dayNumber(of: date) + 1
        // Seconds, not dates: `Date`'s `<=` is `!(end < midnight)`, true for an `end` of NaN.
        let last = DateRangeError.clamped(end)
        while day <= Self.dayRange.upperBound {
            let midnight = startOfDay(number: day)
            guard midnight.timeIntervalSince1970 <= last, !end.timeIntervalSince1970.isNaN else { break }
            result.append(midnight)
            day += 1
        }
        return result
    }

    /// Whether `date` and `other` fall on the same local day in this zone.
    /// - Parameters:
    ///   - date: one instant.
    ///   - other: the other instant.
    package func isDate(_ date: Date, inSameDayAs other: Date) -> Bool {
        dayNumber(of: date) == dayNumber(of: other)
    }

    /// Whole local days from the day of `start` to the day of `end`.
    /// - Parameters:
    ///   - start: the instant to count from.
    ///   - end: the instant to count to; earlier than `start` gives a negative count.
    package func days(from start: Date, to end: Date) -> Int {
        dayNumber(of: end) - dayNumber(of: start)
    }

    /// Whole months from the day of `start` to the day of `end` (Jan 31 to Feb 28 is 0, to Mar 1 is 1).
    /// - Parameters:
    ///   - start: the instant to count from.
    ///   - end: the instant to count to.
    package func months(from start: Date, to end: Date) -> Int {
        let from = CivilCalendar.civilFromDays(Int64(dayNumber(of: start)))
        let to = CivilCalendar.civilFromDays(Int64(dayNumber(of: end)))
        var months = Int(to.year - from.year) * 12 + to.month - from.month
        if months > 0, to.day < from.day { months -= 1 }
        if months < 0, to.day > from.day { months += 1 }
        return months
    }
}

extension ZoneInfo {
    /// `date` in ISO 8601 with this zone's offset at that instant (`2026-03-29T03:00:00+0200`, `Z` in UTC), as the
    /// CLI and the preview report print times: the proleptic Gregorian calendar at every date of
    /// `DateRangeError.range`, years outside 0–9999 in ISO 8601's expanded form as JavaScript's `toISOString`
    /// writes them (`+275760-09-13T00:00:00Z`); any other value as its seconds since 1970.
    package func iso8601(_ date: Date) -> String {
        // Total: a problem's text may quote any date (Foundation's style clamps to 4713 BC, and `Int64` traps).
        let seconds = date.timeIntervalSince1970
        guard DateRangeError.range.contains(seconds) else { return "\(seconds) s since 1970" }
        let whole = Int64(seconds.rounded(.down))
        let offset = secondsFromGMT(atUnixTime: whole)
        let local = whole + Int64(offset)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let second = Int(local - days * 86_400)
        let civil = CivilCalendar.civilFromDays(days)
        func padded(_ value: some BinaryInteger, _ width: Int) -> String {
            let digits = String(value.magnitude)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let year =
            (0...9999).contains(civil.year)
            ? padded(civil.year, 4) : (civil.year < 0 ? "-" : "+") + padded(civil.year, 6)
        var text = year + "-" + padded(civil.month, 2) + "-" + padded(civil.day, 2) + "T" + padded(second / 3600, 2)
        text += ":" + padded(second / 60 % 60, 2) + ":" + padded(second % 60, 2)
        guard offset != 0 else { return text + "Z" }
        let magnitude = abs(offset)
        text += (offset < 0 ? "-" : "+") + padded(magnitude / 3600, 2) + padded(magnitude / 60 % 60, 2)
        return magnitude % 60 == 0 ? text : text + padded(magnitude % 60, 2)
    }
}
