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

/// The "days since" sample widget: how long since an event, in the locale's plural forms, rolling over
/// exactly at each local midnight.
///
/// Reads the app's events from the group store key `events` (a JSON array of `{"id", "title", "startDate",
/// "showTimeAs"?}`) and shows the chosen one, or the most recent one that has started.
package struct DaysSinceWidget: EntryTimelineProvider {
    /// `days-since`: the kind reload requests name this widget by.
    package let kind = "days-since"
    /// The store, project and locales the widget reads.
    package let source: WidgetSource
    /// The event to show; the most recent started one when `nil`.
    package let eventID: String?
    /// How many midnights ahead a timeline covers.
    package let days: Int

    /// The "days since" widget reading from `source`, showing `eventID` (or the most recent started event), with
    /// timelines `days` midnights long.
    /// - Parameters:
    ///   - source: where the widget reads its messages and events.
    ///   - eventID: the identifier of the event to show; the most recent started event when `nil`, the default.
    ///   - days: how many midnights each timeline covers; 7 by default.
    package init(source: WidgetSource, eventID: String? = nil, days: Int = 7) {
        self.source = source
        self.eventID = eventID
        self.days = days
    }

    /// An entry with only the widget's title.
    package func placeholder(in context: EntryTimelineContext) -> WidgetEntry {
        var builder = EntryBuilder(translator: source.translator(timeZone: context.timeZone))
        builder.add("daysSince.title", as: .title)
        return builder.entry(at: context.date, family: context.family)
    }

    /// The entry for the context's date, with the store's current events.
    package func snapshot(in context: EntryTimelineContext) async -> WidgetEntry {
        render(
            at: context.date, context: context, translator: source.translator(timeZone: context.timeZone),
            events: source.events())
    }

    /// Entries for now and each of the next `days` local midnights, when the count rolls over, reloaded at
    /// the last one.
    package func timeline(in context: EntryTimelineContext) async -> EntryTimeline<WidgetEntry> {
        let translator = source.translator(timeZone: context.timeZone)
        let zone = context.timeZone
        let end = zone.startOfDay(number: zone.dayNumber(of: context.date) + days)
        let dates = [context.date] + zone.midnights(after: context.date, through: end)
        // The app's events are read once per timeline, not once per entry.
        let events = source.events()
        return EntryTimeline(
            entries: dates.map { render(at: $0, context: context, translator: translator, events: events) },
            policy: .atEnd)
    }

    func render(
        at date: Date, context: EntryTimelineContext, translator: WidgetTranslator, events read: AppValue<[SampleEvent]>
    ) -> WidgetEntry {
        var builder = EntryBuilder(translator: translator)
        builder.dataProblems = read.problems
        let events = read.value
        let event =
            events.first { $0.id == eventID }
            ?? events.filter { $0.startDate <= date }.max { $0.startDate < $1.startDate }
        guard let event else {
            builder.add("daysSince.empty.title", as: .headline)
            if context.family != .systemSmall { builder.add("daysSince.empty.hint", as: .body) }
            return builder.entry(at: date, family: context.family)
        }
        if context.family != .systemSmall { builder.add("daysSince.title", as: .title) }
        let zone = context.timeZone
        let days = zone.days(from: event.startDate, to: date)
        let title = LocalizedMessage.Argument.string(event.title)
        switch event.showTimeAs {
        case _ where days == 0:
            builder.add("daysSince.today", ["event": title], as: .headline)
        case "weeks":
            builder.add("daysSince.weeks", ["weeks": .number(MessageNumber(days / 7)), "event": title], as: .headline)
        case "months":
            let months = zone.months(from: event.startDate, to: date)
            builder.add("daysSince.months", ["months": .number(MessageNumber(months)), "event": title], as: .headline)
        default:
            builder.add("daysSince.days", ["days": .number(MessageNumber(days)), "event": title], as: .headline)
        }
        if context.family == .systemLarge {
            builder.add("daysSince.milestone", ["days": .number(MessageNumber(max(days, 1)))], as: .body)
        }
        return builder.entry(at: date, family: context.family)
    }
}
