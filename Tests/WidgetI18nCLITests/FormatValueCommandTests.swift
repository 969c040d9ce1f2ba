import Foundation
import TestSupport
import Testing

/// `format --jsonl` value lines and `format --relative`, `--list`, `--duration`, `--display-name`. The expected
/// strings are ICU4C 77.1's (PyICU: `RelativeDateTimeFormatter`, `ListFormatter`, `LocaleDisplayNames`,
/// `MeasureFormat`); the corpora in Tests/LocaleDataTests hold them all, these check the command's plumbing.
@Suite struct FormatValueCommandTests {
    let binary = Repository.product("widget-i18n")

    @Test func valueLinesInterleaveWithMessagesInOrder() throws {
        let input = """
            {"locale": "tr", "relativeTime": {"value": -1, "unit": "day", "style": "long", "numeric": "auto"}}
            {"locale": "en", "message": "{n, plural, one {# day} other {# days}}", "args": {"n": 2}}
            {"locale": "es", "list": {"items": ["siete", "ocho"], "type": "disjunction", "style": "long"}}
            {"locale": "ja", "displayName": {"of": "en-GB", "type": "language", "style": "long"}}
            {"locale": "tr", "relativeTime": {"value": -5, "unit": "minute"}}

            """
        let result = try runProcess(binary, ["format", "--jsonl"], input: Data(input.utf8))
        #expect(result.status == 0)
        #expect(
            result.standardOutput.split(separator: "\n").map(String.init) == [
                #"{"output":"dün"}"#, #"{"output":"2 days"}"#, #"{"output":"siete u ocho"}"#,
                #"{"output":"イギリス英語"}"#, #"{"output":"5 dakika önce"}"#,
            ])
    }

    @Test func aBadValueLineIsItsOwnErrorNamingWhatIsWrong() throws {
        let input = """
            {"locale": "tr", "relativeTime": {"value": -1, "unit": "fortnight"}}
            {"locale": "tr", "relativeTime": {"value": -1, "unit": "day", "style": "tiny"}}
            {"locale": "tr", "relativeTime": {"value": -1, "unit": "day", "numeric": "sometimes"}}
            {"locale": "es", "list": {"items": ["a"], "type": "exclusive"}}
            {"locale": "fa", "duration": {"fields": {"hours": 1, "fortnights": 2}}}
            {"locale": "fa", "duration": {"fields": {"hours": 1}, "style": "analog"}}
            {"locale": "ja", "displayName": {"of": "en", "type": "currency"}}
            {"locale": "ja", "displayName": {"of": "en", "colour": "red"}}
            {"locale": "en", "list": {"items": ["a"]}, "message": "hi"}
            {"locale": "../x", "list": {"items": ["a"]}}
            {"locale": "en", "relativeTime": {"unit": "day"}}
            {"locale": "en", "list": {"items": ["a", 2]}}
            {"locale": "en", "relativeTime": {"value": true, "unit": "day"}}
            {"locale": "fa", "duration": {"fields": {"hours": false}}}
            {"locale": "en", "relativeTime": {"value": 1, "unit": "day"}}

            """
        let result = try runProcess(binary, ["format", "--jsonl"], input: Data(input.utf8))
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 15)
        let expected = [
            "Unknown relativeTime unit 'fortnight'", "Unknown relativeTime style 'tiny'",
            "Unknown relativeTime numeric 'sometimes'", "Unknown list type 'exclusive'",
            "Unknown duration field 'fortnights'", "Unknown duration style 'analog'",
            "Unknown displayName type 'currency'", "Unknown field 'colour' in \\\"displayName\\\"",
            "A line holds one of", "Invalid locale '../x'", "relativeTime needs \\\"value\\\"",
            "list needs \\\"items\\\", an array of strings", "relativeTime needs \\\"value\\\"",
            "Duration field 'hours' must be a number",
        ]
        for (line, text) in zip(lines, expected) {
            #expect(line.hasPrefix(#"{"error":"#) && line.contains(text), "\(line) should name \(text)")
        }
        // The lines after the bad ones are still answered.
        #expect(lines.last == #"{"output":"in 1 day"}"#)
    }

    @Test func aDisplayNameWithoutDataIsAnError() throws {
        let result = try runProcess(binary, ["format", "--display-name", "xx-Qqqq", "--locale", "en"])
        #expect(result.status == 1)
        #expect(result.standardError == "error: No language name for 'xx-Qqqq' in en\n")
    }

    @Test func lenientValueLinesCarryProblemsAndBadFieldTypesAreErrors() throws {
        let input = """
            {"locale": "tr", "relativeTime": {"value": -1, "unit": "day", "numeric": "auto"}}
            {"locale": 5, "relativeTime": {"value": -1, "unit": "day"}}
            {"locale": "tr", "timeZone": 3, "relativeTime": {"value": -1, "unit": "day"}}

            """
        let result = try runProcess(binary, ["format", "--jsonl", "--lenient"], input: Data(input.utf8))
        #expect(result.status == 0)
        #expect(
            result.standardOutput.split(separator: "\n").map(String.init) == [
                #"{"output":"dün","problems":[]}"#,
                #"{"error":"\"locale\" must be a string, a BCP 47 tag such as 'en' or 'pt-BR'"}"#,
                #"{"error":"\"timeZone\" must be a string, an IANA name such as 'Europe/Istanbul'"}"#,
            ])
    }

    @Test func oneValueFromTheCommandLine() throws {
        let cases: [([String], String)] = [
            (["--locale", "tr", "--relative", "-1", "--unit", "day", "--numeric", "auto"], "dün"),
            (["--locale", "de", "--relative", "-5", "--unit", "minute"], "vor 5 Minuten"),
            (["--locale", "es", "--list", "siete", "ocho", "--type", "disjunction"], "siete u ocho"),
            (["--locale", "ja", "--display-name", "en-GB"], "イギリス英語"),
            (["--locale", "tr", "--display-name", "en-GB"], "İngiliz İngilizcesi"),
            (["--locale", "fa", "--duration", "hours=1"], "۱ ساعت"),
            // ICU opens `iw` as `he` and `sh` as `sr-Latn`: their names and units, not root's.
            (["--locale", "iw", "--display-name", "en-GB"], "אנגלית (בריטניה)"),
            (["--locale", "iw", "--duration", "seconds=5"], "5 שניות"),
            (["--locale", "sh", "--duration", "seconds=5"], "5 sekundi"),
        ]
        for (arguments, expected) in cases {
            let result = try runProcess(binary, ["format"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(result.standardOutput == expected + "\n", "\(arguments)")
        }
    }

    @Test func badValueOptionsAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--relative", "-1", "--unit", "fortnight"], "Unknown relativeTime unit 'fortnight'"),
            (["--relative", "-1"], "--relative needs --unit"),
            (["--relative", "soon", "--unit", "day"], "--relative needs a finite decimal number"),
            (["--duration", "fortnights=2"], "Unknown duration field 'fortnights'"),
            (["--list", "a", "--duration", "hours=1"], "Give one of"),
            (["--unit", "day", "Hello"], "error: --unit applies to --relative only\n"),
            (["--type", "or", "Hello"], "error: --type applies to --list and --display-name\n"),
            (["--relative", "0x10", "--unit", "day"], "--relative needs a finite decimal number"),
            (["--relative", "inf", "--unit", "day"], "--relative needs a finite decimal number"),
            (["--relative", "1e400", "--unit", "day"], "--relative needs a finite decimal number"),
            (["--duration", "hours=1", "hours=2"], "Duration field 'hours' is given twice"),
            (["--jsonl", "--relative", "1", "--unit", "day"], "--relative formats one value from the command line"),
        ]
        for (arguments, message) in cases {
            let result = try runProcess(binary, ["format"] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardOutput == "", "\(arguments)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
    }

    /// A list is joined in one pass up to a documented cap, and one past it is that line's error.
    @Test func aListPastTheCapIsAnErrorAndOneAtItIsJoined() throws {
        func line(_ count: Int) -> String {
            let items = (0..<count).map { "\"i\($0)\"" }.joined(separator: ",")
            return #"{"locale":"en","list":{"items":[\#(items)]}}"#
        }
        // Through files: a megabyte each way would fill a pipe the other end is not yet reading.
        let cli = try CLIHarness()
        defer { cli.remove() }
        let input = cli.directory.appending("lists.jsonl")
        try Data((line(100_000) + "\n" + line(100_001) + "\n").utf8).write(to: URL(fileURLWithPath: input))
        let result = try cli.runShell(#""$WIDGET_I18N" format --jsonl < lists.jsonl > replies.jsonl"#)
        #expect(result.status == 0, "\(result.standardError)")
        let output = try String(contentsOfFile: cli.directory.appending("replies.jsonl"), encoding: .utf8)
        let replies = output.split(separator: "\n")
        #expect(replies.count == 2)
        #expect(replies[0].hasSuffix(#", i99998, and i99999"}"#))
        #expect(replies[1] == #"{"error":"list has 100001 items, more than the 100000 a widget's line could show"}"#)
    }
}
