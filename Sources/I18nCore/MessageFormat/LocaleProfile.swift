import Synchronization

/// What formatting needs to know about a locale on every call, resolved once per process: its plural rules
/// and number formats. One dictionary lookup per message instead of one per plural and `#`.
final class LocaleProfile: Sendable {
    let cardinal: @Sendable (PluralOperands) -> PluralCategory
    let ordinal: @Sendable (PluralOperands) -> PluralCategory
    let numberFormats: NumberFormats

    private static let profiles = Mutex<[String: LocaleProfile]>([:])

    private init(locale: LocaleTag) {
        cardinal = PluralRules.rule(for: locale, ordinal: false)
        ordinal = PluralRules.rule(for: locale, ordinal: true)
        numberFormats = NumberFormats.forLocale(locale)
    }

    static func profile(for locale: LocaleTag) -> LocaleProfile {
        if let profile = profiles.withLock({ $0[locale.normalized] }) { return profile }
        let profile = LocaleProfile(locale: locale)
        profiles.withLock { $0[locale.normalized] = profile }
        return profile
    }

    /// `#` in a plural: the number with exactly its visible fraction digits, grouped for the locale.
    func formatPound(_ number: MessageNumber) -> String {
        let text = number.text
        // The commonest case, a small count, in ASCII digits: the text itself.
        if text.utf8.count <= 3, numberFormats.usesASCIIDigits,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        {
            return text
        }
        let fractionDigits = number.visibleFractionDigits
        return numberFormats.format(
            number, .init(minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits))
    }
}
