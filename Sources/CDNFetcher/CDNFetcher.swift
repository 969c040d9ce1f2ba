import Foundation
import GroupStore
import I18nCore
import Synchronization
import TimelineEngine
import WidgetTranslator

/// The app side of WidgetI18n: downloads a project's manifest and message bundles with libcurl and caches
/// them into the group store, so that widgets can render offline.
///
/// Every response is validated before anything is written (a JSON object in valid UTF-8, within the size
/// and nesting caps, not the CDN's "no such locale" answer); a failure leaves the store byte for byte as it
/// was. Validators (ETag, Last-Modified) are kept in the store, so any process revalidates with 304s.
///
///     let fetcher = try CDNFetcher(store: store, project: try ProjectID("acme/widgets"), options: FetchOptions())
///     let manifest = try await fetcher.fetchManifest().manifest
///     let results = await fetcher.fetch(manifest.languages.map(\.tag), manifest: manifest)
public final class CDNFetcher: Sendable {
    public let store: any GroupStore
    public let project: ProjectID
    public let options: FetchOptions
    /// `{cdn}/{org}/{project}` or `{cdn}/{uuid}`.
    public let projectURL: String
    private let scheme: String
    private let client: HTTPClient

    /// - Throws: `FetchError` when the CDN base URL is not http(s) or file.
    public init(store: any GroupStore, project: ProjectID, options: FetchOptions) throws(FetchError) {
        var base = options.cdn
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(),
            ["http", "https", "file"].contains(scheme),
            scheme == "file" || url.host != nil
        else {
            throw FetchError("Invalid CDN URL '\(options.cdn)': use https://…, http://… or file:///path/to/Locales")
        }
        self.store = store
        self.project = project
        self.options = options
        self.scheme = scheme
        projectURL = base + "/" + project.description
        var configuration = HTTPClientConfiguration()
        configuration.timeout = options.timeout
        configuration.connectTimeout = min(options.connectTimeout, options.timeout)
        configuration.maximumBodyBytes = options.maximumBytes
        configuration.maximumConcurrency = max(1, options.maximumConcurrency)
        configuration.caCertificatePath = options.caCertificatePath
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
    }

    public var manifestURL: String { projectURL + "/manifest.json" }

    // MARK: - Manifest

    /// Fetches the manifest (conditionally) and caches it. When the CDN fails but a manifest is cached, the
    /// cached one is returned with a `.failed` outcome that says why.
    /// - Throws: `FetchError` when the CDN fails and no usable manifest is cached.
    public func fetchManifest() async throws(FetchError) -> ManifestFetch {
        let key = StorageKey.manifest(project: project)
        let metadataKey = StorageKey.manifestCache(project: project)
        let cachedBytes = try? store.value(forKey: key)
        let cached = cachedBytes.flatMap { try? Manifest(jsonBytes: $0) }
        let metadata = CacheMetadata.read(in: store, key: metadataKey)
        var headers: [String: String] = [:]
        if !options.force, cached != nil, let metadata, metadata.size == cachedBytes?.count {
            headers = metadata.conditionalHeaders(for: manifestURL)
        }
        let result = await client.perform([HTTPRequest(url: manifestURL, headers: headers)])[0]
        func fallBack(_ reason: String, bytes: Int) throws(FetchError) -> ManifestFetch {
            guard let cached else { throw FetchError(reason) }
            return ManifestFetch(manifest: cached, outcome: .failed(reason), bytesTransferred: bytes, url: manifestURL)
        }
        let response: HTTPResponse
        switch result {
        case .failure(let error): return try fallBack(error.description, bytes: 0)
        case .success(let success): response = success
        }
        if response.status == 304, let cached {
            return ManifestFetch(
                manifest: cached, outcome: .notModified, bytesTransferred: response.bytesReceived, url: manifestURL)
        }
        guard (200..<300).contains(response.status) else {
            let reason =
                response.status == 404 || response.status == 410
                ? "No manifest for project '\(project)' at '\(manifestURL)' (HTTP \(response.status)); check --project and --cdn"
                : statusFailure(response, url: manifestURL)
            return try fallBack(reason, bytes: response.bytesReceived)
        }
        let manifest: Manifest
        do { manifest = try Manifest(jsonBytes: response.body) } catch {
            return try fallBack("Invalid manifest from '\(manifestURL)': \(error)", bytes: response.bytesReceived)
        }
        let digest = SHA256.hexDigest(of: response.body)
        let newMetadata = CacheMetadata(
            files: [manifestURL: validators(response)], manifestVersion: manifest.version, fetchedAt: Date(),
            size: response.body.count, sha256: digest)
        let outcome: FetchOutcome
        do {
            if cachedBytes == response.body {
                outcome = .unchanged
            } else {
                try store.setValue(response.body, forKey: key)
                outcome = .updated(size: response.body.count)
            }
            // Same content and validators: the metadata would only differ in its date, so leave it.
            if outcome != .unchanged || metadata?.files != newMetadata.files || metadata?.sha256 != digest {
                try store.setValue(newMetadata.encoded(), forKey: metadataKey)
            }
        } catch {
            return try fallBack("Cannot cache the manifest: \(error)", bytes: response.bytesReceived)
        }
        return ManifestFetch(
            manifest: manifest, outcome: outcome, bytesTransferred: response.bytesReceived, url: manifestURL)
    }

