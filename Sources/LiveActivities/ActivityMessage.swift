import I18nCore
import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A message key and its ICU MessageFormat arguments: what a Live Activity's state carries instead of display
/// text, so that a server that does not know the user's language can start or update it, and the widget
/// extension shows it in the app's language.
///
///     let status = ActivityMessage("delivery.status.onTheWay")
///     let stops = ActivityMessage("delivery.stops", ["stops": .number(3)])
///     let text = stops.text(in: translator).text  // "3 stops before yours", "3 przystanki przed Tobą"
///
/// Encoded as `{"key": …, "arguments": {…}}`, arguments omitted when there are none.
public struct ActivityMessage: Codable, Hashable, Sendable {
    /// The dotted message key, as the app's messages have it (`delivery.status.onTheWay`).
    public var key: String
    /// The message's arguments, by name.
    public var arguments: [String: ActivityArgument]

    /// The message `key` with `arguments`.
    /// - Parameters:
    ///   - key: the dotted message key.
    ///   - arguments: the values of its arguments, by name; none by default.
    public init(_ key: String, _ arguments: [String: ActivityArgument] = [:]) {
        self.key = key
        self.arguments = arguments
    }

    private enum CodingKeys: String, CodingKey {
        case key, arguments
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        arguments = try container.decodeIfPresent([String: ActivityArgument].self, forKey: .arguments) ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        if !arguments.isEmpty { try container.encode(arguments, forKey: .arguments) }
    }

    /// The arguments as the MessageFormat core takes them.
    package var messageArguments: MessageArguments {
        var result: MessageArguments = [:]
        for (name, argument) in arguments { result[name] = argument.messageArgument }
        return result
    }
}

/// One argument of an ``ActivityMessage``: a string, a number or a date, never text to show as it is unless it
/// is data (a name, an order number).
///
/// A string is a JSON string, a number a JSON number, and a date `{"date": …}` with the date encoded as the
/// encoder encodes dates: with ActivityKit's (a default `JSONEncoder`), seconds since 1 January 2001, as
/// `Date`'s own `Codable` conformance writes them.
public enum ActivityArgument: Codable, Hashable, Sendable {
    /// Text inserted as it is (a courier's name).
    case string(String)
    /// A number, for plurals and number formats.
    case number(Double)
    /// A moment, for `date` and `time` placeholders.
    case date(Date)

    private enum DateKey: String, CodingKey {
        case date
    }

    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: DateKey.self), keyed.contains(.date) {
            self = .date(try keyed.decode(Date.self, forKey: .date))
            return
        }
        let single = try decoder.singleValueContainer()
        if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else if let text = try? single.decode(String.self) {
            self = .string(text)
        } else {
            throw DecodingError.dataCorruptedError(
                in: single, debugDescription: "an activity argument is a string, a number or {\"date\": …}")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .number(let number):
            var single = encoder.singleValueContainer()
            try single.encode(number)
        case .date(let date):
            var keyed = encoder.container(keyedBy: DateKey.self)
            try keyed.encode(date, forKey: .date)
        }
    }

    /// The argument as the MessageFormat core takes it.
    package var messageArgument: MessageArgument {
        switch self {
        case .string(let text): .string(text)
        case .number(let number): .number(MessageNumber(number))
        case .date(let date): .date(date)
        }
    }
}
