import Foundation
import TestSupport
import Testing
import WidgetI18nSupport

/// Writers killed with SIGKILL at random moments while readers render: every read sees a complete old or new
/// value, never a torn or empty one, and no temporary file ever shows up as a key.
@Suite(.serialized) struct CrashSafetyTests {
    /// A valid bundle of about `kilobytes` KB whose every message is `text`.
    static func bundle(_ text: String, kilobytes: Int) -> Data {
        var messages: [String] = []
        var size = 0
        var index = 0
        while size < kilobytes * 1024 {
            let entry = "\"k\(index)\":\"\(text) \(index)\""
            messages.append(entry)
            size += entry.utf8.count + 1
            index += 1
        }
        return Data(("{\"today\":{\"title\":\"\(text)\"}," + messages.joined(separator: ",") + "}").utf8)
    }

    @Test func killedWritersNeverTearAValue() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = "@better-i18n:messages:acme/widgets:tr"
        let versions = [Self.bundle("Eski", kilobytes: 400), Self.bundle("Yeni", kilobytes: 420)]
        // A file:// CDN with the same two versions, for killed fetches.
        let cdn = cli.directory.appending("cdn")
        for (name, data) in zip(["a", "b"], versions) {
            let locale = cdn + "/\(name)/acme/widgets/tr"
            try FileManager.default.createDirectory(atPath: locale, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: locale + "/translations.json"))
            try Data(#"{"languages": ["tr"]}"#.utf8).write(
                to: URL(fileURLWithPath: cdn + "/\(name)/acme/widgets/manifest.json"))
            try data.write(to: URL(fileURLWithPath: cli.directory.appending("\(name).json")))
        }
        #expect(try cli.run(["store", "put", key, "--file", cli.directory.appending("a.json")]).status == 0)
        #expect(try cli.run(["locale", "set", "tr", "--offline"]).status == 0)
        let file = cli.groupDirectory + "/%40better-i18n%3Amessages%3Aacme%2Fwidgets%3Atr"

        // Readers: a widget process rendering in a loop, and direct reads of the file, until the writers stop.
        let stop = Locked<Bool>(false)
        let problems = Locked<[String]>([])
        let renders = Locked<Int>(0)
        // A thread of its own: the cooperative pool may be busy with other suites.
        let finished = DispatchSemaphore(value: 0)
        let reader = Thread {
            defer { finished.signal() }
            while !stop.withLock({ $0 }) {
                guard
                    let result = try? runProcess(
                        Repository.product("widget-i18n"), ["t", "today.title"],
                        environment: [
                            "WIDGET_I18N_PROJECT": "acme/widgets", "WIDGET_I18N_GROUP_DIR": cli.groupDirectory,
                        ])
                else {
                    problems.withLock { $0.append("the reader could not start widget-i18n") }
                    return
                }
                renders.withLock { $0 += 1 }
                if result.status != 0 || !["Eski\n", "Yeni\n"].contains(result.standardOutput) {
                    problems.withLock { $0.append("render: \(result)") }
                }
                if let bytes = FileManager.default.contents(atPath: file), !versions.contains(bytes) {
                    problems.withLock { $0.append("torn value of \(bytes.count) bytes") }
                }
            }
        }

        reader.start()
        var kills = 0
        var iteration = 0
        // At least 220 writers, and on until the reader has rendered a few times in between.
        while iteration < 220 || (renders.withLock({ $0 }) < 5 && iteration < 3000) {
            defer { iteration += 1 }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Repository.product("widget-i18n"))
            let version = iteration % 2 == 0 ? "b" : "a"
            process.arguments =
                iteration % 4 == 3
                ? ["fetch", "--locale", "tr", "--force", "--quiet", "--cdn", "file://\(cdn)/\(version)"]
                : ["store", "put", key, "--file", cli.directory.appending("\(version).json")]
            process.environment = ["WIDGET_I18N_PROJECT": "acme/widgets", "WIDGET_I18N_GROUP_DIR": cli.groupDirectory]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 0...25_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            process.waitUntilExit()
            if let bytes = FileManager.default.contents(atPath: file), !versions.contains(bytes) {
                problems.withLock { $0.append("torn value after iteration \(iteration)") }
            }
        }
        stop.withLock { $0 = true }
        finished.wait()

        #expect(problems.withLock { $0 }.isEmpty, "\(problems.withLock { $0.prefix(5) })")
        #expect(kills >= 200, "only \(kills) writers were still running when killed")
        #expect(renders.withLock({ $0 }) > 0)
        let list = try cli.run(["store", "list"])
        #expect(!list.standardOutput.contains("%tmp"))
        #expect(list.standardOutput.split(separator: "\n").allSatisfy { $0.hasPrefix("@better-i18n:") })
        let final = try #require(FileManager.default.contents(atPath: file))
        #expect(versions.contains(final))
    }
}
