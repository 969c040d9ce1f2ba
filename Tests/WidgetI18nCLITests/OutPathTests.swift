import Foundation
import TestSupport
import Testing

/// What `--out` may name besides a regular file (issue 53): every command writes it with one writer, which
/// replaces a regular file whole, writes through a symbolic link to its target, and writes a device, a FIFO or
/// `/dev/stdout` as the stream it is, never replacing it. Before, `data --out` replaced a link (and dropped its
/// target's mode) and `/dev/stdout`, and `catalog export --out /dev/null` made /dev/null a regular file as root.
@Suite struct OutPathTests {
    static let data = ["data", "--locales", "de", "--families", "none"]

    /// The file type bits of what `path` itself is (links not followed); 0 when there is nothing.
    static func fileType(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    /// The Swift file `data` writes to a regular file, to compare the streams' bytes with.
    /// A harness with the sample en locale, for `catalog export`, and `en.json`, a bundle for `convert mf2`.
    static func catalogAndBundle() throws -> CLIHarness {
        let cli = try CLIHarness()
        try cli.seedSampleLocales(["en"])
        try Data(#"{"widget": {"days": "{n} days"}}"#.utf8).write(
            to: URL(fileURLWithPath: cli.directory.appending("en.json")))
        return cli
    }

    static func swiftFile(_ cli: CLIHarness) throws -> Data {
        let result = try cli.run(data + ["--out", "Plain.swift"])
        #expect(result.status == 0, "\(result)")
        return try #require(FileManager.default.contents(atPath: cli.directory.appending("Plain.swift")))
    }

    /// The link stays a link, its target gets the file and keeps its mode (0640), and nothing else appears.
    @Test func dataThroughALinkWritesItsTargetAndKeepsItsMode() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let expected = try Self.swiftFile(cli)
        try FileManager.default.createDirectory(
            atPath: cli.directory.appending("Shared"), withIntermediateDirectories: true)
        let target = cli.directory.appending("Shared/LocaleData.swift")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o640) == 0)
        #expect(symlink("Shared/LocaleData.swift", cli.directory.appending("Slice.swift")) == 0)
        let result = try cli.run(Self.data + ["--out", "Slice.swift"])
        #expect(result.status == 0, "\(result)")
        #expect(Self.fileType(cli.directory.appending("Slice.swift")) == S_IFLNK)
        let wroteTheTarget = FileManager.default.contents(atPath: target) == expected
        #expect(wroteTheTarget)
        #expect((try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int) == 0o640)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.directory.appending("Shared")) == [
                "LocaleData.swift"
            ])
    }

    /// `--out /dev/stdout` prints the Swift file alone (the summary goes to stderr) and leaves the link as it was.
    @Test func dataToStandardOutputPrintsTheFileAndKeepsTheLink() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let expected = try Self.swiftFile(cli)
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout")
        let result = try cli.run(Self.data + ["--out", "/dev/stdout"])
        #expect(result.status == 0, "\(result)")
        // Compared as a flag: an expectation on two large Data values that differ takes minutes to print.
        let printedTheFile = result.standardOutputData == expected
        #expect(printedTheFile, "\(result.standardOutputData.count) of \(expected.count) bytes")
        #expect(result.standardError.hasPrefix("/dev/stdout: de (4 data locales), no optional family; "), "\(result)")
        #expect(Self.fileType("/dev/stdout") == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout") == link)
    }

    /// `catalog export --out /dev/stdout` and `convert mf2 --out /dev/stdout` print what they would print without
    /// `--out`, and nothing after it: their counts go to stderr.
    @Test func catalogExportAndConvertToStandardOutputPrintTheFileAlone() throws {
        let cli = try Self.catalogAndBundle()
        defer { cli.remove() }
        for (arguments, count) in [
            (["catalog", "export", "--keys", "today.title"], "/dev/stdout: 1 key in 1 localizations (en): 1 added, "),
            (["convert", "mf2", "--locale", "en", "en.json"], "1 message → /dev/stdout"),
        ] {
            let plain = try cli.run(arguments)
            let result = try cli.run(arguments + ["--out", "/dev/stdout"])
            #expect(result.status == 0 && plain.status == 0, "\(arguments): \(result)")
            #expect(result.standardOutput == plain.standardOutput, "\(arguments)")
            #expect(result.standardError.hasPrefix(count), "\(arguments): \(result.standardError)")
            #expect(Self.fileType("/dev/stdout") == S_IFLNK)
        }
    }

    /// `catalog export`, `convert mf2` and `data` write /dev/null as the device it is: it stays one.
    @Test func everyOutWritesADeviceWithoutReplacingIt() throws {
        let cli = try Self.catalogAndBundle()
        defer { cli.remove() }
        var before = stat()
        #expect(stat("/dev/null", &before) == 0 && before.st_mode & S_IFMT == S_IFCHR)
        for arguments in [
            ["catalog", "export", "--keys", "today.title", "--out", "/dev/null"],
            ["convert", "mf2", "--locale", "en", "en.json", "--out", "/dev/null"],
            Self.data + ["--out", "/dev/null"],
        ] {
            let result = try cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            var after = stat()
            #expect(lstat("/dev/null", &after) == 0)
            #expect(after.st_mode == before.st_mode && after.st_rdev == before.st_rdev, "\(arguments)")
        }
    }

    /// A FIFO nobody reads is refused at once, exit 1, and stays a FIFO; one with a reader gets the file.
    @Test func dataToAFIFO() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let expected = try Self.swiftFile(cli)
        let fifo = cli.directory.appending("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let refused = try cli.run(Self.data + ["--out", fifo])
        #expect(refused.status == 1)
        #expect(refused.standardError == "error: Cannot write '\(fifo)': it is a FIFO with no reader\n")
        #expect(Self.fileType(fifo) == S_IFIFO)
        // The shell holds the FIFO open for reading and writing until the command is done, so the command finds a
        // reader whenever it starts, and `cat` (without that descriptor) its end once the shell lets go; the
        // children of the test inherit a mask that blocks SIGTERM, so only SIGKILL ends a `cat` that never does.
        let read = try cli.runShell(
            """
            exec 3<>pipe
            timeout -s KILL 60 cat pipe > read.swift 3>&- &
            status=0
            "$WIDGET_I18N" \(Self.data.joined(separator: " ")) --out pipe > /dev/null || status=$?
            exec 3>&-
            wait
            exit $status
            """)
        #expect(read.status == 0, "\(read)")
        let readTheFile = FileManager.default.contents(atPath: cli.directory.appending("read.swift")) == expected
        #expect(readTheFile)
        #expect(Self.fileType(fifo) == S_IFIFO)
    }

    /// A directory was "NSCocoaErrorDomain error 512": the cause is named, and what to pass instead.
    @Test func dataToADirectoryNamesTheCauseAndTheFix() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let directory = cli.directory.appending("Generated")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = try cli.run(Self.data + ["--out", directory + "/"])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "error: Cannot write '\(directory)/': it is a directory; name the Swift file to write, such as "
                + "--out \(directory)/LocaleData+Slice.swift\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).sorted() == ["Generated"])
    }
}
