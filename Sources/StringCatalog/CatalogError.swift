/// A String Catalog that cannot be used at all: bytes that are not JSON, a `version` this package does not read,
/// a member of the wrong shape, a malformed format specifier. Nothing is written when one is thrown.
///
///     strings["today.title"].localizations.de.stringUnit.value: malformed format specifier '%1$' at character 8
package struct CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the catalog the problem is, as a path from its top (`version`,
    /// `strings["today.title"].localizations.de.stringUnit.value`); empty for the file as a whole.
    package let path: String
    /// What is wrong there, and what would be right.
    package let reason: String

    /// An error at `path`.
    /// - Parameters:
    ///   - path: the member's path from the top of the catalog, empty for the whole file.
    ///   - reason: what is wrong, in a sentence without a final full stop.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}
