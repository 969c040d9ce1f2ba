import CommandLineSupport
import I18nCore
import WidgetTranslator

/// `widget-i18n check`: every cached message parses, and uses the same arguments as the default locale's.
enum CheckCommand: Command {
    static let path = ["check"]
    static let summary = "Check cached messages: ICU syntax, and arguments that differ from the default locale"
    static let usage = "check [--locale L …]"
    static let options: [OptionSpec] = [
        .value("locale", "LOCALE", "A locale to check (repeatable); default: every cached locale", repeatable: true)
    ]
    static let discussion = """
        Prints one line per problem: LOCALE KEY: what is wrong (with the line:column of a syntax error), then
        a summary per locale. An argument the default locale's message has and this one lacks, or the other way
        round (a renamed {name}), is a problem. Exit 1 when anything was found.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard arguments.positionals.isEmpty else {
            throw .usage("Unexpected argument '\(arguments.positionals[0])'; pass locales with --locale L")
        }
        let configuration = try context.configuration()
        let translator = try configuration.translator(arguments)
        var locales = try arguments.allValues("locale").map { (text) throws(CLIError) in
            try CommandInput.locale(text)
        }
        if locales.isEmpty { locales = translator.cachedLocales() }
        guard !locales.isEmpty else {
            throw .failure("No cached messages to check; run 'widget-i18n fetch --all' first")
        }
        let reference = bundle(translator, configuration.defaultLocale)
        var total = 0
        for locale in locales {
            guard let messages = bundle(translator, locale) else {
                context.output.writeLine("\(locale.normalized): no usable cached messages")
                total += 1
                continue
            }
            var problems = 0
            for key in messages.keys {
                let message = messages.message(forKey: key)!
                let elements: [MessageElement]
                switch ICUMessageFormatter.parse(message) {
                case .failure(let error):
                    context.output.writeLine("\(locale.normalized) \(key): \(error)")
                    problems += 1
                    continue
                case .success(let parsed):
                    elements = parsed
                }
                guard locale != configuration.defaultLocale, let source = reference?.message(forKey: key),
                    case .success(let sourceElements) = ICUMessageFormatter.parse(source)
                else { continue }
                let expected = MessageElement.argumentNames(in: sourceElements)
                let actual = MessageElement.argumentNames(in: elements)
                for name in expected where !actual.contains(name) {
                    context.output.writeLine(
                        "\(locale.normalized) \(key): missing argument {\(name)} that '\(configuration.defaultLocale.normalized)' uses"
                    )
                    problems += 1
                }
                for name in actual where !expected.contains(name) {
                    context.output.writeLine(
                        "\(locale.normalized) \(key): argument {\(name)} that '\(configuration.defaultLocale.normalized)' does not use"
                    )
                    problems += 1
                }
            }
            context.output.writeLine(
                "\(locale.normalized): \(messages.messageCount) messages, \(problems) problem\(problems == 1 ? "" : "s")"
            )
            total += problems
        }
        for diagnostic in translator.diagnostics { context.output.warning(diagnostic) }
        if total > 0 { throw .failure("\(total) problem\(total == 1 ? "" : "s") found") }
    }

    private static func bundle(_ translator: WidgetTranslator, _ locale: LocaleTag) -> MessageBundle? {
        if case .success(let bundle) = translator.messages(for: locale) { return bundle }
        return nil
    }
}
