import CDNFetcher
import CommandLineSupport
import Foundation
import FoundationFormatting
import GroupStore
import I18nCore
import SampleWidgets
import TimelineEngine
import WidgetTranslator

/// `widget-i18n demo`: the whole bridge in a few seconds, on the embedded default.
enum DemoCommand: Command {
    static let path = ["demo"]
    static let summary = "Fetch the bundled Locales/, switch locales and render both sample widgets across a midnight"
    static let usage = "demo [--cdn DIR] [--from ISO-8601] [--time-zone TZ] [--keep]"
    static let options: [OptionSpec] = [
        .value("from", "ISO-8601", "The demo's 'now' (default: the current time)"),
        .value("time-zone", "TZ", "The widgets' time zone (default: the system's)"),
        .flag("keep", "Keep the temporary group container and print its path"),
    ]
    static let discussion = """
        Creates a temporary group container, fetches every locale of the bundled Locales/ through the real
        fetcher (a file:// CDN), writes sample events and a profile as an app would, then for en, ar, ru and ja
        switches the locale and prints both widgets' timelines from now until after the next local midnight.
        The project is acme/widgets; --cdn takes another directory laid out the same way.
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("Unexpected argument '\(arguments.positionals[0])'") }
        let project = try! ProjectID("acme/widgets")
        let output = context.output
        let cdn = try locales(arguments.value("cdn"), context: context)
        var timeZone = TimeZone.current
        if let name = arguments.value("time-zone") {
            guard let zone = TimeZone(identifier: name) else {
                throw .usage("Unknown time zone '\(name)'; use an IANA name such as 'Europe/Istanbul'")
            }
            timeZone = zone
        }
        var now = Date()
        if let text = arguments.value("from") {
            guard let date = try? Date(text, strategy: .iso8601) else {
                throw .usage("Invalid --from '\(text)': use ISO 8601 such as 2026-03-28T20:00:00Z")
            }
            now = date
        }
        let template = NSTemporaryDirectory() + "/widget-i18n-demo-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let created = bytes.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .failure("Cannot create a temporary directory in '\(NSTemporaryDirectory())'")
        }
        let directory = String(cString: created)
        defer {
            if arguments.has("keep") {
                output.note("group container kept at \(directory)/group")
            } else {
                try? FileManager.default.removeItem(atPath: directory)
            }
        }
        let store = FileGroupStore(directory: directory + "/group")

        // 1. The app side: fetch every locale through the real fetcher.
        var options = FetchOptions()
        options.cdn = cdn
        let fetcher: CDNFetcher
        do { fetcher = try CDNFetcher(store: store, project: project, options: options) } catch {
            throw .failure(error.description)
        }
        let manifest: Manifest
        do { manifest = try await fetcher.fetchManifest().manifest } catch { throw .failure(error.description) }
        let results = await fetcher.fetch(manifest.languages.map(\.tag), manifest: manifest)
        if let failure = results.first(where: { $0.outcome.isFailure }), case .failed(let reason) = failure.outcome {
            throw .failure("\(failure.locale.normalized): \(reason)")
        }
        let bytesFetched = results.reduce(0) { $0 + $1.bytesTransferred }
        output.writeLine(
            "Fetched \(results.count) locales (\(HumanFormat.size(bytesFetched))) from \(cdn) into a temporary group container"
        )

        // 2. The app's own data, as it would write it.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.startOfDay(for: now)
        let events = [
            SampleEvent(id: "run", title: "Marathon", startDate: calendar.date(byAdding: .day, value: -52, to: today)!),
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
            "Wrote 3 sample events and a profile; widgets render from \(WidgetOptions.timestamp(now, timeZone)) until after midnight"
        )

        // 3. The widget side: switch locale, render both timelines across the next midnight.
        let end = calendar.date(byAdding: .hour, value: 1, to: calendar.date(byAdding: .day, value: 1, to: today)!)!
        for locale in ["en", "ar", "ru", "ja"] {
            let change: LocaleSwitch
            do { change = try await fetcher.switchLocale(to: LocaleTag(parsing: locale)!) } catch {
                throw .failure(error.description)
            }
            output.writeLine("\n$ widget-i18n locale set \(locale)   → stored locale \(change.locale.displayForm)")
            let translator = WidgetTranslator(
                store: store, project: project, defaultLocale: .english, preferredLanguages: [],
                formatter: ICUMessageFormatter(valueFormatter: FoundationValueFormatter()))
            for (kind, eventID) in [("days-since", "run"), ("today", nil)] {
                let widget = WidgetOptions(
                    kind: kind, family: .systemMedium, timeZone: timeZone, eventID: eventID, translator: translator)
                output.write(widget.text(await widget.entries(from: now, through: end)))
            }
        }
    }

    /// The bundled `Locales/` as a file:// URL: `--cdn`, else `./Locales`, else next to the executable's checkout.
    private static func locales(_ given: String?, context: CommandContext) throws(CLIError) -> String {
        let manifest = "/acme/widgets/manifest.json"
        var candidates: [String] = []
        if let given {
            candidates.append(given.hasPrefix("/") ? given : context.workingDirectory + "/" + given)
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
                "Cannot find the bundled Locales/ (looked for \(candidates.first! + manifest)); run from the "
                    + "repository root or pass --cdn DIR")
        }
        return URL(fileURLWithPath: found).standardizedFileURL.absoluteString
    }
}
