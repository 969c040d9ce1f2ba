import Foundation

/// ICU MessageFormat, as better-i18n, next-intl and formatjs use it: arguments, `number`, `date` and `time`,
/// `plural` (with `offset:`, `=N` and `#`), `selectordinal`, `select`, apostrophe quoting and rich-text tags,
/// with CLDR plural rules for every locale.
///
/// `format` is the widget-facing API: it never throws and never traps. A missing argument stays visible as
/// `{name}`, a message that does not parse is shown as written, and each problem is reported in
/// `FormattedMessage.problems`. `formatStrictly` throws instead. Parsed messages are cached process-wide.
///
///     let formatter = ICUMessageFormatter()
///     formatter.format("{count, plural, one {# day} other {# days}} since {event}",
///                      locale: try LocaleTag("ru"), arguments: ["count": 3, "event": "старта"]).text
public struct ICUMessageFormatter: MessageFormatting {
    /// The time zone of `date` and `time` arguments; the system's at formatting time when `nil` (looked up
    /// only when a message has a date, which keeps a widget's first render cheap).
    public var timeZone: TimeZone?

    public init(timeZone: TimeZone? = nil) {
        self.timeZone = timeZone
    }

    public func format(_ message: String, locale: LocaleTag, arguments: MessageArguments) -> FormattedMessage {
        format(message, locale: locale, arguments: arguments, renderTag: nil)
    }

    /// Formats `message`, handing each rich-text tag's name and formatted content to `renderTag` (plain text
    /// keeps the content and drops the tag).
    public func format(
        _ message: String, locale: LocaleTag, arguments: MessageArguments,
        renderTag: ((_ name: String, _ content: String) -> String)?
    ) -> FormattedMessage {
        // A message without syntax characters is its own output: no parse, no cache lookup.
        if !message.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "<") }) {
            return FormattedMessage(text: message)
        }
        switch MessageCache.shared.parse(message) {
        case .error(let error):
            return FormattedMessage(text: message, problems: [FormatProblem(.syntax(error.description))])
        case .elements(let elements):
            var renderer = Renderer(locale: locale, arguments: arguments, timeZone: timeZone, renderTag: renderTag)
            renderer.output.reserveCapacity(message.utf8.count + 16)
            renderer.render(elements, plural: nil)
            return FormattedMessage(text: renderer.output, problems: renderer.problems)
        }
    }

    /// Formats `message` or throws at the first problem: a parse error, a missing or mistyped argument.
    public func formatStrictly(_ message: String, locale: LocaleTag, arguments: MessageArguments) throws(MessageFormatError) -> String {
        switch MessageCache.shared.parse(message) {
        case .error(let error): throw .parse(error)
        case .elements(let elements):
            var renderer = Renderer(locale: locale, arguments: arguments, timeZone: timeZone, renderTag: nil)
            renderer.render(elements, plural: nil)
            if let problem = renderer.problems.first { throw .format(problem) }
            return renderer.output
        }
    }

    /// The parsed form of `message`, from the process-wide cache.
    public static func parse(_ message: String) -> Result<[MessageElement], MessageParseError> {
        MessageCache.shared.parse(message).result
    }
}

/// Why `formatStrictly` failed.
public enum MessageFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    case parse(MessageParseError)
    case format(FormatProblem)

    public var description: String {
        switch self {
        case .parse(let error): return error.description
        case .format(let problem): return problem.description
        }
    }
}

/// Walks the syntax tree once, appending to `output`.
private struct Renderer {
    let locale: LocaleTag
    let arguments: MessageArguments
    let timeZone: TimeZone?
    let renderTag: ((String, String) -> String)?
    var output = ""
    var problems: [FormatProblem] = []
    private var cachedProfile: LocaleProfile?

    private mutating func profile() -> LocaleProfile {
        if let cachedProfile { return cachedProfile }
        let profile = LocaleProfile.profile(for: locale)
        cachedProfile = profile
        return profile
    }

    init(locale: LocaleTag, arguments: MessageArguments, timeZone: TimeZone?, renderTag: ((String, String) -> String)?) {
        self.locale = locale
        self.arguments = arguments
        self.timeZone = timeZone
        self.renderTag = renderTag
    }

