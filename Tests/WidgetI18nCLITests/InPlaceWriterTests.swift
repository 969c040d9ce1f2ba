import Foundation
import TestSupport
import Testing
import WidgetI18nSupport

/// A foreign writer that changes files in place (truncates them, then writes the bytes back), as no writer of
/// this package does but any other process may: a widget process reading the bundle and its index meanwhile
/// gives the old answer, the new one, or a fallback with a diagnostic, and never dies from a signal.
@Suite(.serialized) struct InPlaceWriterTests {
    static let renders = 200
    static let timeLimit: TimeInterval = 90

    @Test func truncatingABundleUnderAReaderNeverCrashesIt() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        // About 3 MB, under the 4 MiB a reader accepts: large enough that a reader opens it rather than reads it.
        let bundle = CrashSafetyTests.bundle("Bugün", kilobytes: 3 * 1024)
        let source = cli.directory.appending("tr.json")
        try bundle.write(to: URL(fileURLWithPath: source))
        #expect(try cli.run(["store", "put", "@better-i18n:messages:acme/widgets:tr", "--file", source]).status == 0)
        #expect(try cli.run(["locale", "set", "tr", "--offline"]).status == 0)
        let messages = cli.groupDirectory + "/%40better-i18n%3Amessages%3Aacme%2Fwidgets%3Atr"
        let index = cli.groupDirectory + "/%40better-i18n%3Awidget-i18n%3Aindex%3Aacme%2Fwidgets%3Atr"
        #expect(FileManager.default.fileExists(atPath: index))
        let english = try cli.run(["t", "today.title", "--locale", "en"]).standardOutput

        let stop = Locked<Bool>(false)
        let rewrites = Locked<Int>(0)
        let writerDone = DispatchSemaphore(value: 0)
        let writer = Thread {
            defer { writerDone.signal() }
            var round = 0
            while !stop.withLock({ $0 }) {
                defer { round += 1 }
                // Mostly the bundle, now and then the index; each to nothing or to half its size.
                let path = round % 8 >= 6 ? index : messages
                guard let original = FileManager.default.contents(atPath: path), !original.isEmpty else {
                    continue
                }
                Self.rewriteInPlace(path, original, truncatingTo: round % 2 == 0 ? 0 : original.count / 2)
                rewrites.withLock { $0 += 1 }
            }
        }
        writer.start()
        var writerStopped = false
        func stopWriter() {
            guard !writerStopped else { return }
            writerStopped = true
            stop.withLock { $0 = true }
            writerDone.wait()
        }
        defer { stopWriter() }

        var crashes: [String] = []
        var wrong: [String] = []
        var fallbacks = 0
        let started = Date()
        var done = 0
        while done < Self.renders, Date().timeIntervalSince(started) < Self.timeLimit {
            done += 1
            let result = try cli.run(["t", "today.title"])
            if result.diedFromSignal || result.status > 1 {
                crashes.append("\(result)")
            } else if result.standardOutput == english {
                fallbacks += 1
            } else if result.standardOutput != "Bugün\n" {
                wrong.append("\(result)")
            }
        }
        stopWriter()
        #expect(done >= 50, "only \(done) renders ran")
        #expect(
            rewrites.withLock({ $0 }) > done,
            "the writer rewrote only \(rewrites.withLock({ $0 })) times")
        // Renders that met a truncated bundle fell back: the reader and the writer really overlapped.
        #expect(fallbacks > 0, "no render met a rewrite")
        #expect(crashes.isEmpty, "\(crashes.count) of \(done) renders crashed; the first: \(crashes.first ?? "")")
        #expect(wrong.isEmpty, "\(wrong.count) renders showed neither the bundle's text nor the fallback: \(wrong)")
        // The widget's store itself is intact once the writer stops: the bundle reads back whole.
        #expect(FileManager.default.contents(atPath: messages) == bundle)
        #expect(try cli.run(["t", "today.title"]).standardOutput == "Bugün\n")
        print("in-place writer: \(done) renders, \(fallbacks) fell back, \(rewrites.withLock({ $0 })) rewrites")
    }

    /// Truncates `path` to `length` bytes, waits half a millisecond, then writes `bytes` back into the same file.
    static func rewriteInPlace(_ path: String, _ bytes: Data, truncatingTo length: Int) {
        guard truncate(path, off_t(length)) == 0 else { return }
        usleep(500)
        let descriptor = open(path, O_WRONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        bytes.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let count = pwrite(descriptor, raw.baseAddress! + written, raw.count - written, off_t(written))
                if count <= 0 { return }
                written += count
            }
        }
    }
}
