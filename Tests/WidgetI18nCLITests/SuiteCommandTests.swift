import Foundation
import TestSupport
import Testing

/// The CLI over an App Group's `UserDefaults` suite (`--suite`, the same code a widget runs) and over a suite's
/// property list copied off a device or a simulator (`--suite-plist`, read-only).
@Suite struct SuiteCommandTests {
    /// What the better-i18n Swift SDK and `ExtensionStorage` leave in a suite: strings, nested JSON, the locale.
    func deviceDomain() throws -> [String: Any] {
        var domain: [String: Any] = ["@better-i18n:locale:acme/widgets": "tr", "some.app.setting": 3]
        for locale in ["en", "tr"] {
            domain["@better-i18n:messages:acme/widgets:\(locale)"] = try String(
                contentsOfFile: Repository.sampleProjectLocales + "/\(locale)/translations.json", encoding: .utf8)
        }
        return domain
    }

    /// A suite's settings for the CLI: the property list under `XDG_CONFIG_HOME`, as swift-corelibs-foundation
    /// keeps it, and no group directory.
    func suiteEnvironment(_ cli: CLIHarness) -> [String: String] {
        ["WIDGET_I18N_GROUP_DIR": "", "XDG_CONFIG_HOME": cli.directory.appending("config")]
    }

    @Test func aBinaryPlistOffADeviceRendersAndIsNeverWritten() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let plist = cli.directory.appending("group.acme.widgets.plist")
        let bytes = try PropertyListSerialization.data(
            fromPropertyList: try deviceDomain(), format: .binary, options: 0)
        try bytes.write(to: URL(fileURLWithPath: plist))

        let title = try cli.run(["t", "today.title", "--suite-plist", plist])
        #expect(title.status == 0, "\(title)")
        #expect(title.standardOutput == "Bugün\n")
        let explained = try cli.run(["t", "today.title", "--explain", "--suite-plist", plist])
        #expect(
            explained.standardOutput.contains(
                "from: '@better-i18n:messages:acme/widgets:tr' in property list '\(plist)' (messages key, no recorded time)"
            ),
            "\(explained.standardOutput)")

        let status = try cli.run(["status", "--suite-plist", plist])
        #expect(status.status == 0, "\(status)")
        #expect(status.standardOutput.contains("suite plist      \(plist) (read-only)"))
        #expect(status.standardOutput.contains("stored locale    tr"))
        #expect(status.standardOutput.contains("cached locales   2"))

        let list = try cli.run(["store", "list", "--suite-plist", plist])
        #expect(
            list.standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[0] } == [
                "@better-i18n:locale:acme/widgets", "@better-i18n:messages:acme/widgets:en",
                "@better-i18n:messages:acme/widgets:tr",
            ])
        #expect(
            try cli.run(["store", "get", "@better-i18n:locale:acme/widgets", "--suite-plist", plist]).standardOutput
                == "tr")
        #expect(try cli.run(["locale", "list", "--suite-plist", plist]).standardOutput.contains("* tr"))
        let timeline = try cli.run(["timeline", "--widget", "today", "--suite-plist", plist, "--time-zone", "UTC"])
        #expect(timeline.status == 0, "\(timeline)")
        #expect(timeline.standardOutput.contains("Bugün"))

        for command in [
            ["fetch", "--all"], ["locale", "set", "en"], ["store", "put", "k", "--file", plist], ["store", "rm", "k"],
            ["reload"],
        ] {
            let refused = try cli.run(command + ["--suite-plist", plist])
            #expect(refused.status == 64, "\(command): \(refused)")
            #expect(refused.standardError.contains("--suite-plist reads a copy of a suite and writes nothing"))
        }
        #expect(FileManager.default.contents(atPath: plist) == bytes)
    }

    @Test func aFileThatIsNoPlistIsExplained() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let path = cli.directory.appending("broken.plist")
        try Data("{not a plist".utf8).write(to: URL(fileURLWithPath: path))
        let result = try cli.run(["status", "--suite-plist", path])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "error: property list '\(path)' cannot be read: it is not a property list, binary or XML\n")
        let both = try cli.run(["status", "--suite-plist", path, "--group-dir", "/tmp/x"])
        #expect(both.status == 64)
        #expect(both.standardError.contains("name different stores"))
    }

    /// `fetch` into a suite stores what fits in its budget, in order of use, names what it left out, says to use
    /// the container, and exits 1; the suite stays within the budget and renders what it holds.
    @Test func fetchingIntoASuiteStopsAtItsBudget() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let suite = "group.acme.widgets"
        let environment = suiteEnvironment(cli)
        let plist = cli.directory.appending("config/\(suite).plist")
        let fits = try cli.run(["fetch", "--locale", "tr", "--suite", suite], environment: environment)
        #expect(fits.status == 0, "\(fits)")
        #expect(FileManager.default.fileExists(atPath: plist))
        #expect(
            try cli.run(["locale", "set", "tr", "--offline", "--suite", suite], environment: environment).status == 0)

        let result = try cli.run(
            ["fetch", "--all", "--suite", suite, "--suite-budget", "12000"], environment: environment)
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("did not fit in user defaults suite '\(suite)'"))
        #expect(result.standardError.contains("fetch into the App Group's container instead"))
        #expect(result.standardOutput.contains("left out"))
        let leftOut = result.standardOutput.split(separator: "\n").filter { $0.dropFirst(10).hasPrefix("left out") }
        #expect(leftOut.count >= 3, "\(result.standardOutput)")
        #expect(leftOut.allSatisfy { $0.contains("past its budget of 11250 bytes") })
        // The stored locale and the default locale came first, and fit.
        for line in result.standardOutput.split(separator: "\n") where line.hasPrefix("en ") || line.hasPrefix("tr ") {
            #expect(!line.contains("left out"), "\(line)")
        }
        let data = try #require(FileManager.default.contents(atPath: plist))
        let domain = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(domain.keys.allSatisfy { !$0.contains(":index:") })
        #expect(domain["@better-i18n:messages:acme/widgets:en"] != nil)
        let status = try cli.run(["status", "--suite", suite, "--suite-budget", "12000"], environment: environment)
        #expect(status.standardOutput.contains("suite            '\(suite)', "), "\(status)")
        #expect(
            try cli.run(["t", "today.title", "--suite", suite], environment: environment).standardOutput == "Bugün\n")
    }
}
