import Synchronization

/// The relative-time words and patterns and the list patterns of CLDR 47 as ICU4C 77.1 formats with them, generated
/// by `scripts/generate/relative-lists.py` into `RelativeListData+Generated.swift`.
///
/// Packed like `CLDRData`: two string literals read in place, an index of `locale/section` entries and the records
/// they point at, each locale keeping what differs from its parent (the chain is `CLDRData.chain`'s). Nothing is
/// decoded until a relative time or a list is first formatted in a locale, and then only that section of the
/// locale's chain: a few hundred short values, kept for the process.
enum RelativeListData {
    /// A part of a locale's data, decoded on its own.
    enum Section: UInt8 {
        /// Relative times: `<unit><style><offset>` words and `<unit><style><f|p><category>` patterns.
        case relative = 0x72  // r
        /// Lists: `<type><style><2|s|m|e>` patterns.
        case lists = 0x6C  // l
    }

    private static let packed = PackedRecords(index: index, records: records)
    private static let cache = Mutex<[String: [String: String]]>([:])

    /// The marker of a value a locale cancels rather than inherits.
    private static let absent = "\u{18}"
    /// The first byte of a reference to the same key in another style of the same record (`\u{1A}l`).
    private static let same = UInt8(0x1A)

    /// The `section` values of `locale` over its parents', decoded once per process (and found by the tag as
    /// written, so a widget's later calls skip the alias lookups).
    static func values(_ section: Section, for locale: LocaleTag) -> [String: String] {
        let suffix = "/" + String(UnicodeScalar(section.rawValue))
        if let cached = cache.withLock({ $0[locale.normalized + suffix] }) { return cached }
        let id = dataLocale(for: locale)
        let merged = cache.withLock({ $0[id + suffix] }) ?? decode(suffix, chain: CLDRData.chain(from: id))
        cache.withLock {
            $0[id + suffix] = merged
            $0[locale.normalized + suffix] = merged
        }
        return merged
    }

    /// The records `locale/section` of a chain, nearest last wins, with their references resolved.
    private static func decode(_ suffix: String, chain: [String]) -> [String: String] {
        var merged: [String: String] = [:]
        for locale in chain.reversed() {
            guard let bytes = packed.record(locale + suffix) else { continue }
            var own: [String: String] = [:]
            PackedRecords.items(bytes) { key, value in own[key] = value }
            for (key, value) in own {
                if value == absent {
                    merged[key] = nil
                } else if value.utf8.first == same, value.utf8.count == 2 {
                    // The key with its style letter (its second byte) replaced; the generator only refers to a
                    // value written out in the same record.
                    var other = Array(key.utf8)
                    other[1] = value.utf8.last!
                    merged[key] = own[String(decoding: other, as: UTF8.self)]
                } else {
                    merged[key] = value
                }
            }
        }
        return merged
    }

    /// The locale whose data `locale` formats with: `CLDRData`'s, for the tag in the language ICU opens
    /// (`CLDRData.dataTag(for:)`: `iw-IL` → `he-il`, `sh` → `sr-latn`, `tl` → `fil`).
    static func dataLocale(for locale: LocaleTag) -> String {
        CLDRData.dataLocale(for: CLDRData.dataTag(for: locale))
    }

}
