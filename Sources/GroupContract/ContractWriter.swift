import GroupStore
import I18nCore
import LocaleData
import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes the storage contract for one project: messages with their lookup index and fetch metadata as one
/// operation, the selected locale, reload requests, the manifest, and the removal of a key together with
/// everything derived from it. The one writer of lookup indexes, and the one place that knows which keys
/// derive from which. An app-side type: a widget never changes the stored locale, and writes only into its own
/// reader cache (`ContractReader`).
///
///     let writer = ContractWriter(store: store, project: try ProjectID("acme/widgets"))
///     try writer.selectLocale(try LocaleTag("pt-BR"))   // stores pt-br, records a reload request
public struct ContractWriter: Sendable {
    /// The group store shared with the widgets.
    package let store: any GroupStore
    /// The project whose keys to write.
    package let project: ProjectID

    /// A writer of `project`'s keys in `store`.
    /// - Parameters:
    ///   - store: the group store shared with the widgets.
    ///   - project: the project whose keys to write.
    public init(store: any GroupStore, project: ProjectID) {
        self.store = store
        self.project = project
    }

    // MARK: - Messages and their index

    /// Writes a locale's messages, then their lookup index built for exactly the value stored (its identity,
    /// where the store has one), then what `metadata` makes of that identity (the fetch metadata). Messages
    /// first: a crash in between costs a rebuild or a download, never an index that answers for other JSON.
    /// - Parameters:
    ///   - body: the messages' JSON, validated.
    ///   - bundle: `body` parsed.
    ///   - locale: the locale the messages are for.
    ///   - key: the messages key when it is not the normalised spelling.
    ///   - metadata: the fetch metadata to store with them, given the identity the stored value reports.
    package func storeMessages(
        _ body: [UInt8], bundle: MessageBundle, locale: LocaleTag, key: String? = nil,
        metadata: (_ identity: [UInt8]?) -> CacheMetadata? = { _ in nil }
    ) throws {
        let key = key ?? StorageKey.messages(project: project, locale: locale)
        let identity = try store.setValueReturningIdentity(body, forKey: key)
        let index = Self.index(of: bundle, identity: identity, locale: locale, project: project)
        let metadata = metadata(identity).map {
            (key: StorageKey.messagesCache(project: project, locale: locale), value: $0.encoded())
        }
        guard store.capabilities.budget != nil else {
            // The index and metadata are caches of the messages: one directory sync makes all three durable.
            try store.setCachedValues([index] + (metadata.map { [$0] } ?? []))
            return
        }
        // A preferences domain keeps no index (it would be larger than the bundle, in a domain every process
        // loads whole and the system caps): it goes where its readers keep theirs.
        if let metadata { try store.setCachedValues([metadata]) }
        // A cache its reader rebuilds when absent: failing to write it loses nothing the messages do not hold.
        if let cache = store.defaultReaderCache { try? cache.setCachedValues([index]) }
    }

    /// Stores the lookup index of `bundle`, parsed from a value whose identity is `identity`, into `cache`: what
    /// a reader does for the next process when the stored index was missing or stale.
    /// - Parameters:
    ///   - bundle: the parsed messages.
    ///   - identity: the identity of the stored value they were parsed from.
    ///   - locale: their locale.
    ///   - project: their project.
    ///   - cache: the reader's cache store.
    package static func storeIndex(
        of bundle: MessageBundle, identity: [UInt8]?, locale: LocaleTag, project: ProjectID, in cache: any GroupStore
    ) throws {
        try cache.setCachedValues([index(of: bundle, identity: identity, locale: locale, project: project)])
    }

    private static func index(of bundle: MessageBundle, identity: [UInt8]?, locale: LocaleTag, project: ProjectID)
        -> (key: String, value: [UInt8])
    {
        (StorageKey.bundleIndex(project: project, locale: locale), bundle.storedIndex(identity: identity))
    }

    /// Replaces a locale's fetch metadata alone (a new manifest version for unchanged messages).
    /// - Parameters:
    ///   - metadata: the metadata to store.
    ///   - locale: the locale it describes.
    package func storeMetadata(_ metadata: CacheMetadata, locale: LocaleTag) throws {
        try store.setCachedValues([(StorageKey.messagesCache(project: project, locale: locale), metadata.encoded())])
    }

