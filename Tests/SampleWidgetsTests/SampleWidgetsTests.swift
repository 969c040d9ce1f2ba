import Foundation
import GroupContract
import GroupStore
import HomeScreenSimulator
import I18nCore
import LocaleData
import SampleWidgets
import TestSupport
import Testing
import TimelineEngine
import WidgetI18nSupport
import WidgetTranslator

private let project = try! ProjectID("acme/widgets")
private let bundles = try! BundledMessages.load(fromDirectory: Repository.sampleProjectLocales)

/// A group store holding every sample locale, the app's events and profile, as after `fetch --all`.
private func store(locale: String, events: String, profile: String? = #"{"name": "Ayşe"}"#) throws -> InMemoryGroupStore
{
    var values = ["@better-i18n:locale:acme/widgets": locale, "events": events]
    if let profile { values["profile"] = profile }
    for code in ["en", "tr", "de", "fr", "ar", "ru", "pl", "ja", "pt-br", "zh-hant"] {
        let data = try #require(
            FileManager.default.contents(atPath: Repository.sampleProjectLocales + "/\(code)/translations.json"))
        values["@better-i18n:messages:acme/widgets:\(code)"] = String(decoding: data, as: UTF8.self)
    }
    return InMemoryGroupStore(values)
}

private let istanbul = ZoneInfo(identifier: "Europe/Istanbul")!

@Suite struct DaysSinceWidgetTests {
    let events =
        #"[{"id": "run", "title": "Maraton", "startDate": "2026-10-08T08:00:00Z"}, {"id": "job", "title": "İş", "startDate": "2025-11-29T06:00:00Z", "showTimeAs": "months"}, {"id": "w", "title": "Yoga", "startDate": "2026-11-01", "showTimeAs": "weeks"}]"#

