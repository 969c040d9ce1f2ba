import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import Testing
import WidgetTranslator

/// `uncachedLocale`: a locale with nothing cached of its own, and what answers its keys instead.
@Suite struct UncachedLocaleTests {
    let project = try! ProjectID("acme/widgets")

    func store(_ locales: [String: String]) throws -> InMemoryGroupStore {
        let store = InMemoryGroupStore()
        for (locale, json) in locales {
            try store.setValue(
                Array(json.utf8), forKey: StorageKey.messages(project: project, locale: LocaleTag(locale)))
        }
        return store
    }

    @Test func aLocaleWithItsOwnMessagesHasNothingToSay() throws {
        let translator = WidgetTranslator(store: try store(["de": #"{"a": "A"}"#]), project: project)
        #expect(translator.uncachedLocale(try LocaleTag("de")) == nil)
    }

    @Test func theDefaultLocaleAnswersAStoredLocaleNeverFetched() throws {
        let store = try store(["en": #"{"a": "A"}"#])
        try store.setString("de", forKey: StorageKey.locale(project: project))
        let translator = WidgetTranslator(store: store, project: project, defaultLocale: .english)
        let uncached = try #require(translator.uncachedLocale())
        #expect(uncached.locale == (try LocaleTag("de")))
        #expect(uncached.answeredBy == .defaultLocale(.english))
        #expect(uncached.description == "nothing is cached for de; en answers (the default locale)")
    }

    @Test func aParentAnswersBeforeTheDefaultLocale() throws {
        let translator = WidgetTranslator(
            store: try store(["en": #"{"a": "A"}"#, "de": #"{"a": "Ä"}"#]), project: project)
        let uncached = try #require(translator.uncachedLocale(try LocaleTag("de-AT")))
        #expect(uncached.answeredBy == .parentLocale(try LocaleTag("de")))
        #expect(uncached.description == "nothing is cached for de-AT; de answers (a parent locale)")
    }

    @Test func bundledMessagesThenTheKeyItself() throws {
        let empty = InMemoryGroupStore()
        let bundled = try MessageBundle(json: #"{"a": "A"}"#)
        let withBundled = WidgetTranslator(store: empty, project: project, bundledMessages: [.english: bundled])
        #expect(withBundled.uncachedLocale(try LocaleTag("de"))?.answeredBy == .bundled(.english))
        let bare = WidgetTranslator(store: empty, project: project)
        let uncached = try #require(bare.uncachedLocale(try LocaleTag("de")))
        #expect(uncached.answeredBy == .key)
        #expect(
            uncached.description == "nothing is cached for de, nor for the default locale: each key shows as itself")
    }

    @Test func unreadableMessagesAreSaidToBe() throws {
        let translator = WidgetTranslator(store: try store(["en": #"{"a": "A"}"#, "de": "[1, 2"]), project: project)
        let uncached = try #require(translator.uncachedLocale(try LocaleTag("de")))
        #expect(uncached.isUnreadable)
        #expect(uncached.description.hasPrefix("nothing readable is cached for de; en answers"))
    }
}
