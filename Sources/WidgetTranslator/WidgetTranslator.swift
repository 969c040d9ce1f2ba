import GroupStore
import I18nCore
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The widget side of WidgetI18n: detects the locale from the group store and resolves keys through the
/// fallback chain, storage only. It never touches the network and never throws: a corrupt or unreadable
/// value is treated as absent and reported in `diagnostics`.
///
/// A translator caches what it read (the detected locale, each locale's parsed bundle); create one per
/// timeline render, or call `reload()` when the store changed.
///
///     let translator = WidgetTranslator(store: try FileGroupStore(group: "group.acme.widgets"),
///                                       project: try ProjectID("acme/widgets"))
///     translator.translate("today.title").text          // "Bugün"
public final class WidgetTranslator: Sendable {
    /// The group store shared with the app; the translator writes nothing into it but lookup indexes.
    public let store: any GroupStore
    /// The better-i18n project whose locale and messages the translator reads.
    public let project: ProjectID
    /// The last locale of the fallback chain, and the locale when detection finds nothing.
    public let defaultLocale: LocaleTag
    /// The device's languages, most preferred first, as detection matches them against the cached locales.
    public let preferredLanguages: [String]
    /// The messages shipped with the app, by locale, for keys the store does not have.
    public let bundledMessages: [LocaleTag: MessageBundle]
    /// The formatter that turns a message's text and arguments into display text.
    public let formatter: any MessageFormatting

    /// Whether a locale whose stored index is missing or stale gets a fresh one after its JSON is parsed, so
    /// the next widget process resolves keys without reading the bundle. Only into a store that accepts reader
    /// caches (`GroupStore.acceptsReaderCaches`): never into an app's `UserDefaults` suite.
    public let maintainsIndexes: Bool

    private enum CachedBundle {
        case loaded(any MessageLookup)
        case notCached
        case unreadable(String)
    }

    private struct State {
        var translations = TranslationCache()
        var detection: LocaleDetection?
        // Keyed by strings (`LocaleTag.normalized`, then the key): a dictionary keyed by a type of this package
        // makes the runtime scan every protocol conformance in the binary on first use, a cost a widget's cold
        // render would pay once per key type.
        var bundles: [String: CachedBundle] = [:]
        /// Locale, then key: the chain's answer before a caller's default text is applied.
        var resolutions: [String: [String: Resolution]] = [:]
        /// The locales with cached messages and their keys, for keys written in another spelling.
        var cachedLocales: [CachedLocale]?
        var diagnostics: [String] = []
    }

    private let state = Mutex(State())

    /// - Parameters:
    ///   - store: the group store shared with the app.
    ///   - project: the better-i18n project whose keys to read.
    ///   - defaultLocale: the last locale of the chain, and the locale when detection finds nothing.
    ///   - preferredLanguages: the device's languages, most preferred first; by default
    ///     ``PreferredLanguages/current``: the system's on Apple platforms, the environment's elsewhere.
    ///   - bundledMessages: messages shipped with the app, used when the store has nothing for a key.
    ///   - formatter: turns message text and arguments into display text.
    ///   - maintainsIndexes: whether to store a fresh lookup index for a locale whose index is missing or stale
    ///     (see ``maintainsIndexes``).
    public init(
        store: any GroupStore, project: ProjectID, defaultLocale: LocaleTag = LocaleTag.english,
        preferredLanguages: [String] = PreferredLanguages.current,
        bundledMessages: [LocaleTag: MessageBundle] = [:], formatter: any MessageFormatting = ICUMessageFormatter(),
        maintainsIndexes: Bool = true
    ) {
        self.maintainsIndexes = maintainsIndexes
        self.store = store
        self.project = project
        self.defaultLocale = defaultLocale
        self.preferredLanguages = preferredLanguages
        self.bundledMessages = bundledMessages
        self.formatter = formatter
    }

    /// Forgets everything read from the store, so the next call reads it again.
    public func reload() {
        state.withLock { $0 = State() }
    }

    /// Problems met while reading the store (unreadable values, corrupt bundles, invalid stored locale).
    public var diagnostics: [String] { state.withLock { $0.diagnostics } }

