import Foundation
import TestSupport
import Testing

/// The benchmark measures the right thing only if it renders what a widget renders.
@Suite struct BenchmarkTests {
    /// The benchmark fixture of `Benchmarks/make-fixture.py` (six locales, stored `tr`, 11 keys) at ~30 KB per
    /// locale, in `directory`.
    static func makeFixture(in directory: TemporaryDirectory) throws -> String {
        let generator = Repository.root + "/Benchmarks/make-fixture.py"
        let fixture = directory.appending("fixture")
        try #require(
            try runProcess(
                "/usr/bin/env", ["python3", generator, "--out", fixture, "--size-kb", "30"], inheritEnvironment: true
            ).status == 0)
        return fixture
    }

    /// Each `key<TAB>text` line equals what `widget-i18n t` prints for the key spec of `keys.txt`.
    static func expectCLIRenders(_ lines: [String], fixture: String) throws {
        let specs = try String(contentsOfFile: fixture + "/keys.txt", encoding: .utf8).split(separator: "\n").filter {
            !$0.hasPrefix("#")
        }
        #expect(lines.count == specs.count)
        for (line, spec) in zip(lines, specs) {
            let fields = spec.split(separator: "\t").map(String.init)
            let rendered = String(line.split(separator: "\t", maxSplits: 1)[1])
            let cli = try runProcess(
                Repository.product("widget-i18n"), ["t"] + fields,
                environment: ["WIDGET_I18N_PROJECT": "acme/widgets", "WIDGET_I18N_GROUP_DIR": fixture + "/store"])
            #expect(cli.standardOutput == rendered + "\n", "\(fields[0])")
        }
    }

    @Test(arguments: [[String](), ["--baseline", "naive"], ["--no-stored-index"]])
    func rendersWhatTheCLIRenders(_ mode: [String]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fixture = try Self.makeFixture(in: directory)
        let result = try runProcess(
            Repository.benchmarkProduct("widget-i18n-bench"),
            [
                "--store-dir", fixture + "/store", "--project", "acme/widgets", "--keys", fixture + "/keys.txt",
                "--iterations", "2", "--renders", "2", "--print",
            ] + mode)
        #expect(result.status == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(summary["keys_resolved"] as? Int == 10)
        #expect(summary["keys_missing"] as? Int == 1)
        for field in ["cold_first_render_ns", "warm_lookup_ns", "rerender_ns", "peak_rss_kb"] {
            #expect((summary[field] as? Int ?? 0) > 0, "\(field)")
        }
        try Self.expectCLIRenders(Array(lines.dropFirst()), fixture: fixture)
    }

    /// `format --case NAME` times that case alone; a name that is no case is a usage error that names the cases.
    @Test func formatRunsTheNamedCaseAndRefusesAnUnknownOne() throws {
        let bench = try Repository.benchmarkProduct("widget-i18n-bench")
        let one = try runProcess(bench, ["format", "--case", "list", "--iterations", "10", "--rounds", "1"])
        #expect(one.status == 0, "\(one)")
        let rows = one.standardOutput.split(separator: "\n")
        #expect(rows.count == 1 && rows[0].hasPrefix(#"{"case":"list","cached_ns":"#), "\(one.standardOutput)")
        #expect(rows[0].contains(#""cached_allocs":"#) && rows[0].contains(#""uncached_allocs":"#), "\(rows[0])")
        #expect(rows[0].hasSuffix(#","output":"Ayşe, Mehmet ve Zeynep"}"#), "\(rows[0])")
        let unknown = try runProcess(bench, ["format", "--case", "lists"])
        #expect(unknown.status == 64 && unknown.standardOutput.isEmpty, "\(unknown)")
        #expect(unknown.standardError.hasPrefix("error: no case 'lists'; the cases: plain, "), "\(unknown)")
    }

    /// The allocations per call are counted (glibc's malloc, interposed): a first message allocates as it is
    /// parsed, and loading the catalog allocates its index.
    @Test func formatCountsAllocations() throws {
        let bench = try Repository.benchmarkProduct("widget-i18n-bench")
        func row(_ name: String) throws -> [String: Any] {
            let result = try runProcess(bench, ["format", "--case", name, "--iterations", "100", "--rounds", "1"])
            #expect(result.status == 0, "\(result)")
            let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
            return try #require(object as? [String: Any])
        }
        let plain = try row("two arguments")
        #expect((plain["uncached_allocs"] as? Double ?? 0) >= 1, "\(plain)")
        let load = try row("mf2 catalog load")
        #expect((load["allocs"] as? Double ?? 0) >= 1 && load["messages"] as? Int == 1600, "\(load)")
    }

    /// `widget-i18n-render`, the one-render process the benchmark times, renders what a widget renders.
    @Test func theWidgetProcessRendersWhatTheCLIRenders() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fixture = try Self.makeFixture(in: directory)
        let result = try runProcess(
            Repository.benchmarkProduct("widget-i18n-render"),
            [
                "--store-dir", fixture + "/store", "--project", "acme/widgets", "--keys", fixture + "/keys.txt",
            ])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.isEmpty)
        try Self.expectCLIRenders(result.standardOutput.split(separator: "\n").map(String.init), fixture: fixture)
    }

    @Test(arguments: [
        ([String](), "usage: widget-i18n-render"),
        (["--project", "acme", "--keys", "KEYS", "--store-dir", "STORE"], "invalid project 'acme'"),
        (
            ["--project", "acme/widgets", "--keys", "KEYS", "--store-dir", "STORE", "--default-locale", "x!"],
            "invalid --default-locale"
        ),
        (
            ["--project", "acme/widgets", "--keys", "/nonexistent/keys.txt", "--store-dir", "STORE"],
            "cannot read '/nonexistent/keys.txt'"
        ),
    ])
    func theWidgetProcessRejectsBadInputAndLeavesTheStoreAlone(_ arguments: [String], _ message: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fixture = try Self.makeFixture(in: directory)
        let before = snapshot(of: fixture + "/store")
        let filled = arguments.map { $0 == "KEYS" ? fixture + "/keys.txt" : $0 == "STORE" ? fixture + "/store" : $0 }
        let result = try runProcess(Repository.benchmarkProduct("widget-i18n-render"), filled)
        #expect(result.status == 64, "\(result)")
        #expect(
            result.standardError.hasPrefix("error: ") && result.standardError.contains(message),
            "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(snapshot(of: fixture + "/store") == before)
    }
}
