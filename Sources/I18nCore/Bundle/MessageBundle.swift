import WidgetI18nSupport

/// One locale's messages, read from the JSON that better-i18n stores: nested, flat, or both mixed.
///
/// `{"widget":{"title":"…"}}`, `{"widget.title":"…"}` and `{"widget":{"title.short":"…"}}` all answer
/// `message(forKey: "widget.title…")`. Only string leaves are messages; numbers, booleans, arrays and `null`
/// are skipped.
///
/// In memory a bundle is the JSON bytes plus a compact index built in one validating pass: one record per
/// object member (name range, parent, value range) and an open-addressing table from the hash of each
/// message's dotted path to its record. Nothing is decoded up front: a lookup hashes the key, checks the
/// candidate's path against the key segment by segment, and decodes only that one value. This costs a
/// fraction of materialising the bundle as `[String: Any]` and lets a widget resolve its few keys without
/// touching the rest. When a path appears twice (`"a.b"` flat and `a → b` nested), the one with fewer
/// segments wins, and between equal ones the later wins, as `JSON.parse` would keep it.
///
///     let bundle = try MessageBundle(json: #"{"widget":{"title":"Today","count.one":"# event"}}"#)
///     bundle.message(forKey: "widget.title")       // "Today"
///     bundle.message(forKey: "widget.count.one")   // "# event"
public struct MessageBundle: Sendable {
    private let index: BundleIndex
    var indexStorage: BundleIndex { index }

    /// The largest stored bundle a reader accepts, and the largest the fetcher and `store put` store: 4 MiB.
    /// A widget extension is killed at about 30 MB. A widget process that parses a bundle (one without its
    /// index, as over an app's `UserDefaults` suite) needs about twice the bundle's size on top of its own
    /// ~9 MiB: 17.5 MiB at this limit, 25 MiB at 8 MiB (docs/benchmarks.md), which leaves SwiftUI too little.
    /// With its index a render reads a few hundred bytes of it, at any size. Real bundles are tens to hundreds
    /// of kilobytes.
    package static let maximumStoredSize = 4 * 1024 * 1024

    /// The deepest object nesting accepted; real bundles stay under ten levels.
    package static let maximumDepth = 64

    /// Parses a bundle from UTF-8 JSON bytes. A leading byte-order mark is skipped.
    /// - Parameter jsonBytes: the UTF-8 bytes of a JSON object whose string leaves, nested or under dotted keys,
    ///   are messages.
    /// - Throws: `MessageBundleError` with the byte offset of the first problem, when the bytes are not a JSON
    ///   object in valid UTF-8 or nest deeper than `maximumDepth`.
    public init(jsonBytes: [UInt8]) throws(MessageBundleError) {
        index = try BundleIndex(bytes: jsonBytes, maximumDepth: Self.maximumDepth)
    }

    /// Checks that `jsonBytes` would make a bundle, without building one: the same grammar, UTF-8 and
    /// nesting checks at a fraction of the cost, for code that only stores the JSON (the fetcher).
    /// - Returns: how many string leaves the JSON has (duplicates counted as often as they occur).
    /// - Throws: `MessageBundleError`, exactly as `init(jsonBytes:)` would.
    package static func validate(jsonBytes: [UInt8]) throws(MessageBundleError) -> Int {
        guard jsonBytes.count < Int(Int32.max) else { throw MessageBundleError(kind: .tooLarge, offset: 0) }
        var parser = BundleIndex.Parser(maximumDepth: maximumDepth, estimatedEntries: 0)
        parser.recordsEntries = false
        try jsonBytes.withUnsafeBufferPointer { (buffer) throws(MessageBundleError) in try parser.parseDocument(buffer)
        }
        return parser.messageCount
    }

    /// Parses a bundle from a JSON string.
    /// - Parameter json: a JSON object whose string leaves, nested or under dotted keys, are messages.
    public init(json: String) throws(MessageBundleError) {
        try self.init(jsonBytes: Array(json.utf8))
    }

