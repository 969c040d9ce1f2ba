import I18nCore
import WidgetI18nSupport

/// An error MessageFormat 2 names (spec/errors.md of unicode-org/message-format-wg, LDML 48): a syntax error, a data
/// model error, or one met while resolving, selecting or formatting. Only the first two stop a message from
/// formatting; the others leave a fallback (`{$x}`) where the value would be. A custom function throws one
/// (``MF2CustomFunction``) with the code the specification gives what went wrong.
public struct MF2Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// The error's type, named as the working group's test suite names it (`syntax-error`, `bad-operand`).
    public typealias Code = ErrorCode<MF2Error>

    /// The error's type, to compare with the static members of `Code` (`.badOperand`).
    public let code: Code
    /// What went wrong, in a sentence, with the offending part quoted.
    package let message: String
    /// Where a syntax error is, in Unicode scalars from the start of the message; `nil` for the others.
    package let offset: Int?

    /// An error of type `code` saying `message`.
    /// - Parameters:
    ///   - code: its type (`.badOperand`, `.badOption`, `.badSelector`).
    ///   - message: what went wrong, in a sentence.
    ///   - offset: where a syntax error is, in Unicode scalars; `nil`, the default, for the others.
    public init(_ code: Code, _ message: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    public var description: String {
        guard let offset else { return message }
        return "\(message) at offset \(offset)"
    }

    /// Whether the message as a whole cannot be formatted: a syntax or data model error.
    package var isFatal: Bool {
        switch code {
        case .syntaxError, .variantKeyMismatch, .missingFallbackVariant, .missingSelectorAnnotation,
            .duplicateDeclaration, .duplicateOptionName, .duplicateVariant:
            true
        default: false
        }
    }
}

extension ErrorCode where Domain == MF2Error {
    /// The message does not match the syntax (`spec/message.abnf`).
    package static var syntaxError: Self { Self("syntax-error") }
    /// A variant has more or fewer keys than the matcher has selectors.
    package static var variantKeyMismatch: Self { Self("variant-key-mismatch") }
    /// No variant has only `*` keys.
    package static var missingFallbackVariant: Self { Self("missing-fallback-variant") }
    /// A selector's variable is not declared with a function, directly or through another variable.
    package static var missingSelectorAnnotation: Self { Self("missing-selector-annotation") }
    /// A variable is declared twice, or after it was used.
    package static var duplicateDeclaration: Self { Self("duplicate-declaration") }
    /// A function or markup has two options of the same name.
    package static var duplicateOptionName: Self { Self("duplicate-option-name") }
    /// Two variants have the same keys.
    package static var duplicateVariant: Self { Self("duplicate-variant") }
    /// A variable has no value: no declaration and no argument.
    package static var unresolvedVariable: Self { Self("unresolved-variable") }
    /// A function this formatter does not have.
    package static var unknownFunction: Self { Self("unknown-function") }
    /// A function's operand has the wrong type or form (`{foo :number}`).
    public static var badOperand: Self { Self("bad-operand") }
    /// An option's value is not one the function takes, or it came from a variable where only a literal may.
    public static var badOption: Self { Self("bad-option") }
    /// A selector whose value cannot select (`:currency`, a fallback).
    public static var badSelector: Self { Self("bad-selector") }
    /// A variant key the selector's function cannot compare (`:number` with the key `foo`).
    package static var badVariantKey: Self { Self("bad-variant-key") }
    /// What a function cannot do here (spec/errors.md, "Unsupported Operation"): a unit whose names this build's
    /// locale data leaves out.
    package static var unsupportedOperation: Self { Self("unsupported-operation") }
    /// A value a function can select with but not format (a custom value without `format`).
    public static var notFormattable: Self { Self("not-formattable") }
}
