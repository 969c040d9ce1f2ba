// STUB — replaced by the relative-time helper.
package enum RelativeTimeFormat {
    /// `value` `unit`s from now in `locale`, as ICU's `RelativeDateTimeFormatter` formats it
    /// (`format` for `.auto`, `formatNumeric` for `.always`).
    package static func format(
        _ value: Double, unit: RelativeTimeUnit, length: FormatLength, numeric: RelativeTimeNumeric, locale: LocaleTag
    ) -> String {
        "\(value) \(unit.rawValue)"
    }
}
