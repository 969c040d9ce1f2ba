import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import WidgetI18nSupport

/// The app side of WidgetI18n: downloads a project's manifest and message bundles (with `URLSession` on Apple
/// platforms, libcurl on Linux: `FetchOptions/transport`) and caches them into the group store, so that widgets
/// can render offline.
///
/// Every response is validated before anything is written (a JSON object in valid UTF-8, within the size
/// and nesting caps, not the CDN's "no such locale" answer); a failure leaves the store byte for byte as it
/// was. The manifest is cached only with the messages it describes, once every locale fetched with it
/// succeeded. The URLs a manifest names must keep to the CDN's origin (or its directory, for a `file://` CDN)
/// unless `FetchOptions/allowedOrigins` allows more, and `FetchOptions` caps how many languages, namespaces and
/// bytes one manifest can make the fetcher ask for. Validators (ETag, Last-Modified) are kept in the store, so
/// any process revalidates with 304s.
///
///     let fetcher = try CDNFetcher(store: store, project: try ProjectID("acme/widgets"), options: FetchOptions())
///     let manifestFetch = try await fetcher.fetchManifest()
///     let report = await fetcher.fetch(manifestFetch.manifest.languages.map(\.tag), committing: manifestFetch)
public final class CDNFetcher: Sendable {
    /// The group store the fetcher caches the manifest and messages into.
    public let store: any GroupStore
    /// The better-i18n project whose manifest and messages the fetcher downloads.
    public let project: ProjectID
    /// How the fetcher reaches the CDN; an empty `namespaces` list is kept as `nil` (every namespace).
    public let options: FetchOptions
    /// `{cdn}/{org}/{project}` or `{cdn}/{uuid}`.
    public let projectURL: String
    private let urlPolicy: ManifestURLPolicy
    private let client: HTTPClient
    /// Where each locale is validated, hashed and written once its files are in: as many at once as transfers.
    private let caching: BlockingPool
    /// Everything the fetcher writes goes through the contract's writer.
    private var writer: ContractWriter { ContractWriter(store: store, project: project) }

    /// - Parameters:
    ///   - store: the group store to cache messages in, shared with the widgets.
    ///   - project: the better-i18n project whose manifest and messages to download.
    ///   - options: how to reach the CDN: its base URL, timeouts, retries, size limits, namespaces and the other
    ///     origins a manifest may name.
    /// - Throws: `FetchError` when the CDN base URL is not http(s) or file, an allowed origin is not an http(s)
    ///   origin, or `caCertificatePath` is given to the `URLSession` transport.
    public init(store: any GroupStore, project: ProjectID, options: FetchOptions) throws(FetchError) {
        var base = options.cdn
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(),
            ["http", "https", "file"].contains(scheme),
            scheme == "file" || url.host != nil
        else {
            throw FetchError(
                .invalidOptions, "Invalid CDN URL '\(options.cdn)': use https://…, http://… or file:///path/to/Locales")
        }
        if let namespaces = options.namespaces,
            let invalid = namespaces.first(where: { !Manifest.isPlainFileName($0) })
        {
            throw FetchError(.invalidOptions, "Invalid namespace '\(invalid)': use letters, digits, '-', '_' and '.'")
        }
        if options.caCertificatePath != nil, options.transport == .urlSession {
            throw FetchError(
                .invalidOptions,
                "A CA certificate file works with the curl transport only; URLSession trusts the system's "
                    + "certificates (install a private CA as a profile)")
        }
        urlPolicy = try ManifestURLPolicy(cdn: url, scheme: scheme, allowedOrigins: options.allowedOrigins)
        self.store = store
        self.project = project
        var options = options
        // No names selects nothing: that is no selection.
        if options.namespaces?.isEmpty == true { options.namespaces = nil }
        self.options = options
        projectURL = base + "/" + project.description
        var configuration = HTTPClientConfiguration()
        configuration.timeout = options.timeout
        configuration.connectTimeout = min(options.connectTimeout, options.timeout)
        configuration.maximumBodyBytes = options.maximumBytes
        configuration.maximumConcurrency = max(1, options.maximumConcurrency)
        configuration.caCertificatePath = options.caCertificatePath
        configuration.transport = options.transport
        configuration.retryPolicy.maximumRetries = max(0, options.retries)
        switch scheme {
        case "file":
            configuration.allowedSchemes = "file"
            configuration.allowedRedirectSchemes = "https"
        case "http":
            configuration.allowedSchemes = "http,https"
            configuration.allowedRedirectSchemes = "http,https"
        default:
            configuration.allowedSchemes = "https"
            configuration.allowedRedirectSchemes = "https"
        }
        client = HTTPClient(configuration: configuration)
        caching = BlockingPool(name: "widget-i18n.cache", width: configuration.maximumConcurrency)
    }

