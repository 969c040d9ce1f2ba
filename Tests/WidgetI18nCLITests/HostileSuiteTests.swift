import Foundation
import TestSupport
import Testing

/// A suite's property list that another process or a user planted: `--suite-plist FILE` and `--suite NAME` refuse
/// what they cannot read, saying why, and never block, wait or run out of memory on it (issue 53).
@Suite struct HostileSuiteTests {
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
}
