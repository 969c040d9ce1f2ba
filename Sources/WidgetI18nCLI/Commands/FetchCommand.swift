import CDNFetcher
import CommandLineSupport
import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import WidgetTranslator

/// `widget-i18n fetch`: downloads the manifest and message bundles into the group store.
enum FetchCommand: Command {
    static let path = ["fetch"]
    static let summary = "Download message bundles from the CDN into the group store"
    static let usage =
        "fetch [--locale L …] [--all] [--force] [--namespaces A,B] [--allow-origin ORIGIN …] [--timeout S] [--retries N] [--cacert FILE] [--http-client curl|urlsession] [--quiet] [--json]"
    static let options: [OptionSpec] = [
        .value(
            "locale", "LOCALE", "A locale to fetch (repeatable); default: the stored locale and the default locale",
            repeatable: true),
        .flag("all", "Fetch every language of the manifest"),
        .flag("force", "Ignore the manifest's versions and cached ETags, and download everything"),
        .value("namespaces", "A,B", "Only these namespaces, stored nested under their names [WIDGET_I18N_NAMESPACES]"),
        allowOriginOption,
        .value("timeout", "SECONDS", "Limit for one attempt (default: 30)"),
        .value("retries", "N", "Retries on connection errors, timeouts, 5xx and 429 (default: 3)"),
        .value("cacert", "FILE", "CA bundle for a private CA (TLS is always verified; curl only)"),
        httpClientOption,
        .flag("quiet", "Print nothing but errors"),
        .flag("json", "Print the summary as JSON"),
    ]
    /// `--http-client`, for every command that fetches.
    static let httpClientOption = OptionSpec.value(
        "http-client", "NAME",
        "The HTTP stack: \(HTTPTransportKind.available.map(\.description).joined(separator: " or ")) "
            + "(default: \(HTTPTransportKind.platformDefault); urlsession is what an app uses on Apple platforms) "
            + "[WIDGET_I18N_HTTP_CLIENT]")

    /// `--allow-origin`, for `fetch` and `locale set`.
    static let allowOriginOption = OptionSpec.value(
        "allow-origin", "ORIGIN",
        "Another origin the manifest's URLs may point to, such as https://assets.example.com (repeatable) "
            + "[WIDGET_I18N_ALLOWED_ORIGINS, allowedOrigins]",
        repeatable: true)

    static let discussion = """
        Locales are fetched in parallel and validated before anything is written; a failed or rejected
        download leaves the cached copy byte for byte as it was. The manifest is cached only when every
        locale succeeded. Its URLs may only point to the CDN's origin (for a file:// CDN, inside its
        directory), or to an origin given with --allow-origin; a manifest with more than 500 languages or
        200 namespaces is refused, and one fetch receives at most 200 MB. Cached ETags make an unchanged
        bundle a 304 with no body. Exit 1 when any requested locale failed.

        EXAMPLES:
          widget-i18n fetch --all
          widget-i18n fetch --locale tr --locale pt-BR --cdn file://$PWD/Locales
        """

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard arguments.positionals.isEmpty else {
            throw .usage("Unexpected argument '\(arguments.positionals[0])'; pass locales with --locale L")
        }
        let configuration = try context.configuration()
        let project = try configuration.requireProject()
        let store = try configuration.writableStore(for: name)
        let requested = try arguments.allValues("locale").map { (text) throws(CLIError) in
            try CommandInput.locale(text)
        }
        if arguments.has("all"), !requested.isEmpty { throw .usage("Pass either --all or --locale, not both") }
        let fetcher = try makeFetcher(configuration, arguments: arguments, store: store, project: project)
        let output = context.output
        let quiet = arguments.has("quiet")
        let json = arguments.has("json")

        let manifestFetch: ManifestFetch
        do { manifestFetch = try await fetcher.fetchManifest() } catch { throw .failure(error.description) }
        if case .failed(let reason) = manifestFetch.outcome { output.warning("\(reason); using the cached manifest") }
        for warning in manifestFetch.warnings { output.warning(warning.message) }

        var locales = requested
        if arguments.has("all") {
            // In order of use, for a store that holds only what fits (a suite): the fetcher puts the stored
            // locale first, then takes them as listed, the default locale before the rest.
            locales = manifestFetch.manifest.languages.map(\.tag)
            if let index = locales.firstIndex(where: {
                LocaleNegotiation.lookup(preferred: [configuration.defaultLocale], available: [$0]) != nil
            }) {
                locales.insert(locales.remove(at: index), at: 0)
            }
        } else if locales.isEmpty {
            // No readable stored locale: the default locale alone is fetched.
            if let stored = try? ContractReader(store: store, project: project).storedLocale()?.tag {
                locales.append(stored)
            }
            if !locales.contains(configuration.defaultLocale) { locales.append(configuration.defaultLocale) }
        }
        let showProgress = !quiet && !json && isatty(STDERR_FILENO) == 1
        let progress = showProgress ? Self.showProgress : nil
        let report = await fetcher.fetch(locales, committing: manifestFetch, progress: progress)
        let results = report.locales
        for warning in report.warnings + results.flatMap(\.warnings) { output.warning(warning.message) }
        if showProgress { StandardStreams.error.write("\r\u{1B}[K") }