    /// The URL of the project's manifest: `manifest.json` under `projectURL`.
    public var manifestURL: String { projectURL + "/manifest.json" }

    // MARK: - Manifest

    /// Fetches the manifest (conditionally) and validates it, without writing anything: pass the result to
    /// `fetch(_:committing:progress:)`, which caches it once the locales fetched with it succeeded. When the CDN
    /// fails, or sends a manifest that is not valid or asks more than the options allow, but a usable manifest is
    /// cached, the cached one is returned with a `.failed` outcome that says why.
    /// - Throws: `FetchError` when the CDN fails and no usable manifest is cached.
    public func fetchManifest() async throws(FetchError) -> ManifestFetch {
        let key = StorageKey.manifest(project: project)
        let metadataKey = StorageKey.manifestCache(project: project)
        // An unreadable or unusable cached manifest counts as none: the CDN's answer replaces it.
        let cachedBytes = try? store.value(forKey: key, maximumSize: StorageKey.maximumManifestSize)
        let cached = cachedBytes.flatMap { try? Manifest(jsonBytes: $0) }.flatMap {
            limitProblem($0) == nil ? $0 : nil
        }
        // The metadata counts only while it describes the cached bytes: another writer may have replaced them.
        let metadata = CacheMetadata.read(in: store, key: metadataKey).flatMap { metadata in
            cachedBytes.map { metadata.size == $0.count && metadata.sha256 == SHA256.hexDigest(of: $0) } == true
                ? metadata : nil
        }
        var headers: [String: String] = [:]
        if !options.force, cached != nil, let metadata {
            headers = metadata.conditionalHeaders(for: manifestURL)
        }
        func fallBack(_ reason: String, bytes: Int) throws(FetchError) -> ManifestFetch {
            guard let cached else { throw FetchError(.manifestUnavailable, reason) }
            return ManifestFetch(
                manifest: cached, outcome: .failed(reason), bytesTransferred: bytes, url: manifestURL,
                warnings: warnings(about: cached))
        }
        do { try urlPolicy.checkFile(manifestURL) } catch { return try fallBack(error.description, bytes: 0) }
        let result = await client.perform([HTTPRequest(url: manifestURL, headers: headers)])[0]
        let response: HTTPResponse
        switch result {
        case .failure(let error) where error.kind == .cancelled: throw FetchError(.cancelled, error.description)
        case .failure(let error): return try fallBack(error.description, bytes: 0)
        case .success(let success): response = success
        }
        if response.status == 304, let cached {
            return ManifestFetch(
                manifest: cached, outcome: .notModified, bytesTransferred: response.bytesReceived, url: manifestURL,
                warnings: warnings(about: cached))
        }
        guard (200..<300).contains(response.status) else {
            let reason =
                response.status == 404 || response.status == 410
                ? "No manifest for project '\(project)' at '\(manifestURL)' (HTTP \(response.status)); check the project and the CDN base URL"
                : statusFailure(response, url: manifestURL)
            return try fallBack(reason, bytes: response.bytesReceived)
        }
        let manifest: Manifest
        let body: [UInt8]
        do { (manifest, body) = try Manifest.parse(response.body) } catch {
            return try fallBack("Invalid manifest from '\(manifestURL)': \(error)", bytes: response.bytesReceived)
        }
        if let problem = limitProblem(manifest) {
            return try fallBack("The manifest from '\(manifestURL)' \(problem)", bytes: response.bytesReceived)
        }
        let digest = SHA256.hexDigest(of: body)
        let newMetadata = CacheMetadata(
            files: [manifestURL: validators(response)], manifestVersion: manifest.version, fetchedAt: Date(),
            size: body.count, sha256: digest)
        let unchanged = cachedBytes == body
        var pending = PendingManifest()
        if !unchanged { pending.bytes = body }
        // Same content and validators: the metadata would only differ in its date, so leave it.
        if !unchanged || metadata?.files != newMetadata.files || metadata?.sha256 != digest {
            pending.metadata = newMetadata
        }
        return ManifestFetch(
            manifest: manifest, outcome: unchanged ? .unchanged : .updated(size: body.count),
            bytesTransferred: response.bytesReceived, url: manifestURL, warnings: warnings(about: manifest),
            pending: pending.bytes == nil && pending.metadata == nil ? nil : pending)
    }

