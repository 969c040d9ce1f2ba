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

/// What the sample widgets render: text lines in one locale, with the direction to lay them out in and the
/// fallback step that answered each one.
public struct WidgetEntry: DatedEntry, Hashable {
    /// One rendered string.
    public struct Line: Hashable, Sendable {
        /// The message key the line shows, or `event` for the next event's time and title.
        public let key: String
        /// The text to show, formatted for the entry's locale.
        public let text: String
        /// The step of the fallback chain that answered (`locale ar`, `default locale en`, …).
        public let source: ResolutionStep
        /// How the widget's view shows the line: its text style, colour and line limit.
        public let role: Role
    }

    /// A line's part in the widget's view, as a SwiftUI view would style it (`.font(.headline)`,
    /// `.foregroundStyle(.secondary)`, `.lineLimit(2)`). Previews and the layout check read it.
    public enum Role: String, Hashable, Sendable, CaseIterable {
        /// The widget's name at the top, in the accent colour.
        case title
        /// The one thing the widget says, large.
        case headline
        /// Supporting text.
        case body
        /// A small label above what it introduces.
        case caption
        /// Small, dimmed text at the bottom (when the widget was updated).
        case secondary
    }

    /// The direction an entry's lines are laid out in, from its locale's script.
    public enum Direction: String, Hashable, Sendable {
        /// Left to right, as in English or Russian.
        case leftToRight = "ltr"
        /// Right to left, as in Arabic or Hebrew.
        case rightToLeft = "rtl"
    }

    /// When the widget starts showing this entry.
    public let date: Date
    /// The lines to show, top to bottom.
    public let lines: [Line]
    /// The locale the lines were rendered in: the detected one, whatever fallback step answered each line.
    public let locale: LocaleTag
    /// The direction to lay the lines out in.
    public let direction: Direction
    /// The size the entry was made for.
    public let family: HomeScreenFamily
    /// What the translator that rendered the entry met in the store (unreadable values, corrupt or oversized
    /// bundles), as `WidgetTranslator.diagnostics` gives it: a host reports these, not a translator's that never
    /// rendered anything.
    public internal(set) var diagnostics: [String] = []

    /// The same content from another date on.
    /// - Parameter date: when the new entry takes over.
    public func with(date: Date) -> WidgetEntry {
        WidgetEntry(
            date: date, lines: lines, locale: locale, direction: direction, family: family, diagnostics: diagnostics)
    }
}

/// Builds a `WidgetEntry` line by line from a translator.
struct EntryBuilder {
    let translator: WidgetTranslator
    let locale: LocaleTag
    var lines: [WidgetEntry.Line] = []

    init(translator: WidgetTranslator) {
        self.translator = translator
        self.locale = translator.locale
    }

    mutating func add(_ key: String, _ arguments: MessageArguments = [:], as role: WidgetEntry.Role) {
        let translation = translator.translate(key, arguments: arguments)
        lines.append(
            WidgetEntry.Line(key: key, text: translation.text, source: translation.resolution.step, role: role))
    }

    mutating func add(text: String, key: String, as role: WidgetEntry.Role) {
        lines.append(WidgetEntry.Line(key: key, text: text, source: .callerDefault, role: role))
    }

    func entry(at date: Date, family: HomeScreenFamily) -> WidgetEntry {
        WidgetEntry(
            date: date, lines: lines, locale: locale, direction: locale.isRightToLeft ? .rightToLeft : .leftToRight,
            family: family, diagnostics: translator.diagnostics)
    }
}

/// A sample widget's configuration: the group store and project it reads.
public struct WidgetSource: Sendable {
    /// The group store the widget reads messages and the app's data (`events`, `profile`) from.
    public let store: any GroupStore
    /// The better-i18n project whose messages the widget shows.
    public let project: ProjectID
    /// The last locale of the fallback chain, and the locale when detection finds nothing.
    public let defaultLocale: LocaleTag
    /// Overrides the detected locale (the CLI's `--locale`).
    public let locale: LocaleTag?
    /// The messages shipped with the app, by locale, for keys the store does not have.
    public let bundledMessages: [LocaleTag: MessageBundle]
    /// The device's languages, most preferred first; ignored when `locale` is set.
    public let preferredLanguages: [String]

