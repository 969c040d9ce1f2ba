#if canImport(os)
    import os
#else
    import Synchronization
#endif

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
/// SPI-public with inlinable methods, so that each caller specializes it for its value type: this toolchain does
/// not serialize a `package` declaration's `@inlinable` body, and unspecialized, each lookup cast its value out of
/// an existential (or looked up a generic type's metadata), a tenth to a fifth of a cached number's format. Import
/// it with `@_spi(WidgetI18nSupport) import WidgetI18nSupport`; it is no part of any product's API.
@_spi(WidgetI18nSupport) public final class BoundedCache<Value: Sendable>: Sendable {
    /// The most values it holds before it starts over.
    public let capacity: Int
    @usableFromInline let entries = Locked<[String: Value]>([:])

    /// - Parameter capacity: the most values to hold; at least 1.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The value kept for `key`, or `nil`.
    @inlinable public func value(forKey key: String) -> Value? {
        entries.withLock { $0[key] }
    }

    /// The value kept for `key`, else `make()`'s, which is kept. `make` runs outside the lock, so two callers may
    /// both make a value for the same key: it must be a pure function of the key (the last one made is kept).
    @inlinable public func value(forKey key: String, orMake make: () throws -> Value) rethrows -> Value {
        if let kept = value(forKey: key) { return kept }
        let made = try make()
        insert(made, forKey: key)
        return made
    }

    /// Keeps `value` for `key`, starting over first when full.
    @inlinable public func insert(_ value: Value, forKey key: String) {
        entries.withLock { entries in
            if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }

    /// Forgets every value.
    public func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}
