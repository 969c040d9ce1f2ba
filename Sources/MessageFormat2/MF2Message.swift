import I18nCore
/// A Unicode MessageFormat 2 message as its data model defines it (`spec/data-model/` of unicode-org/message-format-wg,
/// LDML 48): declarations, then one pattern or a matcher. `MF2Parser` makes one from the syntax; names and literal
/// values are stored without their escapes and bidi marks.
package struct MF2Message: Sendable {
    /// `.input {$x …}` and `.local $x = {…}`, in source order.
    package var declarations: [Declaration]
    /// The pattern, or the selectors and variants of a `.match`.
    package var body: Body

    package enum Body: Sendable {
        case pattern(MF2Pattern)
        /// `.match $a $b` and its variants, in source order.
        case matcher(selectors: [String], variants: [Variant])
    }

    package struct Declaration: Sendable {
        /// `true` for `.input`, whose expression's operand is the variable itself.
        package var isInput: Bool
        package var name: String
        package var expression: MF2Expression
    }

    package struct Variant: Sendable {
        package var keys: [Key]
        package var pattern: MF2Pattern
    }

    package enum Key: Hashable, Sendable {
        /// A literal key, quoted or not (`|*|` is a literal, not the catch-all).
        case literal(String)
        /// `*`
        case catchAll
    }
}

/// A sequence of text and placeholders.
package typealias MF2Pattern = [MF2PatternPart]

package enum MF2PatternPart: Sendable {
    case text(String)
    case expression(MF2Expression)
    case markup(MF2Markup)
}

/// A literal or a variable: an expression's operand, or an option's value.
package enum MF2Operand: Sendable {
    case literal(String)
    case variable(String)
}

/// `{operand :function options @attributes}`, any part but one of operand and function optional.
package struct MF2Expression: Sendable {
    package var operand: MF2Operand?
    package var function: MF2Function?
    /// Attributes never change the output (spec/formatting.md); they are kept for tools.
    package var attributes: [MF2Attribute] = []
}

package struct MF2Function: Sendable {
    /// The identifier with its namespace: `number`, `test:select`.
    package var name: String
    package var options: [MF2Option]
}

package struct MF2Option: Sendable {
    package var name: String
    package var value: MF2Operand
}

package struct MF2Attribute: Sendable {
    package var name: String
    package var value: String?
}

/// `{#name …}`, `{#name …/}` or `{/name …}`.
package struct MF2Markup: Sendable {
    package enum Kind: String, Hashable, Sendable { case open, standalone, close }
    package var kind: Kind
    package var name: String
    package var options: [MF2Option]
    package var attributes: [MF2Attribute]
}

extension MF2Expression {
    /// The variables the expression reads: its operand's and its options'.
    var variables: [String] {
        var names: [String] = []
        if case .variable(let name)? = operand { names.append(name) }
        for option in function?.options ?? [] {
            if case .variable(let name) = option.value { names.append(name) }
        }
        return names
    }
}

extension MF2Message {
    /// The arguments the message reads, in order of first use: every variable that no `.local` declares.
    package var argumentNames: [String] {
        var locals = Set<String>()
        var names: [String] = []
        var seen = Set<String>()
        func read(_ name: String) {
            if !locals.contains(name) && seen.insert(name).inserted { names.append(name) }
        }
        func read(_ pattern: MF2Pattern) {
            for part in pattern {
                switch part {
                case .text: break
                case .expression(let expression): expression.variables.forEach(read)
                case .markup(let markup):
                    for option in markup.options { if case .variable(let name) = option.value { read(name) } }
                }
            }
        }
        for declaration in declarations {
            declaration.expression.variables.forEach(read)
            if !declaration.isInput { locals.insert(declaration.name) }
        }
        switch body {
        case .pattern(let pattern): read(pattern)
        case .matcher(let selectors, let variants):
            selectors.forEach(read)
            for variant in variants { read(variant.pattern) }
        }
        return names
    }
}
