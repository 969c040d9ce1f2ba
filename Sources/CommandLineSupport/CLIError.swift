/// A failure the CLI reports as `error: …` on stderr, with its exit code.
package struct CLIError: Error, CustomStringConvertible {
    package enum Kind {
        /// The command line is wrong: exit 64 (EX_USAGE).
        case usage
        /// The command ran and failed: exit 1.
        case failure
    }

    package let kind: Kind
    package let description: String

    package static func usage(_ message: String) -> CLIError { CLIError(kind: .usage, description: message) }
    package static func failure(_ message: String) -> CLIError { CLIError(kind: .failure, description: message) }

    package var exitCode: Int32 { kind == .usage ? 64 : 1 }
}
