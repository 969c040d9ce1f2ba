import ActivityPush
import CommandLineSupport
import Foundation
import I18nCore
import LiveActivities
import LocaleData
import SampleWidgets
import StringCatalog

/// `widget-i18n activity payload`: the APNs payload of a Live Activity update, with no display text in it.
enum ActivityPayloadCommand: Command {
    static let path = ["activity", "payload"]
    static let summary = "Print the APNs payload of a Live Activity: its state as keys and arguments, an alert by key"
    static let usage =
        "activity payload --widget delivery --state FILE [--alert KEY [name=value …]] [--title KEY] "
        + "[--event update|end] [--timestamp ISO-8601] [--stale ISO-8601] [--catalog FILE]"
    static let options: [OptionSpec] = [
        .value("widget", "KIND", "The Live Activity: delivery"),
        .value("state", "FILE", "Its content state as JSON (keys and arguments, as DeliveryState decodes it)"),
        .value("alert", "KEY", "An alert's message key; its arguments follow as name=value"),
        .value("title", "KEY", "The alert's title key (no arguments)"),
        .value("event", "EVENT", "update (default) or end"),
        .value("timestamp", "ISO-8601", "When the state was made (default: now)"),
        .value("stale", "ISO-8601", "When the system marks the state out of date"),
        .value(
            "catalog", "FILE",
            "The app's String Catalog, whose positions the alert's loc-args follow (default: as catalog export "
                + "writes the key from the cached messages)"),
    ]
    static let discussion = """
        Prints {"aps": {"timestamp", "event", "content-state", "alert"}}: the state as ActivityKit decodes it
        (dates in seconds since 2001), and an alert {"title": {"loc-key"}, "body": {"loc-key", "loc-args"}}
        whose keys the system looks up in the widget extension's String Catalog, in the user's language. The
        loc-args are the alert's arguments in the order of the catalog's positional specifiers for the key
        (%1$@, %2$@), the mapping of catalog export from every cached locale (or the positions --catalog
        has); loc-args are strings, so an alert's arguments must be %@ in the catalog, and the title takes
        none. A state over ActivityKit's 4 KB, or a payload over APNs' 4 KB, is refused with exit 1, naming
        its size.

        EXAMPLE:
          widget-i18n activity payload --widget delivery --state state.json --alert delivery.alert.arrived \\
            courier=Ayşe store=Acme --title delivery.alert.title
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard let widget = arguments.value("widget") else { throw .usage("Missing --widget; use delivery") }
        guard widget == "delivery" else { throw .usage("Unknown Live Activity '\(widget)'; use delivery") }
        guard arguments.value("state") != nil else {
            throw .usage("Missing --state FILE (the activity's state as JSON)")
        }
        let state = try CommandInput.deliveryState(arguments, context: context)!
        let event: ActivityPayload.Event
        switch arguments.value("event") ?? "update" {
        case "update": event = .update
        case "end": event = .end
        case let other:
            throw .usage("Unknown --event '\(other)'; use update or end (start needs the attributes: ActivityPayload)")
        }
        let timestamp = try date(arguments, "timestamp") ?? Date()
        let stale = try date(arguments, "stale")
        let alert = try alert(arguments, context: context)
        let payload: ActivityPayload
        do {
            payload = try ActivityPayload(
                event: event, state: state, timestamp: timestamp, alert: alert, staleDate: stale)
        } catch let error as ActivityStateTooLarge {
            throw .failure(error.description)
        } catch let error as ActivityPayloadError {
            throw .failure(error.description)
        } catch {
            throw .failure("Cannot encode the state: \(error)")
        }
        context.output.writeBytes(payload.json + [0x0A])
    }

    /// `--alert KEY name=value …` with `--title KEY`: the arguments put in the catalog's order.
    private static func alert(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError)
        -> ActivityAlert?
    {
        guard let key = arguments.value("alert") else {
            guard arguments.positionals.isEmpty else {
                throw .usage("Unexpected argument '\(arguments.positionals[0])'; alert arguments follow --alert KEY")
            }
            if arguments.value("title") != nil { throw .usage("--title needs --alert KEY, the alert's body") }
            return nil
        }
        var values: [String: String] = [:]
        for (name, value) in try ArgumentParser.messageArguments(
            arguments.positionals[...], command: path.joined(separator: " "))
        {
            values[name] = value
        }
        let configuration = try context.configuration()
        let source = configuration.defaultLocale
        let existing = try arguments.value("catalog").map { (path) throws(CLIError) in
            try CatalogExportCommand.catalogBytes(context.path(path), shown: path)
        }
        // Every cached locale, as catalog export reads them: a translation's plural makes an argument a number.
        let bundles = try CatalogExportCommand.fromStore(
            configuration, arguments: arguments, requested: [], source: source)
        let exporter = CatalogExport(sourceLocale: source, keyPrefixes: [key])
        func catalogArguments(of key: String) throws(CLIError) -> [CatalogArgument] {
            do { return try exporter.arguments(of: key, in: bundles, merging: existing) } catch {
                throw .failure("The alert '\(key)' has no catalog entry: \(error)")
            }
        }
        let order = try catalogArguments(of: key)
        if let title = arguments.value("title"), let argument = try catalogArguments(of: title).first {
            throw .failure(
                "The alert's title '\(title)' takes {\(argument.name)}; a title is a key without arguments")
        }
        if let number = order.first(where: { $0.specifier != .string }) {
            throw .failure(
                "The alert '\(key)' takes {\(number.name)} as \(number.specifier.rawValue) in the catalog; loc-args are "
                    + "strings (%@), so format the number into the text the app sends, or give the alert a key whose "
                    + "arguments are strings")
        }
        do {
            return try ActivityAlert(
                titleKey: arguments.value("title"), key: key, arguments: values, order: order.map(\.name))
        } catch {
            throw .usage(error.description)
        }
    }

    private static func date(_ arguments: ParsedArguments, _ name: String) throws(CLIError) -> Date? {
        guard let text = arguments.value(name) else { return nil }
        guard let date = try? Date(text, strategy: .iso8601) else {
            throw .usage("--\(name) '\(text)' is not an ISO 8601 date and time (2026-12-03T18:00:00Z)")
        }
        return date
    }
}
