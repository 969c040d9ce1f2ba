import Foundation
import TestSupport
import Testing

@Suite struct FormatCommandTests {
    let binary = Repository.product("widget-i18n")

    @Test func formatsWithTheLocalesRules() throws {
        let result = try runProcess(
            binary,
            [
                "format", "--locale", "pl", "{n, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}",
                "n=22",
            ])
        #expect(result.status == 0)
        #expect(result.standardOutput == "22 pliki\n")
        #expect(result.standardError == "")
    }

    @Test func parseErrorsShowACaret() throws {
        let result = try runProcess(binary, ["format", "--locale", "en", "You have {n, plural, one {# item}}", "n=1"])
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError == """
                error: Missing 'other' clause in plural at 1:10
                  You have {n, plural, one {# item}}
                           ^

                """)
    }

    @Test func missingArgumentsFail() throws {
        let result = try runProcess(binary, ["format", "--locale", "en", "Hello {name}"])
        #expect(result.status == 1)
        #expect(result.standardOutput == "Hello {name}\n")
        #expect(result.standardError == "error: Missing argument 'name'; pass it as name=VALUE\n")
    }

    @Test func jsonLinesInOrder() throws {
        let input = """
            {"locale": "ar", "message": "{n, plural, zero {لا شيء} one {واحد} two {اثنان} few {# قليل} many {# كثير} other {# آخر}}", "args": {"n": 3}}
            {"locale": "en", "message": "{n, plural, one {# day}}", "args": {"n": 1}}
            not json
            [1, 2]
            {"locale": "en", "message": "{n}", "args": {"n": 1e400}}
            {"locale": "../x", "message": "hi"}
            {"locale": "de", "message": "Hallo {name}", "args": {}}
            {"locale": "fr", "message": "{n, number}", "args": {"n": 1234.5}}

            """
        let result = try runProcess(binary, ["format", "--jsonl"], input: Data(input.utf8))
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"output":"3 قليل"}"#,
                #"{"error":"Missing 'other' clause in plural at 1:1"}"#,
                #"{"error":"Not JSON: expected an object {\"locale\", \"message\", \"args\"} on one line"}"#,
                #"{"error":"Not a JSON object: expected {\"locale\", \"message\", \"args\"}"}"#,
                // Before, "Not a JSON object": the line is JSON, with a number no double holds.
                #"{"error":"The number 1e400 is past what a double holds (±1.8e308)"}"#,
                #"{"error":"Invalid locale '../x'; use a BCP 47 tag such as 'en' or 'pt-BR'"}"#,
                #"{"error":"Missing argument 'name'; pass it as name=VALUE"}"#,
                "{\"output\":\"1\u{202F}234,5\"}",
            ])
    }

    /// `--lenient` formats each line as the single-message form and a widget do: what the strict stream
    /// reports as an error comes back as the text with the problem visible, and every problem is listed.
    @Test func lenientJSONLinesKeepTheTextAndListTheProblems() throws {
        let input = """
            {"locale": "en", "message": "Hello, {name}!"}
            {"locale": "en", "message": "{n, plural, one {# day}}", "args": {"n": 1}}
            {"locale": "tr", "message": "{count, plural, one {# etkinlik} other {# etkinlik}} bugün"}
            {"locale": "de", "message": "Heute"}
            {"locale": "../x", "message": "hi"}

            """
        let result = try runProcess(binary, ["format", "--jsonl", "--lenient"], input: Data(input.utf8))
        #expect(result.status == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"output":"Hello, {name}!","problems":["Missing argument 'name'; pass it as name=VALUE"]}"#,
                #"{"output":"{n, plural, one {# day}}","problems":["Missing 'other' clause in plural at 1:1"]}"#,
                #"{"output":"{count} bugün","problems":["Missing argument 'count'; pass it as count=VALUE"]}"#,
                #"{"output":"Heute","problems":[]}"#,
                #"{"error":"Invalid locale '../x'; use a BCP 47 tag such as 'en' or 'pt-BR'"}"#,
            ])
        // The text is what the single-message form prints, which exits 1 for the problem.
        let single = try runProcess(binary, ["format", "--locale", "en", "Hello, {name}!"])
        #expect(single.status == 1)
        #expect(single.standardOutput == "Hello, {name}!\n")
    }

    /// A date past what any calendar here can show (1e22 ms) is a per-message error, never a trap: on the
    /// command line, and in a stream where the lines around it still format.
    @Test func aDateOutOfRangeIsAnErrorNotATrap() throws {
        let single = try runProcess(binary, ["format", "--locale", "en", "{n, date, short}", "n=1e22"])
        #expect(single.status == 1, "\(single)")
        #expect(single.standardOutput == "{n}\n")
        #expect(single.standardError.contains("a date within 100,000,000 days of 1970"), "\(single)")
        let input = """
            {"locale": "en", "message": "{n, date, short}", "args": {"n": 1e22}}
            {"locale": "en", "message": "{n, time, short}", "args": {"n": -1e308}}
            {"locale": "en", "message": "{n, number}", "args": {"n": 1e308}}
            {"locale": "en", "message": "{n, date, ::y}", "args": {"n": 0}}

            """
        let stream = try runProcess(
            binary, ["format", "--jsonl", "--time-zone", "UTC"], input: Data(input.utf8))
        #expect(stream.status == 0, "\(stream)")
        let lines = stream.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(stream)")
        #expect(lines.prefix(2).allSatisfy { $0.hasPrefix(#"{"error":"#) && $0.contains("100,000,000 days") })
        #expect(lines.dropFirst(2).first?.hasPrefix(#"{"output":"1"#) == true, "\(stream)")
        #expect(lines.last == #"{"output":"1970"}"#)
    }

    @Test(arguments: [
        (
            ["format"],
            "error: Missing the message; e.g. widget-i18n format --locale en '{n, plural, one {# day} other {# days}}' n=2\n"
        ),
        (["format", "--jsonl", "x"], "error: --jsonl reads messages from stdin; pass no message\n"),
        (["format", "--lenient", "--locale", "en", "x"], "error: --lenient applies to --jsonl only\n"),
        (
            ["format", "--time-zone", "Mars/Olympus", "x"],
            "error: Unknown time zone 'Mars/Olympus'; use an IANA name such as 'Europe/Istanbul' or 'UTC'\n"
        ),
        (
            ["format", "--locale", "!!", "x"],
            "error: Invalid locale '!!': '!!' is not a valid subtag here; use a BCP 47 tag such as 'en', 'pt-BR' or 'zh-Hant-TW'\n"
        ),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let result = try runProcess(binary, arguments)
        #expect(result.status == 64)
        #expect(result.standardError == message)
    }
}