    /// The app's data in a shape the widget does not read is no silent "no events": the entry says so, as it says
    /// what the translator met, and a store without events has no problem at all.
    @Test func eventsTheWidgetCannotReadAreAProblemOfTheEntry() async throws {
        let context = EntryTimelineContext(
            family: .systemMedium, timeZone: istanbul, date: date("2026-11-29T18:00:00Z"))
        let broken = DaysSinceWidget(
            source: WidgetSource(store: try store(locale: "tr", events: #"{"run": "not a list"}"#), project: project))
        let entry = await broken.snapshot(in: context)
        #expect(entry.problems.map(\.code) == [.unusableValue], "\(entry.problems)")
        #expect(entry.problems.first?.message.contains("'events'") == true)
        let today = await TodayWidget(
            source: WidgetSource(store: try store(locale: "tr", events: "[", profile: "[1]"), project: project)
        ).snapshot(in: context)
        #expect(today.problems.map(\.code) == [.unusableValue, .unusableValue], "\(today.problems)")
        let fine = await DaysSinceWidget(
            source: WidgetSource(store: try store(locale: "tr", events: "[]"), project: project)
        ).snapshot(in: context)
        #expect(fine.problems.isEmpty)
    }

    @Test(arguments: [
        ("en", "52 days since Maraton", "53 days since Maraton"),
        ("ru", "Maraton: прошло 52 дня", "Maraton: прошло 53 дня"),
        ("pl", "Maraton: minęły 52 dni", "Maraton: minęły 53 dni"),
        ("ar", "52 يومًا منذ Maraton", "53 يومًا منذ Maraton"),
        ("ja", "Maratonから52日", "Maratonから53日"),
        ("tr", "Maraton üzerinden 52 gün geçti", "Maraton üzerinden 53 gün geçti"),
        ("fr", "52 jours depuis Maraton", "53 jours depuis Maraton"),
    ])
    func countsRollOverAtLocalMidnight(_ locale: String, _ before: String, _ after: String) async throws {
        let widget = DaysSinceWidget(
            source: WidgetSource(store: try store(locale: locale, events: events), project: project), eventID: "run")
        let context = EntryTimelineContext(
            family: .systemMedium, timeZone: istanbul, date: date("2026-11-29T18:00:00Z"))
        let timeline = await widget.timeline(in: context)
        #expect(timeline.policy == .atEnd)
        #expect(timeline.entries.count == 8)
        #expect(timeline.entries[1].date == date("2026-11-29T21:00:00Z"))  // midnight in Istanbul (UTC+3)
        #expect(timeline.entries[0].lines.last?.text == before)
        #expect(timeline.entries[1].lines.last?.text == after)
        #expect(timeline.entries[0].locale == LocaleTag(parsing: locale))
        #expect(timeline.entries[0].direction == (locale == "ar" ? .rightToLeft : .leftToRight))
        #expect(timeline.entries[0].lines.allSatisfy { $0.source == .requestedLocale(LocaleTag(parsing: locale)!) })
    }

    @Test func weeksMonthsTodayAndTheEmptyState() async throws {
        let context = EntryTimelineContext(
            family: .systemSmall, timeZone: istanbul, date: date("2026-11-29T18:00:00Z"))
        let source = WidgetSource(store: try store(locale: "en", events: events), project: project)
        #expect(
            await DaysSinceWidget(source: source, eventID: "job").snapshot(in: context).lines.map(\.text) == [
                "12 months since İş"
            ])
        #expect(
            await DaysSinceWidget(source: source, eventID: "w").snapshot(in: context).lines.map(\.text) == [
                "4 weeks since Yoga"
            ])
        // Without a chosen event: the most recent that has started.
        #expect(await DaysSinceWidget(source: source).snapshot(in: context).lines.map(\.text) == ["4 weeks since Yoga"])
        let fresh = WidgetSource(
            store: try store(
                locale: "de", events: #"[{"id": "x", "title": "Start", "startDate": "2026-11-29T10:00:00Z"}]"#),
            project: project)
        #expect(await DaysSinceWidget(source: fresh).snapshot(in: context).lines.map(\.text) == ["Start ist heute"])
        let empty = WidgetSource(store: try store(locale: "ru", events: "[]"), project: project)
        let medium = EntryTimelineContext(
            family: .systemMedium, timeZone: istanbul, date: date("2026-11-29T18:00:00Z"))
        #expect(
            await DaysSinceWidget(source: empty).snapshot(in: medium).lines.map(\.text)
                == ["Пока нет событий", "Добавьте событие в приложении, чтобы начать отсчёт"])
    }

    @Test func aDaylightSavingDayStillCountsAsOneDay() async throws {
        let berlin = ZoneInfo(identifier: "Europe/Berlin")!
        let events = #"[{"id": "e", "title": "Start", "startDate": "2026-03-27T10:00:00Z"}]"#
        let widget = DaysSinceWidget(
            source: WidgetSource(store: try store(locale: "en", events: events), project: project), days: 3)
        let timeline = await widget.timeline(
            in: EntryTimelineContext(family: .systemSmall, timeZone: berlin, date: date("2026-03-28T12:00:00Z")))
        #expect(
            timeline.entries.map(\.date)
                == ["2026-03-28T12:00:00Z", "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", "2026-03-30T22:00:00Z"].map(
                    date))
        #expect(
            timeline.entries.map { $0.lines[0].text } == [
                "1 day since Start", "2 days since Start", "3 days since Start", "4 days since Start",
            ])
    }

    @Test func untranslatedLinesSayWhichFallbackAnswered() async throws {
        let widget = DaysSinceWidget(
            source: WidgetSource(store: try store(locale: "ru", events: events), project: project), eventID: "run")
        let entry = await widget.snapshot(
            in: EntryTimelineContext(family: .systemLarge, timeZone: istanbul, date: date("2026-11-29T18:00:00Z")))
        let milestone = try #require(entry.lines.last)
        #expect(milestone.key == "daysSince.milestone")
        #expect(milestone.source == .defaultLocale(.english))
        // The English text, with Russian ordinal rules (every number is "other" there): the detected locale's
        // rules always apply, as the "Resolving a key" article says, even to a fallback's text.
        #expect(milestone.text == "Your 52th day. Keep going!")
    }
}

