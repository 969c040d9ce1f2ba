import Foundation
import GroupContract
import GroupStore
import HomeScreenSimulator
import I18nCore
import TestSupport
import Testing
import TimelineEngine
import WidgetI18nSupport

/// A provider whose timeline is an entry now and one each hour for three hours, counting its calls.
final class CountingProvider: EntryTimelineProvider {
    let kind: String
    let policy: EntryTimeline<TestEntry>.ReloadPolicy
    let calls = Locked(0)

    init(kind: String = "counter", policy: EntryTimeline<TestEntry>.ReloadPolicy = .atEnd) {
        self.kind = kind
        self.policy = policy
    }

    func placeholder(in context: EntryTimelineContext) -> TestEntry {
        TestEntry(date: context.date, label: "placeholder")
    }
    func snapshot(in context: EntryTimelineContext) async -> TestEntry {
        TestEntry(date: context.date, label: "snapshot")
    }
    func timeline(in context: EntryTimelineContext) async -> EntryTimeline<TestEntry> {
        let call = calls.withLock { count in
            count += 1
            return count
        }
        let entries = (0..<4).map {
            TestEntry(date: context.date.addingTimeInterval(Double($0) * 3600), label: "load \(call) hour \($0)")
        }
        return EntryTimeline(entries: entries, policy: policy)
    }
}

private let project = try! ProjectID("acme/widgets")

private func shown(_ events: [TimelineHostEvent<TestEntry>]) -> [String] {
    events.compactMap { if case .show(let entry) = $0 { entry.label } else { nil } }
}

private func reloads(_ events: [TimelineHostEvent<TestEntry>]) -> [String] {
    events.compactMap { if case .reloaded(let reason) = $0 { reason } else { nil } }
}

@Suite struct TimelineHostTests {
    let start = date("2026-06-01T10:00:00Z")
    let utc = EntryTimelineContext(timeZone: .utc, date: date("2026-06-01T10:00:00Z"))

    /// A reload request a JavaScript app wrote with `Date.now()` is honoured; one no one can read is reported,
    /// once, and changes nothing.
    @Test func honoursAMillisecondRequestAndReportsAnUnreadableOnce() async throws {
        let store = InMemoryGroupStore()
        let provider = CountingProvider(kind: "today")
        let host = TimelineHost(provider: provider, store: store, project: project, context: utc)
        _ = await host.step(at: start)
        try store.setString(
            #"{"id":"js","requestedAt":1780308000000}"#, forKey: "@better-i18n:widget-i18n:reload:acme/widgets")
        #expect(reloads(await host.step(at: start.addingTimeInterval(60))) == ["reload requested: "])
        try store.setString("{nope", forKey: "@better-i18n:widget-i18n:reload:acme/widgets:today")
        let events = await host.step(at: start.addingTimeInterval(120))
        let problems = events.compactMap { if case .problem(let message) = $0 { message } else { nil } }
        #expect(problems.count == 1)
        #expect(reloads(events).isEmpty)
        #expect(
            await host.step(at: start.addingTimeInterval(180)).allSatisfy {
                if case .problem = $0 { false } else { true }
            })
    }

    @Test func showsEntriesAsTimePassesAndReloadsAtTheEnd() async {
        let provider = CountingProvider()
        let host = TimelineHost(provider: provider, store: InMemoryGroupStore(), project: project, context: utc)
        var events = await host.step(at: start)
        #expect(reloads(events) == ["first load"])
        #expect(shown(events) == ["load 1 hour 0"])
        #expect(await host.nextWake(after: start) == start.addingTimeInterval(3600))
        #expect(shown(await host.step(at: start.addingTimeInterval(1800))) == [])
        #expect(shown(await host.step(at: start.addingTimeInterval(3600))) == ["load 1 hour 1"])
        events = await host.step(at: start.addingTimeInterval(3 * 3600))
        #expect(reloads(events) == ["policy: timeline ended"])
        #expect(shown(events) == ["load 2 hour 0"])
        let calls = provider.calls.withLock { $0 }
        #expect(calls == 2)
    }

    @Test func policyNeverWaitsForARequest() async throws {
        let store = InMemoryGroupStore()
        let provider = CountingProvider(policy: .never)
        let host = TimelineHost(provider: provider, store: store, project: project, context: utc)
        _ = await host.step(at: start)
        #expect(reloads(await host.step(at: start.addingTimeInterval(10 * 3600))) == [])
        try ReloadRequest.record("locale changed to ar", project: project, in: store)
        let events = await host.step(at: start.addingTimeInterval(10 * 3600 + 1))
        #expect(reloads(events) == ["reload requested: locale changed to ar"])
        #expect(reloads(await host.step(at: start.addingTimeInterval(10 * 3600 + 2))) == [])
    }

    @Test func kindSpecificRequestsReachOnlyThatKind() async throws {
        let store = InMemoryGroupStore()
        let today = TimelineHost(
            provider: CountingProvider(kind: "today", policy: .never), store: store, project: project, context: utc)
        let days = TimelineHost(
            provider: CountingProvider(kind: "days-since", policy: .never), store: store, project: project, context: utc
        )
        _ = await today.step(at: start)
        _ = await days.step(at: start)
        try ReloadRequest.record(
            "new event", kind: "days-since", project: project, in: store, now: start.addingTimeInterval(60))
        #expect(reloads(await today.step(at: start.addingTimeInterval(61))) == [])
        #expect(reloads(await days.step(at: start.addingTimeInterval(61))) == ["reload requested: new event"])
    }

    @Test func requestsBeyondTheBudgetWaitForTheNextDay() async throws {
        let store = InMemoryGroupStore()
        let host = TimelineHost(
            provider: CountingProvider(policy: .never), store: store, project: project, context: utc,
            budget: ReloadBudget(dailyLimit: 1))
        _ = await host.step(at: start)
        try ReloadRequest.record("first", project: project, in: store, now: start)
        #expect(reloads(await host.step(at: start.addingTimeInterval(10))) == ["reload requested: first"])
        try ReloadRequest.record("second", project: project, in: store, now: start.addingTimeInterval(20))
        let events = await host.step(at: start.addingTimeInterval(30))
        guard case .deferred(let reason, let until) = events.first else {
            Issue.record("expected a deferral, got \(events)")
            return
        }
        #expect(reason == "reload requested: second")
        #expect(until == date("2026-06-02T00:00:00Z"))
        #expect(await host.nextWake(after: start.addingTimeInterval(4 * 3600)) == until)
        #expect(await host.step(at: start.addingTimeInterval(3600)).isEmpty)
        #expect(reloads(await host.step(at: until)) == ["reload requested: second"])
    }
}
