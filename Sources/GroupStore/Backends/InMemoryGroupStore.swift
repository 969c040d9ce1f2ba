import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A group store in this process's memory, for tests and previews.
///
///     let store = InMemoryGroupStore(["@better-i18n:locale:acme/widgets": "de"])
public final class InMemoryGroupStore: GroupStore {
    private let storage: Mutex<[String: (value: [UInt8], modified: Date)]>
    public let displayName: String

    /// A store holding `values` as UTF-8.
    /// - Parameters:
    ///   - values: the initial strings by key; none by default.
    ///   - displayName: how messages name the store.
    public init(_ values: [String: String] = [:], displayName: String = "in-memory group store") {
        let now = Date()
        storage = Mutex(values.mapValues { (Array($0.utf8), now) })
        self.displayName = displayName
    }

    public func value(forKey key: String) throws -> [UInt8]? {
        storage.withLock { $0[key]?.value }
    }

    public func setValue(_ value: [UInt8], forKey key: String) throws {
        guard !key.isEmpty else { throw GroupStoreError(.invalidKey("the key is empty"), key: key, store: displayName) }
        storage.withLock { $0[key] = (value, Date()) }
    }

    public func removeValue(forKey key: String) throws {
        _ = storage.withLock { $0.removeValue(forKey: key) }
    }

    /// Like a file container, a store of this process may hold what readers derive from it.
    public var acceptsReaderCaches: Bool { true }

    public func keys() throws -> [String] {
        storage.withLock { Array($0.keys) }
    }

    public func entries() throws -> [GroupStoreEntry] {
        storage.withLock {
            $0.map { GroupStoreEntry(key: $0.key, size: $0.value.value.count, modified: $0.value.modified) }
        }
    }
}
