import GroupContract
import I18nCore
import LocaleData
import Testing

/// The key schema is a contract with the better-i18n JavaScript/Expo and Swift SDKs: compare bytes, not shapes.
@Suite struct StorageKeyTests {
    @Test func localeKey() throws {
        #expect(StorageKey.locale(project: try ProjectID("acme/widgets")) == "@better-i18n:locale:acme/widgets")
    }

    @Test func messagesKeyNormalisesTheLocale() throws {
        let project = try ProjectID("acme/widgets")
        #expect(
            StorageKey.messages(project: project, locale: try LocaleTag("pt-BR"))
                == "@better-i18n:messages:acme/widgets:pt-br")
        #expect(
            StorageKey.messages(project: project, locale: try LocaleTag("zh_Hant_TW"))
                == "@better-i18n:messages:acme/widgets:zh-hant-tw")
        #expect(
            Array(StorageKey.messages(project: project, locale: try LocaleTag("tr")).utf8)
                == Array("@better-i18n:messages:acme/widgets:tr".utf8))
    }

    @Test func manifestKey() throws {
        #expect(StorageKey.manifest(project: try ProjectID("acme/widgets")) == "@better-i18n:manifest:acme/widgets")
    }

    @Test func uuidProject() throws {
        let project = try ProjectID("3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f")
        #expect(StorageKey.locale(project: project) == "@better-i18n:locale:3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f")
        #expect(
            StorageKey.messages(project: project, locale: try LocaleTag("en"))
                == "@better-i18n:messages:3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f:en")
    }

    @Test func readsTheLocaleBackFromAMessagesKey() throws {
        let project = try ProjectID("acme/widgets")
        #expect(
            StorageKey.messagesLocale(inKey: "@better-i18n:messages:acme/widgets:pt-br", project: project) == "pt-br")
        #expect(
            StorageKey.messagesLocale(inKey: "@better-i18n:messages:acme/widgets:pt-BR", project: project) == "pt-BR")
        #expect(StorageKey.messagesLocale(inKey: "@better-i18n:messages:acme/other:en", project: project) == nil)
        #expect(StorageKey.messagesLocale(inKey: "@better-i18n:messages:acme/widgets:", project: project) == nil)
        #expect(StorageKey.messagesLocale(inKey: "@better-i18n:locale:acme/widgets", project: project) == nil)
    }
}
