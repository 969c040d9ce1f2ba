import CDNFetcher
import Foundation
import GroupContract
import GroupStore
import GroupStoreUserDefaults
import I18nCore
import LocaleData
import TestSupport
import Testing

let project = try! ProjectID("acme/widgets")
private let sampleLocales = ["en", "tr", "de", "fr", "ar", "ru", "pl", "ja", "pt-br", "zh-hant"]

/// Writes `files` (relative path → contents) below `root`.
func writeTree(_ files: [String: String], in root: String) throws {
    for (path, contents) in files {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }
}

func makeFetcher(
    _ cdn: String, store: any GroupStore, project: ProjectID = project, force: Bool = false,
    namespaces: [String]? = nil, transport: HTTPTransportKind = .platformDefault
) throws -> CDNFetcher {
    var options = FetchOptions()
    options.transport = transport
    options.cdn = cdn
    options.force = force
    options.namespaces = namespaces
    options.retries = 0
    options.timeout = 10
    return try CDNFetcher(store: store, project: project, options: options)
}

/// A CDN tree below a temporary root, served by nginx on loopback, and a file store to fetch it into.
struct ServedCDN {
    let root: TemporaryDirectory
    let nginx: LoopbackServer
    let storeDirectory: TemporaryDirectory
    let store: FileGroupStore

    init(_ files: [String: String] = [:]) throws {
        root = try TemporaryDirectory(prefix: "widget-i18n-cdn")
        try writeTree(files, in: root.path)
        nginx = try NginxServer.start(root: root.path)
        storeDirectory = try TemporaryDirectory()
        store = FileGroupStore(directory: storeDirectory.path)
    }

    func write(_ files: [String: String]) throws { try writeTree(files, in: root.path) }

    /// Writes `files` as a new version: each one's modification time two seconds on, so that nginx's ETag (its
    /// modification time and size) changes at once, without waiting for the clock's next second.
    func writeNewVersion(_ files: [String: String]) throws {
        try write(files)
        try moveModificationTime(of: Array(files.keys))
    }

    /// Sets the modification time of the files at `paths` (below the root) two seconds past now.
    func moveModificationTime(of paths: [String]) throws {
        for path in paths {
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(2)], ofItemAtPath: root.appending(path))
        }
    }

    func fetcher(
        transport: HTTPTransportKind = .platformDefault, project: ProjectID = project, namespaces: [String]? = nil
    ) throws -> CDNFetcher {
        try makeFetcher(nginx.baseURL, store: store, project: project, namespaces: namespaces, transport: transport)
    }

    func remove() {
        nginx.stop()
        root.remove()
        storeDirectory.remove()
    }
}

/// A fetch whose task is cancelled stops its transfers, says it was cancelled, and leaves the store byte for
/// byte as it was: no locale half-written, the manifest not cached.
@Suite struct CDNFetcherCancellationTests {
    @Test(.timeLimit(.minutes(1)), arguments: HTTPTransportKind.available)
    func aCancelledFetchStopsAndLeavesTheStoreAsItWas(_ transport: HTTPTransportKind) async throws {
        let server = try FaultServer.start()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store: any GroupStore = FileGroupStore(directory: directory.path)
        // What a widget already has: both locales and the manifest from a good fetch.
        let seeding = try makeFetcher(server.baseURL + "/ok", store: store, transport: transport)
        let seeded = await seeding.fetch(
            [.english, try LocaleTag("tr")], committing: try await seeding.fetchManifest())
        try #require(seeded.locales.allSatisfy { !$0.outcome.isFailure } && !seeded.isCancelled)
        let before = snapshot(of: directory.path)

        // The transfers would run for a day; each attempt's timeout is far beyond the test's time limit.
        var options = FetchOptions()
        options.transport = transport
        options.cdn = server.baseURL + "/trickle"
        options.force = true
        options.retries = 0
        options.timeout = 600
        let fetcher = try CDNFetcher(store: store, project: project, options: options)
        let fetch = Task {
            let manifest = try await fetcher.fetchManifest()
            return await fetcher.fetch([.english, try LocaleTag("tr")], committing: manifest)
        }
        // Cancel once both transfers are under way.
        while try FaultServer.hits(of: server).keys.filter({ $0.hasPrefix("/trickle/") }).count < 3 {
            try await Task.sleep(for: .milliseconds(20))
        }
        fetch.cancel()
        let report = try await fetch.value
        #expect(report.isCancelled)
        #expect(report.locales.count == 2)
        for result in report.locales {
            guard case .failed(let reason) = result.outcome else {
                Issue.record("\(result.locale): \(result.outcome), not a cancellation")
                continue
            }
            #expect(reason.hasPrefix("Cancelled before"), "\(reason)")
        }
        #expect(report.manifest.outcome.isFailure)
        #expect(snapshot(of: directory.path) == before)
    }

