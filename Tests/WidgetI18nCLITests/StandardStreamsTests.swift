import Foundation
import TestSupport
import Testing

/// A standard stream the CLI cannot use, set up by the shell as a user's would be.
struct BrokenStream: Sendable, CustomTestStringConvertible {
    let name: String
    /// A bash script; `"$WIDGET_I18N"` is the binary, the store holds `k` (`value`) and `big` (1 MB).
    let script: String
    let status: Int32
    let standardError: String
    var testDescription: String { name }
}

private let brokenStreams: [BrokenStream] = [
    BrokenStream(
        name: "stdout is a full disk", script: #""$WIDGET_I18N" store get k >/dev/full"#, status: 1,
        standardError: "error: Cannot write to standard output: no space left on device\n"),
    BrokenStream(
        name: "a list to a full disk", script: #""$WIDGET_I18N" store list >/dev/full"#, status: 1,
        standardError: "error: Cannot write to standard output: no space left on device\n"),
    BrokenStream(
        name: "stdout is closed", script: #""$WIDGET_I18N" store get k >&-"#, status: 1,
        standardError: "error: Cannot write to standard output: it is closed\n"),
    // The reader exits at once: a megabyte fills the pipe, and the write fails with EPIPE rather than SIGPIPE.
    BrokenStream(
        name: "the reader went away", script: #""$WIDGET_I18N" store get big | true; exit "${PIPESTATUS[0]}""#,
        status: 1, standardError: "error: Cannot write to standard output: broken pipe\n"),
    BrokenStream(
        name: "stdin is closed for store put", script: #""$WIDGET_I18N" store put k <&-"#, status: 1,
        standardError: "error: Standard input is closed; pass the value with --file FILE\n"),
    BrokenStream(
        name: "stdin is closed for format --jsonl", script: #""$WIDGET_I18N" format --jsonl <&-"#, status: 1,
        standardError:
            "error: Standard input is closed; --jsonl reads its messages from there, one JSON object a line\n"),
    BrokenStream(
        name: "stdin is closed for t --jsonl", script: #""$WIDGET_I18N" t --jsonl <&-"#, status: 1,
        standardError: "error: Standard input is closed; --jsonl reads its keys from there, one JSON object a line\n"),
    // Nothing can be said on a closed stderr; the exit code says it.
    BrokenStream(
        name: "stderr is closed", script: #""$WIDGET_I18N" store get missing 2>&-"#, status: 1, standardError: ""),
]

@Suite struct StandardStreamsTests {
    /// A write error on stdout or stderr, or a closed stdin, is an error and exit 1, never a trap (exit 132) or
    /// SIGPIPE; the store stays as it was.
    @Test(arguments: brokenStreams)
    func aBrokenStreamIsAnErrorAndChangesNothing(_ stream: BrokenStream) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run(["store", "put", "k"], input: Data("value".utf8)).status == 0)
        let big = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        #expect(try cli.run(["store", "put", "big"], input: big).status == 0)
        let before = snapshot(of: cli.groupDirectory)
        let result = try cli.runShell(stream.script)
        #expect(result.status == stream.status, "\(result)")
        #expect(result.standardError == stream.standardError)
        #expect(snapshot(of: cli.groupDirectory) == before)
    }

    /// A warning that cannot be written fails the command; the translation on stdout is still whole.
    @Test func aWarningOnAClosedStderrFailsTheCommand() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        try cli.run(["store", "put", "@better-i18n:locale:acme/widgets"], input: Data("tr".utf8))
        try cli.run(["store", "put", "@better-i18n:messages:acme/widgets:tr", "--no-validate"], input: Data("[".utf8))
        let open = try cli.run(["t", "today.title"])
        #expect(open.status == 0)
        #expect(open.standardError.hasPrefix("warning: "))
        let closed = try cli.runShell(#""$WIDGET_I18N" t today.title 2>&-"#)
        #expect(closed.status == 1, "\(closed)")
        #expect(closed.standardOutput == "Today\n")
    }

    /// With stdout closed, the file a command opens next must not become descriptor 1: the value stored is the
    /// value given, and the command's own output goes nowhere near it.
    @Test func aClosedStdoutNeverBecomesAStoreFile() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let put = try cli.runShell(#""$WIDGET_I18N" store put k >&- 2>&-"#, input: Data("value".utf8))
        #expect(put.status == 0, "\(put)")
        #expect(try cli.run(["store", "get", "k"]).standardOutputData == Data("value".utf8))
        try cli.seedSampleLocales(["en", "tr"])
        let set = try cli.runShell(#""$WIDGET_I18N" locale set tr --offline >&-"#)
        #expect(set.status == 1)
        #expect(set.standardError == "error: Cannot write to standard output: it is closed\n")
        #expect(try cli.run(["store", "get", "@better-i18n:locale:acme/widgets"]).standardOutput == "tr")
    }
}
