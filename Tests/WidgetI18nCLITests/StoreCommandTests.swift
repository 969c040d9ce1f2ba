import Foundation
import TestSupport
import Testing

@Suite struct StoreCommandTests {
    @Test func putGetListRemove() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let value = Data("line one\nüñí \u{0}binary".utf8)
        #expect(try cli.run(["store", "put", "custom key"], input: value).status == 0)
        let get = try cli.run(["store", "get", "custom key"])
        #expect(get.status == 0)
        #expect(get.standardOutputData == value)
        let list = try cli.run(["store", "list"])
        let fields = list.standardOutput.split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields.count == 4)
        #expect(fields[0] == "custom key")
        #expect(fields[1] == "\(value.count)")
        // Not a key of any better-i18n writer: the app's own data.
        #expect(fields[3] == "\n")
        #expect(try cli.run(["store", "rm", "custom key"]).status == 0)
        let missing = try cli.run(["store", "get", "custom key"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("No value for 'custom key'"))
        #expect(try cli.run(["store", "rm", "custom key"]).status == 1)
    }

    @Test func putReadsAFile() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let file = Repository.sampleProjectLocales + "/ar/translations.json"
        #expect(try cli.run(["store", "put", "@better-i18n:messages:acme/widgets:ar", "--file", file]).status == 0)
        #expect(
            try cli.run(["store", "get", "@better-i18n:messages:acme/widgets:ar"]).standardOutputData
                == FileManager.default.contents(atPath: file))
        let missing = try cli.run(["store", "put", "k", "--file", cli.directory.appending("nope.json")])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("Cannot read"))
    }

    @Test(arguments: [
        ("@better-i18n:messages:acme/widgets:tr", "{\"a\": ", "Invalid messages JSON at byte 6: expected a value"),
        ("@better-i18n:messages:acme/widgets:tr", "[\"a\"]", "Messages must be a JSON object at byte 0"),
        (
            "@better-i18n:manifest:acme/widgets", "not json",
            "the manifest is not valid JSON (at byte 0: expected 'null')"
        ),
        ("@better-i18n:manifest:acme/widgets", #"{"ok": "yes"}"#, "the manifest has no 'languages' list"),
        ("@better-i18n:manifest:acme/widgets", #"{"languages": ["e n"]}"#, "the manifest lists no valid languages"),
        ("@better-i18n:locale:acme/widgets", "../../etc", "Invalid locale '../../etc'"),
    ])
    func putRefusesInvalidBetterI18nValuesAndKeepsTheOldOne(_ key: String, _ value: String, _ reason: String) throws {
        try expectRefusal(key, Data(value.utf8), reason)
    }

    /// A manifest is checked as a manifest, in the manifest's words: UTF-16 and invalid UTF-8 are refused.
    @Test(
        arguments: [
            (
                [0xFF, 0xFE] + Array(#"{"languages": ["en"]}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
                "the manifest is not UTF-8 (it looks like UTF-16 or UTF-32); serve it as UTF-8"
            ),
            (
                Array(#"{"languages": ["en"], "projectSlug": "w"#.utf8) + [0xFF] + Array(#""}"#.utf8),
                "the manifest is not valid UTF-8 at byte 39"
            ),
        ] as [([UInt8], String)])
    func putRefusesAManifestThatIsNotUTF8(_ value: [UInt8], _ reason: String) throws {
        try expectRefusal("@better-i18n:manifest:acme/widgets", Data(value), reason)
    }

    /// Puts a valid value under `key`, then checks that `value` is refused with `reason` and changes nothing.
    private func expectRefusal(
        _ key: String, _ value: Data, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let good =
            key.contains(":locale:")
            ? "en" : key.contains(":manifest:") ? #"{"languages": ["en"]}"# : "{\"ok\":\"yes\"}"
        #expect(try cli.run(["store", "put", key], input: Data(good.utf8)).status == 0, sourceLocation: sourceLocation)
        let before = snapshot(of: cli.groupDirectory)
        let result = try cli.run(["store", "put", key], input: value)
        #expect(result.status == 1, sourceLocation: sourceLocation)
        #expect(
            result.standardError.hasPrefix("error: Refusing to write '\(key)': \(reason)"), "\(result.standardError)",
            sourceLocation: sourceLocation)
        #expect(result.standardError.contains("--no-validate"), sourceLocation: sourceLocation)
        #expect(snapshot(of: cli.groupDirectory) == before, sourceLocation: sourceLocation)
    }

    /// `--group-dir` at an App Group container's root (a simulator's) names the store folder inside it instead
    /// of reading an empty store, and writes nothing there.
    @Test func aGroupDirectoryThatIsAnAppGroupsContainerSaysWhereItsStoreIs() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let container = cli.directory.appending("container")
        let store = container + "/Library/Application Support/widget-i18n"
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        for command in [["status"], ["store", "list"], ["fetch", "--locale", "tr"]] {
            let result = try cli.run(command + ["--group-dir", container])
            #expect(result.status == 64, "\(command): \(result)")
            #expect(
                result.standardError
                    == "error: '\(container)' is an App Group's container; its store is the folder inside it: pass "
                    + "--group-dir '\(store)'\n", "\(result.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: container) == ["Library"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: store).isEmpty)
        #expect(try cli.run(["store", "list", "--group-dir", store]).status == 0)
    }

    @Test func storeCommandsNeedAKey() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        for command in ["get", "put", "rm"] {
            let result = try cli.run(["store", command])
            #expect(result.status == 64)
            #expect(result.standardError == "error: Missing the key; see 'widget-i18n store \(command) --help'\n")
        }
        #expect(try cli.run(["store"]).status == 64)
        #expect(
            try cli.run(["store", "explode"]).standardError
                == "error: Unknown subcommand 'store explode'; use one of: list, get, put, rm\n")
    }

    /// Keys the store cannot hold are usage errors (exit 64) for every store command, and nothing is written.
    @Test(arguments: ["..", ".", String(repeating: "k", count: 300)])
    func invalidKeysAreUsageErrors(_ key: String) throws {
        for command in [["store", "get", key], ["store", "rm", key], ["store", "put", key, "--no-validate"]] {
            let cli = try CLIHarness()
            defer { cli.remove() }
            let result = try cli.run(command, input: Data("x".utf8))
            #expect(result.status == 64, "\(command): \(result)")
            #expect(result.standardError.hasPrefix("error: Invalid key"), "\(command): \(result)")
            #expect(snapshot(of: cli.groupDirectory).isEmpty)
        }
    }

    /// A messages value written without validation keeps no index of the JSON it replaced.
    @Test func putWithoutValidationDropsTheOldIndex() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = "@better-i18n:messages:acme/widgets:tr"
        let index = "@better-i18n:widget-i18n:index:acme/widgets:tr"
        #expect(try cli.run(["store", "put", key], input: Data(#"{"today":{"title":"Bugün"}}"#.utf8)).status == 0)
        #expect(try cli.run(["store", "get", index]).status == 0)
        let broken = try cli.run(["store", "put", key, "--no-validate"], input: Data(#"{"today":{"title":"#.utf8))
        #expect(broken.status == 0, "\(broken)")
        #expect(try cli.run(["store", "get", index]).status == 1)
        // Valid JSON written without validation gets its own index.
        let valid = Data(#"{"today":{"title":"Yeni"}}"#.utf8)
        #expect(try cli.run(["store", "put", key, "--no-validate"], input: valid).status == 0)
        #expect(try cli.run(["store", "get", index]).status == 0)
        #expect(try cli.run(["t", "today.title", "--locale", "tr"]).standardOutput == "Yeni\n")
    }

    /// Removing a messages key removes what describes it: its lookup index and its fetch metadata.
    @Test func removingMessagesRemovesTheirIndexAndMetadata() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run(["fetch", "--locale", "tr", "--locale", "en"]).status == 0)
        let keys = {
            try cli.run(["store", "list"]).standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        }
        #expect(try keys().contains("@better-i18n:widget-i18n:index:acme/widgets:tr"))
        #expect(try keys().contains("@better-i18n:widget-i18n:messages-cache:acme/widgets:tr"))
        #expect(try cli.run(["store", "rm", "@better-i18n:messages:acme/widgets:tr"]).status == 0)
        let remaining = try keys()
        #expect(!remaining.contains { $0.hasSuffix(":tr") }, "\(remaining)")
        #expect(remaining.contains("@better-i18n:messages:acme/widgets:en"))
    }

    @Test func theStoreNeedsAGroup() throws {
        let result = try runProcess(Repository.product("widget-i18n"), ["store", "list"])
        #expect(result.status == 64)
        #expect(
            result.standardError
                == "error: No group store given; pass --group-dir DIR, --group ID or --project ORG/PROJECT\n")
    }

    @Test func theDefaultContainerComesFromTheProject() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = ["XDG_DATA_HOME": directory.path, "WIDGET_I18N_PROJECT": "acme/widgets"]
        let put = try runProcess(
            Repository.product("widget-i18n"), ["store", "put", "k"], environment: environment, input: Data("v".utf8))
        #expect(put.status == 0, "\(put)")
        #expect(
            FileManager.default.contents(atPath: directory.path + "/widget-i18n/groups/group.acme.widgets/k")
                == Data("v".utf8))
        let group = try runProcess(
            Repository.product("widget-i18n"), ["store", "get", "k", "--group", "group.other"], environment: environment
        )
        #expect(group.status == 1)
        let badGroup = try runProcess(
            Repository.product("widget-i18n"), ["store", "list", "--group", "../x"], environment: environment)
        #expect(badGroup.status == 64)
        #expect(badGroup.standardError.contains("Invalid group '../x'"))
    }
}