    /// A task cancelled before it fetches the manifest asks nothing and throws `cancelled`.
    @Test(arguments: HTTPTransportKind.available) func aFetchCancelledBeforeItStartsAsksNothing(
        _ transport: HTTPTransportKind
    ) async throws {
        let server = try FaultServer.start()
        defer { server.stop() }
        let fetcher = try makeFetcher(server.baseURL + "/ok", store: InMemoryGroupStore(), transport: transport)
        let fetch = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await fetcher.fetchManifest()
        }
        let error = await #expect(throws: FetchError.self) { try await fetch.value }
        #expect(error?.code == .cancelled)
        #expect(try FaultServer.hits(of: server).keys.filter { $0 != "/_hits" }.isEmpty)
    }
}

/// The fetcher against a real nginx on loopback (serving `Locales/` or trees the tests generate).
@Suite(.serialized) struct CDNFetcherIntegrationTests {
    @Test(arguments: HTTPTransportKind.available) func fetchesCompressedThenRevalidatesWithBodylessNotModified(
        _ transport: HTTPTransportKind
    ) async throws {
        // A copy of Locales/, so that the manifest can lose its versions below.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.copyItem(atPath: Repository.root + "/Locales", toPath: directory.appending("cdn"))
        let nginx = try NginxServer.start(root: directory.appending("cdn"))
        defer { nginx.stop() }
        let store = FileGroupStore(directory: directory.appending("group"))
        let fetcher = try makeFetcher(nginx.baseURL, store: store, transport: transport)

        let manifest = try await fetcher.fetchManifest()
        #expect(
            manifest.outcome
                == .updated(
                    size: manifest.manifest.languages.isEmpty
                        ? 0
                        : try #require(
                            FileManager.default.contents(atPath: Repository.sampleProjectLocales + "/manifest.json")
                        ).count))
        let report = await fetcher.fetch(manifest.manifest.languages.map(\.tag), committing: manifest)
        #expect(report.manifest.outcome == manifest.outcome)
        let first = report.locales
        #expect(first.map(\.locale.normalized) == sampleLocales)
        for result in first {
            let file = try #require(
                FileManager.default.contents(
                    atPath: Repository.sampleProjectLocales + "/\(result.locale.normalized)/translations.json"))
            // Flat and mixed bundles (de, ja) are stored nested, for readers that walk nested objects only.
            var stored = Array(file)
            if case .nestable(let nested) = BundleNesting.nested(stored) { stored = nested }
            #expect(result.outcome == .updated(size: stored.count))
            #expect(try store.value(forKey: StorageKey.messages(project: project, locale: result.locale)) == stored)
            // Compressed on the wire: fewer bytes received than the bundle holds, where the transport can tell
            // (FoundationNetworking reports no transaction metrics; nginx's log below shows the compression).
            if transport.description == "curl" {
                #expect(result.bytesTransferred > 0 && result.bytesTransferred < file.count, "\(result.locale)")
            } else {
                #expect(result.bytesTransferred == file.count, "\(result.locale)")
            }
        }
        let firstLog = NginxServer.accessLog(of: nginx, atLeast: 11)
        #expect(firstLog.count == 11)
        #expect(firstLog.allSatisfy { $0.status == 200 })
        #expect(firstLog.filter { $0.uri.hasSuffix("translations.json") }.allSatisfy { ($0.gzipRatio ?? 0) > 1 })
        let reload = try #require(ReloadRequest.latest(project: project, kind: nil, in: store))
        #expect(reload.reason.hasPrefix("messages updated: en, tr"))

        // A second process (a new fetcher): the manifest is a 304 and still gives every locale's version, so
        // nothing else is asked.
        let again = try makeFetcher(nginx.baseURL, store: store, transport: transport)
        let secondManifest = try await again.fetchManifest()
        #expect(secondManifest.outcome == .notModified)
        let second = await again.fetch(secondManifest.manifest.languages.map(\.tag), committing: secondManifest).locales
        #expect(second.allSatisfy { $0.outcome == .notModified && $0.bytesTransferred == 0 })
        let manifestOnly = Array(NginxServer.accessLog(of: nginx, atLeast: 12).dropFirst(11))
        #expect(manifestOnly.map(\.status) == [304])

        // Without versions in the manifest, every locale is revalidated from the validators the store keeps.
        let manifestPath = directory.appending("cdn") + "/" + project.description + "/manifest.json"
        var unversioned =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifestPath)))
            as! [String: Any]
        unversioned["updatedAt"] = nil
        unversioned["version"] = nil
        try JSONSerialization.data(withJSONObject: unversioned).write(to: URL(fileURLWithPath: manifestPath))
        let withoutVersions = try await again.fetchManifest()
        #expect(withoutVersions.manifest.version(of: .english) == nil)
        let revalidated = await again.fetch(withoutVersions.manifest.languages.map(\.tag), committing: withoutVersions)
        #expect(revalidated.locales.allSatisfy { $0.outcome == .notModified && $0.bytesTransferred == 0 })
        #expect(revalidated.manifest.outcome.description == "fetched")
        let secondLog = Array(NginxServer.accessLog(of: nginx, atLeast: 23).dropFirst(12))
        #expect(secondLog.first?.status == 200)
        #expect(secondLog.dropFirst().count == 10)
        #expect(
            secondLog.dropFirst().allSatisfy {
                $0.status == 304 && $0.bodyBytes == 0 && !$0.ifNoneMatch.isEmpty && $0.ifNoneMatch != "-"
            })
        #expect(ReloadRequest.latest(project: project, kind: nil, in: store)?.id == reload.id)

        // --force ignores the validators.
        let forced = try makeFetcher(nginx.baseURL, store: store, force: true, transport: transport)
        let forcedManifest = try await forced.fetchManifest()
        let forcedResults = await forced.fetch([LocaleTag(parsing: "tr")!], committing: forcedManifest).locales
        #expect(forcedResults.first?.outcome == .unchanged)
        #expect(NginxServer.accessLog(of: nginx, atLeast: 25).suffix(2).map(\.status) == [200, 200])
        #expect(NginxServer.accessLog(of: nginx).count == 25)
    }

    /// A manifest that lists `pt-BR` over a CDN whose paths are lower case (`pt-br/`): the fetcher asks where
    /// the manifest says, then where better-i18n's JS core asks (`normalizeLocale(code)`), and next time starts
    /// there.
    @Test(arguments: HTTPTransportKind.available) func aDisplayCasedCodeFallsBackToTheNormalisedPath(
        _ transport: HTTPTransportKind
    ) async throws {
        let cdn = try ServedCDN([
            "acme/widgets/manifest.json": #"{"languages": [{"code": "pt-BR"}, {"code": "en"}]}"#,
            "acme/widgets/pt-br/translations.json": #"{"title": "Hoje"}"#,
            "acme/widgets/en/translations.json": #"{"title": "Today"}"#,
        ])
        defer { cdn.remove() }
        let fetcher = try cdn.fetcher(transport: transport)
        let manifestFetch = try await fetcher.fetchManifest()
        let ptBR = try LocaleTag("pt-BR")
        let results = await fetcher.fetch([ptBR], committing: manifestFetch).locales
        #expect(results.map(\.outcome) == [.updated(size: 17)])
        #expect(
            try cdn.store.string(forKey: StorageKey.messages(project: project, locale: ptBR)) == #"{"title": "Hoje"}"#)
        let again = await fetcher.fetch([ptBR], committing: manifestFetch).locales
        #expect(again.map(\.outcome) == [.notModified])
        let log = NginxServer.accessLog(of: cdn.nginx, atLeast: 4).map { "\($0.status) \($0.uri)" }
        #expect(
            log == [
                "200 /acme/widgets/manifest.json", "404 /acme/widgets/pt-BR/translations.json",
                "200 /acme/widgets/pt-br/translations.json", "304 /acme/widgets/pt-br/translations.json",
            ])
    }

    @Test(arguments: HTTPTransportKind.available) func changedContentIsUpdatedAndAsksWidgetsToReload(
        _ transport: HTTPTransportKind
    ) async throws {
        let cdn = try ServedCDN([
            "acme/widgets/manifest.json": #"{"languages": [{"code": "en"}, {"code": "tr"}]}"#,
            "acme/widgets/en/translations.json": #"{"title": "Today"}"#,
            "acme/widgets/tr/translations.json": #"{"title": "Bugün"}"#,
        ])
        defer { cdn.remove() }
        let store = cdn.store
        let fetcher = try cdn.fetcher(transport: transport)
        let manifestFetch = try await fetcher.fetchManifest()
        let manifest = manifestFetch.manifest
        _ = await fetcher.fetch(manifest.languages.map(\.tag), committing: manifestFetch).locales
        let before = try #require(ReloadRequest.latest(project: project, kind: nil, in: store))
        try cdn.writeNewVersion(["acme/widgets/tr/translations.json": #"{"title": "Bugün!"}"#])
        let results = await fetcher.fetch(manifest.languages.map(\.tag), committing: manifestFetch).locales
        #expect(results.map(\.outcome) == [.notModified, .updated(size: 20)])
        #expect(
            try store.string(forKey: StorageKey.messages(project: project, locale: LocaleTag(parsing: "tr")!))
                == #"{"title": "Bugün!"}"#)
        let after = try #require(ReloadRequest.latest(project: project, kind: nil, in: store))
        #expect(after.id != before.id)
        #expect(after.reason == "messages updated: tr")
        let metadata = try #require(
            try store.string(forKey: StorageKey.messagesCache(project: project, locale: LocaleTag(parsing: "tr")!)))
        #expect(metadata.contains(SHA256.hexDigest(of: Array(#"{"title": "Bugün!"}"#.utf8))))
        #expect(metadata.contains("\"etag\""))
    }

    @Test(arguments: HTTPTransportKind.available) func followsTheManifestsFileURLs(_ transport: HTTPTransportKind)
        async throws
    {
        let cdn = try ServedCDN()
        defer { cdn.remove() }
        let nginx = cdn.nginx
        try cdn.write([
            "acme/widgets/manifest.json": """
            {"languages": [{"code": "en"}, {"code": "tr"}],
             "files": {"tr": {"url": "../../builds/v7/tr.json"}, "en": {"url": "\(nginx.baseURL)/builds/v7/en.json"}}}
            """,
            "builds/v7/en.json": #"{"title": "Today (v7)"}"#,
            "builds/v7/tr.json": #"{"title": "Bugün (v7)"}"#,
        ])
        let store = cdn.store
        let fetcher = try cdn.fetcher(transport: transport)
        let manifestFetch = try await fetcher.fetchManifest()
        let manifest = manifestFetch.manifest
        let results = await fetcher.fetch(manifest.languages.map(\.tag), committing: manifestFetch).locales
        #expect(
            results.map(\.urls) == [["\(nginx.baseURL)/builds/v7/en.json"], ["\(nginx.baseURL)/builds/v7/tr.json"]])
        #expect(
            try store.string(forKey: StorageKey.messages(project: project, locale: LocaleTag(parsing: "tr")!))
                == #"{"title": "Bugün (v7)"}"#)
    }

    @Test(arguments: HTTPTransportKind.available) func mergesNamespacesUnderTheirNames(_ transport: HTTPTransportKind)
        async throws
    {
        let cdn = try ServedCDN([
            "acme/widgets/manifest.json": #"{"languages": ["en", "tr"], "namespaces": ["common", "widget"]}"#,
            "acme/widgets/en/common.json": #"{"ok": "OK"}"#,
            "acme/widgets/en/widget.json": ##"{"title": "Today", "count": {"one": "# event"}}"##,
            "acme/widgets/tr/common.json": #"{"ok": "Tamam"}"#,
            "acme/widgets/tr/widget.json": #"{"title": "Bugün"}"#,
        ])
        defer { cdn.remove() }
        let store = cdn.store
        let fetcher = try cdn.fetcher(transport: transport)
        let manifestFetch = try await fetcher.fetchManifest()
        let manifest = manifestFetch.manifest
        let results = await fetcher.fetch(manifest.languages.map(\.tag), committing: manifestFetch).locales
        #expect(results.allSatisfy { if case .updated = $0.outcome { true } else { false } })
        let bytes = try #require(try store.value(forKey: StorageKey.messages(project: project, locale: .english)))
        let bundle = try MessageBundle(jsonBytes: bytes)
        #expect(bundle.message(forKey: "common.ok") == "OK")
        #expect(bundle.message(forKey: "widget.count.one") == "# event")
        // One namespace changes: the locale is rebuilt from both files, the other locale stays 304.
        try cdn.writeNewVersion(["acme/widgets/en/common.json": #"{"ok": "Okay"}"#])
        let again = await fetcher.fetch(manifest.languages.map(\.tag), committing: manifestFetch).locales
        #expect(again.map(\.outcome.description) == ["fetched", "not modified"])
        let updated = try MessageBundle(
            jsonBytes: try #require(try store.value(forKey: StorageKey.messages(project: project, locale: .english))))
        #expect(updated.message(forKey: "common.ok") == "Okay")
        #expect(updated.message(forKey: "widget.title") == "Today")
    }

    @Test(arguments: HTTPTransportKind.available) func uuidProjectsLiveAtTheRootOfTheCDN(_ transport: HTTPTransportKind)
        async throws
    {
        let uuid = try ProjectID("3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f")
        let root = try TemporaryDirectory(prefix: "widget-i18n-cdn")
        defer { root.remove() }
        try writeTree(
            [
                "\(uuid)/manifest.json": #"{"languages": ["en"]}"#,
                "\(uuid)/en/translations.json": #"{"title": "Today"}"#,
            ], in: root.path)
        let nginx = try NginxServer.start(root: root.path)
        defer { nginx.stop() }
        let store = InMemoryGroupStore()
        let fetcher = try makeFetcher(nginx.baseURL, store: store, project: uuid, transport: transport)
        let manifestFetch = try await fetcher.fetchManifest()
        let results = await fetcher.fetch([.english], committing: manifestFetch).locales
        #expect(results.first?.urls == ["\(nginx.baseURL)/\(uuid)/en/translations.json"])
        #expect(try store.string(forKey: "@better-i18n:messages:\(uuid):en") == #"{"title": "Today"}"#)
    }

    /// A reload request that cannot be recorded is no silent loss: the messages are cached, and the report says
    /// that widgets were not asked to reload.
    @Test(arguments: HTTPTransportKind.available) func aReloadRequestThatCannotBeRecordedIsAWarning(
        _ transport: HTTPTransportKind
    ) async throws {
        let store = refusingStore("widget-i18n:reload:")
        let fetcher = try makeFetcher(
            URL(fileURLWithPath: Repository.root + "/Locales").absoluteString, store: store, transport: transport)
        let report = await fetcher.fetch([LocaleTag(parsing: "tr")!], committing: try await fetcher.fetchManifest())
        #expect(report.locales.allSatisfy { !$0.outcome.isFailure })
        #expect(
            try store.containsValue(forKey: StorageKey.messages(project: project, locale: LocaleTag(parsing: "tr")!)))
        #expect(report.warnings.map(\.code) == [.reloadNotRecorded], "\(report.warnings)")
        #expect(report.warnings.first?.message.contains("no reload request could be recorded") == true)
    }

    /// Language codes that are not locale tags are skipped, with one warning a caller can tell by its code.
    @Test(arguments: HTTPTransportKind.available) func skippedLanguageCodesAreOneTypedWarning(
        _ transport: HTTPTransportKind
    ) async throws {
        let cdn = try ServedCDN([
            "acme/widgets/manifest.json": #"{"languages": ["en", "../x", "not a tag"]}"#,
            "acme/widgets/en/translations.json": #"{"title": "Today"}"#,
        ])
        defer { cdn.remove() }
        let manifestFetch = try await makeFetcher(cdn.nginx.baseURL, store: InMemoryGroupStore(), transport: transport)
            .fetchManifest()
        #expect(manifestFetch.warnings.map(\.code) == [.skippedLanguages], "\(manifestFetch.warnings)")
        #expect(manifestFetch.warnings.first?.message.contains("2 language codes that are not locale tags") == true)
    }

    /// A locale that is current under a new manifest version whose metadata cannot record that version loses
    /// nothing; the result says that the next fetch will ask again.
    @Test(arguments: HTTPTransportKind.available) func aVersionThatCannotBeRecordedIsAWarning(
        _ transport: HTTPTransportKind
    ) async throws {
        let cdn = try ServedCDN([
            "acme/widgets/manifest.json": #"{"languages": ["en"], "updatedAt": "2026-12-01T00:00:00Z"}"#,
            "acme/widgets/en/translations.json": #"{"title": "Today"}"#,
        ])
        defer { cdn.remove() }
        let seeded = InMemoryGroupStore()
        let seeding = try makeFetcher(cdn.nginx.baseURL, store: seeded, transport: transport)
        _ = await seeding.fetch([.english], committing: try await seeding.fetchManifest())
        // Another size, so another ETag within the same second.
        try cdn.write(["acme/widgets/manifest.json": #"{"languages": ["en"], "updatedAt": "2026-12-02"}"#])
        let store = refusingStore("messages-cache:", over: seeded)
        let fetcher = try makeFetcher(cdn.nginx.baseURL, store: store, transport: transport)
        let report = await fetcher.fetch([.english], committing: try await fetcher.fetchManifest())
        #expect(report.locales.map(\.outcome) == [.notModified])
        #expect(report.locales.first?.warnings.map(\.code) == [.versionNotRecorded])
        #expect(report.locales.first?.warnings.first?.message.contains("the next fetch asks the CDN again") == true)
        #expect(
            try store.string(forKey: StorageKey.messages(project: project, locale: .english)) == #"{"title": "Today"}"#)
    }

    @Test(arguments: HTTPTransportKind.available) func aFileCDNGoesThroughTheSamePath(_ transport: HTTPTransportKind)
        async throws
    {
        let store = InMemoryGroupStore()
        let fetcher = try makeFetcher(
            URL(fileURLWithPath: Repository.root + "/Locales").absoluteString, store: store, transport: transport)
        let manifestFetch = try await fetcher.fetchManifest()
        let results = await fetcher.fetch(
            [LocaleTag(parsing: "ar")!, LocaleTag(parsing: "de-AT")!], committing: manifestFetch
        ).locales
        #expect(results.map(\.locale.normalized) == ["ar", "de"])
        #expect(results.allSatisfy { if case .updated = $0.outcome { true } else { false } })
        // The manifest still gives the version that is cached: not even the file is read again.
        let again = await fetcher.fetch([LocaleTag(parsing: "ar")!], committing: manifestFetch).locales
        #expect(again.first?.outcome == .notModified)
        #expect(again.first?.urls == [])
    }

    @Test(arguments: HTTPTransportKind.available) func switchingLocaleFetchesFirst(_ transport: HTTPTransportKind)
        async throws
    {
        let nginx = try NginxServer.start(root: Repository.root + "/Locales")
        defer { nginx.stop() }
        let store = InMemoryGroupStore()
        let fetcher = try makeFetcher(nginx.baseURL, store: store, transport: transport)
        let change = try await fetcher.switchLocale(to: LocaleTag(parsing: "ru-RU")!)
        #expect(change.locale == LocaleTag(parsing: "ru"))
        #expect(change.warnings.isEmpty)
        #expect(try store.string(forKey: StorageKey.locale(project: project)) == "ru")
        #expect(
            try store.value(forKey: StorageKey.messages(project: project, locale: LocaleTag(parsing: "ru")!)) != nil)
        #expect(ReloadRequest.latest(project: project, kind: nil, in: store)?.reason == "locale changed to ru")
        let error = await #expect(throws: FetchError.self) {
            try await fetcher.switchLocale(to: LocaleTag(parsing: "ko")!)
        }
        #expect(error?.code == .notOffered)
        #expect(
            error?.description.hasPrefix("'ko' is not offered by project 'acme/widgets' (languages: en, tr") == true)
        #expect(try store.string(forKey: StorageKey.locale(project: project)) == "ru")
    }

    /// The manifest is cached only with what it describes: while a locale fails, the manifest and its metadata
    /// stay byte for byte as they were (and so does the failed locale); the locales that succeeded keep what was
    /// written for them. `switchLocale(to:)` follows the same rule.
    @Test(arguments: HTTPTransportKind.available) func theManifestIsCachedOnlyOnceEveryLocaleSucceeded(
        _ transport: HTTPTransportKind
    ) async throws {
        let cdn = try ServedCDN([
            "acme/widgets/manifest.json": #"{"languages": ["en", "tr"], "updatedAt": "v1"}"#,
            "acme/widgets/en/translations.json": #"{"title": "Today"}"#,
            "acme/widgets/tr/translations.json": #"{"title": "Bugün"}"#,
        ])
        defer { cdn.remove() }
        let fetcher = try cdn.fetcher(transport: transport)
        let manifestKeys = [StorageKey.manifest(project: project), StorageKey.manifestCache(project: project)]
        let tr = StorageKey.messages(project: project, locale: LocaleTag(parsing: "tr")!)
        let everything = [LocaleTag.english, LocaleTag(parsing: "tr")!]
        let first = try await fetcher.fetchManifest()
        #expect(try cdn.store.keys().isEmpty)  // fetching the manifest writes nothing
        #expect(await fetcher.fetch(everything, committing: first).manifest.outcome == first.outcome)
        let cached = try manifestKeys.map { try #require(try cdn.store.value(forKey: $0)) }
        let cachedTR = try cdn.store.value(forKey: tr)

        // v2: en changed, tr is gone from the CDN.
        try cdn.writeNewVersion([
            "acme/widgets/manifest.json": #"{"languages": ["en", "tr"], "updatedAt": "v2"}"#,
            "acme/widgets/en/translations.json": #"{"title": "Today!"}"#,
        ])
        try FileManager.default.removeItem(atPath: cdn.root.appending("acme/widgets/tr/translations.json"))
        let second = try await fetcher.fetchManifest()
        #expect(second.outcome == .updated(size: 46))
        #expect(try manifestKeys.map { try cdn.store.value(forKey: $0) } == cached)
        let report = await fetcher.fetch(everything, committing: second)
        #expect(report.locales.map(\.outcome.description) == ["fetched", "failed"])
        #expect(
            report.manifest.outcome
                == .failed(
                    "The manifest was not cached, since 'tr' failed: a manifest is cached only with the messages it "
                        + "describes"))
        #expect(try manifestKeys.map { try cdn.store.value(forKey: $0) } == cached)
        #expect(try cdn.store.value(forKey: tr) == cachedTR)
        #expect(
            try cdn.store.string(forKey: StorageKey.messages(project: project, locale: .english))
                == #"{"title": "Today!"}"#)

        // Switching to tr: its refresh fails, the cached messages are used, and the manifest stays as it was.
        let change = try await fetcher.switchLocale(to: LocaleTag(parsing: "tr")!)
        #expect(change.locale == LocaleTag(parsing: "tr"))
        #expect(
            change.warnings.contains {
                $0.code == .cachedMessagesUsed && $0.message.hasPrefix("Could not refresh 'tr'")
            },
            "\(change.warnings)")
        #expect(try manifestKeys.map { try cdn.store.value(forKey: $0) } == cached)

        // Once tr is back, the fetch succeeds and caches v2 with it.
        try cdn.write(["acme/widgets/tr/translations.json": #"{"title": "Bugün!"}"#])
        let third = try await fetcher.fetchManifest()
        let committed = await fetcher.fetch(everything, committing: third)
        #expect(committed.manifest.outcome == .updated(size: 46))
        #expect(
            try cdn.store.string(forKey: StorageKey.manifest(project: project))
                == #"{"languages": ["en", "tr"], "updatedAt": "v2"}"#)
        #expect(try cdn.store.value(forKey: StorageKey.manifestCache(project: project)) != cached[1])
    }

    /// One fetch receives at most `maximumTotalBytes` of bodies: what comes after fails, and the manifest is not
    /// cached.
    @Test(arguments: HTTPTransportKind.available) func oneFetchReceivesAtMostItsTotalLimit(
        _ transport: HTTPTransportKind
    ) async throws {
        let body = #"{"title": ""# + String(repeating: "x", count: 3000) + #""}"#
        let cdn = try ServedCDN([
            "acme/widgets/manifest.json": #"{"languages": ["en", "tr", "de"]}"#,
            "acme/widgets/en/translations.json": body,
            "acme/widgets/tr/translations.json": body,
            "acme/widgets/de/translations.json": body,
        ])
        defer { cdn.remove() }
        var options = FetchOptions()
        options.transport = transport
        options.cdn = cdn.nginx.baseURL
        options.retries = 0
        options.maximumConcurrency = 1
        options.maximumTotalBytes = 5000
        let fetcher = try CDNFetcher(store: cdn.store, project: project, options: options)
        let manifestFetch = try await fetcher.fetchManifest()
        let report = await fetcher.fetch(manifestFetch.manifest.languages.map(\.tag), committing: manifestFetch)
        #expect(report.locales.map(\.outcome.description) == ["fetched", "failed", "failed"])
        for result in report.locales.dropFirst() {
            guard case .failed(let reason) = result.outcome else { continue }
            #expect(
                reason.hasPrefix(
                    "Did not finish '\(cdn.nginx.baseURL)/acme/widgets/\(result.locale)/translations.json'")
                    && reason.hasSuffix("the fetch as a whole reached its limit of 5000 bytes (maximumTotalBytes)"),
                "\(reason)")
        }
        #expect(report.manifest.outcome.isFailure)
        #expect(try cdn.store.value(forKey: StorageKey.manifest(project: project)) == nil)
    }
}