    /// Why `manifest` asks more of the fetcher than the options allow, as the end of a sentence, or `nil`.
    private func limitProblem(_ manifest: Manifest) -> String? {
        if manifest.languages.count > options.maximumLanguages {
            return "lists \(manifest.languages.count) languages, more than the \(options.maximumLanguages) allowed "
                + "(maximumLanguages); refusing it"
        }
        let namespaces = max(manifest.namespaces.count, manifest.files.values.map(\.namespaces.count).max() ?? 0)
        if namespaces > options.maximumNamespaces {
            return "names \(namespaces) namespaces, more than the \(options.maximumNamespaces) allowed "
                + "(maximumNamespaces); refusing it"
        }
        return nil
    }

    /// One warning for the language codes `manifest` skipped, counting them and quoting the first few.
    private func warnings(about manifest: Manifest) -> [FetchWarning] {
        let skipped = manifest.skippedLanguages
        guard !skipped.isEmpty else { return [] }
        let shown = skipped.prefix(3).map { "'\(QuotedExcerpt.of($0, length: 32))'" }.joined(separator: ", ")
        let more = skipped.count > 3 ? " and \(skipped.count - 3) more" : ""
        let count = skipped.count == 1 ? "1 language code" : "\(skipped.count) language codes"
        return [
            FetchWarning(
                .skippedLanguages,
                "The manifest of '\(project)' lists \(count) that are not locale tags, skipped: \(shown)\(more)")
        ]
    }

    /// Writes what `manifestFetch` left pending: the manifest's bytes, then its metadata.
    private func commit(_ manifestFetch: ManifestFetch) -> ManifestFetch {
        guard let pending = manifestFetch.pending else { return manifestFetch }
        do {
            try writer.storeManifest(pending.bytes, metadata: pending.metadata)
        } catch {
            return manifestFetch.settled(.failed("Cannot cache the manifest: \(error)"))
        }
        return manifestFetch.settled(manifestFetch.outcome)
    }

    // MARK: - Messages

    /// Fetches the messages of `locales` in parallel with the manifest `manifestFetch` brought, caches each valid
    /// one, and then caches the manifest itself, only if every locale succeeded (fetched, unchanged or current).
    ///
    /// When any locale fails, the manifest and its metadata stay byte for byte as they were, and so do the
    /// messages, index and metadata of every locale that failed; the locales that succeeded keep what this
    /// fetch wrote for them (their messages are complete and valid, and their metadata records the new
    /// manifest's version for them). The report's manifest outcome then says why it was not cached.
    ///
    ///     let manifestFetch = try await fetcher.fetchManifest()
    ///     let report = await fetcher.fetch([try LocaleTag("tr"), .english], committing: manifestFetch)
    ///     for result in report.locales where result.outcome.isFailure { print(result.locale, result.outcome) }
    /// - Parameters:
    ///   - locales: the locales to fetch; each is fetched as the manifest's language that serves it. None at all
    ///     only caches the manifest.
    ///   - manifestFetch: what `fetchManifest()` returned: the manifest to fetch with, and to cache after.
    ///   - progress: called as transfers finish, with (finished, total, bytes so far).
    /// - Returns: each locale's result, the manifest fetch with its final outcome, and a warning when the reload
    ///   request for new content could not be recorded.
    public func fetch(
        _ locales: [LocaleTag], committing manifestFetch: ManifestFetch,
        progress: (@Sendable (_ finished: Int, _ total: Int, _ bytes: Int) -> Void)? = nil
    ) async -> FetchReport {
        let (results, updated) = await fetchLocales(locales, manifest: manifestFetch.manifest, progress: progress)
        var warnings: [FetchWarning] = []
        // Even a cancelled fetch may have cached some locales before it stopped: widgets reload for those.
        do { try recordReload(updated) } catch {
            warnings.append(
                FetchWarning(
                    .reloadNotRecorded, "The messages were cached, but no reload request could be recorded: \(error)"))
        }
        if Task.isCancelled {
            let reason = "The manifest was not cached: the fetch was cancelled"
            return FetchReport(
                manifest: manifestFetch.pending == nil ? manifestFetch : manifestFetch.settled(.failed(reason)),
                locales: results, warnings: warnings, isCancelled: true)
        }
        // A locale the manifest does not offer is not one it describes: its failure does not hold the manifest
        // back (else a project that dropped the user's locale could never have its new manifest cached).
        let offered = { (result: LocaleFetchResult) in manifestFetch.manifest.language(for: result.locale) != nil }
        guard let failure = results.first(where: { $0.outcome.isFailure && offered($0) }) else {
            return FetchReport(manifest: commit(manifestFetch), locales: results, warnings: warnings)
        }
        guard manifestFetch.pending != nil else {
            return FetchReport(manifest: manifestFetch, locales: results, warnings: warnings)
        }
        let reason =
            "The manifest was not cached, since '\(failure.locale.displayForm)' failed: a manifest is cached only "
            + "with the messages it describes"
        return FetchReport(manifest: manifestFetch.settled(.failed(reason)), locales: results, warnings: warnings)
    }

