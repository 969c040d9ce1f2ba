import Foundation
import TestSupport
import Testing

/// A suite's property list that another process or a user planted: `--suite-plist FILE` and `--suite NAME` refuse
/// what they cannot read, saying why, and never block, wait or run out of memory on it (issue 53).
@Suite struct HostileSuiteTests {
    /// A binary property list (`bplist00`) whose top dictionary has `keys` keys that all name one value object, a
    /// string (or data) of `value`: written by hand, since Foundation's encoder writes every value out on its own.
    static func sharedValuePlist(keys: Int, value: [UInt8], asData: Bool = false) -> Data {
        func bigEndian(_ value: Int, size: Int) -> [UInt8] {
            (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        // A marker with its count: in its low four bits below 15, else in an integer object after it.
        func sized(_ marker: UInt8, _ count: Int) -> [UInt8] {
            guard count >= 15 else { return [marker | UInt8(count)] }
            if count < 0x100 { return [marker | 0x0F, 0x10] + bigEndian(count, size: 1) }
            if count < 0x1_0000 { return [marker | 0x0F, 0x11] + bigEndian(count, size: 2) }
            return [marker | 0x0F, 0x12] + bigEndian(count, size: 4)
        }
        precondition(keys + 2 < 0x1_0000, "references are two bytes here")
        let shared = keys + 1
        var objects: [[UInt8]] = [
            sized(0xD0, keys) + (1...keys).flatMap { bigEndian($0, size: 2) }
                + (1...keys).flatMap { _ in bigEndian(shared, size: 2) }
        ]
        for index in 1...keys {
            let name = Array("key\(index)".utf8)
            objects.append(sized(0x50, name.count) + name)
        }
        objects.append(sized(asData ? 0x40 : 0x50, value.count) + value)
        var file = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(file.count)
            file += object
        }
        let table = file.count
        for offset in offsets { file += bigEndian(offset, size: 4) }
        file +=
            [0, 0, 0, 0, 0, 0, 4, 2] + bigEndian(objects.count, size: 8) + bigEndian(0, size: 8)
            + bigEndian(table, size: 8)
        return Data(file)
    }

    /// The generator writes what Foundation reads: every key names the one value.
    @Test func theGeneratedPlistIsOneFoundationReads() throws {
        let data = Self.sharedValuePlist(keys: 20, value: Array("shared".utf8))
        let domain = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(domain.count == 20)
        #expect(domain.values.allSatisfy { $0 as? String == "shared" })
        let bytes = Self.sharedValuePlist(keys: 3, value: [0xFF, 0x00], asData: true)
        let binary = try #require(
            try PropertyListSerialization.propertyList(from: bytes, format: nil) as? [String: Any])
        #expect(binary["key2"] as? Data == Data([0xFF, 0x00]))
    }

