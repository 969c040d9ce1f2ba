import GroupStore
import I18nCore

/// What a group store holds for a project, read as every better-i18n SDK may have written it: the locales
/// with cached messages and the stored locale.
public enum CachedMessages {
    /// Every locale with a messages key for `project`, with that key, sorted by normalised tag. Keys written in
    /// another spelling (`…:pt-BR`) count; when one locale is stored under several spellings the normalised
    /// key wins.
    /// - Parameters:
    ///   - project: the project whose messages keys to list.
    ///   - store: the group store to read.
    public static func locales(project: ProjectID, in store: any GroupStore) throws -> [CachedLocale] {
        var result: [CachedLocale] = []
        // By normalised tag: a dictionary keyed by `LocaleTag` would make the runtime scan every protocol
        // conformance in the binary on first use, a cost a widget's cold render would pay.
        var positions: [String: Int] = [:]
        for key in try store.keys() {
            guard let raw = StorageKey.messagesLocale(inKey: key, project: project),
                let tag = LocaleTag(parsing: raw)
            else { continue }
            if let position = positions[tag.normalized] {
                if raw == tag.normalized { result[position] = CachedLocale(tag: tag, key: key) }
            } else {
                positions[tag.normalized] = result.count
                result.append(CachedLocale(tag: tag, key: key))
            }
        }
        return result.sorted { $0.tag.normalized < $1.tag.normalized }
    }

    /// The value of `@better-i18n:locale:{project}`, or `nil` when there is none. The one reader of the stored
    /// locale: the translator, `fetch` and `status` all go through it, so they agree on every spelling.
    /// - Parameters:
    ///   - project: the project whose stored locale to read.
    ///   - store: the group store to read.
    /// - Throws: `GroupStoreError` when the value exists but cannot be read.
    public static func storedLocale(project: ProjectID, in store: any GroupStore) throws -> StoredLocale? {
        let key = StorageKey.locale(project: project)
        // A locale tag is at most 64 characters: a longer value is not one, and is refused before it is read.
        guard let bytes = try store.value(forKey: key, maximumSize: 1024) else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw GroupStoreError(.notUTF8, key: key, store: store.displayName)
        }
        return StoredLocale(value: text)
    }
}

/// A locale with cached messages, and the key that holds them.
public struct CachedLocale: Hashable, Sendable {
    /// The locale, parsed from the key.
    public let tag: LocaleTag
    /// The messages key, in the spelling its writer used (`@better-i18n:messages:acme/widgets:pt-BR`).
    public let key: String

    package init(tag: LocaleTag, key: String) {
        self.tag = tag
        self.key = key
    }
}
