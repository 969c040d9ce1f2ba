import Foundation
import TestSupport
import Testing

@Suite struct LocaleCommandTests {
    @Test func showsTheDetectedLocaleAndWhy() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "fr"])
        #expect(try cli.run(["locale"]).standardOutput == "en (default locale)\n")
        #expect(
            try cli.run(["locale"], environment: ["LANG": "fr_CA.UTF-8"]).standardOutput
                == "fr (preferred language 'fr-CA' of the environment)\n")
        try cli.run(["locale", "set", "fr"])
        #expect(try cli.run(["locale"]).standardOutput == "fr (stored locale 'fr')\n")
    }

    @Test func setWritesTheClosestCachedLocale() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "pt-br", "zh-hant"])
        let exact = try cli.run(["locale", "set", "pt_BR", "--offline"])
        #expect(exact.status == 0, "\(exact)")
        #expect(exact.standardOutput == "Locale set to pt-BR\n")
        #expect(try cli.run(["store", "get", "@better-i18n:locale:acme/widgets"]).standardOutput == "pt-br")
        let parent = try cli.run(["locale", "set", "zh-Hant-TW"])
        #expect(parent.standardOutput == "Locale set to zh-Hant (the closest available locale to 'zh-Hant-TW')\n")
        #expect(try cli.run(["store", "get", "@better-i18n:locale:acme/widgets"]).standardOutput == "zh-hant")
    }

    @Test func setRefusesALocaleWithoutMessagesAndChangesNothing() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "tr"])
        try cli.run(["locale", "set", "tr"])
        let before = snapshot(of: cli.groupDirectory)
        let result = try cli.run(["locale", "set", "ja", "--offline"])
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix("error: No cached messages for 'ja' or its parents in group container"))
        #expect(result.standardError.contains("(cached: en, tr); run 'widget-i18n fetch --locale ja' first"))
        #expect(snapshot(of: cli.groupDirectory) == before)
    }

    @Test func setRefusesALocaleWhoseMessagesAreCorrupt() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        try cli.run(
            ["store", "put", "@better-i18n:messages:acme/widgets:tr", "--no-validate"], input: Data("[1,2".utf8))
        let before = snapshot(of: cli.groupDirectory)
        let result = try cli.run(["locale", "set", "tr", "--offline"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("are unusable"))
        #expect(snapshot(of: cli.groupDirectory) == before)
    }

    @Test func listMarksTheDetectedLocale() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "tr"])
        try cli.run(["locale", "set", "tr"])
        let lines = try cli.run(["locale", "list"]).standardOutput.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(
            lines[0].hasPrefix(
                "  en        English                 English               32 messages    1.6 KB    stored "))
        #expect(
            lines[1].hasPrefix(
                "* tr        Turkish                 Türkçe                30 messages    1.5 KB    fetched "))
        #expect(lines[2] == "  de        German                  Deutsch               not cached")
    }

    @Test func listShowsOnlyCachedLocalesWithoutAManifest() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "tr"])
        try cli.run(["locale", "set", "tr", "--offline"])
        let lines = try cli.run(["locale", "list"]).standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("  en        32 messages"))
        #expect(lines[1].hasPrefix("* tr        30 messages"))
    }

    /// The Expo package's own cache (`@better-i18n/expo`, `src/storage.ts`) is listed, and said to be its.
    @Test func listSaysWhichLocalesCameFromTheExpoCache() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        let put = { (key: String, value: String) throws in
            #expect(try cli.run(["store", "put", key], input: Data(value.utf8)).status == 0)
        }
        try put("@better-i18n:acme/widgets:pt-BR:translations", #"{"today":{"title":"Hoje"}}"#)
        try put("@better-i18n:acme/widgets:pt-BR:meta", #"{"cachedAt":\#(Int(Date().timeIntervalSince1970 * 1000))}"#)
        let lines = try cli.run(["locale", "list"]).standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("* en        32 messages"))
        #expect(lines[1].hasPrefix("  pt-BR     1 messages"))
        #expect(lines[1].contains("Expo cache, cached "))
        #expect(try cli.run(["t", "today.title", "--locale", "pt-BR"]).standardOutput == "Hoje\n")
        let list = try cli.run(["store", "list"]).standardOutput
        #expect(list.contains("@better-i18n:acme/widgets:pt-BR:translations\t26\t"))
        #expect(list.contains("\tmessages (Expo package cache)\n"))
        #expect(list.contains("\tExpo package cache time\n"))
    }

    @Test func unknownSubcommandIsAUsageError() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let result = try cli.run(["locale", "frobnicate"])
        #expect(result.status == 64)
        #expect(
            result.standardError
                == "error: Unknown subcommand 'locale frobnicate'; use 'locale set <tag>' or 'locale list'\n")
    }
}

/// One spelling of a locale for people (`zh-Hant`), whichever command prints it: `check` printed `zh-Hant` where
/// `status` printed `zh-hant`.
@Suite struct LocaleDisplayFormTests {
    @Test func everyCommandSpellsALocaleOneWay() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let fetched = try cli.run(["fetch", "--locale", "zh-hant", "--locale", "pt_BR"])
        #expect(fetched.status == 0, "\(fetched)")
        let outputs = [
            "fetch": fetched.standardOutput,
            "status": try cli.run(["status"]).standardOutput,
            "check": try cli.run(["check"]).standardOutput,
            "locale list": try cli.run(["locale", "list"]).standardOutput,
            "t --explain": try cli.run(["t", "today.title", "--locale", "zh-Hant-TW", "--explain"]).standardOutput,
        ]
        for (command, text) in outputs {
            // Store keys keep their own spelling (`@better-i18n:messages:acme/widgets:zh-hant`): they are keys.
            let output = text.replacing(/@better-i18n:[^' ]*/, with: "KEY")
            #expect(output.contains("zh-Hant"), "\(command): \(output)")
            #expect(!output.contains("zh-hant"), "\(command): \(output)")
        }
        for command in ["fetch", "status", "check", "locale list"] {
            let output = outputs[command]!.replacing(/@better-i18n:[^' ]*/, with: "KEY")
            #expect(output.contains("pt-BR") && !output.contains("pt-br"), "\(command): \(output)")
        }
    }
}
