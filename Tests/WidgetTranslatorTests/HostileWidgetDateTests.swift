import Foundation
import I18nCore
import LocaleData
import Testing
import TimelineEngine
import WidgetTranslator

/// Dates past JavaScript's (±8.64e12 s) and NaN, at every widget call a date enters: one range, one error
/// (`DateRangeError`), and the calendar helpers total. Before, `relativeTime(from:to:)` trapped on a date past
/// ±2^63 s or NaN (`RelativeTimeSelection` → `ZoneInfo.dayNumber` converts to `Int64`), as did `nextBoundary`.
@Suite struct HostileWidgetDateTests {
    static let hostile = [1e300, -1e300, .nan, .infinity, 9.3e18, 8.640000000000001e12, -8.640000000000001e12]
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let format = WidgetFormatter(locale: .english, timeZone: ZoneInfo(identifier: "Europe/Istanbul") ?? .utc)

    /// The whole sweep runs in a child process first, so that a trap fails this test rather than the run.
    @Test func noWidgetCallTrapsOnADateNoClockHolds() async {
        await #expect(processExitsWith: .success) {
            let format = WidgetFormatter(locale: .english, timeZone: ZoneInfo(identifier: "America/New_York") ?? .utc)
            let now = Date(timeIntervalSince1970: 1_790_000_000)
            for seconds in HostileWidgetDateTests.hostile {
                let far = Date(timeIntervalSince1970: seconds)
                _ = try? format.relativeTime(from: far, to: now)
                _ = try? format.relativeTime(from: now, to: far)
                _ = try? format.dateTime(far, skeleton: "yMMMd")
                _ = try? RelativeTimeSelection.nextBoundary(of: far, after: now, timeZone: format.timeZone)
                _ = try? RelativeTextSchedule().changes(
                    of: now, after: now, through: far, timeZone: format.timeZone
                ) { try format.relativeTime(from: now, to: $0) }
                let zone = format.timeZone
                _ = zone.startOfDay(for: far)
                _ = zone.midnights(after: far, through: far)
                _ = zone.days(from: now, to: far)
                _ = zone.months(from: far, to: now)
                _ = zone.isDate(far, inSameDayAs: now)
                _ = zone.startOfDay(number: Int.max)
                _ = zone.startOfDay(number: Int.min)
            }
        }
    }

    @Test(arguments: hostile)
    func aDateOutsideTheRangeIsTheOneError(_ seconds: Double) throws {
        let far = Date(timeIntervalSince1970: seconds)
        #expect(throws: DateRangeError.self) { try format.relativeTime(from: far, to: now) }
        #expect(throws: DateRangeError.self) { try format.relativeTime(from: now, to: far) }
        #expect(throws: DateRangeError.self) { try format.dateTime(far, skeleton: "yMMMd") }
        #expect(throws: DateRangeError.self) {
            try RelativeTimeSelection.nextBoundary(of: now, after: far, timeZone: .utc)
        }
        #expect(throws: DateRangeError.self) {
            try RelativeTextSchedule().changes(of: now, after: now, through: far, timeZone: .utc) { _ in "" }
        }
        let error = try #require(throws: DateRangeError.self) { try format.relativeTime(from: far, to: now) }
        #expect(error.description.contains("within 100,000,000 days of 1970"))
        #expect(error.secondsSince1970.isNaN ? seconds.isNaN : error.secondsSince1970 == seconds)
    }

    /// The range's ends themselves format, as JavaScript's `new Date(±8.64e15)` does.
    @Test func theRangesEndsAreDates() throws {
        let last = Date(timeIntervalSince1970: DateRangeError.range.upperBound)
        let first = Date(timeIntervalSince1970: DateRangeError.range.lowerBound)
        #expect(try format.relativeTime(from: last, to: now) == "in 273,734 years")
        #expect(try format.relativeTime(from: first, to: now).hasSuffix("years ago"))
        #expect(try format.dateTime(last, skeleton: "yMMMd") == "Sep 13, 275760")
    }

    /// Past the range the calendar helpers count with its nearest end: totals, not traps, and ordered as the dates.
    @Test func theCalendarHelpersCountAFarDateAsTheRangesEnd() {
        let zone = ZoneInfo.utc
        let end = Date(timeIntervalSince1970: DateRangeError.range.upperBound)
        #expect(zone.dayNumber(of: Date(timeIntervalSince1970: 1e300)) == zone.dayNumber(of: end))
        #expect(zone.dayNumber(of: Date(timeIntervalSince1970: -1e300)) == -100_000_000)
        #expect(zone.dayNumber(of: Date(timeIntervalSince1970: .nan)) == 0)
        #expect(zone.days(from: now, to: Date(timeIntervalSince1970: .infinity)) == zone.days(from: now, to: end))
        #expect(zone.midnights(after: end, through: Date(timeIntervalSince1970: 1e300)).count <= 1)
    }
}
