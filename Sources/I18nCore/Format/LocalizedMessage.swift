import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A message to show later, in whatever language the widget renders: a key, its typed arguments, and optionally
/// a default text and a locale. What a timeline entry, a Live Activity's state and a push carry instead of display
/// text, so that a server or an app process that does not know the widget's language can say what to show, and
/// the widget's translator resolves it when it renders (`WidgetTranslator.translate(_:)`).
///
///     let greeting = LocalizedMessage("today.greeting", ["name": "Ayşe"])
///     let stops = LocalizedMessage("delivery.stops", ["stops": 3])
///     translator.translate(stops).text  // "3 stops before yours", "3 przystanki przed Tobą"
///
/// Its JSON, which a server writes into a push, is `{"key": "today.greeting", "arguments": {"name": "Ayşe"}}`,
/// with `"arguments"` left out when there are none, and two optional members: `"default"`, the text to show when
/// no locale has the key, and `"locale"`, a BCP 47 tag to resolve in instead of the widget's language. An
/// argument is a JSON string, a JSON number, `{"number": "1.50"}` (a number whose decimal text a JSON number does
/// not keep: `1.50` has two visible fraction digits to CLDR's plural rules, the JSON number `1.50` is `1.5`),
/// `{"date": …}` (the date as the coder writes dates: by default, as ActivityKit's coder does, seconds since
/// 1 January 2001), or `{"message": {…}}`, a message of its own, resolved first and inserted as text.
public struct LocalizedMessage: Codable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The dotted message key, as the app's messages have it (`delivery.status.onTheWay`).
    public var key: String
    /// The message's arguments, by name.
    public var arguments: [String: Argument]
    /// What to show when no locale has the key; the key itself when `nil`.
    public var defaultText: String?
    /// The locale to resolve in; the translator's detected locale (or the widget's language) when `nil`.
    public var locale: LocaleTag?

    /// The message `key` with `arguments`.
    /// - Parameters:
    ///   - key: the dotted message key.
    ///   - arguments: the values of its arguments, by name; none by default.
    ///   - defaultText: what to show when no locale has the key; the key itself when `nil`, the default.
    ///   - locale: the locale to resolve in; the translator's when `nil`, the default.
    public init(
        _ key: String, _ arguments: [String: Argument] = [:], defaultText: String? = nil, locale: LocaleTag? = nil
    ) {
        self.key = key
        self.arguments = arguments
        self.defaultText = defaultText
        self.locale = locale
    }

    public init(stringLiteral key: String) { self.init(key) }

    /// One argument of a message: text, a number with its decimal text, a date, or a message of its own.
    public indirect enum Argument: Codable, Hashable, Sendable, ExpressibleByStringLiteral,
        ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
    {
        /// Text inserted as it is (a courier's name): never markup, never a key.
        case string(String)
        /// A number, for plurals and number formats, with its decimal text (`1.50` is not `1.5` to a plural rule).
        case number(MessageNumber)
        /// A moment, for `date` and `time` placeholders.
        case date(Date)
        /// A message resolved by the same translator, in the same locale unless it names its own, and inserted as
        /// text: `{"key": "delivery.eta", "arguments": {"place": {"message": {"key": "places.frontDoor"}}}}`.
        case message(LocalizedMessage)

        public init(stringLiteral value: String) { self = .string(value) }
        public init(integerLiteral value: Int) { self = .number(MessageNumber(value)) }
        public init(floatLiteral value: Double) { self = .number(MessageNumber(value)) }
    }

    private enum CodingKeys: String, CodingKey {
        case key, arguments
        case defaultText = "default"
        case locale
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        guard !key.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .key, in: container, debugDescription: "a message's key is a non-empty string")
        }
        arguments = try container.decodeIfPresent([String: Argument].self, forKey: .arguments) ?? [:]
        defaultText = try container.decodeIfPresent(String.self, forKey: .defaultText)
        if let text = try container.decodeIfPresent(String.self, forKey: .locale) {
            do { locale = try LocaleTag(text) } catch {
                throw DecodingError.dataCorruptedError(
                    forKey: .locale, in: container, debugDescription: "\"locale\": \(error.description)")
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        if !arguments.isEmpty { try container.encode(arguments, forKey: .arguments) }
        try container.encodeIfPresent(defaultText, forKey: .defaultText)
        try container.encodeIfPresent(locale?.displayForm, forKey: .locale)
    }
}

extension LocalizedMessage.Argument {
    private enum TypeKey: String, CodingKey {
        case number, date, message
    }

    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: TypeKey.self), let type = keyed.allKeys.first {
            guard keyed.allKeys.count == 1 else {
                throw DecodingError.dataCorruptedError(
                    forKey: type, in: keyed,
                    debugDescription: "an argument object has one member: number, date or message")
            }
            switch type {
            case .date: self = .date(try keyed.decode(Date.self, forKey: .date))
            case .message: self = .message(try keyed.decode(LocalizedMessage.self, forKey: .message))
            case .number:
                let text = try keyed.decode(String.self, forKey: .number)
                guard let number = MessageNumber(text) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .number, in: keyed,
                        debugDescription: "\"number\" is a decimal number as text, such as \"1.50\" or \"-3\"")
                }
                self = .number(number)
            }
            return
        }
        let single = try decoder.singleValueContainer()
        // A JSON number as its digits say (Decimal keeps `0.1` and twenty digits exactly; a Double would not).
        if let decimal = try? single.decode(Decimal.self), let number = MessageNumber(decimal.description) {
            self = .number(number)
        } else if let double = try? single.decode(Double.self), double.isFinite {
            self = .number(MessageNumber(double))
        } else if let text = try? single.decode(String.self) {
            self = .string(text)
        } else {
            throw DecodingError.dataCorruptedError(
                in: single,
                debugDescription: "an argument is a string, a number, or {\"number\"}, {\"date\"} or {\"message\"}")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .number(let number):
            // A JSON number where it keeps the decimal text (`3`, `0.25`), else the text itself (`1.50`).
            if let decimal = Decimal(string: number.text), decimal.description == number.text {
                var single = encoder.singleValueContainer()
                try single.encode(decimal)
            } else {
                var keyed = encoder.container(keyedBy: TypeKey.self)
                try keyed.encode(number.text, forKey: .number)
            }
        case .date(let date):
            var keyed = encoder.container(keyedBy: TypeKey.self)
            try keyed.encode(date, forKey: .date)
        case .message(let message):
            var keyed = encoder.container(keyedBy: TypeKey.self)
            try keyed.encode(message, forKey: .message)
        }
    }
}