/// What one manifest can make the fetcher do: a manifest over the fetcher's limits (one a fetcher with other
/// options fetched) fails every locale before any request.
@Suite struct FetchLimitTests {
    @Test(arguments: [
        (
            #"{"languages": ["en", "tr", "de"]}"#, 2, 200,
            "The manifest lists 3 languages, more than the 2 allowed (maximumLanguages); refusing it"
        ),
        (
            #"{"languages": ["en", "tr"], "namespaces": ["a", "b", "c"]}"#, 500, 2,
            "The manifest names 3 namespaces, more than the 2 allowed (maximumNamespaces); refusing it"
        ),
        (
            #"{"languages": ["en", "tr"], "files": {"tr": {"namespaces": {"a": "a.json", "b": "b.json", "c": "c.json"}}}}"#,
            500, 2, "The manifest names 3 namespaces, more than the 2 allowed (maximumNamespaces); refusing it"
        ),
    ])
    func aManifestOverTheLimitsFailsEveryLocaleUnasked(
        _ json: String, _ languages: Int, _ namespaces: Int, _ message: String
    ) async throws {
        // A manifest that another fetcher, with roomier limits, accepted: a CDN of the manifest alone, so that any
        // request for messages would fail with another message.
        let cdn = try TemporaryDirectory(prefix: "widget-i18n-cdn")
        defer { cdn.remove() }
        try writeTree(["\(project)/manifest.json": json], in: cdn.path)
        let store = InMemoryGroupStore()
        let roomy = try makeFetcher(URL(fileURLWithPath: cdn.path).absoluteString, store: store)
        let manifestFetch = try await roomy.fetchManifest()
        var options = roomy.options
        options.maximumLanguages = languages
        options.maximumNamespaces = namespaces
        let fetcher = try CDNFetcher(store: store, project: project, options: options)
        let results = await fetcher.fetch([.english, LocaleTag(parsing: "tr-TR")!], committing: manifestFetch).locales
        #expect(results.map(\.locale.normalized) == ["en", "tr"])
        #expect(results.allSatisfy { $0.outcome == .failed(message) && $0.urls.isEmpty }, "\(results)")
        #expect(try store.keys().isEmpty)
    }
}

