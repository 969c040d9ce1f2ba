import Foundation
import GroupStore
import HomeScreenSimulator
import I18nCore
import LocaleData
import TestSupport
import Testing

@testable import TimelineEngine

/// "Timelines and reloads", run: a provider that ends its timeline at local midnight, hosted across it.
@Suite struct MidnightExampleTests {
    struct DayEntry: DatedEntry, Equatable {
        let date: Date
        let text: String
    }

    struct DayProvider: EntryTimelineProvider {
        let kind = "day"

        func placeholder(in context: EntryTimelineContext) -> DayEntry {
            DayEntry(date: context.date, text: "…")
        }

        func snapshot(in context: EntryTimelineContext) async -> DayEntry {
            entry(at: context.date, in: context.timeZone)
        }

        func timeline(in context: EntryTimelineContext) async -> EntryTimeline<DayEntry> {
            let zone = context.timeZone
            let midnight = zone.startOfDay(number: zone.dayNumber(of: context.date) + 1)
            return EntryTimeline(
                entries: [entry(at: context.date, in: zone), entry(at: midnight, in: zone)], policy: .atEnd)
        }

        private func entry(at date: Date, in zone: ZoneInfo) -> DayEntry {
            DayEntry(date: date, text: "day \(zone.dayNumber(of: date))")
        }
    }

    @Test func printsWhatTheArticleSays() async throws {
        let istanbul = try #require(ZoneInfo(identifier: "Europe/Istanbul"))
        let start = try Date("2026-11-29T20:30:00Z", strategy: .iso8601)
        let host = TimelineHost(
            provider: DayProvider(), store: InMemoryGroupStore(), project: try ProjectID("acme/widgets"),
            context: EntryTimelineContext(family: .systemSmall, timeZone: istanbul, date: start))
        var printed: [String] = []
        for minutes in [0, 29, 30] {
            for event in await host.step(at: start.addingTimeInterval(Double(minutes) * 60)) {
                switch event {
                case .reloaded(let reason): printed.append("+\(minutes) min: reloaded (\(reason))")
                case .deferred(let reason, let until):
                    printed.append("+\(minutes) min: deferred (\(reason)) until \(until)")
                case .show(let entry): printed.append("+\(minutes) min: shows \(entry.text)")
                case .problem(let message): printed.append("+\(minutes) min: \(message)")
                }
            }
        }
        let path = "/Sources/HomeScreenSimulator/HomeScreenSimulator.docc/TimelinesAndReloads.md"
        let text = try String(contentsOfFile: Repository.root + path, encoding: .utf8)
        let block = try #require(text.components(separatedBy: "```text\n").dropFirst().first)
        let article = block.components(separatedBy: "\n```")[0].split(separator: "\n").map(String.init)
        #expect(printed == article)
        #expect(article.count == 4)
        #expect(await host.budget.used == 1)
    }
}
