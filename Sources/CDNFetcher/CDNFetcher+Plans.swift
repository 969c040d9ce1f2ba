import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import WidgetI18nSupport

extension CDNFetcher {
    // MARK: - Plans

    struct Plan: Sendable {
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

    func plan(for language: Manifest.Language, manifest: Manifest) -> Result<Plan, FetchError> {
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
    func batchFiles(_ plan: Plan, body: [UInt8], validators: CacheMetadata.Validators) -> [LocaleCache.File]? {
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
    func complete(_ plan: Plan, parts: [Transfer], isFirstRound: Bool) -> Completion {
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
    func notModified(_ plan: Plan) -> (FetchOutcome, [FetchWarning]) {
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

    func cache(_ files: [LocaleCache.File], namespaces: [String]?, plan: Plan) -> (FetchOutcome, [FetchWarning]) {
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

    func validators(_ response: HTTPResponse) -> CacheMetadata.Validators {
        CacheMetadata.Validators(etag: response.headers["etag"], lastModified: response.headers["last-modified"])
    }

    func statusFailure(_ response: HTTPResponse, url: String, locale: LocaleTag? = nil) -> String {
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
