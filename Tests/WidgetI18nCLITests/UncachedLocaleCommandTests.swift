import Foundation
import TestSupport
import Testing

/// A stored locale with no messages cached: `status`, `timeline`, `host` and `t --explain` say so, and what
/// answers instead, rather than showing `de` above lines that are all English.
@Suite struct UncachedLocaleCommandTests {
    static let said = "nothing is cached for de; en answers (the default locale)"

    func harness() throws -> CLIHarness {
        let cli = try CLIHarness()
        try cli.seedSampleLocales(["en"])
        let stored = try cli.run(
            ["store", "put", "@better-i18n:locale:acme/widgets", "--no-validate"], input: Data("de".utf8))
        #expect(stored.status == 0, "\(stored)")
        return cli
    }

    @Test func statusSaysIt() throws {
        let cli = try harness()
        defer { cli.remove() }
        let status = try cli.run(["status"])
        #expect(status.status == 0, "\(status)")
        #expect(status.standardOutput.contains("messages         \(Self.said)\n"), "\(status)")
    }

    @Test func timelineAndHostSayItUnderTheirHeader() throws {
        let cli = try harness()
        defer { cli.remove() }
        let timeline = try cli.run(["timeline", "--widget", "today", "--from", "2026-11-29T09:00:00Z", "--hours", "1"])
        #expect(timeline.status == 0, "\(timeline)")
        #expect(timeline.standardOutput.contains("\nmessages: \(Self.said)\n"), "\(timeline)")
        let host = try cli.run(["host", "--widget", "today", "--from", "2026-11-29T09:00:00Z", "--hours", "1"])
        #expect(host.status == 0, "\(host)")
        #expect(host.standardOutput.contains("\nmessages: \(Self.said)\n"), "\(host)")
    }

    @Test func explainSaysIt() throws {
        let cli = try harness()
        defer { cli.remove() }
        let explained = try cli.run(["t", "today.title", "--explain"])
        #expect(explained.status == 0, "\(explained)")
        #expect(
            explained.standardOutput.contains("locale: de (stored locale 'de')\nmessages: \(Self.said)\n"),
            "\(explained)")
        // Once the locale is cached, nothing more is said.
        try cli.seedSampleLocales(["de"])
        let cached = try cli.run(["t", "today.title", "--explain"])
        #expect(!cached.standardOutput.contains("\nmessages: "), "\(cached)")
        #expect(!(try cli.run(["status"])).standardOutput.contains("nothing is cached"))
    }
}
