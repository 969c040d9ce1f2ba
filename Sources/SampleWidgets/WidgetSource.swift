import GroupContract
import GroupStore
import I18nCore
import LocaleData
import TimelineEngine
import WidgetTranslator

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A sample widget's configuration: the group store and project it reads.
package struct WidgetSource: Sendable {
    /// The group store the widget reads messages and the app's data (`events`, `profile`) from.
    package let store: any GroupStore
    /// The better-i18n project whose messages the widget shows.
    package let project: ProjectID
    /// The last locale of the fallback chain, and the locale when detection finds nothing.
    package let defaultLocale: LocaleTag
    /// Overrides the detected locale (the CLI's `--locale`).
    package let locale: LocaleTag?
    /// The messages shipped with the app, by locale, for keys the store does not have.
    package let bundledMessages: [LocaleTag: MessageBundle]
    /// The device's languages, most preferred first; ignored when `locale` is set.
    package let preferredLanguages: [String]

    /// A source reading `project` from `store`; `locale` fixes the locale instead of detecting it.
    /// - Parameters:
    ///   - store: the group store shared with the app.
    ///   - project: the better-i18n project whose keys to read.
    ///   - defaultLocale: the locale when detection finds nothing; English by default.
    ///   - locale: the locale to use instead of detecting one; detected when `nil`, the default.
    ///   - bundledMessages: messages shipped with the app, used when the store has nothing for a key; none by default.
    ///   - preferredLanguages: the device's languages, most preferred first; `PreferredLanguages.current` by default,
    ///     as a translator's.
    package init(
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
            preferredLanguages: locale.map { [$0] } ?? preferredLanguages.compactMap(LocaleTag.init(parsing:)),
            bundledMessages: bundledMessages,
            timeZone: timeZone, localeOverride: locale)
    }

    /// When what the widget shows last changed: the latest write of the app's data (`events`, `profile`) or of
    /// the project's messages, as the store dates its entries; `nil` when the store cannot tell.
    func dataUpdated() -> Date? {
        let messages = "@better-i18n:messages:\(project):"
        let entries = (try? store.entries()) ?? []
        return entries.filter { $0.key == "events" || $0.key == "profile" || $0.key.hasPrefix(messages) }
            .compactMap(\.modified).max()
    }

    /// The app's events (the key `events`): none when it is absent, and none with a problem when it cannot be read
    /// or decoded.
    func events() -> AppValue<[SampleEvent]> {
        let read = json([SampleEvent].self, forKey: "events")
        return AppValue(value: read.value ?? [], problems: read.problems)
    }

    /// The app's JSON value at `key`, decoded: `nil` when it is absent, and `nil` with the problem when it cannot be
    /// read (`unreadableValue`) or is not what the widget decodes (`unusableValue`).
    func json<T: Decodable>(_ type: T.Type, forKey key: String) -> AppValue<T?> {
        let bytes: [UInt8]
        do {
            // The app's data is small; a value of megabytes is not the app's, and is not read.
            guard let read = try store.value(forKey: key, maximumSize: 1024 * 1024) else {
                return AppValue(value: nil, problems: [])
            }
            bytes = read
        } catch {
            return AppValue(value: nil, problems: [StoreProblem(.unreadableValue, message: "\(error)")])
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            // Two spellings are dates: a failed parse of the first means "try the second", not a failure.
            if let date = try? Date(text, strategy: .iso8601) { return date }
            if let date = try? Date(text + "T00:00:00Z", strategy: .iso8601) { return date }
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 date: \(text)"))
        }
        do {
            return AppValue(value: try decoder.decode(T.self, from: Data(bytes)), problems: [])
        } catch {
            return AppValue(
                value: nil,
                problems: [
                    StoreProblem(
                        .unusableValue,
                        message: "The app's '\(key)' in \(store.displayName) is not what the widget reads: \(error)")
                ])
        }
    }
}

/// A value of the app's own data, and what kept the widget from reading it: the entry reports these with the
/// translator's problems.
struct AppValue<Value> {
    var value: Value
    var problems: [StoreProblem]
}