    /// `plural` is the innermost plural's number after its offset, for `#`.
    mutating func render(_ elements: [MessageElement], plural: MessageNumber?) {
        for element in elements {
            switch element {
            case .literal(let text):
                output += text
            case .argument(let name, _):
                guard let value = argument(name) else { continue }
                switch value {
                case .string(let text): output += text
                case .number(let number): output += LocaleFormatters.shared.format(number, style: .decimal, locale: locale).0
                case .date(let date):
                    output += LocaleFormatters.shared.format(date, isTime: false, style: .medium, locale: locale, timeZone: timeZone ?? .current)
                }
            case .number(let name, let style, _):
                guard let value = argument(name) else { continue }
                guard let number = self.number(value, name: name) else { continue }
                let (text, found) = LocaleFormatters.shared.format(number, style: style, locale: locale)
                output += text
                problems += found
            case .dateTime(let name, let isTime, let style, _):
                guard let value = argument(name) else { continue }
                guard let date = self.date(value, name: name) else { continue }
                output += LocaleFormatters.shared.format(date, isTime: isTime, style: style, locale: locale, timeZone: timeZone ?? .current)
            case .plural(let element):
                renderPlural(element)
            case .select(let element):
                guard let value = argument(element.name) else { continue }
                let key: String
                switch value {
                case .string(let text): key = text
                case .number(let number): key = number.text
                case .date: key = "other"
                }
                let chosen = element.cases.first { $0.key == key } ?? element.cases.first { $0.key == "other" }!
                render(chosen.message, plural: plural)
            case .pound:
                if let plural {
                    output += profile().fastPound(plural) ?? LocaleFormatters.shared.formatPound(plural, locale: locale)
                } else {
                    output += "#"
                }
            case .tag(let name, let children, _):
                guard let renderTag else {
                    render(children, plural: plural)
                    continue
                }
                var inner = Renderer(locale: locale, arguments: arguments, timeZone: timeZone, renderTag: renderTag)
                inner.render(children, plural: plural)
                problems += inner.problems
                output += renderTag(name, inner.output)
            }
        }
    }

    private mutating func renderPlural(_ element: PluralElement) {
        guard let value = argument(element.name) else { return }
        guard let number = number(value, name: element.name) else { return }
        let shifted = element.offset == 0 ? number : Self.subtract(element.offset, from: number)
        var chosen: [MessageElement]?
        for (selector, message) in element.cases {
            if case .exact(let exact) = selector, exact.value == number.value {
                chosen = message
                break
            }
        }
        if chosen == nil {
            let profile = profile()
            let category = (element.isOrdinal ? profile.ordinal : profile.cardinal)(PluralOperands(shifted))
            chosen = element.cases.first { $0.selector == .category(category) }?.message
                ?? element.cases.first { $0.selector == .category(.other) }!.message
        }
        render(chosen!, plural: shifted)
    }

    /// The argument, or `nil` after writing `{name}` and reporting it missing.
    private mutating func argument(_ name: String) -> MessageArgument? {
        if let value = arguments[name] { return value }
        output += "{\(name)}"
        problems.append(FormatProblem(.missingArgument(name)))
        return nil
    }

    private mutating func number(_ value: MessageArgument, name: String) -> MessageNumber? {
        switch value {
        case .number(let number): return number
        case .string(let text):
            if let number = MessageNumber(text) { return number }
        case .date(let date):
            return MessageNumber(date.timeIntervalSince1970 * 1000)
        }
        output += "{\(name)}"
        problems.append(FormatProblem(.argumentType(name: name, expected: "a number")))
        return nil
    }

    private mutating func date(_ value: MessageArgument, name: String) -> Date? {
        switch value {
        case .date(let date): return date
        case .number(let number): return Date(timeIntervalSince1970: number.value / 1000)
        case .string(let text):
            if let date = try? Date(text, strategy: .iso8601) { return date }
            if let number = MessageNumber(text) { return Date(timeIntervalSince1970: number.value / 1000) }
        }
        output += "{\(name)}"
        problems.append(FormatProblem(.argumentType(name: name, expected: "a date (ISO 8601 or milliseconds since 1970)")))
        return nil
    }

    /// `number − offset`, keeping the number's visible fraction digits.
    private static func subtract(_ offset: Int, from number: MessageNumber) -> MessageNumber {
        let fractionDigits = number.text.split(separator: ".").dropFirst().first?.count ?? 0
        let value = number.value - Double(offset)
        if fractionDigits == 0 { return MessageNumber(value) }
        return MessageNumber(String(format: "%.\(fractionDigits)f", value)) ?? MessageNumber(value)
    }
}
