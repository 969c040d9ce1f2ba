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
    /// index cache (a file container).
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
    /// The widget's own language (``choosingLanguage(_:)``), rendered in whatever the store holds; `nil` follows
    /// the app.
    package let language: LocaleTag?

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
    ///     default, detects it. A widget with a language of its own uses ``choosingLanguage(_:)`` instead.
    ///   - indexCache: where the lookup indexes go that the translator derives for a locale whose stored one is
    ///     missing or stale, so that the next widget process resolves keys without parsing the bundle;
    ///     `.automatic`, the default, where the store says.
    public convenience init(
        store: any GroupStore, project: ProjectID, defaultLocale: LocaleTag = LocaleTag.english,
        preferredLanguages: [LocaleTag]? = nil,
        bundledMessages: [LocaleTag: MessageBundle] = [:], timeZone: ZoneInfo? = nil,
        formatter: (any MessageFormatting)? = nil, messageFormat2: MF2Formatter? = nil,
        localeOverride: LocaleTag? = nil, indexCache: IndexCache = .automatic
    ) {
        let cache: (any GroupStore)?
        switch indexCache {
        case .automatic: cache = ContractReader.defaultReaderCache(for: store)
        case .none: cache = nil
        case .store(let store): cache = store
        }
        var messageFormat2 = messageFormat2 ?? MF2Formatter()
        if messageFormat2.timeZone == nil { messageFormat2.timeZone = timeZone }
        self.init(
            reader: ContractReader(store: store, project: project, localeOverride: localeOverride, readerCache: cache),
            defaultLocale: defaultLocale,
            preferredLanguages: preferredLanguages?.map(\.displayForm) ?? PreferredLanguages.current,
            bundledMessages: bundledMessages, timeZone: timeZone,
            formatter: formatter ?? ICUMessageFormatter(timeZone: timeZone), messageFormat2: messageFormat2,
            language: nil)
    }

    /// A translator with every part given, as the public initializer and ``choosingLanguage(_:)`` make one.
    package init(
        reader: ContractReader, defaultLocale: LocaleTag, preferredLanguages: [String],
        bundledMessages: [LocaleTag: MessageBundle], timeZone: ZoneInfo?, formatter: any MessageFormatting,
        messageFormat2: MF2Formatter, language: LocaleTag?
    ) {
        self.reader = reader
        self.defaultLocale = defaultLocale
        self.preferredLanguages = preferredLanguages
        self.bundledMessages = bundledMessages
        self.timeZone = timeZone
        self.formatter = formatter
        self.messageFormat2 = messageFormat2
        self.language = language
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
        let (locale, resolution, formatted) = formatResolved(
            key, arguments: arguments, defaultText: defaultText, locale: locale, marked: false)
        return Translation(text: formatted.text, locale: locale, resolution: resolution, problems: formatted.problems)
    }

    /// `key` resolved from `locale` (the detected one when `nil`) and formatted in it, with the message's markup
    /// beside the text when `marked` and the formatter keeps it (``MarkupFormatting``).
    func formatResolved(
        _ key: String, arguments: MessageArguments, defaultText: String?, locale: LocaleTag?, marked: Bool
    ) -> (locale: LocaleTag, resolution: Resolution, formatted: MarkedText) {
        let formattingLocale = locale ?? self.locale
        reportIfOutsideSlice(formattingLocale)
        let resolution = resolve(key, locale: formattingLocale, defaultText: defaultText)
        if resolution.step == .key {
            return (formattingLocale, resolution, MarkedText(text: key, marks: [], problems: []))
        }
        // A bundle that declares MessageFormat 2 is formatted as such: `formatter` is the ICU bundles' formatter.
        let formatter: any MessageFormatting =
            resolution.syntax == .messageFormat2 ? messageFormat2 : self.formatter
        if marked, let markup = formatter as? any MarkupFormatting {
            return (
                formattingLocale, resolution,
                markup.formatMarked(resolution.message, locale: formattingLocale, arguments: arguments)
            )
        }
        let formatted = formatter.format(resolution.message, locale: formattingLocale, arguments: arguments)
        return (
            formattingLocale, resolution, MarkedText(text: formatted.text, marks: [], problems: formatted.problems)
        )
    }

    /// The text of `key` formatted with `arguments`: `translator("today.greeting", ["name": "Ayşe"])`.
    /// - Parameters:
    ///   - key: the dotted message key, such as `today.greeting`.
    ///   - arguments: the values of the message's arguments, by name; none by default.
    public func callAsFunction(_ key: String, _ arguments: MessageArguments = [:]) -> String {
        translate(key, arguments: arguments).text
    }
}

/// Where a translator keeps the lookup indexes it derives from a bundle whose stored index is missing or stale, so
/// that the next widget process finds a key without parsing the bundle.
public enum IndexCache: Sendable {
    /// Where the store says: a file container keeps them itself, as does an App Group's container; a
    /// `UserDefaults` suite's go to the caches directory of its App Group's container; never into an app's suite.
    case automatic
    /// Nowhere: each process parses a bundle whose stored index is missing or stale.
    case none
    /// In a store the widget owns.
    case store(any GroupStore)
}
