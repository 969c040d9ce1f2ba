import GroupStore
import I18nCore
import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads the storage contract for one project, as every better-i18n SDK may have written it: the locales with
/// cached messages (under any spelling), the stored locale, a locale's messages with their lookup index, and
/// the latest reload request.
///
/// The reader writes nothing into `store`. What it derives (a bundle's lookup index, when the stored one is
/// missing or stale) goes to `readerCache`, a store the reader owns, through ``ContractWriter`` (the one writer
/// of indexes); never into an app's `UserDefaults` suite.
///
///     let reader = ContractReader(store: store, project: try ProjectID("acme/widgets"))
///     try reader.storedLocale()?.tag        // pt-br
///     try reader.cachedLocales().map(\.tag) // [en, pt-br, tr]
public struct ContractReader: Sendable {
    /// The group store shared with the app.
    public let store: any GroupStore
    /// The project whose keys to read.
    public let project: ProjectID
    /// The locale to report as the stored one whatever the store holds (the CLI's `--locale`), or `nil`.
    public let localeOverride: LocaleTag?
    /// Where the reader keeps the lookup indexes it builds, or `nil` to keep none.
    public let readerCache: (any GroupStore)?

    /// A reader of `project`'s keys in `store`.
    /// - Parameters:
    ///   - store: the group store shared with the app.
    ///   - project: the project whose keys to read.
    ///   - localeOverride: a locale to use instead of the stored one; `nil`, the default, reads the store's.
    ///   - readerCache: where to keep lookup indexes the reader builds; `nil`, the default, keeps none. A
    ///     file container the widget may write (`FileGroupStore`) can be its own reader cache; an app's
    ///     `UserDefaults` suite never is.
    public init(
        store: any GroupStore, project: ProjectID, localeOverride: LocaleTag? = nil,
        readerCache: (any GroupStore)? = nil
    ) {
        self.store = store
        self.project = project
        self.localeOverride = localeOverride
        self.readerCache = readerCache
    }

    /// Every locale with a messages key for the project, with that key, sorted by normalised tag. Keys written
    /// in another spelling (`…:pt-BR`) count; when one locale is stored under several spellings the normalised
    /// key wins.
    /// - Throws: `GroupStoreError` when the store cannot be listed.
    public func cachedLocales() throws -> [CachedLocale] {
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

    /// The value of `@better-i18n:locale:{project}` (or the override), or `nil` when there is none. The one
    /// reader of the stored locale: the translator, `fetch` and `status` all go through it, so they agree on
    /// every spelling.
    /// - Throws: `GroupStoreError` when the value exists but cannot be read, is not UTF-8, or is longer than any
    ///   locale tag could be.
    public func storedLocale() throws -> StoredLocale? {
        if let localeOverride { return StoredLocale(value: localeOverride.normalized) }
        let key = StorageKey.locale(project: project)
        // A locale tag is at most 64 characters: a longer value is not one, and is refused before it is read.
        guard let bytes = try store.value(forKey: key, maximumSize: StorageKey.maximumLocaleSize) else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw GroupStoreError(.notUTF8, key: key, store: store.displayName)
        }
        return StoredLocale(value: text)
    }

    /// The newest reload request that applies to widgets of `kind`: the kind's own or the one for every kind.
    /// Unreadable records count as absent.
    /// - Parameter kind: the widget kind asking; `nil` reads only the request for every kind.
    public func latestReloadRequest(kind: String?) -> ReloadRequest? {
        ReloadRequest.latest(project: project, kind: kind, in: store)
    }

    // MARK: - Messages

