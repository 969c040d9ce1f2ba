// STUB — replaced by the duration helper.
package enum DurationFormat {
    /// `fields` as ICU's `MeasureFormat::formatMeasures` writes them in `locale`.
    package static func format(_ fields: DurationFields, style: DurationStyle, locale: LocaleTag) -> String {
        fields.present.map { "\($0.value) \($0.name)" }.joined(separator: ", ")
    }
}
