/// Picks the best available locale for a list of preferences with RFC 4647 "lookup".
///
/// Each preference is tried in order, then truncated subtag by subtag (`de-CH-1996` → `de-CH` → `de`);
/// the first tag that is available wins. Preferences earlier in the list always beat later ones, even when a
/// later one matches exactly.
///
///     LocaleNegotiation.lookup(preferred: [try LocaleTag("pt-PT"), try LocaleTag("en")],
///                              available: [try LocaleTag("pt"), try LocaleTag("en")])   // pt
public enum LocaleNegotiation {
    /// The first available tag reached by truncating each preference in order, or `nil` when none matches.
    /// - Parameters:
    ///   - preferred: the preferences, most preferred first.
    ///   - available: the tags to choose from.
    public static func lookup(preferred: [LocaleTag], available: some Collection<LocaleTag>) -> LocaleTag? {
        let availableByNormalized = Dictionary(
            available.map { ($0.normalized, $0) }, uniquingKeysWith: { first, _ in first })
        for preference in preferred {
            for candidate in preference.fallbackChain {
                if let match = availableByNormalized[candidate.normalized] { return match }
            }
        }
        return nil
    }
}
