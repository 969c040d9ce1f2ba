import GroupContract
import GroupStore
import I18nCore
import LocaleData
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The widget side of WidgetI18n: detects the locale from the group store and resolves keys through the
/// fallback chain, storage only. It never touches the network and never throws: a corrupt or unreadable
/// value is treated as absent and reported in `problems`.
///
/// A translator caches what it read (the detected locale, each locale's parsed bundle); create one per
/// timeline render, or call `reload()` when the store changed.
///
///     let translator = WidgetTranslator(store: try FileGroupStore(group: "group.acme.widgets"),
///                                       project: try ProjectID("acme/widgets"))
///     translator.translate("today.title").text          // "Bugün"
public final class WidgetTranslator: Sendable {
    /// The group store shared with the app. The translator writes nothing into it, unless it is also the
    /// reader cache (a file container).
    public var store: any GroupStore { reader.store }
    /// The better-i18n project whose locale and messages the translator reads.
    public var project: ProjectID { reader.project }
    /// How the translator reads the store: the contract's reader, with the locale override and reader cache.
    public let reader: ContractReader
    /// The last locale of the fallback chain, and the locale when detection finds nothing.
    public let defaultLocale: LocaleTag
    /// The device's languages, most preferred first, as detection matches them against the cached locales.
    public let preferredLanguages: [String]
    /// The messages shipped with the app, by locale, for keys the store does not have.
    public let bundledMessages: [LocaleTag: MessageBundle]
    /// The formatter that turns a message's text and arguments into display text.
    public let formatter: any MessageFormatting

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
        var problems: [StoreProblem] = []
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
    ///   - localeOverride: a locale to render in whatever the store holds (the CLI's `--locale`); `nil`, the
    ///     default, detects it.
    ///   - maintainsIndexes: whether to keep a fresh lookup index for a locale whose stored one is missing or
    ///     stale, so the next widget process resolves keys without parsing the bundle: in `readerCache`, or in
    ///     `store` itself when that is a file container (`FileGroupStore`), never in an app's `UserDefaults` suite.
    ///   - readerCache: a store the widget owns for the indexes it builds (the App Group container's caches
    ///     directory, as a `FileGroupStore`); `nil`, the default, as `maintainsIndexes` says.
    public init(
        store: any GroupStore, project: ProjectID, defaultLocale: LocaleTag = LocaleTag.english,
        preferredLanguages: [String] = PreferredLanguages.current,
        bundledMessages: [LocaleTag: MessageBundle] = [:], formatter: any MessageFormatting = ICUMessageFormatter(),
        localeOverride: LocaleTag? = nil, maintainsIndexes: Bool = true, readerCache: (any GroupStore)? = nil
    ) {
        let cache = maintainsIndexes ? readerCache ?? (store is FileGroupStore ? store : nil) : nil
        reader = ContractReader(store: store, project: project, localeOverride: localeOverride, readerCache: cache)
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
    public var diagnostics: [String] { problems.map(\.description) }

    /// Problems met while reading the store, each once, in the order met: what ``diagnostics`` says, with a
    /// code to switch on and the locale concerned.
    public var problems: [StoreProblem] { state.withLock { $0.problems } }

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
            if let stored = try reader.storedLocale() {
                if let tag = stored.tag { return LocaleDetection(locale: tag, source: .stored(stored.text)) }
                if !stored.text.isEmpty {
                    report(
                        StoreProblem(
                            .invalidStoredLocale,
                            message: "The stored locale '\(QuotedExcerpt.of(stored.text))' under "
                                + "'\(StorageKey.locale(project: project))' is not a valid locale tag; ignoring it"))
                }
            }
        } catch {
            report(StoreProblem(.unreadableValue, message: "\(error); ignoring the stored locale"))
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
        do { cached = try reader.cachedLocales() } catch { report(StoreProblem(.unreadableValue, message: "\(error)")) }
        state.withLock { $0.cachedLocales = cached }
        return cached
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
    /// A failure is also reported in `problems`.
    public func messages(for locale: LocaleTag) -> Result<MessageBundle?, StoreProblem> {
        do {
            return .success(try reader.bundle(locale, cachedLocales: cachedLocaleKeys))
        } catch {
            let problem = problem(error, locale: locale, then: "")
            report(problem)
            return .failure(problem)
        }
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
        let messages: StoredMessages
        do {
            guard let found = try reader.openMessages(tag, cachedLocales: cachedLocaleKeys) else { return .notCached }
            messages = found
        } catch {
            report(problem(error, locale: tag, then: "; using the next fallback"))
            return .unreadable("\(error)")
        }
        do {
            return .loaded(try reader.lookup(for: messages, usingStoredIndex: usingStoredIndex))
        } catch {
            report(problem(error, locale: tag, then: "; using the next fallback"))
            return .unreadable("\(error)")
        }
    }

    /// What `error`, met reading the messages of `locale`, is as a problem: messages that are not a bundle
    /// are unusable, anything else unreadable.
    private func problem(_ error: any Error, locale: LocaleTag, then: String) -> StoreProblem {
        guard let error = error as? MessageBundleError else {
            return StoreProblem(.unreadableValue, locale: locale, message: "\(error)\(then)")
        }
        return StoreProblem(
            .unusableMessages, locale: locale,
            message:
                "The cached messages for '\(locale.normalized)' in \(store.displayName) are unusable (\(error))\(then)")
    }

    private func report(_ problem: StoreProblem) {
        state.withLock { state in
            if !state.problems.contains(problem) { state.problems.append(problem) }
        }
    }
}