/// What can sit where a key's file should be, planted behind the CLI's back.
struct IrregularEntry: Sendable, CustomTestStringConvertible {
    let name: String
    /// Whether reading it reports "not a regular file"; open(2) of a socket fails with ENXIO before the store
    /// can tell, so its read error is a plain I/O error.
    var readAsIrregular = true
    let plant: @Sendable (_ path: String, _ outside: String) throws -> Void
    var testDescription: String { name }
}

private let irregularEntries: [IrregularEntry] = [
    IrregularEntry(name: "a symbolic link out of the container") { path, outside in
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: outside)
    },
    IrregularEntry(name: "a dangling symbolic link") { path, outside in
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: outside + ".gone")
    },
    IrregularEntry(name: "a FIFO") { path, _ in
        guard mkfifo(path, 0o600) == 0 else { throw POSIXError(.EIO) }
    },
    IrregularEntry(name: "a socket", readAsIrregular: false) { path, _ in
        let socket = Foundation.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw POSIXError(.EIO) }
    },
    IrregularEntry(name: "an empty directory") { path, _ in
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    },
]

@Suite struct StoreRemoveTests {
    /// The errors about such an entry say "remove it with 'widget-i18n store rm KEY'": that works, and removes
    /// the entry itself, never what a link points at.
    @Test(arguments: irregularEntries)
    func removesWhatTheAdviceSaysItRemoves(_ entry: IrregularEntry) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run(["store", "put", "kept"], input: Data("v".utf8)).status == 0)
        let outside = cli.directory.appending("outside.json")
        try Data("outside".utf8).write(to: URL(fileURLWithPath: outside))
        let path = cli.groupDirectory + "/odd%20key"
        try entry.plant(path, outside)
        let get = try cli.run(["store", "get", "odd key"])
        #expect(get.status == 1)
        if entry.readAsIrregular {
            #expect(
                get.standardError
                    == "error: The value of 'odd key' in group container '\(cli.groupDirectory)' is not a regular file "
                    + "('\(path)'); remove it with 'widget-i18n store rm \"odd key\"'\n")
        }
        let removed = try cli.run(["store", "rm", "odd key"])
        #expect(removed.status == 0, "\(removed)")
        #expect(removed.standardError == "")
        var status = stat()
        #expect(lstat(path, &status) != 0 && errno == ENOENT)
        #expect(FileManager.default.contents(atPath: outside) == Data("outside".utf8))
        #expect(try cli.run(["store", "get", "kept"]).standardOutput == "v")
        #expect(try cli.run(["store", "rm", "odd key"]).status == 1)
    }

    /// What is inside a directory is nobody's value to throw away: the command names the directory and stops.
    @Test func refusesADirectoryThatIsNotEmpty() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let path = cli.groupDirectory + "/messages"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: path + "/inside/file"))
        let result = try cli.run(["store", "rm", "messages"])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "error: Cannot remove 'messages' from group container '\(cli.groupDirectory)': '\(path)' is a "
                + "directory that is not empty; look inside and remove the directory by hand\n")
        #expect(FileManager.default.contents(atPath: path + "/inside/file") == Data("x".utf8))
    }

    /// A messages key that is a directory goes with its index and fetch metadata, like a value would.
    @Test func aDirectoryAtAMessagesKeyGoesWithWhatDescribesIt() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run(["fetch", "--locale", "tr", "--locale", "en"]).status == 0)
        let file = cli.groupDirectory + "/%40better-i18n%3Amessages%3Aacme%2Fwidgets%3Atr"
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        #expect(try cli.run(["store", "rm", "@better-i18n:messages:acme/widgets:tr"]).status == 0)
        let keys = try cli.run(["store", "list"]).standardOutput
        #expect(!keys.contains(":tr\t"), "\(keys)")
        #expect(keys.contains("@better-i18n:messages:acme/widgets:en\t"))
    }
}

