/// One day in a calendar, as ICU's `Calendar` fields hold it: what the date fields of a pattern print.
package struct CalendarDate: Hashable, Sendable {
    /// ICU's `ERA`: 0 BC and 1 AD (Gregorian), the Japanese era (236 is Reiwa), the 60-year cycle (Chinese).
    package var era: Int
    /// ICU's `YEAR`: the year of the era, or of the 60-year cycle (1–60) in the lunisolar calendars.
    package var year: Int64
    /// ICU's `EXTENDED_YEAR` (`u`): the Gregorian year (astronomical, 1 BC is 0) in the Gregorian, Buddhist,
    /// Japanese and ROC calendars, the calendar's own year count elsewhere (4663 for the Chinese 2026).
    package var extendedYear: Int64
    /// The related Gregorian year (`r`), as ICU's `getRelatedYear` gives it.
    package var relatedYear: Int64
    /// ICU's `MONTH`, from 0. Hebrew months are 0–12 in every year, 5 being Adar I, which only leap years
    /// have; a Chinese leap month has the number of the month before it.
    package var month: Int
    /// ICU's `IS_LEAP_MONTH`.
    package var isLeapMonth: Bool
    /// The day of the month, from 1.
    package var day: Int
    /// The day of the year, from 1.
    package var dayOfYear: Int
}

extension CalendarSystem {
    /// The local days a calendar can show: its table's, for the calendars ICU computes astronomically or keeps
    /// as data (1900-01-01 to 2100-12-31); `nil` for the arithmetic ones, which reach every date.
    package var coveredDays: ClosedRange<Int64>? {
        switch self {
        case .chinese, .dangi, .islamicUmalqura, .islamic, .islamicRgsa: CalendarData.tableDays
        default: nil
        }
    }

    /// `coveredDays` as ISO dates (`1900-01-01 to 2100-12-31`), for messages.
    package var coveredDaysDescription: String? {
        guard let coveredDays else { return nil }
        func iso(_ day: Int64) -> String {
            let (year, month, dayOfMonth) = CivilCalendar.civilFromDays(day)
            return "\(year)-" + (month < 10 ? "0" : "") + "\(month)-" + (dayOfMonth < 10 ? "0" : "") + "\(dayOfMonth)"
        }
        return iso(coveredDays.lowerBound) + " to " + iso(coveredDays.upperBound)
    }

    /// The calendar date of `day` (days since 1970-01-01), or `nil` outside `coveredDays`.
    /// - Parameter day: the local day.
    package func date(onDay day: Int64) -> CalendarDate? {
        if let coveredDays, !coveredDays.contains(day) { return nil }
        switch self {
        case .gregorian, .buddhist, .japanese, .roc: return Self.solar(self, day)
        case .iso8601: return Self.solar(.gregorian, day)
        case .persian: return Self.persian(day)
        case .hebrew: return Self.hebrew(day)
        case .islamicCivil: return Self.islamicCivil(day)
        // ICU's IslamicTBLACalendar is the civil one with its epoch a day earlier.
        case .islamicTbla: return Self.islamicCivil(day + 1)
        case .islamicUmalqura:
            return Self.fromTable(CalendarData.umalqura, firstYear: CalendarData.umalquraYears.firstYear, day)
        case .islamic, .islamicRgsa:
            return Self.fromTable(CalendarData.islamic, firstYear: CalendarData.islamicYears.firstYear, day)
        case .coptic, .ethiopic, .ethioaa: return Self.copticOrEthiopic(self, day)
        case .indian: return Self.indian(day)
        case .chinese:
            return Self.fromTable(
                CalendarData.chinese, firstYear: CalendarData.chineseYears.firstYear, day, relatedYearOffset: 2637)
        case .dangi:
            return Self.fromTable(
                CalendarData.dangi, firstYear: CalendarData.dangiYears.firstYear, day, relatedYearOffset: 2333)
        }
    }

    /// The calendar date of the instant `milliseconds` (since 1970, UTC) on local day `day`: `date(onDay:)`, except
    /// that ICU's astronomical Islamic calendar moves to a month on its first local day only from the instant its
    /// moon age turns positive, so east of UTC the first hours of that day are still the previous month's (its
    /// 30th or 31st day), as ICU's `IslamicCalendar::handleComputeFields` counts them.
    /// - Parameters:
    ///   - day: the local day.
    ///   - milliseconds: the instant, UTC.
    package func date(onDay day: Int64, atUTCMillisecond milliseconds: Int64) -> CalendarDate? {
        guard let date = date(onDay: day) else { return nil }
        guard self == .islamic || self == .islamicRgsa, date.day == 1,
            let crossing = CalendarData.islamicMoonCrossing(year: date.extendedYear, month: date.month),
            milliseconds < day * 86_400_000 - crossing, var previous = self.date(onDay: day - 1)
        else { return date }
        previous.day += 1
        previous.dayOfYear += 1
        return previous
    }

