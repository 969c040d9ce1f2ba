/// Something about one key that a conversion could not carry across, or carried across with a change the user
/// should know about. The rest of the catalog (or of the bundles) is still written.
///
///     today.rank (de): {rank, selectordinal, …} has no String Catalog form: iOS plural variations are cardinal only
package struct CatalogProblem: Hashable, Sendable, CustomStringConvertible {
    /// How much the problem matters.
    package enum Severity: Hashable, Sendable {
        /// The key (or one localization of it) was left out: exit 1 in the CLI.
        case error
        /// The key was converted, with something the user should look at (a `needs_review` state, a dropped
        /// iPad variant, a plural case the locale never selects).
        case warning
    }

    /// Whether the key was left out or only needs a look.
    package let severity: Severity
    /// The message key, as better-i18n and the catalog spell it.
    package let key: String
    /// The localization's locale as Xcode spells it (`pt-BR`), or `nil` when the problem is the key's as a whole.
    package let locale: String?
    /// What happened, naming the construct.
    package let message: String

    /// A problem with `key`.
    /// - Parameters:
    ///   - severity: `.error` when the key or localization was left out, `.warning` otherwise.
    ///   - key: the message key.
    ///   - locale: the localization it concerns, as Xcode spells it, or `nil` for the whole key.
    ///   - message: what happened.
    package init(_ severity: Severity, key: String, locale: String?, _ message: String) {
        self.severity = severity
        self.key = key
        self.locale = locale
        self.message = message
    }

    package var description: String { "\(key)\(locale.map { " (\($0))" } ?? ""): \(message)" }
}
