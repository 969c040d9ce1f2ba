import LocaleData

extension BundleIndex {
    /// A recursive-descent JSON validator that records object members as it goes. It checks the whole
    /// grammar (RFC 8259) and UTF-8, so a bundle that indexes is one `JSON.parse` would accept.
    struct Parser {
        let maximumDepth: Int
        /// When false the parser only validates and counts string leaves (`messageCount`), recording nothing.
        var recordsEntries = true
        var messageCount = 0
        /// Whether a member name (decoded) anywhere in the document has a dot: a flat or mixed bundle.
        var hasDottedName = false
        var entries: [Entry] = []
        var decodedNames: [UInt8] = []
        private var position = 0
        private var input = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

        init(maximumDepth: Int, estimatedEntries: Int) {
            self.maximumDepth = maximumDepth
            entries.reserveCapacity(estimatedEntries)
        }

        mutating func parseDocument(_ buffer: UnsafeBufferPointer<UInt8>) throws(MessageBundleError) {
            input = buffer
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { position = 3 }
            skipWhitespace()
            guard position < input.count else { throw error(.syntax(expected: "a JSON object")) }
            guard input[position] == UInt8(ascii: "{") else {
                let start = position
                try skipValue(depth: 1)
                skipWhitespace()
                guard position == input.count else { throw error(.syntax(expected: "end of input")) }
                throw MessageBundleError(kind: .notAnObject, offset: start)
            }
            try parseObject(parent: -1, parentHash: nil, segmentCount: 0, depth: 1)
            skipWhitespace()
            guard position == input.count else { throw error(.syntax(expected: "end of input")) }
            input = UnsafeBufferPointer(start: nil, count: 0)
        }

        private func error(_ kind: MessageBundleError.Kind) -> MessageBundleError {
            MessageBundleError(kind: kind, offset: position)
        }

