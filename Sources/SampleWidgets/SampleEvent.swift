import GroupContract
import GroupStore
import I18nCore
import TimelineEngine
import WidgetTranslator

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One of the app's events, as it writes them to the group store key `events`.
package struct SampleEvent: Codable, Hashable, Sendable {
    /// The event's identifier, as `DaysSinceWidget`'s `eventID` names it.
    package let id: String
    /// The event's name, shown in the widgets' text.
    package let title: String
    /// When the event starts; the widgets read an ISO 8601 date, or a plain `yyyy-MM-dd` day as midnight UTC.
    package let startDate: Date
    /// `days` (default), `weeks` or `months`.
    package let showTimeAs: String?
    /// An all-day event has no time of day.
    package let allDay: Bool?

    /// An event; a `nil` `showTimeAs` shows days, and a `nil` `allDay` means the event has a time of day.
    /// - Parameters:
    ///   - id: the event's identifier.
    ///   - title: the event's name.
    ///   - startDate: when the event starts.
    ///   - showTimeAs: `days`, `weeks` or `months`; days when `nil`, the default.
    ///   - allDay: whether the event lasts all day; `nil`, the default, means it has a time of day.
    package init(id: String, title: String, startDate: Date, showTimeAs: String? = nil, allDay: Bool? = nil) {
        self.id = id
        self.title = title
        self.startDate = startDate
        self.showTimeAs = showTimeAs
        self.allDay = allDay
    }
}
