import Foundation
import I18nCore
import LocaleData
import TestSupport
import Testing

/// The calendar corpus: date messages formatted by ICU4C 77.1 (CLDR 47) in every calendar LocaleData has —
/// the defaults of `th`, `fa`, `ps`, and `-u-ca-` buddhist, japanese, persian, hebrew, islamic-umalqura,
/// islamic-civil, roc, chinese, dangi and gregory — over days that cross their years, months, eras and leap
/// months, in UTC and a zone of their region; made by `scripts/generate/icu-corpus.py`. Every case must come out
/// exactly as ICU printed it, marks (U+200E, U+200F, U+061C) included. A case marked with a `difference` is
/// one WidgetI18n deliberately does not match, and the reason: it must then report a problem and show the
/// placeholder rather than a date.
@Suite struct CalendarCorpusTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let line: Int
        let locale: String
        let calendar: String
        let message: String
        let arguments: MessageArguments
        let timeZone: String
        let expected: String
        let difference: String?

        var testDescription: String { "line \(line): \(locale) \(message)" }
    }

    static let cases: [Case] = {
        guard let text = try? testData.bytes("calendar-corpus.jsonl") else { return [] }
        var cases: [Case] = []
        for (offset, line) in String(decoding: text, as: UTF8.self).split(separator: "\n").enumerated() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let expected = object["expected"] as? String, let locale = object["locale"] as? String,
                let calendar = object["calendar"] as? String, let message = object["message"] as? String,
                let zone = object["timeZone"] as? String
            else { continue }
            var arguments: MessageArguments = [:]
            for (name, value) in object["arguments"] as? [String: Any] ?? [:] {
                arguments[name] = ICUCorpusTests.argument(value)
            }
            cases.append(
                Case(
                    line: offset + 1, locale: locale, calendar: calendar, message: message, arguments: arguments,
                    timeZone: zone, expected: expected, difference: object["difference"] as? String))
        }
        return cases
    }()

    @Test func theCorpusCoversEveryCalendar() throws {
        let calendars = Set(Self.cases.map(\.calendar))
        #expect(calendars.count == CalendarSystem.allCases.count)
        // ICU's `Calendar::getType` names two calendars otherwise than BCP 47.
        func icuType(_ calendar: CalendarSystem) -> String {
            calendar == .gregorian ? "gregorian" : calendar == .ethioaa ? "ethiopic-amete-alem" : calendar.identifier
        }
        for calendar in CalendarSystem.allCases {
            #expect(calendars.contains(icuType(calendar)), "no case in the \(icuType(calendar)) calendar")
        }
        // The locale's calendar, as ICU picked it for the case, is the one LocaleData picks.
        for testCase in Self.cases {
            let picked = CalendarSystem.preferred(for: try LocaleTag(testCase.locale))
            #expect(icuType(picked) == testCase.calendar, "\(testCase)")
        }
    }

    @Test func everyCaseFormatsExactlyAsICU() throws {
        let (failures, passed) = try Self.failures()
        #expect(
            failures.isEmpty,
            Comment(
                rawValue:
                    "\(failures.count) of \(Self.cases.count) differ; passed by calendar: \(passed.sorted { $0.key < $1.key })\n"
                    + failures.prefix(60).joined(separator: "\n")))
    }

    /// The same cases with the locale data of the corpus's locales only (every family), as a widget that ships
    /// those locales formats them.
    @Test func everyCaseFormatsExactlyAsICUOnASliceOfItsLocales() async {
        await #expect(processExitsWith: .success) {
            exitCheckingOnASlice(of: Self.cases.map(\.locale)) { (try Self.failures().failures, Self.cases.count) }
        }
    }

    /// Each case that does not come out as ICU printed it, and how many passed in each calendar.
    static func failures() throws -> (failures: [String], passed: [String: Int]) {
        var failures: [String] = []
        var passed: [String: Int] = [:]
        var zones: [String: ZoneInfo] = [:]
        for testCase in Self.cases {
            if zones[testCase.timeZone] == nil { zones[testCase.timeZone] = ZoneInfo(identifier: testCase.timeZone) }
            guard let zone = zones[testCase.timeZone] else {
                failures.append("unknown time zone \(testCase.timeZone)")
                continue
            }
            let formatter = ICUMessageFormatter(timeZone: zone)
            let output = formatter.format(
                testCase.message, locale: try LocaleTag(testCase.locale), arguments: testCase.arguments)
            let matches: Bool
            if testCase.difference != nil {
                matches = output.text.contains("{d}") && !output.problems.isEmpty
            } else {
                matches = output.text == testCase.expected && output.problems.isEmpty
            }
            if matches {
                passed[testCase.calendar, default: 0] += 1
            } else {
                failures.append(
                    "line \(testCase.line) \(testCase.locale) \(testCase.timeZone) \(testCase.message) "
                        + "\(testCase.arguments): \(output.text.debugDescription) != "
                        + "\(testCase.expected.debugDescription) \(output.problems)")
            }
        }
        return (failures, passed)
    }

    /// A date a table does not reach is a problem of its message, which names the calendar and the range.
    @Test func aDateOutsideATableIsAProblemThatSaysWhy() throws {
        let formatter = ICUMessageFormatter(timeZone: .utc)
        let output = formatter.format(
            "On {d, date, long}", locale: try LocaleTag("zh-u-ca-chinese"),
            arguments: ["d": .date(Date(timeIntervalSince1970: 4_133_980_800))])  // 2101-01-01
        #expect(output.text == "On {d}")
        #expect(
            output.problems.map(\.description) == [
                "Argument 'd' must be a date the chinese calendar's table covers (local days 1900-01-01 to "
                    + "2100-12-31), not 2101-01-01T00:00:00Z"
            ])
    }

    /// ICU's astronomical Islamic calendar moves to a month on its first local day only from the instant its moon
    /// age turns positive (2026-01-18T20:06:36.757Z for Sha'ban 1447): in Karachi the first hours of the day are
    /// still Rajab 30, as ICU prints them.
    @Test func theAstronomicalIslamicMonthStartsAtICUsMoonCrossing() throws {
        let karachi = try #require(ZoneInfo(identifier: "Asia/Karachi"))
        let formatter = ICUMessageFormatter(timeZone: karachi)
        let tag = try LocaleTag("en-u-ca-islamic")
        func day(_ iso: String) -> String {
            formatter.format("{d, date, ::GyMMMd}", locale: tag, arguments: ["d": .date(date(iso))]).text
        }
        #expect(day("2026-01-18T19:00:00Z") == "Raj. 30, 1447 AH")
        #expect(day("2026-01-18T20:06:36Z") == "Raj. 30, 1447 AH")
        #expect(day("2026-01-18T20:06:37Z") == "Sha. 1, 1447 AH")
        #expect(day("2026-01-19T12:00:00Z") == "Sha. 1, 1447 AH")
    }
}