    /// One reload request when any content changed.
    private func recordReload(_ updated: [String]) throws {
        guard !updated.isEmpty else { return }
        try writer.recordReloadRequest("messages updated: \(updated.joined(separator: ", "))")
    }

    /// The locales' results, and the locales whose content changed.
    private func fetchLocales(
        _ locales: [LocaleTag], manifest: Manifest,
        progress: (@Sendable (_ finished: Int, _ total: Int, _ bytes: Int) -> Void)?
    ) async -> (results: [LocaleFetchResult], updated: [String]) {
        var plans: [Plan] = []
        var results: [LocaleTag: LocaleFetchResult] = [:]
        var order: [LocaleTag] = []
        if let problem = limitProblem(manifest) {
            var refused: [LocaleFetchResult] = []
            for requested in locales {
                let tag = manifest.language(for: requested)?.tag ?? requested
                guard !order.contains(tag) else { continue }
                order.append(tag)
                refused.append(
                    LocaleFetchResult(
                        locale: tag, outcome: .failed("The manifest \(problem)"), bytesTransferred: 0, urls: []))
            }
            return (refused, [])
        }
        for requested in locales {
            guard let language = manifest.language(for: requested) else {
                if !order.contains(requested) { order.append(requested) }
                let offered = manifest.languages.map(\.tag.normalized).joined(separator: ", ")
                results[requested] = LocaleFetchResult(
                    locale: requested,
                    outcome: .failed(
                        "'\(requested.displayForm)' is not offered by project '\(project)' (languages: \(offered))"),
                    bytesTransferred: 0, urls: [])
                continue
            }
            guard !order.contains(language.tag) else { continue }
            order.append(language.tag)
            switch plan(for: language, manifest: manifest) {
            case .success(let plan):
                if plan.isCurrent {
                    // The manifest still gives the version that is cached: no request at all.
                    results[language.tag] = LocaleFetchResult(
                        locale: language.tag, outcome: .notModified, bytesTransferred: 0, urls: [])
                } else {
                    plans.append(plan)
                }
            case .failure(let error):
                results[language.tag] = LocaleFetchResult(
                    locale: language.tag, outcome: .failed(error.description), bytesTransferred: 0, urls: [])
            }
        }
        var processed: [LocaleFetchResult] = []
        if store.capabilities.budget != nil {
            // A domain with a budget holds what fits: one locale after another, the stored locale first and then
            // in the order asked (the caller's default locale before the rest), so that what is left out is what
            // is used least. Concurrent commits would let whichever arrived first take the room.
            for plan in prioritized(plans) {
                processed += await download([plan], manifest: manifest, progress: progress)
            }
        } else {
            processed = await download(plans, manifest: manifest, progress: progress)
        }
        var updated: [String] = []
        for result in processed {
            if case .updated = result.outcome { updated.append(result.locale.displayForm) }
            results[result.locale] = result
        }
        return (order.compactMap { results[$0] }, updated)
    }

    /// `plans` with the stored locale's first: the order in which a store with a budget takes them.
    private func prioritized(_ plans: [Plan]) -> [Plan] {
        // An unreadable stored locale puts no locale first.
        guard let stored = try? ContractReader(store: store, project: project).storedLocale()?.tag,
            let index = plans.firstIndex(where: {
                $0.language.tag == stored
                    || LocaleNegotiation.lookup(
                        preferred: [stored], available: [$0.language.tag]) != nil
            })
        else { return plans }
        var ordered = plans
        ordered.insert(ordered.remove(at: index), at: 0)
        return ordered
    }

