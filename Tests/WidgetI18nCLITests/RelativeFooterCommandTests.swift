import Foundation
import TestSupport
import Testing

/// The today widget's "Updated … ago" footer through the command line: `timeline --json` carries an entry at each
/// change, and `host` on a simulated clock shows it changing at those instants.
@Suite struct RelativeFooterCommandTests {
    private func prepared(_ locale: String) throws -> CLIHarness {
        let cli = try CLIHarness()
        #expect(try cli.run(["fetch", "--all", "--quiet"]).status == 0)
        try cli.run(["locale", "set", locale])
        return cli
    }

    @Test func theTimelineHasAnEntryAtEachChangeOfTheFooter() throws {
        let cli = try prepared("de")
        defer { cli.remove() }
        let result = try cli.run([
            "timeline", "--widget", "today", "--family", "medium", "--from", "2026-11-29T09:00:00Z", "--hours", "2",
            "--time-zone", "UTC", "--json",
        ])
        #expect(result.status == 0, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        let footers = entries.map { ($0["date"] as? String ?? "", ($0["text"] as? [String])?.last ?? "") }
        #expect(footers.first?.1 == "Aktualisiert jetzt")
        #expect(footers.dropFirst().first?.0 == "2026-11-29T09:00:45Z")
        #expect(footers.dropFirst().first?.1 == "Aktualisiert vor 1 Minute")
        #expect(footers.contains { $0.1 == "Aktualisiert vor 44 Minuten" })
        #expect(footers.contains { $0.0 == "2026-11-29T09:45:00Z" && $0.1 == "Aktualisiert vor 1 Stunde" })
        #expect(footers.last?.1 == "Aktualisiert vor 2 Stunden")
        // Each entry's footer differs from the one before it: no entry is wasted.
        for (earlier, later) in zip(footers, footers.dropFirst()) { #expect(earlier.1 != later.1) }
    }

    /// The footer dates the data, not the timeline: a timeline made at midnight (the daily reload) over data the
    /// app wrote the evening before says "Updated 4 hours ago", not "Updated now".
    @Test func theFooterSaysWhenTheDataWasWrittenNotWhenTheTimelineWasMade() throws {
        let cli = try prepared("en")
        defer { cli.remove() }
        // Everything in the container was written at 20:00 the evening before.
        let touched = try cli.runShell(
            #"find "$WIDGET_I18N_GROUP_DIR" -type f -exec touch -d 2026-11-29T20:00:00Z {} +"#)
        #expect(touched.status == 0, "\(touched)")
        let result = try cli.run([
            "timeline", "--widget", "today", "--family", "medium", "--from", "2026-11-30T00:00:00Z", "--hours", "1",
            "--time-zone", "UTC", "--json",
        ])
        #expect(result.status == 0, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        let footers = entries.map { ($0["text"] as? [String])?.last ?? "" }
        #expect(footers.first == "Updated 4 hours ago", "\(footers)")
        #expect(!footers.contains("Updated now"))
    }

    @Test func theSimulatedHostShowsTheFooterChangingOnTime() throws {
        let cli = try prepared("tr")
        defer { cli.remove() }
        let result = try cli.run([
            "host", "--widget", "today", "--family", "medium", "--from", "2026-11-29T09:00:00Z", "--hours", "1",
            "--time-zone", "Europe/Istanbul",
        ])
        #expect(result.status == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        func footer(after time: String) -> String? {
            guard let index = lines.firstIndex(of: time) else { return nil }
            return lines[index...].dropFirst().first { $0.hasSuffix("güncellendi") }?.trimmingCharacters(
                in: .whitespaces)
        }
        #expect(footer(after: "2026-11-29T12:00:00+0300") == "şimdi güncellendi")
        #expect(footer(after: "2026-11-29T12:00:45+0300") == "1 dakika önce güncellendi")
        #expect(footer(after: "2026-11-29T12:01:30+0300") == "2 dakika önce güncellendi")
        #expect(footer(after: "2026-11-29T12:43:30+0300") == "44 dakika önce güncellendi")
        #expect(footer(after: "2026-11-29T12:45:00+0300") == "1 saat önce güncellendi")
        #expect(!lines.contains("2026-11-29T12:00:30+0300"))
        #expect(result.standardError.contains("reloaded at 2026-11-29T12:00:00+0300: first load"))
    }

    @Test func hoursWithoutASimulatedClockIsAUsageError() throws {
        let cli = try prepared("en")
        defer { cli.remove() }
        let result = try cli.run(["host", "--widget", "today", "--hours", "2"])
        #expect(result.status == 64)
        #expect(result.standardError == "error: --hours applies to a simulated clock (--from)\n")
    }
}
