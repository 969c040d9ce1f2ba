import GroupContract
import GroupStore
import I18nCore
import LocaleData
import TestSupport
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

/// A preferences domain keeps no index: the writer puts it where the domain's readers keep theirs.
@Suite struct PreferencesDomainWriterTests {
    /// A domain in memory with a reader cache of its own, as `UserDefaultsGroupStore` is on a phone.
    static func domain(cache: FileGroupStore?) -> ForwardingGroupStore {
        // What makes it a domain to the writer: a budget, and a reader cache of its own (or none).
        var capabilities = GroupStoreCapabilities(displayName: "domain")
        capabilities.readerCache = cache
        capabilities.budget = .iOS
        return ForwardingGroupStore(over: InMemoryGroupStore(displayName: "domain"), capabilities: capabilities)
    }

    @Test func theIndexGoesToTheReaderCacheNeverIntoTheDomain() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = FileGroupStore(directory: directory.path)
        let project = try ProjectID("acme/widgets")
        for domain in [Self.domain(cache: cache), Self.domain(cache: nil)] {
            let json = Array(#"{"today":{"title":"Bugün"}}"#.utf8)
            try ContractWriter(store: domain, project: project).storeMessages(
                json, bundle: try MessageBundle(jsonBytes: json), locale: try LocaleTag("tr"))
            #expect(try domain.keys() == ["@better-i18n:messages:acme/widgets:tr"])
        }
        #expect(try cache.keys() == ["@better-i18n:widget-i18n:index:acme/widgets:tr"])
        // And a reader of the domain finds the index there.
        let domain = Self.domain(cache: cache)
        try domain.base.setString(#"{"today":{"title":"Bugün"}}"#, forKey: "@better-i18n:messages:acme/widgets:tr")
        let reader = ContractReader(store: domain, project: project, readerCache: cache)
        let opened = try #require(try reader.openMessages(try LocaleTag("tr"), cachedLocales: { [] }))
        #expect(!(try reader.lookup(for: opened) is MessageBundle))
    }
}
