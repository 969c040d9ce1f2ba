import Foundation
import TestSupport
import Testing

@Suite struct TranslateCommandTests {
    @Test func resolvesInTheStoredLocale() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "tr", "de"])
        try cli.run(["locale", "set", "tr", "--offline"])
        let result = try cli.run(["t", "today.greeting", "name=Ayşe"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "Merhaba Ayşe!\n")
        #expect(result.standardError == "")
    }

    /// `--attributed` prints the runs SwiftUI's `Text` gets, as JSON lines: tags as attributes, an argument's
    /// markup as text; the store is as it was.
    @Test func attributedPrintsTheRunsAsJSONLines() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.run(
            ["store", "put", "@better-i18n:messages:acme/widgets:en"],
            input: Data(#"{"rich": "Hi <b>{name}</b>, <a href=\"https://e.org\">read</a> <i>this</i>"}"#.utf8))
        let before = try cli.run(["store", "get", "@better-i18n:messages:acme/widgets:en"]).standardOutput
        let result = try cli.run(["t", "rich", "name=<b>Eve</b>", "--attributed"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.standardOutput == """
                {"attributes":{},"text":"Hi "}
                {"attributes":{"inlinePresentationIntent":["stronglyEmphasized"]},"text":"<b>Eve</b>"}
                {"attributes":{},"text":", "}
                {"attributes":{"link":"https://e.org"},"text":"read"}
                {"attributes":{},"text":" "}
                {"attributes":{"inlinePresentationIntent":["emphasized"]},"text":"this"}

                """)
        #expect(try cli.run(["store", "get", "@better-i18n:messages:acme/widgets:en"]).standardOutput == before)
    }

    /// `--message` resolves a `LocalizedMessage`'s JSON as a widget does: its locale, its default, a number's
    /// decimal text, a nested message; what is not a message is a usage error naming where.
    @Test func messageResolvesTheJSONAWidgetCarries() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "tr"])
        try cli.run(["locale", "set", "tr", "--offline"])
        let simplest = try cli.run(["t", "--message", #"{"key": "today.greeting", "arguments": {"name": "Ayşe"}}"#])
        #expect(simplest.status == 0, "\(simplest)")
        #expect(simplest.standardOutput == "Merhaba Ayşe!\n")
        let english = try cli.run([
            "t", "--message",
            #"{"key": "today.greeting", "locale": "en", "arguments": {"name": {"message": {"key": "today.title"}}}}"#,
        ])
        #expect(english.standardOutput == "Hello, Today!\n", "\(english)")
        let missing = try cli.run(["t", "--message", #"{"key": "nope", "default": "Soon"}"#])
        #expect(missing.status == 1, "\(missing)")
        #expect(missing.standardOutput == "Soon\n", "\(missing)")
        for (json, expected) in [
            (#"{"key": 3}"#, "error: --message is not a message: key: "),
            (#"{"key": "k", "arguments": {"a": [1]}}"#, "error: --message is not a message: arguments.a: "),
            ("today.title", "error: --message is not a message: The given data was not valid JSON"),
        ] {
            let result = try cli.run(["t", "--message", json])
            #expect(result.status == 64, "\(json): \(result)")
            #expect(result.standardError.hasPrefix(expected), "\(json): \(result)")
        }
        let both = try cli.run(["t", "today.title", "--message", #"{"key": "today.title"}"#])
        #expect(both.status == 64, "\(both)")
    }

    @Test func fallsBackAndExplains() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "tr"])
        try cli.run(["locale", "set", "tr"])
        let result = try cli.run(["t", "today.tip", "--explain"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.standardOutput == """
                Tip: tap an event to open it in the app
                locale: tr (stored locale 'tr')
                  1. locale tr: no such key [the locale asked for]
                  2. default locale en: found [the default locale]
                from: '@better-i18n:messages:acme/widgets:en' in group container '\(cli.groupDirectory)' (messages key, no recorded time)

                """)
        // A copy the fetcher timed says when.
        try cli.run(["fetch", "--locale", "en"])
        let fetched = try cli.run(["t", "today.tip", "--explain"])
        // The age itself depends on the clock: "written 0 s ago", or 1 s on a slow machine.
        let from = try #require(fetched.standardOutput.split(separator: "\n").last.map(String.init))
        #expect(
            from.hasPrefix(
                "from: '@better-i18n:messages:acme/widgets:en' in group container '\(cli.groupDirectory)' "
                    + "(messages key, written "), "\(fetched.standardOutput)")
        #expect(from.hasSuffix(" s ago)"), "\(from)")
    }

    @Test func flatAndMixedBundlesResolveLikeNestedOnes() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "de", "ja"])
        #expect(
            try cli.run(["t", "daysSince.empty.title", "--locale", "de"]).standardOutput == "Noch keine Ereignisse\n")
        #expect(try cli.run(["t", "daysSince.empty.title", "--locale", "ja"]).standardOutput == "まだイベントがありません\n")
        #expect(try cli.run(["t", "daysSince.title", "--locale", "ja"]).standardOutput == "経過日数\n")
    }

    @Test func aMissingKeyShowsTheKeyAndFails() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        let result = try cli.run(["t", "widget.legacy"])
        #expect(result.status == 1)
        #expect(result.standardOutput == "widget.legacy\n")
        #expect(result.standardError == "error: No message for 'widget.legacy' in 'en'; showed the key\n")
        let withDefault = try cli.run(["t", "widget.legacy", "--default", "Weather"])
        #expect(withDefault.status == 1)
        #expect(withDefault.standardOutput == "Weather\n")
        #expect(withDefault.standardError.contains("showed the default text"))
    }

    @Test func bundledMessagesAnswerWhenTheStoreIsEmpty() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let result = try cli.run(["t", "today.title", "--bundled", Repository.sampleProjectLocales, "--explain"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.hasPrefix("Today\n"))
        #expect(result.standardOutput.contains("bundled en: found"))
    }

    @Test func aCorruptBundleWarnsAndFallsBackWithoutChangingTheStore() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        try cli.run(
            ["store", "put", "@better-i18n:messages:acme/widgets:tr", "--no-validate"], input: Data("{\"today\":".utf8))
        try cli.run(["store", "put", "@better-i18n:locale:acme/widgets"], input: Data("tr".utf8))
        let before = snapshot(of: cli.groupDirectory)
        let result = try cli.run(["t", "today.title"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "Today\n")
        #expect(result.standardError.hasPrefix("warning: The cached messages for 'tr' in group container"))
        #expect(result.standardError.contains("widget-i18n fetch --locale tr --force"))
        #expect(snapshot(of: cli.groupDirectory) == before)
    }

    @Test func missingArgumentsStayVisibleWithAWarning() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        let result = try cli.run(["t", "today.greeting"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "Hello, {name}!\n")
        #expect(
            result.standardError == "warning: In 'today.greeting': Missing argument 'name'; pass it as name=VALUE\n")
    }

    /// `t --jsonl` answers each line as `t KEY` would, with one translator: the locale of the line, else
    /// `--locale`, else the detected one; the step that answered; the formatter's problems; and `{"error"}` for
    /// a line that is not a request, without stopping the stream.
    @Test func jsonLinesResolveEachKeyAsTDoes() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "tr", "de"])
        try cli.run(["locale", "set", "tr", "--offline"])
        let input = """
            {"key": "today.greeting", "args": {"name": "Ayşe"}}
            {"key": "today.events", "locale": "de", "args": {"count": 1}}
            {"key": "today.tip"}
            {"key": "today.greeting"}
            {"key": "widget.legacy", "default": "Weather"}
            {"key": "widget.legacy"}

            not json
            {"locale": "tr"}
            {"key": "today.title", "locale": "../x"}
            {"key": "today.title", "locale": 7}
            {"key": "today.title", "locale": "pt_BR"}

            """
        let result = try cli.run(["t", "--jsonl"], input: Data(input.utf8))
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError == "")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"locale":"tr","output":"Merhaba Ayşe!","problems":[],"step":"locale tr"}"#,
                #"{"locale":"de","output":"1 Termin heute","problems":[],"step":"locale de"}"#,
                #"{"locale":"tr","output":"Tip: tap an event to open it in the app","problems":[],"step":"default locale en"}"#,
                #"{"locale":"tr","output":"Merhaba {name}!","problems":["Missing argument 'name'; pass it as name=VALUE"],"step":"locale tr"}"#,
                #"{"locale":"tr","output":"Weather","problems":[],"step":"caller's default text"}"#,
                #"{"locale":"tr","output":"widget.legacy","problems":[],"step":"the key itself"}"#,
                #"{"error":"Not JSON: expected an object {\"key\", \"locale\", \"args\"} on one line"}"#,
                #"{"error":"Missing \"key\" (a non-empty string)"}"#,
                #"{"error":"Invalid locale '../x': '../x' is not a valid subtag here; use a BCP 47 tag such as 'en', 'pt-BR' or 'zh-Hant-TW'"}"#,
                #"{"error":"\"locale\" must be a string, such as \"pt-BR\""}"#,
                #"{"locale":"pt-br","output":"Today","problems":[],"step":"default locale en"}"#,
            ])
        // The same keys one process each: what a batch answers is what `t` prints.
        #expect(try cli.run(["t", "today.greeting", "name=Ayşe"]).standardOutput == "Merhaba Ayşe!\n")
        #expect(try cli.run(["t", "today.events", "count=1", "--locale", "de"]).standardOutput == "1 Termin heute\n")
    }

    @Test func jsonLinesTakeLocaleAndDefaultFromTheOptions() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "de"])
        let input = #"{"key": "today.title"}"# + "\n" + #"{"key": "nope"}"# + "\n"
        let result = try cli.run(["t", "--jsonl", "--locale", "de", "--default", "—"], input: Data(input.utf8))
        #expect(result.status == 0, "\(result)")
        #expect(
            result.standardOutput == """
                {"locale":"de","output":"Heute","problems":[],"step":"locale de"}
                {"locale":"de","output":"—","problems":[],"step":"caller's default text"}

                """)
    }

    @Test func jsonLinesReportStoreProblemsOnceAtTheEnd() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        try cli.run(
            ["store", "put", "@better-i18n:messages:acme/widgets:tr", "--no-validate"], input: Data("{\"today\":".utf8))
        let input = """
            {"key": "today.title", "locale": "tr"}
            {"key": "today.empty", "locale": "tr"}

            """
        let result = try cli.run(["t", "--jsonl"], input: Data(input.utf8))
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.split(separator: "\n").count == 2)
        #expect(result.standardOutput.contains(#""output":"Today""#))
        #expect(result.standardOutput.contains(#""step":"default locale en""#))
        let warnings = result.standardError.split(separator: "\n")
        #expect(warnings.count == 1, "\(result)")
        #expect(warnings.first?.hasPrefix("warning: The cached messages for 'tr' in group container") == true)
    }

    @Test(arguments: [
        (["t"], "error: Missing the message key; e.g. 'widget-i18n t today.title'\n"),
        (
            ["t", "k", "--locale", "../../etc"],
            "error: Invalid locale '../../etc': '../../etc' is not a valid subtag here; use a BCP 47 tag such as 'en', 'pt-BR' or 'zh-Hant-TW'\n"
        ),
        (
            ["t", "k", "notapair"],
            "error: Expected an argument as name=value, got 'notapair'; see 'widget-i18n t --help'\n"
        ),
        (
            ["t", "k", "--project", "acme"],
            "error: Invalid project 'acme': use 'org/project' (e.g. 'acme/widgets', the two at most 137 characters "
                + "together) or a project UUID (e.g. '3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f')\n"
        ),
        (["t", "k", "--bogus"], "error: Unknown option '--bogus' for 'widget-i18n t'; see 'widget-i18n t --help'\n"),
        (["t", "k", "--jsonl"], "error: --jsonl reads keys from stdin; pass no key\n"),
        (
            ["t", "--jsonl", "--explain"],
            "error: --explain shows one key's chain; with --jsonl each reply names the step that answered\n"
        ),
    ])
    func rejectsBadInputWithUsageErrors(_ arguments: [String], _ message: String) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        let before = snapshot(of: cli.groupDirectory)
        let result = try cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardOutput == "")
        #expect(result.standardError == message)
        #expect(snapshot(of: cli.groupDirectory) == before)
    }
}