@Suite struct TodayWidgetTests {
    let events =
        #"[{"id": "a", "title": "Standup", "startDate": "2026-11-29T07:00:00Z"}, {"id": "b", "title": "Lunch", "startDate": "2026-11-29T10:30:00Z"}, {"id": "c", "title": "Tomorrow", "startDate": "2026-11-30T07:00:00Z"}]"#

    @Test(arguments: [
        (
            "en",
            ["Today", "Hello, Ayşe!", "2 events today", "Next up", "1:30\u{202F}PM · Lunch", "Updated now"]
        ),
        ("de", ["Heute", "Hallo Ayşe!", "2 Termine heute", "Als Nächstes", "13:30 · Lunch", "Aktualisiert jetzt"]),
        (
            "ar",
            ["اليوم", "مرحبًا يا Ayşe!", "حدثان اليوم", "التالي", "1:30 م · Lunch", "آخر تحديث الآن"]
        ),
        ("ru", ["Сегодня", "Привет, Ayşe!", "Сегодня 2 события", "Далее", "13:30 · Lunch", "Обновлено сейчас"]),
        ("ja", ["今日", "こんにちは、Ayşeさん！", "今日の予定は2件", "次の予定", "13:30 · Lunch", "今に更新"]),
    ])
    func rendersTheDayInEachLocale(_ locale: String, _ expected: [String]) async throws {
        let widget = TodayWidget(
            source: WidgetSource(store: try store(locale: locale, events: events), project: project))
        let context = EntryTimelineContext(
            family: .systemLarge, timeZone: istanbul, date: date("2026-11-29T09:00:00Z"))
        let timeline = await widget.timeline(in: context)
        // Now, when Lunch starts, midnight, and each change of the footer in between.
        let dates = timeline.entries.map(\.date)
        #expect(
            Set(["2026-11-29T09:00:00Z", "2026-11-29T10:30:00Z", "2026-11-29T21:00:00Z"].map(date)).isSubset(
                of: dates))
        #expect(dates.first == date("2026-11-29T09:00:00Z") && dates.last == date("2026-11-29T21:00:00Z"))
        #expect(timeline.entries[0].lines.map(\.text) == expected)
        #expect(timeline.entries.last?.lines.map(\.key).contains("today.empty") == false)
    }

    /// The footer is "Updated … ago" in the widget's language, and the timeline has an entry wherever it changes:
    /// every minute to 44 minutes, then every hour, until the reload at midnight.
    @Test func theFooterStaysTrueAcrossTheTimeline() async throws {
        let widget = TodayWidget(source: WidgetSource(store: try store(locale: "tr", events: events), project: project))
        let start = date("2026-11-29T09:00:00Z")
        let timeline = await widget.timeline(
            in: EntryTimelineContext(family: .systemMedium, timeZone: istanbul, date: start))
        func footer(at offset: Double) -> String? {
            timeline.entry(at: start.addingTimeInterval(offset))?.lines.first { $0.key == "today.updatedAgo" }?.text
        }
        #expect(footer(at: 0) == "şimdi güncellendi")
        #expect(footer(at: 44) == "şimdi güncellendi")
        #expect(footer(at: 45) == "1 dakika önce güncellendi")
        #expect(footer(at: 90.5) == "2 dakika önce güncellendi")
        #expect(footer(at: 44 * 60) == "44 dakika önce güncellendi")
        #expect(footer(at: 50 * 60) == "1 saat önce güncellendi")
        #expect(footer(at: 5 * 3600 + 1) == "5 saat önce güncellendi")
        #expect(footer(at: 11.9 * 3600) == "12 saat önce güncellendi")
        let footerEntries = timeline.entries.count - 3
        #expect(footerEntries == 44 + 12, "\(timeline.entries.map(\.date))")
        #expect(timeline.policy == .atEnd)
    }

    /// A timeline made at midnight counts hours all day: 22 hours later is not "yesterday" (formatjs' default
    /// switch to days), and a small widget, which has no footer, has no entries for it.
    @Test func aTimelineFromMidnightCountsHoursAllDay() async throws {
        let source = WidgetSource(store: try store(locale: "tr", events: events), project: project)
        let midnight = date("2026-11-28T21:00:00Z")  // 00:00 in Istanbul
        let timeline = await TodayWidget(source: source).timeline(
            in: EntryTimelineContext(family: .systemLarge, timeZone: istanbul, date: midnight))
        let footers = timeline.entries.compactMap { $0.lines.first { $0.key == "today.updatedAgo" }?.text }
        #expect(!footers.contains { $0.contains("dün") }, "\(footers)")
        #expect(footers.last == "24 saat önce güncellendi")
        #expect(
            timeline.entry(at: midnight.addingTimeInterval(22.6 * 3600))?.lines.last?.text == "23 saat önce güncellendi"
        )
        let small = await TodayWidget(source: source).timeline(
            in: EntryTimelineContext(family: .systemSmall, timeZone: istanbul, date: midnight))
        #expect(
            small.entries.map(\.date) == [midnight] + ["2026-11-29T07:00:00Z", "2026-11-29T10:30:00Z"].map(date) + [
                date("2026-11-29T21:00:00Z")
            ])
    }
}

