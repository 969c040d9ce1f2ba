import Foundation
import LocaleData
import TestSupport
import Testing

/// `RelativeTimeSelection` against formatjs' `selectUnit` rule (`packages/intl-utils/src/diff.ts`): thresholds of
/// 45 s, 45 min, 22 h and 5 days, then calendar years and months in the zone, then weeks; `Math.round` rounding.
@Suite struct RelativeTimeSelectionTests {
    let now = date("2026-03-18T12:00:00Z")

    func selection(_ seconds: Double, zone: ZoneInfo = .utc) throws -> String {
        let chosen = try RelativeTimeSelection(of: now.addingTimeInterval(seconds), from: now, timeZone: zone)
        return "\(chosen.value) \(chosen.unit.rawValue)"
    }

    @Test func thresholdsAndRounding() throws {
        #expect(try selection(0) == "0.0 second")
        #expect(try selection(-44.4) == "-44.0 second")
        #expect(try selection(-44.5) == "-44.0 second")  // Math.round(-44.5) is -44: halves go up
        #expect(try selection(44.5) == "45.0 second")
        #expect(try selection(-45) == "-1.0 minute")
        #expect(try selection(-89.9) == "-1.0 minute")
        #expect(try selection(-90) == "-1.0 minute")
        #expect(try selection(-90.1) == "-2.0 minute")
        #expect(try selection(-44 * 60) == "-44.0 minute")
        #expect(try selection(-45 * 60) == "-1.0 hour")
        #expect(try selection(-21.4 * 3600) == "-21.0 hour")
        #expect(try selection(-22 * 3600) == "-1.0 day")
        #expect(try selection(4.9 * 86_400) == "5.0 day")
        #expect(try selection(-5 * 86_400) == "-1.0 week")  // the 13th is in March too: weeks
        #expect(try selection(-18 * 86_400) == "-1.0 month")  // 28 February
        #expect(try selection(300 * 86_400) == "1.0 year")  // January 2027
        #expect(try selection(-78 * 86_400) == "-1.0 year")  // 30 December 2025
    }

    /// `selectUnit(from, to, thresholds)`: moved thresholds move the switch, the boundaries with it.
    @Test func thresholdsCanBeMoved() throws {
        let allDay = RelativeTimeThresholds(hour: 26)
        let late = now.addingTimeInterval(-23 * 3600)
        #expect(try RelativeTimeSelection(of: late, from: now, timeZone: .utc) == .init(value: -1, unit: .day))
        #expect(
            try RelativeTimeSelection(of: late, from: now, timeZone: .utc, thresholds: allDay)
                == .init(value: -23, unit: .hour))
        let boundary = try RelativeTimeSelection.nextBoundary(
            of: late, after: now, timeZone: .utc, thresholds: allDay)
        #expect(boundary == now.addingTimeInterval(0.5 * 3600))
    }

    @Test func monthsAndYearsAreTheZonesCalendarFields() throws {
        // 2026-03-31T23:30Z is already April in Istanbul (UTC+3).
        let istanbul = try #require(ZoneInfo(identifier: "Europe/Istanbul"))
        let end = date("2026-03-31T23:30:00Z")
        let start = date("2026-03-24T12:00:00Z")
        #expect(try RelativeTimeSelection(of: end, from: start, timeZone: .utc).unit == .week)
        let local = try RelativeTimeSelection(of: end, from: start, timeZone: istanbul)
        #expect(local.unit == .month && local.value == 1)
    }

    /// Between `now` and the next boundary the selection does not change: sampled densely across every regime.
    @Test(arguments: [
        -3.0, -50, -2000, -2800, -30_000, -80_000, -200_000, -500_000, -2_000_000, -40_000_000, 30, 4000, 518_400.0,
        3_456_000.0, 34_560_000.0,
    ])
    func theSelectionIsConstantUpToTheNextBoundary(offset: Double) throws {
        let zone = try #require(ZoneInfo(identifier: "America/New_York"))
        let described = now
        var instant = now.addingTimeInterval(-offset)
        for _ in 0..<40 {
            let boundary = try RelativeTimeSelection.nextBoundary(of: described, after: instant, timeZone: zone)
            #expect(boundary > instant)
            let span = boundary.timeIntervalSince(instant)
            let first = try RelativeTimeSelection(
                of: described, from: instant.addingTimeInterval(span * 0.001), timeZone: zone)
            for step in 1..<50 {
                let probe = instant.addingTimeInterval(span * Double(step) / 50)
                #expect(try RelativeTimeSelection(of: described, from: probe, timeZone: zone) == first, "\(probe)")
            }
            instant = boundary.addingTimeInterval(0.001)
        }
    }
}
