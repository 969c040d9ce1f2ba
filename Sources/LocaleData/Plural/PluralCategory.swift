/// A CLDR plural category.
package enum PluralCategory: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The category for zero in the few languages that have one (Arabic, Welsh, Latvian).
    case zero
    /// The singular category: 1 in English, but also 21 in Russian.
    case one
    /// The dual category, as in Arabic, Hebrew or Slovenian.
    case two
    /// The paucal category, such as 2–4 in Czech or 3–10 in Arabic.
    case few
    /// The category for many items, such as 5–20 in Russian or 11–99 in Arabic.
    case many
    /// The category for every number the others do not take; every locale has it.
    case other

    package var description: String { rawValue }
}
