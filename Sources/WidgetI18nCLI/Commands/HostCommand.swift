import CommandLineSupport
import Foundation
import GroupContract
import GroupStore
import HomeScreenSimulator
import I18nCore
import SampleWidgets
import TimelineEngine
import WidgetI18nSupport
import WidgetTranslator

/// Set when SIGINT or SIGTERM arrives; the host loop checks it between steps.
private let stopRequested = Locked(false)

/// `widget-i18n host`: a long-running home screen for one widget.
enum HostCommand: Command {
    static let path = ["host"]
    static let summary = "Host a sample widget like a home screen, printing each entry it shows"
    static let usage =
        "host --widget days-since|today [--family F] [--time-zone TZ] [--budget N] [--from ISO-8601 [--hours N]]"
    static let options: [OptionSpec] =
        WidgetOptions.options + [
            .value("budget", "N", "Reloads allowed per day, like WidgetKit's budget (default: 72)"),
            .value("from", "ISO-8601", "Run on a simulated clock from this instant, then exit"),
            .value("hours", "N", "With --from: how long the simulated clock runs (default: 1)"),
        ]
    static let discussion = """
        Prints the entry on screen whenever it changes: a new entry's time comes, the policy reloads the
        timeline, or a reload request arrives (written by 'fetch', 'locale set' and 'reload'; polled four
        times a second). Requests over the daily budget are deferred to the next day, and the host says so on
        stderr. Stops cleanly on SIGINT or SIGTERM.
        With --from the clock is simulated: the host starts at that instant, jumps from each wake to the next
        (entries, reloads), prints each entry it shows with its time, and exits after --hours. An hour of the
        today widget shows its "Updated … ago" footer changing at the instants its timeline placed.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("Unexpected argument '\(arguments.positionals[0])'") }
        let widget = try WidgetOptions(arguments, context: context)
        var limit = 72
        if let text = arguments.value("budget") {
            guard let value = Int(text), value > 0 else {
                throw .usage("Invalid --budget '\(text)': give a whole number above 0")
            }
            limit = value
        }
        if arguments.value("from") != nil {
            let start = try CommandInput.start(arguments)
            let hours = try CommandInput.wholeNumber("hours", in: 1...8784, default: 1, arguments, unit: "hours")
            await simulate(
                widget.provider, widget: widget, budget: ReloadBudget(dailyLimit: limit), from: start,
                through: start.addingTimeInterval(Double(hours) * 3600), output: context.output)
            return
        }
        guard arguments.value("hours") == nil else { throw .usage("--hours applies to a simulated clock (--from)") }
        installSignalHandlers()
        await host(widget.provider, widget: widget, budget: ReloadBudget(dailyLimit: limit), output: context.output)
        context.output.note("host stopped")
    }

    /// The host on a simulated clock: each wake in turn, from `start` through `end`, every entry it shows printed
    /// with the instant it shows it.
    private static func simulate<Provider: EntryTimelineProvider>(
        _ provider: Provider, widget: WidgetOptions, budget: ReloadBudget, from start: Date, through end: Date,
        output: Output
    ) async where Provider.Entry == WidgetEntry {
        let host = TimelineHost(
            provider: provider, store: widget.source.store, project: widget.source.project,
            context: EntryTimelineContext(family: widget.family, timeZone: widget.timeZone, date: start),
            budget: budget)
        var now = start
        var shown: [WidgetEntry] = []
        while now <= end {
            for event in await host.step(at: now) {
                switch event {
                case .reloaded(let reason): output.note("reloaded at \(widget.timeZone.iso8601(now)): \(reason)")
                case .deferred(let reason, _): output.note("deferred: \(reason)")
                case .problem(let message): output.warning(message)
                case .show(let entry): shown.append(entry.with(date: now))
                }
            }
            guard let wake = await host.nextWake(after: now), wake > now else { break }
            now = wake
        }
        output.writeComposed(widget.text(shown))
    }

    private static func host<Provider: EntryTimelineProvider>(
        _ provider: Provider, widget: WidgetOptions, budget: ReloadBudget, output: Output
    ) async where Provider.Entry == WidgetEntry {
        let host = TimelineHost(
            provider: provider, store: widget.source.store, project: widget.source.project,
            context: EntryTimelineContext(family: widget.family, timeZone: widget.timeZone), budget: budget)
        var reported: [StoreProblem] = []
        while !stopRequested.withLock({ $0 }) {
            let now = Date()
            for event in await host.step(at: now) {
                switch event {
                case .reloaded(let reason):
                    output.note("reloaded: \(reason)")
                case .deferred(let reason, let until):
                    output.note(
                        "deferred: \(reason); the daily reload budget is spent until \(widget.timeZone.iso8601(until))"
                    )
                case .problem(let message):
                    output.warning(message)
                case .show(let entry):
                    output.writeComposed(widget.text([entry.with(date: now)]))
                    // What the translator that rendered it met, once per host.
                    for problem in entry.problems where !reported.contains(problem) {
                        reported.append(problem)
                        output.warning(problem)
                    }
                }
            }
            // Wake for the next entry or reload, and at least every 250 ms to notice reload requests and signals.
            let wake = await host.nextWake(after: now) ?? now.addingTimeInterval(3600)
            let deadline = min(wake, now.addingTimeInterval(0.25))
            while Date() < deadline, !stopRequested.withLock({ $0 }) { usleep(20_000) }
        }
    }

    /// Dispatch's signal sources, kept for the life of the process: written once, by `installSignalHandlers()` on
    /// the main thread before the host loop starts, and never read.
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

    /// A parent may start us with signals blocked (Foundation's Process does): unblock, then catch them. The
    /// handlers run on a Dispatch queue, not inside a signal handler, so they may take a lock (a C signal handler
    /// may not); the default action is turned off first, as Apple's `DispatchSource.makeSignalSource` asks.
    private static func installSignalHandlers() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopRequested.withLock { $0 = true } }
            source.resume()
            signalSources.append(source)
        }
    }
}

/// `widget-i18n reload`: asks hosted widgets to reload their timelines.
enum ReloadCommand: Command {
    static let path = ["reload"]
    static let summary = "Ask widgets to reload their timelines (after the app's own data changed)"
    static let usage = "reload [--kind KIND]"
    static let options: [OptionSpec] = [
        .value("kind", "KIND", "Only widgets of this kind (days-since, today, …); default: all")
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("Unexpected argument '\(arguments.positionals[0])'") }
        let configuration = try context.configuration()
        let project = try configuration.requireProject()
        let kind = arguments.value("kind")
        if let kind,
            kind.isEmpty || !kind.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." })
        {
            throw .usage("Invalid --kind '\(kind)': use letters, digits, '-', '_' and '.' (e.g. days-since)")
        }
        do {
            try ContractWriter(store: try configuration.writableStore(for: name), project: project).recordReloadRequest(
                "requested by widget-i18n reload", kind: kind)
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("\(error)")
        }
        context.output.writeLine(
            kind.map { "Reload requested for \($0) widgets" } ?? "Reload requested for all widgets")
    }
}