    /// Writes a value under `key` as `store put` does: for a messages key, what described the old value goes
    /// first (its index, and the fetch metadata that would make the next fetch take this value for what the CDN
    /// sent), then the value and, when it parses, its index. Any other key is written as it is.
    /// - Parameters:
    ///   - value: the bytes to store.
    ///   - key: the key to write.
    package func storeValue(_ value: [UInt8], forKey key: String) throws {
        guard let location = Self.messagesLocation(of: key), location.project == project else {
            try store.setValue(value, forKey: key)
            return
        }
        let locale = location.locale
        for derivedKey in [
            StorageKey.bundleIndex(project: project, locale: locale),
            StorageKey.messagesCache(project: project, locale: locale),
        ] {
            try store.removeValue(forKey: derivedKey)
        }
        // Messages that are not a bundle are stored as given (the app's to fix; readers report them) without an index.
        guard let bundle = try? MessageBundle(jsonBytes: value) else {
            try store.setValue(value, forKey: key)
            return
        }
        try storeMessages(value, bundle: bundle, locale: locale, key: key)
    }

    /// The keys derived from `key`, which go with it when it is removed: a messages key's lookup index and
    /// fetch metadata (those of the normalised key only: removing another spelling leaves the fetcher's key and
    /// its caches alone), the manifest's metadata.
    /// - Parameter key: any key of the store.
    package static func derivedKeys(of key: String) -> [String] {
        if let (project, locale) = messagesLocation(of: key),
            key == StorageKey.messages(project: project, locale: locale)
        {
            return [
                StorageKey.bundleIndex(project: project, locale: locale),
                StorageKey.messagesCache(project: project, locale: locale),
            ]
        }
        let manifestPrefix = StorageKey.prefix + "manifest:"
        if key.hasPrefix(manifestPrefix), let project = try? ProjectID(String(key.dropFirst(manifestPrefix.count))) {
            return [StorageKey.manifestCache(project: project)]
        }
        return []
    }

    /// Removes `key` and every key derived from it (`derivedKeys(of:)`).
    /// - Parameter key: the key to remove.
    public func remove(_ key: String) throws {
        try store.removeValue(forKey: key)
        for derivedKey in Self.derivedKeys(of: key) { try store.removeValue(forKey: derivedKey) }
    }

    /// The project and locale of a messages key, or `nil` for any other key.
    /// - Parameter key: any key of the store.
    package static func messagesLocation(of key: String) -> (project: ProjectID, locale: LocaleTag)? {
        let parts = key.split(separator: ":", omittingEmptySubsequences: false)
        guard key.hasPrefix(StorageKey.prefix + "messages:"), parts.count == 4,
            let project = try? ProjectID(String(parts[2])), let locale = LocaleTag(parsing: String(parts[3]))
        else { return nil }
        return (project, locale)
    }

    // MARK: - Manifest

    /// Stores the manifest and its metadata in one batch, the metadata first: should the manifest then fail, the
    /// old one stays, and metadata that does not match it counts for nothing.
    /// - Parameters:
    ///   - bytes: the manifest's JSON as the store keeps it, or `nil` when only its metadata changed.
    ///   - metadata: its fetch metadata, or `nil` when it did not change.
    package func storeManifest(_ bytes: [UInt8]?, metadata: CacheMetadata?) throws {
        var values: [(key: String, value: [UInt8])] = []
        if let metadata { values.append((StorageKey.manifestCache(project: project), metadata.encoded())) }
        if let bytes { values.append((StorageKey.manifest(project: project), bytes)) }
        try store.setValues(values)
    }

    // MARK: - Locale and reloads

    /// Records a reload request: whenever a widget would render differently (new messages, a new locale, the
    /// app's own data).
    /// - Parameters:
    ///   - reason: why, for people, such as `messages updated: tr, en`.
    ///   - kind: the widget kind to reload; every kind when `nil`, the default.
    ///   - now: when the request is made; the current time by default.
    public func recordReloadRequest(_ reason: String, kind: String? = nil, now: Date = Date()) throws {
        try ReloadRequest.record(reason, kind: kind, project: project, in: store, now: now)
    }

