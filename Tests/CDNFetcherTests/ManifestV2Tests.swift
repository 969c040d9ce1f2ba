import CDNFetcher
import Foundation
import GroupStore
import I18nCore
import LocaleData
import TestSupport
import Testing

/// The CDN's manifest v2 against nginx on loopback, counting requests in its access log: freshness from the
/// manifest, combined files, a namespace selection, batch requests and their fallback.
@Suite(.serialized) struct ManifestV2Tests {
    static let locales = ["en", "tr", "de"]
    static let namespaces = ["common", "settings", "widget"]

    /// `{"title": "<ns> <locale> <revision>"}` for a namespace.
    static func namespace(_ name: String, _ locale: String, revision: Int) -> String {
        #"{"title":"\#(name) \#(locale) \#(revision)"}"#
    }

    /// A rich manifest (combined file and namespace files per locale, versions, batch) and the files it names.
    static func tree(batch: Bool, revisions: [String: Int] = [:], batchLacks: [String: String] = [:]) -> [String:
        String]
    {
        var files: [String: String] = [:]
        var entries: [String] = []
        for locale in locales {
            let revision = revisions[locale] ?? 1
            let parts = namespaces.map { "\"\($0)\":" + namespace($0, locale, revision: revision) }
            files["acme/widgets/\(locale)/all.json"] = "{" + parts.joined(separator: ",") + "}"
            for name in namespaces {
                files["acme/widgets/\(locale)/\(name).json"] = namespace(name, locale, revision: revision)
            }
            // What the CDN answers to batch.json?ns=common,widget (nginx ignores the query).
            let batchParts = ["common", "widget"].filter { $0 != batchLacks[locale] }
                .map { "\"\($0)\":" + namespace($0, locale, revision: revision) }
            files["acme/widgets/\(locale)/batch.json"] = "{" + batchParts.joined(separator: ",") + "}"
            let namespaceEntries = namespaces.map { #""\#($0)": {"url": "\#(locale)/\#($0).json"}"# }
            entries.append(
                #""\#(locale)": {"url": "\#(locale)/all.json", "lastModified": "r\#(revision)", "#
                    + #""namespaces": {\#(namespaceEntries.joined(separator: ", "))}}"#)
        }
        files["acme/widgets/manifest.json"] =
            #"{"projectSlug": "widgets", "sourceLanguage": "en", "updatedAt": "2026-11-01T00:00:00Z", "#
            + #""languages": [{"code": "en", "isSource": true}, {"code": "tr"}, {"code": "de"}], "batch": \#(batch), "#
            + #""files": {\#(entries.joined(separator: ", "))}}"#
        return files
    }

    static func fetchAll(_ fetcher: CDNFetcher) async throws -> [LocaleFetchResult] {
        let manifestFetch = try await fetcher.fetchManifest()
        return await fetcher.fetch(manifestFetch.manifest.languages.map(\.tag), committing: manifestFetch).locales
    }

    @Test func aColdFetchCostsOneRequestPerLocaleAndNothingNewCostsOne() async throws {
        let cdn = try ServedCDN(Self.tree(batch: false))
        defer { cdn.remove() }
        let cold = try await Self.fetchAll(try cdn.fetcher())
        #expect(cold.allSatisfy { if case .updated = $0.outcome { true } else { false } })
        let coldLog = NginxServer.accessLog(of: cdn.nginx, atLeast: 4)
        #expect(coldLog.count == 1 + Self.locales.count, "\(coldLog.map(\.uri))")
        #expect(coldLog.dropFirst().allSatisfy { $0.uri.hasSuffix("/all.json") })
        let tr = try #require(try cdn.store.string(forKey: "@better-i18n:messages:acme/widgets:tr"))
        #expect(try MessageBundle(json: tr).message(forKey: "widget.title") == "widget tr 1")

        // Nothing new: the manifest alone, a 304.
        let unchanged = try await Self.fetchAll(try cdn.fetcher())
        #expect(unchanged.allSatisfy { $0.outcome == .notModified })
        #expect(NginxServer.accessLog(of: cdn.nginx, atLeast: 5).dropFirst(4).map(\.status) == [304])

        // One locale changed: the manifest and that locale.
        try cdn.writeNewVersion(Self.tree(batch: false, revisions: ["tr": 2]))
        let oneChanged = try await Self.fetchAll(try cdn.fetcher())
        #expect(oneChanged.map(\.outcome.description) == ["not modified", "fetched", "not modified"])
        let changedLog = Array(NginxServer.accessLog(of: cdn.nginx, atLeast: 7).dropFirst(5))
        #expect(changedLog.map(\.uri) == ["/acme/widgets/manifest.json", "/acme/widgets/tr/all.json"])
        let updated = try #require(try cdn.store.string(forKey: "@better-i18n:messages:acme/widgets:tr"))
        #expect(try MessageBundle(json: updated).message(forKey: "widget.title") == "widget tr 2")
    }

    /// Another writer replaced the messages with content of the same size: the manifest's version still matches
    /// what the fetcher recorded, but the metadata no longer describes the stored value, so the locale is fetched
    /// again and the CDN's content restored.
    @Test func aForeignRewriteOfTheMessagesIsFetchedAgain() async throws {
        let cdn = try ServedCDN(Self.tree(batch: false))
        defer { cdn.remove() }
        _ = try await Self.fetchAll(try cdn.fetcher())
        let key = "@better-i18n:messages:acme/widgets:tr"
        let original = try #require(try cdn.store.string(forKey: key))
        let foreign = original.replacingOccurrences(of: "widget tr 1", with: "widget tr X")
        #expect(foreign.utf8.count == original.utf8.count)
        // Written behind the fetcher's back, as another SDK would: the fetch metadata is left as it was.
        try foreign.write(
            toFile: cdn.storeDirectory.appending("%40better-i18n%3Amessages%3Aacme%2Fwidgets%3Atr"),
            atomically: true, encoding: .utf8)
        let results = try await Self.fetchAll(try cdn.fetcher())
        #expect(results.map(\.outcome.description) == ["not modified", "fetched", "not modified"])
        #expect(try cdn.store.string(forKey: key) == original)
        #expect(NginxServer.accessLog(of: cdn.nginx, atLeast: 6).last?.uri == "/acme/widgets/tr/all.json")
    }

    @Test func aSelectionOfInvalidNamesIsRefusedAndAnEmptyOneIsNone() throws {
        var options = FetchOptions()
        for invalid in [["../x"], ["common", "a&b"], [""]] {
            options.namespaces = invalid
            #expect(throws: FetchError.self) {
                try CDNFetcher(store: InMemoryGroupStore(), project: project, options: options)
            }
        }
        options.namespaces = []
        #expect(
            try CDNFetcher(store: InMemoryGroupStore(), project: project, options: options).options.namespaces == nil)
    }

