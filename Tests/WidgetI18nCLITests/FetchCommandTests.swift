import Foundation
import TestSupport
import Testing

/// What a CDN can get wrong (`Data/hostile-cdn.json`), fetched from the fault-injecting server of
/// `Tests/Servers/fault-server.py`: each fault fails with its message and changes nothing. Each case has a server
/// and a store of its own, so the cases run side by side with the rest of the run, not as one chain of 74 fetches.
@Suite struct HostileCDNFetchTests {
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

    @Test(arguments: corpus.bundleFaults, CLIHarness.httpClients)
    func aMisbehavingCDNChangesNothing(_ testCase: Fault, _ httpClient: String) throws {
        let (fault, expected) = (testCase.fault, testCase.expected)
        let server = try FaultServer.start()
        defer { server.stop() }
        let cli = try CLIHarness(httpClient: httpClient)
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

    @Test(arguments: corpus.manifestFaults, CLIHarness.httpClients)
    func aBrokenManifestChangesNothing(_ testCase: Fault, _ httpClient: String) throws {
        let (fault, expected) = (testCase.fault, testCase.expected)
        let server = try FaultServer.start()
        defer { server.stop() }
        let cli = try CLIHarness(httpClient: httpClient)
        defer { cli.remove() }
        try cli.run(["store", "put", "@better-i18n:locale:acme/widgets"], input: Data("tr".utf8))
        let before = snapshot(of: cli.groupDirectory)
        for command in [["fetch", "--all"], ["locale", "set", "tr"]] {
            let result = try cli.run(command + ["--cdn", "\(server.baseURL)/\(fault)", "--retries", "0"])
            #expect(result.status == 1, "\(result)")
            #expect(result.standardError.contains(expected), "\(result.standardError)")
            #expect(snapshot(of: cli.groupDirectory) == before)
        }
        // Nothing but the manifest was asked for: a manifest that is refused makes no request of its own.
        let requested = try FaultServer.hits(of: server).keys.filter { $0 != "/_hits" }
        #expect(requested.allSatisfy { $0.hasSuffix("/manifest.json") }, "\(requested.sorted().prefix(5))")
    }
}

/// `widget-i18n fetch` and `locale set` against real servers on loopback: nginx for the happy paths, the
/// fault-injecting server of `Tests/Servers/fault-server.py` for the rest of what a CDN can get wrong.
@Suite(.serialized) struct FetchCommandTests {
    /// A fetch that fails for a locale leaves the cached manifest and its metadata as they were, so a hostile
    /// manifest cannot be planted by a fetch that failed; and a manifest planted anyway (by an older version, or
    /// another writer) cannot make a `file://` CDN read a file outside its directory.
    @Test(arguments: CLIHarness.httpClients)
    func aFailedFetchKeepsTheManifestAndAPlantedOneReadsNothingOutsideTheCDN(_ httpClient: String) throws {
        let server = try FaultServer.start()
        defer { server.stop() }
        let cli = try CLIHarness(httpClient: httpClient)
        defer { cli.remove() }
        let manifestKeys = [
            "@better-i18n:manifest:acme/widgets", "@better-i18n:widget-i18n:manifest-cache:acme/widgets",
        ]
        let seed = try cli.run(["fetch", "--locale", "en", "--cdn", "\(server.baseURL)/ok"])
        try #require(seed.status == 0, "\(seed)")
        let cached = try manifestKeys.map { try cli.run(["store", "get", $0]).standardOutputData }
        try #require(cached.allSatisfy { !$0.isEmpty })
        let before = snapshot(of: cli.groupDirectory)

        // The manifest names a file:// URL for en: en fails, and the new manifest is not cached.
        let hostile = try cli.run(["fetch", "--locale", "en", "--force", "--cdn", "\(server.baseURL)/planted-file-url"])
        #expect(hostile.status == 1, "\(hostile)")
        #expect(hostile.standardError.contains("leaves the CDN's scheme (http); refusing to fetch it"))
        #expect(hostile.standardOutput.hasPrefix("manifest  failed"), "\(hostile.standardOutput)")
        #expect(hostile.standardOutput.contains("The manifest was not cached, since 'en' failed"))
        #expect(try manifestKeys.map { try cli.run(["store", "get", $0]).standardOutputData } == cached)
        #expect(snapshot(of: cli.groupDirectory) == before)

        // Planted anyway, then used by a file:// CDN that has no manifest of its own.
        let planted = try runProcess(
            "/usr/bin/curl", ["-sf", "\(server.baseURL)/planted-file-url/acme/widgets/manifest.json"])
        try #require(planted.status == 0)
        let put = try cli.run(["store", "put", manifestKeys[0]], input: planted.standardOutputData)
        try #require(put.status == 0, "\(put)")
        let emptyCDN = try TemporaryDirectory(prefix: "widget-i18n-cdn")
        defer { emptyCDN.remove() }
        let beforeFileCDN = snapshot(of: cli.groupDirectory)
        let fromFiles = try cli.run(["fetch", "--locale", "en", "--force", "--cdn", emptyCDN.path])
        #expect(fromFiles.status == 1, "\(fromFiles)")
        #expect(fromFiles.standardError.contains("using the cached manifest"), "\(fromFiles.standardError)")
        #expect(
            fromFiles.standardError.contains("leads outside the CDN's directory"), "\(fromFiles.standardError)")
        #expect(snapshot(of: cli.groupDirectory) == beforeFileCDN)
        let title = try cli.run(["t", "today.title", "--locale", "en"])
        #expect(title.standardOutput == "Today\n", "\(title)")
        #expect(!title.standardOutput.contains("PLANTED"))
    }

