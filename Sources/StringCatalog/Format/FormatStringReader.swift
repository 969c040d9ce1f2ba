/// Splits an Apple format string into `FormatToken`s.
///
/// A specifier is `%`, an optional position (`2$`), flags (`-+ #0'`), a width, a precision (`.2`), a length
/// (`hh`, `h`, `l`, `ll`, `q`, `L`, `z`, `t`, `j`) and a conversion letter, as `String(format:)` reads them
/// (Apple's "String Format Specifiers", IEEE printf); `%#@name@` names a substitution, `%%` is a percent sign,
/// and inside a substitution's variations `%arg` is the substitution's own number (as Xcode writes it).
struct FormatStringReader {
    /// A specifier that is well formed but has no ICU MessageFormat equivalent (`%x`, `%5d`, `%s`).
    struct Unsupported: Error, Equatable {
        let specifier: String
        let reason: String
    }

    /// What reading one string found: its tokens, or the first specifier without an ICU equivalent.
    enum Result: Equatable {
        case tokens([FormatToken])
        case unsupported(Unsupported)
    }

    private let scalars: [Unicode.Scalar]
    private let inSubstitution: Bool
    private var position = 0

    private init(_ text: String, inSubstitution: Bool) {
        scalars = Array(text.unicodeScalars)
        self.inSubstitution = inSubstitution
    }

    /// The tokens of `text`.
    /// - Parameters:
    ///   - text: the format string.
    ///   - inSubstitution: whether `text` is a value inside a substitution, where `%arg` means its number.
    ///   - path: where `text` is in the catalog, for errors.
    /// - Throws: `CatalogError` for a malformed specifier: a `%` at the end, a position of 0, a position or
    ///   flags without a conversion, an unknown conversion letter, `%#@` without a name or its closing `@`.
    static func read(_ text: String, inSubstitution: Bool, at path: CatalogPath) throws(CatalogError) -> Result {
        var reader = FormatStringReader(text, inSubstitution: inSubstitution)
        return try reader.tokens(path: path)
    }

    /// Whether `text` has at least one specifier with an ICU equivalent (or a substitution): whether a key whose
    /// values look like this one is a format string at all, so that `100% sure` in a key without arguments
    /// stays text.
    static func hasArguments(_ text: String, inSubstitution: Bool) -> Bool {
        var reader = FormatStringReader(text, inSubstitution: inSubstitution)
        guard case .tokens(let tokens)? = try? reader.tokens(path: .root) else {
            // A malformed string still counts when something in it is clearly an argument.
            return text.contains("%@") || text.contains("%#@") || text.contains("%lld") || text.contains("$@")
        }
        return tokens.contains { token in
            if case .text = token { return false }
            return true
        }
    }

    private mutating func tokens(path: CatalogPath) throws(CatalogError) -> Result {
        var tokens: [FormatToken] = []
        var text = String.UnicodeScalarView()
        func flush() {
            if !text.isEmpty {
                tokens.append(.text(String(text)))
                text = String.UnicodeScalarView()
            }
        }
        while position < scalars.count {
            let scalar = scalars[position]
            guard scalar == "%" else {
                text.append(scalar)
                position += 1
                continue
            }
            let start = position
            position += 1
            if peek("%") {
                text.append("%")
                position += 1
                continue
            }
            if inSubstitution, scalars[position...].starts(with: "arg".unicodeScalars) {
                flush()
                tokens.append(.substitutedNumber)
                position += 3
                continue
            }
            flush()
            switch try specifier(from: start, path: path) {
            case .success(let token): tokens.append(token)
            case .failure(let unsupported): return .unsupported(unsupported)
            }
        }
        flush()
        return .tokens(tokens)
    }

