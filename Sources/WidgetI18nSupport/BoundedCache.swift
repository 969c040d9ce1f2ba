/// Values derived once and kept for the process (parsed messages, a locale's data merged through its chain),
/// behind a lock, bounded: when it holds `capacity` values it starts over, which keeps a long-running host's
/// memory flat whatever keys it is asked for, and costs a widget, which asks a few dozen, nothing.
///
/// Keyed by `String` on purpose: a dictionary keyed by a type of this package makes the runtime scan every
/// protocol conformance in the binary the first time it hashes one, a cost a widget's cold render would pay once
/// per key type; `String`'s is paid already. Callers build the key from what decides the value (`tr/gregory/d`).
///
///     static let cache = BoundedCache<ZoneNames>(capacity: 256)
///     let names = cache.value(forKey: id) { ZoneNames(id: id) }
///
/// The store itself is not generic (`BoundedStore`, values as `any Sendable` by key): callers in other modules run
/// this class's methods unspecialized (this toolchain does not serialize a `package` declaration's `@inlinable`
/// body), and a generic store, or a generic box around each value, made them look up a generic type's metadata on
/// every call, a fifth of a cached number's format; a cast from `any Sendable` needs only `Value`'s, at hand.
package final class BoundedCache<Value: Sendable>: Sendable {
    /// The most values it holds before it starts over.
    package var capacity: Int { store.capacity }
    private let store: BoundedStore

    /// - Parameter capacity: the most values to hold; at least 1.
    package init(capacity: Int) {
        store = BoundedStore(capacity: capacity)
    }

    /// The value kept for `key`, or `nil`.
    package func value(forKey key: String) -> Value? {
        guard let value = store.value(forKey: key) else { return nil }
        // Only `insert` puts values in this store, each a `Value`.
        return (value as! Value)
    }

    /// The value kept for `key`, else `make()`'s, which is kept. `make` runs outside the lock, so two callers may
    /// both make a value for the same key: it must be a pure function of the key (the last one made is kept).
    package func value(forKey key: String, orMake make: () throws -> Value) rethrows -> Value {
        // Not through `value(forKey:)`: an unspecialized `Value?` costs a lookup of `Optional<Value>`'s metadata.
        if let kept = store.value(forKey: key) { return kept as! Value }
        let made = try make()
        insert(made, forKey: key)
        return made
    }

    /// Keeps `value` for `key`, starting over first when full.
    package func insert(_ value: Value, forKey key: String) {
        store.insert(value, forKey: key)
    }

    /// Forgets every value.
    package func removeAll() {
        store.removeAll()
    }
}

/// Values by key behind a lock, bounded.
final class BoundedStore: Sendable {
    let capacity: Int
    private let entries = Locked<[String: any Sendable]>([:])

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    func value(forKey key: String) -> (any Sendable)? {
        entries.withLock { $0[key] }
    }

    func insert(_ value: any Sendable, forKey key: String) {
        entries.withLock { entries in
            if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }

    func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}
