import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import Testing

/// The Expo package's own cache (`@better-i18n/expo`, `src/storage.ts`: `buildStorageKey`, `buildMetaKey`,
/// `writeCache`): `@better-i18n:{project}:{locale}:translations` holds `JSON.stringify(messages)` and `…:meta`
/// `JSON.stringify({cachedAt: Date.now()})`, with `{locale}` as the app gave it. A widget reads it as it reads
/// the messages key, and when both hold a locale the newer wins.
@Suite struct ExpoCacheTests {
    let project = try! ProjectID("acme/widgets")
    let cachedAt = 1_754_300_000_000.0  // ms, as Date.now() writes it

    func translations(_ locale: String) -> String { "@better-i18n:acme/widgets:\(locale):translations" }
    func meta(_ locale: String) -> String { "@better-i18n:acme/widgets:\(locale):meta" }
    func messages(_ locale: String) -> String { "@better-i18n:messages:acme/widgets:\(locale)" }

    /// The text `title` has in the messages `reader` finds for `locale`.
    func title(_ reader: ContractReader, _ locale: String) throws -> String? {
        let tag = try LocaleTag(locale)
        let bundle = try reader.bundle(tag, cachedLocales: { (try? reader.cachedLocales()) ?? [] })
        return bundle?.message(forKey: "home.title")
    }

    @Test func readsTheExpoCacheWhenItIsTheOnlyWriter() throws {
        let store = InMemoryGroupStore([
            translations("pt-BR"): #"{"home":{"title":"Início"}}"#, meta("pt-BR"): #"{"cachedAt":1754300000000}"#,
            translations("tr"): #"{"home":{"title":"Ana sayfa"}}"#,
        ])
        let reader = ContractReader(store: store, project: project)
        let cached = try reader.cachedLocales()
        #expect(cached.map(\.tag.normalized) == ["pt-br", "tr"])
        #expect(cached.map(\.key) == [translations("pt-BR"), translations("tr")])
        #expect(cached[0].source == .expoCache(cachedAt: Date(timeIntervalSince1970: cachedAt / 1000)))
        #expect(cached[1].source == .expoCache(cachedAt: nil))
        // Found in either spelling, by the probe of the display form and by listing.
        #expect(try title(reader, "pt-BR") == "Início")
        #expect(try title(reader, "pt_br") == "Início")
        #expect(try title(reader, "tr") == "Ana sayfa")
    }

    /// A messages key that no WidgetI18n fetch timed (the JavaScript core wrote it, as `initBetterI18n` makes it
    /// do through the same storage) is older than an Expo cache that records when it was cached.
    @Test func anExpoCacheWithATimeBeatsAnUntimedMessagesKey() throws {
        let store = InMemoryGroupStore([
            messages("de"): #"{"home":{"title":"alt"}}"#,
            translations("de"): #"{"home":{"title":"neu"}}"#, meta("de"): #"{"cachedAt":1754300000000}"#,
        ])
        let reader = ContractReader(store: store, project: project)
        #expect(try reader.cachedLocales().map(\.key) == [translations("de")])
        #expect(try title(reader, "de") == "neu")
    }

    @Test func anExpoCacheWithoutATimeLosesToTheMessagesKey() throws {
        for metaValue in [nil, "not json", #"{"cachedAt":"yesterday"}"#] {
            var values = [messages("de"): #"{"home":{"title":"messages"}}"#, translations("de"): #"{"home":{}}"#]
            if let metaValue { values[meta("de")] = metaValue }
            let reader = ContractReader(store: InMemoryGroupStore(values), project: project)
            #expect(try reader.cachedLocales().map(\.key) == [messages("de")], "\(metaValue ?? "no meta")")
            #expect(try title(reader, "de") == "messages", "\(metaValue ?? "no meta")")
        }
    }

    /// WidgetI18n's fetch metadata times the messages key: the later of it and `cachedAt` wins, a tie keeps the
    /// messages key.
    @Test(arguments: [(-1.0, "expo"), (1.0, "messages"), (0.0, "messages")])
    func theNewerOfAFetchAndAnExpoCacheWins(_ fetchedAfterExpo: Double, _ winner: String) throws {
        let store = InMemoryGroupStore([
            messages("de"): #"{"home":{"title":"messages"}}"#,
            translations("de"): #"{"home":{"title":"expo"}}"#, meta("de"): #"{"cachedAt":1754300000000}"#,
        ])
        let fetchedAt = Date(timeIntervalSince1970: cachedAt / 1000 + fetchedAfterExpo)
        let metadata = CacheMetadata(files: [:], manifestVersion: nil, fetchedAt: fetchedAt, size: 0, sha256: "")
        try store.setValue(
            metadata.encoded(), forKey: "@better-i18n:widget-i18n:messages-cache:acme/widgets:de")
        let reader = ContractReader(store: store, project: project)
        #expect(try title(reader, "de") == winner)
        #expect(try reader.cachedLocales().map(\.key) == [winner == "expo" ? translations("de") : messages("de")])
    }

    @Test func expoKeysOfOtherProjectsAndOtherShapesAreNotLocales() throws {
        let store = InMemoryGroupStore([
            "@better-i18n:other/app:de:translations": "{}", "@better-i18n:acme/widgets::translations": "{}",
            "@better-i18n:acme/widgets:de:x:translations": "{}", "@better-i18n:acme/widgets:../etc:translations": "{}",
            meta("fr"): #"{"cachedAt":1}"#,
        ])
        #expect(try ContractReader(store: store, project: project).cachedLocales().isEmpty)
        #expect(StorageKey.expoLocale(inKey: translations("pt-BR"), project: project) == "pt-BR")
        #expect(StorageKey.expoLocale(inKey: messages("pt-BR"), project: project) == nil)
    }

    @Test func everyKeySaysWhoseItIs() {
        #expect(StorageKey.role(of: translations("de")) == "messages (Expo package cache)")
        #expect(StorageKey.role(of: meta("de")) == "Expo package cache time")
        #expect(StorageKey.role(of: messages("de")) == "messages (better-i18n core, Swift SDK or WidgetI18n)")
        #expect(StorageKey.role(of: "@better-i18n:locale:acme/widgets") == "stored locale")
        #expect(StorageKey.role(of: "@better-i18n:widget-i18n:index:acme/widgets:de") == "WidgetI18n lookup index")
        #expect(StorageKey.role(of: "app.events") == nil)
    }
}