    /// Julian day 2440588 is 1970-01-01.
    private static let julianDayOf1970: Int64 = 2_440_588

    // MARK: Gregorian months

    /// The Gregorian calendar and the three that count its years differently.
    private static func solar(_ calendar: CalendarSystem, _ day: Int64) -> CalendarDate {
        let (year, month, dayOfMonth) = CivilCalendar.civilFromDays(day)
        let dayOfYear = Int(day - CivilCalendar.daysFromCivil(year: year, month: 1, day: 1)) + 1
        var date = CalendarDate(
            era: 0, year: year, extendedYear: year, relatedYear: year, month: month - 1, isLeapMonth: false,
            day: dayOfMonth, dayOfYear: dayOfYear)
        switch calendar {
        case .gregorian:
            date.era = year > 0 ? 1 : 0
            date.year = year > 0 ? year : 1 - year
        case .buddhist:
            date.year = year + 543
        case .roc:
            date.era = year >= 1912 ? 1 : 0
            date.year = year >= 1912 ? year - 1911 : 1912 - year
        default:
            // The last era that started on or before the day (ICU's `EraRules`); before Taika, Taika.
            let key = year * 10_000 + Int64(month * 100 + dayOfMonth)
            let starts = CalendarData.japaneseEraStarts
            var low = 0
            var high = starts.count
            while low < high - 1 {
                let middle = (low + high) / 2
                if Int64(starts[middle]) <= key { low = middle } else { high = middle }
            }
            date.era = low
            date.year = year - Int64(starts[low]) / 10_000 + 1
        }
        return date
    }

    // MARK: Persian

    /// Days before each Persian month: six of 31 days, then 30.
    private static let persianDaysBefore: [Int64] = [0, 31, 62, 93, 124, 155, 186, 216, 246, 276, 306, 336]

    /// 1 Farvardin of `year`, in days from 1 Farvardin 1: the 33-year rule of ICU's `PersianCalendar`, a day
    /// earlier in the years ICU corrects.
    private static func persianYearStart(_ year: Int64) -> Int64 {
        let arithmetic = 365 * (year - 1) + floorDivide(8 * year + 21, 33)
        return CalendarData.persianEarlyYears.contains(Int32(clamping: year)) ? arithmetic - 1 : arithmetic
    }

    private static func persian(_ day: Int64) -> CalendarDate {
        let days = day + julianDayOf1970 - 1_948_320
        var year = floorDivide(33 * days + 3, 12_053) + 1
        if days < persianYearStart(year) { year -= 1 }
        if days >= persianYearStart(year + 1) { year += 1 }
        let dayOfYear = days - persianYearStart(year)
        let month = Int(dayOfYear < 216 ? dayOfYear / 31 : (dayOfYear - 6) / 30)
        return CalendarDate(
            era: 0, year: year, extendedYear: year, relatedYear: year + 622, month: month, isLeapMonth: false,
            day: Int(dayOfYear - persianDaysBefore[month]) + 1, dayOfYear: Int(dayOfYear) + 1)
    }

    // MARK: Hebrew

    private static let hourParts: Int64 = 1080
    private static let dayParts: Int64 = 24 * hourParts
    private static let monthFraction: Int64 = 12 * hourParts + 793
    private static let monthParts: Int64 = 29 * dayParts + monthFraction
    /// The molad of Tishri 1 AM: Monday, 5 hours 204 parts after sunset (from the previous noon).
    private static let baharad: Int64 = 11 * hourParts + 204

    /// Days before each month's end in a common and a leap year, by year type (deficient, regular, complete):
    /// ICU's `MONTH_START` and `LEAP_MONTH_START`.
    private static let hebrewMonthEnds: [[Int64]] = [
        [0, 0, 0], [30, 30, 30], [59, 59, 60], [88, 89, 90], [117, 118, 119], [147, 148, 149], [147, 148, 149],
        [176, 177, 178], [206, 207, 208], [235, 236, 237], [265, 266, 267], [294, 295, 296], [324, 325, 326],
        [353, 354, 355],
    ]
    private static let hebrewLeapMonthEnds: [[Int64]] = [
        [0, 0, 0], [30, 30, 30], [59, 59, 60], [88, 89, 90], [117, 118, 119], [147, 148, 149], [177, 178, 179],
        [206, 207, 208], [236, 237, 238], [265, 266, 267], [295, 296, 297], [324, 325, 326], [354, 355, 356],
        [383, 384, 385],
    ]

