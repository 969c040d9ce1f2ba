import Foundation
import GroupStore
import I18nCore
import WidgetTranslator

/// `widget-i18n status`: what is in the group store for the project.
enum StatusCommand: Command {
    static let path = ["status"]
    static let summary = "Show the project, its group container, the locale and the cached locales"
    static let usage = "status"

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("'status' takes no arguments") }
        let configuration = try context.configuration()
        let project = try configuration.requireProject()
        let store = try configuration.store()
        let translator = try TranslateCommand.makeTranslator(configuration, arguments: arguments)
        let stored: String
        do { stored = try store.string(forKey: StorageKey.locale(project: project)) ?? "(none)" } catch {
            stored = "(unreadable: \(error))"
        }
        let lines: [(String, String)] = [
            ("project", project.description),
            ("group", configuration.groupDirectory == nil ? (configuration.groupIdentifier ?? "-") : "(directory)"),
            ("container", store.directory),
            ("stored locale", stored),
            ("detected locale", translator.detectLocale().description),
            ("default locale", configuration.defaultLocale.displayForm),
        ]
        for (label, value) in lines { context.output.writeLine(label.padding(toLength: 17, withPad: " ", startingAt: 0) + value) }
        let rows = try cachedLocaleRows(translator: translator, store: store)
        context.output.writeLine("cached locales   " + (rows.isEmpty ? "(none)" : "\(rows.count)"))
        for row in rows { context.output.writeLine("  " + row) }
        for diagnostic in translator.diagnostics { context.output.warning(diagnostic) }
    }

    /// One line a cached locale: `* tr      1234 messages   45.2 KB   3 min ago`.
    static func cachedLocaleRows(translator: WidgetTranslator, store: FileGroupStore) throws(CLIError) -> [String] {
        let entries: [String: GroupStoreEntry]
        do {
            entries = Dictionary(try store.entries().map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        } catch { throw .failure("\(error)") }
        let current = translator.detectLocale().locale
        return translator.cachedLocales().map { tag in
            let entry = entries[StorageKey.messages(project: translator.project, locale: tag)]
            let marker = tag == current ? "*" : " "
            let messages: String
            switch translator.messages(for: tag) {
            case .success(let bundle): messages = "\(bundle?.messageCount ?? 0) messages"
            case .failure: messages = "unreadable"
            }
            return "\(marker) \(tag.normalized.padding(toLength: 10, withPad: " ", startingAt: 0))"
                + "\(messages.padding(toLength: 15, withPad: " ", startingAt: 0))"
                + "\(HumanFormat.size(entry?.size ?? 0).padding(toLength: 10, withPad: " ", startingAt: 0))"
                + HumanFormat.age(of: entry?.modified)
        }
    }
}
