import Foundation
import HomeScreenSimulator
import I18nCore
import LocaleData
import TestSupport
import Testing
import TimelineEngine

struct TestEntry: DatedEntry, Hashable {
    let date: Date
    let label: String
}

@Suite struct EntryTimelineTests {
    let timeline = EntryTimeline(
        entries: [
            TestEntry(date: date("2026-01-01T12:00:00Z"), label: "noon"),
            TestEntry(date: date("2026-01-01T09:00:00Z"), label: "nine"),
            TestEntry(date: date("2026-01-02T00:00:00Z"), label: "midnight"),
        ], policy: .atEnd)

    @Test func showsTheLastEntryThatHasStarted() {
        #expect(timeline.entries.map(\.label) == ["nine", "noon", "midnight"])
        #expect(timeline.entry(at: date("2026-01-01T08:00:00Z"))?.label == "nine")
        #expect(timeline.entry(at: date("2026-01-01T09:00:00Z"))?.label == "nine")
        #expect(timeline.entry(at: date("2026-01-01T11:59:59Z"))?.label == "nine")
        #expect(timeline.entry(at: date("2026-01-01T12:00:00Z"))?.label == "noon")
        #expect(timeline.entry(at: date("2026-01-05T00:00:00Z"))?.label == "midnight")
        #expect(timeline.nextEntryDate(after: date("2026-01-01T12:00:00Z")) == date("2026-01-02T00:00:00Z"))
        #expect(timeline.nextEntryDate(after: date("2026-01-02T00:00:00Z")) == nil)
    }

    @Test func reloadDatesFollowThePolicy() {
        #expect(timeline.reloadDate == date("2026-01-02T00:00:00Z"))
        #expect(
            EntryTimeline(entries: timeline.entries, policy: .after(date("2026-01-01T15:00:00Z"))).reloadDate
                == date("2026-01-01T15:00:00Z"))
        #expect(EntryTimeline(entries: timeline.entries, policy: .never).reloadDate == nil)
        #expect(EntryTimeline<TestEntry>(entries: [], policy: .atEnd).reloadDate == nil)
    }

    @Test(arguments: [
        // Europe/Berlin springs forward on 2026-03-29 (a 23-hour day) and falls back on 2026-10-25 (25 hours).
        (
            "Europe/Berlin", "2026-03-28T12:00:00Z",
            ["2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", "2026-03-30T22:00:00Z"]
        ),
        (
            "Europe/Berlin", "2026-10-24T12:00:00Z",
            ["2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z", "2026-10-26T23:00:00Z"]
        ),
        (
            "America/New_York", "2026-03-07T17:00:00Z",
            ["2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z", "2026-03-10T04:00:00Z"]
        ),
        (
            "America/New_York", "2026-10-31T17:00:00Z",
            ["2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z", "2026-11-03T05:00:00Z"]
        ),
        (
            "Asia/Tokyo", "2026-03-28T12:00:00Z",
            ["2026-03-28T15:00:00Z", "2026-03-29T15:00:00Z", "2026-03-30T15:00:00Z"]
        ),
        (
            "Australia/Lord_Howe", "2026-04-04T12:00:00Z",
            ["2026-04-04T13:00:00Z", "2026-04-05T13:30:00Z", "2026-04-06T13:30:00Z"]
        ),
    ])
    func midnightsAreLocalAcrossDaylightSavingChanges(_ zone: String, _ from: String, _ expected: [String]) throws {
        let timeZone = try #require(ZoneInfo(identifier: zone))
        let midnights = timeZone.midnights(after: date(from), through: date(expected.last!))
        #expect(midnights == expected.map(date))
    }

    @Test func budgetsRenewAtLocalMidnight() {
        let istanbul = ZoneInfo(identifier: "Europe/Istanbul")!
        var budget = ReloadBudget(dailyLimit: 2)
        let granted = ["2026-01-01T10:00:00Z", "2026-01-01T11:00:00Z", "2026-01-01T12:00:00Z"].map {
            budget.consume(at: date($0), timeZone: istanbul)
        }
        #expect(granted == [true, true, false])
        #expect(budget.renewal(after: date("2026-01-01T12:00:00Z"), timeZone: istanbul) == date("2026-01-01T21:00:00Z"))
        let renewed = budget.consume(at: date("2026-01-01T21:00:00Z"), timeZone: istanbul)
        #expect(renewed)
    }
}
