import CDNFetcher
import CommandLineSupport
import Foundation
import GroupContract
import GroupStore
import GroupStoreUserDefaults
import I18nCore
import LocaleData
import WidgetTranslator

/// `widget-i18n status`: what is in the group store for the project.
enum StatusCommand: Command {
    static let path = ["status"]
    static let summary = "Show the project, its group container, the locale and the cached locales"
    static let usage = "status"

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError) {
        guard arguments.positionals.isEmpty else { throw .usage("'status' takes no arguments") }
        let configuration = try context.configuration()
        let project = try configuration.requireProject()
        let store = try configuration.store()
        let translator = try configuration.translator(arguments)
        let stored: String
        do { stored = try ContractReader(store: store, project: project).storedLocale()?.text ?? "(none)" } catch {
            stored = "(unreadable: \(error))"
        }
        var lines: [(String, String)] = [
            ("project", project.description),
            ("group", configuration.groupIdentifier.map { groupLine($0, configuration) } ?? "-"),
        ]
        for place in ContractReader(store: store, project: project).places {
            lines.append(placeLine(place, configuration))
        }
        lines += [
            ("stored locale", stored),
            ("detected locale", translator.detectLocale().description),
        ]
        if let uncached = translator.uncachedLocale() { lines.append(("messages", uncached.description)) }
        lines += [
            ("default locale", configuration.defaultLocale.displayForm),
            ("cdn", configuration.cdn),
            ("manifest", manifestDescription(project: project, store: store)),
            ("reload request", reloadDescription(translator.reader)),
        ]
        // Values come from the store, the CDN and the environment: escaped, always.
        for (label, value) in lines {
            context.output.writeLine(TerminalText.padded(label, toWidth: 17) + TerminalText.escaped(value))
        }
        let rows = try cachedLocaleRows(translator: translator, store: store)
        context.output.writeLine("cached locales   " + (rows.isEmpty ? "(none)" : "\(rows.count)"))
        for row in rows { context.output.writeLine("  " + TerminalText.escaped(row)) }
        for problem in translator.problems { context.output.warning(problem) }
    }

    private static func groupLine(_ identifier: String, _ configuration: Configuration) -> String {
        configuration.groupDirectory == nil && configuration.suite == nil && configuration.suitePlist == nil
            ? identifier : "(not used: \(configuration.groupDirectory != nil ? "--group-dir" : "a suite") given)"
    }

    /// `container  /path` for a file container, `suite  'NAME', 1.2 MB of its 3.9 MB budget` for a suite (its
    /// size as the budget counts it), `suite plist  /path (read-only)` for a property list file: from what each
    /// place says of itself (`GroupStoreCapabilities`).
    private static func placeLine(_ place: any GroupStore, _ configuration: Configuration) -> (String, String) {
        let capabilities = place.capabilities
        if let budget = capabilities.budget {
            let used: String
            do {
                used =
                    try capabilities.budgetUsed.map { HumanFormat.size(try $0()) + " of its budget of " }
                    ?? "a budget of "
            } catch {
                used = "unmeasured (\(error)), a budget of "
            }
            return (
                "suite", "'\(capabilities.location ?? place.displayName)', " + used + HumanFormat.size(budget.bytes)
            )
        }
        if let location = capabilities.location {
            if capabilities.fileContainer != nil { return ("container", location) }
            if configuration.suitePlist != nil { return ("suite plist", location + " (read-only)") }
        }
        return ("store", place.displayName)
    }

    /// The newest reload request for every widget kind: `messages updated: tr (3 min ago)`, or `(none)`.
    private static func reloadDescription(_ reader: ContractReader) -> String {
        guard let request = reader.latestReloadRequest(kind: nil) else { return "(none)" }
        let reason = request.reason.isEmpty ? "no reason given" : request.reason
        return "\(reason) (\(HumanFormat.age(of: request.requestedAt)))"
    }

    private static func manifestDescription(project: ProjectID, store: any GroupStore) -> String {
        let stored: [UInt8]?
        do {
            stored = try store.value(
                forKey: StorageKey.manifest(project: project), maximumSize: StorageKey.maximumManifestSize)
        } catch {
            // Unreadable is not absent: the status says why, as the translator's problems do.
            return "(unreadable: \(error))"
        }
        guard let bytes = stored else { return "(not cached)" }
        let manifest: Manifest
        do { manifest = try Manifest(jsonBytes: bytes) } catch { return "(not a manifest: \(error))" }
        var parts = ["\(manifest.languages.count) languages"]
        if let version = manifest.version { parts.append("version \(version)") }
        if let metadata = CacheMetadata.read(in: store, key: StorageKey.manifestCache(project: project)) {
            parts.append("fetched \(HumanFormat.age(of: metadata.fetchedAt))")
            if let etag = metadata.etag { parts.append("ETag \(etag)") }
        }
        return parts.joined(separator: ", ")
    }

    /// One line a cached locale: `* tr        16 messages    892 B     fetched 3 min ago  ETag "…"`.
    static func cachedLocaleRows(translator: WidgetTranslator, store: any GroupStore) throws(CLIError) -> [String] {
        let places = translator.reader.places
        var entries: [[String: GroupStoreEntry]] = []
        for place in places { entries.append(try entriesByKey(place)) }
        let current = translator.detectLocale().locale
        return translator.cachedMessages().map { cached in
            let marker = cached.tag == current ? "*" : " "
            let place = min(cached.place, places.count - 1)
            var row =
                "\(marker) \(column(cached.tag.displayForm, 10))"
                + cacheDescription(cached, translator: translator, store: places[place], entries: entries[place])
            if places.count > 1 { row += "  (\(cached.storeName))" }
            return row
        }
    }

    /// Messages, size and freshness of a cached locale, and whose key holds them when it is not the messages
    /// key: `16 messages    892 B     Expo cache, cached 3 min ago`.
    /// - Parameters:
    ///   - store: the place that holds the copy.
    ///   - entries: that place's entries, by key.
    static func cacheDescription(
        _ cached: CachedLocale, translator: WidgetTranslator, store: any GroupStore,
        entries: [String: GroupStoreEntry]
    ) -> String {
        let tag = cached.tag
        let entry = entries[cached.key]
        let messages: String
        switch translator.messages(for: tag) {
        case .success(let bundle): messages = "\(bundle?.messageCount ?? 0) messages"
        case .failure: messages = "unreadable"
        }
        var text = column(messages, 15) + column(HumanFormat.size(entry?.size ?? 0), 10)
        if case .expoCache(let cachedAt) = cached.source {
            text += "Expo cache, " + (cachedAt.map { "cached " + HumanFormat.age(of: $0) } ?? "no cachedAt")
        } else if let metadata = CacheMetadata.read(
            in: store, key: StorageKey.messagesCache(project: translator.project, locale: tag))
        {
            text += "fetched " + HumanFormat.age(of: metadata.fetchedAt)
            if let version = metadata.manifestVersion { text += "  version \(version)" }
            if let namespaces = metadata.namespaces ?? cachedManifestNamespaces(translator.project, store: store) {
                text += "  namespaces \(namespaces.joined(separator: ","))"
            }
            if let etag = metadata.etag { text += "  ETag \(etag)" }
        } else if let entry, let written = translator.reader.recordedTime(of: cached, size: entry.size) {
            text += "written " + HumanFormat.age(of: written)
        } else {
            text += "stored " + HumanFormat.age(of: entry?.modified)
        }
        return text
    }

    /// The namespaces of the cached manifest, when the project is namespaced.
    private static func cachedManifestNamespaces(_ project: ProjectID, store: any GroupStore) -> [String]? {
        // A manifest that cannot be read or used has no namespaces here; the manifest line says why.
        guard
            let bytes = try? store.value(
                forKey: StorageKey.manifest(project: project), maximumSize: StorageKey.maximumManifestSize),
            let manifest = try? Manifest(jsonBytes: bytes), !manifest.namespaces.isEmpty
        else { return nil }
        return manifest.namespaces
    }

    static func entriesByKey(_ store: any GroupStore) throws(CLIError) -> [String: GroupStoreEntry] {
        do {
            return Dictionary(try store.entries().map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        } catch { throw .failure("\(error)") }
    }

    /// `text` padded to `width` terminal cells, and at least one space after it; escape `text` first.
    static func column(_ text: String, _ width: Int) -> String {
        TerminalText.padded(text, toWidth: max(width, TerminalText.width(of: text) + 1))
    }
}
