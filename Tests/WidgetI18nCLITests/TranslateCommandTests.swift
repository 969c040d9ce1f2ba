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
                  1. locale tr: no such key
                  2. default locale en: found

                """)
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
            "error: Invalid project 'acme': use 'org/project' (e.g. 'acme/widgets') or a project UUID (e.g. '3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f')\n"
        ),
        (["t", "k", "--bogus"], "error: Unknown option '--bogus' for 'widget-i18n t'; see 'widget-i18n t --help'\n"),
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
