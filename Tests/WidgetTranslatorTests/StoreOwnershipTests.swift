import Foundation
import GroupStore
import GroupStoreUserDefaults
import I18nCore
import LocaleData
import TestSupport
import Testing
import WidgetTranslator

/// The widget side never writes into a store it does not own.
@Suite struct StoreOwnershipTests {
    @Test func readingThroughUserDefaultsLeavesTheSuiteAsItWas() throws {
        let suite = "widget-i18n-tests-\(UUID().uuidString)"
        let store = try #require(UserDefaultsGroupStore(suiteName: suite))
        defer { removeSuite(suite) }
        // What the app wrote, as the other SDKs write it: strings.
        for locale in ["en", "tr"] {
            let file = Repository.sampleProjectLocales + "/\(locale)/translations.json"
            let json = try String(contentsOfFile: file, encoding: .utf8)
            try store.setString(json, forKey: "@better-i18n:messages:acme/widgets:\(locale)")
        }
        try store.setString("tr", forKey: "@better-i18n:locale:acme/widgets")
        let defaults = try #require(UserDefaults(suiteName: suite))
        let before = try #require(defaults.persistentDomain(forName: suite))

        // An app's suite is no reader cache: by default the translator keeps what it derives in the suite's own
        // (a directory beside it here, the App Group container's caches on a phone).
        let translator = WidgetTranslator(store: store, project: try ProjectID("acme/widgets"))
        let cache = try #require(translator.reader.readerCache as? FileGroupStore)
        #expect(cache.directory == store.defaultReaderCache?.directory)
        defer { try? FileManager.default.removeItem(atPath: cache.directory) }
        #expect(translator("today.title") == "Bugün")
        #expect(try cache.containsValue(forKey: "@better-i18n:widget-i18n:index:acme/widgets:tr"))
        #expect(translator.translate("today.tip").resolution.step == .defaultLocale(.english))

        let after = try #require(UserDefaults(suiteName: suite)?.persistentDomain(forName: suite))
        #expect(Set(after.keys) == Set(before.keys))
        for key in before.keys { #expect(after[key] as? String == before[key] as? String, "\(key)") }
    }

    @Test func aFileContainerKeepsTheIndexAWidgetDerived() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileGroupStore(directory: directory.path)
        try store.setString(#"{"today":{"title":"Bugün"}}"#, forKey: "@better-i18n:messages:acme/widgets:tr")
        try store.setString("tr", forKey: "@better-i18n:locale:acme/widgets")
        let translator = WidgetTranslator(store: store, project: try ProjectID("acme/widgets"))
        #expect(translator.reader.readerCache != nil)
        #expect(translator("today.title") == "Bugün")
        #expect(try store.containsValue(forKey: "@better-i18n:widget-i18n:index:acme/widgets:tr"))
    }

    /// Over an app's suite, the index a widget derives goes to the suite's reader cache, a directory beside it,
    /// and the suite itself stays as the app wrote it.
    @Test func aSuitesReaderCacheKeepsTheIndexBesideTheSuite() throws {
        let suite = "widget-i18n-tests-\(UUID().uuidString)"
        let store = try #require(UserDefaultsGroupStore(suiteName: suite))
        defer { removeSuite(suite) }
        let config = try TemporaryDirectory()
        defer { config.remove() }
        try store.setString(#"{"today":{"title":"Bugün"}}"#, forKey: "@better-i18n:messages:acme/widgets:tr")
        try store.setString("tr", forKey: "@better-i18n:locale:acme/widgets")
        let before = try store.keys().sorted()
        let cache = try #require(
            store.readerCache(environment: ["XDG_CONFIG_HOME": config.path, "HOME": "/nonexistent"]))
        #expect(cache.directory == config.path + "/" + suite + ".widget-i18n-caches")
        let translator = WidgetTranslator(
            store: store, project: try ProjectID("acme/widgets"), preferredLanguages: [], indexCache: .store(cache))
        #expect(translator("today.title") == "Bugün")
        #expect(try cache.containsValue(forKey: "@better-i18n:widget-i18n:index:acme/widgets:tr"))
        #expect(try store.keys().sorted() == before)
        // The next process answers from that index.
        let next = WidgetTranslator(
            store: store, project: try ProjectID("acme/widgets"), preferredLanguages: [], indexCache: .store(cache))
        #expect(next("today.title") == "Bugün")
        #expect(UserDefaultsGroupStore(suiteName: "../escape")?.readerCache() == nil)
    }

    /// An App Group's container is its reader cache, and a suite read beside it is never written.
    @Test func anAppGroupKeepsItsIndexesInTheContainer() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let suite = InMemoryGroupStore(["@better-i18n:messages:acme/widgets:tr": #"{"today":{"title":"Bugün"}}"#])
        let store = AppGroupStore(container: FileGroupStore(directory: directory.path), suite: suite)
        let translator = WidgetTranslator(
            store: store, project: try ProjectID("acme/widgets"), preferredLanguages: [LocaleTag(parsing: "tr")!])
        #expect((translator.reader.readerCache as? FileGroupStore)?.directory == directory.path)
        #expect(translator("today.title") == "Bugün")
        #expect(try store.container.containsValue(forKey: "@better-i18n:widget-i18n:index:acme/widgets:tr"))
        #expect(try suite.keys() == ["@better-i18n:messages:acme/widgets:tr"])
    }
}