extension TodayWidgetTests {
    /// A medium widget is as tall as a small one: it shows the next event instead of the greeting.
    @Test(arguments: [(HomeScreenFamily.systemSmall, true), (.systemMedium, false), (.systemLarge, true)])
    func theGreetingShowsInSmallAndLargeOnly(_ family: HomeScreenFamily, _ greets: Bool) async throws {
        let widget = TodayWidget(
            source: WidgetSource(store: try store(locale: "en", events: events), project: project))
        let entry = await widget.snapshot(
            in: EntryTimelineContext(family: family, timeZone: istanbul, date: date("2026-11-29T09:00:00Z")))
        #expect(entry.lines.map(\.key).contains("today.greeting") == greets)
        #expect(entry.lines.map(\.key).contains("today.nextUp") == (family != .systemSmall))
    }
}

@Suite struct LocaleSwitchTests {
    @Test func aLocaleSwitchThenAReloadRendersTheNewLanguage() async throws {
        let store = try store(
            locale: "en", events: #"[{"id": "e", "title": "Start", "startDate": "2026-11-27T10:00:00Z"}]"#)
        let widget = DaysSinceWidget(source: WidgetSource(store: store, project: project, preferredLanguages: []))
        let start = date("2026-11-29T09:00:00Z")
        let host = TimelineHost(
            provider: widget, store: store, project: project,
            context: EntryTimelineContext(family: .systemSmall, timeZone: istanbul, date: start))
        let first = await host.step(at: start)
        guard case .show(let english)? = first.last else {
            Issue.record("nothing shown: \(first)")
            return
        }
        #expect(english.lines.map(\.text) == ["2 days since Start"])
        // What the app does on a language change: store the locale, then ask widgets to reload.
        try store.setString("pl", forKey: StorageKey.locale(project: project))
        try ReloadRequest.record("locale changed to pl", project: project, in: store)
        let second = await host.step(at: start.addingTimeInterval(1))
        guard case .show(let polish)? = second.last else {
            Issue.record("nothing shown: \(second)")
            return
        }
        #expect(polish.lines.map(\.text) == ["Start: minęły 2 dni"])
        #expect(polish.locale == LocaleTag(parsing: "pl"))
    }
}

@Suite struct WidgetSourceTests {
    /// `--locale` is a parameter of the reader, not a store in front of it: the stored locale is not read, and
    /// the messages are opened from the store itself.
    @Test func aLocaleOverrideIsAParameterNotAStore() async throws {
        let recording = ForwardingGroupStore(over: try store(locale: "en", events: "[]"))
        let source = WidgetSource(store: recording, project: project, locale: LocaleTag(parsing: "de"))
        let entry = await TodayWidget(source: source).snapshot(
            in: EntryTimelineContext(family: .systemMedium, timeZone: istanbul, date: date("2026-11-29T18:00:00Z")))
        #expect(entry.locale == LocaleTag(parsing: "de"))
        #expect(entry.lines.first?.text == "Heute")
        let opened = recording.openedKeys
        #expect(opened.contains("@better-i18n:messages:acme/widgets:de"))
        #expect(!opened.contains("@better-i18n:locale:acme/widgets"), "\(opened)")
    }
}
