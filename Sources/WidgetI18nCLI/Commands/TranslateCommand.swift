import CommandLineSupport
import GroupStore
import I18nCore
import WidgetTranslator

/// `widget-i18n t`: resolves a key exactly as a widget would.
enum TranslateCommand: Command {
    static let path = ["t"]
    static let summary = "Resolve and format a message key as a widget would"
    static let usage = "t <key> [name=value …] [--locale L] [--explain] [--default TEXT] [--bundled DIR]"
    static let options: [OptionSpec] = [
        .value("locale", "LOCALE", "Resolve in this locale instead of the detected one"),
        .flag("explain", "Show the fallback chain that was tried"),
        .value("default", "TEXT", "Text to show when no locale has the key (instead of the key)"),
        .value("bundled", "DIR", "Messages shipped with the app, laid out as <DIR>/<locale>/translations.json"),
    ]
    static let discussion = """
        Arguments after the key are message arguments; values that look like numbers are numbers.
        A key that no locale has prints what a widget would show (the key, or --default) and exits 1.
        The text goes to a pipe or a file exactly as formatted; on a terminal, control characters and bidi
        controls in it are shown escaped (ESC as \\u{1B}). --explain's lines are always escaped.

        EXAMPLES:
          widget-i18n t today.greeting name=Ayşe
          widget-i18n t daysSince.title --locale pt-BR --explain
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard let key = arguments.positionals.first else {
            throw .usage("Missing the message key; e.g. 'widget-i18n t today.title'")
        }
        guard !key.isEmpty, !key.contains(where: \.isNewline) else { throw .usage("Invalid message key '\(key)'") }
        var messageArguments: MessageArguments = [:]
        for (name, value) in try ArgumentParser.messageArguments(arguments.positionals.dropFirst(), command: name) {
            messageArguments[name] = MessageArgument(inferringFrom: value)
        }
        let configuration = try context.configuration()
        let translator = try configuration.translator(arguments)
        let locale = try CommandInput.localeOption(arguments)
        let detection = translator.detectLocale()
        let translation = translator.translate(
            key, arguments: messageArguments, defaultText: arguments.value("default"), locale: locale)
        context.output.writeLine(translation.text)
        if arguments.has("explain") {
            context.output.writeLine(
                "locale: "
                    + (locale.map { "\($0.displayForm) (--locale)" } ?? TerminalText.escaped(detection.description)))
            for (number, attempt) in translation.resolution.attempts.enumerated() {
                context.output.writeLine(TerminalText.escaped("  \(number + 1). \(attempt.step): \(attempt.outcome)"))
            }
        }
        for problem in translator.problems { context.output.warning(problem) }
        for problem in translation.problems { context.output.warning("In '\(key)': \(problem)") }
        if translation.resolution.isMissing {
            let tried = translation.resolution.attempts.compactMap { attempt -> String? in
                switch attempt.step {
                case .requestedLocale(let tag), .parentLocale(let tag), .defaultLocale(let tag): return tag.normalized
                default: return nil
                }
            }
            let shown = translation.resolution.step == .callerDefault ? "the default text" : "the key"
            throw .failure(
                "No message for '\(key)' in \(tried.map { "'\($0)'" }.joined(separator: ", "))"
                    + (translator.bundledMessages.isEmpty ? "" : " or the bundled messages") + "; showed \(shown)")
        }
    }
}
