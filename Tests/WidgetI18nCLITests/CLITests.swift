import Foundation
import TestSupport
import Testing

@Suite struct CLITests {
    @Test func helpAndVersion() throws {
        let binary = Repository.product("widget-i18n")
        let overview = try runProcess(binary, ["--help"])
        #expect(overview.status == 0)
        #expect(overview.standardOutput.hasPrefix("OVERVIEW: Carry an app's language"))
        for command in [
            "t", "locale", "locale set", "locale list", "store list", "store get", "store put", "store rm", "status",
        ] {
            let help = try runProcess(binary, command.split(separator: " ").map(String.init) + ["--help"])
            #expect(help.status == 0, "\(command)")
            #expect(help.standardOutput.contains("USAGE: widget-i18n \(command)"), "\(command)")
            #expect(help.standardOutput.contains("--project ORG/PROJECT"), "\(command)")
        }
        let version = try runProcess(binary, ["--version"])
        #expect(version.standardOutput.hasPrefix("widget-i18n "))
    }

    @Test func unknownCommandIsAUsageError() throws {
        let result = try runProcess(Repository.product("widget-i18n"), ["frobnicate"])
        #expect(result.status == 64)
        #expect(
            result.standardError
                == "error: Unknown command 'frobnicate'; run 'widget-i18n --help' to see the commands\n")
    }

    @Test func flagsWinOverEnvironmentWhichWinsOverTheFile() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "de", "fr", "tr"])
        let configuration = #"{"defaultLocale": "de", "project": "acme/widgets"}"#
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: cli.directory.appending("widget-i18n.json")))
        #expect(try cli.run(["locale"]).standardOutput == "de (default locale)\n")
        #expect(
            try cli.run(["locale"], environment: ["WIDGET_I18N_DEFAULT_LOCALE": "fr"]).standardOutput
                == "fr (default locale)\n")
        #expect(
            try cli.run(["locale", "--default-locale", "tr"], environment: ["WIDGET_I18N_DEFAULT_LOCALE": "fr"])
                .standardOutput == "tr (default locale)\n")
    }

    @Test(arguments: [
        ("{not json", "error: widget-i18n.json is not valid JSON; fix it or remove it"),
        ("[1]", "error: widget-i18n.json must hold a JSON object"),
        (
            #"{"projekt": "acme/widgets"}"#,
            "error: Unknown setting 'projekt' in widget-i18n.json; known settings: allowedOrigins, cdn, defaultLocale, group, groupDir, httpClient, namespaces, project, suite, suitePlist"
        ),
        (#"{"project": 3}"#, "error: Setting 'project' in widget-i18n.json must be a string"),
        (#"{"defaultLocale": "english language"}"#, "error: Invalid locale 'english language'"),
    ])
    func aBadConfigurationFileIsExplained(_ contents: String, _ message: String) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try Data(contents.utf8).write(to: URL(fileURLWithPath: cli.directory.appending("widget-i18n.json")))
        let result = try cli.run(["locale"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
    }

    @Test func statusDescribesTheStore() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "ar"])
        try cli.run(["locale", "set", "ar"])
        let result = try cli.run(["status"])
        #expect(result.status == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines[0] == "project          acme/widgets")
        #expect(lines[2] == "container        \(cli.groupDirectory)")
        #expect(lines[3] == "stored locale    ar")
        #expect(lines[4] == "detected locale  ar (stored locale 'ar')")
        #expect(lines[6] == "cdn              \(URL(fileURLWithPath: Repository.root + "/Locales").absoluteString)")
        #expect(lines[7].hasPrefix("manifest         10 languages, version 2026-11-29T00:00:00Z, fetched "))
        #expect(lines[8].hasPrefix("reload request   locale changed to ar ("))
        #expect(lines[9] == "cached locales   2")
        #expect(lines[10].hasPrefix("  * ar        30 messages    2.1 KB    fetched "))
        #expect(lines[11].hasPrefix("    en        32 messages    1.6 KB    stored "))
    }

    /// Without --group-dir the store is the App Group as a widget reads it: the container and, beside it, the
    /// group's suite; a locale only the suite holds is listed as the suite's.
    @Test func statusNamesBothPlacesOfAnAppGroup() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let environment = [
            "WIDGET_I18N_GROUP_DIR": "", "XDG_DATA_HOME": cli.directory.appending("data"),
            "XDG_CONFIG_HOME": cli.directory.appending("config"),
        ]
        let file = Repository.sampleProjectLocales + "/de/translations.json"
        #expect(
            try cli.run(
                [
                    "store", "put", "@better-i18n:messages:acme/widgets:de", "--file", file, "--suite",
                    "group.acme.widgets",
                ],
                environment: environment
            ).status == 0)
        #expect(try cli.run(["fetch", "--locale", "en"], environment: environment).status == 0)
        let result = try cli.run(["status"], environment: environment)
        #expect(result.status == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines[1] == "group            group.acme.widgets")
        #expect(lines[2] == "container        \(cli.directory.appending("data"))/widget-i18n/groups/group.acme.widgets")
        #expect(lines[3].hasPrefix("suite            'group.acme.widgets', "))
        #expect(
            lines.contains { $0.hasPrefix("    de ") && $0.hasSuffix("(user defaults suite 'group.acme.widgets')") })
        #expect(lines.contains { $0.hasPrefix("  * en ") && $0.contains("(group 'group.acme.widgets')") })
        #expect(
            try cli.run(["t", "today.title", "--locale", "de"], environment: environment).standardOutput == "Heute\n")
    }

    /// A forgotten value never swallows the next flag: `store put mykey --group-dir --no-validate` made a
    /// directory `./--no-validate/`, and `t nokey --default --explain` printed `--explain`.
    @Test(arguments: [
        (
            ["store", "put", "mykey", "--group-dir", "--no-validate"], "--group-dir", "DIR", "--no-validate",
            "store put"
        ),
        (
            ["--group-dir", "--no-validate", "store", "put", "mykey"], "--group-dir", "DIR", "--no-validate",
            "store put"
        ),
        (["t", "nokey", "--default", "--explain"], "--default", "TEXT", "--explain", "t"),
        (["t", "nokey", "--locale", "-h"], "--locale", "LOCALE", "-h", "t"),
    ])
    func anOptionWithoutItsValueIsAUsageError(
        _ arguments: [String], _ option: String, _ valueName: String, _ value: String, _ command: String
    ) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let result = try cli.run(arguments, input: Data("value".utf8))
        #expect(result.status == 64, "\(result)")
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "error: Option '\(option)' needs a value (\(valueName)), but '\(value)' is an option; write "
                + "'\(option)=\(value)' if that is the value; see 'widget-i18n \(command) --help'\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).isEmpty)
    }

    /// `--opt=--value` says it on purpose.
    @Test func aValueThatLooksLikeAnOptionIsWrittenWithAnEqualsSign() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let put = try cli.run(["store", "put", "mykey", "--group-dir=--odd-dir"], input: Data("value".utf8))
        #expect(put.status == 0, "\(put)")
        #expect(FileManager.default.contents(atPath: cli.directory.appending("--odd-dir/mykey")) == Data("value".utf8))
        try cli.seedSampleLocales(["en"])
        let translated = try cli.run(["t", "nokey", "--default=--explain"])
        #expect(translated.status == 1)
        #expect(translated.standardOutput == "--explain\n")
    }

    @Test func statusNeedsAProject() throws {
        let result = try runProcess(Repository.product("widget-i18n"), ["status", "--group-dir", "/tmp/x"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("error: No project given; pass --project ORG/PROJECT"))
    }
}

