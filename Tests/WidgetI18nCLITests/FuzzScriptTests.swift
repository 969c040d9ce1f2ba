import Foundation
import TestSupport
import Testing

/// `Fuzz/run.sh`: a fuzzer that crashes fails the script and keeps the input that crashed it.
@Suite struct FuzzScriptTests {
    @Test func aCrashingFuzzerFailsTheScriptAndKeepsTheInput() throws {
        let directory = try TemporaryDirectory(prefix: "widget-i18n-fuzz")
        defer { directory.remove() }
        let crashes = directory.appending("crashes/self-test")
        // The self-test target crashes on its seed "crash"; it compiles alone, in a second or two.
        let result = try runProcess(
            "/bin/bash", [Repository.root + "/Fuzz/run.sh", "50", "self-test"],
            environment: ["WIDGET_I18N_FUZZ_DIR": directory.path], workingDirectory: Repository.root,
            inheritEnvironment: true)
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("error: self-test failed"), "\(result)")
        #expect(result.standardError.contains("error: 1 fuzz target(s) failed: self-test"), "\(result)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: crashes).filter { $0.hasPrefix("crash-") }
        #expect(kept.count == 1, "\(kept)")
        let input = kept.first.flatMap { FileManager.default.contents(atPath: crashes + "/" + $0) }
        #expect(input.map { String(decoding: $0, as: UTF8.self) }?.hasPrefix("crash") == true)
    }

    @Test func anUnknownTargetIsAUsageError() throws {
        let result = try runProcess(
            "/bin/bash", [Repository.root + "/Fuzz/run.sh", "1", "no-such-target"], workingDirectory: Repository.root,
            inheritEnvironment: true)
        #expect(result.status == 64)
        #expect(result.standardError.contains("unknown target 'no-such-target'"))
    }
}
