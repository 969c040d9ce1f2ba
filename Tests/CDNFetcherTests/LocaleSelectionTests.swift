import CDNFetcher
import GroupStore
import I18nCore
import Testing
import TimelineEngine
import WidgetTranslator

@Suite struct LocaleSelectionTests {
    let project = try! ProjectID("acme/widgets")

    @Test func selectsTheNearestCachedLocaleAndAsksForAReload() throws {
        let store = InMemoryGroupStore(["@better-i18n:messages:acme/widgets:de": #"{"a":"b"}"#])
        let chosen = try CachedMessages.selectLocale(LocaleTag(parsing: "de-AT")!, project: project, in: store)
        #expect(chosen == LocaleTag(parsing: "de"))
        #expect(try store.string(forKey: "@better-i18n:locale:acme/widgets") == "de")
        let reload = try #require(ReloadRequest.latest(project: project, kind: nil, in: store))
        #expect(reload.reason == "locale changed to de")
        // Selecting the same locale again changes nothing, not even the reload request.
        try CachedMessages.selectLocale(LocaleTag(parsing: "de")!, project: project, in: store)
        #expect(ReloadRequest.latest(project: project, kind: nil, in: store)?.id == reload.id)
    }

    @Test func refusesUncachedAndUnusableLocales() throws {
        let store = InMemoryGroupStore([
            "@better-i18n:messages:acme/widgets:tr": "{broken", "@better-i18n:locale:acme/widgets": "en",
        ])
        #expect(throws: LocaleSelectionError.self) {
            try CachedMessages.selectLocale(LocaleTag(parsing: "ja")!, project: project, in: store)
        }
        let error = #expect(throws: LocaleSelectionError.self) {
            try CachedMessages.selectLocale(LocaleTag(parsing: "tr")!, project: project, in: store)
        }
        #expect(error?.description.hasPrefix("The cached messages for 'tr' are unusable") == true)
        #expect(try store.string(forKey: "@better-i18n:locale:acme/widgets") == "en")
    }
}
