import Foundation
import TestSupport
import Testing

/// What the readers of standard input do with input that is not a stream of short lines (issue 53, 4 and 8).
@Suite struct StandardInputTests {
    static let readers: [(name: String, command: String)] = [
        ("format --jsonl", "format --jsonl"), ("format --syntax mf2 --jsonl", "format --syntax mf2 --jsonl"),
        ("t --jsonl", "t --jsonl"),
    ]

    /// A read that fails (standard input is a directory) is an error, exit 1, never an empty input (it was exit 0
    /// with no output).
    @Test func aFailedReadIsAnErrorNotTheEndOfInput() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        for reader in Self.readers {
            let result = try cli.runShell("exec \"$WIDGET_I18N\" \(reader.command) < /")
            #expect(result.status == 1, "\(reader.name): \(result)")
            #expect(result.standardError == "error: Cannot read standard input: is a directory\n", "\(reader.name)")
        }
    }

    /// A line past 8 MiB is an error naming its number, after the lines before it were answered; the reader never
    /// holds more of it than the bound (an endless line was buffered to 2.1 GB, then exit 0).
    @Test func aLinePastTheBoundIsAnErrorNamingIt() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let first = #"{"locale": "en", "message": "{n, number}", "args": {"n": 2}}"#
        for reader in Self.readers.prefix(2) {
            let result = try cli.runShell(
                "ulimit -v 1500000; { echo '\(first)'; head -c 1200000000 /dev/zero | tr '\\0' x; echo; } "
                    + "| \"$WIDGET_I18N\" \(reader.command)")
            #expect(result.status == 1, "\(reader.name): \(result)")
            #expect(result.standardOutput.hasPrefix(#"{"#), "\(reader.name): \(result)")
            #expect(
                result.standardError
                    == "error: Cannot read standard input: line 2 is longer than 8 MiB; a request is one JSON "
                    + "object a line\n", "\(reader.name)")
        }
    }

    /// `convert mf2 -` stops reading at its 64 MiB cap (it read all of standard input first: SIGABRT at 1.1 GB),
    /// as `store put` does at the same cap, writing nothing.
    @Test func stdinReadersStopAtTheirCap() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let convert = try cli.runShell(
            "ulimit -v 1500000; head -c 1200000000 /dev/zero | \"$WIDGET_I18N\" convert mf2 --locale en -")
        #expect(convert.status == 1, "\(convert)")
        #expect(
            convert.standardError.hasPrefix(
                "error: Cannot read the bundle on standard input: it is 67108865 bytes or "),
            "\(convert)")
        let put = try cli.runShell("ulimit -v 1500000; head -c 1200000000 /dev/zero | \"$WIDGET_I18N\" store put big")
        #expect(put.status == 1, "\(put)")
        #expect(put.standardError.contains("it holds more than 64 MiB; nothing was written"), "\(put)")
        #expect(try cli.run(["store", "get", "big"]).status != 0)
    }

    /// A JSON whole number from 2^63 to 2^64 − 1 keeps every digit (18446744073709551615 printed "-1" and
    /// selected `one`), in every `--jsonl` reader.
    @Test func wholeNumbersPast2To63KeepTheirValue() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        try cli.run(
            ["store", "put", "@better-i18n:messages:acme/widgets:en"],
            input: Data(#"{"n": "{n, plural, one {one #} other {other #}}"}"#.utf8))
        let icu =
            #"{"locale": "en", "message": "{n, plural, one {one #} other {other #}}", "#
            + #""args": {"n": 18446744073709551615}}"#
        let mf2 =
            #"{"locale": "en", "message": ".input {$n :number} .match $n one {{one {$n}}} * {{other {$n}}}", "#
            + #""args": {"n": 18446744073709551615}}"#
        let expected = "other 18,446,744,073,709,551,615"
        #expect(try cli.run(["format", "--jsonl"], input: Data(icu.utf8)).standardOutput.contains(expected))
        #expect(
            try cli.run(["format", "--syntax", "mf2", "--jsonl"], input: Data(mf2.utf8)).standardOutput.contains(
                expected))
        let t = try cli.run(
            ["t", "--jsonl"], input: Data(#"{"key": "n", "locale": "en", "args": {"n": 18446744073709551615}}"#.utf8))
        #expect(t.standardOutput.contains(expected), "\(t)")
    }
}
