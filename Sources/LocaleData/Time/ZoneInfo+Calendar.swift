#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Gregorian calendar arithmetic in a zone, for timelines: local days, their midnights (a 23- or 25-hour day
/// around a daylight-saving change still rolls over exactly at midnight), and whole days and months between.
extension ZoneInfo {
    /// The local day `date` falls on, as days since 1970-01-01.
    /// - Parameter date: the instant.
    public func dayNumber(of date: Date) -> Int {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let local = seconds + Int64(secondsFromGMT(atUnixTime: seconds))
        return Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    }

    /// The first instant of local day `day` (days since 1970): midnight, or the end of a daylight-saving gap
    /// that swallows midnight.
    /// - Parameter day: the local day, as days since 1970-01-01.
    public func startOfDay(number day: Int) -> Date {
        let local = Int64(day) * 86_400
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
    public func startOfDay(for date: Date) -> Date {
        startOfDay(number: dayNumber(of: date))
    }

    /// The local midnights after `date` and up to `end`.
    /// - Parameters:
    ///   - date: the instant after which to start; a midnight exactly at `date` is left out.
    ///   - end: the last instant to include.
    public func midnights(after date: Date, through end: Date) -> [Date] {
        var result: [Date] = []
        var day = dayNumber(of: date) + 1
        while true {
            let midnight = startOfDay(number: day)
            guard midnight <= end else { break }
            result.append(midnight)
            day += 1
        }
        return result
    }

    /// Whether `date` and `other` fall on the same local day in this zone.
    /// - Parameters:
    ///   - date: one instant.
    ///   - other: the other instant.
    public func isDate(_ date: Date, inSameDayAs other: Date) -> Bool {
        dayNumber(of: date) == dayNumber(of: other)
    }

    /// Whole local days from the day of `start` to the day of `end`.
    /// - Parameters:
    ///   - start: the instant to count from.
    ///   - end: the instant to count to; earlier than `start` gives a negative count.
    public func days(from start: Date, to end: Date) -> Int {
        dayNumber(of: end) - dayNumber(of: start)
    }

    /// Whole months from the day of `start` to the day of `end` (Jan 31 to Feb 28 is 0, to Mar 1 is 1).
    /// - Parameters:
    ///   - start: the instant to count from.
    ///   - end: the instant to count to.
    public func months(from start: Date, to end: Date) -> Int {
        let from = CivilCalendar.civilFromDays(Int64(dayNumber(of: start)))
        let to = CivilCalendar.civilFromDays(Int64(dayNumber(of: end)))
        var months = Int(to.year - from.year) * 12 + to.month - from.month
        if months > 0, to.day < from.day { months -= 1 }
        if months < 0, to.day > from.day { months += 1 }
        return months
    }
}

extension ZoneInfo {
    /// `date` in ISO 8601 with this zone's offset at that instant (`2026-03-29T03:00:00+0200`), as the CLI and
    /// the preview report print times.
    package func iso8601(_ date: Date) -> String {
        // Total: a problem's text may quote any date, and `Int64` of one past ±2^63 s (or NaN) traps.
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 9.2e18 else { return "\(seconds) s since 1970" }
        let offset = secondsFromGMT(atUnixTime: Int64(date.timeIntervalSince1970.rounded(.down)))
        return date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: offset) ?? .gmt))
    }
}