    /// Writes `requested`, or the cached locale that matches it best (`LocaleNegotiation.lookup`: a step of its
    /// CLDR fallback chain, or a locale with the same likely form, `pt-br` for `pt`), as the stored locale in
    /// normalised form (`pt-br`, the spelling of its messages key), and records a reload request when the locale
    /// changed.
    /// Nothing is written unless the locale's cached messages parse.
    /// - Parameter requested: the locale to select.
    /// - Returns: the locale written.
    /// - Throws: `LocaleSelectionError` when no cached locale matches it, or the one that does is unusable.
    @discardableResult
    public func selectLocale(_ requested: LocaleTag) throws(LocaleSelectionError) -> LocaleTag {
        let reader = ContractReader(store: store, project: project)
        let cached: [CachedLocale]
        do { cached = try reader.cachedLocales() } catch { throw .store(error) }
        guard let match = LocaleNegotiation.lookup(preferred: [requested], available: cached.map(\.tag)) else {
            throw .notCached(requested: requested, cached: cached.map(\.tag.normalized), store: store.displayName)
        }
        do {
            guard try reader.bundle(match, cachedLocales: { cached }) != nil else {
                throw LocaleSelectionError.notCached(requested: requested, cached: [], store: store.displayName)
            }
        } catch let error as LocaleSelectionError {
            throw error
        } catch {
            throw .unusable(locale: match, reason: "\(error)")
        }
        let chosen = match == requested ? requested : match
        // Stored in the spelling of the messages key the fetcher wrote (`pt-br`): the better-i18n Swift SDK
        // builds the messages key from the stored value verbatim. Display forms are for people.
        let localeKey = StorageKey.locale(project: project)
        do {
            // An unreadable previous locale counts as none: the locale is written, and a reload recorded.
            let previous = (try? store.value(forKey: localeKey, maximumSize: StorageKey.maximumLocaleSize))?.map {
                String(decoding: $0, as: UTF8.self)
            }
            guard previous != chosen.normalized else { return chosen }
            try store.setString(chosen.normalized, forKey: localeKey)
            // Another spelling of the same locale renders the same: no reload for a respelling.
            if previous.flatMap({ StoredLocale(value: $0).tag }) != chosen {
                try recordReloadRequest("locale changed to \(chosen.displayForm)")
            }
        } catch { throw .store(error) }
        return chosen
    }
}

/// Why the stored locale was not changed: a ``code`` to compare, the locale concerned, and the store's own error
/// where it failed.
public struct LocaleSelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is: `notCached`, `unusable` or `store`.
    public typealias Code = ErrorCode<LocaleSelectionError>

    package enum Kind: Hashable, Sendable {
        case notCached(requested: LocaleTag, cached: [String], store: String)
        case unusable(locale: LocaleTag, reason: String)
        case store(message: String, error: GroupStoreError?)
    }

    package let kind: Kind

    /// No locale with cached messages in the store matches the requested one; `cached` lists the locales that do
    /// and `store` names the store.
    package static func notCached(requested: LocaleTag, cached: [String], store: String) -> Self {
        Self(kind: .notCached(requested: requested, cached: cached, store: store))
    }

    /// The locale's cached messages do not parse as a bundle; `reason` says why.
    package static func unusable(locale: LocaleTag, reason: String) -> Self {
        Self(kind: .unusable(locale: locale, reason: reason))
    }

    /// The store could not be read or written.
    package static func store(_ error: any Error) -> Self {
        Self(kind: .store(message: "\(error)", error: error as? GroupStoreError))
    }

    /// What kind of failure it is.
    public var code: Code {
        switch kind {
        case .notCached: .notCached
        case .unusable: .unusable
        case .store: .store
        }
    }

    /// The locale asked for (`notCached`) or the cached one whose messages are unusable (`unusable`).
    public var locale: LocaleTag? {
        switch kind {
        case .notCached(let requested, _, _): requested
        case .unusable(let locale, _): locale
        case .store: nil
        }
    }

    /// The store's error, when the store failed with one of this package's (`store`).
    public var storeError: GroupStoreError? {
        if case .store(_, let error) = kind { return error }
        return nil
    }

    public var description: String {
        switch kind {
        case .notCached(let requested, let cached, let store):
            let available = cached.isEmpty ? "none are cached" : "cached: " + cached.joined(separator: ", ")
            return "No cached messages for '\(requested.displayForm)' or its parents in \(store) (\(available))"
        case .unusable(let locale, let reason):
            return
                "The cached messages for '\(locale.displayForm)' are unusable (\(reason)); the locale was not changed"
        case .store(let message, _):
            return message
        }
    }
}

extension ErrorCode where Domain == LocaleSelectionError {
    /// No locale with cached messages matches the requested one.
    public static var notCached: Self { Self("notCached") }
    /// The matching locale's cached messages do not parse.
    public static var unusable: Self { Self("unusable") }
    /// The store could not be read or written (`storeError`).
    public static var store: Self { Self("store") }
}