    /// The messages value of `tag`, opened, under the normalised key or the spelling in `cachedLocales`;
    /// refused before anything is read when it is larger than `MessageBundle.maximumStoredSize`.
    /// - Parameters:
    ///   - tag: the locale whose messages to open.
    ///   - cachedLocales: the locales the store holds, for a key written in another spelling; asked for only
    ///     when the normalised key holds nothing, since listing a store costs a widget's cold render.
    package func openMessages(_ tag: LocaleTag, cachedLocales: () -> [CachedLocale]) throws -> StoredMessages? {
        var key = StorageKey.messages(project: project, locale: tag)
        var value = try store.identifiedValue(forKey: key)
        if value == nil, let other = cachedLocales().first(where: { $0.tag == tag })?.key, other != key {
            key = other
            value = try store.identifiedValue(forKey: key)
        }
        guard let value else { return nil }
        guard value.count <= MessageBundle.maximumStoredSize else {
            throw GroupStoreError(
                .tooLarge(size: value.count, limit: MessageBundle.maximumStoredSize), key: key,
                store: store.displayName)
        }
        return StoredMessages(locale: tag, key: key, value: value)
    }

    /// What answers lookups in `messages`: its stored index when that was built from exactly this value (the
    /// writer's, in `store`, or the reader's own, in `readerCache`), else the parsed JSON, whose index then goes
    /// to `readerCache` for the next process.
    /// - Parameters:
    ///   - messages: the opened messages value.
    ///   - usingStoredIndex: `false` to parse even when an index answers (the index proved stale on a key).
    /// - Throws: `MessageBundleError` when the JSON is not a bundle; `GroupStoreError` when it cannot be read.
    package func lookup(for messages: StoredMessages, usingStoredIndex: Bool = true) throws -> any MessageLookup {
        let indexKey = StorageKey.bundleIndex(project: project, locale: messages.locale)
        if usingStoredIndex {
            for source in indexSources {
                if let indexValue = try? source.identifiedValue(forKey: indexKey),
                    let index = StoredBundleIndex(
                        index: OpenedBytes(indexValue), json: OpenedBytes(messages.value),
                        identity: messages.value.identity)
                {
                    return index
                }
            }
        }
        let json = try messages.allBytes(from: store)
        let bundle = try MessageBundle(jsonBytes: json)
        if let readerCache, json.count == messages.value.count {
            try? ContractWriter.storeIndex(
                of: bundle, identity: messages.value.identity, locale: messages.locale, project: project,
                in: readerCache)
        }
        return bundle
    }

    /// The messages of `tag`, parsed in full, or `nil` when none are cached.
    /// - Parameters:
    ///   - tag: the locale whose messages to read.
    ///   - cachedLocales: the locales the store holds, for a key written in another spelling.
    /// - Throws: `MessageBundleError` or `GroupStoreError`: why the messages are unusable.
    package func bundle(_ tag: LocaleTag, cachedLocales: () -> [CachedLocale]) throws -> MessageBundle? {
        guard let messages = try openMessages(tag, cachedLocales: cachedLocales) else { return nil }
        return try MessageBundle(jsonBytes: try messages.allBytes(from: store))
    }

    /// Where stored indexes may be: the writer's, next to the JSON, then the reader's own, unless that is the
    /// same container (a file container is its own reader cache), which is not read twice.
    private var indexSources: [any GroupStore] {
        guard let readerCache else { return [store] }
        if let own = store as? FileGroupStore, let cache = readerCache as? FileGroupStore,
            own.directory == cache.directory
        {
            return [store]
        }
        return [store, readerCache]
    }
}

/// A stored messages value, opened, and the key it was found under.
package struct StoredMessages: Sendable {
    package let locale: LocaleTag
    package let key: String
    package let value: IdentifiedValue

    /// The whole value; another process may rewrite it in place while it is read (`GroupStore.wholeValue`).
    package func allBytes(from store: any GroupStore) throws -> [UInt8] {
        try store.wholeValue(value, key: key, maximumSize: MessageBundle.maximumStoredSize)
    }
}

/// An opened stored value as the stored index reads it.
private struct OpenedBytes: RandomAccessBytes {
    let value: IdentifiedValue
    init(_ value: IdentifiedValue) { self.value = value }
    var count: Int { value.count }
    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        value.read(range, into: buffer)
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
