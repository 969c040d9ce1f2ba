import I18nCore
import LocaleData

/// Messages resolved late: a ``LocalizedMessage`` from an entry, a Live Activity's state or a push.
extension WidgetTranslator {
    /// `message` resolved and formatted, in its own locale when it names one, else in the translator's, with the
    /// fallbacks and its default text; a nested message argument is resolved first, in the same locale unless it
    /// names its own, and inserted as text. What the formatters met, the nested messages' included, is in
    /// `problems`.
    /// - Parameter message: the key, arguments, default text and locale to resolve.
    public func translate(_ message: LocalizedMessage) -> Translation {
        var problems: [FormatProblem] = []
        let arguments = messageArguments(message, depth: 0, problems: &problems)
        let translation = translate(
            message.key, arguments: arguments, defaultText: message.defaultText, locale: message.locale)
        guard !problems.isEmpty else { return translation }
        return Translation(
            text: translation.text, locale: translation.locale, resolution: translation.resolution,
            problems: translation.problems + problems)
    }

    /// How deep messages nest in arguments before the deeper ones show their default text or key, unresolved:
    /// a message from a push is data, and its depth is not the widget's stack's to pay for.
    static let nestingLimit = 8

    /// `message`'s arguments as the formatters take them, nested messages resolved (their problems appended to
    /// `problems`).
    func messageArguments(_ message: LocalizedMessage, depth: Int, problems: inout [FormatProblem])
        -> MessageArguments
    {
        var arguments: MessageArguments = [:]
        for (name, argument) in message.arguments {
            switch argument {
            case .string(let text): arguments[name] = .string(text)
            case .number(let number): arguments[name] = .number(number)
            case .date(let date): arguments[name] = .date(date)
            case .message(var nested):
                if nested.locale == nil { nested.locale = message.locale }
                guard depth < Self.nestingLimit else {
                    problems.append(
                        FormatProblem(
                            .unsupported(
                                "message '\(name)' nested deeper than \(Self.nestingLimit) levels; shown unresolved")))
                    arguments[name] = .string(nested.defaultText ?? nested.key)
                    continue
                }
                let inner = messageArguments(nested, depth: depth + 1, problems: &problems)
                let translation = translate(
                    nested.key, arguments: inner, defaultText: nested.defaultText, locale: nested.locale)
                problems += translation.problems
                arguments[name] = .string(translation.text)
            }
        }
        return arguments
    }
}
