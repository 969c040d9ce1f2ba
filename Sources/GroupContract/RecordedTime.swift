import GroupStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The times writers record beside a copy of a locale's messages, which decide which copy is the newest.
///
/// - WidgetI18n's fetcher: its fetch metadata's `fetchedAt`, while the metadata still describes the value.
/// - WidgetI18n's JavaScript bridge: a stamp under `@better-i18n:widget-i18n:written:{project}:{locale}`,
///   `{"size": bytes, "writer": "@widget-i18n/bridge", "writtenAt": ms}`, while `size` is the value's.
/// - better-i18n's Expo package: its `…:meta` `{"cachedAt": ms}`.
///
/// A time is a number of milliseconds JavaScript can hold (±8.64e15) and no later than ``allowedSkew`` after
/// now: an app's JavaScript controls these values, and a time in the future would make its copy win over every
/// later one, so it counts as no time.
package enum RecordedTime {
    /// How far ahead of this process's clock a recorded time may be: clocks of two processes on one device agree,
    /// but a time written by a server or another device may run ahead by a few minutes.
    package static let allowedSkew: TimeInterval = 5 * 60

    /// `milliseconds` since 1970 as a date, or `nil` when it is not a time a writer could have recorded by now.
    package static func date(milliseconds: Double, now: Date = Date()) -> Date? {
        guard milliseconds.isFinite, abs(milliseconds) <= 8.64e15 else { return nil }
        return date(Date(timeIntervalSince1970: milliseconds / 1000), now: now)
    }

    /// `date`, or `nil` when it lies more than ``allowedSkew`` in the future.
    package static func date(_ date: Date, now: Date = Date()) -> Date? {
        date.timeIntervalSince(now) <= allowedSkew ? date : nil
    }
}

/// What the JavaScript bridge records when it writes a locale's messages: their size and when.
package struct WriteStamp: Decodable, Hashable, Sendable {
    /// The size in bytes of the messages value the stamp describes.
    package let size: Int
    /// Milliseconds since 1970.
    package let writtenAt: Double
    /// Who wrote it, such as `@widget-i18n/bridge`.
    package let writer: String?

    /// The stamp at `key` in `store`, or `nil` when there is none or it does not decode.
    package static func read(in store: any GroupStore, key: String) -> WriteStamp? {
        // Unreadable counts as absent: a stamp only ranks copies, and a copy without one still renders.
        guard let bytes = try? store.value(forKey: key, maximumSize: StorageKey.maximumMetadataSize) else { return nil }
        return try? JSONDecoder().decode(WriteStamp.self, from: Data(bytes))
    }
}
