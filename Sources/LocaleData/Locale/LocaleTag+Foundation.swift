#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension LocaleTag {
    /// The tag as a Foundation `Locale`, for the APIs that format with one: SwiftUI's environment
    /// (`.environment(\.locale, translator.locale.foundationLocale)`, which `Text(_:format:)` and
    /// `Text(_:style:)` format with), `FormatStyle`s' `locale(_:)`, `LocalizedStringResource`'s `locale`.
    /// Built from the BCP 47 form (`zh-Hant-TW`), which `Locale(identifier:)` reads as ICU does.
    public var foundationLocale: Locale { Locale(identifier: displayForm) }
}
