import CommandLineSupport
import Foundation
import I18nCore
import LocaleData

/// `widget-i18n format`: formats an ICU message, or a stream of them.
enum FormatCommand: Command {
    static let path = ["format"]
    static let summary = "Format an ICU message with arguments (or JSON lines from stdin)"
    static let usage = "format --locale L '<message>' [name=value …] | format --jsonl"
    static let options: [OptionSpec] = [
        .value(
            "locale", "LOCALE", "The locale whose plural rules and number formats apply (default: the default locale)"),
        .value("time-zone", "TZ", "Time zone for date and time arguments (default: the system's)"),
        .flag(
            "jsonl", "Read {\"locale\", \"message\", \"args\"} lines on stdin; write {\"output\"} or {\"error\"} lines"),
    ]
    static let discussion = """
        Values that look like numbers are numbers; dates are ISO 8601 or milliseconds since 1970. A message
        that does not parse is printed with a caret under the problem, and the command exits 1; so does a
        missing or mistyped argument. The text goes to a pipe or a file exactly as formatted; on a terminal,
        control characters and bidi controls in it are shown escaped (ESC as \\u{1B}).

        EXAMPLES:
          widget-i18n format --locale ru '{n, plural, one {# день} few {# дня} many {# дней} other {# дня}}' n=3
          echo '{"locale":"ar","message":"{n, plural, zero {لا شيء} other {#}}","args":{"n":0}}' | widget-i18n format --jsonl
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        let configuration = try context.configuration()
        let formatter = CommandInput.formatter(timeZone: try CommandInput.timeZone(arguments)?.zone)
        if arguments.has("jsonl") {
            guard arguments.positionals.isEmpty else {
                throw .usage("--jsonl reads messages from stdin; pass no message")
            }
            try formatLines(
                formatter: formatter,
                defaultLocale: arguments.value("locale") ?? configuration.defaultLocale.displayForm,
                output: context.output)
            return
        }
        guard let message = arguments.positionals.first else {
            throw .usage(
                "Missing the message; e.g. widget-i18n format --locale en '{n, plural, one {# day} other {# days}}' n=2"
            )
        }
        let locale =
            try CommandInput.localeOption(arguments)
            ?? configuration.defaultLocale
        var values: MessageArguments = [:]
        for (name, value) in try ArgumentParser.messageArguments(arguments.positionals.dropFirst(), command: name) {
            values[name] = MessageArgument(inferringFrom: value)
        }
        if case .failure(let error) = ICUMessageFormatter.parse(message) {
            throw .failure(error.description + "\n" + caretDiagram(message, error.location))
        }
        let result = formatter.format(message, locale: locale, arguments: values)
        context.output.writeLine(result.text)
        if let last = result.problems.last {
            for problem in result.problems.dropLast() { context.output.error(problem.description) }
            throw .failure(last.description)
        }
    }

    /// The message's line with a caret under the column of `location`, as a terminal shows them: control
    /// characters escaped, tabs kept so that the caret lines up, wide characters two cells.
    static func caretDiagram(_ message: String, _ location: SourceLocation) -> String {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        let line = location.line - 1 < lines.count ? String(lines[location.line - 1]) : ""
        let prefix = String(String.UnicodeScalarView(line.unicodeScalars.prefix(location.column - 1)))
        let padding = TerminalText.escaped(prefix, keeping: .tabs).split(
            separator: "\t", omittingEmptySubsequences: false
        )
        .map { String(repeating: " ", count: TerminalText.width(of: String($0))) }.joined(separator: "\t")
        return "  \(TerminalText.escaped(line, keeping: .tabs))\n  \(padding)^"
    }

    private static func formatLines(formatter: ICUMessageFormatter, defaultLocale: String, output: Output)
        throws(CLIError)
    {
        guard !StandardStreams.wasClosedAtStart(STDIN_FILENO) else {
            throw .failure("Standard input is closed; --jsonl reads its messages from there, one JSON object a line")
        }
        var zones: [String: ZoneInfo] = [:]
        while let line = readLine(strippingNewline: true) {
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            output.writeLine(formatLine(line, formatter: formatter, defaultLocale: defaultLocale, zones: &zones))
        }
    }

    /// One `--jsonl` line; `zones` keeps the zones earlier lines named, so each zone's file is read once.
    static func formatLine(
        _ line: String, formatter: ICUMessageFormatter, defaultLocale: String, zones: inout [String: ZoneInfo]
    ) -> String {
        func reply(_ key: String, _ value: String) -> String {
            let data =
                (try? JSONSerialization.data(
                    withJSONObject: [key: value], options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
            return reply("error", "Not a JSON object: expected {\"locale\", \"message\", \"args\"}")
        }
        guard let message = object["message"] as? String else {
            return reply("error", "Missing \"message\" (a string)")
        }
        let localeText = object["locale"] as? String ?? defaultLocale
        guard let locale = LocaleTag(parsing: localeText) else {
            return reply("error", "Invalid locale '\(localeText)'; use a BCP 47 tag such as 'en' or 'pt-BR'")
        }
        var values: MessageArguments = [:]
        for (name, value) in object["args"] as? [String: Any] ?? [:] {
            if let number = value as? NSNumber {
                // As JSON and JavaScript read numbers: 1.0 is 1; whole numbers keep every digit.
                let isInteger = "qlisQLIS".contains(String(cString: number.objCType))
                values[name] = .number(isInteger ? MessageNumber(number.intValue) : MessageNumber(number.doubleValue))
            } else if let date = value as? [String: Any], let milliseconds = date["$date"] as? NSNumber {
                values[name] = .date(Date(timeIntervalSince1970: milliseconds.doubleValue / 1000))
            } else if let text = value as? String {
                values[name] = .string(text)
            } else {
                values[name] = .string("\(value)")
            }
        }
        var lineFormatter = formatter
        if let name = object["timeZone"] as? String {
            guard let zone = zones[name] ?? ZoneInfo(identifier: name) else {
                return reply(
                    "error", "Unknown time zone '\(name)'; use an IANA name such as 'Europe/Istanbul' or 'UTC'")
            }
            zones[name] = zone
            lineFormatter.timeZone = zone
        }
        do {
            return reply("output", try lineFormatter.formatStrictly(message, locale: locale, arguments: values))
        } catch {
            return reply("error", error.description)
        }
    }
}
