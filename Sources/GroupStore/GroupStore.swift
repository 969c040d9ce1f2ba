import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A shared key-value store that an app and its widgets read and write: an App Group container.
///
/// Values are raw bytes; better-i18n's values are UTF-8 strings (a locale tag, a JSON document). Implement
/// this protocol to plug in your own storage; `FileGroupStore` is the multi-process default on Linux,
/// `UserDefaultsGroupStore` (module `GroupStoreUserDefaults`) wraps `UserDefaults(suiteName:)` for Apple App
/// Groups, and `InMemoryGroupStore` serves tests and previews.
///
///     let store = FileGroupStore(directory: "/tmp/group.acme.widgets")
///     try store.setString("tr", forKey: "@better-i18n:locale:acme/widgets")
///     try store.string(forKey: "@better-i18n:locale:acme/widgets")   // "tr"
public protocol GroupStore: Sendable {
    /// What the store is beyond keys and bytes: its name (every error about a key says which store it is in, and a
    /// widget may read from more than one), its file container and reader cache, the places it is made of, and
    /// its budget. What readers and writers ask instead of testing a store's type.
    var capabilities: GroupStoreCapabilities { get }

    /// The value at `key` opened for reading, with its size and the identity of exactly what was opened: bytes
    /// that change whenever the value is written again (the file store: device, inode, size and modification
    /// time in nanoseconds of the file it opened), or `nil` where the store has no such notion. The one read
    /// primitive: a reader checks the size before it reads anything, reads only the ranges it needs (a lookup
    /// index reads a slot and a message, not the bundle), and knows whether the value changed since it derived
    /// something from it.
    /// - Parameter key: the key to read.
    /// - Throws: when the value exists but cannot be opened.
    func identifiedValue(forKey key: String) throws -> IdentifiedValue?

    /// Replaces each value at its key as a whole, in order: a reader, in this process or another, sees a value
    /// complete, the old one or the new one, never a part of one; writers of different keys never lose each
    /// other's writes. Stops at the first failure, leaving the values before it written. The one write
    /// primitive, so that a batch (messages, then their index and metadata) can be made durable at once.
    /// - Parameters:
    ///   - values: the keys and the bytes to store at each, in the order to write them.
    ///   - durability: what must survive a power loss once the call returns (`WriteDurability`).
    /// - Returns: the identity each stored value now reports (`identifiedValue(forKey:)`), or `nil` for each
    ///   where the store has none; what a writer records in the caches it derives from a value.
    @discardableResult
    func write(_ values: [(key: String, value: [UInt8])], durability: WriteDurability) throws -> [[UInt8]?]

    /// Removes the value at `key`; removing a key that is not there is not an error.
    /// - Parameter key: the key to remove.
    func removeValue(forKey key: String) throws

    /// Every key that holds a value, with its size and, where the store knows it, when it last changed: how
    /// readers find the locales cached under any spelling, and what `widget-i18n store list` shows.
    func entries() throws -> [GroupStoreEntry]
}

/// What a `GroupStore.write(_:durability:)` must make survive a power loss before it returns.
public enum WriteDurability: Hashable, Sendable {
    /// Every value and the container's record of it: the values another SDK reads, and the stored locale.
    case durable
    /// Every value, but the container's record only at the next write that flushes it: for a value written
    /// just before the caches derived from it, so that one flush of the container makes all of them durable.
    case deferred
    /// The container's record, not each value: for caches this package derives (a lookup index, fetch
    /// metadata), which after a power loss may be empty, and which their readers then treat as absent.
    case cache
}

/// A stored value opened for reading (`GroupStore.identifiedValue(forKey:)`): its size and identity, and its
/// bytes by range.
///
/// Another process may change a value under a reader: a foreign writer can truncate a file in place. A read
/// therefore never touches memory that could fault; it copies the bytes asked for, and a range that is no
/// longer there (the value shrank) is an error, never a signal.
public struct IdentifiedValue: Sendable {
    /// The size of the value when it was opened, in bytes.
    package let count: Int
    /// Changes whenever the value is written again; `nil` where the store cannot tell.
    package let identity: [UInt8]?
    private let source: any StoredValueSource

