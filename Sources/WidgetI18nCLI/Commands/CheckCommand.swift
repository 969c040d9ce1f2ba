import CommandLineSupport
import I18nCore
import LocaleData
import MessageFormat2
import WidgetTranslator

#if canImport(WidgetPreview)
    import WidgetPreview
#endif

/// `widget-i18n check`: every cached message parses, and uses the same arguments as the default locale's.
enum CheckCommand: Command {
    static let path = ["check"]
    static let summary = "Check cached messages: ICU syntax, arguments, and with --layout whether every line fits"
    static let usage =
        "check [--locale L …] | check --layout [--widget days-since|today|delivery …] [--family F …] [--state FILE] "
        + "[--locale L …] [--from ISO-8601] "
        + "[--text-size SIZE … | --text-size all] [--appearance light|dark|tinted …] [--tint NAME|#RRGGBB] [--strict]"
    static let options: [OptionSpec] =
        [
            .value(
                "locale", "LOCALE", "A locale to check (repeatable); default: every cached locale", repeatable: true),
            .flag("layout", "Lay out every line the widgets show and fail when one is truncated or shows boxes"),
            .flag("strict", "With --layout: exit 1 on contrast warnings too"),
            .value("syntax", "SYNTAX", "icu or mf2: read every message so (default: as each bundle declares)"),
        ] + PreviewSelection.options.filter { $0.name != "locale" }
    static let discussion = """
        Prints one line per problem: LOCALE KEY: what is wrong (with the line:column of a syntax error), then
        a summary per locale. An argument the default locale's message has and this one lacks, or the other way
        round (a renamed {name}), is a problem. Exit 1 when anything was found. A bundle with
        "$messageFormat": "2" is read as Unicode MessageFormat 2 (its syntax and data model errors are problems,
        named by type); --syntax mf2 or icu reads every bundle so.

        With --layout: renders every entry of each widget's timeline from the group store in every family and
        locale, lays each line out as 'widget-i18n preview' draws it (Pango, Noto fonts), and prints
        LOCALE WIDGET FAMILY KEY: overflows by N pt … for every line cut with an ellipsis, pushed out of the
        widget, or showing a character no font has. Exit 1 when any line does not fit.

        --text-size SIZE lays the lines out at Apple's content size categories instead of large, the default
        (xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1 … AX5); each problem then names its size:
        LOCALE WIDGET FAMILY KEY at SIZE: …. With --text-size all (or several sizes) each line that does not fit
        is reported once, at the smallest size at which it stops fitting: LOCALE WIDGET FAMILY KEY from SIZE: ….

        Each appearance checked (--appearance, default light; --tint the accent colour) warns on stderr about text
        whose contrast with its background is under WCAG 2's 4.5:1, or 3:1 for large text (24 pt, 18.67 pt bold):
        warning: APPEARANCE KEY (ROLE): #RRGGBB on #RRGGBB is N:1, …. Warnings leave the exit code alone unless
        --strict.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard arguments.positionals.isEmpty else {
            throw .usage("Unexpected argument '\(arguments.positionals[0])'; pass locales with --locale L")
        }
        if arguments.has("strict") && !arguments.has("layout") {
            throw .usage("--strict applies to the layout check; add --layout")
        }
        if arguments.has("layout") {
            guard arguments.value("syntax") == nil else { throw .usage("--syntax does not apply to --layout") }
            try await checkLayout(arguments, context: context)
            return
        }
        let forcedSyntax: MessageSyntax?
        switch arguments.value("syntax") {
        case nil: forcedSyntax = nil
        case let text?:
            guard let syntax = MessageSyntax(rawValue: text) else {
                throw .usage("Unknown syntax '\(text)'; use icu or mf2")
            }
            forcedSyntax = syntax
        }
        for name in [
            "widget", "family", "state", "from", "time-zone", "event", "bundled", "text-size", "appearance", "tint",
        ]
        where arguments.value(name) != nil {
            throw .usage("--\(name) applies to the layout check; add --layout")
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
        let referenceSyntax =
            forcedSyntax ?? MessageSyntax(declaration: reference?.message(forKey: MessageSyntax.declarationKey))
        var total = 0
        for locale in locales {
            let read = translator.messages(for: locale)
            guard case .success(let found) = read, let messages = found else {
                var reason = ""
                if case .failure(let error) = read { reason = " (\(error))" }
                context.output.writeLine("\(locale.displayForm): no usable cached messages\(reason)")
                total += 1
                continue
            }
            var problems = 0
            let syntax =
                forcedSyntax ?? MessageSyntax(declaration: messages.message(forKey: MessageSyntax.declarationKey))
            for key in messages.keys where key != MessageSyntax.declarationKey {
                let message = messages.message(forKey: key)!
                let actual: [String]
                switch argumentNames(message, syntax: syntax) {
                case .failure(let error):
                    context.output.writeLine(TerminalText.escaped("\(locale.displayForm) \(key): \(error)"))
                    problems += 1
                    continue
                case .success(let names):
                    actual = names
                }
                guard locale != configuration.defaultLocale, let source = reference?.message(forKey: key),
                    case .success(let expected) = argumentNames(source, syntax: referenceSyntax)
                else { continue }
                for name in expected where !actual.contains(name) {
                    context.output.writeLine(
                        TerminalText.escaped(
                            "\(locale.displayForm) \(key): missing argument {\(name)} that "
                                + "'\(configuration.defaultLocale.displayForm)' uses"))
                    problems += 1
                }
                for name in actual where !expected.contains(name) {
                    context.output.writeLine(
                        TerminalText.escaped(
                            "\(locale.displayForm) \(key): argument {\(name)} that "
                                + "'\(configuration.defaultLocale.displayForm)' does not use"))
                    problems += 1
                }
            }
            context.output.writeLine(
                "\(locale.displayForm): \(messages.messageCount) messages, \(problems) problem\(problems == 1 ? "" : "s")"
            )
            total += problems
        }
        for problem in translator.problems { context.output.warning(problem) }
        if total > 0 { throw .failure("\(total) problem\(total == 1 ? "" : "s") found") }
    }

    /// The arguments `message` uses, or why it does not parse in `syntax`.
    private static func argumentNames(_ message: String, syntax: MessageSyntax) -> Result<[String], CheckFailure> {
        switch syntax {
        case .icu:
            return ICUMessageFormatter.parse(message).map { MessageElement.argumentNames(in: $0) }
                .mapError { CheckFailure(description: $0.description) }
        case .messageFormat2:
            do {
                return .success(try MF2Parser.parse(message).argumentNames)
            } catch {
                let location = FormatCommand.location(of: error, in: message).map { " at \($0)" } ?? ""
                return .failure(CheckFailure(description: "\(error.code): \(error.message)\(location)"))
            }
        }
    }

    private struct CheckFailure: Error, CustomStringConvertible {
        let description: String
    }

    private static func bundle(_ translator: WidgetTranslator, _ locale: LocaleTag) -> MessageBundle? {
        if case .success(let bundle) = translator.messages(for: locale) { return bundle }
        return nil
    }

    /// `check --layout`: every line of every entry, family and locale laid out; exit 1 when one does not fit.
    private static func checkLayout(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        #if canImport(WidgetPreview)
            var selection = try PreviewSelection(arguments, context: context, defaultToAllLocales: true)
            selection.options.allEntries = true
            let images: [PreviewImage]
            do { images = try await Previews().layouts(selection.options, source: selection.source) } catch {
                throw .failure(error.description)
            }
            let sizes = selection.options.textSizes
            // At the default size alone the report reads as it always has; at one other size each problem names it.
            // At several, each line (key and text) is reported once, at the smallest size at which it stops fitting in
            // any entry, with what is wrong at that size.
            var reports: [String] = []
            if sizes.count == 1 {
                var reported: Set<String> = []
                let at = sizes == [.default] ? "" : " at \(sizes[0].name)"
                for image in images {
                    for line in image.layout.problems {
                        // Entries of one timeline repeat most lines: a problem is reported once per text.
                        let report = TerminalText.escaped(
                            "\(image.locale.displayForm) \(image.widget) \(image.family.shortName) \(line.key)\(at): "
                                + "\(line.problemDescription ?? "") — \"\(line.text)\"")
                        if reported.insert(report).inserted { reports.append(report) }
                    }
                }
            } else {
                var order: [String] = []
                var smallest: [String: (size: TextSize, line: LaidOutLine)] = [:]
                for image in images {
                    for line in image.layout.problems {
                        let identity =
                            "\(image.locale.displayForm) \(image.widget) \(image.family.shortName) \(line.key)"
                        let key = identity + "\u{0}" + line.text
                        guard let found = smallest[key] else {
                            order.append(key)
                            smallest[key] = (image.textSize, line)
                            continue
                        }
                        if image.textSize < found.size { smallest[key] = (image.textSize, line) }
                    }
                }
                for key in order {
                    let (size, line) = smallest[key]!
                    let identity = String(key.prefix { $0 != "\u{0}" })
                    reports.append(
                        TerminalText.escaped(
                            "\(identity) from \(size.name): \(line.problemDescription ?? "") — \"\(line.text)\""))
                }
            }
            for report in reports { context.output.writeLine(report) }
            let problems = reports.count
            // Contrast depends on the appearance, the role and its size, not on the text: one warning for each.
            var warnings: [String] = []
            var warned: Set<String> = []
            for image in images {
                for problem in image.appearance.contrastProblems(in: image.layout) {
                    let appearance = image.appearance.appearance.rawValue
                    let role = problem.line.role.rawValue
                    guard warned.insert("\(appearance) \(role): \(problem.description)").inserted else { continue }
                    warnings.append("\(appearance) \(problem.line.key) (\(role)): \(problem.description)")
                }
            }
            for warning in warnings { context.output.warning(warning) }
            let lines = images.reduce(0) { $0 + $1.layout.lines.count }
            func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
                "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
            }
            let options = selection.options
            let verdict = problems == 1 ? "1 does not fit" : "\(problems) do not fit"
            context.output.writeLine(
                "\(count(lines, "line")) in \(count(images.count, "entry", "entries")) of "
                    + "\(count(options.widgets.count, "widget")) × \(count(options.families.count, "family", "families")) × "
                    + "\(count(options.locales.count, "locale"))\(PreviewCommand.sizes(options)): \(verdict)")
            if problems > 0 {
                throw .failure("\(count(problems, "line")) \(problems == 1 ? "does" : "do") not fit")
            }
            if arguments.has("strict") && !warnings.isEmpty {
                throw .failure("\(count(warnings.count, "contrast warning")) (--strict)")
            }
        #else
            throw DrawingSupport.unavailable("check --layout")
        #endif
    }
}