@Suite struct CheckCommandTests {
    @Test func theSampleLocalesAreClean() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run(["fetch", "--all", "--quiet"]).status == 0)
        let result = try cli.run(["check"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.split(separator: "\n").count == 10)
        #expect(result.standardOutput.contains("ru: 30 messages, 0 problems\n"))
    }

    @Test func reportsSyntaxErrorsAndArgumentDrift() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        let broken =
            #"{"today": {"greeting": "Merhaba {isim}!", "events": "{count, plural, one {# etkinlik}}", "title": "Bugün"}}"#
        try cli.run(["store", "put", "@better-i18n:messages:acme/widgets:tr"], input: Data(broken.utf8))
        let before = snapshot(of: cli.groupDirectory)
        let result = try cli.run(["check", "--locale", "tr"])
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                tr today.greeting: missing argument {name} that 'en' uses
                tr today.greeting: argument {isim} that 'en' does not use
                tr today.events: Missing 'other' clause in plural at 1:1
                tr: 3 messages, 3 problems

                """)
        #expect(result.standardError == "error: 3 problems found\n")
        #expect(snapshot(of: cli.groupDirectory) == before)
    }

    /// A zone field ICU prints as nothing (`vv`) in a date pattern is a mistake with its position; a quoted one is
    /// text, and the fields ICU formats are fine.
    @Test func reportsUnknownZoneFieldsWithTheirPosition() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        let messages =
            #"{"today": {"updated": "{time, time, HH:mm vv} güncellendi", "title": "Bugün {time, time, ::jmzzzz}", "#
            + #""nextUp": "'vv' {time, date, 'vv' VVVV}"}}"#
        try cli.run(["store", "put", "@better-i18n:messages:acme/widgets:tr"], input: Data(messages.utf8))
        let result = try cli.run(["check", "--locale", "tr"])
        #expect(result.status == 1)
        let lines: [String] = result.standardOutput.split(separator: "\n").map(String.init)
        let problem =
            "tr today.updated: Unknown time zone field 'vv': expected z to zzzz, Z to ZZZZZ, O or OOOO, v or vvvv, "
            + "V to VVVV, X to XXXXX, or x to xxxxx at 1:20"
        #expect(lines.filter { !$0.contains("does not use") } == [problem, "tr: 3 messages, 3 problems"])
    }
}

/// `format --syntax mf2` and `check` of a bundle that declares MessageFormat 2.
@Suite struct MessageFormat2CommandTests {
    let binary = Repository.product("widget-i18n")

    @Test func formatsOneMessageAndNamesEachErrorByType() throws {
        let plural = try runProcess(
            binary,
            [
                "format", "--syntax", "mf2", "--locale", "pl",
                ".input {$n :integer} .match $n few {{{$n} pliki}} * {{{$n} plików}}", "n=22",
            ])
        #expect(plural.status == 0)
        #expect(plural.standardOutput == "22 pliki\n")
        let missing = try runProcess(binary, ["format", "--syntax", "mf2", "--locale", "en", "Hi {$name :number}!"])
        #expect(missing.status == 1)
        #expect(missing.standardOutput == "Hi \u{2068}{$name}\u{2069}!\n")
        #expect(
            missing.standardError
                == "error: unresolved-variable: No value for '$name'; pass it as an argument\n"
                + "error: bad-operand: ':number' has no operand: '$name' has no value\n")
        let broken = try runProcess(binary, ["format", "--syntax", "mf2", "--locale", "en", "Hi {$name"])
        #expect(broken.status == 1)
        #expect(broken.standardOutput == "{\u{FFFD}}\n")
        #expect(
            broken.standardError == """
                error: syntax-error: Expected '}', found the end of the message at 1:10
                  Hi {$name
                           ^

                """)
    }

    @Test func jsonLinesHaveAnOutputAndTheirErrorsInOrder() throws {
        let input = """
            {"locale": "en", "message": "{$x :percent}", "args": {"x": 0.5}}
            {"locale": "ar", "message": "أهلاً {$x}", "args": {"x": "w"}}
            {"locale": "ar", "message": "أهلاً {$x}", "args": {"x": "w"}, "bidiIsolation": "none"}
            {"locale": "en", "message": ".match $x * {{a}}"}
            {"locale": "en", "message": "{42 :number @a} {$n}", "args": {}, "bidiIsolation": "sideways"}
            not json

            """
        let result = try runProcess(
            binary, ["format", "--syntax", "mf2", "--jsonl", "--draft-functions"], input: Data(input.utf8))
        #expect(result.status == 0)
        #expect(
            result.standardOutput.split(separator: "\n").map(String.init) == [
                #"{"errors":[],"output":"50%"}"#,
                #"{"errors":[],"output":"أهلاً \#u{2068}w\#u{2069}"}"#,
                #"{"errors":[],"output":"أهلاً w"}"#,
                #"{"errors":[{"message":"Selector '$x' needs a function, such as '.input {$x :number}'","type":"missing-selector-annotation"}],"output":"{\#u{FFFD}}"}"#,
                #"{"error":"\"bidiIsolation\" is \"default\" or \"none\""}"#,
                #"{"error":"Not JSON: expected an object {\"locale\", \"message\", \"args\", \"bidiIsolation\"} on one line"}"#,
            ])
        let icu = try runProcess(binary, ["format", "--draft-functions", "--locale", "en", "hi"])
        #expect(icu.status == 64)
        #expect(icu.standardError.contains("--draft-functions applies to --syntax mf2"))
    }

    /// The functions LDML 48 marks Draft exist only with --draft-functions: without it `:percent` is unknown, and
    /// the placeholder shows its fallback.
    @Test func draftFunctionsAreOnlyThereWhenAskedFor() throws {
        let message = "{$x :percent} {$x :number}"
        let stable = try runProcess(binary, ["format", "--syntax", "mf2", "--locale", "en", message, "x=0.5"])
        #expect(stable.status == 1)
        // A fallback is a placeholder of unknown direction: isolated, by the default bidi strategy.
        #expect(stable.standardOutput == "\u{2068}{$x}\u{2069} 0.5\n")
        #expect(stable.standardError.contains("unknown-function: Unknown function ':percent'"))
        let draft = try runProcess(
            binary, ["format", "--syntax", "mf2", "--draft-functions", "--locale", "en", message, "x=0.5"])
        #expect(draft.status == 0)
        #expect(draft.standardOutput == "50% 0.5\n")
    }

    /// Pseudo-locales and String Catalogs are made from ICU MessageFormat: an MF2 bundle is refused, clearly.
    @Test func pseudoAndCatalogExportRefuseMF2Bundles() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        let messages = #"{"$messageFormat": "2", "today": {"title": "Bugün {$n :number}"}}"#
        try cli.run(["store", "put", "@better-i18n:messages:acme/widgets:tr"], input: Data(messages.utf8))
        let pseudo = try cli.run(["pseudo", "--from", "tr"])
        #expect(pseudo.status == 1)
        #expect(pseudo.standardError.contains("'tr' declares MessageFormat 2"), "\(pseudo)")
        let export = try cli.run(["catalog", "export", "--keys", "today.title", "--locale", "en", "--locale", "tr"])
        #expect(export.status == 1, "\(export)")
        #expect(export.standardError.contains("today.title (tr): is MessageFormat 2"), "\(export)")
        #expect(export.standardOutput.contains("\"en\" : {"))
        #expect(!export.standardOutput.contains("$messageFormat"))
    }

    @Test func checkReadsADeclaredBundleAsMF2() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        let messages =
            #"{"$messageFormat": "2", "today": {"title": "Bugün", "greeting": "Merhaba {$isim}", "#
            + #""events": ".input {$count :number} .match $count one {{bir}}"}}"#
        try cli.run(["store", "put", "@better-i18n:messages:acme/widgets:tr"], input: Data(messages.utf8))
        let result = try cli.run(["check", "--locale", "tr"])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("tr today.greeting: argument {isim} that 'en' does not use"))
        #expect(
            lines.contains { $0.hasPrefix("tr today.events: missing-fallback-variant: No variant has only '*' keys") })
        #expect(!lines.contains { $0.contains("today.title:") })
        let forced = try cli.run(["check", "--locale", "tr", "--syntax", "icu"])
        #expect(forced.standardOutput.contains("tr today.greeting: argument {isim}") == false)
    }
}