    // MARK: - Locale

    /// The locale to render in: the stored locale, else a preferred language that has cached messages, else
    /// the default locale.
    public func detectLocale() -> LocaleDetection {
        if let detection = state.withLock({ $0.detection }) { return detection }
        let detection = computeDetection()
        state.withLock { $0.detection = detection }
        return detection
    }

    /// The detected locale.
    public var locale: LocaleTag { detectLocale().locale }

    private func computeDetection() -> LocaleDetection {
        do {
            if let stored = try CachedMessages.storedLocale(project: project, in: store) {
                if let tag = stored.tag { return LocaleDetection(locale: tag, source: .stored(stored.text)) }
                if !stored.text.isEmpty {
                    report(
                        "The stored locale '\(QuotedExcerpt.of(stored.text))' under '\(StorageKey.locale(project: project))' is not a "
                            + "valid locale tag; ignoring it")
                }
            }
        } catch {
            report("\(error); ignoring the stored locale")
        }
        let cached = cachedLocales()
        for language in preferredLanguages {
            guard let preference = LocaleTag(parsing: language) else { continue }
            if let match = LocaleNegotiation.lookup(preferred: [preference], available: cached) {
                return LocaleDetection(locale: match, source: .preferredLanguage(language))
            }
        }
        return LocaleDetection(locale: defaultLocale, source: .defaultLocale)
    }

    /// The locales that have messages in the store, normalised and sorted.
    public func cachedLocales() -> [LocaleTag] {
        cachedLocaleKeys().map(\.tag)
    }

    private func cachedLocaleKeys() -> [CachedLocale] {
        if let cached = state.withLock({ $0.cachedLocales }) { return cached }
        var cached: [CachedLocale] = []
        do { cached = try CachedMessages.locales(project: project, in: store) } catch { report("\(error)") }
        state.withLock { $0.cachedLocales = cached }
        return cached
    }

    /// The messages key of `tag` in the spelling its writer used, when it is not the normalised one.
    private func otherSpelling(of tag: LocaleTag) -> String? {
        cachedLocaleKeys().first { $0.tag == tag }?.key
    }

    // MARK: - Keys

    /// Resolves `key` through the fallback chain without formatting it.
    /// - Parameters:
    ///   - key: the dotted message key, such as `today.title`.
    ///   - locale: the locale to start from; the detected locale when `nil`.
    ///   - defaultText: what to show when no step has the key, instead of the key.
    public func resolve(_ key: String, locale: LocaleTag? = nil, defaultText: String? = nil) -> Resolution {
        let start = locale ?? self.locale
        // A widget re-renders the same keys on every timeline entry: remember each answer until `reload()`.
        let resolution: Resolution
        if let cached = state.withLock({ $0.resolutions[start.normalized]?[key] }) {
            resolution = cached
        } else {
            resolution = resolveThroughChain(key, start: start)
            state.withLock { $0.resolutions[start.normalized, default: [:]][key] = resolution }
        }
        guard let defaultText, resolution.step == .key else { return resolution }
        var attempts = resolution.attempts.dropLast()
        attempts.append(.init(step: .callerDefault, outcome: .found))
        return Resolution(key: key, message: defaultText, step: .callerDefault, attempts: Array(attempts))
    }

