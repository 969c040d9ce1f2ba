import GroupStore
import I18nCore
import LocaleData
import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A stored messages value, opened, and the key it was found under.
package struct StoredMessages: Sendable {
    /// The copy opened: the locale whose messages these are (the one asked for, or the cached locale that answers
    /// it), its key, whose key it is, and the place that holds it.
    package let cached: CachedLocale
    package let value: IdentifiedValue
    /// The place that holds the value.
    package let store: any GroupStore
    /// How a cached locale other than the one asked for answers it, or `nil` when it is the one asked for.
    package var match: LocaleNegotiation.Match? = nil

    package var locale: LocaleTag { cached.tag }
    package var key: String { cached.key }

    /// The whole value; another process may rewrite it in place while it is read (`GroupStore.wholeValue`).
    package func allBytes() throws -> [UInt8] {
        try store.wholeValue(value, key: key, maximumSize: MessageBundle.maximumStoredSize)
    }
}

/// An opened stored value as the stored index reads it.
struct OpenedBytes: RandomAccessBytes {
    let value: IdentifiedValue
    init(_ value: IdentifiedValue) { self.value = value }
    var count: Int { value.count }
    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        value.read(range, into: buffer)
    }
}

/// A locale with cached messages, the key and the place that hold them, and which writer's key it is.
package struct CachedLocale: Hashable, Sendable {
    /// The locale, parsed from the key.
    package let tag: LocaleTag
    /// The key, in the spelling its writer used (`@better-i18n:messages:acme/widgets:pt-BR`).
    package let key: String
    /// Whose key it is: the storage contract's messages key, or the Expo package's own cache.
    package let source: MessagesSource
    /// The `displayName` of the place that holds the key: the store, or an App Group's container or suite.
    package let storeName: String
    /// The place's position in the reader's places (0: the container, 1: an App Group's suite).
    package let place: Int

    package init(tag: LocaleTag, key: String, source: MessagesSource = .messagesKey, place: Int = 0, storeName: String)
    {
        self.tag = tag
        self.key = key
        self.source = source
        self.place = place
        self.storeName = storeName
    }
}

/// Which writer's key holds a locale's messages.
///
/// When a locale has several copies (a messages key and the Expo cache, in the container and in the suite), the
/// one with the latest recorded time wins (`RecordedTime`): the Expo cache's `cachedAt`; for a messages key, the
/// time WidgetI18n fetched it (its fetch metadata, while that still describes the stored value) or the
/// JavaScript bridge's stamp (while its size is the value's). A copy without a time (the JavaScript core or the
/// Swift SDK wrote it) loses to any copy with one, since the Expo package and the bridge write after the core
/// stored the same load; of equal times, or none, the first in reading order wins: a messages key before the Expo
/// cache, the container before the suite.
package enum MessagesSource: Hashable, Sendable, CustomStringConvertible {
    /// `@better-i18n:messages:{project}:{locale}`, which better-i18n's JavaScript core, its Swift SDK and
    /// WidgetI18n write.
    case messagesKey
    /// `@better-i18n:{project}:{locale}:translations`, the Expo package's own cache, with the time it was cached
    /// (`…:meta`'s `cachedAt`) when that is readable.
    case expoCache(cachedAt: Date?)

    package var description: String {
        switch self {
        case .messagesKey: return "messages key"
        case .expoCache: return "Expo cache"
        }
    }
}

/// The Expo package's `…:meta` value (`@better-i18n/expo`, `src/types.ts`, `CacheMeta`).
struct ExpoMeta: Decodable {
    let cachedAt: Double
}
