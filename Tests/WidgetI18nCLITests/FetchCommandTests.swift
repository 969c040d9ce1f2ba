import Foundation
import TestSupport
import Testing

/// `widget-i18n fetch` and `locale set` against real servers on loopback: nginx for the happy paths, the
/// fault-injecting server of `Tests/Servers/fault-server.py` for everything a CDN can get wrong.
@Suite(.serialized) struct FetchCommandTests {
    struct Fault: Decodable, Sendable, CustomTestStringConvertible {
        let fault: String
        let expected: String
        var testDescription: String { fault }
    }

    struct Corpus: Decodable {
        let bundleFaults: [Fault]
        let manifestFaults: [Fault]
    }

    /// `Data/hostile-cdn.json`: what a CDN can get wrong, and what the error must say.
    static let corpus: Corpus = {
        let url = Bundle.module.url(forResource: "Data/hostile-cdn", withExtension: "json")!
        return try! JSONDecoder().decode(Corpus.self, from: Data(contentsOf: url))
    }()

    @Test(arguments: corpus.bundleFaults)
    func aMisbehavingCDNChangesNothing(_ testCase: Fault) throws {
        let (fault, expected) = (testCase.fault, testCase.expected)
        let server = try FaultServer.start()
        defer { server.stop() }
        let cli = try CLIHarness()
        defer { cli.remove() }
        let cdn = "--cdn=\(server.baseURL)/\(fault)"
        // What a widget already has: the manifest and en from this CDN, tr from an earlier good fetch.
        let seed = try cli.run(["fetch", "--locale", "en", cdn])
        try #require(seed.status == 0, "\(seed)")
        try cli.run(
            ["store", "put", "@better-i18n:messages:acme/widgets:tr"], input: Data(#"{"today":{"title":"Bugün"}}"#.utf8)
        )
        let before = snapshot(of: cli.groupDirectory)
        let result = try cli.run(["fetch", "--locale", "tr", cdn, "--retries", "0", "--timeout", "1"])
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.hasPrefix("error: tr: "), "\(result.standardError)")
        #expect(result.standardError.contains(expected), "\(result.standardError)")
        #expect(result.standardOutput.contains("tr        failed"))
        #expect(snapshot(of: cli.groupDirectory) == before)
    }

    @Test(arguments: corpus.manifestFaults)
    func aBrokenManifestChangesNothing(_ testCase: Fault) throws {
        let (fault, expected) = (testCase.fault, testCase.expected)
        let server = try FaultServer.start()
        defer { server.stop() }
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.run(["store", "put", "@better-i18n:locale:acme/widgets"], input: Data("tr".utf8))
        let before = snapshot(of: cli.groupDirectory)
        for command in [["fetch", "--all"], ["locale", "set", "tr"]] {
            let result = try cli.run(command + ["--cdn", "\(server.baseURL)/\(fault)", "--retries", "0"])
            #expect(result.status == 1, "\(result)")
            #expect(result.standardError.contains(expected), "\(result.standardError)")
            #expect(snapshot(of: cli.groupDirectory) == before)
        }
    }

    @Test func retriesOnlyWhatMayRecover() throws {
        let server = try FaultServer.start()
        defer { server.stop() }
        let cli = try CLIHarness()
        defer { cli.remove() }
        let cases: [(fault: String, status: Int32, requests: Int)] = [
            ("status-503", 1, 3), ("status-500", 1, 3), ("status-404", 1, 1), ("status-410", 1, 1),
            ("flaky-500", 0, 2), ("flaky-429", 0, 2), ("retry-after-too-long", 1, 1), ("redirect-ok", 0, 1),
        ]
        for testCase in cases {
            let result = try cli.run([
                "fetch", "--locale", "tr", "--cdn", "\(server.baseURL)/\(testCase.fault)", "--retries", "2",
            ])
            #expect(result.status == testCase.status, "\(testCase.fault): \(result)")
            let hits = try FaultServer.hits(of: server)["/\(testCase.fault)/acme/widgets/tr/translations.json"]
            #expect(hits == testCase.requests, "\(testCase.fault)")
        }
        #expect(try cli.run(["t", "today.title", "--locale", "tr"]).standardOutput == "Bugün\n")
    }