    /// A value held in memory, such as one a `UserDefaults` suite returned.
    /// - Parameters:
    ///   - bytes: the value's bytes.
    ///   - identity: what identifies this version of the value; `nil` where the store has no identities.
    public init(bytes: [UInt8], identity: [UInt8]?) {
        self.init(count: bytes.count, identity: identity, source: InMemoryValueSource(bytes: bytes))
    }

    /// A value whose bytes `source` reads on demand, such as an open file.
    /// - Parameters:
    ///   - count: the value's size in bytes when it was opened.
    ///   - identity: what identifies this version of the value; `nil` where the store has no identities.
    ///   - source: reads the value's bytes by offset.
    package init(count: Int, identity: [UInt8]?, source: any StoredValueSource) {
        self.count = count
        self.identity = identity
        self.source = source
    }

    /// Copies the bytes of `range` into `buffer` (whose count is the range's), or returns `false` when the value
    /// no longer holds the whole range (another writer shrank it) or cannot be read.
    /// - Parameters:
    ///   - range: the byte offsets to read, within `0..<count`.
    ///   - buffer: where to copy them; exactly `range.count` bytes.
    package func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        precondition(buffer.count == range.count, "The buffer must hold exactly the range read")
        guard range.lowerBound >= 0, range.upperBound <= count else { return false }
        if range.isEmpty { return true }
        // A read that fails is a short read: the caller treats the value as changed under it and reads again.
        return (try? source.read(into: buffer, at: range.lowerBound)) == range.count
    }

    /// The whole value as it was opened, or `nil` when another writer changed it in place while it was read
    /// (it is now shorter, or longer, than when it was opened): read it again, or treat it as unusable.
    /// - Throws: `GroupStoreError` when the value cannot be read.
    package func allBytes() throws -> [UInt8]? {
        // One byte more than the value had: a value that grew in place reads longer, one that shrank shorter.
        var read = 0
        let bytes = try [UInt8](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
            initialized = 0
            // A source of someone else's may claim more than the buffer holds: never trust it past that.
            read = min(try source.read(into: UnsafeMutableRawBufferPointer(buffer), at: 0), count + 1)
            initialized = read
        }
        return read == count ? bytes : nil
    }
}

/// Reads the bytes of one opened value (`IdentifiedValue`): what a group store gives for a value it does not
/// hold in memory, such as an open file.
package protocol StoredValueSource: Sendable {
    /// Copies up to `buffer.count` bytes from `offset` into `buffer` and returns how many it copied: fewer only
    /// when the value ends first. It must never fault, whatever another process does to the value meanwhile.
    /// - Parameters:
    ///   - buffer: where to copy the bytes.
    ///   - offset: the offset of the first byte to copy.
    /// - Throws: when the value cannot be read.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int
}

/// A value already in memory.
private struct InMemoryValueSource: StoredValueSource {
    let bytes: [UInt8]

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        let count = max(0, min(buffer.count, bytes.count - offset))
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
        }
        return count
    }
}

/// One key of a group store, as `widget-i18n store list` shows it.
public struct GroupStoreEntry: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The value's size in bytes.
    public var size: Int
    /// When the value was last written, where the store records it.
    public var modified: Date?

    /// An entry for `key`, whose value is `size` bytes, last written at `modified` (`nil` when unknown).
    /// - Parameters:
    ///   - key: the entry's key.
    ///   - size: the value's size in bytes.
    ///   - modified: when the value was last written; `nil` when unknown.
    public init(key: String, size: Int, modified: Date?) {
        self.key = key
        self.size = size
        self.modified = modified
    }
}

extension GroupStore {
    /// The whole value stored at `key`, or `nil` when there is none; read once more when another process
    /// rewrote it in place meanwhile.
    /// - Parameter key: the key to read.
    /// - Throws: when the value exists but cannot be read.
    public func value(forKey key: String) throws -> [UInt8]? {
        try value(forKey: key, maximumSize: .max)
    }

    /// Stores `value` at `key` durably, replacing any previous value as a whole.
    /// - Parameters:
    ///   - value: the bytes to store.
    ///   - key: the key to write.
    public func setValue(_ value: [UInt8], forKey key: String) throws {
        try write([(key, value)], durability: .durable)
    }

