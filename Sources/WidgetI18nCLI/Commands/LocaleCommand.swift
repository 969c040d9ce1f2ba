import GroupStore
import I18nCore
import WidgetTranslator

/// `widget-i18n locale`: the detected locale and why.
enum LocaleCommand: Command {
    static let path = ["locale"]
    static let summary = "Show the locale a widget would render in, and why"
    static let usage = "locale [set <tag> | list] [options]"
    static let discussion = """
        Detection: the stored locale, else the first preferred language of the environment (LANGUAGE, LC_ALL,
        LC_MESSAGES, LANG) that has cached messages, else the default locale.

        SUBCOMMANDS:
          set <tag>   Switch the stored locale
          list        List the locales with cached messages
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        guard arguments.positionals.isEmpty else {
            throw .usage("Unknown subcommand 'locale \(arguments.positionals[0])'; use 'locale set <tag>' or 'locale list'")
        }
        let translator = try TranslateCommand.makeTranslator(try context.configuration(), arguments: arguments)
        context.output.writeLine(translator.detectLocale().description)
        for diagnostic in translator.diagnostics { context.output.warning(diagnostic) }
    }
}

/// `widget-i18n locale set`: switches the stored locale to one with cached messages.
enum LocaleSetCommand: Command {
    static let path = ["locale", "set"]
    static let summary = "Switch the stored locale"
    static let usage = "locale set <tag> [--offline]"
    static let options: [OptionSpec] = [
        .flag("offline", "Only switch to a locale whose messages (or a parent's) are already cached")
    ]
    static let discussion = """
        The tag is matched against the cached locales, exactly and then by parent (de-AT → de), and the match
        is written to @better-i18n:locale:PROJECT. A locale with no cached messages is refused, and the stored
        locale stays as it was.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        guard arguments.positionals.count == 1 else {
            throw .usage(arguments.positionals.isEmpty
                ? "Missing the locale; e.g. 'widget-i18n locale set pt-BR'"
                : "Expected one locale, got \(arguments.positionals.count); e.g. 'widget-i18n locale set pt-BR'")
        }
        let requested = try TranslateCommand.parseLocale(arguments.positionals[0])
        let configuration = try context.configuration()
        let project = try configuration.requireProject()
        let store = try configuration.store()
        let translator = WidgetTranslator(store: store, project: project, defaultLocale: configuration.defaultLocale)
        let cached = translator.cachedLocales()
        guard let match = LocaleNegotiation.lookup(preferred: [requested], available: cached) else {
            let available = cached.isEmpty ? "none are cached" : "cached: " + cached.map(\.normalized).joined(separator: ", ")
            throw .failure("No cached messages for '\(requested.normalized)' or its parents in \(store.displayName) "
                + "(\(available)); run 'widget-i18n fetch --locale \(requested.displayForm)' first")
        }
        if case .failure(let problem) = translator.messages(for: match) {
            throw .failure("The cached messages for '\(match.normalized)' are unusable (\(problem)); the locale was not "
                + "changed. Run 'widget-i18n fetch --locale \(match.displayForm) --force' to replace them")
        }
        let chosen = match == requested ? requested : match
        do { try store.setString(chosen.displayForm, forKey: StorageKey.locale(project: project)) } catch {
            throw .failure("\(error)")
        }
        let via = match == requested ? "" : " (the closest cached locale to '\(requested.displayForm)')"
        context.output.writeLine("Locale set to \(chosen.displayForm)\(via)")
    }
}

/// `widget-i18n locale list`: the locales with cached messages.
enum LocaleListCommand: Command {
    static let path = ["locale", "list"]
    static let summary = "List the locales with cached messages"
    static let usage = "locale list"
    static let discussion = "Prints one locale a line: code, messages, size, age; '*' marks the detected locale."

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("'locale list' takes no arguments") }
        let configuration = try context.configuration()
        let translator = try TranslateCommand.makeTranslator(configuration, arguments: arguments)
        let rows = try StatusCommand.cachedLocaleRows(translator: translator, store: try configuration.store())
        for row in rows { context.output.writeLine(row) }
        for diagnostic in translator.diagnostics { context.output.warning(diagnostic) }
    }
}
