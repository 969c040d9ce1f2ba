import Foundation
import WidgetI18nSupport

/// The process's standard input, output and error, read and written with read(2) and write(2).
///
/// Foundation's `FileHandle` traps on a write error (`store get KEY >/dev/full`), on a closed descriptor and on
/// a read error, so the CLI never uses it for these streams. `prepare()` runs first in `main.swift`.
enum StandardStreams {
    static let output = Writer(descriptor: STDOUT_FILENO, name: "standard output")
    static let error = Writer(descriptor: STDERR_FILENO, name: "standard error")

    /// Bit `n` is set when descriptor `n` (0, 1 or 2) was closed when the process started.
    private static let closedAtStart = Locked<UInt8>(0)

    /// Ignores SIGPIPE, so that a reader that went away is `EPIPE` from write(2), not the end of the process;
    /// and puts `/dev/null` on each of descriptors 0, 1 and 2 that the process was started without, so that no
    /// file it opens later (a store's file) becomes its standard input or output. Those streams stay closed
    /// as far as the CLI is concerned: writing to them fails, reading from them is an error.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        var closed: UInt8 = 0
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            closed |= 1 << UInt8(descriptor)
            // open() returns the lowest free descriptor: this one, as those below it are open by now.
            let opened = open("/dev/null", O_RDWR)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
        closedAtStart.withLock { $0 = closed }
    }

    static func wasClosedAtStart(_ descriptor: Int32) -> Bool {
        closedAtStart.withLock { $0 } & (1 << UInt8(descriptor)) != 0
    }

    /// Why standard input could not be read.
    enum ReadFailure: Error {
        /// The process was started with standard input closed.
        case closed
        /// read(2) failed with this `errno`.
        case system(Int32)
        /// More than `limit` bytes arrived: reading stopped there, nothing read is used.
        case tooLarge(limit: Int)
        /// Line `number` (from 1) is longer than `limit` bytes.
        case lineTooLong(number: Int, limit: Int)

        /// What went wrong, after "Cannot read standard input: ".
        var reason: String {
            switch self {
            case .closed: "it is closed"
            case .system(let code): StandardStreams.message(for: code)
            case .tooLarge(let limit): "it holds more than \(limit / 1024 / 1024) MiB"
            case .lineTooLong(let number, let limit):
                "line \(number) is longer than \(limit / 1024 / 1024) MiB; a request is one JSON object a line"
            }
        }
    }

    /// Everything on standard input, to its end, and no more than `limit` bytes: reading stops past it.
    /// - Parameter limit: the most bytes read.
    /// - Throws: `ReadFailure` when standard input is closed, a read fails or more than `limit` bytes arrive;
    ///   nothing read is returned then.
    static func readInput(limit: Int) throws(ReadFailure) -> [UInt8] {
        guard !wasClosedAtStart(STDIN_FILENO) else { throw .closed }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while let count = try readChunk(&chunk) {
            guard bytes.count + count <= limit else { throw .tooLarge(limit: limit) }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }

    /// The next read of standard input into `chunk`: its byte count, `nil` at the end of input.
    private static func readChunk(_ chunk: inout [UInt8]) throws(ReadFailure) -> Int? {
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            return count == 0 ? nil : count
        }
    }

    /// Standard input's lines, for the `--jsonl` readers: a line ends at a newline (a CR before it dropped, as
    /// `readLine` drops it) or at the end of input; a read error is an error, never the end; a line longer than
    /// `limit` bytes is an error naming its number, found before more than `limit` bytes of it are held.
    struct InputLines {
        /// The longest line read: a request line carries one message, and a bundle is at most 4 MiB.
        static let limit = 8 * 1024 * 1024

        private var buffer: [UInt8] = []
        /// Where the next line starts in `buffer`, and how far it has been searched for a newline.
        private var start = 0
        private var searched = 0
        private var number = 0
        private var ended = false
        private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

        /// The next line, without its line ending; `nil` at the end of input.
        mutating func next() throws(ReadFailure) -> String? {
            while true {
                if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                    return try line(upTo: newline, next: newline + 1)
                }
                searched = buffer.count
                guard searched - start <= Self.limit else { throw .lineTooLong(number: number + 1, limit: Self.limit) }
                if ended { return start < buffer.count ? try line(upTo: buffer.count, next: buffer.count) : nil }
                buffer.removeFirst(start)
                searched -= start
                start = 0
                if let count = try StandardStreams.readChunk(&chunk) {
                    buffer.append(contentsOf: chunk[..<count])
                } else {
                    ended = true
                }
            }
        }

        private mutating func line(upTo end: Int, next: Int) throws(ReadFailure) -> String {
            number += 1
            guard end - start <= Self.limit else { throw .lineTooLong(number: number, limit: Self.limit) }
            var last = end
            if last > start, buffer[last - 1] == UInt8(ascii: "\r") { last -= 1 }
            let text = String(decoding: buffer[start..<last], as: UTF8.self)
            start = next
            searched = next
            return text
        }
    }

    /// `errno` as a message reads it: `no space left on device`.
    static func message(for code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// Standard output or error: every byte written, through interrupted and short writes. The first failure
    /// sticks: later writes are skipped (a full disk or a closed pipe stays so), and `CLI.run` reports it and
    /// exits 1.
    final class Writer: Sendable {
        let descriptor: Int32
        /// How messages name the stream: `standard output`.
        let name: String
        /// `errno` of the first failed write. Held while writing, so that writers on other threads (the fetch
        /// progress line) never interleave their bytes.
        private let failure = Locked<Int32?>(nil)

        init(descriptor: Int32, name: String) {
            self.descriptor = descriptor
            self.name = name
        }

        /// Whether the stream is a terminal, which gets data escaped (`TerminalText`).
        var isTerminal: Bool { !wasClosedAtStart(descriptor) && isatty(descriptor) == 1 }

        func write(_ text: String) {
            var text = text
            text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
        }

        func write(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { write($0) }
        }

        func write(_ bytes: UnsafeRawBufferPointer) {
            failure.withLock { failure in
                guard failure == nil else { return }
                guard !wasClosedAtStart(descriptor) else {
                    failure = EBADF
                    return
                }
                var written = 0
                while written < bytes.count {
                    let count = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
                    if count < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    written += count
                }
            }
        }

        /// What went wrong with the first failed write, as an error message; `nil` while every write worked.
        var failureDescription: String? {
            guard let code = failure.withLock({ $0 }) else { return nil }
            if wasClosedAtStart(descriptor) { return "Cannot write to \(name): it is closed" }
            return "Cannot write to \(name): \(StandardStreams.message(for: code))"
        }
    }
}

/// write(2), under a name that `Writer`'s own `write` methods do not shadow.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
