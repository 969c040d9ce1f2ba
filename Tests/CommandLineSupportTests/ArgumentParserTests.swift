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

    /// `-`, negative numbers and `--name=--value` are values; an empty value is one too.
    @Test(arguments: [
        (["--locale", "-"], "-"), (["--locale", "-1"], "-1"), (["--locale", "-0.5"], "-0.5"),
        (["--locale", "-.5"], "-.5"), (["--locale=--explain"], "--explain"), (["--locale=-x"], "-x"),
        (["--locale="], ""),
    ])
    func valuesMayStartWithADashWhenTheyAreNoOption(_ arguments: [String], _ value: String) throws {
        let parsed = try ArgumentParser.parse(arguments, options: options, command: "t")
        #expect(parsed.value("locale") == value)
        #expect(parsed.flags.isEmpty)
    }

    /// A forgotten value never swallows the next option: `t nokey --default --explain` printed "--explain".
    @Test(arguments: [
        (["--locale", "--explain"], "--locale", "L", "--explain"),
        (["--locale", "-x"], "--locale", "L", "-x"),
        (["--locale", "-h"], "--locale", "L", "-h"),
        (["--locale", "--"], "--locale", "L", "--"),
        (["--tag", "a", "--tag", "--locale", "tr"], "--tag", "T", "--locale"),
        (["--locale", "-1x"], "--locale", "L", "-1x"),
        (["--locale", "-1.2.3"], "--locale", "L", "-1.2.3"),
        (["--locale", "-inf"], "--locale", "L", "-inf"),
    ])
    func aValueThatLooksLikeAnOptionIsAUsageError(
        _ arguments: [String], _ option: String, _ valueName: String, _ value: String
    ) {
        let error = #expect(throws: CLIError.self) {
            try ArgumentParser.parse(arguments, options: options, command: "t")
        }
        #expect(
            error?.description
                == "Option '\(option)' needs a value (\(valueName)), but '\(value)' is an option; write "
                + "'\(option)=\(value)' if that is the value; see 'widget-i18n t --help'")
        #expect(error?.exitCode == 64)
    }

    @Test(arguments: [
        ("--explain", true), ("-x", true), ("-h", true), ("--", true), ("-1e3", true), ("-", false), ("-1", false),
        ("-0.5", false), ("-.5", false), ("tr", false), ("", false), ("a-b", false),
    ])
    func looksLikeAnOption(_ argument: String, _ isOption: Bool) {
        #expect(ArgumentParser.looksLikeOption(argument) == isOption)
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
