#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - POSIX TZ strings

extension ZoneInfo {
    /// A POSIX `TZ` string such as `CET-1CEST,M3.5.0,M10.5.0/3`: a standard time, and optionally a daylight
    /// saving time with the yearly rules that start and end it. RFC 8536's extensions are accepted: rule times
    /// from −167 to 167 hours, and daylight saving time all year (`EST5EDT,0/0,J365/25`).
    struct PosixRule: Sendable, Hashable {
        var standard: LocalTimeType
        var daylight: Daylight?

        struct Daylight: Sendable, Hashable {
            var type: LocalTimeType
            /// When daylight saving time starts, in local standard time.
            var start: DateRule
            /// When it ends, in local daylight saving time.
            var end: DateRule
        }

        /// A day of the year and a time of day (in seconds, possibly negative or past midnight).
        struct DateRule: Sendable, Hashable {
            enum Day: Sendable, Hashable {
                /// `Jn`: day 1...365, February 29 never counted.
                case julian(Int)
                /// `n`: day 0...365, February 29 counted in leap years.
                case zeroBased(Int)
                /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1...5, 5 = last) of month `m`.
                case monthWeekDay(month: Int, week: Int, weekday: Int)
            }

            var day: Day
            var time: Int

            /// Days since 1970 of the rule's day in `year`.
            func days(inYear year: Int64) -> Int64 {
                switch day {
                case .julian(let number):
                    let leapDay = number >= 60 && CivilCalendar.isLeapYear(year) ? 1 : 0
                    return CivilCalendar.daysFromCivil(year: year, month: 1, day: 1) + Int64(number - 1 + leapDay)
                case .zeroBased(let number):
                    return CivilCalendar.daysFromCivil(year: year, month: 1, day: 1) + Int64(number)
                case .monthWeekDay(let month, let week, let weekday):
                    let first = CivilCalendar.daysFromCivil(year: year, month: month, day: 1)
                    let firstWeekday = CivilCalendar.weekday(fromDays: first)
                    var day = 1 + (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
                    let length = CivilCalendar.daysInMonth(year: year, month: month)
                    while day > length { day -= 7 }
                    return first + Int64(day - 1)
                }
            }
        }

        /// Instants beyond this many seconds from 1970 (about 35 million years) are evaluated at the limit.
        static let evaluationLimit: Int64 = 1 << 50

        func localTimeType(at seconds: Int64) -> LocalTimeType {
            guard let daylight else { return standard }
            let instant = min(max(seconds, -Self.evaluationLimit), Self.evaluationLimit)
            let standardOffset = Int64(standard.offset)
            let daylightOffset = Int64(daylight.type.offset)
            let localDays = (instant + standardOffset).floorDivided(by: 86_400)
            let year = CivilCalendar.civilFromDays(localDays).year
            // The latest start or end at or before the instant decides; rule times reach a week beyond their
            // year, so the neighbouring years' changes are considered too. When an end and a start coincide
            // (daylight saving time all year), the start wins.
            var latest = Int64.min
            var isDST = false
            func consider(_ change: Int64, startsDST: Bool) {
                guard change <= instant, change > latest || (change == latest && startsDST) else { return }
                latest = change
                isDST = startsDST
            }
            for candidateYear in year - 2...year + 1 {
                let start = daylight.start.days(inYear: candidateYear) * 86_400 + Int64(daylight.start.time)
                let end = daylight.end.days(inYear: candidateYear) * 86_400 + Int64(daylight.end.time)
                consider(end - daylightOffset, startsDST: false)
                consider(start - standardOffset, startsDST: true)
            }
            return isDST ? daylight.type : standard
        }

        /// Parses a POSIX `TZ` string, or returns `nil` when it is not one.
        init?(_ text: [UInt8]) {
            var parser = Parser(bytes: text)
            guard let rule = parser.rule() else { return nil }
            self = rule
        }

        init(standard: LocalTimeType, daylight: Daylight?) {
            self.standard = standard
            self.daylight = daylight
        }

        /// A recursive-descent reader of the `TZ` grammar; every step returns `nil` on unexpected input.
        struct Parser {
            let bytes: [UInt8]
            var index = 0

            var current: UInt8? { index < bytes.count ? bytes[index] : nil }

