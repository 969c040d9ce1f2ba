/// How a bundle's messages are written: ICU MessageFormat, as better-i18n's bundles are, or Unicode MessageFormat 2.
///
/// A bundle declares MessageFormat 2 with one top-level string, `"$messageFormat": "2"` (what
/// `widget-i18n convert mf2` writes); every other bundle is ICU MessageFormat. The declaration is an ordinary key,
/// so better-i18n's SDKs and CDN carry it like any message, and it belongs to the bundle, so a fallback chain can
/// mix an MF2 locale with ICU ones.
package enum MessageSyntax: String, Hashable, Sendable {
    /// ICU MessageFormat, as better-i18n, next-intl and formatjs write it: every bundle that declares nothing.
    case icu
    /// Unicode MessageFormat 2 (LDML 48), formatted by `MF2Formatter`.
    case messageFormat2 = "mf2"

    /// The key whose value `2` declares a bundle's messages MessageFormat 2.
    package static let declarationKey = "$messageFormat"

    /// The syntax a bundle declares with the value of `declarationKey` (`nil` when it has none).
    /// - Parameter declaration: the bundle's message for `declarationKey`.
    package init(declaration: String?) {
        self = declaration == "2" ? .messageFormat2 : .icu
    }
}