/// A newcomer's first commands (issue 33): every group answers `--help` with exit 0 and its subcommands on
/// standard output; a group without its subcommand says so without a stray space ("Unknown subcommand 'store '"
/// before); a mistyped command, subcommand or option names the nearest one.
@Suite struct HelpAndSuggestionTests {
    let binary = Repository.product("widget-i18n")

    /// `--default-locale LOCALE` ran into its help ("LOCALE The fallback…") in one help and sat one column further
    /// in the others: in every help, each option's help starts in one column, two cells past the widest option.
    @Test func everyHelpKeepsItsOptionColumn() throws {
        let overview = try runProcess(binary, ["--help"])
        let commands = overview.standardOutput.components(separatedBy: "COMMANDS:\n")[1]
            .components(separatedBy: "\n\n")[0].split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0] }
        #expect(commands.count > 10)
        for command in [[]] + commands.map({ $0.split(separator: " ").map(String.init) }) {
            let help = try runProcess(binary, command + ["--help"]).standardOutput
            let options = help.split(separator: "\n").filter { $0.hasPrefix("  --") }.map(String.init)
            #expect(options.count > 5, "\(command)")
            // The help starts after the first run of two or more spaces past the option; -1 when there is none.
            let columns = Set(
                options.map { line -> Int in
                    guard let gap = line.dropFirst(2).range(of: "  ") else { return -1 }
                    return line.distance(from: line.startIndex, to: line[gap.upperBound...].firstIndex { $0 != " " }!)
                })
            #expect(columns.count == 1, "\(command): help columns \(columns)\n\(options.joined(separator: "\n"))")
        }
    }

    @Test(arguments: [("store", ["list", "get", "put", "rm"]), ("catalog", ["export", "import"])])
    func everyGroupAnswersHelp(_ group: String, _ subcommands: [String]) throws {
        for flag in ["--help", "-h"] {
            let result = try runProcess(binary, [group, flag])
            #expect(result.status == 0, "\(result)")
            #expect(result.standardError == "")
            #expect(result.standardOutput.hasPrefix("OVERVIEW: The '\(group)' commands\n"))
            for subcommand in subcommands { #expect(result.standardOutput.contains("\n  \(subcommand) ")) }
        }
        let bare = try runProcess(binary, [group])
        #expect(bare.status == 64)
        #expect(bare.standardError.hasPrefix("error: Missing a subcommand for '\(group)'; use one of: "), "\(bare)")
    }

    @Test(arguments: [
        (["--verison"], "error: Missing a command; run 'widget-i18n --help' to see them (did you mean '--version'?)\n"),
        (
            ["stat"],
            "error: Unknown command 'stat' (did you mean 'status'?); run 'widget-i18n --help' to see the commands\n"
        ),
        (
            ["lcale", "list"],
            "error: Unknown command 'lcale' (did you mean 'locale'?); run 'widget-i18n --help' to see the commands\n"
        ),
        (
            ["store", "pt"],
            "error: Unknown subcommand 'store pt' (did you mean 'put'?); use one of: list, get, put, rm\n"
        ),
        (
            ["t", "k", "--defualt", "x"],
            "error: Unknown option '--defualt' for 'widget-i18n t' (did you mean '--default'?); see 'widget-i18n t --help'\n"
        ),
    ])
    func aMistypedWordNamesTheNearestOne(_ arguments: [String], _ expected: String) throws {
        let result = try runProcess(binary, arguments)
        #expect(result.status == 64)
        #expect(result.standardError == expected)
    }
}