    /// The chain up to the bundled messages, then the key itself; `resolve` puts a caller's default in its place.
    private func resolveThroughChain(_ key: String, start: LocaleTag) -> Resolution {
        var attempts: [Resolution.Attempt] = []
        // A chain is a handful of tags: an array is cheaper than a set here.
        var tried: [LocaleTag] = []
        for (offset, tag) in start.fallbackChain.enumerated() where !tried.contains(tag) {
            tried.append(tag)
            let step: ResolutionStep = offset == 0 ? .requestedLocale(tag) : .parentLocale(tag)
            if let message = lookUp(key, in: tag, step: step, attempts: &attempts) {
                return Resolution(key: key, message: message, step: step, attempts: attempts)
            }
        }
        for tag in defaultLocale.fallbackChain where !tried.contains(tag) {
            tried.append(tag)
            if let message = lookUp(key, in: tag, step: .defaultLocale(tag), attempts: &attempts) {
                return Resolution(key: key, message: message, step: .defaultLocale(tag), attempts: attempts)
            }
        }
        var triedBundled: [LocaleTag] = []
        for tag in start.fallbackChain + defaultLocale.fallbackChain where !triedBundled.contains(tag) {
            triedBundled.append(tag)
            guard let bundle = bundledMessages[tag] else { continue }
            if let message = bundle.message(forKey: key) {
                attempts.append(.init(step: .bundled(tag), outcome: .found))
                return Resolution(key: key, message: message, step: .bundled(tag), attempts: attempts)
            }
            attempts.append(.init(step: .bundled(tag), outcome: .keyMissing))
        }
        attempts.append(.init(step: .key, outcome: .found))
        return Resolution(key: key, message: key, step: .key, attempts: attempts)
    }

    /// Resolves `key` and formats it with `arguments`, using the detected locale's rules even when the text
    /// came from a fallback. A key that nothing has renders as `defaultText`, or as the key itself.
    /// - Parameters:
    ///   - key: the dotted message key, such as `today.title`.
    ///   - arguments: the values of the message's arguments, by name; none by default.
    ///   - defaultText: what to show when no step has the key; the key itself when `nil`, the default.
    ///   - locale: the locale to start from; the detected locale when `nil`, the default.
    public func translate(
        _ key: String, arguments: MessageArguments = [:], defaultText: String? = nil, locale: LocaleTag? = nil
    ) -> Translation {
        // Timeline entries render the same keys with the same arguments again and again.
        let hash = TranslationCache.hash(key)
        let localeKey = locale?.normalized
        if let cached = state.withLock({
            $0.translations.translation(
                hash: hash, key: key, arguments: arguments, defaultText: defaultText, locale: localeKey)
        }) {
            return cached
        }
        let translation = translateUncached(key, arguments: arguments, defaultText: defaultText, locale: locale)
        let entry = TranslationCache.Entry(
            hash: hash, key: key, arguments: arguments, defaultText: defaultText, locale: localeKey,
            translation: translation)
        state.withLock { $0.translations.insert(entry) }
        return translation
    }

    private func translateUncached(
        _ key: String, arguments: MessageArguments, defaultText: String?, locale: LocaleTag?
    ) -> Translation {
        let formattingLocale = locale ?? self.locale
        let resolution = resolve(key, locale: formattingLocale, defaultText: defaultText)
        if resolution.step == .key {
            return Translation(text: key, locale: formattingLocale, resolution: resolution, problems: [])
        }
        let formatted = formatter.format(resolution.message, locale: formattingLocale, arguments: arguments)
        return Translation(
            text: formatted.text, locale: formattingLocale, resolution: resolution, problems: formatted.problems)
    }

    /// The text of `key` formatted with `arguments`: `translator("today.greeting", ["name": "Ayşe"])`.
    /// - Parameters:
    ///   - key: the dotted message key, such as `today.greeting`.
    ///   - arguments: the values of the message's arguments, by name; none by default.
    public func callAsFunction(_ key: String, _ arguments: MessageArguments = [:]) -> String {
        translate(key, arguments: arguments).text
    }

    /// The messages of `locale` from the store, parsed in full (every key, counts), or why there are none.
    /// Widgets do not need this: lookups go through the stored index when there is one.
    /// - Parameter locale: the locale whose messages key to read.
    /// A failure is also reported in `diagnostics`.
    public func messages(for locale: LocaleTag) -> Result<MessageBundle?, GroupStoreReadError> {
        do {
            guard let stored = try storedJSON(for: locale) else { return .success(nil) }
            return .success(try MessageBundle(jsonBytes: try stored.allBytes()))
        } catch {
            report("\(error)")
            return .failure(GroupStoreReadError(description: "\(error)"))
        }
    }

