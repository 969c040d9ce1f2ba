import Foundation
import GroupStore
import GroupStoreUserDefaults
import TestSupport
import Testing

/// Four writer processes × 500 writes each, distinct keys plus one key they all write.
@Suite(.serialized) struct ConcurrentWritersTests {
    static let writers = 4
    static let writes = 500

    /// Runs the writers and returns what each that failed said; every one must succeed unless `mayFail` accepts
    /// what it said.
    @discardableResult
    static func runWriters(
        _ backend: String, _ location: String, environment: [String: String] = [:],
        mayFail: (String) -> Bool = { _ in false }
    ) throws -> [String] {
        let runs = try (1...writers).map { writer in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Repository.product("StoreWriter"))
            process.arguments = [backend, location, "\(writer)", "\(writes)"]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            process.standardInput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            return (process, errors)
        }
        var failures: [String] = []
        for (process, errors) in runs {
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus != 0 { failures.append(said) }
        }
        let unexpected = failures.filter { !mayFail($0) }
        #expect(unexpected.isEmpty, "\(unexpected)")
        return failures
    }

    static func isCompleteValue(_ text: String?) -> Bool {
        guard let text else { return false }
        return text.hasPrefix("writer ") && text.hasSuffix(String(repeating: "•", count: 64))
    }

    @Test func theFileStoreLosesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Self.runWriters("file", directory.path)
        let store: any GroupStore = FileGroupStore(directory: directory.path)
        let keys = Set(try store.keys())
        #expect(keys.count == Self.writers * Self.writes + 1)
        for writer in 1...Self.writers {
            for index in 0..<Self.writes {
                #expect(try Self.isCompleteValue(store.string(forKey: "w\(writer)-\(index)")))
            }
        }
        let shared = try store.string(forKey: "shared")
        #expect(Self.isCompleteValue(shared))
        // Whoever wrote last wrote its final value.
        #expect(shared?.contains("write \(Self.writes - 1) ") == true)
    }

    /// A suite the system cannot save is an error, not a silent loss: where the preferences directory should be
    /// there is a file, so swift-corelibs-foundation's `synchronize()` fails, as it does on a full disk.
    @Test func aSuiteThatCannotBeSavedIsAnError() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: home.appending(".config")))
        let result = try runProcess(
            Repository.product("StoreWriter"), ["userdefaults", "widget-i18n-unsaved", "1", "1"],
            environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appending(".config")], inheritEnvironment: true)
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("the system did not save the suite"), "\(result.standardError)")
    }

    /// UserDefaults rewrites its whole property list on every save: processes saving at once lose each
    /// other's keys. The test proves values stay whole and measures the loss (docs/reliability.md, "What is checked").
    @Test func userDefaultsKeepsValuesWholeButLosesKeys() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let suite = "widget-i18n-concurrency"
        let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.appending(".config")]
        // swift-corelibs-foundation saves a suite by writing the whole property list; under four writers a save can
        // fail, which the store reports as an error ("did not save"), never as a silent loss: a writer that stops on
        // one is allowed, anything else fails the test.
        try Self.runWriters("userdefaults", suite, environment: environment) {
            $0.contains("the system did not save the suite")
        }
        // Read the suite back in a fresh process's view: the property list on disk.
        let result = try runProcess(
            "/usr/bin/env", ["sh", "-c", "find \"$HOME\" -name '*.plist' | head -1"], environment: environment,
            inheritEnvironment: true)
        let plistPath = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!plistPath.isEmpty, "UserDefaults wrote no property list under \(home.path)")
        let data = try #require(FileManager.default.contents(atPath: plistPath))
        let values = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let written = values.keys.filter { $0.hasPrefix("w") }.count
        #expect(written <= Self.writers * Self.writes)
        #expect(Self.isCompleteValue(values["shared"] as? String))
        for (key, value) in values where key.hasPrefix("w") {
            #expect(Self.isCompleteValue(value as? String), "\(key)")
        }
        let lost = Self.writers * Self.writes - written
        // Recorded for docs/reliability.md; not asserted, since how many are lost depends on scheduling.
        print(
            "UserDefaultsGroupStore: \(written) of \(Self.writers * Self.writes) distinct keys survived, \(lost) lost")
    }
}
