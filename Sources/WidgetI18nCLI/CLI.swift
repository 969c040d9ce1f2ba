import CommandLineSupport
import Foundation
import I18nCore

/// The `widget-i18n` command line: picks the command from the first words and runs it.
enum CLI {
    static let commands: [any Command.Type] = [
        TranslateCommand.self, FormatCommand.self, CheckCommand.self, FetchCommand.self,
        LocaleCommand.self, LocaleSetCommand.self, LocaleListCommand.self,
        StoreListCommand.self, StoreGetCommand.self, StorePutCommand.self, StoreRemoveCommand.self,
        StatusCommand.self, TimelineCommand.self, HostCommand.self, ReloadCommand.self, PreviewCommand.self,
        PseudoCommand.self, DemoCommand.self,
    ]

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    static func run(_ arguments: [String], environment: [String: String], workingDirectory: String) async -> Int32 {
        let output = Output()
        do {
            try await dispatch(arguments, environment: environment, workingDirectory: workingDirectory, output: output)
            return 0
        } catch {
            output.error(error.description)
            return error.exitCode
        }
    }

    private static func dispatch(
        _ arguments: [String], environment: [String: String], workingDirectory: String, output: Output
    ) async throws(CLIError) {
        if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            output.writeLine(overview)
            return
        }
        if arguments == ["--version"] {
            output.writeLine("widget-i18n \(WidgetI18nVersion.current)")
            return
        }
        var remaining = arguments
        let words = commandWords(in: &remaining)
        guard let first = words.first else {
            throw .usage("Missing a command; run 'widget-i18n --help' to see them")
        }
        // The longest command path that the words start with: `store put` before `store`.
        let candidates = commands.filter { Array(words.prefix($0.path.count)) == $0.path }
        guard let command = candidates.max(by: { $0.path.count < $1.path.count }) else {
            if commands.contains(where: { $0.path.first == first }) {
                let subcommands = commands.filter { $0.path.first == first && $0.path.count > 1 }.map { $0.path[1] }
                throw .usage(
                    "Unknown subcommand '\(first) \(words.dropFirst().first ?? "")'; use one of: "
                        + subcommands.joined(separator: ", "))
            }
            throw .usage("Unknown command '\(first)'; run 'widget-i18n --help' to see the commands")
        }
        // Words after the command path are its positional arguments.
        let positionalWords = Array(words.dropFirst(command.path.count))
        var parsed = try ArgumentParser.parse(
            remaining, options: command.options + Configuration.globalOptions, command: command.name)
        parsed.positionals = positionalWords + parsed.positionals
        if parsed.has("help") {
            output.writeLine(command.help)
            return
        }
        let context = CommandContext(
            environment: environment, workingDirectory: workingDirectory, output: output, arguments: parsed)
        try await command.run(parsed, context: context)
    }

    /// Removes the leading command words (up to two) from `arguments`, skipping global options and their
    /// values, so that `--project acme/widgets locale set tr` selects `locale set`.
    private static func commandWords(in arguments: inout [String]) -> [String] {
        let valued = Set(Configuration.globalOptions.filter { $0.valueName != nil }.map { "--" + $0.name })
        var words: [String] = []
        var index = 0
        while index < arguments.count, words.count < 2 {
            let argument = arguments[index]
            if valued.contains(argument) {
                index += 2
                continue
            }
            if argument.hasPrefix("-") {
                if argument == "--" { break }
                index += 1
                continue
            }
            // A second word only counts when the first is a command with subcommands.
            if words.count == 1, !commands.contains(where: { $0.path.count > 1 && $0.path[0] == words[0] }) { break }
            words.append(argument)
            arguments.remove(at: index)
        }
        return words
    }

    static var overview: String {
        var lines = [
            "OVERVIEW: Carry an app's language and translations to its home-screen widgets",
            "",
            "USAGE: widget-i18n <command> [options]",
            "",
            "COMMANDS:",
        ]
        for command in commands {
            lines.append("  " + command.name.padding(toLength: 14, withPad: " ", startingAt: 0) + command.summary)
        }
        lines += [
            "",
            "GLOBAL OPTIONS (also from the environment and ./widget-i18n.json):",
        ]
        for option in Configuration.globalOptions {
            let left = "  --\(option.name)" + (option.valueName.map { " \($0)" } ?? "")
            lines.append(left.padding(toLength: 26, withPad: " ", startingAt: 0) + option.help)
        }
        lines += ["  --version               Show the version", "", "See 'widget-i18n <command> --help' for details."]
        return lines.joined(separator: "\n")
    }
}