    /// The messages value of `tag`, opened, in the spelling its writer used; refused before anything is read
    /// when it is larger than `MessageBundle.maximumStoredSize`.
    private func storedJSON(for tag: LocaleTag) throws -> StoredJSON? {
        var key = StorageKey.messages(project: project, locale: tag)
        var value = try store.identifiedValue(forKey: key)
        if value == nil, let otherSpelling = otherSpelling(of: tag), otherSpelling != key {
            key = otherSpelling
            value = try store.identifiedValue(forKey: key)
        }
        guard let value else { return nil }
        guard value.count <= MessageBundle.maximumStoredSize else {
            throw GroupStoreError(
                .tooLarge(size: value.count, limit: MessageBundle.maximumStoredSize), key: key,
                store: store.displayName)
        }
        return StoredJSON(key: key, value: value, store: store)
    }

    private func lookUp(
        _ key: String, in tag: LocaleTag, step: ResolutionStep, attempts: inout [Resolution.Attempt]
    ) -> String? {
        var loaded = bundle(for: tag)
        if case .loaded(let bundle) = loaded, bundle.lookUp(key) == .stale {
            // The stored index proved stale on this key: parse the JSON, answer from it, rebuild the index.
            loaded = loadBundle(for: tag, usingStoredIndex: false)
            state.withLock { $0.bundles[tag.normalized] = loaded }
        }
        switch loaded {
        case .loaded(let bundle):
            if case .found(let message) = bundle.lookUp(key) {
                attempts.append(.init(step: step, outcome: .found))
                return message
            }
            attempts.append(.init(step: step, outcome: .keyMissing))
        case .notCached:
            attempts.append(.init(step: step, outcome: .notCached))
        case .unreadable(let reason):
            attempts.append(.init(step: step, outcome: .unreadable(reason)))
        }
        return nil
    }

    private func bundle(for tag: LocaleTag) -> CachedBundle {
        if let cached = state.withLock({ $0.bundles[tag.normalized] }) { return cached }
        let loaded = loadBundle(for: tag)
        state.withLock { $0.bundles[tag.normalized] = loaded }
        return loaded
    }

    private func loadBundle(for tag: LocaleTag, usingStoredIndex: Bool = true) -> CachedBundle {
        let stored: StoredJSON
        do {
            guard let found = try storedJSON(for: tag) else { return .notCached }
            stored = found
        } catch {
            report("\(error); using the next fallback")
            return .unreadable("\(error)")
        }
        // The stored index answers without reading the bundle. It was built from exactly this value when the
        // identities match (or, without identities, the content digests).
        let indexKey = StorageKey.bundleIndex(project: project, locale: tag)
        if usingStoredIndex, let indexValue = try? store.identifiedValue(forKey: indexKey),
            let index = StoredBundleIndex(
                index: OpenedBytes(indexValue), json: OpenedBytes(stored.value), identity: stored.value.identity)
        {
            return .loaded(index)
        }
        do {
            let json = try stored.allBytes()
            let bundle = try MessageBundle(jsonBytes: json)
            if maintainsIndexes, store.acceptsReaderCaches, json.count == stored.value.count {
                try? store.setCachedValues([(indexKey, bundle.storedIndex(identity: stored.value.identity))])
            }
            return .loaded(bundle)
        } catch let error as MessageBundleError {
            let reason = "\(error)"
            report(
                "The cached messages for '\(tag.normalized)' in \(store.displayName) are unusable (\(reason)); "
                    + "using the next fallback. Run 'widget-i18n fetch --locale \(tag.normalized) --force' to replace them"
            )
            return .unreadable(reason)
        } catch {
            report("\(error); using the next fallback")
            return .unreadable("\(error)")
        }
    }

    private func report(_ message: String) {
        state.withLock { state in
            if !state.diagnostics.contains(message) { state.diagnostics.append(message) }
        }
    }
}

/// A stored messages value, opened, and the key it was found under.
private struct StoredJSON {
    let key: String
    let value: IdentifiedValue
    let store: any GroupStore

    /// The whole value; another process may rewrite it in place while it is read (`GroupStore.wholeValue`).
    func allBytes() throws -> [UInt8] {
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

/// Why a cached bundle could not be read.
public struct GroupStoreReadError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
}
