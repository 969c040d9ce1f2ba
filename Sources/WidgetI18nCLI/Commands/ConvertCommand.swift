import CommandLineSupport
import I18nCore
import LocaleData
import MessageFormat2
import StringCatalog

/// `widget-i18n convert mf2`: a better-i18n bundle's ICU messages rewritten as Unicode MessageFormat 2
/// (`MF2Conversion`), in a bundle that declares `"$messageFormat": "2"`.
enum ConvertCommand: Command {
    static let path = ["convert", "mf2"]
    static let summary = "Rewrite a bundle's ICU messages as MessageFormat 2 that prints the same text"
    static let usage = "convert mf2 --locale L [FILE | -] [--out FILE]"
    static let options: [OptionSpec] = [
        .value("locale", "LOCALE", "The messages' locale, whose plurals, currency and patterns they use (required)"),
        .value("out", "FILE", "Where to write the MF2 bundle, replaced whole (default: standard output)"),
    ]
    static let discussion = """
        Reads a better-i18n bundle (JSON, nested or with dotted keys) from FILE, or from standard input without
        one or with -, and writes it with every message in Unicode MessageFormat 2 and "$messageFormat": "2"
        first, which is how a bundle declares MF2 to a translator. Each MF2 message prints what its ICU message
        prints in LOCALE, for every argument: plural, selectordinal and select become one .match, numbers the
        :number, :percent, :currency and :unit options of their style or skeleton, dates :date and :time, tags
        markup. (A translator formats MF2 with its default bidi isolation: U+2068 … U+2069 around placeholders,
        which the ICU messages did not have.) The keys keep their order, nested at their dots; values that are
        not strings are left out; a bundle over the 4 MiB a widget reads is a warning.

        A message MF2 cannot say as ICU prints it (a compact or scientific skeleton, a decimal or date pattern,
        more than 1,000 variants, …) is left out with a warning, warning: key 'KEY': why; the rest is written
        and the exit status is 1. A bundle that already declares "$messageFormat": "2" is refused.

        EXAMPLES:
          widget-i18n convert mf2 --locale de Locales/de/translations.json --out de.mf2.json
          widget-i18n store get '@better-i18n:messages:acme/widgets:pl' | widget-i18n convert mf2 --locale pl
        """

    /// The member that declares a bundle's message format.
    static var formatKey: String { MessageSyntax.declarationKey }

    /// The largest bundle read: well past the 4 MiB a widget reads (`MessageBundle.maximumStoredSize`), so that a
    /// bundle is converted before it is split.
    static let maximumInputSize = 64 * 1024 * 1024

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard let localeText = arguments.value("locale") else {
            throw .usage(
                "Missing --locale L: the locale of the messages, whose plural rules and numbers the MF2 keeps")
        }
        let locale = try CommandInput.locale(localeText)
        guard arguments.positionals.count <= 1 else {
            throw .usage("Unexpected argument '\(arguments.positionals[1])'; convert one bundle at a time")
        }
        let file = arguments.positionals.first ?? "-"
        let shown = file == "-" ? "standard input" : file
        let bytes = try input(file, context: context)
        let bundle: MessageBundle
        do { bundle = try MessageBundle(jsonBytes: bytes) } catch { throw .failure("\(shown): \(error)") }
        if bundle.message(forKey: formatKey) == "2" {
            throw .usage("\(shown) already declares \"\(formatKey)\": \"2\": its messages are MessageFormat 2")
        }
        let keys = bundle.keys.filter { $0 != formatKey }
        if let nested = keys.first(where: { $0.hasPrefix(formatKey + ".") }) {
            throw .usage(
                "\(shown) has a message at '\(nested)', under \"\(formatKey)\", the member that declares a bundle's "
                    + "message format; move it")
        }
        var messages: [(key: String, message: String)] = [(formatKey, "2")]
        var refused = 0
        for key in keys {
            // Every key of `keys` is a message of the bundle.
            switch MF2Conversion.convert(bundle.message(forKey: key)!, locale: locale) {
            case .success(let message): messages.append((key, message))
            case .failure(let refusal):
                refused += 1
                context.output.warning("key '\(key)': \(refusal.reason)")
            }
        }
        // Laid out as `catalog import` writes bundles, the CDN's shape.
        let json = BundleJSON.bytes(messages)
        // Each variant repeats its whole message: a flattened bundle can outgrow what a widget reads.
        if json.count > MessageBundle.maximumStoredSize {
            context.output.warning(
                "The MF2 bundle is \(json.count) bytes, over the \(MessageBundle.maximumStoredSize / 1024 / 1024) MiB a widget "
                    + "reads; split it into namespaces")
        }
        if let out = arguments.value("out") {
            // Stdout holds the bundle alone when it is the file (--out /dev/stdout): the count goes to stderr then.
            let counting = context.output.reporting(beside: context.path(out))
            do { try WholeFile.write(json, to: context.path(out)) } catch { throw .failure(error.description) }
            let count = keys.count - refused
            counting.writeLine(TerminalText.escaped("\(count) message\(count == 1 ? "" : "s") → \(out)"))
        } else {
            context.output.writeBytes(json)
        }
        guard refused == 0 else {
            throw .failure(
                refused == 1
                    ? "1 of \(keys.count) messages has no MF2 form; it is left out"
                    : "\(refused) of \(keys.count) messages have no MF2 form; they are left out")
        }
    }

    /// The bytes of `file`, or of standard input for `-`.
    private static func input(_ file: String, context: CommandContext) throws(CLIError) -> [UInt8] {
        func tooLarge(_ size: Int) -> String {
            "it is \(size) bytes or more; a bundle to convert is at most \(maximumInputSize / 1024 / 1024) MiB"
        }
        guard file == "-" else {
            return try CommandInput.regularFileBytes(
                context.path(file), shown: file, what: "the bundle", limit: maximumInputSize, tooLarge: tooLarge)
        }
        let bytes: [UInt8]
        do { bytes = try StandardStreams.readInput(limit: maximumInputSize) } catch {
            switch error {
            case .closed:
                throw .failure("Standard input is closed; name the bundle: 'widget-i18n convert mf2 --locale L FILE'")
            case .tooLarge:
                throw .failure("Cannot read the bundle on standard input: \(tooLarge(maximumInputSize + 1))")
            default:
                throw .failure("Cannot read standard input: \(error.reason)")
            }
        }
        return bytes
    }
}
