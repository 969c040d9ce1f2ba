import CommandLineSupport
import Testing

@Suite struct ArgumentParserTests {
    let options: [OptionSpec] = [
        .value("locale", "L", "locale"), .flag("explain", "explain"), .value("tag", "T", "tags", repeatable: true),
    ]

    @Test func readsOptionsFlagsAndPositionals() throws {
        let parsed = try ArgumentParser.parse(
            ["key", "--locale", "tr", "name=x", "--explain", "--tag=a", "--tag", "b"], options: options, command: "t")
        #expect(parsed.positionals == ["key", "name=x"])
        #expect(parsed.value("locale") == "tr")
        #expect(parsed.has("explain"))
        #expect(parsed.allValues("tag") == ["a", "b"])
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try ArgumentParser.parse(["--", "--locale", "-"], options: options, command: "t")
        #expect(parsed.positionals == ["--locale", "-"])
        #expect(parsed.value("locale") == nil)
    }

    @Test func valuesMayStartWithADash() throws {
        #expect(try ArgumentParser.parse(["--locale", "-x"], options: options, command: "t").value("locale") == "-x")
        #expect(try ArgumentParser.parse(["--locale="], options: options, command: "t").value("locale") == "")
    }

    @Test(arguments: [
        (["--nope"], "Unknown option '--nope' for 'widget-i18n t'; see 'widget-i18n t --help'"),
        (["-x"], "Unknown option '-x' for 'widget-i18n t'; see 'widget-i18n t --help'"),
        (["--locale"], "Option '--locale' needs a value (L); see 'widget-i18n t --help'"),
        (["--explain=yes"], "Option '--explain' takes no value; see 'widget-i18n t --help'"),
        (["--locale", "a", "--locale", "b"], "Option '--locale' is given twice; see 'widget-i18n t --help'"),
    ])
    func explainsUsageErrors(_ arguments: [String], _ message: String) {
        let error = #expect(throws: CLIError.self) {
            try ArgumentParser.parse(arguments, options: options, command: "t")
        }
        #expect(error?.description == message)
        #expect(error?.exitCode == 64)
    }

    @Test func splitsMessageArguments() throws {
        let pairs = try ArgumentParser.messageArguments(["name=Ayşe", "eq=a=b", "empty="], command: "t")
        #expect(pairs.map(\.0) == ["name", "eq", "empty"])
        #expect(pairs.map(\.1) == ["Ayşe", "a=b", ""])
        #expect(throws: CLIError.self) { try ArgumentParser.messageArguments(["=x"], command: "t") }
        #expect(throws: CLIError.self) { try ArgumentParser.messageArguments(["novalue"], command: "t") }
    }
}
