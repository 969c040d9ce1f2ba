import GroupStore
import HomeScreenSimulator
import I18nCore
import LocaleData
import TimelineEngine
import WidgetTranslator

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The "today" sample widget: a greeting with the user's name, today's event count in the locale's plural
/// forms, the next event, and how long ago it was updated ("Updated 5 minutes ago"), all in the app's locale.
///
/// Reads `profile` (`{"name": …}`) and `events` from the group store. Its timeline has an entry for now, one
/// as each of today's events starts (the "next up" line moves on), and one at midnight.
package struct TodayWidget: EntryTimelineProvider {
    /// `today`: the kind reload requests name this widget by.
    package let kind = "today"
    /// The store, project and locales the widget reads.
    package let source: WidgetSource

    /// The "today" widget reading from `source`.
    /// - Parameter source: where the widget reads its messages and events.
    package init(source: WidgetSource) {
        self.source = source
    }

    /// The footer counts hours all day: the timeline is made at most a local day ago (25 hours on the day clocks go
    /// back), so formatjs' switch to days at 22 hours would say "yesterday" of a time earlier today.
    static let footerThresholds = RelativeTimeThresholds(hour: 26)

    struct Profile: Decodable {
        let name: String?
    }

    /// An entry with only the widget's title.
    package func placeholder(in context: EntryTimelineContext) -> WidgetEntry {
        var builder = EntryBuilder(translator: source.translator(timeZone: context.timeZone))
        builder.add("today.title", as: .title)
        return builder.entry(at: context.date, family: context.family)
    }

    /// The entry for the context's date, with the store's current profile and events.
    package func snapshot(in context: EntryTimelineContext) async -> WidgetEntry {
        render(
            at: context.date, updated: Self.updated(source, at: context.date), context: context,
            translator: source.translator(timeZone: context.timeZone), data: AppData(source))
    }

    /// Entries for now, for the start of each of today's remaining events, for each change of the "Updated …
    /// ago" footer (`RelativeTextSchedule`) and for the next local midnight, reloaded at the last one.
    package func timeline(in context: EntryTimelineContext) async -> EntryTimeline<WidgetEntry> {
        let translator = source.translator(timeZone: context.timeZone)
        let zone = context.timeZone
        let midnight = zone.startOfDay(number: zone.dayNumber(of: context.date) + 1)
        // The app's profile and events are read once per timeline, not once per entry.
        let data = AppData(source)
        let starts = data.events.map(\.startDate).filter { $0 > context.date && $0 < midnight }
        // The footer says how long ago the data it shows was written ("Updated 5 minutes ago"), not when this
        // timeline was made (a reload at midnight is no update): an entry wherever that text changes keeps it true
        // until the reload at midnight, without spending reloads on it. A small widget has no footer, and no
        // entries for it.
        let updated = Self.updated(source, at: context.date)
        let format = translator.format
        // A context date JavaScript's Date could not hold has no footer changes to schedule.
        let footerChanges =
            context.family == .systemSmall
            ? []
            : (try? RelativeTextSchedule().changes(
                of: updated, after: context.date, through: midnight, timeZone: zone,
                thresholds: Self.footerThresholds
            ) { try format.relativeTime(from: updated, to: $0, thresholds: Self.footerThresholds) }) ?? []
        let dates = Set([context.date, midnight] + starts + footerChanges).sorted()
        return EntryTimeline(
            entries: dates.map {
                render(at: $0, updated: updated, context: context, translator: translator, data: data)
            },
            policy: .atEnd)
    }

    /// When the data shown was written (`WidgetSource.dataUpdated()`), never later than `date`; `date` itself when
    /// the store cannot tell.
    static func updated(_ source: WidgetSource, at date: Date) -> Date {
        min(source.dataUpdated() ?? date, date)
    }

    /// What the widget reads of the app's own data: the events by start, and the user's name.
    struct AppData {
        let events: [SampleEvent]
        let name: String?
        /// What could not be read of it.
        let problems: [StoreProblem]

        init(_ source: WidgetSource) {
            let events = source.events()
            let profile = source.json(Profile.self, forKey: "profile")
            self.events = events.value.sorted { $0.startDate < $1.startDate }
            name = profile.value?.name
            problems = events.problems + profile.problems
        }
    }

    func render(
        at date: Date, updated: Date, context: EntryTimelineContext, translator: WidgetTranslator, data: AppData
    ) -> WidgetEntry {
        var builder = EntryBuilder(translator: translator)
        builder.dataProblems = data.problems
        let zone = context.timeZone
        let today = data.events.filter { zone.isDate($0.startDate, inSameDayAs: date) }
        builder.add("today.title", as: .title)
        // A medium widget has the height of a small one and room for the next event instead of the greeting.
        if context.family != .systemMedium, let name = data.name {
            builder.add("today.greeting", ["name": .string(name)], as: .body)
        }
        builder.add("today.events", ["count": .number(MessageNumber(today.count))], as: .headline)
        if context.family != .systemSmall {
            if let next = today.first(where: { $0.startDate >= date }) {
                let when: String
                if next.allDay == true {
                    when = translator.translate("today.allDay").text
                } else {
                    when =
                        translator.formatter.format(
                            "{t, time, short}", locale: builder.locale, arguments: ["t": .date(next.startDate)]
                        ).text
                }
                builder.add("today.nextUp", as: .caption)
                builder.add(text: "\(when) · \(next.title)", key: "event", as: .body)
            } else if today.isEmpty {
                builder.add("today.empty", as: .body)
            }
        }
        if context.family == .systemLarge || context.family == .systemMedium {
            // Inside the message's sentence, worded as the app's JavaScript words it, which `Text(updated, style:
            // .relative)` cannot be; no footer for a date past JavaScript's.
            if let ago = try? WidgetFormatter(locale: builder.locale, timeZone: zone).relativeTime(
                from: updated, to: date, thresholds: Self.footerThresholds)
            {
                builder.add("today.updatedAgo", ["ago": .string(ago)], as: .secondary)
            }
        }
        return builder.entry(at: date, family: context.family)
    }
}