/// A library's errors name the library's settings, never the command line's options (`--cdn`).
@Suite struct LibraryErrorWordingTests {
    @Test func aMissingCDNDirectoryNamesFetchOptionsCDN() async throws {
        var options = FetchOptions()
        options.cdn = "file:///nonexistent-widget-i18n-cdn"
        let fetcher = try CDNFetcher(
            store: InMemoryGroupStore(), project: try ProjectID("acme/widgets"), options: options)
        let error = await #expect(throws: FetchError.self) { try await fetcher.fetchManifest() }
        let message = try #require(error).description
        #expect(message.contains("check the directory FetchOptions.cdn names"), "\(message)")
        #expect(!message.contains("--"), "\(message)")
    }
}

/// A store over `base` that refuses every write of a key containing `refused` (with `EACCES`).
private func refusingStore(_ refused: String, over base: InMemoryGroupStore = InMemoryGroupStore())
    -> ForwardingGroupStore
{
    ForwardingGroupStore(
        over: base, capabilities: GroupStoreCapabilities(displayName: "a store refusing '\(refused)'"),
        refusingKeysContaining: refused)
}

/// Into a `UserDefaults` suite (swift-corelibs-foundation's, on Linux) the fetcher stores what fits in its budget,
/// in order of use, and says which locales it left out; the suite never passes the budget.
@Suite struct SuiteBudgetFetchTests {
    @Test func storesWhatFitsInOrderOfUseAndReportsTheRest() async throws {
        let suiteName = "widget-i18n-tests-\(UUID().uuidString)"
        let suite = try #require(
            UserDefaultsGroupStore(suiteName: suiteName, budget: PreferencesBudget(limit: 8_000, margin: 0)))
        defer { removeSuite(suiteName) }
        try suite.setString("tr", forKey: StorageKey.locale(project: project))
        let fetcher = try makeFetcher(URL(fileURLWithPath: Repository.root + "/Locales").absoluteString, store: suite)
        let manifestFetch = try await fetcher.fetchManifest()
        let requested = try ["en", "de", "fr", "ja", "tr"].map { try LocaleTag($0) }
        let report = await fetcher.fetch(requested, committing: manifestFetch)
        let outcomes = Dictionary(uniqueKeysWithValues: report.locales.map { ($0.locale.normalized, $0.outcome) })

