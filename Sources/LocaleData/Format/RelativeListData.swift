/// The relative-time words and patterns and the list patterns of CLDR 47 as ICU4C 77.1 formats with them, generated
/// by `scripts/generate/relative-lists.py` into `RelativeListData+Generated.swift`.
///
/// Packed like `CLDRData`: two string literals read in place, an index of `locale/section` entries and the records
/// they point at, each locale keeping what differs from its parent (the chain is `CLDRData.chain`'s). Nothing is
/// decoded: a value is looked up in the locale chain's records, in place, when a formatter asks for it.
enum RelativeListData {
    /// A part of a locale's data, decoded on its own.
    enum Section: UInt8 {
        /// Relative times: `<unit><style><offset>` words and `<unit><style><f|p><category>` patterns.
        case relative = 0x72  // r
        /// Lists: `<type><style><2|s|m|e>` patterns.
        case lists = 0x6C  // l
    }

    private static let sections = PackedRecords.ChainedSections(
        LocaleDataTables.current.tables.relativeAndLists, sameKeyReferences: true)

    /// The `section` values of `locale` over its parents', read in place, each value looked up in the chain's
    /// records when asked for. Decoding a whole section into a dictionary cost a widget's first relative time
    /// ~800,000 instructions (a third of a millisecond) for the two or three values it reads.
    static func values(_ section: Section, for locale: LocaleTag) -> PackedRecords.Chain {
        sections.chain(section.rawValue, for: locale)
    }

    /// The locale whose data `locale` formats with: `CLDRData`'s, for the tag in the language ICU opens
    /// (`CLDRData.dataTag(for:)`: `iw-IL` → `he-il`, `sh` → `sr-latn`, `tl` → `fil`).
    static func dataLocale(for locale: LocaleTag) -> String {
        CLDRData.dataLocale(for: CLDRData.dataTag(for: locale))
    }

}