/// What the CLI prints, it accepts (issue 33): `timeline` prints `(systemSmall)`, and `--family systemSmall` is a
/// family; `Intl.RelativeTimeFormat`, which the app calls, takes `minutes`, and so does `--unit`.
@Suite struct PrintedFormsAreAcceptedTests {
    @Test func widgetKitsFamilyNamesAreFamilies() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        let short = try cli.run([
            "timeline", "--widget", "today", "--family", "small", "--from", "2026-11-29T09:00:00Z",
        ])
        let long = try cli.run([
            "timeline", "--widget", "today", "--family", "systemSmall", "--from", "2026-11-29T09:00:00Z",
        ])
        #expect(long.status == 0, "\(long)")
        #expect(long.standardOutput == short.standardOutput)
        #expect(long.standardOutput.contains("(systemSmall)"))
    }

    /// `--from 2026-12-01` was "not ISO 8601"; a date alone is that day's local midnight.
    @Test func aDateAloneIsItsLocalMidnight() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        let common = ["timeline", "--widget", "today", "--family", "small", "--time-zone", "Europe/Istanbul"]
        let day = try cli.run(common + ["--from", "2026-12-01"])
        let midnight = try cli.run(common + ["--from", "2026-11-30T21:00:00Z"])
        #expect(day.status == 0, "\(day)")
        #expect(day.standardOutput == midnight.standardOutput)
        #expect(day.standardOutput.contains("2026-12-01T00:00:00+0300"), "\(day.standardOutput)")
    }

    /// Foundation's parser read 2026-02-30 as March 2: a day the calendar lacks is a usage error, alone or in an
    /// instant, and 29 February stands in a leap year only.
    @Test(arguments: ["2026-02-30", "2026-02-30T10:00:00Z", "2026-13-01", "2026-04-31T00:00:00+03:00", "2025-02-29"])
    func aDayTheCalendarLacksIsRefused(_ from: String) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let result = try cli.run(["timeline", "--widget", "today", "--from", from])
        #expect(result.status == 64, "\(result)")
        #expect(result.standardError.contains("is no day of the calendar"), "\(result)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aLeapDayStands() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let result = try cli.run(["timeline", "--widget", "today", "--from", "2028-02-29", "--time-zone", "UTC"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.contains("2028-02-29T00:00:00Z"), "\(result)")
    }

    @Test func pluralUnitsAreUnits() throws {
        let binary = Repository.product("widget-i18n")
        for (unit, expected) in [
            ("minutes", "5 dakika önce\n"), ("minute", "5 dakika önce\n"), ("days", "5 gün önce\n"),
        ] {
            let result = try runProcess(binary, ["format", "--relative", "-5", "--unit", unit, "--locale", "tr"])
            #expect(result.status == 0 && result.standardOutput == expected, "\(unit): \(result)")
        }
        #expect(
            try runProcess(binary, ["format", "--relative", "-5", "--unit", "minutess", "--locale", "tr"]).status == 64)
    }
}