    /// A bundle with the given flat messages, as an app would ship built-in defaults.
    /// - Parameter messages: the messages by dotted key, such as `today.title`.
    public init(messages: [String: String]) {
        var json: [UInt8] = [UInt8(ascii: "{")]
        for (offset, key) in messages.keys.sorted().enumerated() {
            if offset > 0 { json.append(UInt8(ascii: ",")) }
            JSONEscaping.appendQuoted(key, to: &json)
            json.append(UInt8(ascii: ":"))
            JSONEscaping.appendQuoted(messages[key]!, to: &json)
        }
        json.append(UInt8(ascii: "}"))
        // The JSON is built from valid Swift strings by this initializer, so it always parses.
        do { try self.init(jsonBytes: json) } catch {
            preconditionFailure("generated bundle JSON did not parse: \(error)")
        }
    }

    /// The JSON the bundle was parsed from.
    package var jsonBytes: [UInt8] { index.bytes }

    /// The top-level members whose values are objects, in document order, with each value's byte range in the
    /// JSON: how the fetcher checks that every namespace file it merged is exactly one object.
    package func topLevelObjects() -> [(name: String, range: Range<Int>)] { index.topLevelObjects() }

    /// The message at the dotted `key`, or `nil` when the bundle has no string there.
    /// - Parameter key: the dotted message key, such as `today.title`.
    public func message(forKey key: String) -> String? {
        var key = key
        return key.withUTF8 { index.message(forKey: $0) }
    }

    /// Whether the bundle has a message at `key`.
    /// - Parameter key: the dotted message key, such as `today.title`.
    package func containsMessage(forKey key: String) -> Bool {
        var key = key
        return key.withUTF8 { index.entryIndex(forKey: $0) != nil }
    }

    /// How many messages (string leaves) the bundle holds, after duplicates are merged.
    public var messageCount: Int { index.messageCount }

    /// Whether a member name anywhere in the bundle (decoded, so `\u002e` counts) has a dot: a flat or mixed
    /// bundle, which `BundleNesting` may rewrite. Known from the one parse, so a bundle already nested (the
    /// common case) is not read a second time to find out.
    package var hasDottedMemberName: Bool { index.hasDottedName }

    /// The size of the JSON the bundle was read from, in bytes.
    package var byteCount: Int { index.bytes.count }

    /// Every message key in dotted form, in document order.
    package var keys: [String] { index.leafKeys() }
}

/// JSON that is not a usable message bundle: a ``code`` to compare, the byte ``offset``, and a description.
public struct MessageBundleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is: `notAnObject`, `syntax`, `invalidUTF8`, `tooDeep`, `tooLarge`.
    public typealias Code = ErrorCode<MessageBundleError>

    /// What is wrong with the JSON, with its details.
    package enum Kind: Hashable, Sendable {
        /// The document is valid so far but its top level is not an object.
        case notAnObject
        /// The JSON grammar was broken; the payload says what was expected.
        case syntax(expected: String)
        /// The bytes are not valid UTF-8.
        case invalidUTF8
        /// Objects and arrays nest deeper than the limit.
        case tooDeep(limit: Int)
        /// The document is larger than an index can address.
        case tooLarge
    }

    /// What is wrong with the JSON.
    package let kind: Kind
    /// The byte offset of the problem in the JSON.
    public let offset: Int

    package init(kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// What kind of problem it is.
    public var code: Code {
        switch kind {
        case .notAnObject: .notAnObject
        case .syntax: .syntax
        case .invalidUTF8: .invalidUTF8
        case .tooDeep: .tooDeep
        case .tooLarge: .tooLarge
        }
    }

    public var description: String {
        switch kind {
        case .notAnObject: return "Messages must be a JSON object at byte \(offset)"
        case .syntax(let expected): return "Invalid messages JSON at byte \(offset): expected \(expected)"
        case .invalidUTF8: return "Messages are not valid UTF-8 at byte \(offset)"
        case .tooDeep(let limit): return "Messages nest deeper than \(limit) levels at byte \(offset)"
        case .tooLarge: return "Messages are larger than 2 GiB"
        }
    }
}

extension ErrorCode where Domain == MessageBundleError {
    /// The document is valid so far but its top level is not an object.
    public static var notAnObject: Self { Self("notAnObject") }
    /// The JSON grammar is broken.
    public static var syntax: Self { Self("syntax") }
    /// The bytes are not valid UTF-8.
    public static var invalidUTF8: Self { Self("invalidUTF8") }
    /// Objects and arrays nest deeper than `MessageBundle`'s limit.
    public static var tooDeep: Self { Self("tooDeep") }
    /// The document is larger than an index can address.
    public static var tooLarge: Self { Self("tooLarge") }
}
