import Foundation
import TestSupport
import Testing

/// `convert mf2` run as the built binary: a bundle's messages as MessageFormat 2, the ones without an MF2 form
/// reported and left out.
@Suite struct ConvertCommandTests {
    private func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func convertsWhatHasAnMF2FormAndReportsTheRest() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let bundle =
            #"{"widget": {"days": "{n, plural, one {# day} other {# days}}", "big": "{n, number, ::compact-short}"}}"#
        try bundle.write(toFile: cli.directory.appending("en.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(["convert", "mf2", "--locale", "en", "en.json"])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.standardOutput == #"""
                {
                  "$messageFormat": "2",
                  "widget": {
                    "days": ".input {$n :number roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}\n.match $n\none {{{$n} day}}\n* {{{$n} days}}"
                  }
                }

                """#)
        #expect(
            result.standardError == """
                warning: key 'widget.big': Number skeleton token 'compact-short' has no MF2 option
                error: 1 of 2 messages has no MF2 form; it is left out

                """)
    }

    /// From standard input to a file; the keys keep their order, nested at their dots.
    @Test func aBundleWithoutRefusalsExitsZero() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let bundle = #"{"title": "Heute", "count.n": "{n, number}"}"#
        let result = try cli.run(
            ["convert", "mf2", "--locale", "pl", "-", "--out", "pl.mf2.json"], input: Data(bundle.utf8))
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError == "")
        #expect(result.standardOutput == "2 messages → pl.mf2.json\n")
        #expect(
            contents(cli.directory.appending("pl.mf2.json")) == """
                {
                  "$messageFormat": "2",
                  "title": "Heute",
                  "count": {
                    "n": "{$n :number useGrouping=always roundingMode=halfEven}"
                  }
                }

                """)
    }

    @Test func aBundleThatIsMF2AlreadyIsAUsageError() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try #"{"$messageFormat": "2", "a": "{$n}"}"#.write(
            toFile: cli.directory.appending("mf2.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(["convert", "mf2", "--locale", "en", "mf2.json"])
        #expect(result.status == 64, "\(result)")
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "error: mf2.json already declares \"$messageFormat\": \"2\": its messages are MessageFormat 2\n")
        let missing = try cli.run(["convert", "mf2", "mf2.json"])
        #expect(missing.status == 64, "\(missing)")
        #expect(missing.standardError.hasPrefix("error: Missing --locale L"), "\(missing)")
    }
}
