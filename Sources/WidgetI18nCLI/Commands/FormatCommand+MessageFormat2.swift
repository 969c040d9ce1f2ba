import CommandLineSupport
import Foundation
import I18nCore
import LocaleData
import MessageFormat2

/// `widget-i18n format --syntax mf2`: Unicode MessageFormat 2, one message or `--jsonl` lines.
extension FormatCommand {
    static func runMessageFormat2(_ arguments: ParsedArguments, context: CommandContext, timeZone: ZoneInfo?)
        throws(CLIError)
    {
        let valueOptions = [
            "lenient", "relative", "unit", "numeric", "list", "duration", "display-name", "type", "style",
        ]
        if let option = valueOptions.first(where: { arguments.has($0) || arguments.value($0) != nil }) {
            throw .usage("--\(option) does not apply to --syntax mf2")
        }
        var formatter = MF2Formatter(timeZone: timeZone, draftFunctions: arguments.has("draft-functions"))
        switch arguments.value("bidi-isolation") {
        case nil, "default"?: break
        case "none"?: formatter.bidiIsolation = .none
        case let other?: throw .usage("Unknown --bidi-isolation '\(other)'; use default or none")
        }
        let configuration = try context.configuration()
        if arguments.has("jsonl") {
            guard arguments.positionals.isEmpty else {
                throw .usage("--jsonl reads messages from stdin; pass no message")
            }
            guard !StandardStreams.wasClosedAtStart(STDIN_FILENO) else {
                throw .failure(
                    "Standard input is closed; --jsonl reads its messages from there, one JSON object a line")
            }
            let defaultLocale = arguments.value("locale") ?? configuration.defaultLocale.displayForm
            var lines = StandardStreams.InputLines()
            while let line = try CommandInput.nextLine(&lines) {
                guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
                context.output.writeLine(formatLine(line, formatter: formatter, defaultLocale: defaultLocale))
            }
            return
        }
        guard let message = arguments.positionals.first else {
            throw .usage(
                "Missing the message; e.g. widget-i18n format --syntax mf2 --locale en "
                    + "'.input {$n :number} .match $n one {{{$n} day}} * {{{$n} days}}' n=2")
        }
        let locale = try CommandInput.localeOption(arguments) ?? configuration.defaultLocale
        var values: MessageArguments = [:]
        for (name, value) in try ArgumentParser.messageArguments(arguments.positionals.dropFirst(), command: name) {
            values[name] = MessageArgument(inferringFrom: value)
        }
        let result = formatter.formatted(message, locale: locale, arguments: values)
        context.output.writeLine(result.text)
        guard let last = result.errors.last else { return }
        for error in result.errors.dropLast() { context.output.error(describe(error, in: message)) }
        throw .failure(describe(last, in: message))
    }

    /// An error as the CLI prints it: its type, its sentence, and under a syntax error the line with a caret.
    static func describe(_ error: MF2Error, in message: String) -> String {
        let text = TerminalText.escaped("\(error.code): \(error.message)")
        guard let location = location(of: error, in: message) else { return text }
        return "\(text) at \(location)\n" + caretDiagram(message, location)
    }

    /// Where a syntax error is, as a line and column of the message; `nil` for other errors.
    static func location(of error: MF2Error, in message: String) -> SourceLocation? {
        guard let offset = error.offset else { return nil }
        var line = 1
        var column = 1
        for scalar in message.unicodeScalars.prefix(offset) {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourceLocation(offset: offset, line: line, column: column)
    }

    /// One `--jsonl` line: `{"output", "errors": [{"type", "message"}]}`, or `{"error"}` for a line that is no
    /// request.
    static func formatLine(_ line: String, formatter: MF2Formatter, defaultLocale: String) -> String {
        func failure(_ text: String) -> String { CommandInput.jsonLine(["error": text]) }
        let object: [String: Any]
        switch CommandInput.requestObject(line, expected: #""locale", "message", "args", "bidiIsolation""#) {
        case .success(let parsed): object = parsed
        case .failure(let error): return failure(error.description)
        }
        guard let message = object["message"] as? String else { return failure("Missing \"message\" (a string)") }
        if let locale = object["locale"], !(locale is String) {
            return failure("\"locale\" must be a string, a BCP 47 tag such as 'en' or 'pt-BR'")
        }
        let localeText = object["locale"] as? String ?? defaultLocale
        guard let locale = LocaleTag(parsing: localeText) else {
            return failure("Invalid locale '\(localeText)'; use a BCP 47 tag such as 'en' or 'pt-BR'")
        }
        var lineFormatter = formatter
        switch object["bidiIsolation"] {
        case nil: break
        case let mode as String where mode == "default": lineFormatter.bidiIsolation = .default
        case let mode as String where mode == "none": lineFormatter.bidiIsolation = .none
        default: return failure("\"bidiIsolation\" is \"default\" or \"none\"")
        }
        let result = lineFormatter.formatted(
            message, locale: locale, arguments: CommandInput.jsonArguments(object["args"]))
        return CommandInput.jsonLine([
            "output": result.text,
            "errors": result.errors.map { ["type": $0.code.description, "message": $0.description] },
        ])
    }
}
