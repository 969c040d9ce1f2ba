import Synchronization

/// What formatting needs to know about a locale on every call, resolved once per process: its plural rules
/// and whether its digits are ASCII. One dictionary lookup per message instead of one per plural and `#`.
final class LocaleProfile: Sendable {
    let cardinal: @Sendable (PluralOperands) -> PluralCategory
    let ordinal: @Sendable (PluralOperands) -> PluralCategory
    let usesASCIIDigits: Bool

    private static let profiles = Mutex<[String: LocaleProfile]>([:])

    private init(locale: LocaleTag) {
        cardinal = PluralRules.rule(for: locale, ordinal: false)
        ordinal = PluralRules.rule(for: locale, ordinal: true)
        usesASCIIDigits = NumberingSystems.usesASCIIDigits(locale)
    }

    static func profile(for locale: LocaleTag) -> LocaleProfile {
        if let profile = profiles.withLock({ $0[locale.normalized] }) { return profile }
        let profile = LocaleProfile(locale: locale)
        profiles.withLock { $0[locale.normalized] = profile }
        return profile
    }

    /// `#` for small non-negative integers without Foundation; `nil` when Foundation must format it.
    func fastPound(_ number: MessageNumber) -> String? {
        guard usesASCIIDigits else { return nil }
        let text = number.text
        guard text.utf8.count <= 3, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return text
    }
}
