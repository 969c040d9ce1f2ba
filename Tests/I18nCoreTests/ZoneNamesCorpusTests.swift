import Foundation
import I18nCore
import LocaleData
import TestSupport
import Testing

/// The differential corpus of time-zone names: every zone field, `{t, time, long|full}` and zone skeletons as
/// ICU4C 77.1 (CLDR 47) formats them through MessageFormat, in 40 locales × 16 zones × 4 instants, made by
/// `scripts/generate/zone-names-corpus.py`. Every case must come out exactly as ICU printed it, bidi marks
/// included, after the system's zone data is checked to give ICU's offset at that instant.
@Suite struct ZoneNamesCorpusTests {
    struct Line: Sendable {
        let line: Int
        let locale: String
        let timeZone: String
        let date: Date
        let offset: Int
        let expected: [String]
        /// Indexes of messages where WidgetI18n deliberately differs from ICU, with the reason.
        let differences: [Int: String]
    }

    struct Corpus: Sendable {
        let messages: [String]
        let lines: [Line]
    }

    static let corpus: Corpus = {
        guard let data = try? testData.bytes("zone-names-corpus.jsonl") else { return Corpus(messages: [], lines: []) }
        var messages: [String] = []
        var lines: [Line] = []
        for (offset, text) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                continue
            }
            if let header = object["messages"] as? [String] {
                messages = header
                continue
            }
            var differences: [Int: String] = [:]
            for (index, value) in object["differences"] as? [String: [String: String]] ?? [:] {
                differences[Int(index) ?? -1] = value["reason"] ?? ""
            }
            lines.append(
                Line(
                    line: offset + 1, locale: object["locale"] as! String, timeZone: object["timeZone"] as! String,
                    date: Date(timeIntervalSince1970: (object["date"] as! NSNumber).doubleValue / 1000),
                    offset: (object["offset"] as! NSNumber).intValue, expected: object["expected"] as! [String],
                    differences: differences))
        }
        return Corpus(messages: messages, lines: lines)
    }()

    @Test func theCorpusCoversTheIssue() {
        let lines = Self.corpus.lines
        #expect(Set(lines.map(\.locale)).count >= 25)
        let zones = Set(lines.map(\.timeZone))
        #expect(zones.count >= 12)
        for zone in [
            "America/New_York", "America/Los_Angeles", "Europe/London", "Europe/Istanbul", "Europe/Berlin",
            "Asia/Tokyo", "Asia/Kolkata", "Australia/Sydney", "America/Sao_Paulo", "Africa/Cairo", "UTC", "US/Eastern",
        ] {
            #expect(zones.contains(zone), "\(zone)")
        }
        for field in ["z", "zzzz", "v", "vvvv", "V", "VV", "VVV", "VVVV", "O", "OOOO", "X", "x", "ZZZZ"] {
            #expect(Self.corpus.messages.contains("{t,date,\(field)}"), "\(field)")
        }
        #expect(lines.allSatisfy { $0.expected.count == Self.corpus.messages.count })
    }

    /// ICU 77.1 carries tz data 2025a; the generator took instants where the system's data agreed, and this
    /// checks ZoneInfo reads the same offsets from `/usr/share/zoneinfo` before any name is compared.
    @Test func theSystemZoneDataAgreesWithICUs() {
        var disagreements: [String] = []
        for line in Self.corpus.lines {
            guard let zone = ZoneInfo(identifier: line.timeZone) else {
                disagreements.append("line \(line.line): no zone \(line.timeZone)")
                continue
            }
            let offset = zone.secondsFromGMT(atUnixTime: Int64(line.date.timeIntervalSince1970))
            if offset != line.offset {
                disagreements.append("line \(line.line): \(line.timeZone) \(offset) != ICU's \(line.offset)")
            }
        }
        #expect(disagreements.isEmpty, Comment(rawValue: disagreements.prefix(20).joined(separator: "\n")))
    }

    @Test func everyCaseFormatsExactlyAsICU() throws {
        expectEveryCaseAsICU(try Self.failures(), atLeast: 25 * 10 * 2 * 20)
    }

    /// The same cases with the locale data of the corpus's locales only (every family), as a widget that ships
    /// those locales formats them.
    @Test func everyCaseFormatsExactlyAsICUOnASliceOfItsLocales() async {
        await #expect(processExitsWith: .success) {
            exitCheckingOnASlice(of: Self.corpus.lines.map(\.locale), Self.failures)
        }
    }

    /// Each case that does not come out as ICU printed it, and how many were checked.
    static func failures() throws -> CorpusFailures {
        var failures: [String] = []
        var count = 0
        var zones: [String: ZoneInfo] = [:]
        let messages = Self.corpus.messages
        for line in Self.corpus.lines {
            if zones[line.timeZone] == nil { zones[line.timeZone] = ZoneInfo(identifier: line.timeZone) }
            guard let zone = zones[line.timeZone] else { continue }
            let formatter = ICUMessageFormatter(timeZone: zone)
            let locale = try LocaleTag(line.locale)
            for (index, message) in messages.enumerated() {
                count += 1
                let output = formatter.format(message, locale: locale, arguments: ["t": .date(line.date)])
                if output.text != line.expected[index] || !output.problems.isEmpty {
                    failures.append(
                        "line \(line.line) \(line.locale) \(line.timeZone) \(line.date) \(message): "
                            + "\(output.text.debugDescription) != \(line.expected[index].debugDescription)")
                }
            }
        }
        return (failures, count)
    }
}
