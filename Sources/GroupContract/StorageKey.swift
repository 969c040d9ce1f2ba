import I18nCore
import LocaleData

/// The better-i18n storage key schema, shared byte for byte with the JavaScript/Expo and Swift SDKs.
///
/// An Expo app and a Swift widget read and write the same keys, so these strings are a compatibility contract:
///
/// | key | value |
/// |---|---|
/// | `@better-i18n:locale:{project}` | the selected locale as the app stored it (`pt-BR`, `pt_BR`, …) |
/// | `@better-i18n:messages:{project}:{locale}` | the locale's messages as a JSON string; `{locale}` normalised |
/// | `@better-i18n:manifest:{project}` | the CDN manifest as a JSON string |
/// | `@better-i18n:{project}:{locale}:translations` | the Expo package's own cache of a locale's messages, JSON |
/// | `@better-i18n:{project}:{locale}:meta` | when the Expo package cached them: `{"cachedAt": ms}` |
///
/// The first three are the storage contract that better-i18n's JavaScript core, its Swift SDK and WidgetI18n
/// write; the last two are what the Expo package (`@better-i18n/expo`, `src/storage.ts`) writes besides, with
/// `{locale}` as the app gave it. A widget reads both (`ContractReader`).
///
///     StorageKey.messages(project: try ProjectID("acme/widgets"), locale: try LocaleTag("pt-BR"))
///     // "@better-i18n:messages:acme/widgets:pt-br"
public enum StorageKey {
    /// Every key of the schema, and every key this package adds, starts with this prefix.
    package static let prefix = "@better-i18n:"

    /// The key that holds the project's selected locale.
    /// - Parameter project: the project the key belongs to.
    public static func locale(project: ProjectID) -> String { "\(prefix)locale:\(project)" }

    /// The key that holds a locale's messages; the locale is written in its normalised form (`pt-br`).
    /// - Parameters:
    ///   - project: the project the key belongs to.
    ///   - locale: the locale whose messages the key holds.
    public static func messages(project: ProjectID, locale: LocaleTag) -> String {
        messagesPrefix(project: project) + locale.normalized
    }

    /// The key that holds the project's CDN manifest.
    /// - Parameter project: the project the key belongs to.
    public static func manifest(project: ProjectID) -> String { "\(prefix)manifest:\(project)" }

    /// The key under which the Expo package caches a locale's messages, with the locale spelled as its writer
    /// gave it (`pt-BR` at start-up, `pt-br` after a language change).
    /// - Parameters:
    ///   - project: the project the key belongs to.
    ///   - locale: the locale as the Expo package spelled it.
    package static func expoTranslations(project: ProjectID, locale: String) -> String {
        "\(prefix)\(project):\(locale):translations"
    }

    /// The key of the Expo package's `{"cachedAt": ms}` beside its cached messages of `locale`.
    /// - Parameters:
    ///   - project: the project the key belongs to.
    ///   - locale: the locale exactly as in its translations key.
    package static func expoMeta(project: ProjectID, locale: String) -> String {
        "\(prefix)\(project):\(locale):meta"
    }

    /// The locale part of an Expo translations key of `project`, exactly as written, or `nil` when `key` is not
    /// one.
    package static func expoLocale(inKey key: String, project: ProjectID) -> String? {
        let keyPrefix = "\(prefix)\(project):"
        let suffix = ":translations"
        guard key.hasPrefix(keyPrefix), key.hasSuffix(suffix), key.count > keyPrefix.count + suffix.count else {
            return nil
        }
        let locale = key.dropFirst(keyPrefix.count).dropLast(suffix.count)
        return locale.contains(":") ? nil : String(locale)
    }

    /// The common prefix of every messages key of `project`; what follows it is the locale.
    package static func messagesPrefix(project: ProjectID) -> String { "\(prefix)messages:\(project):" }

    /// The locale part of a messages key of `project`, exactly as written, or `nil` when `key` is not one.
    package static func messagesLocale(inKey key: String, project: ProjectID) -> String? {
        let keyPrefix = messagesPrefix(project: project)
        guard key.hasPrefix(keyPrefix) else { return nil }
        let locale = key.dropFirst(keyPrefix.count)
        return locale.isEmpty || locale.contains(":") ? nil : String(locale)
    }
}

extension StorageKey {
    /// The prefix of the keys this package adds; no other SDK writes under it, and readers that do not know
    /// these keys ignore them.
    package static let packagePrefix = "\(prefix)widget-i18n:"

    /// The largest value of a key this package derives (fetch metadata, a reload request) that a reader reads:
    /// such values are a few hundred bytes, and a larger one is not ours.
    package static let maximumMetadataSize = 64 * 1024

    /// The largest stored locale a reader reads: a locale tag is at most 64 characters, quoted or padded.
    package static let maximumLocaleSize = 1024

    /// The largest manifest a reader reads: 500 languages with their files are well under a megabyte.
    package static let maximumManifestSize = 4 * 1024 * 1024

    /// Cache metadata of a locale's messages (ETag, Last-Modified, checksum, …), JSON.
    package static func messagesCache(project: ProjectID, locale: LocaleTag) -> String {
        "\(packagePrefix)messages-cache:\(project):\(locale.normalized)"
    }

    /// The lookup index of a locale's messages (`StoredBundleIndex`), binary; a cache of the JSON.
    package static func bundleIndex(project: ProjectID, locale: LocaleTag) -> String {
        "\(packagePrefix)index:\(project):\(locale.normalized)"
    }

    /// When the JavaScript bridge wrote a locale's messages, and their size (`WriteStamp`), JSON.
    package static func messagesWritten(project: ProjectID, locale: LocaleTag) -> String {
        "\(packagePrefix)written:\(project):\(locale.normalized)"
    }

    /// Cache metadata of the project's manifest, JSON.
    package static func manifestCache(project: ProjectID) -> String { "\(packagePrefix)manifest-cache:\(project)" }

    /// The latest request to reload widget timelines: for every kind of widget when `kind` is `nil`, else for
    /// that kind only. JSON.
    package static func reloadRequest(project: ProjectID, kind: String? = nil) -> String {
        "\(packagePrefix)reload:\(project)" + (kind.map { ":" + $0 } ?? "")
    }
}

extension StorageKey {
    /// What `key` holds and which writer's key it is, for people (`store list`), or `nil` for a key of no
    /// better-i18n writer (the app's own data).
    /// - Parameter key: any key of a store.
    package static func role(of key: String) -> String? {
        guard key.hasPrefix(prefix) else { return nil }
        let rest = key.dropFirst(prefix.count)
        let roles: [(String, String)] = [
            ("locale:", "stored locale"),
            ("messages:", "messages (better-i18n core, Swift SDK or WidgetI18n)"),
            ("manifest:", "manifest"),
            ("widget-i18n:index:", "WidgetI18n lookup index"),
            ("widget-i18n:messages-cache:", "WidgetI18n fetch metadata"),
            ("widget-i18n:manifest-cache:", "WidgetI18n manifest metadata"),
            ("widget-i18n:reload:", "WidgetI18n reload request"),
            ("widget-i18n:written:", "WidgetI18n bridge write time"),
            ("widget-i18n:suite-ledger", "WidgetI18n bridge suite ledger"),
        ]
        for (start, role) in roles where rest.hasPrefix(start) { return role }
        if rest.hasSuffix(":translations") { return "messages (Expo package cache)" }
        if rest.hasSuffix(":meta") { return "Expo package cache time" }
        return nil
    }
}