        // The stored locale first, then as asked: Turkish and English fit, the rest (two bytes a character) do not.
        #expect(outcomes["tr"].map { if case .updated = $0 { true } else { false } } == true)
        #expect(outcomes["en"].map { if case .updated = $0 { true } else { false } } == true)
        for locale in ["de", "fr"] {
            guard case .leftOut(let reason)? = outcomes[locale] else {
                Issue.record("\(locale): \(String(describing: outcomes[locale]))")
                continue
            }
            #expect(reason.contains("Left out '\(locale)'"))
            #expect(reason.contains("user defaults suite '\(suiteName)'"))
            #expect(reason.contains("budget of 8000 bytes"))
            #expect(
                try suite.value(forKey: StorageKey.messages(project: project, locale: try LocaleTag(locale))) == nil)
        }
        #expect(report.locales.allSatisfy { !$0.outcome.isFailure })
        #expect(try suite.encodedSize() <= 8_000)
        // No index in the suite: it went to the suite's reader cache.
        #expect(try suite.keys().allSatisfy { !$0.contains(":index:") })
        if let cache = suite.defaultReaderCache {
            #expect(try cache.containsValue(forKey: "@better-i18n:widget-i18n:index:acme/widgets:tr"))
            try? FileManager.default.removeItem(atPath: cache.directory)
        }
    }
}
