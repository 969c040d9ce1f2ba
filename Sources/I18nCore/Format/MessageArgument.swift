import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A value passed to a message: text, a number, or a date.
///
/// Numbers keep their decimal spelling (`1` and `1.0` are different numbers to CLDR's plural rules), so a
/// number that arrives as text (a CLI argument, a JSON value) is parsed with `MessageNumber(_:)`.
public enum MessageArgument: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, CustomStringConvertible
{
    /// Text, inserted as it is.
    case string(String)
    /// A number, which plural rules and number formats use with its decimal spelling.
    case number(MessageNumber)
    /// A moment in time, for `date` and `time` placeholders.
    case date(Date)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(MessageNumber(value)) }
    public init(floatLiteral value: Double) { self = .number(MessageNumber(value)) }

    /// A number when `text` is a decimal number (`3`, `-2.50`, `1e3`), otherwise text.
    /// - Parameter text: the argument's value as text.
    public init(inferringFrom text: String) {
        self = MessageNumber(text).map(MessageArgument.number) ?? .string(text)
    }

    /// The plain rendering used where no format is specified.
    public var description: String {
        switch self {
        case .string(let text): return text
        case .number(let number): return number.text
        case .date(let date):
            // Foundation's ISO 8601 style is only asked for dates a message can format.
            guard DateFormats.formattableRange.contains(date.timeIntervalSince1970) else {
                return MessageNumber(date.timeIntervalSince1970 * 1000).text
            }
            return date.formatted(.iso8601)
        }
    }
}

/// The arguments of one message, by name.
public typealias MessageArguments = [String: MessageArgument]
