import Foundation
import LocaleData
import TestSupport
import Testing
import TimelineEngine

/// `RelativeTextSchedule` finds every change of a relative text, at the first millisecond that shows it, and thins
/// them by its policy.
@Suite struct RelativeTextScheduleTests {
    let updated = date("2026-03-18T12:00:00Z")

    /// The text a widget would show, English-like: enough to tell every selection apart, and "now" for zero.
    func text(_ now: Date) throws(DateRangeError) -> String {
        let chosen = try RelativeTimeSelection(of: updated, from: now, timeZone: .utc)
        return chosen.value == 0 ? "now" : "\(Int(-chosen.value)) \(chosen.unit.rawValue) ago"
    }

    /// Unthinned, the schedule finds exactly the changes a scan every quarter of a second over two days sees.
    @Test func unthinnedItFindsEveryChange() throws {
        let end = updated.addingTimeInterval(2 * 86_400)
        let schedule = RelativeTextSchedule(minimumSpacing: 0, spacingFraction: 0, maximumEntries: 10_000)
        let changes = try schedule.changes(of: updated, after: updated, through: end, timeZone: .utc, text: text)
        var scanned: [Int] = []
        var previous = try text(updated)
        for quarter in 1...(8 * 86_400) {
            let shown = try text(updated.addingTimeInterval(Double(quarter) / 4))
            if shown != previous { scanned.append(quarter) }
            previous = shown
        }
        // A change at the half-second k + 0.5 shows from k + 0.5 s + 1 ms, which the scan sees at k + 0.75.
        #expect(changes.map { Int(($0.timeIntervalSince(updated) * 4).rounded(.up)) } == scanned)
        for change in changes {
            #expect(try text(change) != text(change.addingTimeInterval(-0.002)), "\(change)")
        }
    }

    /// A countdown: a date six days ahead comes into days at five, "in 5 days", then "in 4 days" half a day on.
    @Test func aFutureDateComesIntoEachUnitOnTime() throws {
        let event = updated.addingTimeInterval(6 * 86_400)
        func countdown(_ now: Date) throws(DateRangeError) -> String {
            let chosen = try RelativeTimeSelection(of: event, from: now, timeZone: .utc)
            return "in \(Int(chosen.value)) \(chosen.unit.rawValue)"
        }
        let end = updated.addingTimeInterval(2.5 * 86_400)
        let schedule = RelativeTextSchedule(minimumSpacing: 0, spacingFraction: 0, maximumEntries: 10_000)
        let changes = try schedule.changes(of: event, after: updated, through: end, timeZone: .utc, text: countdown)
        var scanned: [Int] = []
        var previous = try countdown(updated)
        for second in 1...Int(2.5 * 86_400) {
            let shown = try countdown(updated.addingTimeInterval(Double(second)))
            if shown != previous { scanned.append(second) }
            previous = shown
        }
        #expect(changes.map { Int($0.timeIntervalSince(updated).rounded(.up)) } == scanned)
        #expect(try changes.map(countdown) == ["in 5 day", "in 4 day"])
        #expect(abs((changes.first?.timeIntervalSince(updated) ?? 0) - 86_400.001) < 1e-6)
    }

    @Test func thePolicyThinsAsTheTextAges() throws {
        let end = updated.addingTimeInterval(86_400)
        let changes = try RelativeTextSchedule().changes(
            of: updated, after: updated, through: end, timeZone: .utc, text: text)
        let texts = try changes.map(text)
        // "1 minute ago" at 45 s, then every minute to 44, then every hour to 22, then "1 day ago" at 22 h.
        #expect(texts.prefix(3) == ["1 minute ago", "2 minute ago", "3 minute ago"])
        #expect(texts.contains("44 minute ago"))
        // "45 minute ago" would show for half a minute before "1 hour ago": it gives way.
        #expect(!texts.contains("45 minute ago") && texts.contains("1 hour ago"))
        #expect(texts.contains("21 hour ago") && texts.last == "1 day ago")
        #expect(changes.first == updated.addingTimeInterval(45))
        #expect(changes.count == 44 + 22 + 1)
        for (earlier, later) in zip(changes, changes.dropFirst()) {
            #expect(later.timeIntervalSince(earlier) >= 45)
        }
        let capped = try RelativeTextSchedule(maximumEntries: 10).changes(
            of: updated, after: updated, through: end, timeZone: .utc, text: text)
        #expect(capped == Array(changes.prefix(10)))
    }
}
