import CDNFetcher
import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import TestSupport
import Testing

/// Where a manifest's URLs may point, case by case from `Data/manifest-urls.json`: the CDN's own origin, other
/// origins only when allowed, and for a `file://` CDN nothing outside its directory. Each case fetches `tr`
/// through the fetcher, from a real directory or from nginx on loopback.
@Suite(.serialized) struct ManifestURLPolicyTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        let name: String
        /// `files.tr.url` of the manifest, or `nil` for none (the default URL).
        let url: String?
        /// Text of the error, or `nil` when the URL is fetched.
        let expected: String?
        /// Symbolic links to make below the CDN directory, path → target.
        let links: [String: String]?
        /// An origin that, allowed, makes the URL fetched.
        let allowedWith: String?
        var testDescription: String { name }
    }

    struct Corpus: Decodable {
        let fileCDN: [Case]
        let httpCDN: [Case]
    }

    static let corpus: Corpus = {
        let url = Bundle.module.url(forResource: "Data/manifest-urls", withExtension: "json")!
        return try! JSONDecoder().decode(Corpus.self, from: Data(contentsOf: url))
    }()

    static let inside = #"{"title": "inside"}"#
    static let outside = #"{"title": "outside"}"#

    static func manifest(trURL: String?) -> String {
        guard let trURL else { return #"{"languages": ["en", "tr"]}"# }
        let escaped = String(decoding: try! JSONEncoder().encode(trURL), as: UTF8.self)
        return #"{"languages": ["en", "tr"], "files": {"tr": {"url": \#(escaped)}}}"#
    }

    /// Fetches `tr` with the manifest the CDN serves and checks the case: fetched from inside, or refused with
    /// the expected error while the store stays empty (neither `tr` nor the manifest is cached).
    static func check(
        _ testCase: Case, fetcher: CDNFetcher, store: any GroupStore, fill: (String) -> String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        let manifestFetch = try await fetcher.fetchManifest()
        let report = await fetcher.fetch([LocaleTag(parsing: "tr")!], committing: manifestFetch)
        let outcome = try #require(report.locales.first?.outcome, sourceLocation: sourceLocation)
        let stored = try store.string(forKey: "@better-i18n:messages:acme/widgets:tr")
        if let expected = testCase.expected.map(fill) {
            guard case .failed(let reason) = outcome else {
                Issue.record("fetched \(stored ?? "nothing"), expected '\(expected)'", sourceLocation: sourceLocation)
                return
            }
            #expect(reason.contains(expected), "\(reason)", sourceLocation: sourceLocation)
            #expect(try store.keys().isEmpty, sourceLocation: sourceLocation)
        } else {
            #expect(outcome == .updated(size: inside.utf8.count), "\(outcome)", sourceLocation: sourceLocation)
            #expect(stored == inside, sourceLocation: sourceLocation)
            #expect(
                try store.value(forKey: StorageKey.manifest(project: project)) != nil, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: corpus.fileCDN)
    func aFileCDNReadsNothingOutsideItsDirectory(_ testCase: Case) async throws {
        let root = try TemporaryDirectory(prefix: "widget-i18n-policy")
        defer { root.remove() }
        // As the fetcher names them: without a doubled or trailing slash.
        let rootPath = URL(fileURLWithPath: root.path).standardizedFileURL.path
        let cdn = rootPath + "/cdn"
        func fill(_ text: String) -> String {
            text.replacingOccurrences(of: "{cdn}", with: cdn).replacingOccurrences(of: "{root}", with: rootPath)
        }
        try writeTree(
            [
                "cdn/acme/widgets/manifest.json": Self.manifest(trURL: testCase.url.map(fill)),
                "cdn/acme/widgets/tr/translations.json": Self.inside,
                "cdn/acme/other/tr.json": Self.inside,
                "outside/tr.json": Self.outside,
                "outside/translations.json": Self.outside,
                "cdn-sibling/tr.json": Self.outside,
            ], in: root.path)
        var links = ["acme/widgets/link-out": "{root}/outside"]
        links.merge(testCase.links ?? [:]) { _, new in new }
        for (path, target) in links {
            let link = cdn + "/" + path
            if FileManager.default.fileExists(atPath: link) { try FileManager.default.removeItem(atPath: link) }
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fill(target))
        }
        let store = InMemoryGroupStore()
        let fetcher = try makeFetcher(URL(fileURLWithPath: cdn).absoluteString, store: store)
        try await Self.check(testCase, fetcher: fetcher, store: store, fill: fill)
    }

    @Test(arguments: corpus.httpCDN, HTTPTransportKind.available)
    func anHTTPCDNFetchesOnlyFromItsOwnOriginUnlessAllowed(_ testCase: Case, _ transport: HTTPTransportKind)
        async throws
    {
        let other = try TemporaryDirectory(prefix: "widget-i18n-other")
        defer { other.remove() }
        try writeTree(["elsewhere/tr.json": Self.inside], in: other.path)
        let otherServer = try NginxServer.start(root: other.path)
        defer { otherServer.stop() }
        let cdn = try ServedCDN(["elsewhere/tr.json": Self.inside])
        defer { cdn.remove() }
        func fill(_ text: String) -> String {
            text.replacingOccurrences(of: "{origin}", with: cdn.nginx.baseURL)
                .replacingOccurrences(of: "{port}", with: String(cdn.nginx.port))
                .replacingOccurrences(of: "{otherPort}", with: String(otherServer.port))
                .replacingOccurrences(of: "{other}", with: otherServer.baseURL)
        }
        try cdn.write(["acme/widgets/manifest.json": Self.manifest(trURL: testCase.url.map(fill))])
        try await Self.check(testCase, fetcher: try cdn.fetcher(transport: transport), store: cdn.store, fill: fill)
        // No request reached the other origin while it was not allowed.
        #expect(NginxServer.accessLog(of: otherServer).isEmpty)

        guard let allowed = testCase.allowedWith.map(fill) else { return }
        var options = FetchOptions()
        options.cdn = cdn.nginx.baseURL
        options.retries = 0
        options.allowedOrigins = [allowed]
        options.transport = transport
        let fetcher = try CDNFetcher(store: cdn.store, project: project, options: options)
        let allowedCase = Case(name: testCase.name, url: testCase.url, expected: nil, links: nil, allowedWith: nil)
        try await Self.check(allowedCase, fetcher: fetcher, store: cdn.store, fill: fill)
        #expect(NginxServer.accessLog(of: otherServer, atLeast: 1).map(\.uri) == ["/elsewhere/tr.json"])
    }

    @Test(arguments: [
        ("ftp://assets.example.com", "Invalid origin 'ftp://assets.example.com': only http and https origins"),
        ("https://assets.example.com/path", "Invalid origin 'https://assets.example.com/path': an origin has no path"),
        ("https://user@assets.example.com", "an origin has no path, query or user"),
        ("assets.example.com", "Invalid origin 'assets.example.com': give http(s)://host[:port]"),
    ])
    func anAllowedOriginMustBeAnOrigin(_ origin: String, _ message: String) {
        var options = FetchOptions()
        options.allowedOrigins = [origin]
        let error = #expect(throws: FetchError.self) {
            try CDNFetcher(store: InMemoryGroupStore(), project: project, options: options)
        }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
        #expect(error?.code == .invalidOptions)
    }
}
