import CDNFetcher
import CommandLineSupport
import Foundation
import GroupContract
import GroupStore
import HomeScreenSimulator
import I18nCore
import LocaleData
import SampleWidgets
import TimelineEngine
import WidgetTranslator

#if canImport(WidgetPreview)
    import WidgetPreview
#endif

/// `widget-i18n preview`: every widget in every language and family as a PNG, with a report and a contact sheet.
enum PreviewCommand: Command {
    static let path = ["preview"]
    static let summary = "Draw the sample widgets in every locale and family as PNGs, with a contact sheet"
    static let usage =
        "preview [--widget days-since|today|delivery …] [--family small|medium|large|lockScreen|islandCompact|"
        + "islandMinimal|islandExpanded …] [--state FILE] [--locale L … | --all-locales] "
        + "[--from ISO-8601] [--time-zone TZ] [--text-size SIZE … | --text-size all] [--appearance light|dark|tinted …] "
        + "[--tint NAME|#RRGGBB] [--entries first|all] [--out DIR] [--pseudo] [--widget-language L]"
    static let options: [OptionSpec] =
        PreviewSelection.options + [
            .flag("all-locales", "Every cached locale (default: the locale the widget detects)"),
            .value("entries", "first|all", "The entry shown at --from (default), or every entry of the timeline"),
            .value("out", "DIR", "Where to write the PNGs, report.json and index.html (default: widget-previews)"),
            .flag("pseudo", "Add the pseudo-locales en-XA and ar-XB, made from the default locale in memory"),
            .value(
                "widget-language", "LOCALE",
                "Draw each widget set to this language in its configuration, beside the one that follows the app"),
        ]
    static let discussion = """
        Renders each widget's timeline from the group store, as the widget would, and draws every selected entry
        at @2x of the iPhone 15/16 Pro sizes (small 316×316 px, medium 676×316, large 676×708) with Pango and
        Cairo in the Noto fonts. DIR/report.json measures every line (needed_pt, available_pt, truncated,
        unknown_glyphs, text_size); DIR/index.html shows them all, locales down and families across. --text-size
        lays each entry out at Apple's content size categories (xSmall, small, medium, large (default), xLarge,
        xxLarge, xxxLarge, AX1 … AX5; all: every one), each PNG then under DIR/<widget>/<family>/<size>/.
        --appearance draws the home screen's light, dark or tinted rendering (all: the three), the contact sheet
        a column for each, each PNG then under …/<appearance>/; --tint picks the accent colour: automatic, red,
        orange, yellow, green, mint, teal, cyan, blue, indigo, purple or #RRGGBB. DIR is written whole
        or not at all, and only replaces an earlier preview directory. Exit 0 even when lines are truncated:
        'widget-i18n check --layout' is the check that fails. --widget-language L draws each widget twice, as a
        widget set to L in its configuration intent renders (WidgetTranslator.choosingLanguage) and as one that
        follows the app: L must be cached, as it must be to be offered.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        #if canImport(WidgetPreview)
            guard arguments.positionals.isEmpty else {
                throw .usage("Unexpected argument '\(arguments.positionals[0])'")
            }
            let entries = arguments.value("entries") ?? "first"
            guard ["first", "all"].contains(entries) else {
                throw .usage("Unknown --entries '\(entries)'; use first or all")
            }
            if arguments.has("all-locales") && !arguments.allValues("locale").isEmpty {
                throw .usage("Pass either --all-locales or --locale L, not both")
            }
            var selection = try PreviewSelection(
                arguments, context: context, defaultToAllLocales: arguments.has("all-locales"),
                pseudo: arguments.has("pseudo"))
            selection.options.allEntries = entries == "all"
            if let language = arguments.value("widget-language") {
                selection.options.locales = try Self.widgetLanguage(language, arguments, selection.translator)
            }
            let out = arguments.value("out") ?? "widget-previews"
            let directory = context.path(out)
            let images: [PreviewImage]
            do {
                images = try await Previews().write(selection.options, source: selection.source, to: directory)
            } catch { throw .failure(error.description) }
            let problems = images.problems.count
            context.output.writeLine(
                "Wrote \(images.count) preview\(images.count == 1 ? "" : "s") of \(selection.options.widgets.count) "
                    + "widget\(selection.options.widgets.count == 1 ? "" : "s") × \(selection.options.families.count) "
                    + "famil\(selection.options.families.count == 1 ? "y" : "ies") × \(selection.options.locales.count) "
                    + "locale\(selection.options.locales.count == 1 ? "" : "s")\(Self.sizes(selection.options)) to "
                    + "\(directory); \(problems) line"
                    + "\(problems == 1 ? "" : "s") truncated or missing glyphs")
            context.output.writeLine(URL(fileURLWithPath: directory + "/index.html").absoluteString)
        #else
            throw DrawingSupport.unavailable("preview")
        #endif
    }

    #if canImport(WidgetPreview)
        /// The locales `--widget-language` draws: the app's, then the one a widget set to `language` renders in.
        static func widgetLanguage(_ language: String, _ arguments: ParsedArguments, _ translator: WidgetTranslator)
            throws(CLIError) -> [LocaleTag]
        {
            guard arguments.allValues("locale").isEmpty, !arguments.has("all-locales"), !arguments.has("pseudo") else {
                throw .usage(
                    "--widget-language draws the app's language beside the chosen one; drop --locale, "
                        + "--all-locales and --pseudo")
            }
            let tag = try CommandInput.locale(language)
            let widget = translator.choosingLanguage(tag.normalized)
            guard widget.language != nil else {
                throw .failure(
                    "No messages for '\(tag.displayForm)' in the group store: a widget set to it follows the app, and "
                        + "its configuration does not offer it; offered: "
                        + translator.widgetLanguages().map { $0.locale?.displayForm ?? "the app's language" }
                        .joined(separator: ", "))
            }
            return translator.locale == widget.locale ? [widget.locale] : [translator.locale, widget.locale]
        }

        /// ` × 12 text sizes` when other sizes than the default one were asked for, ` at xxxLarge` for one; then
        /// ` × 3 appearances`, or ` in dark` for one other than light.
        static func sizes(_ options: PreviewOptions) -> String {
            let sizes =
                switch options.textSizes {
                case [.default]: ""
                case let sizes where sizes.count == 1: " at \(sizes[0].name)"
                case let sizes: " × \(sizes.count) text sizes"
                }
            let appearances =
                switch options.appearances {
                case [.light]: ""
                case let one where one.count == 1: " in \(one[0].rawValue)"
                case let all: " × \(all.count) appearances"
                }
            return sizes + appearances
        }
    #endif
}

/// The widgets, families, locales and moment that `preview` and `check --layout` look at, read from the same
/// options with the same errors.
struct PreviewSelection {
    static let options: [OptionSpec] = [
        .value(
            "widget", "KIND",
            "days-since, today or the Live Activity delivery (repeatable; default: days-since, today)",
            repeatable: true),
        .value(
            "family", "SIZE",
            "small, medium or large; lockScreen, islandCompact, islandMinimal or islandExpanded (repeatable; default: "
                + "each widget's own)", repeatable: true),
        .value("state", "FILE", "The delivery activity's state as JSON (default: the sample's, arriving in 12 min)"),
        .value("locale", "LOCALE", "A locale to show (repeatable)", repeatable: true),
        .value("from", "ISO-8601", "The moment the timelines are made at (default: now)"),
        .value("time-zone", "TZ", "The widgets' time zone (default: the system's)"),
        .value("event", "ID", "days-since: the event to show (default: the most recent)"),
        .value("bundled", "DIR", "Messages shipped with the app, laid out as <DIR>/<locale>/translations.json"),
        .value(
            "text-size", "SIZE",
            "xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1 … AX5, or all (repeatable; default: large)",
            repeatable: true),
        .value("appearance", "MODE", "light, dark, tinted or all (repeatable; default: light)", repeatable: true),
        .value("tint", "COLOUR", "The accent colour: automatic (default), a system colour's name, or #RRGGBB"),
    ]

    #if canImport(WidgetPreview)
        /// The appearances `--appearance` names, in the order light, dark, tinted; light when none is given.
        static func appearances(_ arguments: ParsedArguments) throws(CLIError) -> [Appearance] {
            var appearances: Set<Appearance> = []
            for name in arguments.allValues("appearance") {
                if name == "all" {
                    appearances.formUnion(Appearance.allCases)
                } else if let appearance = Appearance(rawValue: name) {
                    appearances.insert(appearance)
                } else {
                    throw .usage("Unknown --appearance '\(name)'; use light, dark, tinted or all")
                }
            }
            return appearances.isEmpty ? [.light] : Appearance.allCases.filter(appearances.contains)
        }

        /// The tint `--tint` names; `automatic` when none is given.
        static func tint(_ arguments: ParsedArguments) throws(CLIError) -> Tint {
            guard let name = arguments.value("tint") else { return .automatic }
            guard let tint = Tint(name) else {
                throw .usage(
                    "Unknown --tint '\(name)'; use automatic, " + Tint.named.map(\.name).joined(separator: ", ")
                        + " or #RRGGBB")
            }
            return tint
        }

        /// The text sizes `--text-size` names, in Apple's order; `large` when none is given.
        static func textSizes(_ arguments: ParsedArguments) throws(CLIError) -> [TextSize] {
            var sizes: [TextSize] = []
            for name in arguments.allValues("text-size") {
                if name == "all" {
                    sizes.append(contentsOf: TextSize.allCases)
                } else if let size = TextSize(name: name) {
                    sizes.append(size)
                } else {
                    throw .usage(
                        "Unknown --text-size '\(name)'; use "
                            + TextSize.allCases.map(\.name).joined(separator: ", ") + " or all")
                }
            }
            return sizes.isEmpty ? [.default] : Set(sizes).sorted()
        }

        var options: PreviewOptions
        var source: WidgetSource
        let translator: WidgetTranslator
        let defaultLocale: LocaleTag

        /// `pseudo` adds en-XA and ar-XB, made in memory, to the locales (or lets `--locale` name them).
        init(_ arguments: ParsedArguments, context: CommandContext, defaultToAllLocales: Bool, pseudo: Bool = false)
            throws(CLIError)
        {
            let input = try WidgetRenderInput(arguments, context: context)
            var widgets: [PreviewWidget] = []
            for kind in arguments.allValues("widget") {
                switch try CommandInput.previewKind(kind) {
                case "today": widgets.append(.today)
                case "delivery":
                    widgets.append(.delivery(state: try CommandInput.deliveryState(arguments, context: context)))
                default: widgets.append(.daysSince(eventID: input.eventID))
                }
            }
            if widgets.isEmpty { widgets = [.daysSince(eventID: input.eventID), .today] }
            if arguments.value("state") != nil, !widgets.contains(where: { $0.kind == "delivery" }) {
                throw .usage("--state is the delivery activity's; add --widget delivery")
            }
            var families: [HomeScreenFamily] = []
            for name in arguments.allValues("family") {
                let family = try CommandInput.family(name, activities: true)
                guard widgets.contains(where: { $0.families.contains(family) }) else {
                    throw .usage(
                        "No selected widget has the family '\(name)': "
                            + widgets.map { "\($0.kind) has \($0.families.map(\.shortName).joined(separator: ", "))" }
                            .joined(separator: "; "))
                }
                if !families.contains(family) { families.append(family) }
            }
            if families.isEmpty {
                families = HomeScreenFamily.allCases.filter { family in
                    widgets.contains { $0.families.contains(family) }
                }
            }
            let requested = try arguments.allValues("locale").map { (text) throws(CLIError) in
                try CommandInput.locale(text)
            }
            let date = try CommandInput.start(arguments)
            let textSizes = try Self.textSizes(arguments)
            let appearances = try Self.appearances(arguments)
            let tint = try Self.tint(arguments)
            translator = input.translator
            defaultLocale = input.defaultLocale
            let cached = translator.cachedLocales()
            guard !cached.isEmpty || !translator.bundledMessages.isEmpty else {
                throw .failure(
                    "The group store has no messages for \(translator.project); run 'widget-i18n fetch --all' first")
            }
            var locales: [LocaleTag]
            if !requested.isEmpty {
                let pseudoLocales = pseudo ? Pseudolocale.allCases.map(\.locale) : []
                let known = cached + Array(translator.bundledMessages.keys) + pseudoLocales
                if let missing = requested.first(where: { !known.contains($0) }) {
                    throw .failure(
                        "No messages for '\(missing.displayForm)' in the group store; cached: "
                            + cached.map(\.displayForm).joined(separator: ", ")
                            + " (fetch it with 'widget-i18n fetch \(missing.displayForm)', or make a pseudo-locale with "
                            + "'widget-i18n pseudo')")
                }
                locales = requested
            } else if defaultToAllLocales {
                locales = cached.isEmpty ? Array(translator.bundledMessages.keys) : cached
            } else {
                locales = [translator.locale]
            }
            source = input.source()
            options = PreviewOptions(
                widgets: widgets, families: families, locales: locales, date: date, timeZone: input.timeZone,
                textSizes: textSizes, appearances: appearances, tint: tint)
            if pseudo { try addPseudoLocales(showingThem: !requested.contains { Pseudolocale($0) != nil }) }
        }

        /// Makes en-XA and ar-XB from the default locale in an in-memory copy of the store (the group store itself
        /// is not written), and adds them to the locales shown unless `--locale` already picked among them.
        private mutating func addPseudoLocales(showingThem: Bool) throws(CLIError) {
            let copy = InMemoryGroupStore(displayName: "\(source.store.displayName) with pseudo-locales")
            do {
                for key in try source.store.keys() {
                    if let value = try source.store.value(forKey: key) { try copy.setValue(value, forKey: key) }
                }
                for pseudo in try PseudoCommand.bundles(
                    from: defaultLocale, translator: translator, Pseudolocale.allCases)
                {
                    try copy.setValue(
                        pseudo.bundle.jsonBytes,
                        forKey: StorageKey.messages(project: translator.project, locale: pseudo.locale.locale))
                }
            } catch let error as CLIError {
                throw error
            } catch {
                throw .failure("Cannot read the group store: \(error)")
            }
            source = WidgetSource(
                store: copy, project: source.project, defaultLocale: source.defaultLocale,
                bundledMessages: source.bundledMessages, preferredLanguages: source.preferredLanguages)
            for pseudo in Pseudolocale.allCases where showingThem && !options.locales.contains(pseudo.locale) {
                options.locales.append(pseudo.locale)
            }
        }
    #endif
}
