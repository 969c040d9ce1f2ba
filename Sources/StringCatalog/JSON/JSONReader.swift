import WidgetI18nSupport

/// Reads JSON (RFC 8259) into `JSONNode`s that keep the byte range of every value: strict, UTF-8 only, duplicate
/// member names refused. A leading byte-order mark is skipped.
struct JSONReader {
    private let bytes: [UInt8]
    private var position = 0

    /// Nesting deeper than this is refused; a catalog nests about fifteen levels.
    static let maximumDepth = 128

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The JSON value `bytes` spell, alone but for white space.
    /// - Parameter bytes: UTF-8 JSON.
    /// - Throws: `CatalogError` saying what was expected, at which line and column.
    static func parse(_ bytes: [UInt8]) throws(CatalogError) -> JSONNode {
        var reader = JSONReader(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw reader.failure("expected the end of the file") }
        return value
    }

    // MARK: - Values

    private mutating func value(depth: Int) throws(CatalogError) -> JSONNode {
        guard depth < Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
        guard position < bytes.count else { throw failure("expected a value") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return JSONNode(kind: .string(try string()), range: start..<position)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONNode(kind: .bool(true), range: start..<position)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONNode(kind: .bool(false), range: start..<position)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONNode(kind: .null, range: start..<position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("expected a value")
        }
    }

    private mutating func object(depth: Int) throws(CatalogError) -> JSONNode {
        let start = position
        position += 1
        var members: [JSONNode.Member] = []
        // By UTF-8 bytes, as JSON compares names: `é` and `e` with a combining accent are two names.
        var names: Set<[UInt8]> = []
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            position += 1
            return JSONNode(kind: .object(members), range: start..<position)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw failure("expected a member name in quotes") }
            let nameStart = position
            let name = try string()
            let nameRange = nameStart..<position
            guard names.insert(Array(name.utf8)).inserted else {
                position = nameStart
                throw failure("the member \(XcodeJSON.quoted(name)) appears twice in one object")
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after a member name") }
            position += 1
            skipWhitespace()
            let value = try value(depth: depth + 1)
            members.append(JSONNode.Member(name: name, nameRange: nameRange, value: value))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                position += 1
                continue
            }
            guard peek(UInt8(ascii: "}")) else { throw failure("expected ',' or '}' in an object") }
            position += 1
            return JSONNode(kind: .object(members), range: start..<position)
        }
    }

    private mutating func array(depth: Int) throws(CatalogError) -> JSONNode {
        let start = position
        position += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            position += 1
            return JSONNode(kind: .array(elements), range: start..<position)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                position += 1
                continue
            }
            guard peek(UInt8(ascii: "]")) else { throw failure("expected ',' or ']' in an array") }
            position += 1
            return JSONNode(kind: .array(elements), range: start..<position)
        }
    }

    /// A string literal, from its opening quote; the position ends after the closing one.
    private mutating func string() throws(CatalogError) -> String {
        position += 1
        var decoded: [UInt8] = []
        while true {
            guard position < bytes.count else { throw failure("a string without its closing '\"'") }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validatingUTF8: decoded) else {
                    throw failure("a string that is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                try escape(into: &decoded)
            case 0..<0x20:
                throw failure("a control character (U+\(hex(byte))) inside a string; write it escaped")
            default:
                decoded.append(byte)
                position += 1
            }
        }
    }

    /// One escape after its backslash.
    private mutating func escape(into decoded: inout [UInt8]) throws(CatalogError) {
        guard position < bytes.count else { throw failure("a string without its closing '\"'") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard bytes[position...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                    throw failure("a lone UTF-16 high surrogate in a \\u escape")
                }
                position += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw failure("a UTF-16 high surrogate without its low surrogate")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("a lone UTF-16 low surrogate in a \\u escape")
            }
            decoded.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
        default:
            position -= 2
            throw failure("an unknown escape '\\\(Character(Unicode.Scalar(byte)))' in a string")
        }
    }

    private mutating func hexQuad() throws(CatalogError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("expected four hexadecimal digits after \\u") }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw failure("expected four hexadecimal digits after \\u")
            }
            value = value * 16 + UInt32(digit)
        }
        position += 4
        return value
    }

    private mutating func number() throws(CatalogError) -> JSONNode {
        let start = position
        if peek(UInt8(ascii: "-")) { position += 1 }
        if peek(UInt8(ascii: "0")) {
            position += 1
            guard digits() == 0 else {
                position = start
                throw failure("a number with a leading zero")
            }
        } else if digits() == 0 {
            throw failure("expected a digit in a number")
        }
        if peek(UInt8(ascii: ".")) {
            position += 1
            guard digits() > 0 else { throw failure("expected a digit after '.' in a number") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            position += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
            guard digits() > 0 else { throw failure("expected a digit in a number's exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        return JSONNode(kind: .number(text), range: start..<position)
    }

    /// Skips decimal digits and says how many there were.
    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            position += 1
        }
        return position - start
    }

    private mutating func literal(_ word: String) throws(CatalogError) {
        guard bytes[position...].starts(with: word.utf8) else { throw failure("expected a value") }
        position += word.utf8.count
    }

    // MARK: - Helpers

    private func peek(_ byte: UInt8) -> Bool { position < bytes.count && bytes[position] == byte }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// "Not JSON: … at line L, column C", the column counted in characters.
    private func failure(_ what: String) -> CatalogError {
        var line = 1
        var lineStart = 0
        for (offset, byte) in bytes[..<min(position, bytes.count)].enumerated() where byte == 0x0A {
            line += 1
            lineStart = offset + 1
        }
        let column = String(decoding: bytes[lineStart..<min(position, bytes.count)], as: UTF8.self).count + 1
        return CatalogError(path: "", reason: "not JSON: \(what) at line \(line), column \(column)")
    }
}