    @Test func aSelectionIsOneBatchRequestPerLocaleAndStoresOnlyThoseNamespaces() async throws {
        let cdn = try ServedCDN(Self.tree(batch: true))
        defer { cdn.remove() }
        let results = try await Self.fetchAll(try cdn.fetcher(namespaces: ["widget", "common"]))
        #expect(results.allSatisfy { if case .updated = $0.outcome { true } else { false } })
        let log = NginxServer.accessLog(of: cdn.nginx, atLeast: 4)
        #expect(log.count == 4)
        #expect(log.dropFirst().allSatisfy { $0.uri.hasSuffix("/batch.json") && $0.arguments == "ns=common,widget" })
        for locale in Self.locales {
            let json = try #require(try cdn.store.string(forKey: "@better-i18n:messages:acme/widgets:\(locale)"))
            let bundle = try MessageBundle(json: json)
            #expect(bundle.message(forKey: "common.title") == "common \(locale) 1")
            #expect(bundle.message(forKey: "widget.title") == "widget \(locale) 1")
            #expect(bundle.message(forKey: "settings.title") == nil)
        }
        // Nothing new: one request.
        _ = try await Self.fetchAll(try cdn.fetcher(namespaces: ["common", "widget"]))
        #expect(NginxServer.accessLog(of: cdn.nginx, atLeast: 5).count == 5)
        // Versions moved but the content did not: each batch request is conditional, a 304, and nothing falls back.
        let manifestPath = cdn.root.appending("acme/widgets/manifest.json")
        let moved = try String(contentsOfFile: manifestPath, encoding: .utf8)
            .replacingOccurrences(of: #""lastModified": "r1""#, with: #""lastModified": "r9""#)
        try moved.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        // The same size: nginx's ETag (modification time and size) changes by the modification time alone.
        try cdn.moveModificationTime(of: ["acme/widgets/manifest.json"])
        let revalidated = try await Self.fetchAll(try cdn.fetcher(namespaces: ["common", "widget"]))
        #expect(revalidated.allSatisfy { $0.outcome == .notModified }, "\(revalidated)")
        let conditional = Array(NginxServer.accessLog(of: cdn.nginx, atLeast: 9).dropFirst(5))
        #expect(conditional.map(\.status) == [200, 304, 304, 304], "\(conditional.map(\.uri))")
        // Another selection is another cache: every locale again.
        _ = try await Self.fetchAll(try cdn.fetcher(namespaces: ["settings"]))
        let single = Array(NginxServer.accessLog(of: cdn.nginx, atLeast: 13).dropFirst(9))
        #expect(
            single.map(\.uri).dropFirst() == [
                "/acme/widgets/en/settings.json", "/acme/widgets/tr/settings.json",
                "/acme/widgets/de/settings.json",
            ])

        // status shows each cached locale's version and namespaces.
        let status = try runProcess(
            Repository.product("widget-i18n"), ["status"],
            environment: ["WIDGET_I18N_PROJECT": "acme/widgets", "WIDGET_I18N_GROUP_DIR": cdn.storeDirectory.path])
        #expect(status.standardOutput.contains("version r9  namespaces settings"), "\(status)")
    }

