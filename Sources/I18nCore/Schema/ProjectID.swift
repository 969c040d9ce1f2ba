import LocaleData
import WidgetI18nSupport

/// A better-i18n project identifier: `org/project` (e.g. `acme/widgets`) or a project UUID.
///
/// The identifier is embedded verbatim in storage keys and CDN paths, so it is validated once here and
/// every later use can trust it: no empty segments, no spaces, no `.` or `..`, exactly one `/`.
///
///     let project = try ProjectID("acme/widgets")
///     project.description            // "acme/widgets"
///     StorageKey.locale(project: project)  // "@better-i18n:locale:acme/widgets"
public struct ProjectID: Hashable, Sendable, CustomStringConvertible {
    /// The identifier exactly as it appears in storage keys.
    public let description: String

    /// The organisation and project slugs, or `nil` for a UUID project.
    package var slugs: (organization: String, project: String)? {
        guard let slash = description.firstIndex(of: "/") else { return nil }
        return (String(description[..<slash]), String(description[description.index(after: slash)...]))
    }

    /// Whether the identifier is a project UUID rather than `org/project`.
    package var isUUID: Bool { !description.contains("/") }

    /// Validates `text` as `org/project` or a UUID.
    /// - Parameter text: the identifier, such as `acme/widgets`.
    /// - Throws: `ProjectIDError` with a message that shows a valid example.
    public init(_ text: String) throws(ProjectIDError) {
        guard Self.isValid(text) else { throw ProjectIDError(text: text) }
        description = text
    }

    static let maximumSegmentLength = 100

    /// The most characters the two slugs of `org/project` have together: so that every key derived from a
    /// project, the longest `@better-i18n:widget-i18n:messages-cache:ORG/PROJECT:LOCALE` with a locale of
    /// `LocaleTag`'s 64 characters, fits a file name of 255 bytes once percent-encoded (`FileGroupStore`'s
    /// `KeyFileName`): 255 − 54 bytes of prefix and separators − 64 (`StorageKeyLengthTests` derives it).
    package static let maximumSlugsLength = 137

    static func isValid(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        if isUUID(utf8) { return true }
        let segments = utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard segments.count == 2, utf8.count - 1 <= maximumSlugsLength else { return false }
        return segments.allSatisfy { isSlug($0) }
    }

    /// A slug starts with a letter or digit and continues with letters, digits, `-`, `_` or `.`.
    private static func isSlug(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, bytes.count <= maximumSegmentLength, ASCII.isAlphanumeric(first) else {
            return false
        }
        return bytes.allSatisfy {
            ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
        }
    }

    /// `8-4-4-4-12` hexadecimal digits, either case.
    private static func isUUID(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !ASCII.isHexDigit(byte) {
                return false
            }
        }
        return true
    }
}

/// A project identifier that is neither `org/project` nor a UUID.
public struct ProjectIDError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error it is: `invalid`, the one kind.
    public typealias Code = ErrorCode<ProjectIDError>

    /// The rejected text.
    package let text: String

    /// What kind of error it is, to compare.
    public var code: Code { .invalid }

    public var description: String {
        "Invalid project '\(text)': use 'org/project' (e.g. 'acme/widgets', the two at most "
            + "\(ProjectID.maximumSlugsLength) characters together) or a project UUID "
            + "(e.g. '3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f')"
    }
}

extension ErrorCode where Domain == ProjectIDError {
    /// The text is neither `org/project` nor a project UUID.
    public static var invalid: Self { Self("invalid") }
}
