import CommandLineSupport

/// What every command of the CLI provides: its help and its behaviour.
protocol Command: Sendable {
    /// The words that select the command, such as `["store", "put"]`.
    static var path: [String] { get }
    static var summary: String { get }
    /// The synopsis after `widget-i18n`, such as `t <key> [name=value …] [options]`.
    static var usage: String { get }
    /// Options beyond the global ones.
    static var options: [OptionSpec] { get }
    static var discussion: String { get }
    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CLIError)
}

extension Command {
    static var options: [OptionSpec] { [] }
    static var discussion: String { "" }
    static var name: String { path.joined(separator: " ") }

    static var help: String {
        var lines = ["OVERVIEW: \(summary)", "", "USAGE: widget-i18n \(usage)"]
        if !discussion.isEmpty { lines += ["", discussion] }
        lines += ["", "OPTIONS:"] + optionLines(options + Configuration.globalOptions)
        return lines.joined(separator: "\n")
    }
}

/// A help's option lines, `  --name VALUE` then the help, every help starting in one column: two cells past the
/// widest option (26 at least), so that no option runs into its help.
func optionLines(_ options: [OptionSpec], then extra: [(option: String, help: String)] = []) -> [String] {
    let rows =
        options.map { ("  --\($0.name)" + ($0.valueName.map { " \($0)" } ?? ""), $0.help) }
        + extra.map { ("  " + $0.option, $0.help) }
    let column = max(26, (rows.map { TerminalText.width(of: $0.0) }.max() ?? 0) + 2)
    return rows.map { TerminalText.padded($0.0, toWidth: column) + $0.1 }
}

/// The environment a command runs in.
struct CommandContext {
    let environment: [String: String]
    let workingDirectory: String
    let output: Output
    let arguments: ParsedArguments

    /// `path` as given when absolute, else relative to the working directory.
    func path(_ path: String) -> String {
        path.hasPrefix("/") ? path : workingDirectory + "/" + path
    }

    func configuration() throws(CLIError) -> Configuration {
        try Configuration(arguments: arguments, environment: environment, workingDirectory: workingDirectory)
    }
}