    /// Fetches `requested` (or the nearest locale the manifest offers) and only then stores it as the
    /// selected locale, so a widget never sees a locale without its messages. When the refresh fails but
    /// messages are cached, the switch still happens and the result carries a warning. The manifest is cached
    /// as `fetch(_:committing:progress:)` caches it: only when the locale's fetch succeeded.
    /// - Parameter requested: the locale to switch to.
    /// - Throws: `FetchError` when the locale is not offered, or cannot be fetched and is not cached; the
    ///   stored locale is then unchanged.
    public func switchLocale(to requested: LocaleTag) async throws(FetchError) -> LocaleSwitch {
        var warnings: [FetchWarning] = []
        let manifestFetch: ManifestFetch
        do {
            manifestFetch = try await fetchManifest()
        } catch {
            // No manifest at all: a cached locale can still be selected, offline.
            do {
                let chosen = try writer.selectLocale(requested)
                return LocaleSwitch(
                    locale: chosen, fetch: nil,
                    warnings: [FetchWarning(.cachedMessagesUsed, "\(error); switched using the cached messages")])
            } catch let selection {
                throw FetchError(.cannotSwitch, "\(error); \(selection)")
            }
        }
        if case .failed(let reason) = manifestFetch.outcome {
            warnings.append(FetchWarning(.cachedManifestUsed, "\(reason); using the cached manifest"))
        }
        warnings += manifestFetch.warnings
        guard let language = manifestFetch.manifest.language(for: requested) else {
            let offered = manifestFetch.manifest.languages.map(\.tag.normalized).joined(separator: ", ")
            throw FetchError(
                .notOffered,
                "'\(requested.displayForm)' is not offered by project '\(project)' (languages: \(offered)); "
                    + "the locale was not changed")
        }
        let report = await fetch([language.tag], committing: manifestFetch)
        let result = report.locales[0]
        warnings += report.warnings
        if !result.outcome.isFailure, !manifestFetch.outcome.isFailure,
            case .failed(let reason) = report.manifest.outcome
        {
            warnings.append(FetchWarning(.manifestNotCached, reason))
        }
        let notStored: (code: FetchError.Code, reason: String)? =
            switch result.outcome {
            case .failed(let reason): (.cannotSwitch, reason)
            case .leftOut(let reason): (.storeFull, reason)
            default: nil
            }
        if let (code, reason) = notStored {
            // Unreadable counts as not cached: the switch then stops, and says why the fetch did not store it.
            let cached = try? store.containsValue(forKey: StorageKey.messages(project: project, locale: language.tag))
            guard cached == true else {
                throw FetchError(
                    code, "Cannot fetch '\(language.tag.displayForm)': \(reason); the locale was not changed")
            }
            warnings.append(
                FetchWarning(
                    .cachedMessagesUsed,
                    "Could not refresh '\(language.tag.displayForm)' (\(reason)); using the cached messages"))
        }
        do {
            let chosen = try writer.selectLocale(language.tag)
            return LocaleSwitch(locale: chosen, fetch: result, warnings: warnings)
        } catch {
            throw FetchError(.cannotSwitch, "\(error)")
        }
    }

    // MARK: - Downloading

    /// Downloads every plan's files and caches each locale as soon as all its files are in, so validation,
    /// hashing and writing overlap the transfers still running. A second round fetches what the first could
    /// not finish: the unchanged files of a namespaced locale that came back partly 304, and the namespace
    /// files of a batch answer that failed or lacked a namespace.
    ///
    /// Structured: the transfers and each locale's caching are child tasks of one group; the blocking parts run
    /// on threads of their own (the transport's, and `caching`'s). A cancelled task stops the transfers, and a
    /// locale whose caching had not begun is not written: its result says it was cancelled.
    private func download(
        _ plans: [Plan], manifest: Manifest, progress: (@Sendable (Int, Int, Int) -> Void)?
    ) async -> [LocaleFetchResult] {
        var results = [LocaleFetchResult?](repeating: nil, count: plans.count)
        let budget = TransferBudget(limit: options.maximumTotalBytes)
        var round = Array(plans.enumerated()).map { (index: $0.offset, plan: $0.element) }
        // At most two rounds: the second only re-requests what the first could not finish.
        for isFirst in [true, false] where !round.isEmpty {
            let current = round
            let requests = current.flatMap { entry in
                entry.plan.urls.map { HTTPRequest(url: $0, headers: entry.plan.conditionalHeaders[$0] ?? [:]) }
            }
            let groupSizes = current.map(\.plan.urls.count)
            let (finishedLocales, feed) = AsyncStream.makeStream(of: (group: Int, results: [Transfer]).self)
            var next: [(index: Int, plan: Plan)] = []
            await withTaskGroup(of: (index: Int, completion: Completion)?.self) { group in
                group.addTask { [client] in
                    let collector = Locked(TransferCollector<Transfer>(groupSizes: groupSizes))
                    _ = await client.perform(requests, budget: budget, progress: isFirst ? progress : nil) {
                        index, result in
                        if let complete = collector.withLock({ $0.record(result, request: index) }) {
                            feed.yield(complete)
                        }
                    }
                    feed.finish()
                    return nil
                }
                // Iterated by hand: `for await` calls `next(isolation:)`, which needs iOS 18 (the floor is 16).
                var finished = finishedLocales.makeAsyncIterator()
                while let complete = await finished.next() {
                    let (planIndex, plan) = current[complete.group]
                    group.addTask { [caching] in
                        guard !Task.isCancelled else {
                            return (planIndex, .done(self.cancelled(plan, parts: complete.results)))
                        }
                        let completion = await caching.run {
                            self.complete(plan, parts: complete.results, isFirstRound: isFirst)
                        }
                        return (planIndex, completion)
                    }
                }
                while let done = await group.next() {
                    guard let (index, completion) = done else { continue }
                    switch completion {
                    case .done(let result): results[index] = result
                    case .again(let plan): next.append((index, plan))
                    }
                }
            }
            guard !Task.isCancelled else {
                // A cancelled task stops reading the stream too: every locale of the round without a result
                // (waiting for a second round, or never handed over) was cancelled.
                for (index, plan) in current where results[index] == nil { results[index] = cancelled(plan, parts: []) }
                break
            }
            round = next.sorted { $0.index < $1.index }
        }
        return results.compactMap { $0 }
    }

