import I18nCore
import LocaleData

/// A language one widget can be set to, whatever the app's: the app's own language, or a locale whose messages
/// the group caches. What a widget's configuration intent lists (an `AppEntity` whose `EntityQuery` returns
/// ``WidgetTranslator/widgetLanguages()``) and what the widget's provider hands back to
/// ``WidgetTranslator/choosingLanguage(_:)``.
public struct WidgetLanguage: Hashable, Sendable, Identifiable {
    /// What the intent stores: ``appLanguageID`` for the app's language, else the locale's normalised tag (`pt-br`).
    public let id: String
    /// The name to list it by, in its own language (`Türkçe`, `português (Brasil)`); for the app's language, the
    /// name of the language the app is in now, which the intent's own label ("App language") goes beside.
    public let name: String
    /// The locale, or `nil` for the app's language.
    public let locale: LocaleTag?

    /// The identifier of the app's language, the first choice and the default.
    public static let appLanguageID = "app"
}

extension WidgetTranslator {
    /// The languages a widget can be set to: the app's language first (the default), then each locale the group
    /// caches messages for, by native name (case-insensitively, then by tag): `[app (Türkçe), Deutsch, English,
    /// Türkçe]`. A locale whose native name the build's data lacks is listed by its tag.
    public func widgetLanguages() -> [WidgetLanguage] {
        let app = WidgetLanguage(id: WidgetLanguage.appLanguageID, name: Self.nativeName(of: locale), locale: nil)
        let cached = cachedLocales().map {
            WidgetLanguage(id: $0.normalized, name: Self.nativeName(of: $0), locale: $0)
        }
        return [app]
            + cached.sorted {
                let (left, right) = ($0.name.lowercased(), $1.name.lowercased())
                return left != right ? left < right : $0.id < $1.id
            }
    }

    /// A translator for a widget set to the language `id` (a ``WidgetLanguage/id``): it renders in that locale
    /// whatever the app stores, with the same fallbacks. `nil`, the app's language, or a stale choice (a locale the
    /// group no longer caches, an identifier from another build) returns this translator, which follows the app.
    /// - Parameter id: the widget's configured language; `nil` when it has none.
    public func choosingLanguage(_ id: String?) -> WidgetTranslator {
        guard let id, id != WidgetLanguage.appLanguageID,
            let chosen = cachedLocales().first(where: { $0.normalized == id })
        else { return self }
        return WidgetTranslator(
            reader: reader, defaultLocale: defaultLocale, preferredLanguages: preferredLanguages,
            bundledMessages: bundledMessages, timeZone: timeZone, formatter: formatter, messageFormat2: messageFormat2,
            language: chosen)
    }

    /// `tag`'s name in its own language, else its tag.
    static func nativeName(of tag: LocaleTag) -> String {
        WidgetFormatter.nativeName(of: tag) ?? tag.displayForm
    }
}
