import CommandLineSupport
import Foundation
import GroupStore
import HomeScreenSimulator
import I18nCore
import LocaleData
import SampleWidgets
import TimelineEngine
import WidgetTranslator

/// `widget-i18n timeline`: the entries a widget would show over a window of time.
enum TimelineCommand: Command {
    static let path = ["timeline"]
    static let summary = "Render a sample widget's timeline over a window of time"
    static let usage =
        "timeline --widget days-since|today [--family small|medium|large] [--from ISO-8601] [--hours N] [--time-zone TZ] [--locale L] [--json]"
    static let options: [OptionSpec] =
        WidgetOptions.options + [
            .value("from", "ISO-8601", "Start of the window (default: now)"),
            .value("hours", "N", "Length of the window in hours (default: 48)"),
            .flag("json", "Print {\"widget\", \"locale\", \"entries\": [{\"date\", \"text\", …}]} as JSON"),
        ]
    static let discussion = """
        Runs the timeline engine over the window: the provider's entries, and new timelines whenever the reload
        policy asks for one, exactly as a host would show them. Entries roll over at local midnights of --time-zone.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("Unexpected argument '\(arguments.positionals[0])'") }
        let widget = try WidgetOptions(arguments, context: context)
        let from = try CommandInput.start(arguments)
        let hours = try CommandInput.wholeNumber("hours", in: 1...8784, default: 48, arguments, unit: "hours")
        let entries = await widget.entries(from: from, through: from.addingTimeInterval(Double(hours) * 3600))
        for problem in WidgetOptions.problems(of: entries) { context.output.warning(problem) }
        if arguments.has("json") {
            context.output.writeLine(widget.json(entries))
        } else {
            context.output.writeComposed(widget.text(entries))
        }
    }
}

/// The options every command that renders a sample widget shares, and the rendering itself.
struct WidgetOptions {
    static let options: [OptionSpec] = [
        .value("widget", "KIND", "days-since or today"),
        .value("family", "SIZE", "small, medium or large (default: medium)"),
        .value("time-zone", "TZ", "The widget's time zone (default: the system's)"),
        .value("locale", "LOCALE", "Render in this locale instead of the detected one"),
        .value("event", "ID", "days-since: the event to show (default: the most recent)"),
        .value("bundled", "DIR", "Messages shipped with the app, laid out as <DIR>/<locale>/translations.json"),
    ]

    let kind: String
    let source: WidgetSource
    let family: HomeScreenFamily
    let timeZone: ZoneInfo
    /// The time zone as the user named it (Foundation reports UTC as GMT).
    let timeZoneName: String
    let eventID: String?

    init(kind: String, family: HomeScreenFamily, timeZone: ZoneInfo, eventID: String?, translator: WidgetTranslator) {
        self.kind = kind
        self.family = family
        self.timeZone = timeZone
        self.timeZoneName = timeZone.identifier
        self.eventID = eventID
        source = WidgetSource(
            store: translator.store, project: translator.project, defaultLocale: translator.defaultLocale,
            preferredLanguages: translator.preferredLanguages)
    }

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        guard let kind = arguments.value("widget") else {
            throw .usage("Missing --widget; use --widget days-since or --widget today")
        }
        self.kind = try CommandInput.widgetKind(kind)
        family = try CommandInput.family(arguments.value("family") ?? "medium")
        let locale = try CommandInput.localeOption(arguments)
        let input = try WidgetRenderInput(arguments, context: context)
        timeZone = input.timeZone
        timeZoneName = input.timeZoneName
        eventID = input.eventID
        // The widget's own translators do the reading.
        source = input.source(locale: locale)
    }

    var provider: any EntryTimelineProvider<WidgetEntry> {
        kind == "today" ? TodayWidget(source: source) : DaysSinceWidget(source: source, eventID: eventID)
    }

    /// The entries shown from `start` through `end`, reloading as the policy asks.
    func entries(from start: Date, through end: Date) async -> [WidgetEntry] {
        var result: [WidgetEntry] = []
        var now = start
        let provider = self.provider
        while now <= end {
            let context = EntryTimelineContext(family: family, timeZone: timeZone, date: now)
            let timeline = await provider.timeline(in: context)
            if let current = timeline.entry(at: now) { result.append(current.with(date: max(current.date, now))) }
            for entry in timeline.entries where entry.date > now && entry.date <= end { result.append(entry) }
            guard let reload = timeline.reloadDate, reload > now else { break }
            now = reload
            // The entry at the reload date comes from the new timeline.
            if result.last?.date == reload { result.removeLast() }
        }
        return result
    }

    /// What the translators that rendered `entries` met, each once, in the order they met it.
    static func problems(of entries: [WidgetEntry]) -> [StoreProblem] {
        var seen: [StoreProblem] = []
        for problem in entries.flatMap(\.problems) where !seen.contains(problem) { seen.append(problem) }
        return seen
    }

    func text(_ entries: [WidgetEntry]) -> String {
        guard let first = entries.first else { return "" }
        var text =
            "\(kind) (\(family.rawValue)) in \(first.locale.displayForm)"
            + (first.direction == .rightToLeft ? ", right-to-left" : "")
            + ", time zone \(TerminalText.escaped(timeZoneName))\n"
        // A locale with nothing cached renders every line from elsewhere: say so once, above the lines. A line the
        // locale itself answered proves it has messages, so the store is read again only when none did (`host`
        // prints this for every entry it shows).
        let answeredItself = first.lines.contains { if case .requestedLocale = $0.source { true } else { false } }
        if !answeredItself {
            let translator = WidgetTranslator(
                store: source.store, project: source.project, defaultLocale: source.defaultLocale,
                preferredLanguages: source.preferredLanguages.compactMap(LocaleTag.init(parsing:)),
                bundledMessages: source.bundledMessages)
            if let uncached = translator.uncachedLocale(first.locale) { text += "messages: \(uncached)\n" }
        }
        for entry in entries {
            text += "\(timeZone.iso8601(entry.date))\n"
            for line in entry.lines {
                // Right-to-left lines are isolated so that a terminal lays them out as a widget would; what the
                // store supplied is escaped inside, so no control of its own reaches the terminal.
                let escaped = TerminalText.escaped(line.text)
                let shown = entry.direction == .rightToLeft ? "\u{2067}\(escaped)\u{2069}" : escaped
                let fallback =
                    Self.isFallback(line.source, locale: entry.locale)
                    ? "   [\(TerminalText.escaped(line.source.description))]" : ""
                text += "  \(shown)\(fallback)\n"
            }
        }
        return text
    }

    func json(_ entries: [WidgetEntry]) -> String {
        let object: [String: Any] = [
            "widget": kind, "family": family.rawValue, "timeZone": timeZoneName,
            "locale": entries.first?.locale.normalized ?? "", "direction": entries.first?.direction.rawValue ?? "ltr",
            "entries": entries.map { entry in
                [
                    "date": timeZone.iso8601(entry.date), "text": entry.lines.map(\.text),
                    "keys": entry.lines.map(\.key),
                    "sources": entry.lines.map { TranslateCommand.dataSpelling($0.source) },
                    "locale": entry.locale.normalized,
                    "direction": entry.direction.rawValue,
                ] as [String: Any]
            },
        ]
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func isFallback(_ step: ResolutionStep, locale: LocaleTag) -> Bool {
        switch step {
        case .requestedLocale: return false
        case .callerDefault: return false
        default: return true
        }
    }
}