    /// The result of a locale that a cancellation kept from being cached.
    private func cancelled(_ plan: Plan, parts: [Transfer]) -> LocaleFetchResult {
        let bytes = parts.reduce(0) { sum, part in
            if case .success(let response) = part { return sum + response.bytesReceived }
            return sum
        }
        return LocaleFetchResult(
            locale: plan.language.tag,
            outcome: .failed(
                "Cancelled before '\(plan.language.tag.displayForm)' was cached; nothing of it was stored"),
            bytesTransferred: bytes, urls: plan.urls)
    }

    private typealias Transfer = Result<HTTPResponse, HTTPTransferError>

    /// What finishing a locale's transfers led to: a result, or a plan for a second round.
    private enum Completion {
        case done(LocaleFetchResult)
        case again(Plan)
    }

    // MARK: - Plans

    private struct Plan: Sendable {
        let language: Manifest.Language
        /// What to request, in order.
        let urls: [String]
        /// The namespace each URL holds, or `nil` for one combined file (or a batch).
        let namespaces: [String]?
        /// For a batch request (`urls` is its one URL): the namespaces it must answer, sorted, and each one's own
        /// URL to fall back to.
        let batch: (namespaces: [String], fallbackURLs: [String])?
        let conditionalHeaders: [String: [String: String]]
        let cachedSize: Int?
        let metadata: CacheMetadata?
        /// The locale's version in the manifest, recorded with it.
        let version: String?
        /// The namespaces the caller selected, recorded with the locale; `nil` for everything.
        let selection: [String]?
        /// The manifest still gives the version that is cached, for the same selection: nothing to request.
        let isCurrent: Bool
        /// The same files under the normalised code (`pt-br` for a manifest's `pt-BR`), as better-i18n's JS core
        /// requests them (`cdn.ts`: `{cdn}/{project}/{normalizeLocale(locale)}/…`), for a CDN whose paths are
        /// lower case; `nil` when the URLs already use it or come from the manifest's `files`.
        var respelledURLs: [String]? = nil

        /// The plan under the normalised code, or `nil` when there is no other spelling to try.
        func respelled() -> Plan? {
            guard let respelledURLs, batch == nil else { return nil }
            return Plan(
                language: language, urls: respelledURLs, namespaces: namespaces, batch: nil, conditionalHeaders: [:],
                cachedSize: cachedSize, metadata: metadata, version: version, selection: selection, isCurrent: false)
        }

        func fallingBackFromBatch() -> Plan {
            Plan(
                language: language, urls: batch!.fallbackURLs, namespaces: batch!.namespaces, batch: nil,
                conditionalHeaders: [:], cachedSize: cachedSize, metadata: metadata, version: version,
                selection: selection, isCurrent: false)
        }

        func unconditional() -> Plan {
            Plan(
                language: language, urls: urls, namespaces: namespaces, batch: batch, conditionalHeaders: [:],
                cachedSize: cachedSize, metadata: metadata, version: version, selection: selection, isCurrent: false)
        }
    }