            mutating func consume(_ byte: UInt8) -> Bool {
                guard current == byte else { return false }
                index += 1
                return true
            }

            mutating func rule() -> PosixRule? {
                guard let standardName = name(), let standardOffset = offset(maximumHours: 24) else { return nil }
                let standard = LocalTimeType(offset: -standardOffset, isDST: false, standardName)
                guard current != nil else { return PosixRule(standard: standard, daylight: nil) }
                guard let daylightName = name() else { return nil }
                var daylightOffset = standardOffset - 3600
                if let byte = current, byte != UInt8(ascii: ",") {
                    guard let offset = offset(maximumHours: 24) else { return nil }
                    daylightOffset = offset
                }
                let start: DateRule
                let end: DateRule
                if current == nil {
                    // No rule: the United States' rules since 2007, as most C libraries assume.
                    start = DateRule(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
                    end = DateRule(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
                } else {
                    guard consume(UInt8(ascii: ",")), let parsedStart = dateRule(), consume(UInt8(ascii: ",")),
                        let parsedEnd = dateRule(), current == nil
                    else { return nil }
                    start = parsedStart
                    end = parsedEnd
                }
                let daylight = Daylight(
                    type: LocalTimeType(offset: -daylightOffset, isDST: true, daylightName), start: start, end: end)
                return PosixRule(standard: standard, daylight: daylight)
            }

            /// `<+0330>` (letters, digits, `+`, `-`) or `CET` (letters), at least three characters.
            mutating func name() -> String? {
                let from: Int
                let to: Int
                if consume(UInt8(ascii: "<")) {
                    from = index
                    while let byte = current,
                        ASCII.isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    {
                        index += 1
                    }
                    to = index
                    guard consume(UInt8(ascii: ">")) else { return nil }
                } else {
                    from = index
                    while let byte = current, ASCII.isLetter(byte) { index += 1 }
                    to = index
                }
                guard to - from >= 3 else { return nil }
                return String(decoding: bytes[from..<to], as: UTF8.self)
            }

            /// An unsigned number of at most `maximumDigits` digits.
            mutating func number(maximumDigits: Int) -> Int? {
                var value = 0
                var digits = 0
                while let byte = current, ASCII.isDigit(byte) {
                    guard digits < maximumDigits else { return nil }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                    digits += 1
                    index += 1
                }
                return digits > 0 ? value : nil
            }

            /// `[+-]hh[:mm[:ss]]` in seconds, `-` giving a negative value.
            mutating func offset(maximumHours: Int) -> Int? {
                var sign = 1
                if consume(UInt8(ascii: "-")) {
                    sign = -1
                } else {
                    _ = consume(UInt8(ascii: "+"))
                }
                guard let hours = number(maximumDigits: 3), hours <= maximumHours else { return nil }
                var seconds = hours * 3600
                for multiplier in [60, 1] {
                    guard consume(UInt8(ascii: ":")) else { break }
                    guard let value = number(maximumDigits: 2), value <= 59 else { return nil }
                    seconds += value * multiplier
                }
                return sign * seconds
            }

            /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (default 02:00).
            mutating func dateRule() -> DateRule? {
                let day: DateRule.Day
                if consume(UInt8(ascii: "J")) {
                    guard let number = number(maximumDigits: 3), (1...365).contains(number) else { return nil }
                    day = .julian(number)
                } else if consume(UInt8(ascii: "M")) {
                    guard let month = number(maximumDigits: 2), (1...12).contains(month), consume(UInt8(ascii: ".")),
                        let week = number(maximumDigits: 1), (1...5).contains(week), consume(UInt8(ascii: ".")),
                        let weekday = number(maximumDigits: 1), weekday <= 6
                    else { return nil }
                    day = .monthWeekDay(month: month, week: week, weekday: weekday)
                } else {
                    guard let number = number(maximumDigits: 3), number <= 365 else { return nil }
                    day = .zeroBased(number)
                }
                var time = 7200
                if consume(UInt8(ascii: "/")) {
                    guard let parsed = offset(maximumHours: 167) else { return nil }
                    time = parsed
                }
                return DateRule(day: day, time: time)
            }
        }
    }
}

extension Int64 {
    /// The quotient rounded towards minus infinity (`-1 / 86_400` is `-1`, not `0`).
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
