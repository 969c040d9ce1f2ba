import Foundation
import Testing

@testable import LocaleData

/// The calendars' arithmetic and tables against ICU4C 77.1's own `Calendar` fields, and the choice of a
/// locale's calendar as ICU 77 makes it.
@Suite struct CalendarSystemTests {
    /// `Data/calendar-fields.json` (from `scripts/generate/calendars.py`): per calendar, days with ICU's ERA,
    /// YEAR, MONTH, IS_LEAP_MONTH, DATE, DAY_OF_YEAR, EXTENDED_YEAR and related year, across ±100,000,000 days
    /// for the arithmetic calendars and every month of their tables for the others.
    static let fields: [String: [[Int64]]] = {
        guard let data = try? testData.bytes("calendar-fields.json"),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        var result: [String: [[Int64]]] = [:]
        for (key, value) in object {
            guard let rows = value as? [[NSNumber]] else { continue }
            result[key] = rows.map { $0.map(\.int64Value) }
        }
        return result
    }()

    @Test(arguments: CalendarSystem.allCases)
    func everyDayHasICUsFields(_ calendar: CalendarSystem) {
        let rows = Self.fields[calendar.identifier] ?? []
        #expect(rows.count > 100, "no sample days for \(calendar)")
        var failures: [String] = []
        for row in rows {
            guard let date = calendar.date(onDay: row[0]) else {
                failures.append("day \(row[0]): no date")
                continue
            }
            let mine: [Int64] = [
                row[0], Int64(date.era), date.year, Int64(date.month), date.isLeapMonth ? 1 : 0, Int64(date.day),
                Int64(date.dayOfYear), date.extendedYear, date.relatedYear,
            ]
            if mine != row { failures.append("day \(row[0]): \(mine) != ICU's \(row)") }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.prefix(20).joined(separator: "\n")))
    }

    /// The tables stop where they were generated: no date is guessed beyond them.
    @Test(arguments: [CalendarSystem.chinese, .dangi, .islamicUmalqura])
    func aTableCalendarHasNoDateOutsideItsTable(_ calendar: CalendarSystem) {
        let first = CivilCalendar.daysFromCivil(year: 1900, month: 1, day: 1)
        let last = CivilCalendar.daysFromCivil(year: 2100, month: 12, day: 31)
        #expect(calendar.coveredDays == first...last)
        #expect(calendar.date(onDay: first) != nil && calendar.date(onDay: last) != nil)
        #expect(calendar.date(onDay: first - 1) == nil && calendar.date(onDay: last + 1) == nil)
        #expect(calendar.date(onDay: Int64.min / 2) == nil && calendar.date(onDay: 100_000_000) == nil)
        #expect(calendar.coveredDaysDescription == "1900-01-01 to 2100-12-31")
    }

    @Test func theArithmeticCalendarsReachEveryDate() {
        for calendar in CalendarSystem.allCases where calendar.coveredDays == nil {
            #expect(calendar.date(onDay: -100_000_000) != nil && calendar.date(onDay: 100_000_000) != nil)
        }
    }

    /// ICU 77's choice: the tag's `-u-ca-`, else the region's first preference (CLDR's data, not a list).
    @Test(arguments: [
        ("th", CalendarSystem.buddhist), ("th-TH", .buddhist), ("en-TH", .buddhist), ("th-US", .gregorian),
        ("fa", .persian), ("fa-AF", .persian), ("ps", .persian), ("ps-PK", .gregorian), ("uz-Arab", .persian),
        ("ckb-IR", .persian), ("ar-SA", .gregorian), ("ar", .gregorian), ("ja", .gregorian), ("zh-TW", .gregorian),
        ("he", .gregorian), ("und-Thai", .buddhist), ("th-u-ca-gregory", .gregorian), ("fa-u-ca-gregory", .gregorian),
        ("ja-JP-u-ca-japanese", .japanese), ("he-u-ca-hebrew", .hebrew),
        ("ar-SA-u-ca-islamic-umalqura", .islamicUmalqura),
        ("en-u-ca-islamic-civil", .islamicCivil), ("en-u-ca-islamicc", .islamicCivil), ("zh-TW-u-ca-roc", .roc),
        ("zh-u-ca-chinese", .chinese), ("ko-u-ca-dangi", .dangi), ("en-u-ca-buddhist", .buddhist),
        ("th-u-ca-foo", .buddhist), ("th-u-rg-uszzzz", .gregorian), ("en-u-rg-thzzzz", .buddhist),
        ("en-u-ca-coptic", .coptic), ("th-u-ca-iso8601", .iso8601), ("am-u-ca-ethiopic", .ethiopic),
        ("am-u-ca-ethioaa", .ethioaa), ("am-u-ca-ethiopic-amete-alem", .ethioaa), ("hi-u-ca-indian", .indian),
        ("ar-u-ca-islamic", .islamic), ("ar-u-ca-islamic-tbla", .islamicTbla),
        ("ar-SA-u-ca-islamic-rgsa", .islamicRgsa),
        // No region prefers one of these: Ethiopia, Egypt and India are Gregorian first.
        ("am-ET", .gregorian), ("ar-EG", .gregorian), ("hi-IN", .gregorian),
    ])
    func aLocalesCalendarIsICUs(_ tag: String, _ expected: CalendarSystem) throws {
        #expect(CalendarSystem.preferred(for: try LocaleTag(tag)) == expected)
    }

    @Test func calendarsAreNamedAsBCP47AndICUNameThem() throws {
        #expect(CalendarSystem(identifier: "GREGORIAN") == .gregorian)
        #expect(CalendarSystem(identifier: "islamic-tbla") == .islamicTbla)
        #expect(CalendarSystem(identifier: "ethiopic-amete-alem") == .ethioaa)
        #expect(CalendarSystem(identifier: "julian") == nil)
    }

    @Test func unicodeExtensionKeysReadTheirTypes() throws {
        let tag = try LocaleTag("ar-SA-u-attr-ca-islamic-umalqura-nu-latn-x-private")
        #expect(tag.unicodeExtension("ca") == "islamic-umalqura")
        #expect(tag.unicodeExtension("nu") == "latn")
        #expect(tag.unicodeExtension("CA") == "islamic-umalqura")
        #expect(tag.unicodeExtension("rg") == nil)
        #expect(try LocaleTag("en-u-ca").unicodeExtension("ca") == "true")
        #expect(try LocaleTag("en").unicodeExtension("ca") == nil)
        #expect(try LocaleTag("en-t-ja-u-nu-thai").unicodeExtension("nu") == "thai")
    }

    /// A Gregorian locale's dates read only `CLDRData`: the calendar tables are not decoded for it.
    @Test func gregorianDatesReadNoCalendarRecord() throws {
        let tag = try LocaleTag("de")
        #expect(CalendarData.values(.dates, calendar: .gregorian, for: tag) === CLDRData.values(.dates, for: tag))
        #expect(
            CalendarData.values(.patternGenerator, calendar: .gregorian, for: tag)
                === CLDRData.values(.patternGenerator, for: tag))
    }

    /// Hebrew numerals as ICU's `%hebrew` rules write them, beyond the table too.
    @Test(arguments: [
        (Int64(1), "א׳"), (15, "ט״ו"), (16, "ט״ז"), (298, "רח״צ"), (786, "תשפ״ו"), (1000, "אלף"), (2026, "ב׳כ״ו"),
        (3000, "ג׳ אלפים"), (5786, "ה׳תשפ״ו"), (12_345, "י״ב׳שמ״ה"), (1_234_567, "1,234,567"), (-5, "−ה׳"),
    ])
    func hebrewNumerals(_ value: Int64, _ expected: String) {
        #expect(DateNumbering.hebrewNumeral(value) == expected)
    }
}