    private func plan(for language: Manifest.Language, manifest: Manifest) -> Result<Plan, FetchError> {
        let tag = language.tag
        let localeURL = projectURL + "/" + language.code
        let localeFiles = manifest.files[tag.normalized]
        /// A namespace's own file: the rich manifest's URL, else `{project}/{locale}/{ns}.json`.
        func namespaceURL(_ name: String) throws(FetchError) -> String {
            guard let raw = localeFiles?.namespaces[name]?.url else { return localeURL + "/" + name + ".json" }
            return try urlPolicy.resolve(raw, against: manifestURL, locale: tag)
        }
        var urls: [String]
        var namespaces: [String]?
        var batch: (namespaces: [String], fallbackURLs: [String])?
        let selection = options.namespaces.map { Array(Set($0)).sorted() }
        do {
            if let selection, !selection.isEmpty {
                let fallbackURLs = try selection.map(namespaceURL)
                if manifest.batch, selection.count >= 2 {
                    urls = [localeURL + "/batch.json?ns=" + selection.joined(separator: ",")]
                    batch = (selection, fallbackURLs)
                } else {
                    urls = fallbackURLs
                    namespaces = selection
                }
            } else if let raw = localeFiles?.file.url {
                // A combined file: the whole locale, namespaced or not, in one request.
                urls = [try urlPolicy.resolve(raw, against: manifestURL, locale: tag)]
            } else if !manifest.namespaces.isEmpty {
                urls = try manifest.namespaces.map(namespaceURL)
                namespaces = manifest.namespaces
            } else {
                urls = [localeURL + "/translations.json"]
            }
            for url in urls { try urlPolicy.checkFile(url) }
        } catch {
            return .failure(error)
        }
        // The tree's paths in the normalised spelling, for a CDN that serves `pt-br` where the manifest says `pt-BR`.
        var respelledURLs: [String]?
        if language.code != tag.normalized, batch == nil {
            let spelled = localeURL + "/"
            let normalized = projectURL + "/" + tag.normalized + "/"
            let respelled = urls.map { $0.hasPrefix(spelled) ? normalized + $0.dropFirst(spelled.count) : $0 }
            if respelled != urls { respelledURLs = respelled }
        }
        // Unreadable cached messages count as none: the request is unconditional and its answer replaces them.
        let stored = try? store.identifiedValue(forKey: StorageKey.messages(project: project, locale: tag))
        let cachedSize = stored?.count
        // The metadata counts only while it describes the value under the key: another writer (an SDK,
        // `store put`) may have replaced it since, and then nothing the metadata says about it holds.
        let metadata = CacheMetadata.read(in: store, key: StorageKey.messagesCache(project: project, locale: tag))
            .flatMap { metadata in stored.map(metadata.describes) == true ? metadata : nil }
        let cachedAsIs = !options.force && metadata != nil && metadata?.namespaces == selection
        // Cached from the normalised spelling last time: ask there first.
        if let respelled = respelledURLs, let metadata, Set(metadata.files.keys) == Set(respelled) {
            (urls, respelledURLs) = (respelled, nil)
        }
        var headers: [String: [String: String]] = [:]
        if cachedAsIs, let metadata, Set(metadata.files.keys) == Set(urls) {
            for url in urls { headers[url] = metadata.conditionalHeaders(for: url) }
        }
        let version = manifest.version(of: tag)
        return .success(
            Plan(
                language: language, urls: urls, namespaces: namespaces, batch: batch, conditionalHeaders: headers,
                cachedSize: cachedSize ?? nil, metadata: metadata, version: version, selection: selection,
                isCurrent: cachedAsIs && version != nil && metadata?.manifestVersion == version,
                respelledURLs: respelledURLs))
    }

    /// The selected namespaces of a batch answer, each as its own file, or `nil` when the answer is not an
    /// object that holds every one of them as an object.
    private func batchFiles(_ plan: Plan, body: [UInt8], validators: CacheMetadata.Validators) -> [LocaleCache.File]? {
        guard let batch = plan.batch, let bundle = try? MessageBundle(jsonBytes: body) else { return nil }
        let objects = bundle.topLevelObjects()
        var files: [LocaleCache.File] = []
        for name in batch.namespaces {
            guard let object = objects.last(where: { $0.name == name }) else { return nil }
            files.append(LocaleCache.File(url: plan.urls[0], body: Array(body[object.range]), validators: validators))
        }
        return files
    }

