import CDNFetcher
import CommandLineSupport
import Foundation
import GroupStore
import I18nCore
import LocaleData
import SampleWidgets
import TimelineEngine
import WidgetTranslator

#if canImport(WidgetPreview)
    import WidgetPreview
#endif

/// `widget-i18n demo`: the whole bridge in a few seconds, on the embedded default.
enum DemoCommand: Command {
    static let path = ["demo"]
    static let summary = "Fetch the bundled Locales/, switch locales and render both sample widgets across a midnight"
    static let usage = "demo [--cdn DIR] [--from ISO-8601] [--time-zone TZ] [--previews DIR] [--keep]"
    static let options: [OptionSpec] = [
        .value("from", "ISO-8601", "The demo's 'now' (default: the current time)"),
        .value("time-zone", "TZ", "The widgets' time zone (default: the system's)"),
        .value("previews", "DIR", "Where to write the contact sheet (default: widget-previews)"),
        .flag("keep", "Keep the temporary group container and print its path"),
    ]
    static let discussion = """
        Creates a temporary group container, fetches every locale of the bundled Locales/ through the real
        fetcher (a file:// CDN), writes sample events and a profile as an app would, then for en, ar, ru and ja
        switches the locale and prints both widgets' timelines from now until after the next local midnight.
        Ends by drawing both widgets in every locale and family (as 'widget-i18n preview --all-locales') and
        printing the contact sheet's file:// URL. The project is acme/widgets; --cdn takes another directory
        laid out the same way.
        """

