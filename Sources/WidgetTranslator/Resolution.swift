import I18nCore
import LocaleData

/// A step of the fallback chain, in the order a lookup tries them.
///
/// For key `k` in locale `zh-Hant-TW` with default `en`: `zh-hant-tw` → `zh-hant` → `en` → the app's bundled
/// messages → the caller's default text → the key itself. The parents are CLDR's (`LocaleTag.fallbackChain`):
/// `zh-hant` does not fall back to `zh`, which is Simplified Chinese.
public enum ResolutionStep: Hashable, Sendable, CustomStringConvertible {
    /// The cached messages of the locale asked for.
    case requestedLocale(LocaleTag)
    /// The cached messages of a locale that one inherits from in CLDR (`zh-hant` for `zh-hant-tw`, `es-419` for
    /// `es-mx`).
    case parentLocale(LocaleTag)
    /// The cached messages of the default locale or one of its parents.
    case defaultLocale(LocaleTag)
    /// Messages the app ships with the widget, for that locale.
    case bundled(LocaleTag)
    /// The default text the caller passed.
    case callerDefault
    /// Nothing had the key: the key itself is shown.
    case key

    public var description: String {
        switch self {
        case .requestedLocale(let tag): return "locale \(tag.displayForm)"
        case .parentLocale(let tag): return "parent locale \(tag.displayForm)"
        case .defaultLocale(let tag): return "default locale \(tag.displayForm)"
        case .bundled(let tag): return "bundled \(tag.displayForm)"
        case .callerDefault: return "caller's default text"
        case .key: return "the key itself"
        }
    }
}

/// What one step of the chain found.
public enum ResolutionOutcome: Hashable, Sendable, CustomStringConvertible {
    /// The step answered; no later step was tried.
    case found
    /// The locale's messages are cached but do not have the key.
    case keyMissing
    /// No messages are cached for the locale.
    case notCached
    /// The cached messages could not be read or parsed; the payload says why.
    case unreadable(String)

    public var description: String {
        switch self {
        case .found: return "found"
        case .keyMissing: return "no such key"
        case .notCached: return "no cached messages"
        case .unreadable(let reason): return "unreadable: \(reason)"
        }
    }
}

/// How a key was resolved: its source text, the step that answered and every step tried.
public struct Resolution: Hashable, Sendable {
    /// The key that was resolved.
    public let key: String
    /// The message's source text, or the caller's default or the key when nothing had it.
    public let message: String
    /// The step that answered.
    public let step: ResolutionStep
    /// Each step tried, in order, with what it found.
    public let attempts: [Attempt]
    /// The syntax of the bundle that answered: `.messageFormat2` when it declares it, else `.icu`.
    package var syntax: MessageSyntax = .icu

    /// One step of the chain that was tried, and what it found.
    public struct Attempt: Hashable, Sendable, CustomStringConvertible {
        /// The step tried.
        public let step: ResolutionStep
        /// What the step found.
        public let outcome: ResolutionOutcome
        /// The cached locale that answered for the step's, and why (`pt-BR` for `pt`: the same maximized
        /// form), or `nil` when the step's own messages did or none were cached.
        package var answeredBy: LocaleNegotiation.Match? = nil

        /// The step, what it found, and the cached locale that answered for it: "parent locale pt: no such key
        /// (answered by pt-BR: same maximized form pt-Latn-BR)".
        public var description: String {
            let answered = answeredBy.map { " (answered by \($0.tag.displayForm): \($0.reason))" } ?? ""
            return "\(step): \(outcome)\(answered)"
        }
    }

    /// Whether no store or bundle had the key (the caller's default or the key itself is shown).
    public var isMissing: Bool { step == .callerDefault || step == .key }
}

/// A resolved and formatted message. Immutable; a class so that the translator's cache hands out one
/// reference rather than copying a resolution's arrays on every warm lookup.
public final class Translation: Hashable, Sendable, CustomStringConvertible {
    /// The text to render.
    public let text: String
    /// The locale whose rules formatted the text.
    public let locale: LocaleTag
    /// How the key was resolved: the source text, the step that answered and every step tried.
    public let resolution: Resolution
    /// Problems the formatter met; the text shows what it could.
    public let problems: [FormatProblem]

    package init(text: String, locale: LocaleTag, resolution: Resolution, problems: [FormatProblem]) {
        self.text = text
        self.locale = locale
        self.resolution = resolution
        self.problems = problems
    }

    public var description: String { text }

    public static func == (lhs: Translation, rhs: Translation) -> Bool {
        lhs.text == rhs.text && lhs.locale == rhs.locale && lhs.resolution == rhs.resolution
            && lhs.problems == rhs.problems
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(resolution)
    }
}

/// The detected locale and the step of detection that decided it.
public struct LocaleDetection: Hashable, Sendable, CustomStringConvertible {
    /// The step of detection that decided the locale.
    public enum Source: Hashable, Sendable {
        /// The locale stored by the app under `@better-i18n:locale:{project}`, as it was written.
        case stored(String)
        /// A preferred language of the device, matched against the locales with cached messages.
        case preferredLanguage(String)
        /// Neither of the above: the configured default locale.
        case defaultLocale
        /// The widget's own language, chosen in its configuration (``WidgetTranslator/choosingLanguage(_:)``).
        case widgetLanguage
    }

    /// The locale to render in.
    public let locale: LocaleTag
    /// The step of detection that decided the locale.
    public let source: Source

    public var description: String {
        switch source {
        case .stored(let raw): return "\(locale.displayForm) (stored locale '\(raw)')"
        case .preferredLanguage(let raw):
            return "\(locale.displayForm) (preferred language '\(raw)' of the environment)"
        case .defaultLocale: return "\(locale.displayForm) (default locale)"
        case .widgetLanguage: return "\(locale.displayForm) (the widget's language)"
        }
    }
}

/// A locale that has no messages of its own in the store, and what answers its keys instead: what a widget
/// shows when the app stored a locale it never fetched (`de` stored, only `en` cached).
package struct UncachedLocale: Hashable, Sendable, CustomStringConvertible {
    /// The locale asked for, usually the detected one.
    package let locale: LocaleTag
    /// Whether messages are cached for it but could not be read (else none are cached).
    package let isUnreadable: Bool
    /// The first step of the fallback chain that has messages: a parent locale, the default locale, the app's
    /// bundled messages, or `.key` when none has (each key then shows as itself).
    package let answeredBy: ResolutionStep

    /// Creates the description of a locale without messages.
    /// - Parameters:
    ///   - locale: the locale asked for.
    ///   - isUnreadable: whether messages are cached for it but could not be read.
    ///   - answeredBy: the first step of the chain that has messages, or `.key`.
    package init(locale: LocaleTag, isUnreadable: Bool, answeredBy: ResolutionStep) {
        self.locale = locale
        self.isUnreadable = isUnreadable
        self.answeredBy = answeredBy
    }

    /// `nothing is cached for de; en answers (the default locale)`.
    package var description: String {
        let missing = (isUnreadable ? "nothing readable is cached for " : "nothing is cached for ") + locale.displayForm
        switch answeredBy {
        case .parentLocale(let tag): return "\(missing); \(tag.displayForm) answers (a parent locale)"
        case .defaultLocale(let tag): return "\(missing); \(tag.displayForm) answers (the default locale)"
        case .bundled(let tag): return "\(missing); the app's bundled \(tag.displayForm) messages answer"
        case .requestedLocale, .callerDefault, .key:
            return "\(missing), nor for the default locale: each key shows as itself"
        }
    }
}
