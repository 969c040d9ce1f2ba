import Foundation
import TestSupport
import Testing

/// Dates and times from outside, each in a child process: a date no calendar reaches, and a recorded time no
/// clock can hold, are problems with a message, never a trap (before, `{d}` in the chinese calendar exited 132
/// and `status` trapped on an Expo `cachedAt` of 9.3e21).
@Suite struct HostileDateTests {
    @Test(arguments: ["zh-u-ca-chinese", "ko-u-ca-dangi", "ar-u-ca-islamic-umalqura", "en", "ja-u-ca-japanese"])
    func aPlainPlaceholderChecksTheDateLikeADateArgument(_ locale: String) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let lines = ["1e300", "-1e300", "8.640000000000001e15"].map { milliseconds in
            #"{"locale":"\#(locale)","message":"{d}","args":{"d":{"$date":\#(milliseconds)}}}"#
        }
        let result = try cli.run(["format", "--jsonl"], input: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(result.status == 0, "\(result)")
        let replies = result.standardOutput.split(separator: "\n")
        #expect(replies.count == 3)
        for reply in replies {
            #expect(reply.contains("must be a date within 100,000,000 days of 1970"), "\(reply)")
        }
        // As `{d, date}` says of the same dates.
        let dated = try cli.run(
            ["format", "--jsonl"],
            input: Data(#"{"locale":"\#(locale)","message":"{d, date}","args":{"d":{"$date":1e300}}}"#.utf8 + [0x0A]))
        #expect(dated.standardOutput.contains("must be a date within 100,000,000 days of 1970"))
    }

    @Test(arguments: ["9.3e21", "1e300", "-1e300", "-9.3e21"])
    func statusAndLocaleListSurviveAnExpoTimeNoClockHolds(_ cachedAt: String) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        #expect(
            try cli.run(
                ["store", "put", "@better-i18n:acme/widgets:de:translations"],
                input: Data(#"{"today":{"title":"Heute"}}"#.utf8)
            ).status == 0)
        #expect(
            try cli.run(
                ["store", "put", "@better-i18n:acme/widgets:de:meta", "--no-validate"],
                input: Data(#"{"cachedAt":\#(cachedAt)}"#.utf8)
            ).status == 0)
        for command in [["status"], ["locale", "list"], ["t", "today.title", "--locale", "de", "--explain"]] {
            let result = try cli.run(command)
            #expect(result.status == 0, "\(command): \(result)")
        }
        #expect(try cli.run(["status"]).standardOutput.contains("de        1 messages"))
        #expect(try cli.run(["status"]).standardOutput.contains("Expo cache, no cachedAt"))
    }

    /// A date outside a table calendar's years is quoted as it is: before, Foundation's ISO 8601 style printed
    /// any date before 4713 BC as `-4712-01-01T12:00:00Z`.
    @Test func aDateOutsideATableCalendarIsQuotedAsItIs() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let line = #"{"locale":"zh-u-ca-chinese","message":"{d, date}","args":{"d":{"$date":-8.6e15}}}"#
        let result = try cli.run(["format", "--jsonl"], input: Data((line + "\n").utf8))
        #expect(
            result.standardOutput
                == #"{"error":"Argument 'd' must be a date the chinese calendar's table covers (local days 1900-01-01 to 2100-12-31), not -270554-11-06T23:06:40Z"}"#
                + "\n")
    }
}
