import WidgetI18nSupport

/// Why `formatStrictly` failed: a ``code`` to compare, and the cause, the parser's error or the formatter's
/// problem.
package struct MessageFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is: `parse` or `format`.
    package typealias Code = ErrorCode<MessageFormatError>

    package enum Kind: Hashable, Sendable {
        case parse(MessageParseError)
        case format(FormatProblem)
    }

    package let kind: Kind

    /// The message is not valid ICU MessageFormat.
    package static func parse(_ error: MessageParseError) -> Self { Self(kind: .parse(error)) }
    /// The message parses but cannot be formatted with the given arguments, such as when one is missing.
    package static func format(_ problem: FormatProblem) -> Self { Self(kind: .format(problem)) }

    /// What kind of failure it is.
    package var code: Code {
        switch kind {
        case .parse: .parse
        case .format: .format
        }
    }

    /// The parser's error, for a message that does not parse.
    package var parseError: MessageParseError? {
        if case .parse(let error) = kind { return error }
        return nil
    }

    /// The formatter's problem, for a message that parses but cannot be formatted.
    package var formatProblem: FormatProblem? {
        if case .format(let problem) = kind { return problem }
        return nil
    }

    package var description: String {
        switch kind {
        case .parse(let error): error.description
        case .format(let problem): problem.description
        }
    }
}

extension ErrorCode where Domain == MessageFormatError {
    /// The message is not valid ICU MessageFormat (`parseError`).
    package static var parse: Self { Self("parse") }
    /// The message cannot be formatted with the arguments given (`formatProblem`).
    package static var format: Self { Self("format") }
}
