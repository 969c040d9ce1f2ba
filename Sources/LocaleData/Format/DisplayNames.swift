// STUB — replaced by the display-name helper.
package enum DisplayNames {
    /// The name of `code` (a language tag, a region code or a script code, by `type`) in `locale`, as ICU's
    /// `LocaleDisplayNames` with dialect names gives it; `nil` when CLDR has no name for it.
    package static func name(of code: String, type: DisplayNameType, length: FormatLength, in locale: LocaleTag)
        -> String?
    {
        nil
    }
}