        @inline(__always) private mutating func skipWhitespace() {
            while position < input.count {
                switch input[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        @inline(__always) private mutating func expect(_ byte: UInt8, _ what: String) throws(MessageBundleError) {
            guard position < input.count, input[position] == byte else { throw error(.syntax(expected: what)) }
            position += 1
        }

        private mutating func parseObject(parent: Int32, parentHash: UInt64?, segmentCount: UInt16, depth: Int)
            throws(MessageBundleError)
        {
            guard depth <= maximumDepth else { throw error(.tooDeep(limit: maximumDepth)) }
            position += 1
            skipWhitespace()
            if position < input.count, input[position] == UInt8(ascii: "}") {
                position += 1
                return
            }
            while true {
                skipWhitespace()
                guard position < input.count, input[position] == UInt8(ascii: "\"") else {
                    throw error(.syntax(expected: "a member name in double quotes"))
                }
                let name = try scanString()
                guard recordsEntries else {
                    try parseMemberValue(depth: depth)
                    if try endOfMember() { return }
                    continue
                }
                var hash = FNV1a.offsetBasis
                if let parentHash {
                    hash = parentHash
                    FNV1a.combine(&hash, UInt8(ascii: "."))
                }
                var entry = Entry(
                    hash: 0, nameStart: Int32(name.start), nameLength: Int32(name.length), parent: parent,
                    valueStart: 0, valueLength: 0, segmentCount: segmentCount + 1, flags: 0)
                let nameBytes = UnsafeBufferPointer(rebasing: input[name.start..<name.start + name.length])
                if name.hasEscapes {
                    let decoded = JSONStringDecoder.unescape(nameBytes)
                    entry.nameStart = Int32(decodedNames.count)
                    entry.nameLength = Int32(decoded.count)
                    entry.flags |= Entry.nameIsDecoded
                    decodedNames.append(contentsOf: decoded)
                    for byte in decoded { FNV1a.combine(&hash, byte) }
                    hasDottedName = hasDottedName || decoded.contains(UInt8(ascii: "."))
                } else {
                    var dots: UInt8 = 0
                    for byte in nameBytes {
                        FNV1a.combine(&hash, byte)
                        dots |= byte == UInt8(ascii: ".") ? 1 : 0
                    }
                    hasDottedName = hasDottedName || dots != 0
                }
                entry.hash = hash
                skipWhitespace()
                try expect(UInt8(ascii: ":"), "':' after a member name")
                skipWhitespace()
                guard position < input.count else { throw error(.syntax(expected: "a value")) }
                switch input[position] {
                case UInt8(ascii: "\""):
                    let value = try scanString()
                    entry.valueStart = Int32(value.start)
                    entry.valueLength = Int32(value.length)
                    entry.flags |= Entry.isMessage | (value.hasEscapes ? Entry.valueHasEscapes : 0)
                    entries.append(entry)
                case UInt8(ascii: "{"):
                    // An object member records its value's byte range too (from `{` to `}`).
                    entry.valueStart = Int32(position)
                    entries.append(entry)
                    let member = entries.count - 1
                    try parseObject(
                        parent: Int32(member), parentHash: hash, segmentCount: entry.segmentCount, depth: depth + 1)
                    entries[member].valueLength = Int32(position) - entry.valueStart
                default:
                    try skipValue(depth: depth + 1)
                }
                if try endOfMember() { return }
            }
        }

        /// The value of a member when nothing is recorded: strings are counted, objects recursed into.
        private mutating func parseMemberValue(depth: Int) throws(MessageBundleError) {
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after a member name")
            skipWhitespace()
            guard position < input.count else { throw error(.syntax(expected: "a value")) }
            switch input[position] {
            case UInt8(ascii: "\""):
                _ = try scanString()
                messageCount += 1
            case UInt8(ascii: "{"):
                try parseObject(parent: -1, parentHash: nil, segmentCount: 0, depth: depth + 1)
            default:
                try skipValue(depth: depth + 1)
            }
        }

        /// After a member: `,` (more follow, returns false) or `}` (the object ends, returns true).
        private mutating func endOfMember() throws(MessageBundleError) -> Bool {
            skipWhitespace()
            guard position < input.count else { throw error(.syntax(expected: "',' or '}'")) }
            if input[position] == UInt8(ascii: ",") {
                position += 1
                return false
            }
            if input[position] == UInt8(ascii: "}") {
                position += 1
                return true
            }
            throw error(.syntax(expected: "',' or '}'"))
        }

        /// Validates and skips any value; objects inside arrays are not messages.
        private mutating func skipValue(depth: Int) throws(MessageBundleError) {
            guard position < input.count else { throw error(.syntax(expected: "a value")) }
            switch input[position] {
            case UInt8(ascii: "\""):
                _ = try scanString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth <= maximumDepth else { throw error(.tooDeep(limit: maximumDepth)) }
                let isObject = input[position] == UInt8(ascii: "{")
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                position += 1
                skipWhitespace()
                if position < input.count, input[position] == close {
                    position += 1
                    return
                }
                while true {
                    skipWhitespace()
                    if isObject {
                        guard position < input.count, input[position] == UInt8(ascii: "\"") else {
                            throw error(.syntax(expected: "a member name in double quotes"))
                        }
                        _ = try scanString()
                        skipWhitespace()
                        try expect(UInt8(ascii: ":"), "':' after a member name")
                        skipWhitespace()
                    }
                    try skipValue(depth: depth + 1)
                    skipWhitespace()
                    guard position < input.count else {
                        throw error(.syntax(expected: isObject ? "',' or '}'" : "',' or ']'"))
                    }
                    if input[position] == UInt8(ascii: ",") {
                        position += 1
                        continue
                    }
                    if input[position] == close {
                        position += 1
                        return
                    }
                    throw error(.syntax(expected: isObject ? "',' or '}'" : "',' or ']'"))
                }
            case UInt8(ascii: "t"): try skipLiteral("true")
            case UInt8(ascii: "f"): try skipLiteral("false")
            case UInt8(ascii: "n"): try skipLiteral("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
            default: throw error(.syntax(expected: "a value"))
            }
        }

        private mutating func skipLiteral(_ literal: StaticString) throws(MessageBundleError) {
            let length = literal.utf8CodeUnitCount
            guard position + length <= input.count else { throw error(.syntax(expected: "'\(literal)'")) }
            for offset in 0..<length where input[position + offset] != literal.utf8Start[offset] {
                throw error(.syntax(expected: "'\(literal)'"))
            }
            position += length
        }

        private mutating func skipNumber() throws(MessageBundleError) {
            func digits() -> Int {
                let start = position
                while position < input.count, ASCII.isDigit(input[position]) { position += 1 }
                return position - start
            }
            if input[position] == UInt8(ascii: "-") { position += 1 }
            guard position < input.count, ASCII.isDigit(input[position]) else {
                throw error(.syntax(expected: "a digit"))
            }
            if input[position] == UInt8(ascii: "0") { position += 1 } else { _ = digits() }
            if position < input.count, input[position] == UInt8(ascii: ".") {
                position += 1
                guard digits() > 0 else { throw error(.syntax(expected: "a digit after '.'")) }
            }
            if position < input.count, input[position] | 0x20 == UInt8(ascii: "e") {
                position += 1
                if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-")
                {
                    position += 1
                }
                guard digits() > 0 else { throw error(.syntax(expected: "a digit in the exponent")) }
            }
        }

        /// Scans a string at `position` (on its opening quote); returns the range between the quotes.
        private mutating func scanString() throws(MessageBundleError) -> (start: Int, length: Int, hasEscapes: Bool) {
            position += 1
            let start = position
            var hasEscapes = false
            while position < input.count {
                // Eight plain ASCII bytes at a time: none a quote, a backslash, a control character or >= 0x80.
                while position + 8 <= input.count {
                    let word = UnsafeRawPointer(input.baseAddress! + position).loadUnaligned(as: UInt64.self)
                    if Self.hasSpecialByte(word) { break }
                    position += 8
                }
                guard position < input.count else { break }
                let byte = input[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return (start, position - 1 - start, hasEscapes)
                }
                if byte == UInt8(ascii: "\\") {
                    hasEscapes = true
                    try scanEscape()
                } else if byte < 0x20 {
                    throw error(.syntax(expected: "an escaped control character"))
                } else if byte < 0x80 {
                    position += 1
                } else {
                    try scanUTF8Sequence()
                }
            }
            throw error(.syntax(expected: "a closing '\"'"))
        }

        /// Whether any byte of `word` is `"`, `\`, below 0x20 or at least 0x80 (SWAR: no branch per byte).
        @inline(__always) private static func hasSpecialByte(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
            let belowSpace = (word &- ones &* 0x20) & ~word & highs
            return word & highs != 0 || belowSpace != 0 || hasZeroByte(word ^ (ones &* 0x22))
                || hasZeroByte(word ^ (ones &* 0x5C))
        }

        private mutating func scanEscape() throws(MessageBundleError) {
            position += 1
            guard position < input.count else { throw error(.syntax(expected: "an escape sequence")) }
            switch input[position] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                position += 1
            case UInt8(ascii: "u"):
                guard position + 4 < input.count,
                    (1...4).allSatisfy({ ASCII.isHexDigit(input[position + $0]) })
                else { throw error(.syntax(expected: "four hex digits after '\\u'")) }
                position += 5
            default:
                throw error(.syntax(expected: "a valid escape sequence"))
            }
        }

        /// Validates one multi-byte UTF-8 sequence (no overlongs, no surrogates, nothing past U+10FFFF).
        private mutating func scanUTF8Sequence() throws(MessageBundleError) {
            let lead = input[position]
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                upper = 0x9F
            case 0xF0:
                length = 4
                lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                upper = 0x8F
            default: throw error(.invalidUTF8)
            }
            guard position + length <= input.count else { throw error(.invalidUTF8) }
            let second = input[position + 1]
            guard second >= lower, second <= upper else { throw error(.invalidUTF8) }
            for offset in 2..<length where input[position + offset] & 0xC0 != 0x80 { throw error(.invalidUTF8) }
            position += length
        }
    }
}

/// Decodes the escapes of a JSON string body. Total on any bytes: a value read through a stale stored
/// index has not been validated (fuzzing found a trap here), so a broken escape becomes U+FFFD.
enum JSONStringDecoder {
    static func unescape(_ body: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(body.count)
        var index = 0
        /// The four hex digits at `offset`, or `nil` when they are not there.
        func hexValue(at offset: Int) -> UInt32? {
            guard offset + 4 <= body.count else { return nil }
            var value: UInt32 = 0
            for byte in body[offset..<offset + 4] {
                guard ASCII.isHexDigit(byte) else { return nil }
                let digit: UInt32 = ASCII.isDigit(byte) ? UInt32(byte - 48) : UInt32((byte | 0x20) - 87)
                value = value << 4 | digit
            }
            return value
        }
        while index < body.count {
            let byte = body[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < body.count else {
                output.append(byte)
                index += 1
                continue
            }
            let escaped = body[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hexValue(at: index) else {
                    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    continue
                }
                index += 4
                if (0xD800..<0xDC00).contains(scalar), index + 6 <= body.count, body[index] == UInt8(ascii: "\\"),
                    body[index + 1] == UInt8(ascii: "u"), let low = hexValue(at: index + 2),
                    (0xDC00..<0xE000).contains(low)
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                output.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
            default: output.append(escaped)
            }
        }
        return output
    }
}
