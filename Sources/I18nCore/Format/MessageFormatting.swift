import LocaleData
import WidgetI18nSupport

/// Turns a message's source text and arguments into display text.
///
/// The widget-facing contract: formatting never throws and never traps. What cannot be formatted (a missing
/// argument, a syntax error) is left visible in the output and reported in `FormattedMessage.problems`.
/// `SimpleInterpolation` implements `{name}` placeholders; ICU MessageFormat implements the full syntax
/// behind the same protocol.
public protocol MessageFormatting: Sendable {
    /// Formats `message` for `locale`. `locale` drives plural rules and number formats; it is the widget's
    /// detected locale even when the text came from a fallback locale.
    /// - Parameters:
    ///   - message: the message text in ICU MessageFormat.
    ///   - locale: the locale whose plural rules and number formats apply.
    ///   - arguments: the values of the message's arguments, by name.
    func format(_ message: String, locale: LocaleTag, arguments: MessageArguments) -> FormattedMessage
}

/// The output of formatting a message, and what went wrong on the way.
public struct FormattedMessage: Hashable, Sendable, CustomStringConvertible {
    /// The text to show.
    public var text: String
    /// Problems met while formatting; empty when the message formatted cleanly.
    public var problems: [FormatProblem]

    /// A result with the given text and problems; with no problems, a message that formatted cleanly.
    /// - Parameters:
    ///   - text: the formatted text.
    ///   - problems: what went wrong while formatting; empty by default.
    public init(text: String, problems: [FormatProblem] = []) {
        self.text = text
        self.problems = problems
    }

    public var description: String { text }
}

/// Something a formatter could not do; the output shows the placeholder instead.
public struct FormatProblem: Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public typealias Code = ErrorCode<FormatProblem>

    /// What the formatter could not do, with its details.
    package enum Kind: Hashable, Sendable {
        /// The message uses an argument the caller did not pass.
        case missingArgument(String)
        /// The message does not parse; the payload is the parser's explanation.
        case syntax(String)
        /// The argument has the wrong type for its use (text where a number is needed).
        case argumentType(name: String, expected: String)
        /// A style or skeleton this formatter does not implement; the value is formatted plainly.
        case unsupported(String)
        /// A number a skeleton with `rounding-mode-unnecessary` would have to round (ICU fails the call); the
        /// payload is the number, shown rounded half-even.
        case roundingNecessary(String)
        /// The message needs a family of locale data the build leaves out (a slice `widget-i18n data` cut without
        /// it); the payload says what is shown instead.
        case unlinkedData(LocaleDataTables.Family, shownInstead: String)
        /// A MessageFormat 2 error (module MessageFormat2's `MF2Formatter`): its message and its type as the
        /// working group's test suite names it (`bad-operand`); the output shows a fallback where it applies.
        case messageFormat2(message: String, type: String)
    }

    /// What the formatter could not do.
    package let kind: Kind

    /// A problem of the given kind.
    /// - Parameter kind: what went wrong.
    package init(_ kind: Kind) { self.kind = kind }

    /// What kind of problem it is, to compare.
    public var code: Code {
        switch kind {
        case .missingArgument: .missingArgument
        case .syntax: .syntax
        case .argumentType: .argumentType
        case .unsupported: .unsupported
        case .roundingNecessary: .roundingNecessary
        case .unlinkedData: .unlinkedData
        case .messageFormat2: .messageFormat2
        }
    }

    public var description: String {
        switch kind {
        case .missingArgument(let name): return "Missing argument '\(name)'; pass it as \(name)=VALUE"
        case .syntax(let explanation): return explanation
        case .argumentType(let name, let expected): return "Argument '\(name)' must be \(expected)"
        case .unsupported(let what): return "Unsupported \(what); formatted plainly"
        case .roundingNecessary(let number):
            return "\(number) needs rounding, which rounding-mode-unnecessary does not allow; rounded half-even"
        case .unlinkedData(let family, let instead):
            return "This build's locale data leaves out the '\(family.rawValue)' family; \(instead)"
        case .messageFormat2(let message, let type): return "\(message) (\(type))"
        }
    }
}

extension ErrorCode where Domain == FormatProblem {
    /// The message uses an argument the caller did not pass.
    public static var missingArgument: Self { Self("missingArgument") }
    /// The message does not parse.
    public static var syntax: Self { Self("syntax") }
    /// An argument has the wrong type for its use.
    public static var argumentType: Self { Self("argumentType") }
    /// A style or skeleton this formatter does not implement; the value is formatted plainly.
    public static var unsupported: Self { Self("unsupported") }
    /// A number `rounding-mode-unnecessary` would have to round; it is shown rounded half-even.
    public static var roundingNecessary: Self { Self("roundingNecessary") }
    /// The message needs a family of locale data the build leaves out.
    public static var unlinkedData: Self { Self("unlinkedData") }
    /// A MessageFormat 2 error; its description ends with its type.
    public static var messageFormat2: Self { Self("messageFormat2") }
}
