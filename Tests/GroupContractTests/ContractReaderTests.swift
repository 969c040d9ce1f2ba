import GroupContract
import GroupStore
import I18nCore
import Testing

@Suite struct ContractReaderTests {
    let project = try! ProjectID("acme/widgets")

    @Test func listsEachLocaleOnceUnderItsNormalisedKeyWhenThereIsOne() throws {
        let store = InMemoryGroupStore([
            "@better-i18n:messages:acme/widgets:pt-BR": "{}", "@better-i18n:messages:acme/widgets:pt-br": "{}",
            "@better-i18n:messages:acme/widgets:zh-Hant": "{}", "@better-i18n:messages:acme/widgets:de": "{}",
            "@better-i18n:messages:other/project:fr": "{}", "@better-i18n:locale:acme/widgets": "de",
        ])
        let cached = try ContractReader(store: store, project: project).cachedLocales()
        #expect(cached.map(\.tag.normalized) == ["de", "pt-br", "zh-hant"])
        #expect(
            cached.map(\.key) == [
                "@better-i18n:messages:acme/widgets:de", "@better-i18n:messages:acme/widgets:pt-br",
                "@better-i18n:messages:acme/widgets:zh-Hant",
            ])
    }

    /// Every spelling another SDK may have written: plain, padded, JSON-quoted, underscore-separated.
    @Test(arguments: [
        ("tr", "tr"), (" pt-BR\n", "pt-br"), (#""tr""#, "tr"), (#"" pt_BR ""#, "pt-br"), ("zh-Hant", "zh-hant"),
    ])
    func readsTheStoredLocaleInAnySpelling(_ value: String, _ normalized: String) throws {
        let store = InMemoryGroupStore(["@better-i18n:locale:acme/widgets": value])
        let stored = try #require(try ContractReader(store: store, project: project).storedLocale())
        #expect(stored.tag?.normalized == normalized)
    }

    @Test func anInvalidOrMissingStoredLocaleHasNoTag() throws {
        let invalid = InMemoryGroupStore(["@better-i18n:locale:acme/widgets": #""../etc""#])
        let stored = try #require(try ContractReader(store: invalid, project: project).storedLocale())
        #expect(stored.text == "../etc")
        #expect(stored.tag == nil)
        #expect(try ContractReader(store: InMemoryGroupStore(), project: project).storedLocale() == nil)
    }
}