    /// A CDN directory offering only `tr`, with `bundle` as its messages.
    static func turkishCDN(_ bundle: Data) throws -> TemporaryDirectory {
        let cdn = try TemporaryDirectory(prefix: "widget-i18n-cdn")
        let project = cdn.appending("acme/widgets")
        try FileManager.default.createDirectory(atPath: project + "/tr", withIntermediateDirectories: true)
        try Data(#"{"languages": ["tr"]}"#.utf8).write(to: URL(fileURLWithPath: project + "/manifest.json"))
        try bundle.write(to: URL(fileURLWithPath: project + "/tr/translations.json"))
        return cdn
    }

    /// `fetch` and `locale list` give one size for a locale: what is stored. A flat bundle is stored nested, so
    /// what came over the wire differs, and `fetch` shows that beside it.
    @Test func fetchAndLocaleListAgreeOnALocalesSize() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let flat = #"{"today.title": "Bugün", "today.empty": "Bugün etkinlik yok", "today.events": "Etkinlikler"}"#
        let cdn = try Self.turkishCDN(Data(flat.utf8))
        defer { cdn.remove() }
        let fetched = try cli.run(["fetch", "--locale", "tr", "--cdn", cdn.path])
        #expect(fetched.status == 0, "\(fetched)")
        let stored = try #require(
            FileManager.default.contents(
                atPath: cli.groupDirectory + "/%40better-i18n%3Amessages%3Aacme%2Fwidgets%3Atr"))
        #expect(stored.count != flat.utf8.count)
        let row = try #require(fetched.standardOutput.split(separator: "\n").first { $0.hasPrefix("tr ") })
        #expect(row.contains("\(stored.count) B stored, \(flat.utf8.count) B transferred"), "\(fetched)")
        let listed = try cli.run(["locale", "list", "--cdn", cdn.path])
        let listedRow = try #require(listed.standardOutput.split(separator: "\n").first { $0.contains("tr ") })
        #expect(listedRow.contains(" \(stored.count) B "), "\(listed)")
    }

    /// The library's error names `FetchOptions.cdn`; the command line says `--cdn`.
    @Test func aMissingCDNDirectorySaysWhichOption() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let result = try cli.run(["fetch", "--locale", "en", "--cdn", cli.directory.appending("no-such-cdn")])
        #expect(result.status == 1)
        #expect(result.standardError.contains("check the directory --cdn names"), "\(result)")
        #expect(!result.standardError.contains("FetchOptions"), "\(result)")
    }

    /// A bundle larger than a widget reads (`MessageBundle.maximumStoredSize`, 4 MiB) is neither fetched into
    /// the store nor put there by hand; what was cached stays.
    @Test(arguments: CLIHarness.httpClients)
    func aBundleOverTheSizeLimitIsNotStored(_ httpClient: String) throws {
        let cli = try CLIHarness(httpClient: httpClient)
        defer { cli.remove() }
        let bundle = CrashSafetyTests.bundle("Büyük", kilobytes: 4 * 1024 + 16)
        let cdn = try Self.turkishCDN(bundle)
        defer { cdn.remove() }
        try cli.run(
            ["store", "put", "@better-i18n:messages:acme/widgets:tr"],
            input: Data(#"{"today": {"title": "Bugün"}}"#.utf8))
        let before = snapshot(of: cli.groupDirectory)
        let fetched = try cli.run(["fetch", "--locale", "tr", "--cdn", cdn.path])
        #expect(fetched.status == 1, "\(fetched)")
        #expect(
            fetched.standardError.contains("larger than the 4 MiB a widget reads; nothing was stored"), "\(fetched)")
        let put = try cli.run(["store", "put", "@better-i18n:messages:acme/widgets:tr"], input: bundle)
        #expect(put.status == 1, "\(put)")
        #expect(put.standardError.contains("larger than the 4 MiB a widget reads"), "\(put)")
        #expect(snapshot(of: cli.groupDirectory) == before)
    }

    /// The loopback server on another port is another origin: refused by default, fetched once allowed by
    /// `--allow-origin`, `WIDGET_I18N_ALLOWED_ORIGINS` or `allowedOrigins` in `widget-i18n.json`.
    @Test(arguments: CLIHarness.httpClients)
    func anotherOriginIsFetchedOnlyWhenAllowed(_ httpClient: String) throws {
        let server = try FaultServer.start()
        defer { server.stop() }
        let cdn = "--cdn=\(server.baseURL)/manifest-other-origin"
        let manifest = try runProcess(
            "/usr/bin/curl", ["-sf", "\(server.baseURL)/manifest-other-origin/acme/widgets/manifest.json"])
        let object = try JSONSerialization.jsonObject(with: manifest.standardOutputData) as? [String: Any]
        let files = try #require(object?["files"] as? [String: [String: String]])
        let url = try #require(files["tr"]?["url"])
        let other = try #require(URLComponents(string: url))
        let origin = "http://127.0.0.1:\(try #require(other.port))"
        try #require(!server.baseURL.hasPrefix(origin + "/") && server.baseURL != origin)

        let refused = try CLIHarness(httpClient: httpClient)
        defer { refused.remove() }
        let result = try refused.run(["fetch", "--locale", "tr", cdn, "--retries", "0"])
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("is on '\(origin)', not the CDN's origin '\(server.baseURL)'"))
        #expect(try refused.run(["store", "get", "@better-i18n:manifest:acme/widgets"]).status == 1)

        let ways: [(arguments: [String], environment: [String: String], file: String?)] = [
            (["--allow-origin", "https://assets.example.com", "--allow-origin", origin], [:], nil),
            ([], ["WIDGET_I18N_ALLOWED_ORIGINS": "https://assets.example.com, \(origin)"], nil),
            ([], [:], #"{"allowedOrigins": ["\#(origin)"]}"#),
        ]
        for way in ways {
            let cli = try CLIHarness(httpClient: httpClient)
            defer { cli.remove() }
            if let file = way.file {
                try Data(file.utf8).write(to: URL(fileURLWithPath: cli.directory.appending("widget-i18n.json")))
            }
            for command in [["fetch", "--locale", "tr"], ["locale", "set", "tr"]] {
                let allowed = try cli.run(command + [cdn] + way.arguments, environment: way.environment)
                #expect(allowed.status == 0, "\(way): \(allowed)")
            }
            #expect(try cli.run(["t", "today.title"]).standardOutput == "Bugün\n", "\(way)")
            #expect(try cli.run(["store", "get", "@better-i18n:manifest:acme/widgets"]).status == 0)
        }
    }

    /// A redirect to another origin is the CDN's own answer, not a URL a manifest named: either client follows
    /// it, within the schemes the CDN allows (`redirect-file` and `redirect-ftp` are refused in the corpus).
    @Test(arguments: CLIHarness.httpClients)
    func aRedirectToAnotherOriginIsFollowed(_ httpClient: String) throws {
        let server = try FaultServer.start()
        defer { server.stop() }
        let cli = try CLIHarness(httpClient: httpClient)
        defer { cli.remove() }
        let result = try cli.run(["fetch", "--locale", "tr", "--cdn", "\(server.baseURL)/redirect-other-origin"])
        #expect(result.status == 0, "\(result)")
        #expect(try cli.run(["t", "today.title", "--locale", "tr"]).standardOutput == "Bugün\n")
        // Both listeners count into one table: the bundle came from the other origin, once.
        let hits = try FaultServer.hits(of: server)
        #expect(hits["/ok/acme/widgets/tr/translations.json"] == 1, "\(hits)")
    }

    /// A disk that fills up (ENOSPC) while a bundle is stored: the fetch fails saying so, and the store is byte
    /// for byte as it was. The disk is a 256 KB tmpfs in a mount namespace of the test's own (`unshare`), filled
    /// before the fetch.
    @Test(arguments: CLIHarness.httpClients)
    func aFullDiskChangesNothing(_ httpClient: String) throws {
        let server = try FaultServer.start()
        defer { server.stop() }
        let cli = try CLIHarness(httpClient: httpClient)
        defer { cli.remove() }
        let disk = cli.directory.appending("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let result = try cli.runShell(
            """
            exec unshare --map-root-user --mount bash -c '
                set -e
                mount -t tmpfs -o size=256k tmpfs "$0"
                export WIDGET_I18N_GROUP_DIR="$0/group"
                "$WIDGET_I18N" fetch --locale en >/dev/null
                dd if=/dev/zero of="$0/filler" bs=4k 2>/dev/null || true
                sum() { (cd "$WIDGET_I18N_GROUP_DIR" && find . -type f -exec sha256sum {} + | sort); }
                before=$(sum)
                status=0
                "$WIDGET_I18N" fetch --locale tr --force --cdn "$1/ok" >/dev/null || status=$?
                after=$(sum)
                echo "status $status"
                [ -n "$before" ] && [ "$before" = "$after" ] && echo "store unchanged"
                true
            ' \(disk) \(server.baseURL)
            """)
        #expect(result.standardOutput == "status 1\nstore unchanged\n", "\(result)")
        #expect(result.standardError.contains("no space left on device"), "\(result.standardError)")
    }

    /// Language codes that are not locale tags are skipped with one warning that counts them and quotes a few.
    @Test func skippedLanguageCodesAreCountedInOneWarning() throws {
        let server = try FaultServer.start()
        defer { server.stop() }
        let cli = try CLIHarness()
        defer { cli.remove() }
        let result = try cli.run(["fetch", "--locale", "tr", "--cdn", "\(server.baseURL)/manifest-invalid-codes"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.standardError
                == "warning: The manifest of 'acme/widgets' lists 10000 language codes that are not locale tags, "
                + "skipped: 'bad code 0', 'bad code 1', 'bad code 2' and 9997 more\n")
        let requested = try FaultServer.hits(of: server).keys.filter { $0 != "/_hits" }.sorted()
        #expect(
            requested == [
                "/manifest-invalid-codes/acme/widgets/manifest.json",
                "/manifest-invalid-codes/acme/widgets/tr/translations.json",
            ])
    }

    @Test(arguments: CLIHarness.httpClients)
    func retriesOnlyWhatMayRecover(_ httpClient: String) throws {
        let server = try FaultServer.start()
        defer { server.stop() }
        let cli = try CLIHarness(httpClient: httpClient)
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

    @Test(arguments: CLIHarness.httpClients)
    func relativeManifestURLsResolveAgainstTheManifest(_ httpClient: String) throws {
        let server = try FaultServer.start()
        defer { server.stop() }
        let cli = try CLIHarness(httpClient: httpClient)
        defer { cli.remove() }
        let result = try cli.run([
            "fetch", "--locale", "tr", "--cdn", "\(server.baseURL)/manifest-relative-url", "--json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.standardOutput.contains("\(server.baseURL)/manifest-relative-url/acme/widgets/elsewhere/tr.json"))
    }

    @Test(arguments: CLIHarness.httpClients)
    func fetchAllThenRevalidateFromNginx(_ httpClient: String) throws {
        let nginx = try NginxServer.start(root: Repository.root + "/Locales")
        defer { nginx.stop() }
        let cli = try CLIHarness(httpClient: httpClient)
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
        #expect(names == ["pt-BR", "de"])
    }

    @Test(arguments: CLIHarness.httpClients)
    func localeSetFetchesThenSwitches(_ httpClient: String) throws {
        let cli = try CLIHarness(httpClient: httpClient)
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
            ["fetch", "--http-client", "wget"],
            "error: Unknown --http-client 'wget'; use 'curl' or 'urlsession'\n"
        ),
        (
            ["fetch", "--cacert", "/proc/version", "--http-client", "urlsession"],
            "error: A CA certificate file works with the curl transport only; URLSession trusts the system's "
                + "certificates (install a private CA as a profile)\n"
        ),
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
        (
            ["fetch", "--allow-origin", "file:///etc"],
            "error: Invalid origin 'file:///etc': only http and https origins can be allowed "
                + "(a file:// CDN reads only its own directory) (from --allow-origin)\n"
        ),
        (
            ["locale", "set", "tr", "--allow-origin", "https://assets.example.com/tr"],
            "error: Invalid origin 'https://assets.example.com/tr': an origin has no path, query or user; "
                + "give http(s)://host[:port], such as 'https://assets.example.com' (from --allow-origin)\n"
        ),
        (
            ["fetch", "--allow-origin", "assets.example.com"],
            "error: Invalid origin 'assets.example.com': give http(s)://host[:port], such as "
                + "'https://assets.example.com' (from --allow-origin)\n"
        ),
    ])
    func rejectsBadOptions(_ arguments: [String], _ message: String) throws {
        try expectUsageError(arguments, message)
    }
}
