import CDNFetcher
import CommandLineSupport
import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import SampleWidgets
import TimelineEngine
import WidgetTranslator

/// `widget-i18n pseudo`: pseudo-localised bundles for layout checks before any translation exists.
enum PseudoCommand: Command {
    static let path = ["pseudo"]
    static let summary = "Write the pseudo-locales en-XA (accented, 40% longer) and ar-XB (mirrored) to the store"
    static let usage = "pseudo [--from LOCALE] [--locale en-XA|ar-XB …]"
    static let options: [OptionSpec] = [
        .value("from", "LOCALE", "The source locale's cached messages (default: the default locale)"),
        .value("locale", "LOCALE", "en-XA or ar-XB (repeatable; default: both)", repeatable: true),
    ]
    static let discussion = """
        en-XA accents every letter, lengthens the text by about 40% and brackets each message; ar-XB shows every
        word mirrored, right to left, with bidi controls. ICU syntax is untouched (argument names, plural and
        select keywords, #, tags, quoting), so every message still formats. Then 'preview --locale en-XA' and
        'check --layout --locale en-XA' show where a translation will not fit.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("Unexpected argument '\(arguments.positionals[0])'") }
        var kinds: [Pseudolocale] = []
        for text in arguments.allValues("locale") {
            guard let kind = Pseudolocale(try CommandInput.locale(text)) else {
                throw .usage("'\(text)' is not a pseudo-locale; use en-XA or ar-XB")
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        if kinds.isEmpty { kinds = Pseudolocale.allCases }
        let configuration = try context.configuration()
        let translator = try configuration.translator(arguments)
        let from = try arguments.value("from").map { (text) throws(CLIError) in try CommandInput.locale(text) }
        let source = from ?? configuration.defaultLocale
        // Every bundle is made before any is written: a message that does not parse writes nothing.
        let made = try bundles(from: source, translator: translator, kinds)
        for pseudo in made {
            do {
                try ContractWriter(store: translator.store, project: translator.project).storeMessages(
                    pseudo.bundle.jsonBytes, bundle: pseudo.bundle, locale: pseudo.locale.locale)
            } catch { throw .failure("Cannot write \(pseudo.locale.rawValue) to the group store: \(error)") }
            context.output.writeLine(
                "\(pseudo.locale.rawValue): \(pseudo.bundle.messageCount) messages from \(source.displayForm)")
        }
    }

    /// The pseudo-localised bundles of `source`'s cached messages.
    static func bundles(from source: LocaleTag, translator: WidgetTranslator, _ kinds: [Pseudolocale])
        throws(CLIError) -> [(locale: Pseudolocale, bundle: MessageBundle)]
    {
        let messages: MessageBundle
        switch translator.messages(for: source) {
        case .success(let bundle?): messages = bundle
        case .success(nil):
            throw .failure(
                "No cached messages for '\(source.displayForm)' to make pseudo-locales from; run "
                    + "'widget-i18n fetch \(source.displayForm)' first, or pass --from LOCALE")
        case .failure(let error): throw .failure(error.description)
        }
        guard MessageSyntax(declaration: messages.message(forKey: MessageSyntax.declarationKey)) == .icu else {
            throw .failure(
                "'\(source.displayForm)' declares MessageFormat 2 (\"\(MessageSyntax.declarationKey)\": \"2\"); "
                    + "pseudo-locales are made from ICU MessageFormat bundles: pass --from an ICU locale")
        }
        return try kinds.map { (kind) throws(CLIError) in
            var pseudo: [String: String] = [:]
            for key in messages.keys {
                let message = messages.message(forKey: key)!
                do { pseudo[key] = try kind.transform(message) } catch {
                    throw .failure(
                        "\(source.displayForm) \(key): \(error); fix the message (see 'widget-i18n check') and retry")
                }
            }
            return (kind, MessageBundle(messages: pseudo))
        }
    }
}
