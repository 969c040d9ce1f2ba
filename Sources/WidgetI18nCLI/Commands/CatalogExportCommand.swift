import CDNFetcher
import CommandLineSupport
import Foundation
import GroupStore
import I18nCore
import LocaleData
import StringCatalog
import WidgetTranslator

/// `widget-i18n catalog export`: the cached (or the CDN's) bundles as an Xcode String Catalog, for the strings
/// iOS reads from the widget extension's own bundle.
enum CatalogExportCommand: Command {
    static let path = ["catalog", "export"]
    static let summary = "Write an Xcode String Catalog (.xcstrings) of some keys from the cached or the CDN's bundles"
    static let usage =
        "catalog export --keys PREFIX… [--locale L … | --all] [--source-locale L] [--out FILE] [--merge FILE] [--cdn URL]"
    static let options: [OptionSpec] = [
        .value(
            "keys", "PREFIX",
            "Export the keys under PREFIX: itself and PREFIX.… (repeatable; more prefixes may follow as words)",
            repeatable: true),
        .value(
            "locale", "LOCALE", "A locale to export (repeatable); default: every cached locale, or the manifest's",
            repeatable: true),
        .flag("all", "Every cached locale (with --cdn: every language of the manifest); the default"),
        .value(
            "source-locale", "LOCALE",
            "The catalog's source language (default: the --merge catalog's, else the default locale)"),
        .value("out", "FILE", "Where to write the catalog (default: the --merge file, else standard output)"),
        .value("merge", "FILE", "Update this catalog: only the exported keys change, the rest stays byte for byte"),
        FetchCommand.httpClientOption,
    ]
    static let discussion = """
        Reads the messages as the widget does, from the group store, or with --cdn URL on the command line
        straight from that CDN (nothing is stored). Localizations get Xcode's codes (pt-BR, zh-Hant, es-419).
        {name} becomes %@, numbers %lld or %lf (positional, %1$@, when a key has two or more arguments), a
        whole-message plural a plural variation with each locale's categories, and plurals inside a longer
        message substitutions (%#@count@). A key or localization a catalog cannot hold (select, selectordinal,
        nested plurals, dates, an =2 case) is reported as an error naming the key and the construct, and left
        out; the rest is written, and the exit status is 1. The file is written whole or not at all.

        EXAMPLES:
          widget-i18n catalog export --keys gallery intent --merge Widgets/Localizable.xcstrings
          widget-i18n catalog export --keys gallery --locale de --locale ja --out /tmp/gallery.xcstrings
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        let given = arguments.allValues("keys")
        guard !given.isEmpty else {
            throw .usage("Pass the keys to export with --keys PREFIX, such as --keys gallery --keys intent")
        }
        let prefixes = given + arguments.positionals
        if arguments.has("all"), !arguments.allValues("locale").isEmpty {
            throw .usage("Pass either --all or --locale, not both")
        }
        let requested = try arguments.allValues("locale").map { (text) throws(CLIError) in
            try CommandInput.locale(text)
        }
        let configuration = try context.configuration()
        let merge = arguments.value("merge")
        let existing = try merge.map { (path) throws(CLIError) in try catalogBytes(context.path(path), shown: path) }
        let sourceLocale = try Self.sourceLocale(
            arguments, configuration: configuration, existing: existing, path: merge)
        let bundles =
            arguments.value("cdn") != nil
            ? try await fromCDN(configuration, arguments: arguments, requested: requested, source: sourceLocale)
            : try fromStore(configuration, arguments: arguments, requested: requested, source: sourceLocale)
        let exported: ExportedCatalog
        do {
            exported = try CatalogExport(sourceLocale: sourceLocale, keyPrefixes: prefixes).catalog(
                from: bundles, merging: existing)
        } catch {
            throw .failure(merge.map { "\($0): \(error)" } ?? error.description)
        }
        let out = arguments.value("out") ?? merge
        // Stdout holds the catalog alone when it is the file (--out /dev/stdout): the counts go to stderr then.
        let counting = out.map { context.output.reporting(beside: context.path($0)) } ?? context.output
        if let out {
            do { try WholeFile.write(exported.bytes, to: context.path(out)) } catch {
                throw .failure(error.description)
            }
        }
        report(exported.problems, output: context.output)
        if let out {
            var counts = ["\(exported.added) added", "\(exported.changed) changed", "\(exported.unchanged) unchanged"]
            if existing != nil { counts.append("\(exported.kept) other key\(exported.kept == 1 ? "" : "s") kept") }
            counting.writeLine(
                TerminalText.escaped(
                    "\(out): \(exported.keys.count) key\(exported.keys.count == 1 ? "" : "s") in "
                        + "\(exported.locales.count) localizations (\(exported.locales.joined(separator: ", "))): "
                        + counts.joined(separator: ", ")))
        } else {
            context.output.writeBytes(exported.bytes)
        }
        try failIfLeftOut(exported.problems, "exported")
    }

    /// Exit 1 when a key or localization was left out, after the rest was written.
    static func failIfLeftOut(_ problems: [CatalogProblem], _ verb: String) throws(CLIError) {
        let errors = problems.filter { $0.severity == .error }.count
        guard errors > 0 else { return }
        throw .failure(
            "\(errors) key\(errors == 1 ? "" : "s") or localization\(errors == 1 ? "" : "s") could not be \(verb) "
                + "and \(errors == 1 ? "was" : "were") left out; the rest was written")
    }

    /// Warnings and errors about single keys, on stderr.
    static func report(_ problems: [CatalogProblem], output: Output) {
        for problem in problems {
            switch problem.severity {
            case .warning: output.warning(problem.description)
            case .error: output.error(problem.description)
            }
        }
    }

    /// The bytes of the catalog at `path`, which messages call `shown` (as the user wrote it): a regular file of at
    /// most `CatalogImport.maximumCatalogSize` bytes (`CommandInput.regularFileBytes`).
    static func catalogBytes(_ path: String, shown: String) throws(CLIError) -> [UInt8] {
        try CommandInput.regularFileBytes(
            path, shown: shown, what: "the catalog", limit: CatalogImport.maximumCatalogSize,
            tooLarge: CatalogImport.tooLarge)
    }

    /// `--source-locale`, else the merged catalog's source language, else the default locale.
    private static func sourceLocale(
        _ arguments: ParsedArguments, configuration: Configuration, existing: [UInt8]?, path: String?
    ) throws(CLIError) -> LocaleTag {
        if let text = arguments.value("source-locale") { return try CommandInput.locale(text) }
        guard let existing, let path else { return configuration.defaultLocale }
        let code: String
        do { code = try CatalogExport.sourceLanguage(ofCatalog: existing) } catch {
            throw .failure("\(path): \(error)")
        }
        guard let tag = LocaleTag(parsing: code) else {
            throw .failure("\(path): sourceLanguage: '\(code)' is not a locale code; pass --source-locale")
        }
        return tag
    }

    /// The cached messages of the requested locales (else of every cached locale but the pseudo-locales), the
    /// source locale's among them.
    static func fromStore(
        _ configuration: Configuration, arguments: ParsedArguments, requested: [LocaleTag], source: LocaleTag
    ) throws(CLIError) -> [LocaleTag: MessageBundle] {
        let translator = try configuration.translator(arguments)
        var locales = requested
        if locales.isEmpty { locales = translator.cachedLocales().filter { Pseudolocale($0) == nil } }
        if !locales.contains(source) { locales.insert(source, at: 0) }
        var bundles: [LocaleTag: MessageBundle] = [:]
        for locale in locales {
            switch translator.messages(for: locale) {
            case .success(let bundle?): bundles[locale] = bundle
            case .success(nil):
                throw .failure(
                    "No cached messages for '\(locale.displayForm)'; run 'widget-i18n fetch --locale "
                        + "\(locale.displayForm)' first, or pass --cdn URL")
            case .failure(let problem): throw .failure(problem.description)
            }
        }
        return bundles
    }

    /// The requested locales (else every language of the manifest), fetched from `--cdn` into memory.
    private static func fromCDN(
        _ configuration: Configuration, arguments: ParsedArguments, requested: [LocaleTag], source: LocaleTag
    ) async throws(CLIError) -> [LocaleTag: MessageBundle] {
        let project = try configuration.requireProject()
        let store = InMemoryGroupStore(displayName: "memory")
        let fetcher = try FetchCommand.makeFetcher(configuration, arguments: arguments, store: store, project: project)
        let manifestFetch: ManifestFetch
        do { manifestFetch = try await fetcher.fetchManifest() } catch { throw .failure(error.description) }
        if case .failed(let reason) = manifestFetch.outcome { throw .failure(reason) }
        var locales = requested.isEmpty ? manifestFetch.manifest.languages.map(\.tag) : requested
        if !locales.contains(source) { locales.insert(source, at: 0) }
        let report = await fetcher.fetch(locales, committing: manifestFetch)
        for result in report.locales {
            if case .failed(let reason) = result.outcome { throw .failure("\(result.locale.displayForm): \(reason)") }
        }
        let translator = WidgetTranslator(
            store: store, project: project, defaultLocale: source, preferredLanguages: [])
        var bundles: [LocaleTag: MessageBundle] = [:]
        for locale in locales {
            switch translator.messages(for: locale) {
            case .success(let bundle?): bundles[locale] = bundle
            case .success(nil): throw .failure("The CDN has no messages for '\(locale.displayForm)'")
            case .failure(let problem): throw .failure(problem.description)
            }
        }
        return bundles
    }
}
