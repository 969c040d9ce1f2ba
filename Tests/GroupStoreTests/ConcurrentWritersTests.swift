import Foundation
import GroupStore
import GroupStoreUserDefaults
import TestSupport
import Testing

/// Four writer processes × 500 writes each, distinct keys plus one key they all write.
@Suite(.serialized) struct ConcurrentWritersTests {
    static let writers = 4
    static let writes = 500
    /// Writes each to a suite: every save rewrites the whole property list, in turns under the lock, so a suite's
    /// run costs the square of its keys (500 each took 110 s); 100 still interleave the four processes' saves.
    static let suiteWrites = 100

    /// Runs the writers and returns what each that failed said; every one must succeed unless `mayFail` accepts
    /// what it said.
    @discardableResult
    static func runWriters(
        _ backend: String, _ location: String, writes: Int = writes, environment: [String: String] = [:],
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

    /// A suite the system cannot save is an error, not a silent loss: where the suite's property list should be
    /// there is a directory, so swift-corelibs-foundation's `synchronize()` fails, as it does on a full disk.
    @Test func aSuiteThatCannotBeSavedIsAnError() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try FileManager.default.createDirectory(
            atPath: home.appending(".config/widget-i18n-unsaved.plist"), withIntermediateDirectories: true)
        let result = try runProcess(
            Repository.product("StoreWriter"), ["userdefaults", "widget-i18n-unsaved", "1", "1"],
            environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appending(".config")], inheritEnvironment: true)
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("the system did not save the suite"), "\(result.standardError)")
    }

    /// Where the preferences directory should be there is a file: the writers' lock beside the suite cannot be
    /// taken, and the write is an error naming the lock, not a write without it.
    @Test func aSuiteWhoseLockCannotBeTakenIsAnError() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: home.appending(".config")))
        let result = try runProcess(
            Repository.product("StoreWriter"), ["userdefaults", "widget-i18n-unsaved", "1", "1"],
            environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appending(".config")], inheritEnvironment: true)
        #expect(result.status == 1, "\(result)")
        #expect(
            result.standardError
                == "Cannot take the writers' lock to change 'w1-0' in user defaults suite 'widget-i18n-unsaved': not a "
                + "directory ('\(home.appending(".config"))/widget-i18n-unsaved.widget-i18n-lock')\n",
            "\(result.standardError)")
    }

    /// UserDefaults rewrites its whole property list on every save, so processes saving at once lost each other's
    /// keys (321 of 2,000 survived one run); the store's writers now take turns under the suite's lock
    /// (`UserDefaultsGroupStore.writerLockPath`): every key survives, every value whole (docs/reliability.md, "What
    /// is checked").
    @Test func userDefaultsWritersTakeTurnsAndLoseNothing() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let suite = "widget-i18n-concurrency"
        let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.appending(".config")]
        try Self.runWriters("userdefaults", suite, writes: Self.suiteWrites, environment: environment)
        // Read the suite back in a fresh process's view: the property list on disk.
        let data = try #require(FileManager.default.contents(atPath: home.appending(".config/\(suite).plist")))
        let values = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let written = values.keys.filter { $0.hasPrefix("w") }.count
        #expect(written == Self.writers * Self.suiteWrites)
        #expect(Self.isCompleteValue(values["shared"] as? String))
        for (key, value) in values where key.hasPrefix("w") {
            #expect(Self.isCompleteValue(value as? String), "\(key)")
        }
        print("UserDefaultsGroupStore: \(written) of \(Self.writers * Self.suiteWrites) distinct keys survived")
    }

    /// Four `store put --suite` processes at once, each of a 1.5 MB value under a key of its own, into one suite
    /// whose budget (3,932,160 bytes) holds two: whoever writes at the same time, the suite's plist stays within the
    /// budget (the old store measured, then saved, so all four passed: iOS refuses a suite of 4 MiB and drops
    /// writes), each process either wrote its value or exited 1 with the budget error, and no written value is lost.
    /// Three rounds, each a fresh suite.
    @Test func concurrentSuitePutsStayWithinTheBudget() throws {
        let budget = PreferencesBudget.iOS.bytes
        for round in 1...3 {
            let home = try TemporaryDirectory()
            defer { home.remove() }
            let configuration = home.appending(".config")
            let environment = [
                "PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_CONFIG_HOME": configuration,
            ]
            let values = try (1...4).map { writer in
                let path = home.appending("value\(writer)")
                try Data((String(repeating: "\(writer)", count: 1_500_000)).utf8).write(to: URL(fileURLWithPath: path))
                return path
            }
            let runs = try values.enumerated().map { index, path in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: Repository.product("widget-i18n"))
                process.arguments = ["store", "put", "k\(index + 1)", "--file", path, "--suite", "group.acme.widgets"]
                process.environment = environment
                process.standardInput = FileHandle.nullDevice
                process.standardOutput = FileHandle.nullDevice
                let errors = Pipe()
                process.standardError = errors
                try process.run()
                return (process, errors)
            }
            var written: [String] = []
            for (index, (process, errors)) in runs.enumerated() {
                let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                if process.terminationStatus == 0 {
                    written.append("k\(index + 1)")
                } else {
                    #expect(process.terminationStatus == 1, "round \(round), writer \(index + 1): \(said)")
                    #expect(said.contains("past its budget of \(budget) bytes"), "round \(round): \(said)")
                }
            }
            let data = try #require(FileManager.default.contents(atPath: configuration + "/group.acme.widgets.plist"))
            let domain = try #require(
                try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])
            let size = PreferencesBudget.encodedSize(
                ofStrings: domain.map { (key: $0.key, valueSize: PropertyListSize.string($0.value)) })
            #expect(size <= budget, "round \(round): the suite is \(size) bytes, \(written.count) writers succeeded")
            #expect(!written.isEmpty, "round \(round)")
            // Nothing written is lost: every writer that succeeded finds its value in the suite.
            #expect(Set(domain.keys) == Set(written), "round \(round)")
        }
    }
}