    /// Stores several values durably, in order (`write(_:durability:)`).
    /// - Parameter values: the keys and the bytes to store at each, in the order to write them.
    package func setValues(_ values: [(key: String, value: [UInt8])]) throws {
        try write(values, durability: .durable)
    }

    /// Stores values derived from others (a bundle's lookup index, fetch metadata) as caches
    /// (`WriteDurability.cache`). Never for values another SDK reads.
    /// - Parameter values: the keys and the bytes to store at each, in the order to write them.
    package func setCachedValues(_ values: [(key: String, value: [UInt8])]) throws {
        try write(values, durability: .cache)
    }

    /// Stores `value` at `key` and returns the identity the stored value reports, or `nil` where the store has
    /// none; the container's record is flushed by the next write (`WriteDurability.deferred`), so follow it
    /// with the caches derived from the value.
    /// - Parameters:
    ///   - value: the bytes to store.
    ///   - key: the key to write.
    package func setValueReturningIdentity(_ value: [UInt8], forKey key: String) throws -> [UInt8]? {
        if let identity = try write([(key, value)], durability: .deferred).first ?? nil { return identity }
        return try identity(ofStoredValue: value, forKey: key)
    }

    /// Whether `key` holds a value.
    /// - Parameter key: the key to look up.
    package func containsValue(forKey key: String) throws -> Bool {
        try identifiedValue(forKey: key) != nil
    }

    /// Every key that holds a value, in no particular order.
    public func keys() throws -> [String] {
        try entries().map(\.key)
    }

    /// The whole value at `key`, refused when it is larger than `maximumSize`, and read once more when another
    /// process rewrote it in place meanwhile; `nil` when there is none. A store that opens values
    /// (`FileGroupStore`) refuses it before reading any of it; one whose values are in memory anyway (the
    /// protocol's default `identifiedValue`, a `UserDefaults` suite) has read it already.
    /// - Parameters:
    ///   - key: the key to read.
    ///   - maximumSize: the largest value accepted, in bytes.
    /// - Throws: `GroupStoreError` (`tooLarge`, `changedWhileReading`, or why it cannot be read).
    package func value(forKey key: String, maximumSize: Int) throws -> [UInt8]? {
        guard let opened = try identifiedValue(forKey: key) else { return nil }
        return try wholeValue(opened, key: key, maximumSize: maximumSize)
    }

    /// `opened`'s bytes, within `maximumSize`, opened once more when they changed while read.
    package func wholeValue(_ opened: IdentifiedValue, key: String, maximumSize: Int) throws -> [UInt8] {
        var opened = opened
        for attempt in 0..<2 {
            guard opened.count <= maximumSize else {
                throw GroupStoreError(
                    .tooLarge(size: opened.count, limit: maximumSize), key: key, store: displayName)
            }
            if let bytes = try opened.allBytes() { return bytes }
            guard attempt == 0, let again = try identifiedValue(forKey: key) else { break }
            opened = again
        }
        throw GroupStoreError(.changedWhileReading, key: key, store: displayName)
    }

    /// The value at `key` as a string, or `nil` when there is none.
    /// - Parameter key: the key to read.
    /// - Throws: `GroupStoreError` when the value is not valid UTF-8.
    public func string(forKey key: String) throws -> String? {
        guard let bytes = try value(forKey: key) else { return nil }
        guard let text = String(validatingUTF8: bytes) else {
            throw GroupStoreError(.notUTF8, key: key, store: displayName)
        }
        return text
    }

    /// The identity of the value at `key` when it is exactly `expected`, or `nil` when the store has no
    /// identities or another writer replaced the value meanwhile. What a writer records in a cache it derives
    /// from a value it just stored.
    package func identity(ofStoredValue expected: [UInt8], forKey key: String) throws -> [UInt8]? {
        guard let stored = try identifiedValue(forKey: key), let identity = stored.identity else { return nil }
        guard stored.count == expected.count, let bytes = try stored.allBytes() else { return nil }
        return bytes == expected ? identity : nil
    }

    /// Stores `text` as UTF-8 at `key`.
    /// - Parameters:
    ///   - text: the string to store.
    ///   - key: the key to write.
    public func setString(_ text: String, forKey key: String) throws {
        try setValue(Array(text.utf8), forKey: key)
    }
}
