/// A failure the CLI reports as `error: …` on stderr, with its exit code.
struct CLIError: Error, CustomStringConvertible {
    enum Kind {
        /// The command line is wrong: exit 64 (EX_USAGE).
        case usage
        /// The command ran and failed: exit 1.
        case failure
    }

    let kind: Kind
    let description: String

    static func usage(_ message: String) -> CLIError { CLIError(kind: .usage, description: message) }
    static func failure(_ message: String) -> CLIError { CLIError(kind: .failure, description: message) }

    var exitCode: Int32 { kind == .usage ? 64 : 1 }
}