    /// One specifier after its `%`.
    private mutating func specifier(from start: Int, path: CatalogPath) throws(CatalogError)
        -> Swift.Result<FormatToken, Unsupported>
    {
        func malformed(_ what: String) -> CatalogError {
            let shown = String(String.UnicodeScalarView(scalars[start..<min(position, scalars.count)]))
            return path.error("malformed format specifier '\(shown)' at character \(start + 1): \(what)")
        }
        var argumentPosition: Int?
        let digitsStart = position
        let number = digits()
        if let number, peek("$") {
            position += 1
            guard number > 0 else { throw malformed("positions start at 1") }
            argumentPosition = number
        } else {
            position = digitsStart
        }
        if peek("#"), position + 1 < scalars.count, scalars[position + 1] == "@" {
            position += 2
            let nameStart = position
            while position < scalars.count, scalars[position] != "@" {
                let scalar = scalars[position]
                guard scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else {
                    position += 1
                    throw malformed("a substitution name is letters, digits and '_', closed by '@'")
                }
                position += 1
            }
            guard position < scalars.count else { throw malformed("'%#@' needs a name and a closing '@'") }
            let name = String(String.UnicodeScalarView(scalars[nameStart..<position]))
            position += 1
            guard !name.isEmpty else { throw malformed("'%#@' needs a name before its closing '@'") }
            return .success(.substitution(position: argumentPosition, name: name))
        }
        var flags = ""
        while let scalar = current, "-+ #0'".unicodeScalars.contains(scalar) {
            flags.unicodeScalars.append(scalar)
            position += 1
        }
        let width = digits()
        var precision: Int?
        if peek(".") {
            position += 1
            precision = digits() ?? 0
        }
        var length = ""
        while let scalar = current, "hlqLztj".unicodeScalars.contains(scalar) {
            length.unicodeScalars.append(scalar)
            position += 1
        }
        guard let conversion = current else { throw malformed("a specifier needs a conversion such as @, d or f") }
        position += 1
        let written = String(String.UnicodeScalarView(scalars[start..<position]))
        guard ["", "hh", "h", "l", "ll", "q", "L", "z", "t", "j"].contains(length) else {
            throw malformed("'\(length)' is not a length modifier")
        }
        let unsupported = { (reason: String) in Unsupported(specifier: written, reason: reason) }
        switch conversion {
        case "@", "d", "i", "u", "D", "U", "f", "F":
            if !flags.isEmpty || width != nil {
                return .failure(unsupported("flags and widths have no ICU MessageFormat equivalent"))
            }
            switch conversion {
            case "@":
                guard length.isEmpty, precision == nil else { return .failure(unsupported("%@ takes no length")) }
                return .success(.argument(position: argumentPosition, .object))
            case "f", "F":
                // A skeleton's `.000…` holds at most 20 fraction digits (`NumberSkeleton`), as far as a double has
                // meaningful ones; a larger precision would be a message as long as its number.
                if let precision, precision > Self.maximumPrecision {
                    return .failure(
                        unsupported("a precision above \(Self.maximumPrecision) digits has no ICU skeleton equivalent"))
                }
                return .success(.argument(position: argumentPosition, .double(precision: precision)))
            default:
                guard precision == nil else { return .failure(unsupported("a whole number takes no precision")) }
                return .success(.argument(position: argumentPosition, .integer))
            }
        case "x", "X", "o", "O", "e", "E", "g", "G", "a", "A", "c", "C", "s", "S", "p":
            return .failure(unsupported("'%\(conversion)' has no ICU MessageFormat equivalent"))
        case "n":
            throw malformed("'%n' writes to memory and is never a catalog specifier")
        default:
            throw malformed("'\(conversion)' is not a conversion")
        }
    }

    /// The most fraction digits a `%.Nf` may ask for: what a number skeleton (`.00…`) holds.
    static let maximumPrecision = 20

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func peek(_ scalar: Unicode.Scalar) -> Bool { current == scalar }

    /// A run of decimal digits as a number, or `nil` when there is none.
    private mutating func digits() -> Int? {
        var value: Int?
        while let scalar = current, ("0"..."9").contains(scalar), (value ?? 0) < 1_000_000 {
            value = (value ?? 0) * 10 + Int(scalar.value - 48)
            position += 1
        }
        return value
    }
}
