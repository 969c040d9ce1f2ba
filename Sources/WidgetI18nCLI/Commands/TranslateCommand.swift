import CommandLineSupport
import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import WidgetTranslator

/// `widget-i18n t`: resolves a key exactly as a widget would.
enum TranslateCommand: Command {
    static let path = ["t"]
    static let summary = "Resolve and format a message key as a widget would"
    static let usage =
        "t <key> [name=value …] [--locale L] [--explain] [--attributed] [--default TEXT] [--bundled DIR] | "
        + "t --message JSON [--attributed] | t --jsonl [--locale L]"
    static let options: [OptionSpec] = [
        .value(
            "message", "JSON", "Resolve one message as a widget's entry or a push carries it: {\"key\", \"arguments\"}"),
        .flag("attributed", "Print the rich text's runs as {\"text\", \"attributes\"} JSON lines"),
        .value("locale", "LOCALE", "Resolve in this locale instead of the detected one"),
        .flag("explain", "Show the fallback chain that was tried"),
        .value("default", "TEXT", "Text to show when no locale has the key (instead of the key)"),
        .value("bundled", "DIR", "Messages shipped with the app, laid out as <DIR>/<locale>/translations.json"),
        .flag(
            "jsonl",
            "Read {\"key\", \"locale\", \"args\", \"default\"} lines on stdin; write {\"output\", \"locale\", "
                + "\"step\", \"problems\"} lines"),
    ]
    static let discussion = """
        Arguments after the key are message arguments; values that look like numbers are numbers.
        A key that no locale has prints what a widget would show (the key, or --default) and exits 1.
        The text goes to a pipe or a file exactly as formatted; on a terminal, control characters and bidi
        controls in it are shown escaped (ESC as \\u{1B}). --explain's lines are always escaped.
        --message takes a LocalizedMessage's JSON, {"key", "arguments", "default", "locale"}: an argument is a
        string, a number, {"number": "1.50"}, {"date": seconds since 2001} or {"message": {…}}, resolved first.
        --attributed prints the text as SwiftUI's Text gets it from WidgetTranslator.attributedString: one line
        a run, {"text", "attributes"}, attributes such as {"inlinePresentationIntent": ["stronglyEmphasized"]}
        (<b>, <strong>; "emphasized" for <i>, <em>) and {"link": URL} (<a href> with an http or https URL).
        --jsonl resolves many keys with one translator, as one widget render does: each line's "locale" (else
        --locale, else the detected one), "args" (as format --jsonl reads them) and "default" (else --default)
        apply to that line; the reply names the locale that formatted the text, the step of the chain that
        answered ("locale tr", "default locale en", "the key itself", …) and the formatter's problems. A line
        that is not such an object gets {"error"}. Problems reading the store are warnings on stderr at the end;
        the exit status is 0 unless stdin cannot be read.

        EXAMPLES:
          widget-i18n t today.greeting name=Ayşe
          widget-i18n t daysSince.title --locale pt-BR --explain
          widget-i18n t --message '{"key": "today.greeting", "arguments": {"name": "Ayşe"}}' --attributed
          echo '{"key":"today.greeting","locale":"tr","args":{"name":"Ayşe"}}' | widget-i18n t --jsonl
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        if arguments.has("jsonl") { return try translateLines(arguments, context: context) }
        var message = try Self.message(arguments)
        let key = message.key
        let configuration = try context.configuration()
        let translator = try configuration.translator(arguments)
        if message.locale == nil { message.locale = try CommandInput.localeOption(arguments) }
        if message.defaultText == nil { message.defaultText = arguments.value("default") }
        let locale = message.locale
        let detection = translator.detectLocale()
        let translation = translator.translate(message)
        if arguments.has("attributed") {
            let (text, problems) = translator.attributedTranslation(message, linkSchemes: ["http", "https"])
            for line in Self.runLines(text) { context.output.writeLine(line) }
            for problem in problems { context.output.warning("In '\(key)': \(problem)") }
        } else {
            context.output.writeLine(translation.text)
        }
        if arguments.has("explain") {
            context.output.writeLine(
                "locale: "
                    + (locale.map { "\($0.displayForm) (--locale)" } ?? TerminalText.escaped(detection.description)))
            if let uncached = translator.uncachedLocale(locale) { context.output.writeLine("messages: \(uncached)") }
            var previous: ResolutionStep?
            for (number, attempt) in translation.resolution.attempts.enumerated() {
                var line = "  \(number + 1). \(attempt.step): \(attempt.outcome)"
                if let match = attempt.answeredBy { line += " in \(match.tag.displayForm) (\(match.reason))" }
                line += " [" + Self.why(attempt.step, after: &previous) + "]"
                context.output.writeLine(TerminalText.escaped(line))
            }
            if let copy = Self.answeringCopy(translation.resolution, translator: translator) {
                context.output.writeLine(TerminalText.escaped("from: " + copy))
            }
        }
        for problem in translator.problems { context.output.warning(problem) }
        if !arguments.has("attributed") {
            for problem in translation.problems { context.output.warning("In '\(key)': \(problem)") }
        }
        if translation.resolution.isMissing {
            let tried = translation.resolution.attempts.compactMap { attempt -> String? in
                switch attempt.step {
                case .requestedLocale(let tag), .parentLocale(let tag), .defaultLocale(let tag): return tag.displayForm
                default: return nil
                }
            }
            let shown = translation.resolution.step == .callerDefault ? "the default text" : "the key"
            throw .failure(
                "No message for '\(key)' in \(tried.map { "'\($0)'" }.joined(separator: ", "))"
                    + (translator.bundledMessages.isEmpty ? "" : " or the bundled messages") + "; showed \(shown)")
        }
    }

    /// The message to resolve: `--message`'s JSON, or the key and `name=value` arguments.
    private static func message(_ arguments: ParsedArguments) throws(CLIError) -> LocalizedMessage {
        if let json = arguments.value("message") {
            guard arguments.positionals.isEmpty else {
                throw .usage("Pass either a key and its arguments or --message JSON, not both")
            }
            do {
                return try JSONDecoder().decode(LocalizedMessage.self, from: Data(json.utf8))
            } catch let error as DecodingError {
                throw .usage("--message is not a message: \(error.sentence)")
            } catch {
                throw .usage("--message cannot be read: \(error)")
            }
        }
        guard let key = arguments.positionals.first else {
            throw .usage("Missing the message key; e.g. 'widget-i18n t today.title'")
        }
        guard !key.isEmpty, !key.contains(where: \.isNewline) else { throw .usage("Invalid message key '\(key)'") }
        var message = LocalizedMessage(key)
        for (name, value) in try ArgumentParser.messageArguments(arguments.positionals.dropFirst(), command: name) {
            message.arguments[name] = MessageNumber(value).map(LocalizedMessage.Argument.number) ?? .string(value)
        }
        return message
    }

    /// The runs of `text` as JSON lines: `{"attributes":{"inlinePresentationIntent":["stronglyEmphasized"]},
    /// "text":"Ayşe"}`.
    static func runLines(_ text: AttributedString) -> [String] {
        text.runs.map { run in
            var attributes: [String: Any] = [:]
            if let intent = run[InlineIntentAttribute.self] {
                attributes["inlinePresentationIntent"] =
                    [(InlinePresentationIntent.emphasized, "emphasized"), (.stronglyEmphasized, "stronglyEmphasized")]
                    .filter { intent.contains($0.0) }.map(\.1)
            }
            if let link = run.link { attributes["link"] = link.absoluteString }
            return CommandInput.jsonLine(["text": String(text[run.range].characters), "attributes": attributes])
        }
    }

    /// `t --jsonl`: one translator for every line of stdin, so the store is read as one widget render reads it.
    private static func translateLines(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("--jsonl reads keys from stdin; pass no key") }
        guard !arguments.has("explain") else {
            throw .usage("--explain shows one key's chain; with --jsonl each reply names the step that answered")
        }
        let locale = try CommandInput.localeOption(arguments)
        let translator = try context.configuration().translator(arguments)
        guard !StandardStreams.wasClosedAtStart(STDIN_FILENO) else {
            throw .failure("Standard input is closed; --jsonl reads its keys from there, one JSON object a line")
        }
        var lines = StandardStreams.InputLines()
        while let line = try CommandInput.nextLine(&lines) {
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            context.output.writeLine(
                translateLine(line, translator: translator, locale: locale, defaultText: arguments.value("default")))
        }
        for problem in translator.problems { context.output.warning(problem) }
    }

    /// One `--jsonl` line: `{"output", "locale", "step", "problems"}`, or `{"error"}` when the line is not a
    /// request.
    static func translateLine(_ line: String, translator: WidgetTranslator, locale: LocaleTag?, defaultText: String?)
        -> String
    {
        let object: [String: Any]
        switch CommandInput.requestObject(line, expected: #""key", "locale", "args""#) {
        case .success(let parsed): object = parsed
        case .failure(let error): return CommandInput.jsonLine(["error": error.description])
        }
        guard let key = object["key"] as? String, !key.isEmpty else {
            return CommandInput.jsonLine(["error": "Missing \"key\" (a non-empty string)"])
        }
        var lineLocale = locale
        if let value = object["locale"] {
            guard let text = value as? String else {
                return CommandInput.jsonLine(["error": "\"locale\" must be a string, such as \"pt-BR\""])
            }
            do { lineLocale = try LocaleTag(text) } catch {
                return CommandInput.jsonLine(["error": error.description])
            }
        }
        let translation = translator.translate(
            key, arguments: CommandInput.jsonArguments(object["args"]),
            defaultText: object["default"] as? String ?? defaultText, locale: lineLocale)
        return CommandInput.jsonLine([
            "output": translation.text, "locale": translation.locale.normalized,
            "step": Self.dataSpelling(translation.resolution.step), "problems": translation.problems.map(\.description),
        ])
    }

    /// A step as JSON data spells it: its locale normalised (`parent locale zh-hant`), as the `locale` field and the
    /// store's keys are; text for people spells it as BCP 47 does (`zh-Hant`, `ResolutionStep.description`).
    static func dataSpelling(_ step: ResolutionStep) -> String {
        switch step {
        case .requestedLocale(let tag): "locale \(tag.normalized)"
        case .parentLocale(let tag): "parent locale \(tag.normalized)"
        case .defaultLocale(let tag): "default locale \(tag.normalized)"
        case .bundled(let tag): "bundled \(tag.normalized)"
        case .callerDefault, .key: step.description
        }
    }

    /// Which copy of the answering locale's messages answered, and why that one: `'KEY' in PLACE (messages key,
    /// written 2 min ago)`; `nil` when no cached locale answered.
    private static func answeringCopy(_ resolution: Resolution, translator: WidgetTranslator) -> String? {
        guard let attempt = resolution.attempts.first(where: { $0.outcome == .found }) else { return nil }
        let tag: LocaleTag
        switch attempt.step {
        case .requestedLocale(let step), .parentLocale(let step), .defaultLocale(let step):
            tag = attempt.answeredBy?.tag ?? step
        default: return nil
        }
        let reader = translator.reader
        // Unreadable counts as no line: the chain above already said what answered.
        guard let messages = try? reader.openMessages(tag, cachedLocales: { translator.cachedMessages() }) else {
            return nil
        }
        let copy = messages.cached
        var why = copy.source.description
        if let time = reader.recordedTime(of: copy, size: messages.value.count) {
            why += ", " + (copy.source == .messagesKey ? "written" : "cached") + " " + HumanFormat.age(of: time)
        } else {
            why += ", no recorded time"
        }
        return "'\(copy.key)' in \(copy.storeName) (\(why))"
    }

    /// Why `step` was tried, after `previous` (then set to `step`): the start of the chain, a script from CLDR's
    /// likely subtags, a truncation or a CLDR parent locale, the default locale's chain.
    private static func why(_ step: ResolutionStep, after previous: inout ResolutionStep?) -> String {
        defer { previous = step }
        func relation(_ tag: LocaleTag, to from: LocaleTag) -> String {
            if tag.script != nil, from.script == nil, tag.language == from.language, tag.region == from.region {
                return "\(from.displayForm) with its likely script, from CLDR's likely subtags"
            }
            return from.parents.first == tag
                ? "\(from.displayForm) truncated" : "CLDR's parent locale of \(from.displayForm)"
        }
        switch (step, previous) {
        case (.requestedLocale, _): return "the locale asked for"
        case (.parentLocale(let tag), .requestedLocale(let from)?), (.parentLocale(let tag), .parentLocale(let from)?),
            (.defaultLocale(let tag), .defaultLocale(let from)?):
            return relation(tag, to: from)
        case (.parentLocale, _): return "a parent locale"
        case (.defaultLocale, _): return "the default locale"
        case (.bundled, _): return "messages shipped with the app"
        case (.callerDefault, _): return "the default text given"
        case (.key, _): return "nothing had the key"
        }
    }
}
