import Foundation
import TestSupport
import Testing

@Suite struct TimelineCommandTests {
    private func prepared() throws -> CLIHarness {
        let cli = try CLIHarness()
        #expect(try cli.run(["fetch", "--all", "--quiet"]).status == 0)
        try cli.run(
            ["store", "put", "events"],
            input: Data(#"[{"id": "run", "title": "Maraton", "startDate": "2026-10-08T08:00:00Z"}]"#.utf8))
        try cli.run(["store", "put", "profile"], input: Data(#"{"name": "Ayşe"}"#.utf8))
        return cli
    }

    @Test func printsTheTimelineAcrossAMidnightAsJSON() throws {
        let cli = try prepared()
        defer { cli.remove() }
        try cli.run(["locale", "set", "ar"])
        let result = try cli.run([
            "timeline", "--widget", "days-since", "--family", "small", "--from", "2026-11-29T18:00:00Z",
            "--hours", "30", "--time-zone", "Europe/Istanbul", "--json",
        ])
        #expect(result.status == 0, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
        #expect(object["widget"] as? String == "days-since")
        #expect(object["locale"] as? String == "ar")
        #expect(object["direction"] as? String == "rtl")
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(
            entries.map { $0["date"] as? String } == [
                "2026-11-29T21:00:00+0300", "2026-11-30T00:00:00+0300", "2026-12-01T00:00:00+0300",
            ])
        #expect(
            entries.map { $0["text"] as? [String] } == [
                ["52 يومًا منذ Maraton"], ["53 يومًا منذ Maraton"], ["54 يومًا منذ Maraton"],
            ])
    }

    @Test func printsTextWithFallbacksMarked() throws {
        let cli = try prepared()
        defer { cli.remove() }
        let result = try cli.run([
            "timeline", "--widget", "days-since", "--family", "large", "--locale", "tr", "--from",
            "2026-11-29T18:00:00Z",
            "--hours", "2", "--time-zone", "UTC",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.standardOutput
                == """
                days-since (systemLarge) in tr, time zone UTC
                2026-11-29T18:00:00Z
                  Geçen günler
                  Maraton üzerinden 52 gün geçti
                  Your 52. day. Keep going!   [default locale en]

                """.replacingOccurrences(of: "52. day", with: "52th day"))
    }

    @Test(arguments: [
        (["timeline"], "error: Missing --widget; use --widget days-since or --widget today\n"),
        (["timeline", "--widget", "clock"], "error: Unknown widget 'clock'; use days-since or today\n"),
        (
            ["timeline", "--widget", "today", "--family", "huge"],
            "error: Unknown family 'huge'; use small, medium or large\n"
        ),
        (
            ["timeline", "--widget", "today", "--from", "yesterday"],
            "error: Invalid --from 'yesterday': use ISO 8601 such as 2026-03-28T20:00:00Z or 2026-03-28\n"
        ),
        (
            ["timeline", "--widget", "today", "--time-zone", "Moon/Base"],
            "error: Unknown time zone 'Moon/Base'; use an IANA name such as 'Europe/Istanbul' or 'UTC'\n"
        ),
        (
            ["timeline", "--widget", "today", "--hours", "0.5"],
            "error: Invalid --hours '0.5': give a whole number of hours from 1 to 8784\n"
        ),
        (
            ["timeline", "--widget", "today", "--hours", "8785"],
            "error: Invalid --hours '8785': give a whole number of hours from 1 to 8784\n"
        ),
        (
            ["reload", "--kind", "a b"],
            "error: Invalid --kind 'a b': use letters, digits, '-', '_' and '.' (e.g. days-since)\n"
        ),
    ])
    func rejectsBadOptions(_ arguments: [String], _ message: String) throws {
        try expectUsageError(arguments, message)
    }

    @Test func theDemoRunsOnItsEmbeddedDefault() throws {
        let directory = try TemporaryDirectory(prefix: "widget-i18n-demo-test")
        defer { directory.remove() }
        let previews = directory.appending("previews")
        let result = try runProcess(
            Repository.product("widget-i18n"),
            ["demo", "--from", "2026-11-29T20:30:00Z", "--time-zone", "Europe/Istanbul", "--previews", previews],
            workingDirectory: Repository.root)
        #expect(result.status == 0, "\(result)")
        // It ends with the contact sheet of both widgets in every locale and family.
        #expect(result.standardOutput.hasSuffix("/previews/index.html\n"), "\(result)")
        #expect(result.standardOutput.contains("→ 60 pictures, 0 lines that do not fit"), "\(result)")
        #expect(FileManager.default.fileExists(atPath: previews + "/today/large/zh-Hant.png"))
        #expect(result.standardOutput.hasPrefix("Fetched 10 locales"))
        for line in [
            "52 days since Marathon", "53 days since Marathon", "Marathon: прошло 53 дня", "Marathonから53日",
            "53 يومًا منذ Marathon",
            "Сегодня 2 события",
        ] {
            #expect(result.standardOutput.contains(line), "\(line)")
        }
    }
}

extension TimelineCommandTests {
    /// Without --previews the demo draws into ./widget-previews, and never over someone else's directory there.
    @Test func theDemoLeavesAForeignWidgetPreviewsDirectoryAlone() throws {
        let directory = try TemporaryDirectory(prefix: "widget-i18n-demo-cwd")
        defer { directory.remove() }
        let foreign = directory.appending("widget-previews")
        try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: foreign + "/notes.txt"))
        let result = try runProcess(
            Repository.product("widget-i18n"),
            ["demo", "--from", "2026-11-29T20:30:00Z", "--time-zone", "UTC", "--cdn", Repository.root + "/Locales"],
            workingDirectory: directory.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.contains("./widget-previews holds other files; the previews go to "))
        #expect(snapshot(of: foreign) == ["notes.txt": Data("mine".utf8)])
        let url = try #require(result.standardOutput.split(separator: "\n").last)
        #expect(url.hasPrefix("file:///") && url.hasSuffix("/previews/index.html"))
        #expect(FileManager.default.fileExists(atPath: String(url.dropFirst("file://".count))))
    }
}

/// The long-running host as a process: a locale switch in another process changes what it shows.
@Suite struct HostCommandTests {
    /// `host --widget today --family small` on the harness's store, its stdout and stderr collected.
    static func startHost(_ cli: CLIHarness) throws -> (Process, OutputCollector, OutputCollector) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Repository.product("widget-i18n"))
        process.arguments = ["host", "--widget", "today", "--family", "small"]
        process.environment = [
            "WIDGET_I18N_PROJECT": cli.project, "WIDGET_I18N_GROUP_DIR": cli.groupDirectory, "PATH": "/usr/bin:/bin",
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, OutputCollector(output.fileHandleForReading), OutputCollector(errors.fileHandleForReading))
    }

