import CommandLineSupport
import Foundation
import I18nCore
import LocaleData
import StringCatalog

/// `widget-i18n catalog import`: an Xcode String Catalog as better-i18n bundles, laid out as the CDN serves
/// them.
enum CatalogImportCommand: Command {
    static let path = ["catalog", "import"]
    static let summary =
        "Convert an Xcode String Catalog into ICU MessageFormat bundles (DIR/<locale>/translations.json)"
    static let usage = "catalog import FILE [--out DIR] [--locale L …]"
    static let options: [OptionSpec] = [
        .value("out", "DIR", "Where to write <locale>/translations.json (default: the working directory)"),
        .value("locale", "LOCALE", "A localization to convert (repeatable); default: all", repeatable: true),
    ]
    static let discussion = """
        Each localization becomes an ICU MessageFormat bundle: %@ is {arg1}, %lld {arg1, number, integer},
        a plural variation or a %#@count@ substitution a plural. Device variations keep the iPhone's text (or
        other's) and report the rest; string units marked needs_review or new are imported and reported. Use
        it to seed a better-i18n project from an app's catalog, or as the widget's bundled fallback
        (--bundled DIR, BundledMessages). A catalog that is not JSON, has an unknown version or a malformed
        format specifier is refused with the path of what is wrong, and nothing is written; a key that has no
        ICU form is reported and left out (exit 1), and the rest is written. Every file is written whole, and
        none is unless all can be. A catalog larger than 64 MiB is refused; a bundle larger than the 4 MiB a
        widget reads is written with a warning.

        EXAMPLES:
          widget-i18n catalog import App/Localizable.xcstrings --out seed
          widget-i18n catalog import App/Localizable.xcstrings --locale de --out Widget/Bundled
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard let file = arguments.positionals.first else {
            throw .usage("Name the catalog to import, such as 'widget-i18n catalog import Localizable.xcstrings'")
        }
        guard arguments.positionals.count == 1 else {
            throw .usage("Unexpected argument '\(arguments.positionals[1])'; import one catalog at a time")
        }
        let locales = try arguments.allValues("locale").map { (text) throws(CLIError) in try CommandInput.locale(text) }
        let bytes = try CatalogExportCommand.catalogBytes(context.path(file), shown: file)
        let imported: ImportedCatalog
        do {
            imported = try CatalogImport(locales: locales.isEmpty ? nil : locales).bundles(fromCatalog: bytes)
        } catch { throw .failure("\(file): \(error)") }
        let shown = arguments.value("out") ?? "."
        let directory = context.path(shown)
        let written = imported.locales.filter { !$0.messages.isEmpty }
        let files = written.map { (directory + "/" + $0.directoryName + "/translations.json", $0.jsonBytes) }
        do { try WholeFile.write(files) } catch { throw .failure(error.description) }
        CatalogExportCommand.report(imported.problems, output: context.output)
        for locale in written where !locale.mergedCodes.isEmpty {
            context.output.warning(
                TerminalText.escaped(
                    "\(([locale.code] + locale.mergedCodes).map { "'\($0)'" }.joined(separator: " and ")) name one "
                        + "locale: their messages were merged into \(shown)/\(locale.directoryName)/translations.json"))
        }
        for locale in written {
            context.output.writeLine(
                TerminalText.escaped(
                    "\(locale.code): \(locale.messages.count) message\(locale.messages.count == 1 ? "" : "s") → "
                        + "\(shown)/\(locale.directoryName)/translations.json"))
        }
        for (locale, file) in zip(written, files) where file.1.count > MessageBundle.maximumStoredSize {
            context.output.warning(
                TerminalText.escaped(
                    "\(shown)/\(locale.directoryName)/translations.json is \(file.1.count) bytes, more than "
                        + "the \(MessageBundle.maximumStoredSize / 1024 / 1024) MiB a widget reads "
                        + "(MessageBundle.maximumStoredSize): the widget will refuse it; import fewer keys"))
        }
        for locale in imported.locales where locale.messages.isEmpty {
            context.output.warning("\(locale.code): no message could be imported; nothing written for it")
        }
        try CatalogExportCommand.failIfLeftOut(imported.problems, "imported")
    }
}
