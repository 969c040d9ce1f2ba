import LocaleData

/// Parses ICU MessageFormat as ICU4C and formatjs read it, into `MessageElement`s with source locations.
///
/// Apostrophes follow ICU's default (`DOUBLE_OPTIONAL`): `''` is one apostrophe; a single apostrophe starts
/// quoted literal text only right before `{` or `}` (or `#` inside a plural or selectordinal), and, as in
/// formatjs, whose tags these are, before `<` or `>`; quoting ends at the next single apostrophe; anywhere else
/// an apostrophe is itself. A `}` at the top level is
/// text. `<name>…</name>` and `<name/>` are rich-text tags; `<` not followed by a letter is text. An opening tag
/// may carry attributes, `<a href="https://…">`, each a name, `=` and a double-quoted value taken as written (no
/// placeholders, no quoting), which better-i18n's messages use for links: formatjs, whose tags have no
/// attributes, fails such a message, and ICU4C reads tags as text.
///
///     let elements = try MessageParser.parse("{count, plural, one {# event} other {# events}}")
///
/// The parser reads the message's UTF-8 bytes: all of its syntax is ASCII, and no byte of a multi-byte sequence is,
/// so it decodes a scalar only where a non-ASCII one can matter (white space, a tag name's letters). A location
/// counts scalars, as it always has, worked out from the bytes only when one is made.
package struct MessageParser {
    private let bytes: [UInt8]
    /// The byte offset of the first byte of every line after the first, so that a location costs a binary search
    /// instead of a scan from the start (which made parsing quadratic in the number of placeholders).
    private let lineStarts: [Int]
    /// For a message that is not ASCII, the number of scalars before every 64th byte, so that a byte offset's
    /// scalar offset costs at most 63 bytes' scan; empty for an ASCII message, whose offsets are the same.
    private let scalarsBefore: [Int]
    /// The number of `{` in the message: the top level has at most twice as many elements and one more, and its
    /// array is made that large at once rather than grown and copied.
    private let openingBraces: Int
    private var position = 0

    /// Nesting deeper than this is refused as unclosed rather than risking the stack.
    package static let maximumDepth = 64
    /// The most cases of one plural or select: no message needs more, and a hostile one is refused before its
    /// cases cost a widget's render (each case is checked against the others with a set, in linear time).
    package static let maximumCases = 10_000

    private init(_ message: String) {
        bytes = Array(message.utf8)
        var starts: [Int] = []
        var isASCII = true
        var braces = 0
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
            if byte == UInt8(ascii: "{") { braces += 1 }
            if byte >= 0x80 { isASCII = false }
        }
        lineStarts = starts
        openingBraces = braces
        var before: [Int] = []
        if !isASCII {
            before.reserveCapacity(bytes.count / 64 + 1)
            var count = 0
            for (offset, byte) in bytes.enumerated() {
                if offset % 64 == 0 { before.append(count) }
                if !UTF8.isContinuation(byte) { count += 1 }
            }
            if bytes.count % 64 == 0 { before.append(count) }
        }
        scalarsBefore = before
    }

    /// Parses `message`.
    /// - Parameter message: the message text in ICU MessageFormat.
    /// - Throws: `MessageParseError` with the kind of problem and its line and column.
    package static func parse(_ message: String) throws(MessageParseError) -> [MessageElement] {
        var parser = MessageParser(message)
        return try parser.parseMessage(context: .topLevel, inPlural: false, depth: 0)
    }

    private enum Context: Equatable {
        case topLevel
        /// A case of a plural or select: ends at `}`.
        case caseBody
        /// Inside `<name>`: ends at `</name>`.
        case tag(String, opener: Int, enclosing: Bool)
    }

    // MARK: - Messages

    private mutating func parseMessage(context: Context, inPlural: Bool, depth: Int) throws(MessageParseError)
        -> [MessageElement]
    {
        guard depth <= Self.maximumDepth else { throw error(.tooDeep(limit: Self.maximumDepth), at: position) }
        var elements: [MessageElement] = []
        // (Bounded, so that a hostile message of braces reserves no more than a long real one uses.)
        if context == .topLevel { elements.reserveCapacity(min(2 * openingBraces + 1, 1 << 16)) }
        var text = ""
        func flush() {
            if !text.isEmpty {
                elements.append(.literal(text))
                text = ""
            }
        }
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "{"):
                flush()
                elements.append(try parseArgument(inPlural: inPlural, depth: depth))
            case UInt8(ascii: "}"):
                switch context {
                case .topLevel:
                    text.append("}")
                    position += 1
                case .caseBody:
                    flush()
                    return elements
                case .tag(let name, let opener, let enclosing):
                    if enclosing {
                        throw error(.unclosedTag(name), at: opener)
                    }
                    text.append("}")
                    position += 1
                }
            case UInt8(ascii: "#") where inPlural:
                flush()
                elements.append(.pound(location: location(of: position)))
                position += 1
            case UInt8(ascii: "'"):
                position += 1
                appendApostrophe(to: &text, inPlural: inPlural)
            case UInt8(ascii: "<") where peekIsLetter(at: position + 1):
                flush()
                elements.append(try parseTag(inPlural: inPlural, depth: depth, enclosing: isEnclosed(context)))
            case UInt8(ascii: "<")
            where position + 2 < bytes.count && bytes[position + 1] == UInt8(ascii: "/")
                && peekIsLetter(at: position + 2):
                let start = position
                position += 2
                let name = readTagName()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
                    throw error(.unclosedTag(name), at: start)
                }
                position += 1
                if case .tag(let open, _, _) = context, open == name {
                    flush()
                    return elements
                }
                if case .tag(let open, _, _) = context {
                    throw error(.mismatchedTag(expected: open, found: name), at: start)
                }
                throw error(.mismatchedTag(expected: nil, found: name), at: start)
            default:
                // Plain text runs to the next byte of syntax, appended at once.
                let start = position
                position += 1
                while position < bytes.count {
                    switch bytes[position] {
                    case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "'"), UInt8(ascii: "<"):
                        break
                    default:
                        position += 1
                        continue
                    }
                    break
                }
                text += self.text(start..<position)
            }
        }
        switch context {
        case .topLevel:
            flush()
            return elements
        case .caseBody:
            throw error(.unclosedBrace, at: position)
        case .tag(let name, let opener, _):
            throw error(.unclosedTag(name), at: opener)
        }
    }

    private func isEnclosed(_ context: Context) -> Bool {
        if case .tag(_, _, let enclosing) = context { return enclosing }
        return context == .caseBody
    }

    /// After a `'`: an escaped apostrophe, quoted text, or a literal apostrophe.
    private mutating func appendApostrophe(to text: inout String, inPlural: Bool) {
        guard position < bytes.count else {
            text.append("'")
            return
        }
        switch bytes[position] {
        case UInt8(ascii: "'"):
            text.append("'")
            position += 1
            return
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "<"), UInt8(ascii: ">"): break
        case UInt8(ascii: "#") where inPlural: break
        default:
            text.append("'")
            return
        }
        // Quoted text runs to the next single apostrophe; `''` inside it is one apostrophe.
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "'") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "'") {
                    text.append("'")
                    position += 1
                    continue
                }
                return
            }
            let start = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "'") { position += 1 }
            text += self.text(start..<position)
        }
    }

    // MARK: - Arguments

    private mutating func parseArgument(inPlural: Bool, depth: Int) throws(MessageParseError) -> MessageElement {
        let open = position
        position += 1
        skipWhitespace()
        let name = readIdentifier()
        guard !name.isEmpty else {
            if position >= bytes.count { throw error(.unclosedBrace, at: open) }
            throw error(.expectedArgumentName, at: position)
        }
        let nameLocation = location(of: open)
        skipWhitespace()
        guard position < bytes.count else { throw error(.unclosedBrace, at: open) }
        if bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .argument(name: name, location: nameLocation)
        }
        guard bytes[position] == UInt8(ascii: ",") else { throw error(.expectedCommaOrBrace, at: position) }
        position += 1
        skipWhitespace()
        let typeStart = position
        let type = readIdentifier()
        skipWhitespace()
        guard position < bytes.count else { throw error(.unclosedBrace, at: open) }
        switch type {
        case "number", "date", "time":
            var styleText: String?
            var styleStart = position
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                styleStart = position
                styleText = try readStyle(open: open)
            } else {
                guard bytes[position] == UInt8(ascii: "}") else { throw error(.expectedCommaOrBrace, at: position) }
            }
            position += 1
            let style = styleText?.trimmingSpaces() ?? ""
            if style.hasPrefix("::") {
                let leading = (styleText ?? "").unicodeScalars.prefix { $0 == " " || $0 == "\t" || $0 == "\n" }.count
                try checkSkeleton(String(style.dropFirst(2)), isNumber: type == "number", at: styleStart + leading + 2)
            }
            if type == "number" {
                return .number(name: name, style: numberStyle(style), location: nameLocation)
            }
            if styleText != nil { try checkZoneFields(from: styleStart, to: position - 1) }
            return .dateTime(name: name, isTime: type == "time", style: dateTimeStyle(style), location: nameLocation)
        case "plural", "selectordinal", "select":
            guard bytes[position] == UInt8(ascii: ",") else {
                throw error(
                    bytes[position] == UInt8(ascii: "}") ? .expectedCases(type) : .expectedCommaOrBrace, at: position)
            }
            position += 1
            if type == "select" {
                return .select(
                    try parseSelect(name: name, open: open, location: nameLocation, inPlural: inPlural, depth: depth))
            }
            return .plural(
                try parsePlural(
                    name: name, ordinal: type == "selectordinal", open: open, location: nameLocation, depth: depth))
        case "":
            throw error(.expectedCommaOrBrace, at: typeStart)
        default:
            throw error(.unknownArgumentType(type), at: typeStart)
        }
    }

    /// The style text up to the argument's closing `}`; leaves `}` unread. Quoted text may hold braces, and its
    /// apostrophes stay in the style, as ICU's `MessagePattern::parseSimpleStyle` keeps them: the date or number
    /// pattern reads them (`{d, date, YYYY-'W'ww}`: a literal W).
    private mutating func readStyle(open: Int) throws(MessageParseError) -> String {
        let start = position
        var nesting = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "'"):
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "'") { position += 1 }
            case UInt8(ascii: "{"): nesting += 1
            case UInt8(ascii: "}"):
                if nesting == 0 { return text(start..<position) }
                nesting -= 1
            default: break
            }
            position += 1
        }
        throw error(.unclosedBrace, at: open)
    }

    /// Every token of a number skeleton, and every letter of a date skeleton, must be one the formatter formats.
    private func checkSkeleton(_ skeleton: String, isNumber: Bool, at start: Int) throws(MessageParseError) {
        if isNumber {
            do {
                _ = try NumberSkeleton(parsing: skeleton)
            } catch {
                throw self.error(
                    .invalidSkeleton(token: error.token, reason: error.reason),
                    at: offset(scalars: error.offset, after: start))
            }
            return
        }
        for (offset, scalar) in skeleton.unicodeScalars.enumerated()
        where !DateTimePatternGenerator.skeletonLetters.contains(scalar) {
            throw error(
                .invalidSkeleton(
                    token: String(scalar), reason: "not a date field letter (y, M, L, d, E, c, h, H, j, m, s, a, …)"),
                at: self.offset(scalars: offset, after: start))
        }
    }

    /// A zone field ICU formats as nothing (`vv`, `OOO`, `VVVVV`) in the date pattern or skeleton of
    /// `bytes[start..<end]`, the source as written, is a mistake with its position. Quoted text is text.
    private func checkZoneFields(from start: Int, to end: Int) throws(MessageParseError) {
        var index = start
        var inQuote = false
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "'") { inQuote.toggle() }
            let scalar = Unicode.Scalar(byte)
            guard !inQuote, scalar == "v" || scalar == "O" || scalar == "V" || scalar == "X" || scalar == "x" else {
                index += 1
                continue
            }
            var runEnd = index + 1
            while runEnd < end, bytes[runEnd] == byte { runEnd += 1 }
            let count = runEnd - index
            guard ZoneNames.isKnownZoneField(scalar, count: count) else {
                throw error(.unknownZoneField(String(repeating: Character(scalar), count: count)), at: index)
            }
            index = runEnd
        }
    }

    private func numberStyle(_ style: String) -> NumberStyle {
        switch style {
        case "": return .decimal
        case "integer": return .integer
        case "percent": return .percent
        case "currency": return .currency
        default:
            if style.hasPrefix("::") { return .skeleton(String(style.dropFirst(2)).trimmingSpaces()) }
            return .pattern(style)
        }
    }

    private func dateTimeStyle(_ style: String) -> DateTimeStyle {
        switch style {
        case "", "medium": return .medium
        case "short": return .short
        case "long": return .long
        case "full": return .full
        default:
            if style.hasPrefix("::") { return .skeleton(String(style.dropFirst(2)).trimmingSpaces()) }
            return .pattern(style)
        }
    }

    private mutating func parsePlural(name: String, ordinal: Bool, open: Int, location: SourceLocation, depth: Int)
        throws(MessageParseError) -> PluralElement
    {
        let type = ordinal ? "selectordinal" : "plural"
        skipWhitespace()
        var offset = 0
        if matches("offset:") {
            let offsetStart = position
            position += 7
            skipWhitespace()
            let digits = readIdentifier()
            guard !digits.isEmpty, digits.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }),
                let value = Int(digits),
                value <= 1_000_000
            else { throw error(.invalidOffset, at: offsetStart) }
            offset = value
        }
        var cases: [(selector: PluralElement.Selector, message: [MessageElement])] = []
        var seen: Set<String> = []
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw error(.unclosedBrace, at: open) }
            if bytes[position] == UInt8(ascii: "}") {
                guard !cases.isEmpty else { throw error(.expectedCases(type), at: position) }
                guard seen.contains("other") else { throw error(.missingOtherClause(type), at: open) }
                position += 1
                return PluralElement(name: name, isOrdinal: ordinal, offset: offset, cases: cases, location: location)
            }
            let selectorStart = position
            guard cases.count < Self.maximumCases else {
                throw error(.tooManyCases(limit: Self.maximumCases), at: open)
            }
            let selectorText: String
            let selector: PluralElement.Selector
            if bytes[position] == UInt8(ascii: "=") {
                position += 1
                let digits = readIdentifier()
                guard let number = MessageNumber(digits) else {
                    throw error(.invalidSelector("=" + digits), at: selectorStart)
                }
                selectorText = "=" + number.text
                selector = .exact(number)
            } else {
                selectorText = readIdentifier()
                guard let category = PluralCategory(rawValue: selectorText) else {
                    if selectorText.isEmpty { throw error(.expectedCommaOrBrace, at: selectorStart) }
                    throw error(.invalidSelector(selectorText), at: selectorStart)
                }
                selector = .category(category)
            }
            guard seen.insert(selectorText).inserted else {
                throw error(.duplicateSelector(selectorText), at: selectorStart)
            }
            let message = try parseCaseMessage(selector: selectorText, inPlural: true, depth: depth)
            cases.append((selector, message))
        }
    }

    private mutating func parseSelect(name: String, open: Int, location: SourceLocation, inPlural: Bool, depth: Int)
        throws(MessageParseError) -> SelectElement
    {
        var cases: [(key: String, message: [MessageElement])] = []
        var seen: Set<String> = []
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw error(.unclosedBrace, at: open) }
            if bytes[position] == UInt8(ascii: "}") {
                guard !cases.isEmpty else { throw error(.expectedCases("select"), at: position) }
                guard seen.contains("other") else { throw error(.missingOtherClause("select"), at: open) }
                position += 1
                return SelectElement(name: name, cases: cases, location: location)
            }
            guard cases.count < Self.maximumCases else {
                throw error(.tooManyCases(limit: Self.maximumCases), at: open)
            }
            let keyStart = position
            let key = readIdentifier()
            guard !key.isEmpty else { throw error(.expectedCommaOrBrace, at: keyStart) }
            guard seen.insert(key).inserted else { throw error(.duplicateSelector(key), at: keyStart) }
            cases.append((key, try parseCaseMessage(selector: key, inPlural: inPlural, depth: depth)))
        }
    }

    private mutating func parseCaseMessage(selector: String, inPlural: Bool, depth: Int) throws(MessageParseError)
        -> [MessageElement]
    {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else {
            throw error(.expectedCaseMessage(selector), at: position)
        }
        let open = position
        position += 1
        let message = try parseMessage(context: .caseBody, inPlural: inPlural, depth: depth + 1)
        guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else {
            throw error(.unclosedBrace, at: open)
        }
        position += 1
        return message
    }

    // MARK: - Tags

    private mutating func parseTag(inPlural: Bool, depth: Int, enclosing: Bool) throws(MessageParseError)
        -> MessageElement
    {
        let start = position
        position += 1
        let name = readTagName()
        skipWhitespace()
        var attributes: [TagAttribute] = []
        while peekIsLetter(at: position) {
            let attribute = readTagName()
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "="),
                bytes[position + 1] == UInt8(ascii: "\"")
            else {
                throw error(.unclosedTag(name), at: start)
            }
            position += 2
            let valueStart = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") { position += 1 }
            guard position < bytes.count else { throw error(.unclosedTag(name), at: start) }
            let value = text(valueStart..<position)
            position += 1
            attributes.append(TagAttribute(name: attribute, value: value))
            skipWhitespace()
        }
        if matches("/>") {
            position += 2
            return .tag(name: name, attributes: attributes, children: [], location: location(of: start))
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw error(.unclosedTag(name), at: start)
        }
        position += 1
        let children = try parseMessage(
            context: .tag(name, opener: start, enclosing: enclosing), inPlural: inPlural, depth: depth + 1)
        return .tag(name: name, attributes: attributes, children: children, location: location(of: start))
    }

    private func peekIsLetter(at index: Int) -> Bool {
        index < bytes.count && scalar(at: index).value.properties.isAlphabetic
    }

    private mutating func readTagName() -> String {
        let start = position
        while position < bytes.count {
            let (scalar, length) = scalar(at: position)
            guard
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
                    || scalar == "."
            else { break }
            position += length
        }
        return text(start..<position)
    }

    // MARK: - Lexing

    /// Argument names, types and selectors: everything up to white space or syntax.
    private mutating func readIdentifier() -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "#"), UInt8(ascii: "<"),
                UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "="), UInt8(ascii: ":"):
                break
            case 0x80...:
                let (scalar, length) = scalar(at: position)
                if Self.isSpace(scalar) { break }
                position += length
                continue
            default:
                if Self.isSpace(Unicode.Scalar(byte)) { break }
                position += 1
                continue
            }
            break
        }
        return text(start..<position)
    }

    /// The message's bytes in `range` as a string (a short one is a small string, with no allocation). A range
    /// begins and ends at a scalar's boundary: at an ASCII byte or the message's ends.
    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The scalar that starts at byte `index`, and its length in bytes. The bytes are a `String`'s, valid UTF-8.
    private func scalar(at index: Int) -> (value: Unicode.Scalar, length: Int) {
        let lead = bytes[index]
        guard lead >= 0x80 else { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (0x7F >> length)
        for next in bytes[(index + 1)..<min(index + length, bytes.count)] { value = value << 6 | UInt32(next & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            let (scalar, length) = scalar(at: position)
            guard Self.isSpace(scalar) else { return }
            position += length
        }
    }

    /// White space or pattern white space, as ICU's `PatternProps` and Unicode's `White_Space` have it; ASCII
    /// without a property lookup (which was half of parsing a long message).
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return scalar.properties.isWhitespace || scalar.properties.isPatternWhitespace }
        return scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)
    }

    /// Whether the bytes at the position are `literal`'s (ASCII).
    private func matches(_ literal: String) -> Bool {
        var index = position
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// The byte offset `count` scalars after byte `start`.
    private func offset(scalars count: Int, after start: Int) -> Int {
        var index = start
        for _ in 0..<max(count, 0) where index < bytes.count { index += scalar(at: index).length }
        return index
    }

    /// The number of scalars before byte `offset`, at most the message's length.
    private func scalarOffset(_ offset: Int) -> Int {
        guard !scalarsBefore.isEmpty else { return offset }
        let block = offset / 64
        var count = scalarsBefore[block]
        for byte in bytes[(block * 64)..<offset] where !UTF8.isContinuation(byte) { count += 1 }
        return count
    }

    private func location(of offset: Int) -> SourceLocation {
        let clamped = min(offset, bytes.count)
        // The number of line starts at or before `clamped`: the lines before the one it is on.
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if lineStarts[middle] <= clamped { low = middle + 1 } else { high = middle }
        }
        let lineStart = low == 0 ? 0 : lineStarts[low - 1]
        // Past the end (an unclosed quote's), one scalar a byte.
        let scalars = scalarOffset(clamped)
        return SourceLocation(
            offset: scalars + (offset - clamped), line: low + 1, column: scalars - scalarOffset(lineStart) + 1)
    }

    private func error(_ kind: MessageParseError.Kind, at offset: Int) -> MessageParseError {
        MessageParseError(kind: kind, location: location(of: offset))
    }
}

extension String {
    /// The string without leading and trailing white space, without Foundation.
    package func trimmingSpaces() -> String {
        var result = Substring(self)
        while let first = result.first, first.isWhitespace { result.removeFirst() }
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return String(result)
    }
}
