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

    /// Every locale with cached messages for the project, with the key that holds them, sorted by normalised
    /// tag: messages keys (`@better-i18n:messages:…`) and the Expo package's cache (`@better-i18n:{project}:…
    /// :translations`), in any spelling. When one locale is stored under several spellings of one writer, the
    /// normalised key wins; when both writers hold it, the newer (``MessagesSource``).
    /// - Throws: `GroupStoreError` when the store cannot be listed.
    public func cachedLocales() throws -> [CachedLocale] {
        var messages: [CachedLocale] = []
        var expo: [CachedLocale] = []
        // By normalised tag: a dictionary keyed by `LocaleTag` would make the runtime scan every protocol
        // conformance in the binary on first use, a cost a widget's cold render would pay.
        var messagesPositions: [String: Int] = [:]
        var expoPositions: [String: Int] = [:]
        for key in try store.keys() {
            if let raw = StorageKey.messagesLocale(inKey: key, project: project), let tag = LocaleTag(parsing: raw) {
                Self.add(CachedLocale(tag: tag, key: key), raw: raw, to: &messages, positions: &messagesPositions)
            } else if let raw = StorageKey.expoLocale(inKey: key, project: project),
                let tag = LocaleTag(parsing: raw)
            {
                let cached = CachedLocale(tag: tag, key: key, source: .expoCache(cachedAt: expoCachedAt(raw)))
                Self.add(cached, raw: raw, to: &expo, positions: &expoPositions)
            }
        }
        var result = messages
        for cached in expo {
            if let position = messagesPositions[cached.tag.normalized] {
                if isNewer(cached, than: result[position]) { result[position] = cached }
            } else {
                result.append(cached)
            }
        }
        return result.sorted { $0.tag.normalized < $1.tag.normalized }
    }

    private static func add(
        _ cached: CachedLocale, raw: String, to list: inout [CachedLocale], positions: inout [String: Int]
    ) {
        if let position = positions[cached.tag.normalized] {
            if raw == cached.tag.normalized { list[position] = cached }
        } else {
            positions[cached.tag.normalized] = list.count
            list.append(cached)
        }
    }

    /// Whether the Expo cache `expo` is newer than the messages key `messages` of the same locale: its
    /// `cachedAt` against the time WidgetI18n fetched the messages key, from the fetch metadata that still
    /// describes the stored value. A messages key with no such time (the JavaScript core or the Swift SDK wrote
    /// it) is older than an Expo cache with one: the Expo package writes its cache after the core stored the same
    /// load. An Expo cache without a readable `cachedAt` is older than any messages key; equal times keep the
    /// messages key.
    private func isNewer(_ expo: CachedLocale, than messages: CachedLocale) -> Bool {
        guard case .expoCache(let cachedAt?) = expo.source else { return false }
        guard let fetchedAt = fetchTime(of: messages) else { return true }
        return cachedAt > fetchedAt
    }

    /// When WidgetI18n fetched the messages under `cached`'s key, when its fetch metadata still describes them.
    private func fetchTime(of cached: CachedLocale) -> Date? {
        guard cached.key == StorageKey.messages(project: project, locale: cached.tag),
            let metadata = CacheMetadata.read(
                in: store, key: StorageKey.messagesCache(project: project, locale: cached.tag))
        else { return nil }
        if let recorded = metadata.identity {
            guard let value = try? store.identifiedValue(forKey: cached.key),
                let identity = value.identity, recorded == CacheMetadata.hex(identity)
            else { return nil }
        }
        return metadata.fetchedAt
    }

    /// The Expo package's `cachedAt` for its cache of `locale` (spelled as in the key), or `nil` when its
    /// `:meta` is missing or unreadable.
    package func expoCachedAt(_ locale: String) -> Date? {
        let key = StorageKey.expoMeta(project: project, locale: locale)
        guard let bytes = try? store.value(forKey: key, maximumSize: StorageKey.maximumMetadataSize),
            let meta = try? JSONDecoder().decode(ExpoMeta.self, from: Data(bytes)), meta.cachedAt.isFinite
        else { return nil }
        return Date(timeIntervalSince1970: meta.cachedAt / 1000)
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

    /// The newest reload request that applies to widgets of `kind`, and in `problems` why a record that exists
    /// could not be read.
    /// - Parameters:
    ///   - kind: the widget kind asking; `nil` reads only the request for every kind.
    ///   - problems: where to append a message for each unreadable record.
    public func latestReloadRequest(kind: String?, problems: inout [String]) -> ReloadRequest? {
        ReloadRequest.latest(project: project, kind: kind, in: store, problems: &problems)
    }

    // MARK: - Messages

    /// The messages value of `tag`, opened: under the normalised key or the Expo package's (the newer), else
    /// under the cached locale that answers `tag` (another spelling, or a match as CLDR's: `pt-br` for `pt`);
    /// refused before anything is read when it is larger than `MessageBundle.maximumStoredSize`.
    /// - Parameters:
    ///   - tag: the locale whose messages to open.
    ///   - cachedLocales: the locales the store holds, for a key written in another spelling; asked for only
    ///     when the normalised key holds nothing, since listing a store costs a widget's cold render.
    package func openMessages(_ tag: LocaleTag, cachedLocales: () -> [CachedLocale]) throws -> StoredMessages? {
        let messagesKey = StorageKey.messages(project: project, locale: tag)
        var found = try store.identifiedValue(forKey: messagesKey).map { (key: messagesKey, value: $0) }
        // The Expo package's cache, in the two spellings it writes; the newer of it and the messages key wins.
        for spelling in Set([tag.normalized, tag.displayForm]).sorted() {
            let key = StorageKey.expoTranslations(project: project, locale: spelling)
            guard let value = try store.identifiedValue(forKey: key) else { continue }
            let expo = CachedLocale(tag: tag, key: key, source: .expoCache(cachedAt: expoCachedAt(spelling)))
            if found == nil || isNewer(expo, than: CachedLocale(tag: tag, key: messagesKey)) {
                found = (key, value)
            }
            break
        }
        var locale = tag
        var match: LocaleNegotiation.Match?
        if found == nil {
            // Another spelling of the tag, or the cached locale that answers it as CLDR's matching does (`pt-br`
            // for `pt`, `zh-hant` for `zh-tw`; never across scripts).
            let cached = cachedLocales()
            if let answer = LocaleNegotiation.match(tag, among: cached.map(\.tag)),
                let entry = cached.first(where: { $0.tag == answer.tag }),
                let value = try store.identifiedValue(forKey: entry.key)
            {
                found = (entry.key, value)
                locale = entry.tag
                if answer.reason != .exact { match = answer }
            }
        }
        guard let (key, value) = found else { return nil }
        guard value.count <= MessageBundle.maximumStoredSize else {
            throw GroupStoreError(
                .tooLarge(size: value.count, limit: MessageBundle.maximumStoredSize), key: key,
                store: store.displayName)
        }
        return StoredMessages(locale: locale, key: key, value: value, match: match)
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
    /// The locale whose messages these are: the one asked for, or the cached locale that answers it.
    package let locale: LocaleTag
    package let key: String
    package let value: IdentifiedValue
    /// How a cached locale other than the one asked for answers it, or `nil` when it is the one asked for.
    package var match: LocaleNegotiation.Match? = nil

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

/// A locale with cached messages, the key that holds them, and which writer's key it is.
public struct CachedLocale: Hashable, Sendable {
    /// The locale, parsed from the key.
    public let tag: LocaleTag
    /// The key, in the spelling its writer used (`@better-i18n:messages:acme/widgets:pt-BR`).
    public let key: String
    /// Whose key it is: the storage contract's messages key, or the Expo package's own cache.
    public let source: MessagesSource

    package init(tag: LocaleTag, key: String, source: MessagesSource = .messagesKey) {
        self.tag = tag
        self.key = key
        self.source = source
    }
}

/// Which writer's key holds a locale's messages.
///
/// When a locale has both, the newer wins: the Expo cache's `cachedAt` against the time WidgetI18n fetched the
/// messages key (its fetch metadata, while that still describes the stored value). A messages key without such a
/// time (the JavaScript core or the Swift SDK wrote it) is older than an Expo cache with one, since the Expo
/// package writes its cache after the core stored the same load; an Expo cache without a readable `cachedAt` is
/// older than any messages key; equal times keep the messages key.
public enum MessagesSource: Hashable, Sendable, CustomStringConvertible {
    /// `@better-i18n:messages:{project}:{locale}`, which better-i18n's JavaScript core, its Swift SDK and
    /// WidgetI18n write.
    case messagesKey
    /// `@better-i18n:{project}:{locale}:translations`, the Expo package's own cache, with the time it was cached
    /// (`…:meta`'s `cachedAt`) when that is readable.
    case expoCache(cachedAt: Date?)

    public var description: String {
        switch self {
        case .messagesKey: return "messages key"
        case .expoCache: return "Expo cache"
        }
    }
}

/// The Expo package's `…:meta` value (`@better-i18n/expo`, `src/types.ts`, `CacheMeta`).
private struct ExpoMeta: Decodable {
    let cachedAt: Double
}