    /// 5,000 keys that share one string (or data) of 1 MiB: a 1.1 MB file that Foundation would read as 5 GB. It is
    /// refused from what its values come to, counted before anything is copied, within a 1.5 GB address space (the
    /// old store copied every value: SIGABRT at 7.7 GB, and SIGILL for data).
    @Test(arguments: [false, true])
    func aPlistWhoseKeysShareOneValueIsRefusedBeforeItExpands(_ asData: Bool) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let plist = cli.directory.appending("shared.plist")
        try Self.sharedValuePlist(
            keys: 5000, value: Array(repeating: UInt8(ascii: "x"), count: 1 << 20), asData: asData
        )
        .write(to: URL(fileURLWithPath: plist))
        let result = try cli.runShell(
            "ulimit -v 1500000; exec \"$WIDGET_I18N\" --suite-plist '\(plist)' store list")
        #expect(!result.diedFromSignal && result.status == 1, "\(result)")
        #expect(
            result.standardError
                == "error: property list '\(plist)' cannot be read: its values come to more than 64 MiB, the most a "
                + "reader accepts (keys that share one object in the file count it once each)\n", "\(result)")
    }

    /// The same file as a suite's own (`--suite NAME`, its plist under `$XDG_CONFIG_HOME`): swift-corelibs-foundation's
    /// `UserDefaults` loads a suite whole (5.2 GB), so the file is read first as `--suite-plist` reads one, and the
    /// suite is refused the same way, by every command, its file unchanged.
    @Test(arguments: [["store", "list"], ["t", "today.title"], ["store", "put", "k"]])
    func aSuiteWhosePlistExpandsIsRefusedBeforeUserDefaultsLoadsIt(_ command: [String]) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let configuration = cli.directory.appending("config")
        try FileManager.default.createDirectory(atPath: configuration, withIntermediateDirectories: true)
        let plist = configuration + "/group.acme.widgets.plist"
        let bytes = Self.sharedValuePlist(keys: 5000, value: Array(repeating: UInt8(ascii: "x"), count: 1 << 20))
        try bytes.write(to: URL(fileURLWithPath: plist))
        let result = try cli.runShell(
            "export XDG_CONFIG_HOME='\(configuration)'; ulimit -v 1500000; "
                + "exec \"$WIDGET_I18N\" --suite group.acme.widgets \(command.joined(separator: " ")) </dev/null")
        #expect(!result.diedFromSignal && result.status == 1, "\(result)")
        #expect(
            result.standardError
                == "error: user defaults suite 'group.acme.widgets' ('\(plist)') cannot be read: its values come to "
                + "more than 64 MiB, the most a reader accepts (keys that share one object in the file count it once "
                + "each)\n", "\(result)")
        #expect(FileManager.default.contents(atPath: plist) == bytes)
    }

    /// A FIFO where the plist should be is refused by name, never opened to wait for a writer: the file is opened
    /// without blocking and what was opened is checked (the old store checked the path, then opened it, so a FIFO
    /// swapped in between blocked it forever). The harness's `timeout` only ends a run that would hang.
    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let fifo = cli.directory.appending("fifo.plist")
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try cli.runShell(
            "exec timeout -s KILL 120 \"$WIDGET_I18N\" --suite-plist '\(fifo)' status")
        #expect(!result.diedFromSignal && result.status == 1, "\(result)")
        #expect(
            result.standardError
                == "error: property list '\(fifo)' cannot be read: it is a FIFO (named pipe), not a file\n",
            "\(result)")
    }

    /// What is wrong with the file is named: a device, a link to nothing, links in a loop, a directory (the old
    /// messages spoke of "the value of the container" for each).
    @Test func eachFileThatIsNoPlistIsNamedForWhatItIs() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let dangling = cli.directory.appending("dangling.plist")
        #expect(symlink("nowhere.plist", dangling) == 0)
        let loop = cli.directory.appending("loop.plist")
        #expect(symlink("loop.plist", loop) == 0)
        let directory = cli.directory.appending("folder.plist")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        for (path, reason) in [
            ("/dev/zero", "it is a device, not a file"),
            (dangling, "it is a symbolic link to 'nowhere.plist', which does not exist"),
            (loop, "it is a symbolic link that loops (or a chain of links too long to follow)"),
            (directory, "it is a directory"),
        ] {
            let result = try cli.run(["store", "list", "--suite-plist", path])
            #expect(result.status == 1, "\(path): \(result)")
            #expect(
                result.standardError == "error: property list '\(path)' cannot be read: \(reason)\n",
                "\(path): \(result)")
        }
    }

    /// A 4 GiB (sparse) plist is refused from its size, the size it has: the old store read 64 MiB + 1 of it and
    /// reported that as its size ("is 67108865 bytes").
    @Test func aHugePlistIsRefusedWithItsRealSize() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let plist = cli.directory.appending("huge.plist")
        #expect(FileManager.default.createFile(atPath: plist, contents: Data("bplist00".utf8)))
        #expect(truncate(plist, 4 << 30) == 0)
        let result = try cli.runShell("ulimit -v 1500000; exec \"$WIDGET_I18N\" --suite-plist '\(plist)' status")
        #expect(!result.diedFromSignal && result.status == 1, "\(result)")
        #expect(
            result.standardError
                == "error: property list '\(plist)' cannot be read: it is 4294967296 bytes, larger than the 67108864 "
                + "bytes a reader accepts\n", "\(result)")
    }

    /// A copy whose messages are unusable warns with advice that works on a copy: `--suite-plist` takes no fetch
    /// (it refuses one with exit 64), so the advice is not `fetch --force` over it.
    @Test func aCopysWarningAdvisesWhatWorksOnACopy() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let plist = cli.directory.appending("group.acme.widgets.plist")
        let domain: [String: Any] = [
            "@better-i18n:locale:acme/widgets": "tr", "@better-i18n:messages:acme/widgets:tr": "{not json",
            "@better-i18n:messages:acme/widgets:en": try String(
                contentsOfFile: Repository.sampleProjectLocales + "/en/translations.json", encoding: .utf8),
        ]
        try PropertyListSerialization.data(fromPropertyList: domain, format: .binary, options: 0)
            .write(to: URL(fileURLWithPath: plist))
        let result = try cli.run(["t", "today.title", "--suite-plist", plist])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "Today\n")
        #expect(result.standardError.hasPrefix("warning: The cached messages for 'tr'"), "\(result)")
        #expect(!result.standardError.contains("fetch --locale tr --force'"), "\(result)")
        #expect(
            result.standardError.contains(
                "--suite-plist reads a copy, which nothing here writes: replace them in the suite the copy came from "
                    + "(on a device, in the app; a suite here: 'widget-i18n fetch --locale tr --force --suite NAME'), "
                    + "then copy its property list again"), "\(result)")
        // What it advises for a suite here works there.
        let suite = try cli.run(
            ["fetch", "--locale", "tr", "--force", "--suite", "group.acme.widgets"],
            environment: ["XDG_CONFIG_HOME": cli.directory.appending("config")])
        #expect(suite.status == 0, "\(suite)")
    }

    /// Every path below a test's directory, directories included.
    static func tree(_ directory: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// A suite is named like its App Group: `--suite`, `WIDGET_I18N_SUITE` and `suite` in widget-i18n.json alike
    /// refuse a path (`../x`, an absolute one, `a/b/c`, which wrote plists outside `$XDG_CONFIG_HOME` and made
    /// directories), `''`, `..` and `NSGlobalDomain` with exit 64 naming the rule, and create nothing anywhere.
    @Test(arguments: ["flag", "environment", "file"])
    func aSuiteNameThatIsNoAppGroupIsAUsageError(_ source: String) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let configuration = cli.directory.appending("config")
        try FileManager.default.createDirectory(atPath: configuration, withIntermediateDirectories: true)
        // An empty variable is an unset one, as for every setting.
        let names =
            ["../x", cli.directory.appending("outside/abs"), "a/b/c", "..", "NSGlobalDomain", "group", ".group.acme"]
            + (source == "environment" ? [] : [""])
        for name in names {
            var arguments = ["store", "put", "k"]
            var environment = ["XDG_CONFIG_HOME": configuration, "WIDGET_I18N_GROUP_DIR": ""]
            let origin: String
            switch source {
            case "flag":
                arguments += ["--suite", name]
                origin = "--suite"
            case "environment":
                environment["WIDGET_I18N_SUITE"] = name
                origin = "WIDGET_I18N_SUITE"
            default:
                let json = try JSONSerialization.data(withJSONObject: ["suite": name])
                try json.write(to: URL(fileURLWithPath: cli.directory.appending("widget-i18n.json")))
                origin = "'suite' in widget-i18n.json"
            }
            let before = Self.tree(cli.directory.path)
            let result = try cli.run(arguments, environment: environment, input: Data("v".utf8))
            #expect(result.status == 64, "\(source) '\(name)': \(result)")
            #expect(
                result.standardError
                    == "error: Invalid suite '\(name)' (from \(origin)): a suite is named like its App Group, in "
                    + "reverse-DNS form: two or more labels of letters, digits, '-' and '_' joined by '.', such as "
                    + "'group.acme.widgets'\n", "\(source) '\(name)': \(result)")
            #expect(Self.tree(cli.directory.path) == before, "\(source) '\(name)' created files")
        }
        // The rule is the name's, not the source's: a group's name is accepted from each.
        let valid: [String] =
            source == "flag" ? ["--suite", "group.acme.widgets"] : []
        var environment = ["XDG_CONFIG_HOME": configuration, "WIDGET_I18N_GROUP_DIR": ""]
        if source == "environment" { environment["WIDGET_I18N_SUITE"] = "group.acme.widgets" }
        if source == "file" {
            try Data(#"{"suite": "group.acme.widgets"}"#.utf8)
                .write(to: URL(fileURLWithPath: cli.directory.appending("widget-i18n.json")))
        }
        let accepted = try cli.run(["store", "put", "k"] + valid, environment: environment, input: Data("v".utf8))
        #expect(accepted.status == 0, "\(accepted)")
        #expect(FileManager.default.fileExists(atPath: configuration + "/group.acme.widgets.plist"))
    }
}