    /// Whether a Hebrew year has 13 months (years 3, 6, 8, 11, 14, 17 and 19 of the 19-year cycle).
    package static func isHebrewLeapYear(_ year: Int64) -> Bool {
        let remainder = (year * 12 + 17) % 19
        return remainder >= (remainder < 0 ? -7 : 12)
    }

    /// The day number of Tishri 1 of `year`: the molad, postponed by ICU's rules (C's truncating division, as
    /// ICU's `startOfYear` computes it, so years before 1 AM come out as ICU's do).
    private static func hebrewYearStart(_ year: Int64) -> Int64 {
        let months = floorDivide(235 * year - 234, 19)
        var fraction = months * monthFraction + baharad
        var day = months * 29 + fraction / dayParts
        fraction %= dayParts
        var weekday = day % 7
        if weekday == 2 || weekday == 4 || weekday == 6 {
            day += 1
            weekday = day % 7
        }
        if weekday == 1, fraction > 15 * hourParts + 204, !isHebrewLeapYear(year) {
            day += 2
        } else if weekday == 0, fraction > 21 * hourParts + 589, isHebrewLeapYear(year - 1) {
            day += 1
        }
        return day
    }

    /// 0 for a deficient year (353 or 383 days), 1 regular, 2 complete.
    private static func hebrewYearType(_ year: Int64) -> Int {
        var length = hebrewYearStart(year + 1) - hebrewYearStart(year)
        if length > 380 { length -= 30 }
        switch length {
        case 353: return 0
        case 355: return 2
        default: return 1
        }
    }

    private static func hebrew(_ day: Int64) -> CalendarDate {
        let days = day + julianDayOf1970 - 347_997
        let months = (Double(days) * Double(dayParts) / Double(monthParts)).rounded(.down)
        var year = Int64(((19 * months + 234) / 235).rounded(.down) + 1)
        var dayOfYear = days - hebrewYearStart(year)
        while dayOfYear < 1 {
            year -= 1
            dayOfYear = days - hebrewYearStart(year)
        }
        let type = hebrewYearType(year)
        let ends = isHebrewLeapYear(year) ? hebrewLeapMonthEnds : hebrewMonthEnds
        var month = 0
        while month < ends.count, dayOfYear > ends[month][type] { month += 1 }
        month -= 1
        return CalendarDate(
            era: 0, year: year, extendedYear: year, relatedYear: year - 3760, month: month, isLeapMonth: false,
            day: Int(dayOfYear - ends[month][type]), dayOfYear: Int(dayOfYear))
    }

    // MARK: Islamic

    /// The first day of `month` (from 0) of `year`, in days from the civil epoch (Friday 16 July 622, Julian).
    private static func islamicMonthStart(_ year: Int64, _ month: Int64) -> Int64 {
        // ceil(29.5 × month) + 354 days a year + the leap days of the 30-year cycle.
        (59 * month + 1) / 2 + (year - 1) * 354 + floorDivide(3 + 11 * year, 30)
    }

    private static func islamicCivil(_ day: Int64) -> CalendarDate {
        let days = day + julianDayOf1970 - 1_948_440
        let year = floorDivide(30 * days + 10_646, 10_631)
        // ceil((days − 29 − the year's start) / 29.5), at most 11.
        let month = min(-floorDivide(-2 * (days - 29 - islamicMonthStart(year, 0)), 59), 11)
        return CalendarDate(
            era: 0, year: year, extendedYear: year, relatedYear: gregorianYear(ofIslamicYear: year),
            month: Int(month), isLeapMonth: false, day: Int(days - islamicMonthStart(year, month)) + 1,
            dayOfYear: Int(days - islamicMonthStart(year, 0)) + 1)
    }

    /// ICU's `gregoYearFromIslamicStart`: its estimate of the Gregorian year an Islamic year starts in, which is
    /// what `r` prints (C's truncating division, as in ICU).
    private static func gregorianYear(ofIslamicYear year: Int64) -> Int64 {
        let shift: Int64
        if year >= 1397 {
            let cycle = (year - 1397) / 67
            let offset = (year - 1397) % 67
            shift = 2 * cycle + (offset >= 33 ? 1 : 0)
        } else {
            let cycle = (year - 1396) / 67 - 1
            let offset = -((year - 1396) % 67)
            shift = 2 * cycle + (offset <= 33 ? 1 : 0)
        }
        return year + 579 - shift
    }

    // MARK: Coptic, Ethiopic, Indian

