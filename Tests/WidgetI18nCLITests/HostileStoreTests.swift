import Foundation
import TestSupport
import Testing

struct HostileValue: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let text: String?
    let base64: String?
    /// What `t today.title` shows; the default locale's "Today" unless the value is usable after all.
    let renders: String?
    /// Whether the value is a usable bundle: nothing is wrong, so nothing may be said on stderr. Otherwise the
    /// reader must warn that the cached messages are unusable.
    let clean: Bool?
    var testDescription: String { name }
    var bytes: Data { text.map { Data($0.utf8) } ?? Data(base64Encoded: base64 ?? "") ?? Data() }
}

private let hostileValues: [HostileValue] = {
    let url = Bundle.module.url(forResource: "Data/hostile-store-values", withExtension: "json")!
    return try! JSONDecoder().decode([HostileValue].self, from: Data(contentsOf: url))
}()

/// Whatever another SDK (or a disk) left in the store, the widget-side reader renders the next fallback,
/// warns, exits 0, and changes nothing.
@Suite struct HostileStoreTests {
    @Test(arguments: hostileValues)
    func theReaderDegradesToTheNextFallback(_ value: HostileValue) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        try cli.run(["store", "put", "@better-i18n:locale:acme/widgets"], input: Data("tr".utf8))
        // Written behind the CLI's back, as another process would.
        try value.bytes.write(
            to: URL(fileURLWithPath: cli.groupDirectory + "/%40better-i18n%3Amessages%3Aacme%2Fwidgets%3Atr"))
        let before = snapshot(of: cli.groupDirectory).filter { !$0.key.contains("index") }
        let result = try cli.run(["t", "today.title"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == (value.renders ?? "Today") + "\n")
        if value.clean == true {
            #expect(result.standardError.isEmpty, "\(result.standardError)")
        } else {
            #expect(result.standardError.hasPrefix("warning: The cached messages for 'tr'"), "\(result.standardError)")
        }
        // Nothing but a rebuilt lookup index may change.
        #expect(snapshot(of: cli.groupDirectory).filter { !$0.key.contains("index") } == before)
    }

    @Test func aDirectoryOrAnOutsideLinkWhereAValueShouldBe() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        try cli.run(["store", "put", "@better-i18n:locale:acme/widgets"], input: Data("tr".utf8))
        let file = cli.groupDirectory + "/%40better-i18n%3Amessages%3Aacme%2Fwidgets%3Atr"
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        var result = try cli.run(["t", "today.title"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "Today\n")
        #expect(result.standardError.contains("is not a regular file"))
        try FileManager.default.removeItem(atPath: file)
        let outside = cli.directory.appending("outside.json")
        try Data(#"{"today": {"title": "Dışarıdan"}}"#.utf8).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: outside)
        result = try cli.run(["t", "today.title"])
        #expect(result.standardOutput == "Today\n", "a link out of the container must never be followed")
        #expect(result.standardError.contains("is not a regular file"))
        // A FIFO would block a plain open() until someone writes to it.
        try FileManager.default.removeItem(atPath: file)
        #expect(mkfifo(file, 0o600) == 0)
        result = try cli.run(["t", "today.title"])
        #expect(result.standardOutput == "Today\n")
        #expect(result.standardError.contains("is not a regular file"))
    }

    /// The largest bundle a reader accepts (4 MiB) renders, with its index and without.
    @Test func aBundleAtTheLimitStillRenders() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        var json = #"{"today": {"title": "Bugün"}, "filler": {"#
        var filler: [String] = []
        var size = json.utf8.count + 2
        while true {
            let entry = "\"k\(filler.count)\": \"\(String(repeating: "x", count: 80))\""
            guard size + entry.utf8.count + 1 <= 4 * 1024 * 1024 else { break }
            filler.append(entry)
            size += entry.utf8.count + 1
        }
        json += filler.joined(separator: ",") + "}}"
        #expect(json.utf8.count > 4 * 1024 * 1024 - 100 && json.utf8.count <= 4 * 1024 * 1024)
        #expect(
            try cli.run(["store", "put", "@better-i18n:messages:acme/widgets:tr"], input: Data(json.utf8)).status == 0)
        try cli.run(["store", "put", "@better-i18n:locale:acme/widgets"], input: Data("tr".utf8))
        let result = try cli.run(["t", "today.title"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "Bugün\n")
        try cli.run(["store", "rm", "@better-i18n:widget-i18n:index:acme/widgets:tr"])
        let unindexed = try cli.run(["t", "today.title"])
        #expect(unindexed.standardOutput == "Bugün\n", "\(unindexed)")
    }

