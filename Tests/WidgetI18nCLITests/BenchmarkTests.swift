import Foundation
import Testing
import TestSupport

/// The benchmark measures the right thing only if it renders what a widget renders.
@Suite struct BenchmarkTests {
    @Test(arguments: [[String](), ["--baseline", "naive"], ["--no-stored-index"]])
    func rendersWhatTheCLIRenders(_ mode: [String]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let generator = Repository.root + "/../shared/bench/make-fixture.py"
        try #require(FileManager.default.fileExists(atPath: generator), "the shared fixture generator is missing")
        let fixture = directory.appending("fixture")
        try #require(try runProcess("/usr/bin/env", ["python3", generator, "--out", fixture, "--size-kb", "30"], inheritEnvironment: true).status == 0)
        let result = try runProcess(Repository.product("widget-i18n-bench"), [
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
        let specs = try String(contentsOfFile: fixture + "/keys.txt", encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count - 1 == specs.count)
        for (line, spec) in zip(lines.dropFirst(), specs) {
            let fields = spec.split(separator: "\t").map(String.init)
            let rendered = String(line.split(separator: "\t", maxSplits: 1)[1])
            let cli = try runProcess(Repository.product("widget-i18n"), ["t"] + fields,
                                     environment: ["WIDGET_I18N_PROJECT": "acme/widgets", "WIDGET_I18N_GROUP_DIR": fixture + "/store"])
            #expect(cli.standardOutput == rendered + "\n", "\(fields[0])")
        }
    }
}
