import GroupStore
import I18nCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// "Reload your timeline, please": what the app side records in the group store whenever a widget would
/// render differently (new messages, a new locale, the app's own data).
///
/// Each request is written whole under its own key (`StorageKey.reloadRequest`), one key for every kind and
/// one per widget kind, so concurrent writers never merge anything: the newest write wins, and a reader
/// only needs to notice that the `id` changed.
public struct ReloadRequest: Codable, Hashable, Sendable {
    /// A fresh identifier per request.
    public let id: String
    /// When the request was made; of two requests that apply to a widget, the later one counts.
    public let requestedAt: Date
    /// Why, for people: `messages updated: tr, en`.
    public let reason: String
    /// The widget kind asked to reload, or `nil` for every kind.
    public let kind: String?

    /// A request for widgets of `kind` (every kind when `nil`), with a fresh identifier unless `id` is given.
    /// - Parameters:
    ///   - id: the request's identifier; a fresh UUID by default.
    ///   - requestedAt: when the request is made; the current time by default.
    ///   - reason: why, for people, such as `messages updated: tr, en`.
    ///   - kind: the widget kind to reload; every kind when `nil`, the default.
    public init(id: String = UUID().uuidString, requestedAt: Date = Date(), reason: String, kind: String? = nil) {
        self.id = id
        self.requestedAt = requestedAt
        self.reason = reason
        self.kind = kind
    }

    /// Records a request in `store`.
    /// - Parameters:
    ///   - reason: why, for people, such as `messages updated: tr, en`.
    ///   - kind: the widget kind to reload; every kind when `nil`, the default.
    ///   - project: the project whose widgets should reload.
    ///   - store: the group store shared with the widgets.
    ///   - now: when the request is made; the current time by default.
    public static func record(
        _ reason: String, kind: String? = nil, project: ProjectID, in store: any GroupStore, now: Date = Date()
    ) throws {
        let request = ReloadRequest(requestedAt: now, reason: reason, kind: kind)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try store.setValue(
            Array(try encoder.encode(request)), forKey: StorageKey.reloadRequest(project: project, kind: kind))
    }

    /// The newest request that applies to widgets of `kind`: the kind's own or the one for every kind.
    /// Unreadable records count as absent.
    /// - Parameters:
    ///   - project: the project whose requests to read.
    ///   - kind: the widget kind asking; `nil` reads only the request for every kind.
    ///   - store: the group store shared with the app.
    public static func latest(project: ProjectID, kind: String?, in store: any GroupStore) -> ReloadRequest? {
        var keys = [StorageKey.reloadRequest(project: project)]
        if let kind { keys.append(StorageKey.reloadRequest(project: project, kind: kind)) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let requests = keys.compactMap { key -> ReloadRequest? in
            guard let bytes = try? store.value(forKey: key, maximumSize: StorageKey.maximumMetadataSize) else {
                return nil
            }
            return try? decoder.decode(ReloadRequest.self, from: Data(bytes))
        }
        return requests.max { $0.requestedAt < $1.requestedAt }
    }
}
