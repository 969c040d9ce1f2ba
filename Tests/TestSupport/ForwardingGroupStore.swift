import Foundation
import GroupStore
import WidgetI18nSupport

/// A group store that forwards to another, with the one twist a test needs: other capabilities (a domain's
/// budget and reader cache, another name), one identity for every value, writes refused, and the keys opened.
/// The tests' doubles are this one store, so each reads as the twist it sets.
package final class ForwardingGroupStore: GroupStore {
    /// The store every call reaches; a test seeds it directly to write behind the twists.
    package let base: any GroupStore
    package let capabilities: GroupStoreCapabilities
    private let identity: [UInt8]?
    private let refused: String?
    private let opened = Locked<[String]>([])

    /// A store over `base`, as it is but for the twists given.
    /// - Parameters:
    ///   - base: the store to forward to.
    ///   - capabilities: what the store says it is; `base`'s by default.
    ///   - identity: the identity of every value, whatever was written (a writer that rewrote in place and
    ///     restored the time), or `nil` for `base`'s.
    ///   - refused: refuses (with `EACCES`, writing nothing) every write with a key that contains this text.
    package init(
        over base: any GroupStore, capabilities: GroupStoreCapabilities? = nil, identity: [UInt8]? = nil,
        refusingKeysContaining refused: String? = nil
    ) {
        self.base = base
        self.capabilities = capabilities ?? base.capabilities
        self.identity = identity
        self.refused = refused
    }

    /// The keys opened so far, in order, repeats included.
    package var openedKeys: [String] { opened.withLock { $0 } }

    package func identifiedValue(forKey key: String) throws -> IdentifiedValue? {
        opened.withLock { $0.append(key) }
        guard let identity else { return try base.identifiedValue(forKey: key) }
        return try base.value(forKey: key).map { IdentifiedValue(bytes: $0, identity: identity) }
    }

    package func write(_ values: [(key: String, value: [UInt8])], durability: WriteDurability) throws -> [[UInt8]?] {
        if let refused, let key = values.first(where: { $0.key.contains(refused) })?.key {
            throw GroupStoreError(.io(operation: "write", path: key, errno: EACCES), key: key, store: displayName)
        }
        let identities = try base.write(values, durability: durability)
        guard let identity else { return identities }
        return values.map { _ in identity }
    }

    package func removeValue(forKey key: String) throws { try base.removeValue(forKey: key) }

    package func entries() throws -> [GroupStoreEntry] { try base.entries() }
}
