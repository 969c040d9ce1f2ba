import I18nCore
import LocaleData

/// The value of `@better-i18n:locale:{project}` as any SDK may have written it: a plain tag (`tr`,
/// `pt-BR`, `pt_BR`), surrounded by spaces, or JSON-encoded (`"tr"`).
///
///     StoredLocale(value: "\"pt_BR\"").tag?.normalized   // "pt-br"
package struct StoredLocale: Hashable, Sendable {
    /// The value without surrounding spaces and JSON quotes.
    package let text: String
    /// The tag the value names, or `nil` when it is not a valid locale tag (or empty).
    package let tag: LocaleTag?

    /// Reads a stored value, trimming spaces and one pair of JSON quotes.
    /// - Parameter value: the text read from the store.
    package init(value: String) {
        var text = value.trimmingSpaces()
        // Some writers JSON-encode the string; accept `"tr"` as well as `tr`.
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
            text = String(text.dropFirst().dropLast()).trimmingSpaces()
        }
        self.text = text
        tag = LocaleTag(parsing: text)
    }
}
