/// Rewrites a bundle whose keys are flat (`"home.title": "…"`) or mixed (`"home": {"card.title": "…"}`) into
/// nested objects, the one shape every better-i18n reader reads: the Swift SDK looks a key up by walking nested
/// dictionaries only (`better-i18n/swift`, `Sources/BetterI18n/Translator.swift`, `resolve`), so it finds
/// `home.title` in `{"home": {"title": "…"}}` and never under a dotted member.
///
/// Values other than objects are kept byte for byte; objects that meet at the same path are merged. A bundle
/// cannot be nested when two members would land on the same path with a value that is not an object on either
/// side (`"a.b": "…"` beside `"a": {"b": "…"}`), when a dotted key has an empty part (`"a..b"`, `"a."`), or
/// when an object repeats a member.
package enum BundleNesting {
    /// What `nested(_:)` found.
    package enum Shape: Equatable, Sendable {
        /// No member name has a dot: the bundle is stored as it is.
        case nested
        /// The same messages, nested.
        case nestable([UInt8])
        /// The bundle cannot be nested without changing what a reader finds; `key` is the dotted path where it
        /// fails.
        case notNestable(key: String, reason: String)
    }

    /// The nested form of `json`, a JSON object that `MessageBundle` accepts.
    /// - Parameter json: the bundle's bytes, already validated.
    package static func nested(_ json: [UInt8]) -> Shape {
        var parser = Parser(bytes: json)
        guard let root = parser.value(), case .object(let members) = root else {
            return .notNestable(key: "", reason: "the bundle is not a JSON object")
        }
        guard containsDottedName(members) else { return .nested }
        var tree = Tree()
        do {
            try tree.insert(members, at: [])
        } catch {
            return .notNestable(key: error.path.joined(separator: "."), reason: error.reason)
        }
        var output: [UInt8] = []
        output.reserveCapacity(json.count)
        tree.write(to: &output, source: json)
        return .nestable(output)
    }

    /// Whether a member name anywhere in `members` has a dot.
    private static func containsDottedName(_ members: [(name: String, value: Value)]) -> Bool {
        members.contains { member in
            if member.name.utf8.contains(UInt8(ascii: ".")) { return true }
            if case .object(let children) = member.value { return containsDottedName(children) }
            return false
        }
    }

    // MARK: - A JSON value, by ranges of the source

    fileprivate indirect enum Value {
        /// Members in document order: each name decoded, each value by its kind.
        case object([(name: String, value: Value)])
        /// Anything else: the bytes of the source that spell it.
        case other(Range<Int>)
    }

    fileprivate struct Failure: Error {
        var path: [String]
        var reason: String
    }

    /// A nested object being built: members in first-seen order, values either objects or source ranges.
    fileprivate struct Tree {
        enum Node {
            case object(Tree)
            case leaf(Range<Int>)
        }
        var names: [String] = []
        var nodes: [String: Node] = [:]

        mutating func insert(_ members: [(name: String, value: Value)], at path: [String]) throws(Failure) {
            var seen: Set<String> = []
            for (name, value) in members {
                guard seen.insert(name).inserted else {
                    throw Failure(path: path + [name], reason: "the member is repeated")
                }
                let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard !parts.contains(where: \.isEmpty) || parts.count == 1 else {
                    throw Failure(path: path + [name], reason: "a part of the dotted key is empty")
                }
                try insert(value, parts: parts[...], at: path)
            }
        }

        private mutating func insert(_ value: Value, parts: ArraySlice<String>, at path: [String]) throws(Failure) {
            guard let name = parts.first else { return }
            let here = path + [name]
            let rest = parts.dropFirst()
            var child: Tree
            switch nodes[name] {
            case .leaf?:
                throw Failure(path: here, reason: "a message and another member meet at the same key")
            case .object(let existing)?:
                child = existing
            case nil:
                names.append(name)
                if rest.isEmpty, case .other(let range) = value {
                    nodes[name] = .leaf(range)
                    return
                }
                child = Tree()
            }
            if rest.isEmpty {
                guard case .object(let members) = value else {
                    throw Failure(path: here, reason: "a message and another member meet at the same key")
                }
                try child.insert(members, at: here)
            } else {
                try child.insert(value, parts: rest, at: here)
            }
            nodes[name] = .object(child)
        }

        func write(to output: inout [UInt8], source: [UInt8]) {
            output.append(UInt8(ascii: "{"))
            for (offset, name) in names.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                JSONEscaping.appendQuoted(name, to: &output)
                output.append(UInt8(ascii: ":"))
                switch nodes[name] {
                case .leaf(let range)?: output.append(contentsOf: source[range])
                case .object(let tree)?: tree.write(to: &output, source: source)
                case nil: output.append(contentsOf: Array("null".utf8))
                }
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON reader for bytes `MessageBundle` already accepted: it finds where values are and decodes member
    /// names, and gives up (returning `nil`) on anything else rather than trapping.
    fileprivate struct Parser {
        let bytes: [UInt8]
        var offset = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func value() -> Value? {
            skipWhitespace()
            guard offset < bytes.count else { return nil }
            switch bytes[offset] {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""):
                let start = offset
                guard skipString() else { return nil }
                return .other(start..<offset)
            default:
                let start = offset
                while offset < bytes.count, !Self.ends(bytes[offset]) { offset += 1 }
                return offset > start ? .other(start..<offset) : nil
            }
        }

        private static func ends(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == 0x20
                || byte == 0x0A || byte == 0x0D || byte == 0x09
        }

        private mutating func object() -> Value? {
            offset += 1
            var members: [(name: String, value: Value)] = []
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard let name = string() else { return nil }
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { return nil }
                offset += 1
                guard let value = value() else { return nil }
                members.append((name, value))
                skipWhitespace()
                guard offset < bytes.count else { return nil }
                if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                } else if bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    return .object(members)
                } else {
                    return nil
                }
            }
        }

        /// An array is kept as it is: messages are not looked up inside one.
        private mutating func array() -> Value? {
            let start = offset
            offset += 1
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return .other(start..<offset)
            }
            while true {
                guard value() != nil else { return nil }
                skipWhitespace()
                guard offset < bytes.count else { return nil }
                if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                } else if bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    return .other(start..<offset)
                } else {
                    return nil
                }
            }
        }

        private mutating func skipWhitespace() {
            while offset < bytes.count,
                bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x0D
                    || bytes[offset] == 0x09
            {
                offset += 1
            }
        }

        /// Moves past a string literal; `false` when it does not end.
        private mutating func skipString() -> Bool {
            offset += 1
            while offset < bytes.count {
                switch bytes[offset] {
                case UInt8(ascii: "\""):
                    offset += 1
                    return true
                case UInt8(ascii: "\\"): offset += 2
                default: offset += 1
                }
            }
            return false
        }

        /// A member name, decoded.
        private mutating func string() -> String? {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
            offset += 1
            var scalars = String.UnicodeScalarView()
            var run = offset
            func flush(_ end: Int) {
                scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
            }
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    flush(offset)
                    offset += 1
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else {
                    offset += 1
                    continue
                }
                flush(offset)
                guard offset + 1 < bytes.count else { return nil }
                let escape = bytes[offset + 1]
                offset += 2
                switch escape {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code), offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                        bytes[offset + 1] == UInt8(ascii: "u")
                    {
                        offset += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    scalars.append(scalar)
                default: scalars.append(Unicode.Scalar(escape))
                }
                run = offset
            }
            return nil
        }

        private mutating func hex4() -> UInt32? {
            guard offset + 4 <= bytes.count else { return nil }
            var code: UInt32 = 0
            for byte in bytes[offset..<offset + 4] {
                guard let digit = Self.hexDigit(byte) else { return nil }
                code = code << 4 | digit
            }
            offset += 4
            return code
        }

        private static func hexDigit(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
    }
}
