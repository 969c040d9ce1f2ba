import Foundation

/// The order in which Xcode writes the members of every object of a String Catalog: the order of Foundation's
/// `JSONSerialization` with sorted keys, `String.compare(_:options:range:locale:)` with `.numeric`,
/// `.caseInsensitive` and `.forcedOrdering` in the system locale (CLDR's root collation).
///
/// So punctuation comes before digits and digits before letters, case is looked at only to break ties
/// (`comment` < `Comment` < `COMMENT`), and runs of digits compare as numbers (`X2` < `x16`), where a byte
/// order would put every capital before every small letter: `zh-Hans` sorts before `zh-HK`.
///
///     ["zh-HK", "X2", "x16", "-", "zh-Hans"].sorted(by: XcodeKeyOrder.areInIncreasingOrder)
///     // ["-", "X2", "x16", "zh-Hans", "zh-HK"]
///
/// Sources: swift-foundation's `JSONWriter.swift` sorts with exactly these options where it keeps the
/// `NSString`-based order of earlier SDKs (`serializeObject`, the `compatibility1` branch), as
/// swift-corelibs-foundation's `JSONSerialization` does; and the String Catalogs Xcode wrote in five public
/// projects (CubeLabsNZ/CubeTime, Cizzuk/CSE, Artificial-Pancreas/OmniKit's two catalogs, 7alva7/HiPixel,
/// Aemi-Studio/Cami: 14,632 objects) are all in this order, while 981 of them are not in byte order, 1 not in
/// this order without `.numeric` and 4 not without `.forcedOrdering`. The collation is the ICU of the Foundation
/// this runs on; Apple's and Linux's ICU releases may order a few rare characters differently.
package enum XcodeKeyOrder {
    /// The system locale, whose collation is CLDR's root one.
    private static let collation = Locale(identifier: "")

    /// Whether `first` comes before `second` in a catalog Xcode writes.
    /// - Parameters:
    ///   - first: a member name.
    ///   - second: another member name.
    package static func areInIncreasingOrder(_ first: String, _ second: String) -> Bool {
        first.compare(second, options: [.numeric, .caseInsensitive, .forcedOrdering], range: nil, locale: collation)
            == .orderedAscending
    }
}