    /// A source reading `project` from `store`; `locale` fixes the locale instead of detecting it.
    /// - Parameters:
    ///   - store: the group store shared with the app.
    ///   - project: the better-i18n project whose keys to read.
    ///   - defaultLocale: the locale when detection finds nothing; English by default.
    ///   - locale: the locale to use instead of detecting one; detected when `nil`, the default.
    ///   - bundledMessages: messages shipped with the app, used when the store has nothing for a key; none by default.
    ///   - preferredLanguages: the device's languages, most preferred first; `PreferredLanguages.current` by default,
    ///     as a translator's.
    public init(
        store: any GroupStore, project: ProjectID, defaultLocale: LocaleTag = .english, locale: LocaleTag? = nil,
        bundledMessages: [LocaleTag: MessageBundle] = [:],
        preferredLanguages: [String] = PreferredLanguages.current
    ) {
        self.store = store
        self.project = project
        self.defaultLocale = defaultLocale
        self.locale = locale
        self.bundledMessages = bundledMessages
        self.preferredLanguages = preferredLanguages
    }

    /// A fresh translator, as a widget makes for each timeline: it reads the store again.
    func translator(timeZone: ZoneInfo) -> WidgetTranslator {
        WidgetTranslator(
            store: store, project: project, defaultLocale: defaultLocale,
            preferredLanguages: locale.map { [$0.displayForm] } ?? preferredLanguages, bundledMessages: bundledMessages,
            formatter: ICUMessageFormatter(timeZone: timeZone), localeOverride: locale)
    }

    /// The app's events (the key `events`), or none when it is absent or unreadable.
    func events() -> [SampleEvent] { json([SampleEvent].self, forKey: "events") ?? [] }

    /// The app's JSON value at `key`, decoded, or `nil`.
    func json<T: Decodable>(_ type: T.Type, forKey key: String) -> T? {
        // The app's data is small; a value of megabytes is not the app's, and is not read.
        guard let bytes = try? store.value(forKey: key, maximumSize: 1024 * 1024) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            if let date = try? Date(text, strategy: .iso8601) { return date }
            if let date = try? Date(text + "T00:00:00Z", strategy: .iso8601) { return date }
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 date: \(text)"))
        }
        return try? decoder.decode(T.self, from: Data(bytes))
    }
}

/// One of the app's events, as it writes them to the group store key `events`.
public struct SampleEvent: Codable, Hashable, Sendable {
    /// The event's identifier, as `DaysSinceWidget`'s `eventID` names it.
    public let id: String
    /// The event's name, shown in the widgets' text.
    public let title: String
    /// When the event starts; the widgets read an ISO 8601 date, or a plain `yyyy-MM-dd` day as midnight UTC.
    public let startDate: Date
    /// `days` (default), `weeks` or `months`.
    public let showTimeAs: String?
    /// An all-day event has no time of day.
    public let allDay: Bool?

    /// An event; a `nil` `showTimeAs` shows days, and a `nil` `allDay` means the event has a time of day.
    /// - Parameters:
    ///   - id: the event's identifier.
    ///   - title: the event's name.
    ///   - startDate: when the event starts.
    ///   - showTimeAs: `days`, `weeks` or `months`; days when `nil`, the default.
    ///   - allDay: whether the event lasts all day; `nil`, the default, means it has a time of day.
    public init(id: String, title: String, startDate: Date, showTimeAs: String? = nil, allDay: Bool? = nil) {
        self.id = id
        self.title = title
        self.startDate = startDate
        self.showTimeAs = showTimeAs
        self.allDay = allDay
    }
}