    // MARK: - Messages

    /// Fetches the messages of `locales` in parallel and caches each valid one. A locale the manifest does
    /// not offer (nor a parent of it) fails without a request. Records one reload request when any content
    /// changed.
    /// - Parameter progress: called as transfers finish, with (finished, total, bytes so far).
    public func fetch(
        _ locales: [LocaleTag], manifest: Manifest,
        progress: (@Sendable (_ finished: Int, _ total: Int, _ bytes: Int) -> Void)? = nil
    ) async -> [LocaleFetchResult] {
        var plans: [Plan] = []
        var results: [LocaleTag: LocaleFetchResult] = [:]
        var order: [LocaleTag] = []
        for requested in locales {
            guard let language = manifest.language(for: requested) else {
                if !order.contains(requested) { order.append(requested) }
                let offered = manifest.languages.map(\.tag.normalized).joined(separator: ", ")
                results[requested] = LocaleFetchResult(
                    locale: requested,
                    outcome: .failed(
                        "'\(requested.normalized)' is not offered by project '\(project)' (languages: \(offered))"),
                    bytesTransferred: 0, urls: [])
                continue
            }
            guard !order.contains(language.tag) else { continue }
            order.append(language.tag)
            switch plan(for: language, manifest: manifest) {
            case .success(let plan): plans.append(plan)
            case .failure(let error):
                results[language.tag] = LocaleFetchResult(
                    locale: language.tag, outcome: .failed(error.description), bytesTransferred: 0, urls: [])
            }
        }
        let processed = await download(plans, manifest: manifest, progress: progress)
        var updated: [String] = []
        for result in processed {
            if case .updated = result.outcome { updated.append(result.locale.normalized) }
            results[result.locale] = result
        }
        if !updated.isEmpty {
            try? ReloadRequest.record(
                "messages updated: \(updated.joined(separator: ", "))", project: project, in: store)
        }
        return order.compactMap { results[$0] }
    }

