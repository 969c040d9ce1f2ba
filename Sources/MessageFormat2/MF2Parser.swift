import I18nCore
/// The MessageFormat 2 syntax (`spec/message.abnf` of unicode-org/message-format-wg at LDML 48) read into an
/// `MF2Message`, and the message checked for the data model errors of `spec/errors.md`.
///
/// The grammar has no nesting below a pattern (a placeholder holds no pattern), so the parser is a loop over the
/// scalars, without recursion; its work and memory are linear in the message's length, whatever the message, and so
/// are the data model checks (sets and one pass over the declarations).
///
///     let message = try MF2Parser.parse(".input {$n :number} .match $n one {{{$n} day}} * {{{$n} days}}")
package enum MF2Parser {
    /// Parses `source` and checks its data model.
    /// - Throws: the first syntax error, with its offset, or the first data model error.
    package static func parse(_ source: String) throws(MF2Error) -> MF2Message {
        var parser = Parser(scalars: Array(source.unicodeScalars))
        let message = try parser.parseMessage()
        try validate(message)
        return message
    }

    // MARK: Data model errors

    /// The checks of spec/errors.md's "Data Model Errors", in one pass each.
    static func validate(_ message: MF2Message) throws(MF2Error) {
        // A variable may not be declared twice, nor after an earlier declaration read it (it was then an input).
        var seen = Set<String>()
        // Whether each declared variable has a function, directly or through the `.local`s it names: worked out
        // as each is declared (a declaration names only earlier ones), so a selector's check is one lookup.
        var annotated: [String: Bool] = [:]
        for declaration in message.declarations {
            try checkOptionNames(declaration.expression.function?.options ?? [])
            let reads = declaration.expression.variables.filter { $0 != declaration.name || !declaration.isInput }
            // A `.local`'s own expression reads before it declares: `.local $x = {$x}` is a duplicate.
            if !declaration.isInput { seen.formUnion(reads) }
            guard !seen.contains(declaration.name) else {
                throw MF2Error(
                    .duplicateDeclaration,
                    annotated[declaration.name] != nil
                        ? "Variable '$\(declaration.name)' is declared twice"
                        : "Variable '$\(declaration.name)' is declared after a declaration before it used it")
            }
            seen.formUnion(reads)
            seen.insert(declaration.name)
            let expression = declaration.expression
            if expression.function != nil {
                annotated[declaration.name] = true
            } else if !declaration.isInput, case .variable(let name)? = expression.operand {
                annotated[declaration.name] = annotated[name] ?? false
            } else {
                annotated[declaration.name] = false
            }
        }
        switch message.body {
        case .pattern(let pattern):
            try checkPattern(pattern)
        case .matcher(let selectors, let variants):
            for selector in selectors where annotated[selector] != true {
                throw MF2Error(
                    .missingSelectorAnnotation,
                    "Selector '$\(selector)' needs a function, such as '.input {$\(selector) :number}'")
            }
            var keySets = Set<[MF2Message.Key]>()
            var hasFallback = false
            for variant in variants {
                guard variant.keys.count == selectors.count else {
                    throw MF2Error(
                        .variantKeyMismatch,
                        "The variant '\(keyText(variant.keys))' has \(variant.keys.count) key\(variant.keys.count == 1 ? "" : "s") "
                            + "for \(selectors.count) selector\(selectors.count == 1 ? "" : "s")")
                }
                guard keySets.insert(variant.keys).inserted else {
                    throw MF2Error(.duplicateVariant, "Two variants have the keys '\(keyText(variant.keys))'")
                }
                if variant.keys.allSatisfy({ $0 == .catchAll }) { hasFallback = true }
                try checkPattern(variant.pattern)
            }
            guard hasFallback else {
                throw MF2Error(
                    .missingFallbackVariant,
                    "No variant has only '*' keys: add '\(Array(repeating: "*", count: selectors.count).joined(separator: " ")) {{…}}'"
                )
            }
        }
    }

    private static func checkPattern(_ pattern: MF2Pattern) throws(MF2Error) {
        for part in pattern {
            switch part {
            case .text: break
            case .expression(let expression): try checkOptionNames(expression.function?.options ?? [])
            case .markup(let markup): try checkOptionNames(markup.options)
            }
        }
    }

    private static func checkOptionNames(_ options: [MF2Option]) throws(MF2Error) {
        guard options.count > 1 else { return }
        var names = Set<String>()
        for option in options where !names.insert(option.name).inserted {
            throw MF2Error(.duplicateOptionName, "Option '\(option.name)' is given twice")
        }
    }

    /// Whether `text` is a `name` of the grammar, bidi marks aside: what a variable or an unquoted key may be.
    package static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, Parser.isNameStart(first) else { return false }
        return text.unicodeScalars.allSatisfy(Parser.isNameChar)
    }

    /// `name-char`: what an unquoted literal is made of.
    package static func isNameChar(_ scalar: Unicode.Scalar) -> Bool { Parser.isNameChar(scalar) }

    private static func keyText(_ keys: [MF2Message.Key]) -> String {
        keys.map {
            switch $0 {
            case .catchAll: "*"
            case .literal(let value): value
            }
        }.joined(separator: " ")
    }
}