    /// A 2 GB (sparse) bundle is refused from its size before a byte of it is read: every command that reads
    /// bundles answers from the fallback within 1.5 GB of address space (the old reader copied the whole file).
    @Test(arguments: [
        ["t", "today.title"], ["timeline", "--widget", "today", "--hours", "1"], ["status"], ["check"],
        ["locale", "list"],
    ])
    func aHugeBundleIsRefusedBeforeItIsRead(_ command: [String]) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        try cli.run(["store", "put", "@better-i18n:locale:acme/widgets"], input: Data("tr".utf8))
        let file = cli.groupDirectory + "/%40better-i18n%3Amessages%3Aacme%2Fwidgets%3Atr"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("{".utf8)))
        #expect(truncate(file, 2 << 30) == 0)
        let result = try cli.runShell("ulimit -v 1500000; exec \"$WIDGET_I18N\" \(command.joined(separator: " "))")
        #expect(!result.diedFromSignal && result.status <= 1, "\(result)")
        #expect(
            (result.standardOutput + result.standardError).contains(
                "is 2147483648 bytes, larger than the 4194304 bytes a reader accepts"), "\(result)")
    }

    /// A stored locale of a megabyte is not echoed: refused from its size, and a long invalid one quoted by a
    /// short prefix.
    @Test(arguments: [1024 * 1024, 1000])
    func aHugeStoredLocaleIsNotEchoed(_ size: Int) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        let file = cli.groupDirectory + "/%40better-i18n%3Alocale%3Aacme%2Fwidgets"
        try Data(String(repeating: "x", count: size).utf8).write(to: URL(fileURLWithPath: file))
        let result = try cli.run(["t", "today.title"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "Today\n")
        #expect(result.standardError.hasPrefix("warning: "), "\(result)")
        #expect(
            result.standardError.utf8.count < 400, "\(result.standardError.utf8.count) bytes: \(result.standardError)")
    }

    /// A manifest that cannot be read is not reported as missing: `status` says it is unreadable, and why.
    @Test func anUnreadableManifestIsNotShownAsNotCached() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        let path = cli.groupDirectory + "/%40better-i18n%3Amanifest%3Aacme%2Fwidgets"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let result = try cli.run(["status"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.contains("(unreadable: "), "\(result)")
        #expect(!result.standardOutput.contains("(not cached)"), "\(result)")
    }

    /// A manifest that reads but is not one is not reported as missing either: `status` says what is wrong.
    @Test func aManifestThatIsNotOneSaysWhy() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        let path = cli.groupDirectory + "/%40better-i18n%3Amanifest%3Aacme%2Fwidgets"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{\"languages\": 7".utf8)))
        let result = try cli.run(["status"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.contains("(not a manifest: "), "\(result)")
    }

    /// The manifest, fetch metadata and reload requests are read within their own limits too: a 2 GB file
    /// under any of them is passed over, never copied (a 1.5 GB address-space limit holds).
    @Test(arguments: [
        ("%40better-i18n%3Amanifest%3Aacme%2Fwidgets", "status"),
        ("%40better-i18n%3Amanifest%3Aacme%2Fwidgets", "locale list"),
        ("%40better-i18n%3Awidget-i18n%3Amessages-cache%3Aacme%2Fwidgets%3Aen", "status"),
        ("%40better-i18n%3Awidget-i18n%3Areload%3Aacme%2Fwidgets", "host --widget today"),
        ("%40better-i18n%3Amessages%3Aacme%2Fwidgets%3Aen", "locale set en --offline"),
    ])
    func otherHugeValuesAreNotRead(_ file: String, _ command: String) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "de"])
        let path = cli.groupDirectory + "/" + file
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        #expect(truncate(path, 2 << 30) == 0)
        // The host runs until it is told to stop; the others return.
        let result = try cli.runShell(
            "ulimit -v 1500000; exec timeout -s TERM --preserve-status 3 \"$WIDGET_I18N\" \(command)")
        #expect(!result.diedFromSignal && result.status <= 1, "\(result)")
        #expect(!result.standardError.contains("Fatal error"), "\(result)")
    }
}
