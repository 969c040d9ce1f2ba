/// A JSON value as the catalog reader sees it: decoded, and the range of bytes that spell it in the source, so
/// that a merge can copy what it does not change byte for byte.
struct JSONNode: Sendable {
    /// One member of an object: its decoded name, the bytes that spell the name (quotes included) and its value.
    struct Member: Sendable {
        let name: String
        let nameRange: Range<Int>
        let value: JSONNode
    }

    /// What the value is.
    enum Kind: Sendable {
        /// Members in document order.
        case object([Member])
        case array([JSONNode])
        case string(String)
        /// A number as written.
        case number(String)
        case bool(Bool)
        case null
    }

    let kind: Kind
    /// The bytes of the source that spell the value.
    let range: Range<Int>

    /// The members of an object, or `nil` for any other value.
    var members: [Member]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The text of a string, or `nil` for any other value.
    var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The value of the member called `name` (the same UTF-8 bytes, as JSON compares names), when this is an
    /// object that has one.
    subscript(name: String) -> JSONNode? {
        members?.first { $0.name.utf8.elementsEqual(name.utf8) }?.value
    }

    /// How a value of this kind is called in messages: "an object", "a string", …
    var kindDescription: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A path from the top of a catalog to one of its members, as errors name it:
/// `strings["today.title"].localizations.de.stringUnit.value`.
struct CatalogPath: Sendable, CustomStringConvertible {
    private(set) var description: String

    /// The top of the catalog.
    static let root = CatalogPath(description: "")

    /// The member `name` of the object at this path: `.name` when it is a plain identifier, else `["name"]`.
    func member(_ name: String) -> CatalogPath {
        let isIdentifier =
            !name.isEmpty && name.unicodeScalars.first.map { !("0"..."9").contains($0) } == true
            && name.unicodeScalars.allSatisfy {
                $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            }
        if isIdentifier { return CatalogPath(description: description.isEmpty ? name : description + "." + name) }
        return CatalogPath(description: description + "[" + XcodeJSON.quoted(name) + "]")
    }

    /// An error at this path.
    func error(_ reason: String) -> CatalogError { CatalogError(path: description, reason: reason) }
}
