/// Which locales write numbers with ASCII digits, from CLDR's default numbering systems, so that the
/// commonest output — a small count in a plural — needs no formatter (creating one costs about a
/// millisecond in a fresh widget process). Locales CLDR gives other digits go through Foundation.
enum NumberingSystems {
    /// Whether `locale` certainly uses ASCII digits: neither it nor a parent defaults to another system,
    /// and it does not ask for one (`-u-nu-…`).
    static func usesASCIIDigits(_ locale: LocaleTag) -> Bool {
        let normalized = locale.normalized
        if normalized.contains("-u-") && normalized.contains("-nu-") { return false }
        var candidate = Substring(normalized)
        while true {
            if nonLatinDefaults[String(candidate)] != nil { return false }
            guard let dash = candidate.lastIndex(of: "-") else { return true }
            candidate = candidate[..<dash]
        }
    }
}
