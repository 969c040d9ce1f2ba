import I18nCore
/// One piece of a formatted MessageFormat 2 message, as `MF2Formatter.formatToParts` returns them: what a UI that
/// styles placeholders or renders markup needs (spec/formatting.md, "Formatting of the Selected Pattern").
package enum MF2Part: Hashable, Sendable {
    /// Text of the pattern, escapes resolved.
    case text(String)
    /// U+2066, U+2067, U+2068 (before a placeholder) or U+2069 (after it), from the default bidi strategy.
    case bidiIsolation(Unicode.Scalar)
    /// `{#b}`, `{#br/}` or `{/b}`: nothing in a string, an element in parts.
    case markup(Markup)
    /// A placeholder that could not be formatted; `source` is what a string shows in braces (`$x`, `|42|`,
    /// `:fn`).
    case fallback(source: String)
    /// A formatted placeholder.
    case value(Value)

    /// An open, standalone or close markup placeholder with its resolved options.
    package struct Markup: Hashable, Sendable {
        /// Which of the three forms the markup has.
        package enum Kind: String, Hashable, Sendable {
            /// `{#b}`
            case open
            /// `{#br/}`
            case standalone
            /// `{/b}`
            case close
        }
        package var kind: Kind
        /// The identifier, with its namespace (`ns:tag`).
        package var name: String
        /// The options as text, `u:` options left out.
        package var options: [String: String]
        /// The `u:id` option.
        package var id: String?

        /// A markup part, as a caller builds one to compare.
        /// - Parameters:
        ///   - kind: open, standalone or close.
        ///   - name: the identifier, with its namespace.
        ///   - options: the options as text; none by default.
        ///   - id: the `u:id` option; none by default.
        package init(kind: Kind, name: String, options: [String: String] = [:], id: String? = nil) {
            self.kind = kind
            self.name = name
            self.options = options
            self.id = id
        }
    }

    /// A formatted value: its type (`string`, `number`, `datetime`), text, and for numbers the text's pieces.
    package struct Value: Hashable, Sendable {
        /// `string`, `number` or `datetime`.
        package var type: String
        /// The formatted text.
        package var value: String
        /// A number's pieces (`integer`, `group`, `decimal`, `fraction`, `minusSign`, `plusSign`, `percentSign`,
        /// `currency`, `literal`); empty for other types.
        package var pieces: [Piece]
        /// The locale the value was formatted in (`en-US`).
        package var locale: String
        /// `ltr` or `rtl` when `u:dir` sets it; the direction the bidi strategy used is in the isolation parts.
        package var direction: String?
        /// The `u:id` option.
        package var id: String?
    }

    /// A piece of a formatted number.
    package struct Piece: Hashable, Sendable {
        /// What the piece is: `integer`, `group`, `decimal`, `fraction`, `minusSign`, `plusSign`, `percentSign`,
        /// `currency` or `literal`.
        package var type: String
        /// The piece's text.
        package var value: String
    }
}

extension MF2Part {
    /// The part as the working group's test suite writes it (`expParts` of test/schemas/v0/tests.schema.json).
    package var jsonObject: [String: any Sendable] {
        switch self {
        case .text(let text): return ["type": "text", "value": text]
        case .bidiIsolation(let scalar): return ["type": "bidiIsolation", "value": String(scalar)]
        case .fallback(let source): return ["type": "fallback", "source": source]
        case .markup(let markup):
            var object: [String: any Sendable] = ["type": "markup", "kind": markup.kind.rawValue, "name": markup.name]
            if !markup.options.isEmpty { object["options"] = markup.options }
            if let id = markup.id { object["id"] = id }
            return object
        case .value(let value):
            var object: [String: any Sendable] = ["type": value.type, "value": value.value, "locale": value.locale]
            if !value.pieces.isEmpty {
                object["parts"] = value.pieces.map { ["type": $0.type, "value": $0.value] as [String: any Sendable] }
            }
            if let direction = value.direction { object["dir"] = direction }
            if let id = value.id { object["id"] = id }
            return object
        }
    }
}