    /// The sample project's identifier, checked like any other: a typo here is an error, not a trap.
    static var project: ProjectID {
        get throws(CLIError) {
            do { return try ProjectID("acme/widgets") } catch { throw .failure("\(error)") }
        }
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("Unexpected argument '\(arguments.positionals[0])'") }
        let cdn = try locales(arguments.value("cdn"), context: context)
        let timeZone = try CommandInput.timeZone(arguments)?.zone ?? .current
        let now = try CommandInput.start(arguments)
        let directory = try makeTemporaryDirectory()
        defer {
            if arguments.has("keep") {
                context.output.note("group container kept at \(directory)/group")
            } else {
                try? FileManager.default.removeItem(atPath: directory)
            }
        }
        let store = FileGroupStore(directory: directory + "/group")
        let fetcher = try await fetchEveryLocale(from: cdn, into: store, output: context.output)
        try writeAppData(into: store, now: now, timeZone: timeZone, output: context.output)
        let tomorrow = timeZone.startOfDay(number: timeZone.dayNumber(of: now) + 1)
        let end = tomorrow.addingTimeInterval(3600)
        for locale in ["en", "ar", "ru", "ja"] {
            try await switchAndRender(
                locale, fetcher: fetcher, store: store, from: now, through: end, timeZone: timeZone,
                output: context.output)
        }
        try await writePreviews(
            store: store, now: now, timeZone: timeZone, to: arguments.value("previews"), context: context)
    }

    /// Step 4: every locale and family as pictures, on one page: into `out`, else `./widget-previews`, else (when
    /// that holds someone else's files) a new temporary directory.
    private static func writePreviews(
        store: FileGroupStore, now: Date, timeZone: ZoneInfo, to out: String?, context: CommandContext
    ) async throws(CLIError) {
        #if canImport(WidgetPreview)
            let project = try Self.project
            let source = WidgetSource(store: store, project: project, preferredLanguages: [])
            let locales = WidgetTranslator(store: store, project: project, preferredLanguages: []).cachedLocales()
            let options = PreviewOptions(
                widgets: [.daysSince(eventID: "run"), .today], locales: locales, date: now, timeZone: timeZone)
            let given = out.map(context.path)
            var directory = given ?? context.workingDirectory + "/widget-previews"
            let previews: Previews
            do { previews = try Previews() } catch { throw .failure(error.description) }
            var images: [PreviewImage]
            do { images = try await previews.write(options, source: source, to: directory) } catch {
                guard given == nil, error.code == .occupied else { throw .failure(error.description) }
                directory = try makeTemporaryDirectory() + "/previews"
                context.output.note("note: ./widget-previews holds other files; the previews go to \(directory)")
                do { images = try await previews.write(options, source: source, to: directory) } catch {
                    throw .failure(error.description)
                }
            }
            context.output.writeLine(
                "\n$ widget-i18n preview --all-locales   → \(images.count) pictures, \(images.problems.count) lines that "
                    + "do not fit")
            context.output.writeLine(URL(fileURLWithPath: directory + "/index.html").standardizedFileURL.absoluteString)
        #else
            context.output.note(
                "note: the pictures are left out: \(DrawingSupport.unavailable("widget-i18n preview").description)")
        #endif
    }

    /// Step 1, the app side: every locale of the manifest through the real fetcher.
    private static func fetchEveryLocale(from cdn: String, into store: FileGroupStore, output: Output)
        async throws(CLIError) -> CDNFetcher
    {
        var options = FetchOptions()
        options.cdn = cdn
        let fetcher: CDNFetcher
        let project = try Self.project
        do { fetcher = try CDNFetcher(store: store, project: project, options: options) } catch {
            throw .failure(error.description)
        }
        let manifestFetch: ManifestFetch
        do { manifestFetch = try await fetcher.fetchManifest() } catch { throw .failure(error.description) }
        let results = await fetcher.fetch(manifestFetch.manifest.languages.map(\.tag), committing: manifestFetch)
            .locales
        if let failure = results.first(where: { $0.outcome.isFailure }), case .failed(let reason) = failure.outcome {
            throw .failure("\(failure.locale.displayForm): \(reason)")
        }
        let bytesFetched = results.reduce(0) { $0 + $1.bytesTransferred }
        output.writeLine(
            "Fetched \(results.count) locales (\(HumanFormat.size(bytesFetched))) from \(cdn) into a temporary group container"
        )
        return fetcher
    }

    /// Step 2, the app's own data as it would write it: three events around `now` and a profile.
    private static func writeAppData(into store: FileGroupStore, now: Date, timeZone: ZoneInfo, output: Output)
        throws(CLIError)
    {
        let marathon = timeZone.startOfDay(number: timeZone.dayNumber(of: now) - 52)
        let events = [
            SampleEvent(id: "run", title: "Marathon", startDate: marathon),
            SampleEvent(id: "sync", title: "Team sync", startDate: now.addingTimeInterval(2 * 3600)),
            SampleEvent(id: "dinner", title: "Dinner", startDate: now.addingTimeInterval(5 * 3600)),
        ]
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        do {
            try store.setValue(Array(try encoder.encode(events)), forKey: "events")
            try store.setString(#"{"name": "Ayşe"}"#, forKey: "profile")
        } catch { throw .failure("\(error)") }
        output.writeLine(
            "Wrote 3 sample events and a profile; widgets render from "
                + "\(timeZone.iso8601(now)) until after midnight")
    }

    /// Step 3, per locale: switch as `locale set` does, then render both widgets from `start` through `end`.
    private static func switchAndRender(
        _ locale: String, fetcher: CDNFetcher, store: FileGroupStore, from start: Date, through end: Date,
        timeZone: ZoneInfo, output: Output
    ) async throws(CLIError) {
        let change: LocaleSwitch
        do { change = try await fetcher.switchLocale(to: LocaleTag(parsing: locale)!) } catch {
            throw .failure(error.description)
        }
        output.writeLine("\n$ widget-i18n locale set \(locale)   → stored locale \(change.locale.displayForm)")
        let translator = WidgetTranslator(
            store: store, project: try Self.project, defaultLocale: .english, preferredLanguages: [])
        for (kind, eventID) in [("days-since", "run"), ("today", nil)] {
            let widget = WidgetOptions(
                kind: kind, family: .systemMedium, timeZone: timeZone, eventID: eventID, translator: translator)
            let entries = await widget.entries(from: start, through: end)
            // The today widget has an entry at each change of its "Updated … ago" footer; the demo shows the
            // first and the last of a run of them (`timeline` and `host --from` show every one).
            var shown: [WidgetEntry] = []
            for (index, entry) in entries.enumerated() {
                let isLast = index == entries.count - 1
                if let previous = shown.last, !isLast, Self.content(of: previous) == Self.content(of: entry),
                    Self.content(of: entries[index + 1]) == Self.content(of: entry)
                {
                    continue
                }
                shown.append(entry)
            }
            output.writeComposed(widget.text(shown))
            if shown.count < entries.count {
                output.writeLine("  (\(entries.count - shown.count) more entries in between, as the footer changes)")
            }
        }
    }

    /// An entry's lines without its relative footer, which changes every minute.
    private static func content(of entry: WidgetEntry) -> [String] {
        entry.lines.filter { $0.key != "today.updatedAgo" }.map(\.text)
    }

    private static func makeTemporaryDirectory() throws(CLIError) -> String {
        let template = NSTemporaryDirectory() + "/widget-i18n-demo-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let created = bytes.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .failure("Cannot create a temporary directory in '\(NSTemporaryDirectory())'")
        }
        return String(cString: created)
    }

    /// The bundled `Locales/` as a file:// URL: `--cdn`, else `./Locales`, else next to the executable's checkout.
    private static func locales(_ given: String?, context: CommandContext) throws(CLIError) -> String {
        let manifest = "/acme/widgets/manifest.json"
        var candidates: [String] = []
        if let given {
            candidates.append(context.path(given))
        } else {
            candidates.append(context.workingDirectory + "/Locales")
            var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
                .deletingLastPathComponent()
            for _ in 0..<5 {
                candidates.append(directory.path + "/Locales")
                directory.deleteLastPathComponent()
            }
        }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + manifest) }) else {
            throw .failure(
                "Cannot find the bundled Locales/ (looked for \(candidates.map { $0 + manifest }.joined(separator: ", "))); run from the "
                    + "repository root or pass --cdn DIR")
        }
        return URL(fileURLWithPath: found).standardizedFileURL.absoluteString
    }
}
