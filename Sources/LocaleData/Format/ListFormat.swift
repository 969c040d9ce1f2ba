// STUB — replaced by the list helper.
package enum ListFormat {
    /// `items` joined as ICU's `ListFormatter` joins them in `locale`.
    package static func format(_ items: [String], type: ListType, length: FormatLength, locale: LocaleTag) -> String {
        items.joined(separator: ", ")
    }
}
