import GroupContract
import GroupStore
import I18nCore
import LocaleData
import MessageFormat2
import WidgetI18nSupport

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
///     let translator = WidgetTranslator(store: try AppGroupStore(group: "group.acme.widgets"),
///                                       project: try ProjectID("acme/widgets"))
///     translator.translate("today.title").text          // "Bugün"
public final class WidgetTranslator: Sendable {
    /// The group store shared with the app. The translator writes nothing into it, unless it is also the
    /// reader cache (a file container).
    package var store: any GroupStore { reader.store }
    /// The better-i18n project whose locale and messages the translator reads.
    public var project: ProjectID { reader.project }
    /// How the translator reads the store: the contract's reader, with the locale override and reader cache.
    package let reader: ContractReader
    /// The last locale of the fallback chain, and the locale when detection finds nothing.
    public let defaultLocale: LocaleTag
    /// The device's languages, most preferred first, as detection matches them against the cached locales.
    package let preferredLanguages: [String]
    /// The messages shipped with the app, by locale, for keys the store does not have.
    package let bundledMessages: [LocaleTag: MessageBundle]
    /// The zone dates, times and relative times are shown in; `nil` for the process's.
    package let timeZone: ZoneInfo?
    /// The formatter that turns a message's text and arguments into display text. A bundle that declares
    /// MessageFormat 2 (`MessageSyntax`) is formatted by `messageFormat2` instead.
    package let formatter: any MessageFormatting
    /// The formatter of bundles that declare MessageFormat 2, in `timeZone` unless it has a zone of its own.
    package let messageFormat2: MF2Formatter

    enum CachedBundle {
        /// The messages, and how another cached locale answers the one asked for, when it does.
        case loaded(any MessageLookup, via: LocaleNegotiation.Match?)
        case notCached
        case unreadable(String)
    }

    struct State {
        var translations = TranslationCache()
        var detection: LocaleDetection?
        // Keyed by strings (`LocaleTag.normalized`, then the key): a dictionary keyed by a type of this package
        // makes the runtime scan every protocol conformance in the binary on first use, a cost a widget's cold
        // render would pay once per key type.
        var bundles: [String: CachedBundle] = [:]
        /// The syntax each loaded bundle declares, read with its first key found (normalized tag → syntax).
        var syntaxes: [String: MessageSyntax] = [:]
        /// Locale, then key: the chain's answer before a caller's default text is applied.
        var resolutions: [String: [String: Resolution]] = [:]
        /// The locales with cached messages and their keys, for keys written in another spelling.
        var cachedLocales: [CachedLocale]?
        var problems: [StoreProblem] = []
        /// The locales checked against the build's locale data slice (`reportIfOutsideSlice(_:)`).
        var sliceChecked: Set<String> = []
    }

    let state = Locked(State())

    /// - Parameters:
    ///   - store: the group store shared with the app.
    ///   - project: the better-i18n project whose keys to read.
    ///   - defaultLocale: the last locale of the chain, and the locale when detection finds nothing.
    ///   - preferredLanguages: the device's languages, most preferred first; `nil`, the default, the system's on
    ///     Apple platforms (`Locale.preferredLanguages`), the environment's elsewhere (`LANGUAGE`, `LC_ALL`, …).
    ///   - bundledMessages: messages shipped with the app, used when the store has nothing for a key.
    ///   - timeZone: the zone dates, times and relative times are shown in; `nil`, the default, the process's.
    ///   - formatter: turns an ICU bundle's message text and arguments into display text; `nil`, the default, an
    ///     `ICUMessageFormatter` in `timeZone`.
    ///   - messageFormat2: formats the bundles that declare MessageFormat 2, with its draft functions and the
    ///     app's own where it has them, in `timeZone` unless it has a zone of its own; `nil`, the default, an
    ///     `MF2Formatter` with the stable default functions.
    ///   - localeOverride: a locale to render in whatever the store holds (the CLI's `--locale`); `nil`, the
    ///     default, detects it.
    ///   - maintainsIndexes: whether to keep a fresh lookup index for a locale whose stored one is missing or
    ///     stale, so the next widget process resolves keys without parsing the bundle: in `readerCache`, or by
    ///     default where the store says (`ContractReader.defaultReaderCache(for:)`): a file container itself, an
    ///     App Group's container, a suite's caches directory in the App Group container; never in an app's
    ///     `UserDefaults` suite.
    ///   - readerCache: a store the widget owns for the indexes it builds; `nil`, the default, as
    ///     `maintainsIndexes` says.
    public init(
        store: any GroupStore, project: ProjectID, defaultLocale: LocaleTag = LocaleTag.english,
        preferredLanguages: [String]? = nil,
        bundledMessages: [LocaleTag: MessageBundle] = [:], timeZone: ZoneInfo? = nil,
        formatter: (any MessageFormatting)? = nil, messageFormat2: MF2Formatter? = nil,
        localeOverride: LocaleTag? = nil, maintainsIndexes: Bool = true, readerCache: (any GroupStore)? = nil
    ) {
        let cache = maintainsIndexes ? readerCache ?? ContractReader.defaultReaderCache(for: store) : nil
        reader = ContractReader(store: store, project: project, localeOverride: localeOverride, readerCache: cache)
        self.defaultLocale = defaultLocale
        self.preferredLanguages = preferredLanguages ?? PreferredLanguages.current
        self.bundledMessages = bundledMessages
        self.timeZone = timeZone
        self.formatter = formatter ?? ICUMessageFormatter(timeZone: timeZone)
        var messageFormat2 = messageFormat2 ?? MF2Formatter()
        if messageFormat2.timeZone == nil { messageFormat2.timeZone = timeZone }
        self.messageFormat2 = messageFormat2
    }

    /// Forgets everything read from the store, so the next call reads it again.
    public func reload() {
        state.withLock { $0 = State() }
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
        reportIfOutsideSlice(formattingLocale)
        let resolution = resolve(key, locale: formattingLocale, defaultText: defaultText)
        if resolution.step == .key {
            return Translation(text: key, locale: formattingLocale, resolution: resolution, problems: [])
        }
        // A bundle that declares MessageFormat 2 is formatted as such: `formatter` is the ICU bundles' formatter.
        let formatted =
            resolution.syntax == .messageFormat2
            ? messageFormat2.format(resolution.message, locale: formattingLocale, arguments: arguments)
            : formatter.format(resolution.message, locale: formattingLocale, arguments: arguments)
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
}
