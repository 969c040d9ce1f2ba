import GroupStore
import I18nCore
import WidgetI18nSupport

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
package struct ReloadRequest: Codable, Hashable, Sendable {
    /// A fresh identifier per request.
    package let id: String
    /// When the request was made; of two requests that apply to a widget, the later one counts. Stored as
    /// ISO 8601; a number is read as milliseconds since 1970, as JavaScript's `Date.now()` writes it.
    package let requestedAt: Date
    /// Why, for people: `messages updated: tr, en`.
    package let reason: String
    /// The widget kind asked to reload, or `nil` for every kind.
    package let kind: String?

    /// A request for widgets of `kind` (every kind when `nil`), with a fresh identifier unless `id` is given.
    /// - Parameters:
    ///   - id: the request's identifier; a fresh UUID by default.
    ///   - requestedAt: when the request is made; the current time by default.
    ///   - reason: why, for people, such as `messages updated: tr, en`.
    ///   - kind: the widget kind to reload; every kind when `nil`, the default.
    package init(id: String = UUID().uuidString, requestedAt: Date = Date(), reason: String, kind: String? = nil) {
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
    package static func record(
        _ reason: String, kind: String? = nil, project: ProjectID, in store: any GroupStore, now: Date = Date()
    ) throws {
        let request = ReloadRequest(requestedAt: now, reason: reason, kind: kind)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try store.setValue(
            Array(try encoder.encode(request)), forKey: StorageKey.reloadRequest(project: project, kind: kind))
    }

    private enum CodingKeys: String, CodingKey { case id, requestedAt, reason, kind }

    /// Reads a request as WidgetI18n writes it (`requestedAt` in ISO 8601) or as a JavaScript app may (a
    /// number of milliseconds; no `reason` or `kind`).
    /// - Parameter decoder: the decoder to read from; dates in ISO 8601.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        reason = try container.decodeIfPresent(String.self, forKey: .reason) ?? ""
        kind = try container.decodeIfPresent(String.self, forKey: .kind)
        if let milliseconds = try? container.decode(Double.self, forKey: .requestedAt) {
            // ECMAScript's time values: 100,000,000 days either side of 1970.
            guard milliseconds.isFinite, abs(milliseconds) <= 8.64e15 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .requestedAt, in: container,
                    debugDescription: "requestedAt \(milliseconds) is not a time JavaScript can hold")
            }
            requestedAt = Date(timeIntervalSince1970: milliseconds / 1000)
        } else if let date = try? container.decode(Date.self, forKey: .requestedAt) {
            requestedAt = date
        } else if container.contains(.requestedAt) {
            throw DecodingError.dataCorruptedError(
                forKey: .requestedAt, in: container,
                debugDescription: "neither an ISO 8601 time nor a number of milliseconds")
        } else {
            throw DecodingError.keyNotFound(
                CodingKeys.requestedAt, .init(codingPath: [], debugDescription: "no requestedAt"))
        }
    }

    /// The newest request that applies to widgets of `kind`: the kind's own or the one for every kind.
    /// Unreadable records count as absent.
    /// - Parameters:
    ///   - project: the project whose requests to read.
    ///   - kind: the widget kind asking; `nil` reads only the request for every kind.
    ///   - store: the group store shared with the app.
    package static func latest(project: ProjectID, kind: String?, in store: any GroupStore) -> ReloadRequest? {
        var problems: [String] = []
        return latest(project: project, kind: kind, in: store, problems: &problems)
    }

    /// The newest request that applies to widgets of `kind`, and in `problems` why a record that exists could
    /// not be read (it then counts as absent).
    /// - Parameters:
    ///   - project: the project whose requests to read.
    ///   - kind: the widget kind asking; `nil` reads only the request for every kind.
    ///   - store: the group store shared with the app.
    ///   - problems: where to append a message for each unreadable record.
    package static func latest(
        project: ProjectID, kind: String?, in store: any GroupStore, problems: inout [String]
    ) -> ReloadRequest? {
        var keys = [StorageKey.reloadRequest(project: project)]
        if let kind { keys.append(StorageKey.reloadRequest(project: project, kind: kind)) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var requests: [ReloadRequest] = []
        // Every place of an App Group: the bridge records requests in whichever the app writes.
        for place in store.places {
            for key in keys { read(key, in: place, decoder: decoder, into: &requests, problems: &problems) }
        }
        return requests.max { $0.requestedAt < $1.requestedAt }
    }

    private static func read(
        _ key: String, in store: any GroupStore, decoder: JSONDecoder, into requests: inout [ReloadRequest],
        problems: inout [String]
    ) {
        let bytes: [UInt8]?
        do { bytes = try store.value(forKey: key, maximumSize: StorageKey.maximumMetadataSize) } catch {
            problems.append("The reload request under '\(key)' is unreadable (\(error)); ignoring it")
            return
        }
        guard let bytes else { return }
        do { requests.append(try decoder.decode(ReloadRequest.self, from: Data(bytes))) } catch {
            problems.append("The reload request under '\(key)' is not one (\(Self.describe(error))); ignoring it")
        }
    }

    /// What went wrong decoding a record, in a sentence.
    private static func describe(_ error: any Error) -> String {
        (error as? DecodingError)?.sentence ?? "\(error)"
    }
}
