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
    let urlPolicy: ManifestURLPolicy
    let client: HTTPClient
    /// Where each locale is validated, hashed and written once its files are in: as many at once as transfers.
    let caching: BlockingPool
    /// Everything the fetcher writes goes through the contract's writer.
    var writer: ContractWriter { ContractWriter(store: store, project: project) }

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
    func limitProblem(_ manifest: Manifest) -> String? {
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
    func warnings(about manifest: Manifest) -> [FetchWarning] {
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
    func commit(_ manifestFetch: ManifestFetch) -> ManifestFetch {
        guard let pending = manifestFetch.pending else { return manifestFetch }
        do {
            try writer.storeManifest(pending.bytes, metadata: pending.metadata)
        } catch {
            return manifestFetch.settled(.failed("Cannot cache the manifest: \(error)"))
        }
        return manifestFetch.settled(manifestFetch.outcome)
    }
}
