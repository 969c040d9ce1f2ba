#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The changes of local time around an instant, for the choices ICU's zone names make by them: whether a zone
/// without daylight saving time at an instant had it just before or has it just after (`vvvv` is then the
/// generic name, else the standard one), and a zone's offset at a wall-clock time.
extension ZoneInfo {
    /// Whether the change of local time last at or before `seconds` came out of daylight saving time, or the
    /// next one after it goes into it, either less than `range` seconds away: ICU's test of whether a zone
    /// "uses daylight saving time around" an instant (`TimeZoneGenericNames`, 184 days).
    /// - Parameters:
    ///   - seconds: the instant, in seconds since 1970 UTC.
    ///   - range: how far from the instant a change counts, in seconds.
    package func observesDaylightSavingTime(near seconds: Int64, within range: Int64) -> Bool {
        switch rules {
        case .fixed:
            return false
        case .table, .posix:
            let changes = changeInstants(from: seconds - range, through: seconds + range)
            if let previous = changes.last(where: { $0 <= seconds }), seconds - previous < range,
                isSummerTime(atUnixTime: previous - 1)
            {
                return true
            }
            if let next = changes.first(where: { $0 > seconds }), next - seconds < range,
                isSummerTime(atUnixTime: next)
            {
                return true
            }
            return false
        #if canImport(Darwin)
            case .system:
                // Foundation gives no previous transition: ICU's own test for zones it cannot walk.
                return isDaylightSavingTime(atUnixTime: seconds - range)
                    || isDaylightSavingTime(atUnixTime: seconds + range)
        #endif
        }
    }

    /// Whether daylight saving time is in effect at an instant as ICU's data counts it: the time of the year
    /// that is ahead of the other. The IANA database's main form flags Europe/Dublin's winter (GMT) as negative
    /// daylight saving time, and Morocco's Ramadan hour likewise; ICU's data, like CLDR's names, takes their
    /// summer as the daylight saving time. Elsewhere this is `isDaylightSavingTime(atUnixTime:)`.
    /// - Parameter seconds: the instant, in seconds since 1970 UTC.
    package func isSummerTime(atUnixTime seconds: Int64) -> Bool {
        let flagged = isDaylightSavingTime(atUnixTime: seconds)
        if case .fixed = rules { return flagged }
        // The nearest time of the other kind, a year either way, decides which one is ahead.
        let year: Int64 = 366 * 86_400
        let changes = changeInstants(from: seconds - year, through: seconds + year)
        var other: (offset: Int, flagged: Bool)?
        if let previous = changes.last(where: { $0 <= seconds }),
            isDaylightSavingTime(atUnixTime: previous - 1) != flagged
        {
            other = (secondsFromGMT(atUnixTime: previous - 1), !flagged)
        } else if let next = changes.first(where: { $0 > seconds }), isDaylightSavingTime(atUnixTime: next) != flagged {
            other = (secondsFromGMT(atUnixTime: next), !flagged)
        }
        guard let other else { return flagged }
        let offset = secondsFromGMT(atUnixTime: seconds)
        if flagged, offset < other.offset { return false }
        if !flagged, other.offset < offset { return true }
        return flagged
    }

    /// The offset from UTC at a wall-clock time given as seconds since 1970 in local time, as ICU reads one
    /// (`getOffset(…, local: true)`): in a skipped hour the offset before the change, in a repeated hour the one
    /// after it.
    /// - Parameter local: the wall-clock time, as seconds since 1970-01-01T00:00 local time.
    package func secondsFromGMT(atLocalTime local: Int64) -> Int {
        let before = secondsFromGMT(atUnixTime: local - 86_400)
        let after = secondsFromGMT(atUnixTime: local + 86_400)
        if before == after { return secondsFromGMT(atUnixTime: local - Int64(before)) }
        // A change within the day: the later offset holds from the change on, read with that offset.
        return secondsFromGMT(atUnixTime: local - Int64(after)) == after ? after : before
    }

    /// The instants in `from...through` at which the offset or the daylight-saving flag changes, ascending.
    private func changeInstants(from start: Int64, through end: Int64) -> [Int64] {
        var candidates: [Int64] = []
        var footer: PosixRule?
        var footerStart = Int64.min
        switch rules {
        case .table(let table):
            for instant in table.transitions where instant >= start && instant <= end { candidates.append(instant) }
            if let rule = table.footer {
                footer = rule
                footerStart = table.transitions.last ?? .min
            }
        case .posix(let rule):
            footer = rule
        default:
            break
        }
        if let footer, let daylight = footer.daylight, end >= footerStart {
            let firstYear = CivilCalendar.civilFromDays(max(start, footerStart).floorDays - 1).year
            let lastYear = CivilCalendar.civilFromDays(end.floorDays + 1).year
            for year in firstYear...lastYear {
                let begins =
                    daylight.start.days(inYear: year) * 86_400 + Int64(daylight.start.time)
                    - Int64(footer.standard.offset)
                let ends =
                    daylight.end.days(inYear: year) * 86_400 + Int64(daylight.end.time)
                    - Int64(daylight.type.offset)
                for instant in [begins, ends] where instant >= start && instant <= end && instant > footerStart {
                    candidates.append(instant)
                }
            }
        }
        return candidates.sorted().filter { instant in
            let before = (secondsFromGMT(atUnixTime: instant - 1), isDaylightSavingTime(atUnixTime: instant - 1))
            let after = (secondsFromGMT(atUnixTime: instant), isDaylightSavingTime(atUnixTime: instant))
            return before != after
        }
    }
}

extension Int64 {
    /// Days since 1970 of an instant in seconds, rounded down.
    fileprivate var floorDays: Int64 {
        self >= 0 ? self / 86_400 : (self - 86_399) / 86_400
    }
}