    @Test func aBatchAnswerThatLacksANamespaceFallsBackToTheNamespaceFiles() async throws {
        let cdn = try ServedCDN(Self.tree(batch: true, batchLacks: ["tr": "widget"]))
        defer { cdn.remove() }
        let before = try cdn.store.keys()
        let results = try await Self.fetchAll(try cdn.fetcher(namespaces: ["common", "widget"]))
        #expect(results.allSatisfy { if case .updated = $0.outcome { true } else { false } }, "\(results)")
        let log = NginxServer.accessLog(of: cdn.nginx, atLeast: 6)
        #expect(log.count == 6, "\(log.map(\.uri))")
        #expect(Set(log.suffix(2).map(\.uri)) == ["/acme/widgets/tr/common.json", "/acme/widgets/tr/widget.json"])
        let json = try #require(try cdn.store.string(forKey: "@better-i18n:messages:acme/widgets:tr"))
        #expect(try MessageBundle(json: json).message(forKey: "widget.title") == "widget tr 1")
        #expect(try MessageBundle(json: json).message(forKey: "common.title") == "common tr 1")
        #expect(before.isEmpty)
    }

    @Test func aFailedFallbackLeavesTheStoreAsItWas() async throws {
        let cdn = try ServedCDN(Self.tree(batch: true, batchLacks: ["tr": "widget"]))
        defer { cdn.remove() }
        try FileManager.default.removeItem(atPath: cdn.root.appending("acme/widgets/tr/widget.json"))
        try cdn.store.setString(#"{"common":{"title":"kept"}}"#, forKey: "@better-i18n:messages:acme/widgets:tr")
        let before = snapshot(of: cdn.storeDirectory.path)
        let fetcher = try cdn.fetcher(namespaces: ["common", "widget"])
        let manifestFetch = try await fetcher.fetchManifest()
        #expect(snapshot(of: cdn.storeDirectory.path) == before)
        let report = await fetcher.fetch([LocaleTag(parsing: "tr")!], committing: manifestFetch)
        #expect(report.locales.first?.outcome.isFailure == true, "\(report)")
        // Not even the manifest: it is cached only with the messages it describes.
        #expect(report.manifest.outcome.isFailure)
        #expect(snapshot(of: cdn.storeDirectory.path) == before)
    }
}
