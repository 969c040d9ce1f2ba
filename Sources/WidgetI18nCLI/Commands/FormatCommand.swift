import CommandLineSupport
import Foundation
import I18nCore
import LocaleData
import WidgetTranslator

/// `widget-i18n format`: formats an ICU message, or a stream of them.
enum FormatCommand: Command {
    static let path = ["format"]
    static let summary = "Format an ICU message with arguments (or JSON lines from stdin)"
    static let usage = """
        format --locale L '<message>' [name=value …] | format --jsonl
          | format --syntax mf2 [--draft-functions] [--bidi-isolation none] ('<message>' [name=value …] | --jsonl)
          | format --relative VALUE --unit UNIT | format --list ITEM… | format --duration FIELD=N…
          | format --display-name CODE
        """
    static let options: [OptionSpec] = [
        .value(
            "locale", "LOCALE", "The locale whose plural rules and number formats apply (default: the default locale)"),
        .value("time-zone", "TZ", "Time zone for date and time arguments (default: the system's)"),
        .flag(
            "jsonl", "Read {\"locale\", \"message\", \"args\"} lines on stdin; write {\"output\"} or {\"error\"} lines"),
        .flag(
            "lenient",
            "With --jsonl: format as a widget does, problems kept visible; write {\"output\", \"problems\"} lines"),
        .value("relative", "VALUE", "Format VALUE --unit units from now, e.g. --relative -1 --unit day"),
        .value("unit", "UNIT", "With --relative: second, minute, hour, day, week, month, quarter or year (or plural)"),
        .value("numeric", "MODE", "With --relative: always (numbers, the default) or auto (\"yesterday\", \"now\")"),
        .flag("list", "Join the positional arguments as a list (--type conjunction, disjunction or unit)"),
        .flag("duration", "Format the positional FIELD=N arguments (years … seconds) as a duration"),
        .value("display-name", "CODE", "The name of a language tag, region or script (--type) in the locale"),
        .value(
            "type", "TYPE", "With --list: conjunction, disjunction, unit; with --display-name: language, region, script"
        ),
        .value("style", "STYLE", "long (the default), short or narrow; for --duration also digital"),
        .value("syntax", "SYNTAX", "icu (the default) or mf2: the message is Unicode MessageFormat 2"),
        .flag(
            "draft-functions",
            "With --syntax mf2: also the functions LDML 48 marks Draft (:currency, :percent, :unit, :datetime, …)"),
        .value("bidi-isolation", "MODE", "With --syntax mf2: default (isolate placeholders, the default) or none"),
    ]
    static let discussion = """
        Values that look like numbers are numbers; dates are ISO 8601 or milliseconds since 1970. A message
        that does not parse is printed with a caret under the problem, and the command exits 1; so does a
        missing or mistyped argument. The text goes to a pipe or a file exactly as formatted; on a terminal,
        control characters and bidi controls in it are shown escaped (ESC as \\u{1B}).
        With --syntax mf2 the message is Unicode MessageFormat 2 (LDML 48): it always has an output, with
        fallbacks such as {$name} where a value could not be formatted and {\u{FFFD}} for a message that does not
        parse; each error goes to stderr as its type (bad-operand, syntax-error, …) and the command exits 1. With
        --jsonl it reads {"locale", "message", "args", "bidiIsolation"?} lines ("default" or "none") and writes
        {"output", "errors": [{"type", "message"}]} lines in order.
        With --jsonl --lenient a line is formatted as the single-message form and a widget do: a missing or
        mistyped argument stays visible, a message that does not parse is shown as written, and the reply is
        {"output", "problems"} with the problems as a list of strings.

        Beside messages, --jsonl reads value lines, answered in order as they come, and --relative, --list,
        --duration and --display-name format one value from the command line:
          {"locale": "tr", "relativeTime": {"value": -1, "unit": "day", "style": "long", "numeric": "auto"}}
          {"locale": "es", "list": {"items": ["siete", "ocho"], "type": "disjunction", "style": "long"}}
          {"locale": "fa", "duration": {"fields": {"hours": 1, "minutes": 20}, "style": "long"}}
          {"locale": "ja", "displayName": {"of": "en-GB", "type": "language", "style": "long"}}
        An unknown unit, style, type or field is that line's {"error"}, naming it.

        EXAMPLES:
          widget-i18n format --locale ru '{n, plural, one {# день} few {# дня} many {# дней} other {# дня}}' n=3
          echo '{"locale":"ar","message":"{n, plural, zero {لا شيء} other {#}}","args":{"n":0}}' | widget-i18n format --jsonl
          widget-i18n format --locale tr --relative -1 --unit day --numeric auto
          widget-i18n format --locale es --list siete ocho --type disjunction
          widget-i18n format --locale fa --duration hours=1 minutes=20
          widget-i18n format --locale ja --display-name en-GB
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        let configuration = try context.configuration()
        let formatter = CommandInput.formatter(timeZone: try CommandInput.timeZone(arguments)?.zone)
        switch arguments.value("syntax") ?? "icu" {
        case "icu":
            for option in ["draft-functions", "bidi-isolation"]
            where arguments.has(option) || arguments.value(option) != nil {
                throw .usage("--\(option) applies to --syntax mf2")
            }
        case "mf2":
            try runMessageFormat2(arguments, context: context, timeZone: formatter.timeZone)
            return
        case let other:
            throw .usage("Unknown syntax '\(other)'; use icu (ICU MessageFormat, the default) or mf2")
        }
        if arguments.has("jsonl") {
            guard arguments.positionals.isEmpty else {
                throw .usage("--jsonl reads messages from stdin; pass no message")
            }
            let valueOptions = ["relative", "unit", "numeric", "list", "duration", "display-name", "type", "style"]
            if let option = valueOptions.first(where: { arguments.has($0) || arguments.value($0) != nil }) {
                throw .usage("--\(option) formats one value from the command line; --jsonl reads value lines instead")
            }
            try formatLines(
                formatter: formatter,
                defaultLocale: arguments.value("locale") ?? configuration.defaultLocale.displayForm,
                lenient: arguments.has("lenient"), output: context.output)
            return
        }
        guard !arguments.has("lenient") else { throw .usage("--lenient applies to --jsonl only") }
        if let value = try valueRequest(arguments) {
            let locale = try CommandInput.localeOption(arguments) ?? configuration.defaultLocale
            let zone = formatter.timeZone ?? .current
            switch value.format(with: WidgetFormatter(locale: locale, timeZone: zone)) {
            case .success(let text): context.output.writeLine(text)
            case .failure(let error): throw .failure(error.message)
            }
            return
        }
        for option in ["unit", "numeric"] where arguments.value(option) != nil {
            throw .usage("--\(option) applies to --relative only")
        }
        for option in ["type", "style"] where arguments.value(option) != nil {
            throw .usage(
                option == "type"
                    ? "--type applies to --list and --display-name"
                    : "--style applies to --relative, --list, --duration and --display-name")
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

    /// The value `--relative`, `--list`, `--duration` or `--display-name` asks for, checked as a `--jsonl` value
    /// line is; `nil` when none is given.
    static func valueRequest(_ arguments: ParsedArguments) throws(CLIError) -> FormatValue? {
        let asked = ["relative", "list", "duration", "display-name"].filter {
            arguments.has($0) || arguments.value($0) != nil
        }
        guard asked.count <= 1 else { throw .usage("Give one of --relative, --list, --duration and --display-name") }
        var requests: [(kind: String, object: [String: Any])] = []
        var common: [String: Any] = [:]
        for option in ["type", "style"] { if let value = arguments.value(option) { common[option] = value } }
        if let value = arguments.value("relative") {
            guard let number = decimal(value) else {
                throw .usage("--relative needs a finite decimal number such as -1 or 2.5, not '\(value)'")
            }
            var object: [String: Any] = ["value": NSNumber(value: number), "unit": arguments.value("unit") ?? ""]
            if let style = arguments.value("style") { object["style"] = style }
            if let numeric = arguments.value("numeric") { object["numeric"] = numeric }
            if arguments.value("type") != nil { throw .usage("--type does not apply to --relative") }
            guard arguments.value("unit") != nil else {
                throw .usage("--relative needs --unit: second, minute, hour, day, week, month, quarter or year")
            }
            requests.append(("relativeTime", object))
        }
        if arguments.has("list") {
            requests.append(("list", common.merging(["items": arguments.positionals]) { $1 }))
        }
        if arguments.has("duration") {
            var fields: [String: Any] = [:]
            for (name, value) in try ArgumentParser.messageArguments(arguments.positionals[...], command: name) {
                guard fields[name] == nil else { throw .usage("Duration field '\(name)' is given twice") }
                guard let number = decimal(value) else {
                    throw .usage("Duration field '\(name)' needs a finite decimal number, not '\(value)'")
                }
                fields[name] = NSNumber(value: number)
            }
            if arguments.value("type") != nil { throw .usage("--type does not apply to --duration") }
            requests.append(("duration", common.merging(["fields": fields]) { $1 }))
        }
        if let code = arguments.value("display-name") {
            requests.append(("displayName", common.merging(["of": code]) { $1 }))
        }
        guard let request = requests.first else { return nil }
        guard requests.count == 1 else {
            throw .usage("Give one of --relative, --list, --duration and --display-name")
        }
        if request.kind == "relativeTime" || request.kind == "displayName", !arguments.positionals.isEmpty {
            throw .usage("--\(request.kind == "relativeTime" ? "relative" : "display-name") takes no message")
        }
        if request.kind != "relativeTime", arguments.value("numeric") != nil || arguments.value("unit") != nil {
            throw .usage("--unit and --numeric apply to --relative only")
        }
        switch FormatValue.parse(kind: request.kind, request.object) {
        case .success(let value): return value
        case .failure(let error): throw .usage(error.message)
        }
    }

    /// `text` as a number when it is written in decimal (`-1`, `2.5`, `1e3`), and finite: `Double(_:)` also reads
    /// `0x10`, `inf` and `nan`, which are no value to format.
    static func decimal(_ text: String) -> Double? {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard let first = body.utf8.first, first == UInt8(ascii: ".") || digits.contains(first),
            body.utf8.allSatisfy({ digits.contains($0) || ".eE+-".utf8.contains($0) }),
            let value = Double(text), value.isFinite
        else { return nil }
        return value
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

    private static func formatLines(
        formatter: ICUMessageFormatter, defaultLocale: String, lenient: Bool, output: Output
    ) throws(CLIError) {
        guard !StandardStreams.wasClosedAtStart(STDIN_FILENO) else {
            throw .failure("Standard input is closed; --jsonl reads its messages from there, one JSON object a line")
        }
        var zones: [String: ZoneInfo] = [:]
        var lines = StandardStreams.InputLines()
        while let line = try CommandInput.nextLine(&lines) {
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            output.writeLine(
                formatLine(line, formatter: formatter, defaultLocale: defaultLocale, lenient: lenient, zones: &zones))
        }
    }

    /// One `--jsonl` line; `zones` keeps the zones earlier lines named, so each zone's file is read once.
    /// Strict (the default): `{"output"}`, or `{"error"}` for the first problem. Lenient: `{"output",
    /// "problems"}`, the text a widget would show and every problem met.
    static func formatLine(
        _ line: String, formatter: ICUMessageFormatter, defaultLocale: String, lenient: Bool = false,
        zones: inout [String: ZoneInfo]
    ) -> String {
        func reply(_ key: String, _ value: String) -> String { CommandInput.jsonLine([key: value]) }
        let object: [String: Any]
        switch CommandInput.requestObject(line, expected: #""locale", "message", "args""#) {
        case .success(let parsed): object = parsed
        case .failure(let error): return reply("error", error.description)
        }
        if let locale = object["locale"], !(locale is String) {
            return reply("error", "\"locale\" must be a string, a BCP 47 tag such as 'en' or 'pt-BR'")
        }
        if let zone = object["timeZone"], !(zone is String) {
            return reply("error", "\"timeZone\" must be a string, an IANA name such as 'Europe/Istanbul'")
        }
        let localeText = object["locale"] as? String ?? defaultLocale
        let kinds = FormatValue.kinds.filter { object[$0] != nil }
        if !kinds.isEmpty, kinds.count > 1 || object["message"] != nil {
            return reply(
                "error",
                "A line holds one of \"message\", \(FormatValue.kinds.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        if kinds.isEmpty, !(object["message"] is String) {
            return reply(
                "error",
                "Missing \"message\" (a string), or one of \"relativeTime\", \"list\", \"duration\", \"displayName\"")
        }
        guard let locale = LocaleTag(parsing: localeText) else {
            return reply("error", "Invalid locale '\(localeText)'; use a BCP 47 tag such as 'en' or 'pt-BR'")
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
        if let kind = kinds.first {
            let formatter = WidgetFormatter(locale: locale, timeZone: lineFormatter.timeZone ?? .current)
            switch FormatValue.parse(kind: kind, object[kind]!).flatMap({ $0.format(with: formatter) }) {
            case .success(let text) where lenient:
                return CommandInput.jsonLine(["output": text, "problems": [String]()])
            case .success(let text): return reply("output", text)
            case .failure(let error): return reply("error", error.message)
            }
        }
        let message = object["message"] as? String ?? ""  // a string: checked above
        let values = CommandInput.jsonArguments(object["args"])
        if lenient {
            let result = lineFormatter.format(message, locale: locale, arguments: values)
            return CommandInput.jsonLine(["output": result.text, "problems": result.problems.map(\.description)])
        }
        do {
            return reply("output", try lineFormatter.formatStrictly(message, locale: locale, arguments: values))
        } catch {
            return reply("error", error.description)
        }
    }
}
