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

    @Test func anUnreadableRecordCountsAsAbsent() throws {
        let store = InMemoryGroupStore(["@better-i18n:widget-i18n:reload:acme/widgets": "{not json"])
        #expect(ReloadRequest.latest(project: project, kind: nil, in: store) == nil)
    }
}
