#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Civil calendar

/// Proleptic Gregorian calendar arithmetic on day numbers counted from 1970-01-01 (day 0), for time zone rules
/// and date formatting. Years are astronomical: year 0 is 1 BC.
package enum CivilCalendar {
    /// Days from 1970-01-01 to `year-month-day`; `month` 1...12, `day` 1...31 (larger days run into later months).
    package static func daysFromCivil(year: Int64, month: Int, day: Int) -> Int64 {
        // Count years from March, so that the leap day ends the year, in 400-year eras of 146 097 days.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = Int64((month + 9) % 12)
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of the day `days` after 1970-01-01 (negative before).
    static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthFromMarch + 2) / 5 + 1)
        let month = Int(monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9)
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// The weekday of the day `days` after 1970-01-01: 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday).
    static func weekday(fromDays days: Int64) -> Int {
        let remainder = Int((days + 4) % 7)
        return remainder < 0 ? remainder + 7 : remainder
    }

    static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days in `month` (1...12) of `year`.
    static func daysInMonth(year: Int64, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