    /// Fetches `requested` (or the nearest locale the manifest offers) and only then stores it as the
    /// selected locale, so a widget never sees a locale without its messages. When the refresh fails but
    /// messages are cached, the switch still happens and the result carries a warning.
    /// - Throws: `FetchError` when the locale is not offered, or cannot be fetched and is not cached; the
    ///   stored locale is then unchanged.
    public func switchLocale(to requested: LocaleTag) async throws(FetchError) -> LocaleSwitch {
        var warnings: [String] = []
        let manifestFetch: ManifestFetch
        do {
            manifestFetch = try await fetchManifest()
        } catch {
            // No manifest at all: a cached locale can still be selected, offline.
            do {
                let chosen = try CachedMessages.selectLocale(requested, project: project, in: store)
                return LocaleSwitch(
                    locale: chosen, fetch: nil, warnings: ["\(error); switched using the cached messages"])
            } catch let selection {
                throw FetchError("\(error); \(selection)")
            }
        }
        if case .failed(let reason) = manifestFetch.outcome { warnings.append("\(reason); using the cached manifest") }
        guard let language = manifestFetch.manifest.language(for: requested) else {
            let offered = manifestFetch.manifest.languages.map(\.tag.normalized).joined(separator: ", ")
            throw FetchError(
                "'\(requested.displayForm)' is not offered by project '\(project)' (languages: \(offered)); "
                    + "the locale was not changed")
        }
        let result = await fetch([language.tag], manifest: manifestFetch.manifest)[0]
        if case .failed(let reason) = result.outcome {
            let cached = (try? store.value(forKey: StorageKey.messages(project: project, locale: language.tag))) ?? nil
            guard cached != nil else {
                throw FetchError("Cannot fetch '\(language.tag.normalized)': \(reason); the locale was not changed")
            }
            warnings.append("Could not refresh '\(language.tag.normalized)' (\(reason)); using the cached messages")
        }
        do {
            let chosen = try CachedMessages.selectLocale(language.tag, project: project, in: store)
            return LocaleSwitch(locale: chosen, fetch: result, warnings: warnings)
        } catch {
            throw FetchError("\(error)")
        }
    }

    // MARK: - Downloading

    /// Downloads every plan's files and caches each locale as soon as all its files are in, so validation,
    /// hashing and writing overlap the transfers still running.
    private func download(
        _ plans: [Plan], manifest: Manifest, progress: (@Sendable (Int, Int, Int) -> Void)?
    ) async -> [LocaleFetchResult] {
        let requests = plans.flatMap { plan in
            plan.urls.map { HTTPRequest(url: $0, headers: plan.conditionalHeaders[$0] ?? [:]) }
        }
        let collector = Mutex(TransferCollector<Transfer>(groupSizes: plans.map(\.urls.count)))
        let results = Mutex([LocaleFetchResult?](repeating: nil, count: plans.count))
        let partlyNotModified = Mutex([Int]())
        let caching = DispatchGroup()
        _ = await client.perform(requests, progress: progress) { index, result in
            guard let complete = collector.withLock({ $0.record(result, request: index) }) else { return }
            guard !Self.needsRefetch(complete.results) else {
                partlyNotModified.withLock { $0.append(complete.group) }
                return
            }
            // A thread per finished locale rather than GCD's pool (a thread per core): caching waits on fsync,
            // and in the pool those waits queued behind each other, finishing 30–40 ms after the last transfer.
            caching.enter()
            Thread.detachNewThread {
                let result = self.complete(plans[complete.group], parts: complete.results, manifest: manifest)
                results.withLock { $0[complete.group] = result }
                caching.leave()
            }
        }
        // A namespaced locale whose files came back partly 304 needs the unchanged files' bodies too.
        let partial = partlyNotModified.withLock { $0.sorted() }
        if !partial.isEmpty {
            let again = await client.perform(partial.flatMap { plans[$0].urls.map { HTTPRequest(url: $0) } })
            var offset = 0
            for index in partial {
                let parts = Array(again[offset..<offset + plans[index].urls.count])
                offset += plans[index].urls.count
                let result = complete(plans[index], parts: parts, manifest: manifest)
                results.withLock { $0[index] = result }
            }
        }
        await withCheckedContinuation { continuation in caching.notify(queue: .global()) { continuation.resume() } }
        return results.withLock { $0 }.compactMap { $0 }
    }

    private typealias Transfer = Result<HTTPResponse, HTTPTransferError>

    private static func needsRefetch(_ parts: [Result<HTTPResponse, HTTPTransferError>]) -> Bool {
        let statuses = parts.map { (try? $0.get())?.status }
        return statuses.contains(304) && statuses.contains { $0 != 304 }
    }

    // MARK: - Plans

    private struct Plan: Sendable {
        let language: Manifest.Language
        let urls: [String]
        let conditionalHeaders: [String: [String: String]]
        let isNamespaced: Bool
        let cachedSize: Int?
        let metadata: CacheMetadata?
    }

