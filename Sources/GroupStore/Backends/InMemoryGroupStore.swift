import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A group store in this process's memory, for tests and previews.
///
///     let store = InMemoryGroupStore(["@better-i18n:locale:acme/widgets": "de"])
public final class InMemoryGroupStore: GroupStore {
    private let storage: Locked<[String: (value: [UInt8], modified: Date)]>
    package let displayName: String

    /// A name, and no files: readers keep no caches for it.
    public var capabilities: GroupStoreCapabilities { GroupStoreCapabilities(displayName: displayName) }

    /// A store holding `values` as UTF-8.
    /// - Parameters:
    ///   - values: the initial strings by key; none by default.
    ///   - displayName: how messages name the store.
    public init(_ values: [String: String] = [:], displayName: String = "in-memory group store") {
        let now = Date()
        storage = Locked(values.mapValues { (Array($0.utf8), now) })
        self.displayName = displayName
    }

    public func identifiedValue(forKey key: String) throws -> IdentifiedValue? {
        storage.withLock { $0[key]?.value }.map { IdentifiedValue(bytes: $0, identity: nil) }
    }

    /// Memory has nothing to flush: every durability is the same here, and there are no identities.
    @discardableResult
    public func write(_ values: [(key: String, value: [UInt8])], durability: WriteDurability) throws -> [[UInt8]?] {
        for (key, _) in values where key.isEmpty {
            throw GroupStoreError(.invalidKey("the key is empty"), key: key, store: displayName)
        }
        let now = Date()
        storage.withLock { storage in for (key, value) in values { storage[key] = (value, now) } }
        return values.map { _ in nil }
    }

    public func removeValue(forKey key: String) throws {
        _ = storage.withLock { $0.removeValue(forKey: key) }
    }

    public func entries() throws -> [GroupStoreEntry] {
        storage.withLock {
            $0.map { GroupStoreEntry(key: $0.key, size: $0.value.value.count, modified: $0.value.modified) }
        }
    }
}
