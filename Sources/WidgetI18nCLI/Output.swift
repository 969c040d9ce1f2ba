import CommandLineSupport
import Foundation
import WidgetTranslator

/// Where a command writes: data to stdout, diagnostics to stderr, through `StandardStreams`.
///
/// What a store or a CDN supplied never reaches a terminal with control characters in it (`TerminalText`):
/// commands for people escape those parts themselves, always; `write` and `writeLine` escape whatever else
/// reaches a terminal, and leave bytes to a pipe or a file exactly as they are, so data commands (`t`, `format`,
/// `store get`) stay exact where a program reads them. Diagnostics are always escaped.
struct Output: Sendable {
    var standardOutput = StandardStreams.output
    var standardError = StandardStreams.error
    /// Whether the command reads `--suite-plist`'s copy of a suite: advice names no command that writes it.
    var readsASuiteCopy = false

    /// Text on stdout: exact to a pipe or a file, escaped on a terminal.
    func write(_ text: String) {
        standardOutput.write(
            standardOutput.isTerminal ? TerminalText.escaped(text, keeping: [.newlines, .tabs]) : text)
    }

    func writeLine(_ text: String = "") { write(text + "\n") }

    /// A value on stdout, byte for byte to a pipe or a file; on a terminal, as UTF-8 text with control
    /// characters escaped (and bytes that are not UTF-8 as U+FFFD).
    func writeBytes(_ bytes: [UInt8]) {
        guard standardOutput.isTerminal else { return standardOutput.write(bytes) }
        write(String(decoding: bytes, as: UTF8.self))
    }

    /// Text the command composed itself from parts it escaped, written as it is even on a terminal: for lines
    /// with deliberate bidi isolates around right-to-left text (`WidgetOptions.text`).
    func writeComposed(_ text: String) { standardOutput.write(text) }

    func warning(_ text: String) { diagnostic("warning: \(text)") }
    /// A problem the translator met, with what to run about it: the library says what happened, the command
    /// line what to do.
    func warning(_ problem: StoreProblem) { warning(CLIAdvice.text(of: problem, readOnlyCopy: readsASuiteCopy)) }
    func error(_ text: String) { diagnostic("error: \(text)") }
    func note(_ text: String) { diagnostic(text) }

    /// A diagnostic, with the library settings it names spelled as this command line's options (`CLIAdvice`).
    private func diagnostic(_ text: String) {
        standardError.write(TerminalText.escaped(CLIAdvice.flags(in: text), keeping: [.newlines, .tabs]) + "\n")
    }

    /// Where a command reports on the file it writes to `path`: here, or stderr in stdout's place when `path` is
    /// standard output itself (`--out /dev/stdout`), so that stdout holds the file and nothing after it. Asked
    /// before the file is written: a regular file replaced by a rename is another file afterwards.
    func reporting(beside path: String) -> Output {
        var file = stat()
        var standard = stat()
        guard !StandardStreams.wasClosedAtStart(standardOutput.descriptor), stat(path, &file) == 0,
            fstat(standardOutput.descriptor, &standard) == 0, file.st_dev == standard.st_dev,
            file.st_ino == standard.st_ino
        else { return self }
        var output = self
        output.standardOutput = standardError
        return output
    }

    /// Why stdout and stderr, each that had a write fail, failed: the errors to report (where stderr works).
    var writeFailures: [String] {
        [standardOutput.failureDescription, standardError.failureDescription].compactMap(\.self)
    }
}

/// Sizes and ages as people read them.
enum HumanFormat {
    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KB", Double(bytes) / 1024) }
        return String(format: "%.1f MB", Double(bytes) / 1024 / 1024)
    }

    static func age(of date: Date?, now: Date = Date()) -> String {
        guard let date else { return "-" }
        // A time read from a store may be any double: `Int` of one past ±2^63 (or NaN) would trap.
        let interval = now.timeIntervalSince(date)
        guard interval.isFinite, abs(interval) < 9e18 else { return "at no possible time" }
        let seconds = Int(interval)
        switch seconds {
        case ..<0: return "just now"
        case 0..<60: return "\(seconds) s ago"
        case 60..<3600: return "\(seconds / 60) min ago"
        case 3600..<86400: return "\(seconds / 3600) h ago"
        default: return "\(seconds / 86400) d ago"
        }
    }

    static func timestamp(_ date: Date?) -> String {
        guard let date else { return "-" }
        return date.formatted(.iso8601)
    }
}