    /// With no --locale, `fetch` takes the stored locale in every spelling the translator accepts.
    @Test(arguments: ["tr", #""tr""#, " tr\n"])
    func fetchesTheStoredLocaleInAnySpelling(_ stored: String) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        // As another SDK wrote it: `store put` itself accepts only a plain tag.
        try cli.run(["store", "put", "@better-i18n:locale:acme/widgets", "--no-validate"], input: Data(stored.utf8))
        let result = try cli.run(["fetch"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.split(separator: "\n").contains { $0.hasPrefix("tr ") }, "\(result)")
        #expect(try cli.run(["store", "get", "@better-i18n:messages:acme/widgets:tr"]).status == 0)
        #expect(try cli.run(["t", "today.title"]).standardOutput == "Bugün\n")
    }

    /// Messages and the manifest are stored as the other SDKs' `JSON.parse` reads them: without a byte-order mark.
    @Test(arguments: [
        ("bom-json", "@better-i18n:messages:acme/widgets:tr"), ("manifest-bom", "@better-i18n:manifest:acme/widgets"),
    ])
    func storesJSONWithoutAByteOrderMark(_ fault: String, _ key: String) throws {
        let server = try FaultServer.start()
        defer { server.stop() }
        let cli = try CLIHarness()
        defer { cli.remove() }
        let result = try cli.run(["fetch", "--locale", "tr", "--cdn", "\(server.baseURL)/\(fault)"])
        #expect(result.status == 0, "\(result)")
        let stored = try cli.run(["store", "get", key]).standardOutputData
        #expect(stored.first == UInt8(ascii: "{"))
        #expect(try JSONSerialization.jsonObject(with: stored) is [String: Any])
    }

    @Test func relativeManifestURLsResolveAgainstTheManifest() throws {
        let server = try FaultServer.start()
        defer { server.stop() }
        let cli = try CLIHarness()
        defer { cli.remove() }
        let result = try cli.run([
            "fetch", "--locale", "tr", "--cdn", "\(server.baseURL)/manifest-relative-url", "--json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.standardOutput.contains("\(server.baseURL)/manifest-relative-url/acme/widgets/elsewhere/tr.json"))
    }

    @Test func fetchAllThenRevalidateFromNginx() throws {
        let nginx = try NginxServer.start(root: Repository.root + "/Locales")
        defer { nginx.stop() }
        let cli = try CLIHarness()
        defer { cli.remove() }
        let first = try cli.run(["fetch", "--all", "--cdn", nginx.baseURL])
        #expect(first.status == 0, "\(first)")
        let lines = first.standardOutput.split(separator: "\n")
        #expect(lines.count == 12)
        #expect(lines[0].hasPrefix("manifest  fetched"))
        #expect(lines[1].hasPrefix("en        fetched"))
        #expect(lines.last?.hasPrefix("10 locales: 10 fetched; ") == true)
        let second = try cli.run(["fetch", "--all", "--cdn", nginx.baseURL, "--json"])
        #expect(second.status == 0)
        let summary = try JSONSerialization.jsonObject(with: second.standardOutputData) as? [String: Any]
        #expect(summary?["bytesTransferred"] as? Int == 0)
        let locales = summary?["locales"] as? [[String: Any]] ?? []
        #expect(locales.count == 10)
        #expect(locales.allSatisfy { $0["outcome"] as? String == "not modified" })
        #expect((summary?["manifest"] as? [String: Any])?["outcome"] as? String == "not modified")
    }

    @Test func theDefaultIsTheStoredLocaleAndTheDefaultLocale() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.run(["store", "put", "@better-i18n:locale:acme/widgets"], input: Data("pt_BR".utf8))
        let result = try cli.run(["fetch", "--default-locale", "de"])
        #expect(result.status == 0, "\(result)")
        let names = result.standardOutput.split(separator: "\n").dropFirst().dropLast().map {
            $0.split(separator: " ")[0]
        }
        #expect(names == ["pt-br", "de"])
    }

    @Test func localeSetFetchesThenSwitches() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let result = try cli.run(["locale", "set", "pl-PL"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "Locale set to pl (the closest available locale to 'pl-PL')\n")
        #expect(try cli.run(["t", "today.title"]).standardOutput == "Dzisiaj\n")
        let missing = try cli.run(["locale", "set", "ko"])
        #expect(missing.status == 1)
        #expect(missing.standardError.hasPrefix("error: 'ko' is not offered by project 'acme/widgets'"))
        #expect(try cli.run(["store", "get", "@better-i18n:locale:acme/widgets"]).standardOutput == "pl")
    }

    @Test func localeSetKeepsTheOldLocaleWhenTheFetchFailsAndNothingIsCached() throws {
        let server = try FaultServer.start()
        defer { server.stop() }
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.run(["fetch", "--locale", "en", "--cdn", "\(server.baseURL)/status-500"])
        try cli.run(["locale", "set", "en", "--offline"])
        let before = snapshot(of: cli.groupDirectory)
        let result = try cli.run(["locale", "set", "tr", "--cdn", "\(server.baseURL)/status-500", "--retries", "0"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: Cannot fetch 'tr': HTTP 500 from"))
        #expect(result.standardError.contains("the locale was not changed"))
        #expect(snapshot(of: cli.groupDirectory) == before)
        // With messages cached, a failed refresh still switches, with a warning.
        try cli.run(
            ["store", "put", "@better-i18n:messages:acme/widgets:tr"], input: Data(#"{"today":{"title":"Bugün"}}"#.utf8)
        )
        let cached = try cli.run(["locale", "set", "tr", "--cdn", "\(server.baseURL)/status-500", "--retries", "0"])
        #expect(cached.status == 0)
        #expect(cached.standardError.contains("warning: Could not refresh 'tr' (HTTP 500 from"))
        #expect(cached.standardOutput == "Locale set to tr\n")
    }

    @Test(arguments: [
        (["fetch", "--timeout", "0"], "error: Invalid --timeout '0': give a number of seconds greater than 0\n"),
        (["fetch", "--retries", "many"], "error: Invalid --retries 'many': give a whole number from 0 to 10\n"),
        (["fetch", "--all", "--locale", "tr"], "error: Pass either --all or --locale, not both\n"),
        (
            ["fetch", "--locale", "t r"],
            "error: Invalid locale 't r': 't r' is not a valid subtag here; use a BCP 47 tag such as 'en', 'pt-BR' or 'zh-Hant-TW'\n"
        ),
        (
            ["fetch", "--cdn", "ftp://example.com"],
            "error: Invalid CDN URL 'ftp://example.com': use https://…, http://… or file:///path/to/Locales\n"
        ),
        (["fetch", "tr"], "error: Unexpected argument 'tr'; pass locales with --locale L\n"),
        (
            ["fetch", "--cacert", "/nonexistent.pem"],
            "error: Cannot read the CA bundle '/nonexistent.pem'; pass a PEM file to --cacert\n"
        ),
        (
            ["fetch", "--namespaces", "common,../etc"],
            "error: Invalid namespace '../etc' (from --namespaces): use letters, digits, '-', '_' and '.'\n"
        ),
        (
            ["locale", "set", "tr", "--namespaces", " , "],
            "error: No namespaces in ' , ' (from --namespaces); give names such as 'common,widget'\n"
        ),
    ])
    func rejectsBadOptions(_ arguments: [String], _ message: String) throws {
        try expectUsageError(arguments, message)
    }
}