// MARK: - The grammar

private struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }
    var atEnd: Bool { index >= scalars.count }

    func error(_ message: String) -> MF2Error { MF2Error(.syntaxError, message, offset: index) }

    func unexpected(_ expected: String) -> MF2Error {
        guard let peek else { return error("Expected \(expected), found the end of the message") }
        return error("Expected \(expected), found '\(Character(peek).debugDescription.dropFirst().dropLast())'")
    }

    mutating func expect(_ scalar: Unicode.Scalar, _ what: String) throws(MF2Error) {
        guard peek == scalar else { throw unexpected(what) }
        index += 1
    }

    // MARK: Message

    mutating func parseMessage() throws(MF2Error) -> MF2Message {
        skipSpace()
        let isComplex = peek == "." || (peek == "{" && peek(1) == "{")
        guard isComplex else {
            // A simple message's leading whitespace is part of its pattern (spec/syntax.md, "Simple Messages").
            index = 0
            return MF2Message(declarations: [], body: .pattern(try parsePattern(quoted: false)))
        }
        var declarations: [MF2Message.Declaration] = []
        while true {
            skipSpace()
            if peek == "{" {
                guard peek(1) == "{" else { throw unexpected("'{{' or a declaration") }
                index += 2
                let pattern = try parsePattern(quoted: true)
                try finish()
                return MF2Message(declarations: declarations, body: .pattern(pattern))
            }
            guard peek == "." else { throw unexpected("'{{' or a declaration") }
            if keyword("input") {
                skipSpace()
                let expression = try parseExpression()
                guard case .variable(let name)? = expression.operand else {
                    throw error("'.input' takes a variable expression, such as '{$name :string}'")
                }
                declarations.append(MF2Message.Declaration(isInput: true, name: name, expression: expression))
            } else if keyword("local") {
                guard skipSpace() else { throw unexpected("a space after '.local'") }
                try expect("$", "'$' and a variable name")
                let name = try parseName()
                skipSpace()
                try expect("=", "'='")
                skipSpace()
                let expression = try parseExpression()
                declarations.append(MF2Message.Declaration(isInput: false, name: name, expression: expression))
            } else if keyword("match") {
                let body = try parseMatcher()
                try finish()
                return MF2Message(declarations: declarations, body: body)
            } else {
                let word = scalars[index...].prefix { $0 == "." || Self.isNameChar($0) }
                throw error(
                    "Unknown keyword '\(String(String.UnicodeScalarView(word)))'; use '.input', '.local' or '.match'")
            }
        }
    }

    /// Consumes `.name` when it is there, exactly (keywords are case-sensitive).
    mutating func keyword(_ name: String) -> Bool {
        let word = Array(name.unicodeScalars)
        guard index + word.count < scalars.count else { return false }
        for (offset, scalar) in word.enumerated() where scalars[index + 1 + offset] != scalar { return false }
        index += word.count + 1
        return true
    }

    mutating func finish() throws(MF2Error) {
        skipSpace()
        guard atEnd else { throw error("Unexpected text after the end of the message") }
    }

    mutating func parseMatcher() throws(MF2Error) -> MF2Message.Body {
        var selectors: [String] = []
        var spaced = false
        while true {
            spaced = skipSpace()
            guard peek == "$" else { break }
            guard spaced else { throw unexpected("a space before the selector") }
            index += 1
            selectors.append(try parseName())
        }
        guard !selectors.isEmpty else { throw unexpected("a selector, such as '$count'") }
        guard spaced else { throw unexpected("a space before the first variant") }
        var variants: [MF2Message.Variant] = []
        repeat {
            var keys = [try parseKey()]
            while true {
                let spaced = skipSpace()
                if peek == "{", peek(1) == "{" { break }
                guard spaced, peek.map(Self.startsKey) == true else { throw unexpected("a key or '{{'") }
                keys.append(try parseKey())
            }
            index += 2
            variants.append(MF2Message.Variant(keys: keys, pattern: try parsePattern(quoted: true)))
            skipSpace()
        } while peek.map(Self.startsKey) == true
        return .matcher(selectors: selectors, variants: variants)
    }

    static func startsKey(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "*" || scalar == "|" || isNameChar(scalar)
    }

    mutating func parseKey() throws(MF2Error) -> MF2Message.Key {
        if peek == "*" {
            index += 1
            return .catchAll
        }
        return .literal(try parseLiteral())
    }

    // MARK: Patterns

    /// Text and placeholders up to the end (`quoted: false`) or up to `}}`.
    mutating func parsePattern(quoted: Bool) throws(MF2Error) -> MF2Pattern {
        var parts: MF2Pattern = []
        var text = String.UnicodeScalarView()
        func flush() {
            if !text.isEmpty { parts.append(.text(String(text))) }
            text = String.UnicodeScalarView()
        }
        while let scalar = peek {
            switch scalar {
            case "\\":
                guard let escaped = peek(1), escaped == "\\" || escaped == "{" || escaped == "|" || escaped == "}"
                else {
                    throw error("A backslash escapes only '\\', '{', '|' or '}'; write '\\\\' for a backslash")
                }
                text.append(escaped)
                index += 2
            case "{":
                flush()
                parts.append(try parsePlaceholder())
            case "}":
                guard quoted, peek(1) == "}" else {
                    throw error(
                        quoted
                            ? "Missing '}}' at the end of the pattern, or write '\\}'"
                            : "Unescaped '}' in text; write '\\}'")
                }
                index += 2
                flush()
                return parts
            case "\u{0}":
                throw error("NUL is not allowed in a message")
            default:
                text.append(scalar)
                index += 1
            }
        }
        guard !quoted else { throw error("Missing '}}' at the end of the pattern") }
        flush()
        return parts
    }

    mutating func parsePlaceholder() throws(MF2Error) -> MF2PatternPart {
        let start = index
        index += 1
        skipSpace()
        if peek == "#" || peek == "/" { return .markup(try parseMarkup()) }
        index = start
        return .expression(try parseExpression())
    }

    // MARK: Expressions

    mutating func parseExpression() throws(MF2Error) -> MF2Expression {
        try expect("{", "'{'")
        skipSpace()
        var expression = MF2Expression(operand: nil, function: nil)
        var spaced = false
        switch peek {
        case "$":
            index += 1
            expression.operand = .variable(try parseName())
            spaced = skipSpace()
        case ":":
            spaced = true
        case .some(let scalar) where scalar == "|" || Self.isNameChar(scalar):
            expression.operand = .literal(try parseLiteral())
            spaced = skipSpace()
        default:
            throw unexpected("a variable, a literal or a function")
        }
        if peek == ":" {
            guard spaced else { throw unexpected("a space before the function") }
            index += 1
            let name = try parseIdentifier()
            var function = MF2Function(name: name, options: [])
            spaced = skipSpace()
            while let scalar = peek, Self.isNameStart(scalar) {
                guard spaced else { throw unexpected("a space before the option") }
                function.options.append(try parseOption())
                spaced = skipSpace()
            }
            expression.function = function
        }
        expression.attributes = try parseAttributes(spaced: &spaced)
        try expect("}", "'}'")
        return expression
    }

    mutating func parseMarkup() throws(MF2Error) -> MF2Markup {
        let isClose = peek == "/"
        index += 1
        var markup = MF2Markup(kind: isClose ? .close : .open, name: try parseIdentifier(), options: [], attributes: [])
        var spaced = skipSpace()
        while let scalar = peek, Self.isNameStart(scalar) {
            guard spaced else { throw unexpected("a space before the option") }
            markup.options.append(try parseOption())
            spaced = skipSpace()
        }
        markup.attributes = try parseAttributes(spaced: &spaced)
        if !isClose, peek == "/" {
            index += 1
            markup.kind = .standalone
        }
        try expect("}", "'}'")
        return markup
    }

    /// `*(s attribute) o`: `spaced` says whether whitespace came before the current position.
    mutating func parseAttributes(spaced: inout Bool) throws(MF2Error) -> [MF2Attribute] {
        var attributes: [MF2Attribute] = []
        while peek == "@" {
            guard spaced else { throw unexpected("a space before the attribute") }
            index += 1
            var attribute = MF2Attribute(name: try parseIdentifier(), value: nil)
            spaced = skipSpace()
            if peek == "=" {
                index += 1
                skipSpace()
                guard peek == "|" || peek.map(Self.isNameChar) == true else {
                    throw unexpected("a literal value for the attribute")
                }
                attribute.value = try parseLiteral()
                spaced = skipSpace()
            }
            attributes.append(attribute)
        }
        return attributes
    }

    mutating func parseOption() throws(MF2Error) -> MF2Option {
        let name = try parseIdentifier()
        skipSpace()
        try expect("=", "'=' after the option name '\(name)'")
        skipSpace()
        if peek == "$" {
            index += 1
            return MF2Option(name: name, value: .variable(try parseName()))
        }
        guard peek == "|" || peek.map(Self.isNameChar) == true else { throw unexpected("the option's value") }
        return MF2Option(name: name, value: .literal(try parseLiteral()))
    }

    // MARK: Names and literals

    mutating func parseIdentifier() throws(MF2Error) -> String {
        let first = try parseName()
        guard peek == ":" else { return first }
        index += 1
        return first + ":" + (try parseName())
    }

    /// `[bidi] name-start *name-char [bidi]`; the marks are not part of the name.
    mutating func parseName() throws(MF2Error) -> String {
        if let scalar = peek, Self.isBidi(scalar) { index += 1 }
        guard let first = peek, Self.isNameStart(first) else { throw unexpected("a name") }
        var name = String.UnicodeScalarView()
        while let scalar = peek, Self.isNameChar(scalar) {
            name.append(scalar)
            index += 1
        }
        if let scalar = peek, Self.isBidi(scalar) { index += 1 }
        return String(name)
    }

    mutating func parseLiteral() throws(MF2Error) -> String {
        var value = String.UnicodeScalarView()
        guard peek == "|" else {
            while let scalar = peek, Self.isNameChar(scalar) {
                value.append(scalar)
                index += 1
            }
            guard !value.isEmpty else { throw unexpected("a literal") }
            return String(value)
        }
        index += 1
        while let scalar = peek {
            switch scalar {
            case "|":
                index += 1
                return String(value)
            case "\\":
                guard let escaped = peek(1), escaped == "\\" || escaped == "{" || escaped == "|" || escaped == "}"
                else { throw error("A backslash escapes only '\\', '{', '|' or '}'") }
                value.append(escaped)
                index += 2
            case "\u{0}":
                throw error("NUL is not allowed in a literal")
            default:
                value.append(scalar)
                index += 1
            }
        }
        throw error("Missing '|' at the end of the literal")
    }

    /// Skips `o` (whitespace and bidi marks); returns whether it held whitespace, which makes it an `s`.
    @discardableResult
    mutating func skipSpace() -> Bool {
        var spaced = false
        while let scalar = peek {
            if Self.isWhitespace(scalar) {
                spaced = true
            } else if !Self.isBidi(scalar) {
                break
            }
            index += 1
        }
        return spaced
    }

    // MARK: Character classes (spec/message.abnf)

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0D, 0x0A, 0x3000: true
        default: false
        }
    }

    static func isBidi(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x2066...0x2069: true
        default: false
        }
    }

    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x2B, 0x5F: true
        case 0xA1...0x61B, 0x61D...0x167F, 0x1681...0x1FFF, 0x200B...0x200D, 0x2010...0x2027, 0x2030...0x205E,
            0x2060...0x2065, 0x206A...0x2FFF, 0x3001...0xD7FF, 0xE000...0xFDCF, 0xFDF0...0xFFFD:
            true
        case 0x10000...0x10FFFD: scalar.value & 0xFFFE != 0xFFFE
        default: false
        }
    }

    static func isNameChar(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || (scalar.value >= 0x30 && scalar.value <= 0x39) || scalar == "-" || scalar == "."
    }
}
