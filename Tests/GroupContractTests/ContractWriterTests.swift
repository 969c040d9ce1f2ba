import GroupContract
import GroupStore
import I18nCore
import LocaleData
import Testing

@Suite struct ContractWriterTests {
    let project = try! ProjectID("acme/widgets")

    @Test func selectsTheNearestCachedLocaleAndAsksForAReload() throws {
        let store = InMemoryGroupStore(["@better-i18n:messages:acme/widgets:de": #"{"a":"b"}"#])
        let chosen = try ContractWriter(store: store, project: project).selectLocale(LocaleTag(parsing: "de-AT")!)
        #expect(chosen == LocaleTag(parsing: "de"))
        #expect(try store.string(forKey: "@better-i18n:locale:acme/widgets") == "de")
        let reload = try #require(ReloadRequest.latest(project: project, kind: nil, in: store))
        #expect(reload.reason == "locale changed to de")
        // Selecting the same locale again changes nothing, not even the reload request.
        try ContractWriter(store: store, project: project).selectLocale(LocaleTag(parsing: "de")!)
        #expect(ReloadRequest.latest(project: project, kind: nil, in: store)?.id == reload.id)
    }

    @Test func refusesUncachedAndUnusableLocales() throws {
        let store = InMemoryGroupStore([
            "@better-i18n:messages:acme/widgets:tr": "{broken", "@better-i18n:locale:acme/widgets": "en",
        ])
        #expect(throws: LocaleSelectionError.self) {
            try ContractWriter(store: store, project: project).selectLocale(LocaleTag(parsing: "ja")!)
        }
        let error = #expect(throws: LocaleSelectionError.self) {
            try ContractWriter(store: store, project: project).selectLocale(LocaleTag(parsing: "tr")!)
        }
        #expect(error?.description.hasPrefix("The cached messages for 'tr' are unusable") == true)
        #expect(try store.string(forKey: "@better-i18n:locale:acme/widgets") == "en")
    }
}