@Suite struct StorePutInputTests {
    /// A megabyte-sized locale is refused with a short prefix of it, not the whole of it.
    @Test func aRefusalQuotesAShortPrefixOfTheValue() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let value = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        let result = try cli.run(["store", "put", "@better-i18n:locale:acme/widgets"], input: value)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: Refusing to write '@better-i18n:locale:acme/widgets': Invalid "))
        #expect(result.standardError.contains("… (1048576 bytes)"))
        #expect(result.standardError.utf8.count < 1024, "\(result.standardError.utf8.count) bytes")
        #expect(snapshot(of: cli.groupDirectory).isEmpty)
    }

    /// `$'a\xffb'` was written as the key `a%EF%BF%BDb`: an argument that is not UTF-8 is a usage error, and
    /// nothing runs.
    @Test(arguments: [
        (
            #"store put "$(printf 'a\377b')""#,
            "error: Argument 3 ('a\u{FFFD}b') is not valid UTF-8 text; pass every argument as UTF-8\n"
        ),
        (
            #"store put k --file "$(printf '\300\257')""#,
            "error: Argument 5 ('\u{FFFD}\u{FFFD}') is not valid UTF-8 text; pass every argument as UTF-8\n"
        ),
        (
            #""$(printf 'st\355\240\200re')" put k"#,
            "error: Argument 1 ('st\u{FFFD}\u{FFFD}\u{FFFD}re') is not valid UTF-8 text; pass every argument as UTF-8\n"
        ),
    ])
    func anArgumentThatIsNotUTF8IsAUsageError(_ arguments: String, _ message: String) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let result = try cli.runShell(#""$WIDGET_I18N" "# + arguments, input: Data("value".utf8))
        #expect(result.status == 64, "\(result)")
        #expect(result.standardError == message)
        #expect(snapshot(of: cli.groupDirectory).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.groupDirectory))
    }
}
