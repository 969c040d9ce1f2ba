import Foundation
import GroupContract
import GroupStore
import I18nCore
import TestSupport
import Testing

@Suite struct ReloadRequestTests {
    let project = try! ProjectID("acme/widgets")

    @Test func theNewestRequestForAKindWins() throws {
        let store = InMemoryGroupStore()
        #expect(ReloadRequest.latest(project: project, kind: "today", in: store) == nil)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        try ReloadRequest.record("messages updated: tr", project: project, in: store, now: start)
        let global = try #require(ReloadRequest.latest(project: project, kind: "today", in: store))
        #expect(global.reason == "messages updated: tr")
        #expect(global.kind == nil)
        try ReloadRequest.record(
            "new event", kind: "days-since", project: project, in: store, now: start.addingTimeInterval(5))
        #expect(ReloadRequest.latest(project: project, kind: "today", in: store)?.id == global.id)
        let specific = try #require(ReloadRequest.latest(project: project, kind: "days-since", in: store))
        #expect(specific.reason == "new event")
        #expect(specific.kind == "days-since")
        #expect(
            try store.keys().sorted() == [
                "@better-i18n:widget-i18n:reload:acme/widgets",
                "@better-i18n:widget-i18n:reload:acme/widgets:days-since",
            ])
    }

    @Test func anUnreadableRecordCountsAsAbsentAndSaysWhy() throws {
        let store = InMemoryGroupStore(["@better-i18n:widget-i18n:reload:acme/widgets": "{not json"])
        #expect(ReloadRequest.latest(project: project, kind: nil, in: store) == nil)
        var problems: [String] = []
        #expect(ReloadRequest.latest(project: project, kind: nil, in: store, problems: &problems) == nil)
        #expect(problems.count == 1)
        #expect(
            problems.first?.hasPrefix("The reload request under '@better-i18n:widget-i18n:reload:acme/widgets'") == true
        )
    }

    /// What a JavaScript app writes: `requestedAt: Date.now()`, milliseconds, and perhaps no reason or kind.
    @Test func aNumericRequestedAtIsMilliseconds() throws {
        let store = InMemoryGroupStore([
            "@better-i18n:widget-i18n:reload:acme/widgets": #"{"id":"js-1","requestedAt":1754300000123}"#,
            "@better-i18n:widget-i18n:reload:acme/widgets:today":
                #"{"id":"swift","requestedAt":"2025-08-04T09:33:20Z","reason":"new event","kind":"today"}"#,
        ])
        let request = try #require(ReloadRequest.latest(project: project, kind: nil, in: store))
        #expect(request.id == "js-1")
        #expect(request.requestedAt == Date(timeIntervalSince1970: 1_754_300_000.123))
        #expect(request.reason == "")
        // 09:33:20.123 beats 09:33:20 by the milliseconds.
        #expect(ReloadRequest.latest(project: project, kind: "today", in: store)?.id == "js-1")
    }

    @Test(arguments: [#"{"id":"x","requestedAt":1e300}"#, #"{"id":"x","requestedAt":"yesterday"}"#, #"{"id":"x"}"#])
    func aRequestedAtNoClockCanHoldIsAProblem(_ record: String) throws {
        let store = InMemoryGroupStore(["@better-i18n:widget-i18n:reload:acme/widgets": record])
        var problems: [String] = []
        #expect(ReloadRequest.latest(project: project, kind: nil, in: store, problems: &problems) == nil)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("requestedAt") == true, "\(problems)")
    }
}
