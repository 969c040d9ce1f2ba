import GroupStore
import I18nCore
import LocaleData
import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads the storage contract for one project, as every better-i18n SDK may have written it: the locales with
/// cached messages (under any spelling), the stored locale, a locale's messages with their lookup index, and
/// the latest reload request.
///
/// The reader writes nothing but what it derives: a bundle's lookup index, when the stored one is missing or
/// stale, goes to `readerCache` through ``ContractWriter`` (the one writer of indexes), and never into an app's
/// `UserDefaults` suite. `readerCache` may be `store` itself: a file container is its own by default
/// (``defaultReaderCache(for:)``, which the translator uses unless told otherwise), and then the index is
/// written into `store`, beside the messages. The reader's own default, `nil`, writes nothing at all.
///
///     let reader = ContractReader(store: store, project: try ProjectID("acme/widgets"))
///     try reader.storedLocale()?.tag        // pt-br
///     try reader.cachedLocales().map(\.tag) // [en, pt-br, tr]
package struct ContractReader: Sendable {
    /// The group store shared with the app.
    package let store: any GroupStore
    /// The project whose keys to read.
    package let project: ProjectID
    /// The locale to report as the stored one whatever the store holds (the CLI's `--locale`), or `nil`.
    package let localeOverride: LocaleTag?
    /// Where the reader keeps the lookup indexes it builds, or `nil` to keep none.
    package let readerCache: (any GroupStore)?

    /// A reader of `project`'s keys in `store`.
    /// - Parameters:
    ///   - store: the group store shared with the app.
    ///   - project: the project whose keys to read.
    ///   - localeOverride: a locale to use instead of the stored one; `nil`, the default, reads the store's.
    ///   - readerCache: where to keep lookup indexes the reader builds; `nil`, the default, keeps none. A
    ///     file container the widget may write (`FileGroupStore`) can be its own reader cache; an app's
    ///     `UserDefaults` suite never is.
    package init(
        store: any GroupStore, project: ProjectID, localeOverride: LocaleTag? = nil,
        readerCache: (any GroupStore)? = nil
    ) {
        self.store = store
        self.project = project
        self.localeOverride = localeOverride
        self.readerCache = readerCache
    }

    /// The places the reader reads, in order: an `AppGroupStore`'s container then its suite; any other store alone.
    package var places: [any GroupStore] { store.places }

    /// Every locale with cached messages for the project, with the key and the place that hold them, sorted by
    /// normalised tag: messages keys (`@better-i18n:messages:…`) and the Expo package's cache (`@better-i18n:
    /// {project}:…:translations`), in any spelling, in every place the store has. When one locale is stored under
    /// several spellings of one writer in one place, the normalised key wins; among the copies of one locale, the
    /// newest by recorded time (`MessagesSource`).
    /// - Throws: `GroupStoreError` when the store cannot be listed.
    package func cachedLocales() throws -> [CachedLocale] {
        // By normalised tag: a dictionary keyed by `LocaleTag` would make the runtime scan every protocol
        // conformance in the binary on first use, a cost a widget's cold render would pay.
        var candidates: [String: [(cached: CachedLocale, size: Int)]] = [:]
        var order: [String] = []
        for (place, placeStore) in places.enumerated() {
            var messages: [(cached: CachedLocale, size: Int)] = []
            var expo: [(cached: CachedLocale, size: Int)] = []
            var messagesPositions: [String: Int] = [:]
            var expoPositions: [String: Int] = [:]
            for entry in try placeStore.entries() {
                let key = entry.key
                if let raw = StorageKey.messagesLocale(inKey: key, project: project), let tag = LocaleTag(parsing: raw)
                {
                    let cached = CachedLocale(tag: tag, key: key, place: place, storeName: placeStore.displayName)
                    Self.add((cached, entry.size), raw: raw, to: &messages, positions: &messagesPositions)
                } else if let raw = StorageKey.expoLocale(inKey: key, project: project),
                    let tag = LocaleTag(parsing: raw)
                {
                    let cached = CachedLocale(
                        tag: tag, key: key, source: .expoCache(cachedAt: expoCachedAt(raw, in: placeStore)),
                        place: place, storeName: placeStore.displayName)
                    Self.add((cached, entry.size), raw: raw, to: &expo, positions: &expoPositions)
                }
            }
            for candidate in messages + expo {
                let tag = candidate.cached.tag.normalized
                if candidates[tag] == nil { order.append(tag) }
                candidates[tag, default: []].append(candidate)
            }
        }
        return order.compactMap { tag in candidates[tag].map { newest($0) } }.sorted {
            $0.tag.normalized < $1.tag.normalized
        }
    }

    private static func add(
        _ candidate: (cached: CachedLocale, size: Int), raw: String, to list: inout [(cached: CachedLocale, size: Int)],
        positions: inout [String: Int]
    ) {
        let tag = candidate.cached.tag.normalized
        if let position = positions[tag] {
            if raw == tag { list[position] = candidate }
        } else {
            positions[tag] = list.count
            list.append(candidate)
        }
    }

    /// The newest of the copies of one locale, in reading order: the one with the latest recorded time; a copy
    /// without a time loses to any with one, and of equal times (or none) the earlier wins: a messages key before
    /// the Expo cache, the container before the suite. Times are read only when there is a choice.
    private func newest(_ copies: [(cached: CachedLocale, size: Int)]) -> CachedLocale {
        guard copies.count > 1 else { return copies[0].cached }
        var best = copies[0].cached
        var bestTime = recordedTime(of: best, size: copies[0].size)
        for copy in copies.dropFirst() {
            guard let time = recordedTime(of: copy.cached, size: copy.size) else { continue }
            if bestTime.map({ time > $0 }) ?? true { (best, bestTime) = (copy.cached, time) }
        }
        return best
    }

    /// When the copy `cached` (whose value is `size` bytes) was written, as its writer recorded it
    /// (`RecordedTime`): the Expo cache's `cachedAt`; for a messages key in the normalised spelling, WidgetI18n's
    /// fetch time while its metadata describes the value, else the JavaScript bridge's stamp while its size is the
    /// value's. `nil` when no writer recorded one (the JavaScript core, the Swift SDK).
    package func recordedTime(of cached: CachedLocale, size: Int) -> Date? {
        if case .expoCache(let cachedAt) = cached.source { return cachedAt }
        guard cached.key == StorageKey.messages(project: project, locale: cached.tag) else { return nil }
        let place = places[min(cached.place, places.count - 1)]
        if let fetched = fetchTime(of: cached, in: place) { return fetched }
        guard
            let stamp = WriteStamp.read(
                in: place, key: StorageKey.messagesWritten(project: project, locale: cached.tag)),
            stamp.size == size
        else { return nil }
        return RecordedTime.date(milliseconds: stamp.writtenAt)
    }

    /// When WidgetI18n fetched the messages under `cached`'s key in `place`, when its fetch metadata still
    /// describes them.
    private func fetchTime(of cached: CachedLocale, in place: any GroupStore) -> Date? {
        guard
            let metadata = CacheMetadata.read(
                in: place, key: StorageKey.messagesCache(project: project, locale: cached.tag))
        else { return nil }
        if let recorded = metadata.identity {
            // Messages that cannot be read have no fetch time: the caller reports the read itself.
            guard let value = try? place.identifiedValue(forKey: cached.key),
                let identity = value.identity, recorded == CacheMetadata.hex(identity)
            else { return nil }
        }
        return RecordedTime.date(metadata.fetchedAt)
    }

    /// The Expo package's `cachedAt` for its cache of `locale` (spelled as in the key) in `place`, or `nil` when
    /// its `:meta` is missing, unreadable or not a time (`RecordedTime`).
    package func expoCachedAt(_ locale: String, in place: any GroupStore) -> Date? {
        let key = StorageKey.expoMeta(project: project, locale: locale)
        guard let bytes = try? place.value(forKey: key, maximumSize: StorageKey.maximumMetadataSize),
            let meta = try? JSONDecoder().decode(ExpoMeta.self, from: Data(bytes))
        else { return nil }
        return RecordedTime.date(milliseconds: meta.cachedAt)
    }

    /// The value of `@better-i18n:locale:{project}` (or the override), or `nil` when there is none. The one
    /// reader of the stored locale: the translator, `fetch` and `status` all go through it, so they agree on
    /// every spelling.
    /// - Throws: `GroupStoreError` when the value exists but cannot be read, is not UTF-8, or is longer than any
    ///   locale tag could be.
    package func storedLocale() throws -> StoredLocale? {
        if let localeOverride { return StoredLocale(value: localeOverride.normalized) }
        let key = StorageKey.locale(project: project)
        // The container's first: the locale key has no recorded time, and WidgetI18n's writers (and the bridge's
        // file backends) write it there; a suite's counts where the container has none.
        for place in places {
            // A locale tag is at most 64 characters: a longer value is not one, and is refused before it is read.
            guard let bytes = try place.value(forKey: key, maximumSize: StorageKey.maximumLocaleSize) else {
                continue
            }
            guard let text = String(validatingUTF8: bytes) else {
                throw GroupStoreError(.notUTF8, key: key, store: place.displayName)
            }
            return StoredLocale(value: text)
        }
        return nil
    }

    /// The newest reload request that applies to widgets of `kind`: the kind's own or the one for every kind.
    /// Unreadable records count as absent.
    /// - Parameter kind: the widget kind asking; `nil` reads only the request for every kind.
    package func latestReloadRequest(kind: String?) -> ReloadRequest? {
        ReloadRequest.latest(project: project, kind: kind, in: store)
    }

    /// The newest reload request that applies to widgets of `kind`, and in `problems` why a record that exists
    /// could not be read.
    /// - Parameters:
    ///   - kind: the widget kind asking; `nil` reads only the request for every kind.
    ///   - problems: where to append a message for each unreadable record.
    package func latestReloadRequest(kind: String?, problems: inout [String]) -> ReloadRequest? {
        ReloadRequest.latest(project: project, kind: kind, in: store, problems: &problems)
    }

    // MARK: - Messages

    /// The messages value of `tag`, opened: under the normalised key or the Expo package's, in every place, the
    /// newest by recorded time; else under the cached locale that answers `tag` (another spelling, or a match as
    /// CLDR's: `pt-br` for `pt`); refused before anything is read when it is larger than
    /// `MessageBundle.maximumStoredSize`.
    /// - Parameters:
    ///   - tag: the locale whose messages to open.
    ///   - cachedLocales: the locales the store holds, for a key written in another spelling; asked for only
    ///     when no place holds the normalised keys, since listing a store costs a widget's cold render.
    package func openMessages(_ tag: LocaleTag, cachedLocales: () -> [CachedLocale]) throws -> StoredMessages? {
        let messagesKey = StorageKey.messages(project: project, locale: tag)
        var copies: [(cached: CachedLocale, value: IdentifiedValue, store: any GroupStore)] = []
        for (place, placeStore) in places.enumerated() {
            if let value = try placeStore.identifiedValue(forKey: messagesKey) {
                let cached = CachedLocale(tag: tag, key: messagesKey, place: place, storeName: placeStore.displayName)
                copies.append((cached, value, placeStore))
            }
            // The Expo package's cache, in the two spellings it writes.
            for spelling in Set([tag.normalized, tag.displayForm]).sorted() {
                let key = StorageKey.expoTranslations(project: project, locale: spelling)
                guard let value = try placeStore.identifiedValue(forKey: key) else { continue }
                let cached = CachedLocale(
                    tag: tag, key: key, source: .expoCache(cachedAt: expoCachedAt(spelling, in: placeStore)),
                    place: place, storeName: placeStore.displayName)
                copies.append((cached, value, placeStore))
                break
            }
        }
        var found: (cached: CachedLocale, value: IdentifiedValue, store: any GroupStore)?
        if let first = copies.first {
            let winner = newest(copies.map { ($0.cached, $0.value.count) })
            found = copies.first { $0.cached == winner } ?? first
        }
        var match: LocaleNegotiation.Match?
        if found == nil {
            // Another spelling of the tag, or the cached locale that answers it as CLDR's matching does (`pt-br`
            // for `pt`, `zh-hant` for `zh-tw`; never across scripts).
            let cached = cachedLocales()
            if let answer = LocaleNegotiation.match(tag, among: cached.map(\.tag)),
                let entry = cached.first(where: { $0.tag == answer.tag })
            {
                let placeStore = places[min(entry.place, places.count - 1)]
                if let value = try placeStore.identifiedValue(forKey: entry.key) {
                    found = (entry, value, placeStore)
                    if answer.reason != .exact { match = answer }
                }
            }
        }
        guard let (cached, value, placeStore) = found else { return nil }
        guard value.count <= MessageBundle.maximumStoredSize else {
            throw GroupStoreError(
                .tooLarge(size: value.count, limit: MessageBundle.maximumStoredSize), key: cached.key,
                store: placeStore.displayName)
        }
        return StoredMessages(cached: cached, value: value, store: placeStore, match: match)
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
            for source in indexSources(for: messages.store) {
                // An index that cannot be read counts as absent: the messages are parsed instead.
                if let indexValue = try? source.identifiedValue(forKey: indexKey),
                    let index = StoredBundleIndex(
                        index: OpenedBytes(indexValue), json: OpenedBytes(messages.value),
                        identity: messages.value.identity)
                {
                    return index
                }
            }
        }
        let json = try messages.allBytes()
        let bundle = try MessageBundle(jsonBytes: json)
        if let readerCache, json.count == messages.value.count {
            // A cache that cannot be written only costs the next reader this parse.
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
        return try MessageBundle(jsonBytes: try messages.allBytes())
    }

    /// Where stored indexes of a value in `place` may be: the writer's, next to the JSON (never in a preferences
    /// domain, which keeps no caches), then the reader's own, unless that is the same container (a file
    /// container is its own reader cache), which is not read twice.
    private func indexSources(for place: any GroupStore) -> [any GroupStore] {
        let own: [any GroupStore] = place.capabilities.budget != nil ? [] : [place]
        guard let readerCache else { return own }
        if let placeDirectory = place.fileContainer?.directory, placeDirectory == readerCache.fileContainer?.directory {
            return own
        }
        return own + [readerCache]
    }

    /// Where a reader of `store` keeps the indexes it builds when none is given: a file container is its own,
    /// an App Group's is its container, a preferences domain names its own (its `GroupStoreCapabilities`); any
    /// other store has none.
    /// - Parameter store: the store read.
    package static func defaultReaderCache(for store: any GroupStore) -> (any GroupStore)? {
        store.defaultReaderCache
    }
}
