import CommandLineSupport
import Foundation
import I18nCore
import LocaleData
import WidgetI18nSupport

/// The `widget-i18n` command line: picks the command from the first words and runs it.
enum CLI {
    static let commands: [any Command.Type] = [
        TranslateCommand.self, FormatCommand.self, CheckCommand.self, FetchCommand.self,
        LocaleCommand.self, LocaleSetCommand.self, LocaleListCommand.self,
        StoreListCommand.self, StoreGetCommand.self, StorePutCommand.self, StoreRemoveCommand.self,
        StatusCommand.self, TimelineCommand.self, HostCommand.self, ReloadCommand.self, PreviewCommand.self,
        PseudoCommand.self, DataCommand.self, CatalogExportCommand.self, CatalogImportCommand.self,
        ConvertCommand.self,
        ActivityPayloadCommand.self,
        DemoCommand.self,
    ]

    /// Runs the command line `arguments` (without the program name, as the bytes the process was given) and
    /// returns the exit code: the command's, or 1 when it succeeded but its output could not be written.
    static func run(
        _ arguments: [[UInt8]], environment: [String: String], workingDirectory: String, output: Output = Output()
    ) async -> Int32 {
        var status: Int32 = 0
        do {
            try await dispatch(
                try decode(arguments), environment: environment, workingDirectory: workingDirectory, output: output)
        } catch {
            output.error(error.description)
            status = error.exitCode
        }
        // A failed write is reported where it can be (a broken stderr has nowhere to say it) and fails the run.
        let failures = output.writeFailures
        for failure in failures { output.error(failure) }
        if !failures.isEmpty, status == 0 { status = 1 }
        return status
    }

    /// The arguments the process was started with, after the program name, as the bytes it was given.
    static func rawArguments() -> [[UInt8]] {
        // A process may be started with no arguments at all, not even its name.
        guard CommandLine.argc > 1 else { return [] }
        return (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }

    /// The arguments as text. One that is not UTF-8 is a usage error before anything runs: Foundation would
    /// repair it into U+FFFD, and `store put` would write a key nobody asked for.
    static func decode(_ arguments: [[UInt8]]) throws(CLIError) -> [String] {
        var decoded: [String] = []
        for (index, bytes) in arguments.enumerated() {
            guard let text = String(validatingUTF8: bytes) else {
                let shown = QuotedExcerpt.of(String(decoding: bytes, as: UTF8.self))
                throw .usage(
                    "Argument \(index + 1) ('\(shown)') is not valid UTF-8 text; pass every argument as UTF-8")
            }
            decoded.append(text)
        }
        return decoded
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
            let option = arguments.first { $0.hasPrefix("-") } ?? ""
            let hint = Suggestion.hint(for: option, in: ["--help", "--version"])
            throw .usage("Missing a command; run 'widget-i18n --help' to see them\(hint)")
        }
        // The longest command path that the words start with: `store put` before `store`.
        let candidates = commands.filter { Array(words.prefix($0.path.count)) == $0.path }
        guard let command = candidates.max(by: { $0.path.count < $1.path.count }) else {
            let group = commands.filter { $0.path.first == first && $0.path.count > 1 }
            if !group.isEmpty {
                // A group of subcommands (`store`, `catalog`, `locale`): its help, or which subcommand is missing.
                if remaining.contains("--help") || remaining.contains("-h") || words.dropFirst().first == "help" {
                    output.writeLine(groupHelp(first, group))
                    return
                }
                let subcommands = group.map { $0.path[1] }
                guard let typed = words.dropFirst().first else {
                    throw .usage(
                        "Missing a subcommand for '\(first)'; use one of: \(subcommands.joined(separator: ", ")) "
                            + "(see 'widget-i18n \(first) --help')")
                }
                let hint = Suggestion.hint(for: typed, in: subcommands)
                throw .usage(
                    "Unknown subcommand '\(first) \(typed)'\(hint); use one of: \(subcommands.joined(separator: ", "))")
            }
            let names = Array(Set(commands.compactMap { $0.path.first })).sorted()
            throw .usage(
                "Unknown command '\(first)'\(Suggestion.hint(for: first, in: names)); run 'widget-i18n --help' to see "
                    + "the commands")
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
        var output = output
        // A copy of a suite takes no fetch: its warnings advise what works on it. A configuration that does not
        // read is the command's to report.
        output.readsASuiteCopy =
            (try? Configuration(arguments: parsed, environment: environment, workingDirectory: workingDirectory))?
            .suitePlist != nil
        let context = CommandContext(
            environment: environment, workingDirectory: workingDirectory, output: output, arguments: parsed)
        try await command.run(parsed, context: context)
    }

    /// Removes the leading command words (up to two) from `arguments`, skipping global options and their
    /// values, so that `--project acme/widgets locale set tr` selects `locale set`. A value is skipped as
    /// `ArgumentParser` reads it: a word that looks like an option is not one, and the parser refuses it.
    private static func commandWords(in arguments: inout [String]) -> [String] {
        let valued = Set(Configuration.globalOptions.filter { $0.valueName != nil }.map { "--" + $0.name })
        var words: [String] = []
        var index = 0
        while index < arguments.count, words.count < 2 {
            let argument = arguments[index]
            if valued.contains(argument) {
                let hasValue = index + 1 < arguments.count && !ArgumentParser.looksLikeOption(arguments[index + 1])
                index += hasValue ? 2 : 1
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

    /// The help of a group of subcommands: each with its summary and usage.
    static func groupHelp(_ name: String, _ group: [any Command.Type]) -> String {
        var lines = [
            "OVERVIEW: The '\(name)' commands", "", "USAGE: widget-i18n \(name) <subcommand> [options]", "",
            "SUBCOMMANDS:",
        ]
        for command in group {
            lines.append("  " + TerminalText.padded(command.path[1], toWidth: 10) + command.summary)
        }
        lines += ["", "See 'widget-i18n \(name) <subcommand> --help' for details."]
        return lines.joined(separator: "\n")
    }

    static var overview: String {
        var lines = [
            "OVERVIEW: Carry an app's language and translations to its home-screen widgets",
            "",
            "USAGE: widget-i18n <command> [options]",
            "",
            "COMMANDS:",
        ]
        // Two cells past the longest name (`activity payload`).
        let width = (commands.map { $0.name.count }.max() ?? 14) + 2
        for command in commands {
            lines.append("  " + TerminalText.padded(command.name, toWidth: width) + command.summary)
        }
        lines += [
            "",
            "GLOBAL OPTIONS (also from the environment and ./widget-i18n.json):",
        ]
        lines += optionLines(Configuration.globalOptions, then: [("--version", "Show the version")])
        lines += ["", "See 'widget-i18n <command> --help' for details."]
        return lines.joined(separator: "\n")
    }
}
