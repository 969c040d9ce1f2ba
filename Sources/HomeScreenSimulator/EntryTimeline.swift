import I18nCore
import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One moment of a widget's timeline, as WidgetKit's `TimelineEntry`: a date and whatever the widget shows
/// from then on.
package protocol DatedEntry: Sendable {
    /// When the widget starts showing this entry.
    var date: Date { get }
}

/// Entries in date order and when to ask for more, as WidgetKit's `Timeline`.
///
///     EntryTimeline(entries: [now, midnight], policy: .atEnd)
package struct EntryTimeline<Entry: DatedEntry>: Sendable {
    /// When the host asks the provider for a new timeline, as WidgetKit's `TimelineReloadPolicy`.
    package enum ReloadPolicy: Hashable, Sendable {
        /// After the last entry's date.
        case atEnd
        /// At the given date.
        case after(Date)
        /// Only when asked to (a reload request).
        case never
    }

    /// The entries, sorted by date.
    package let entries: [Entry]
    /// When the host asks the provider for a new timeline.
    package let policy: ReloadPolicy

    /// Entries are kept in date order whatever order they are given in.
    /// - Parameters:
    ///   - entries: the entries, in any order.
    ///   - policy: when to ask the provider for the next timeline.
    package init(entries: [Entry], policy: ReloadPolicy) {
        self.entries = entries.sorted { $0.date < $1.date }
        self.policy = policy
    }

    /// The entry a widget shows at `date`: the last one dated at or before it, or the first when all are later.
    /// - Parameter date: the instant the widget is shown.
    package func entry(at date: Date) -> Entry? {
        entries.last { $0.date <= date } ?? entries.first
    }

    /// When the next entry takes over after `date`, if any.
    /// - Parameter date: the instant to look from; an entry dated exactly then does not count.
    package func nextEntryDate(after date: Date) -> Date? {
        entries.first { $0.date > date }?.date
    }

    /// When the policy asks for a new timeline; `nil` for `.never` (and for `.atEnd` with no entries).
    package var reloadDate: Date? {
        switch policy {
        case .atEnd: return entries.last?.date
        case .after(let date): return date
        case .never: return nil
        }
    }
}

/// The surface an entry renders on: a home-screen widget's size, WidgetKit's system families
/// (`WidgetFamily.systemSmall`, …, ``homeScreen``), or one of a Live Activity's presentations
/// (``activityPresentations``: the Lock Screen and the Dynamic Island's compact, minimal and expanded views).
package enum HomeScreenFamily: String, Hashable, Sendable, CaseIterable {
    /// The small square widget (158×158 pt on an iPhone 15 Pro).
    case systemSmall
    /// The wide medium widget (338×158 pt on an iPhone 15 Pro).
    case systemMedium
    /// The large widget (338×354 pt on an iPhone 15 Pro).
    case systemLarge
    /// A Live Activity on the Lock Screen (and the banner of a device without the Dynamic Island): ActivityKit's
    /// `ActivityConfiguration` content view.
    case lockScreen
    /// A Live Activity in the Dynamic Island when it is the only one: the compact trailing view beside the
    /// camera (`DynamicIsland`'s `compactTrailing`; the leading view holds the app's icon, no text).
    case islandCompact
    /// A Live Activity in the Dynamic Island beside another: the minimal view (`minimal`).
    case islandMinimal
    /// A Live Activity in the Dynamic Island, long-pressed: the expanded view (`expanded`).
    case islandExpanded

    /// The home-screen widget sizes.
    package static let homeScreen: [HomeScreenFamily] = [.systemSmall, .systemMedium, .systemLarge]
    /// The presentations of a Live Activity.
    package static let activityPresentations: [HomeScreenFamily] = [
        .lockScreen, .islandCompact, .islandMinimal, .islandExpanded,
    ]

    /// Whether this is a presentation of a Live Activity rather than a widget size.
    package var isActivityPresentation: Bool { Self.activityPresentations.contains(self) }

    /// Whether this is one of the Dynamic Island's presentations.
    package var isDynamicIsland: Bool { self == .islandCompact || self == .islandMinimal || self == .islandExpanded }

    /// `small`, `medium`, `large` as the CLI spells them, or a presentation's own name (`lockScreen`).
    /// - Parameter shortName: `small`, `medium`, `large`, `lockScreen`, `islandCompact`, `islandMinimal` or
    ///   `islandExpanded`.
    package init?(shortName: String) {
        if let presentation = Self.activityPresentations.first(where: { $0.rawValue == shortName }) {
            self = presentation
            return
        }
        self.init(rawValue: "system" + shortName.prefix(1).uppercased() + shortName.dropFirst())
    }

    /// `small`, `medium` or `large`; a presentation's own name.
    package var shortName: String {
        switch self {
        case .systemSmall: "small"
        case .systemMedium: "medium"
        case .systemLarge: "large"
        default: rawValue
        }
    }
}

/// What a provider knows about the widget it renders for, as WidgetKit's `TimelineProviderContext`.
package struct EntryTimelineContext: Sendable {
    /// The size the widget renders at.
    package var family: HomeScreenFamily
    /// The time zone midnights and times are computed in.
    package var timeZone: ZoneInfo
    /// The time the host considers "now".
    package var date: Date
    /// Rendering for a placeholder or gallery preview rather than the home screen.
    package var isPreview: Bool

    /// A context for a widget of `family` in `timeZone` at `date`; by default a medium home-screen widget, now,
    /// in the process's time zone.
    /// - Parameters:
    ///   - family: the size the widget renders at; `.systemMedium` by default.
    ///   - timeZone: the zone midnights and times are computed in; the process's time zone by default.
    ///   - date: the time the provider treats as now; the current time by default.
    ///   - isPreview: whether this renders a placeholder or gallery preview; `false` by default.
    package init(
        family: HomeScreenFamily = .systemMedium, timeZone: ZoneInfo = .current, date: Date = Date(),
        isPreview: Bool = false
    ) {
        self.family = family
        self.timeZone = timeZone
        self.date = date
        self.isPreview = isPreview
    }
}

/// Gives a widget its entries, as WidgetKit's `TimelineProvider` (async instead of completion handlers).
package protocol EntryTimelineProvider<Entry>: Sendable {
    /// The type of entry the provider makes.
    associatedtype Entry: DatedEntry
    /// The kind of widget, as reload requests name it.
    var kind: String { get }
    /// A quick entry with no real data, shown while loading.
    /// - Parameter context: the widget's family, time zone and current date.
    func placeholder(in context: EntryTimelineContext) -> Entry
    /// The entry for now, for previews and transient displays.
    /// - Parameter context: the widget's family, time zone and current date.
    func snapshot(in context: EntryTimelineContext) async -> Entry
    /// The entries from now on and when to ask for the next timeline.
    /// - Parameter context: the widget's family, time zone and current date.
    func timeline(in context: EntryTimelineContext) async -> EntryTimeline<Entry>
}