    private func plan(for language: Manifest.Language, manifest: Manifest) -> Result<Plan, FetchError> {
        let localeURL = projectURL + "/" + language.code
        var urls: [String]
        if !manifest.namespaces.isEmpty {
            urls = manifest.namespaces.map { localeURL + "/" + $0 + ".json" }
        } else if let raw = manifest.fileURLs[language.tag] {
            guard let resolved = URL(string: raw, relativeTo: URL(string: manifestURL))?.absoluteString,
                isAllowedFileURL(resolved)
            else {
                return .failure(
                    FetchError(
                        "The manifest's URL for '\(language.tag.normalized)' ('\(raw)') leaves the CDN's "
                            + "scheme (\(scheme)); refusing to fetch it"))
            }
            urls = [resolved]
        } else {
            urls = [localeURL + "/translations.json"]
        }
        let cachedSize = (try? store.value(forKey: StorageKey.messages(project: project, locale: language.tag)))??.count
        let metadata = CacheMetadata.read(
            in: store, key: StorageKey.messagesCache(project: project, locale: language.tag))
        var headers: [String: [String: String]] = [:]
        if !options.force, let metadata, let cachedSize, metadata.size == cachedSize,
            Set(metadata.files.keys) == Set(urls)
        {
            for url in urls { headers[url] = metadata.conditionalHeaders(for: url) }
        }
        return .success(
            Plan(
                language: language, urls: urls, conditionalHeaders: headers, isNamespaced: !manifest.namespaces.isEmpty,
                cachedSize: cachedSize, metadata: metadata))
    }

    private func isAllowedFileURL(_ url: String) -> Bool {
        guard let fileScheme = URL(string: url)?.scheme?.lowercased() else { return false }
        switch scheme {
        case "http": return fileScheme == "http" || fileScheme == "https"
        default: return fileScheme == scheme
        }
    }

    /// The locale's result once all its transfers are in: a failure, `notModified`, or what caching said.
    private func complete(_ plan: Plan, parts: [Transfer], manifest: Manifest) -> LocaleFetchResult {
        let tag = plan.language.tag
        var bytes = 0
        var files: [LocaleCache.File] = []
        var allNotModified = true
        func result(_ outcome: FetchOutcome) -> LocaleFetchResult {
            LocaleFetchResult(locale: tag, outcome: outcome, bytesTransferred: bytes, urls: plan.urls)
        }
        for (url, part) in zip(plan.urls, parts) {
            switch part {
            case .failure(let error): return result(.failed(error.description))
            case .success(let response):
                bytes += response.bytesReceived
                guard (200..<300).contains(response.status) || response.status == 304 else {
                    return result(.failed(statusFailure(response, url: url, locale: tag)))
                }
                allNotModified = allNotModified && response.status == 304
                files.append(LocaleCache.File(url: url, body: response.body, validators: validators(response)))
            }
        }
        if allNotModified { return result(.notModified) }
        do {
            let outcome = try LocaleCache(store: store, project: project).cache(
                files, locale: tag, namespaces: plan.isNamespaced ? manifest.namespaces : nil,
                bundleURL: plan.isNamespaced ? projectURL + "/" + plan.language.code + "/*.json" : plan.urls[0],
                manifestVersion: manifest.version, previous: plan.metadata, previousSize: plan.cachedSize)
            return result(outcome)
        } catch {
            return result(.failed(error.description))
        }
    }

    private func validators(_ response: HTTPResponse) -> CacheMetadata.Validators {
        CacheMetadata.Validators(etag: response.headers["etag"], lastModified: response.headers["last-modified"])
    }

    private func statusFailure(_ response: HTTPResponse, url: String, locale: LocaleTag? = nil) -> String {
        let tries = response.attempts > 1 ? " after \(response.attempts) attempts" : ""
        switch response.status {
        case 404, 410:
            return "HTTP \(response.status) from '\(url)': the CDN has no messages for '\(locale?.normalized ?? "?")'"
        case 429:
            return "HTTP 429 (rate limited) from '\(url)'\(tries); try again later"
        case 500...599:
            return "HTTP \(response.status) from '\(url)'\(tries); the CDN is failing, try again later"
        default:
            return "HTTP \(response.status) from '\(url)'"
        }
    }
}
