import CDNFetcher
import CommandLineSupport
import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import TimelineEngine
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

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard arguments.positionals.isEmpty else {
            throw .usage(
                "Unknown subcommand 'locale \(arguments.positionals[0])'; use 'locale set <tag>' or 'locale list'")
        }
        let translator = try context.configuration().translator(arguments)
        context.output.writeLine(TerminalText.escaped(translator.detectLocale().description))
        for problem in translator.problems { context.output.warning(problem) }
    }
}

/// `widget-i18n locale set`: fetches a locale's messages, then switches the stored locale to it.
enum LocaleSetCommand: Command {
    static let path = ["locale", "set"]
    static let summary = "Switch the stored locale, fetching its messages first"
    static let usage =
        "locale set <tag> [--offline] [--namespaces A,B] [--allow-origin ORIGIN …] [--http-client curl|urlsession]"
    static let options: [OptionSpec] = [
        .flag("offline", "Do not fetch: switch only to a locale whose messages (or a parent's) are cached"),
        .value("timeout", "SECONDS", "Limit for one attempt (default: 30)"),
        .value("retries", "N", "Retries on connection errors, timeouts, 5xx and 429 (default: 3)"),
        .value("cacert", "FILE", "CA bundle for a private CA (curl only)"),
        FetchCommand.httpClientOption,
        .value("namespaces", "A,B", "Only these namespaces, stored nested under their names [WIDGET_I18N_NAMESPACES]"),
        FetchCommand.allowOriginOption,
    ]
    static let discussion = """
        The tag is matched against the manifest's languages, exactly and then by parent (de-AT → de); that
        locale's messages are fetched, and only then is it written to @better-i18n:locale:PROJECT, so a
        widget never sees a locale without messages. When the fetch fails and nothing is cached for it, the
        stored locale stays as it was and the command exits 1. The manifest is cached only when that fetch
        succeeded, and its URLs follow the rules of 'fetch' (see 'widget-i18n fetch --help'). With --offline,
        the tag is matched against the cached locales instead.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard arguments.positionals.count == 1 else {
            throw .usage(
                arguments.positionals.isEmpty
                    ? "Missing the locale; e.g. 'widget-i18n locale set pt-BR'"
                    : "Expected one locale, got \(arguments.positionals.count); e.g. 'widget-i18n locale set pt-BR'")
        }
        let requested = try CommandInput.locale(arguments.positionals[0])
        let configuration = try context.configuration()
        let project = try configuration.requireProject()
        let store = try configuration.writableStore(for: name)
        let chosen: LocaleTag
        if arguments.has("offline") {
            do { chosen = try ContractWriter(store: store, project: project).selectLocale(requested) } catch {
                throw .failure(CLIAdvice.text(of: error))
            }
        } else {
            let fetcher = try FetchCommand.makeFetcher(
                configuration, arguments: arguments, store: store, project: project)
            do {
                let change = try await fetcher.switchLocale(to: requested)
                for warning in change.warnings { context.output.warning(warning.message) }
                chosen = change.locale
            } catch {
                throw .failure(error.description)
            }
        }
        let via = chosen == requested ? "" : " (the closest available locale to '\(requested.displayForm)')"
        context.output.writeLine("Locale set to \(chosen.displayForm)\(via)")
    }
}

/// `widget-i18n locale list`: the manifest's languages and the cached locales.
enum LocaleListCommand: Command {
    static let path = ["locale", "list"]
    static let summary = "List the project's languages and which are cached"
    static let usage = "locale list"
    static let discussion = """
        One locale a line: code, name and native name from the cached manifest, then the cached messages
        (count, size, freshness) or 'not cached'. '*' marks the detected locale. Run 'widget-i18n fetch' to
        cache the manifest; without it only the cached locales are listed. Columns are measured in terminal
        cells (a CJK character takes two); control characters from the CDN or the store are shown escaped.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("'locale list' takes no arguments") }
        let configuration = try context.configuration()
        let project = try configuration.requireProject()
        let store = try configuration.store()
        let translator = try configuration.translator(arguments)
        // Without a readable manifest the list shows the cached locales only; `status` says why.
        let manifest =
            (try? store.value(
                forKey: StorageKey.manifest(project: project), maximumSize: StorageKey.maximumManifestSize))?.flatMap {
                try? Manifest(jsonBytes: $0)
            }
        let cachedMessages = translator.cachedMessages()
        let cached = Set(cachedMessages.map(\.tag))
        let places = translator.reader.places
        var entries: [[String: GroupStoreEntry]] = []
        for place in places { entries.append(try StatusCommand.entriesByKey(place)) }
        let current = translator.detectLocale().locale
        // Names come from the CDN: escaped before they are measured, as they will be printed.
        var rows: [(LocaleTag, String, String)] =
            manifest?.languages.map {
                ($0.tag, TerminalText.escaped($0.name ?? ""), TerminalText.escaped($0.nativeName ?? ""))
            } ?? []
        for tag in cached.sorted(by: { $0.normalized < $1.normalized }) where !rows.contains(where: { $0.0 == tag }) {
            rows.append((tag, "", ""))
        }
        for (tag, name, nativeName) in rows {
            var line = (tag == current ? "* " : "  ") + StatusCommand.column(TerminalText.escaped(tag.displayForm), 10)
            if manifest != nil { line += StatusCommand.column(name, 24) + StatusCommand.column(nativeName, 22) }
            line +=
                cachedMessages.first(where: { $0.tag == tag }).map {
                    let place = min($0.place, places.count - 1)
                    return TerminalText.escaped(
                        StatusCommand.cacheDescription(
                            $0, translator: translator, store: places[place], entries: entries[place])
                            + (places.count > 1 ? "  (\($0.storeName))" : ""))
                } ?? "not cached"
            while line.hasSuffix(" ") { line.removeLast() }
            context.output.writeLine(line)
        }
        for problem in translator.problems { context.output.warning(problem) }
    }
}