        if json {
            output.writeLine(jsonSummary(report.manifest, results))
        } else if !quiet {
            output.writeLine(row("manifest", report.manifest.outcome, bytes: report.manifest.bytesTransferred))
            for result in results {
                output.writeLine(row(result.locale.displayForm, result.outcome, bytes: result.bytesTransferred))
            }
            let counts = Dictionary(grouping: results, by: { $0.outcome.description }).mapValues(\.count)
            let parts = ["fetched", "unchanged", "not modified", "left out", "failed"].compactMap { name in
                counts[name].map { "\($0) \(name)" }
            }
            let total = results.reduce(manifestFetch.bytesTransferred) { $0 + $1.bytesTransferred }
            output.writeLine(
                "\(results.count) locale\(results.count == 1 ? "" : "s"): \(parts.joined(separator: ", ")); "
                    + "\(HumanFormat.size(total)) transferred")
        }
        let leftOut = results.filter(\.outcome.isLeftOut)
        for result in leftOut {
            if case .leftOut(let reason) = result.outcome { output.error(reason) }
        }
        let failures = results.filter { $0.outcome.isFailure }
        // Every locale succeeded but the store refused the manifest.
        if failures.isEmpty, !manifestFetch.outcome.isFailure, case .failed(let reason) = report.manifest.outcome {
            throw .failure(reason)
        }
        guard let last = failures.last else {
            guard leftOut.isEmpty else {
                throw .failure(
                    "\(leftOut.count) of \(results.count) locales did not fit in \(store.displayName) ("
                        + leftOut.map(\.locale.displayForm).joined(separator: ", ")
                        + "); fetch into the App Group's container instead (drop --suite), which has no size limit")
            }
            return
        }
        for failure in failures.dropLast() {
            if case .failed(let reason) = failure.outcome { output.error("\(failure.locale.displayForm): \(reason)") }
        }
        if case .failed(let reason) = last.outcome { throw .failure("\(last.locale.displayForm): \(reason)") }
    }

    @Sendable private static func showProgress(finished: Int, total: Int, bytes: Int) {
        let line = "\r\u{1B}[Kfetching: \(finished)/\(total) files, \(HumanFormat.size(bytes))"
        StandardStreams.error.write(line)
    }

    static func makeFetcher(
        _ configuration: Configuration, arguments: ParsedArguments, store: any GroupStore, project: ProjectID
    ) throws(CLIError) -> CDNFetcher {
        var options = FetchOptions()
        options.cdn = configuration.cdn
        options.force = arguments.has("force")
        options.namespaces = configuration.namespaces
        options.allowedOrigins = configuration.allowedOrigins
        if let text = arguments.value("timeout") {
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                throw .usage("Invalid --timeout '\(text)': give a number of seconds greater than 0")
            }
            options.timeout = seconds
        }
        if let text = arguments.value("retries") {
            guard let retries = Int(text), (0...10).contains(retries) else {
                throw .usage("Invalid --retries '\(text)': give a whole number from 0 to 10")
            }
            options.retries = retries
        }
        options.transport = try httpClient(configuration.httpClient)
        if let path = arguments.value("cacert") {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw .usage("Cannot read the CA bundle '\(path)'; pass a PEM file to --cacert")
            }
            options.caCertificatePath = path
        }
        do { return try CDNFetcher(store: store, project: project, options: options) } catch {
            throw .usage(error.description)
        }
    }

    /// The transport `--http-client` (or `WIDGET_I18N_HTTP_CLIENT`) names; the platform's default for `nil`.
    static func httpClient(_ name: String?) throws(CLIError) -> HTTPTransportKind {
        guard let name else { return .platformDefault }
        guard let kind = HTTPTransportKind(named: name) else {
            let available = HTTPTransportKind.available.map { "'\($0)'" }.joined(separator: " or ")
            let curl = name.lowercased() == "curl" ? " (libcurl is linked on Linux only)" : ""
            throw .usage("Unknown --http-client '\(QuotedExcerpt.of(name, length: 32))'\(curl); use \(available)")
        }
        return kind
    }

    /// `tr  fetched  1.2 KB`: for new content the size stored, which `locale list` and `status` show too, with
    /// what came over the wire beside it when that differs (compressed, or a flat bundle stored nested).
    private static func row(_ name: String, _ outcome: FetchOutcome, bytes: Int) -> String {
        var size = HumanFormat.size(bytes)
        if case .updated(let stored) = outcome, stored != bytes {
            size = HumanFormat.size(stored) + " stored, \(HumanFormat.size(bytes)) transferred"
        }
        var line =
            name.padding(toLength: 10, withPad: " ", startingAt: 0)
            + outcome.description.padding(toLength: 14, withPad: " ", startingAt: 0)
            + size.padding(toLength: max(10, size.count + 2), withPad: " ", startingAt: 0)
        if case .failed(let reason) = outcome { line += CLIAdvice.flags(in: reason) }
        if case .leftOut(let reason) = outcome { line += reason }
        return line.trimmingCharacters(in: .whitespaces)
    }

    private static func jsonSummary(_ manifest: ManifestFetch, _ results: [LocaleFetchResult]) -> String {
        func entry(_ outcome: FetchOutcome, bytes: Int, extra: [String: Any]) -> [String: Any] {
            var object = extra
            object["outcome"] = outcome.description
            object["bytesTransferred"] = bytes
            if case .failed(let reason) = outcome { object["reason"] = reason }
            if case .leftOut(let reason) = outcome { object["reason"] = reason }
            if case .updated(let size) = outcome { object["size"] = size }
            return object
        }
        let object: [String: Any] = [
            "manifest": entry(
                manifest.outcome, bytes: manifest.bytesTransferred,
                extra: ["url": manifest.url, "version": manifest.manifest.version ?? NSNull()]),
            "locales": results.map {
                entry($0.outcome, bytes: $0.bytesTransferred, extra: ["locale": $0.locale.normalized, "urls": $0.urls])
            },
            "bytesTransferred": results.reduce(manifest.bytesTransferred) { $0 + $1.bytesTransferred },
        ]
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
