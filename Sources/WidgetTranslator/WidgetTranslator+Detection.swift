import GroupContract
import GroupStore
import I18nCore
import LocaleData
import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Locale detection: the stored locale, else a preferred language with cached messages, else the
/// default locale; and the locales the store caches.
extension WidgetTranslator {
    /// The locale to render in: the widget's own language when it has one (``choosingLanguage(_:)``), else the
    /// stored locale, else a preferred language that has cached messages, else the default locale.
    public func detectLocale() -> LocaleDetection {
        if let detection = state.withLock({ $0.detection }) { return detection }
        let detection = computeDetection()
        state.withLock { $0.detection = detection }
        return detection
    }

    /// The detected locale.
    public var locale: LocaleTag { detectLocale().locale }

    func computeDetection() -> LocaleDetection {
        if let language { return LocaleDetection(locale: language, source: .widgetLanguage) }
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
        cachedMessages().map(\.tag)
    }

    /// The locales that have messages in the store, each with the key that holds them and whose key it is
    /// (the messages key or the Expo package's cache), sorted by normalised tag.
    package func cachedMessages() -> [CachedLocale] {
        if let cached = state.withLock({ $0.cachedLocales }) { return cached }
        var cached: [CachedLocale] = []
        do { cached = try reader.cachedLocales() } catch { report(StoreProblem(.unreadableValue, message: "\(error)")) }
        state.withLock { $0.cachedLocales = cached }
        return cached
    }
}