    @Test func aLocaleSwitchElsewhereChangesTheHostsOutput() async throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run(["fetch", "--all", "--quiet"]).status == 0)
        try cli.run(["locale", "set", "en"])
        let (process, collected, errors) = try Self.startHost(cli)
        #expect(await collected.wait(for: "No events today"), "\(collected.text)")
        let switched = try cli.run(["locale", "set", "ru"])
        #expect(switched.status == 0)
        #expect(await collected.wait(for: "Сегодня нет событий"), "\(collected.text)")
        try cli.run(["reload", "--kind", "today"])
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(await errors.wait(for: "host stopped\n"), "\(errors.text)")
        let diagnostics = errors.text
        #expect(diagnostics.contains("reloaded: first load"))
        #expect(diagnostics.contains("reloaded: reload requested: locale changed to ru"))
        #expect(diagnostics.hasSuffix("host stopped\n"))
    }

    /// What the host's own translators met in the store is reported once, while it shows the fallback.
    @Test func reportsWhatItsTranslatorsMet() async throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run(["fetch", "--all", "--quiet"]).status == 0)
        try cli.run(["locale", "set", "ru"])
        try cli.run(
            ["store", "put", "@better-i18n:messages:acme/widgets:ru", "--no-validate"], input: Data("[1, 2".utf8))
        let (process, collected, warnings) = try Self.startHost(cli)
        #expect(await collected.wait(for: "No events today"), "\(collected.text)")
        #expect(await warnings.wait(for: "The cached messages for 'ru'"), "\(warnings.text)")
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(await warnings.wait(for: "host stopped\n"), "\(warnings.text)")
        let lines = warnings.text.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(lines.count == 1, "\(warnings.text)")
    }
}

/// Reads a pipe in the background and waits for a line to appear.
final class OutputCollector: @unchecked Sendable {
    // `buffer` is only touched under `lock`.
    private let lock = NSLock()
    private var buffer = Data()

    init(_ handle: FileHandle) {
        handle.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.buffer.append(data)
            self.lock.unlock()
        }
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Whether `needle` shows up within `seconds`.
    func wait(for needle: String, seconds: Double = 5) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if text.contains(needle) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return text.contains(needle)
    }
}