    /// ICU's `CECalendar::jdToCE` from the calendar's epoch (Coptic 284-08-29, Ethiopic 8-08-27, Julian days
    /// 1824665 and 1723856), then its eras: Coptic 1 from the epoch and 0 counting back; Ethiopic 1 (Amete
    /// Mihret) from the epoch and 0 (Amete Alem, 5500 years more) before it, which `ethioaa` uses throughout,
    /// keeping the Amete Mihret year as its extended year; the related years as ICU offsets them.
    private static func copticOrEthiopic(_ calendar: CalendarSystem, _ day: Int64) -> CalendarDate {
        let days = day + julianDayOf1970 - (calendar == .coptic ? 1_824_665 : 1_723_856)
        let cycles = floorDivide(days, 1461)
        let rest = days - 1461 * cycles
        let extendedYear = 4 * cycles + (rest / 365 - rest / 1460)
        let dayOfYear = rest == 1460 ? 365 : rest % 365
        var date = CalendarDate(
            era: 1, year: extendedYear, extendedYear: extendedYear, relatedYear: extendedYear + 8,
            month: Int(dayOfYear / 30), isLeapMonth: false, day: Int(dayOfYear % 30) + 1,
            dayOfYear: Int(dayOfYear) + 1)
        switch calendar {
        case .coptic:
            date.relatedYear = extendedYear + 284
            if extendedYear <= 0 {
                date.era = 0
                date.year = 1 - extendedYear
            }
        case .ethioaa:
            date.era = 0
            date.year = extendedYear + 5500
            date.relatedYear = extendedYear - 5492
        default:
            if extendedYear <= 0 {
                date.era = 0
                date.year = extendedYear + 5500
            }
        }
        return date
    }

    /// ICU's `IndianCalendar`: Chaitra 1 on March 22 (21 in a Gregorian leap year), Chaitra of 30 days (31), five
    /// months of 31 and six of 30; the Saka year is the Gregorian one less 78, its related year 79 more.
    private static func indian(_ day: Int64) -> CalendarDate {
        func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
        let (gregorianYear, _, _) = CivilCalendar.civilFromDays(day)
        var dayOfYear = Int(day - CivilCalendar.daysFromCivil(year: gregorianYear, month: 1, day: 1))
        var year = gregorianYear - 78
        let chaitra: Int
        if dayOfYear < 80 {
            year -= 1
            chaitra = isLeap(gregorianYear - 1) ? 31 : 30
            dayOfYear += chaitra + 155 + 90 + 10
        } else {
            chaitra = isLeap(gregorianYear) ? 31 : 30
            dayOfYear -= 80
        }
        let month: Int
        let dayOfMonth: Int
        if dayOfYear < chaitra {
            (month, dayOfMonth) = (0, dayOfYear + 1)
        } else if dayOfYear - chaitra < 155 {
            (month, dayOfMonth) = ((dayOfYear - chaitra) / 31 + 1, (dayOfYear - chaitra) % 31 + 1)
        } else {
            (month, dayOfMonth) = ((dayOfYear - chaitra - 155) / 30 + 6, (dayOfYear - chaitra - 155) % 30 + 1)
        }
        return CalendarDate(
            era: 0, year: year, extendedYear: year, relatedYear: year + 79, month: month, isLeapMonth: false,
            day: dayOfMonth, dayOfYear: dayOfYear + 1)
    }

    // MARK: Tables

    /// A day of a table calendar; `relatedYearOffset` (the extended year of Gregorian year 0) for the lunisolar
    /// ones, whose eras are 60-year cycles.
    private static func fromTable(
        _ years: [YearTable.Year], firstYear: Int64, _ day: Int64, relatedYearOffset: Int64? = nil
    ) -> CalendarDate? {
        guard let first = years.first, day >= first.start, let last = years.last, day < last.start + last.length
        else { return nil }
        var low = 0
        var high = years.count
        while low < high - 1 {
            let middle = (low + high) / 2
            if years[middle].start <= day { low = middle } else { high = middle }
        }
        let year = years[low]
        var offset = Int(day - year.start)
        var ordinal = 0
        while offset >= year.monthLength(ordinal) {
            offset -= year.monthLength(ordinal)
            ordinal += 1
        }
        let leap = year.leapMonth
        let extendedYear = firstYear + Int64(low)
        var date = CalendarDate(
            era: 0, year: extendedYear, extendedYear: extendedYear,
            relatedYear: gregorianYear(ofIslamicYear: extendedYear),
            month: ordinal - (leap != 0 && ordinal + 1 >= leap ? 1 : 0), isLeapMonth: leap != 0 && ordinal + 1 == leap,
            day: offset + 1, dayOfYear: Int(day - year.start) + 1)
        if let relatedYearOffset {
            // The cycles count from 2637 BC in both calendars; dangi's extended years from 2333 BC.
            date.relatedYear = extendedYear - relatedYearOffset
            let cycleYear = date.relatedYear + 2636
            date.era = Int(floorDivide(cycleYear, 60)) + 1
            date.year = cycleYear - floorDivide(cycleYear, 60) * 60 + 1
        }
        return date
    }
}

/// The quotient rounded towards minus infinity.
private func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
}