    /// The locale's result once all its transfers are in: a failure, `notModified`, or what caching said; or,
    /// after a first round, a plan for a second: the namespace files of a batch answer that failed or lacked a
    /// namespace, or every file of a namespaced locale that came back partly 304 (the unchanged ones' bodies).
    private func complete(_ plan: Plan, parts: [Transfer], isFirstRound: Bool) -> Completion {
        let tag = plan.language.tag
        var bytes = 0
        func result(_ outcome: FetchOutcome, warnings: [FetchWarning] = []) -> Completion {
            .done(
                LocaleFetchResult(
                    locale: tag, outcome: outcome, bytesTransferred: bytes, urls: plan.urls, warnings: warnings))
        }
        if let batch = plan.batch {
            switch parts[0] {
            case .success(let response) where response.status == 304:
                bytes = response.bytesReceived
                let (outcome, warnings) = notModified(plan)
                return result(outcome, warnings: warnings)
            case .success(let response) where (200..<300).contains(response.status):
                bytes = response.bytesReceived
                if let files = batchFiles(plan, body: response.body, validators: validators(response)) {
                    let (outcome, warnings) = cache(files, namespaces: batch.namespaces, plan: plan)
                    return result(outcome, warnings: warnings)
                }
            default: break
            }
            return .again(plan.fallingBackFromBatch())
        }
        var files: [LocaleCache.File] = []
        var statuses: [Int] = []
        for (url, part) in zip(plan.urls, parts) {
            switch part {
            case .failure(let error): return result(.failed(error.description))
            case .success(let response):
                bytes += response.bytesReceived
                guard (200..<300).contains(response.status) || response.status == 304 else {
                    if isFirstRound, response.status == 404 || response.status == 410, let next = plan.respelled() {
                        return .again(next)
                    }
                    return result(.failed(statusFailure(response, url: url, locale: tag)))
                }
                statuses.append(response.status)
                files.append(LocaleCache.File(url: url, body: response.body, validators: validators(response)))
            }
        }
        if statuses.allSatisfy({ $0 == 304 }) {
            let (outcome, warnings) = notModified(plan)
            return result(outcome, warnings: warnings)
        }
        if statuses.contains(304) {
            guard isFirstRound else { return result(.failed("The CDN answered 304 to a request without validators")) }
            return .again(plan.unconditional())
        }
        let (outcome, warnings) = cache(files, namespaces: plan.namespaces, plan: plan)
        return result(outcome, warnings: warnings)
    }

    /// The content is current. A newer manifest version is recorded, so the next fetch asks nothing.
    /// A metadata write that fails loses nothing cached; it is a warning, since the next fetch asks again.
    private func notModified(_ plan: Plan) -> (FetchOutcome, [FetchWarning]) {
        if var metadata = plan.metadata, plan.version != nil, metadata.manifestVersion != plan.version {
            metadata.manifestVersion = plan.version
            do { try writer.storeMetadata(metadata, locale: plan.language.tag) } catch {
                return (
                    .notModified,
                    [
                        FetchWarning(
                            .versionNotRecorded,
                            "The messages of '\(plan.language.tag.displayForm)' are current, but the manifest's "
                                + "new version could not be recorded (\(error)); the next fetch asks the CDN again")
                    ]
                )
            }
        }
        return (.notModified, [])
    }

    private func cache(_ files: [LocaleCache.File], namespaces: [String]?, plan: Plan) -> (FetchOutcome, [FetchWarning])
    {
        var warnings: [FetchWarning] = []
        do {
            let outcome = try LocaleCache(store: store, project: project).cache(
                files, locale: plan.language.tag, namespaces: namespaces,
                bundleURL: namespaces != nil ? projectURL + "/" + plan.language.code + "/*.json" : plan.urls[0],
                manifestVersion: plan.version, selection: plan.selection, previous: plan.metadata,
                previousSize: plan.cachedSize, warn: { warnings.append($0) })
            return (outcome, warnings)
        } catch {
            return (error.code == .storeFull ? .leftOut(error.description) : .failed(error.description), warnings)
        }
    }

    private func validators(_ response: HTTPResponse) -> CacheMetadata.Validators {
        CacheMetadata.Validators(etag: response.headers["etag"], lastModified: response.headers["last-modified"])
    }

    private func statusFailure(_ response: HTTPResponse, url: String, locale: LocaleTag? = nil) -> String {
        let tries = response.attempts > 1 ? " after \(response.attempts) attempts" : ""
        switch response.status {
        case 404, 410:
            return "HTTP \(response.status) from '\(url)': the CDN has no messages for '\(locale?.displayForm ?? "?")'"
        case 429:
            return "HTTP 429 (rate limited) from '\(url)'\(tries); try again later"
        case 500...599:
            return "HTTP \(response.status) from '\(url)'\(tries); the CDN is failing, try again later"
        default:
            return "HTTP \(response.status) from '\(url)'"
        }
    }
}
