import I18nCore

/// The translator's finished translations, by key, arguments, default text and locale: a widget renders the
/// same dozen keys with the same arguments on every timeline entry, so a warm `translate` is one lookup here.
///
/// A lookup hashes the key eight bytes per multiply (this file's own mix, not SipHash) and probes an
/// open-addressed table whose entries are classes, so probing copies nothing, and whose strings and
/// dictionaries compare at once when they share storage. Measured on the benchmark fixture
/// (`widget-i18n-bench`, docs/benchmarks.md): 80–97 ns a key, against 102–124 ns for Swift's `Dictionary`
/// keyed by the same hash and 130–170 ns keyed by the key itself (SipHash over its bytes); without this cache
/// a warm lookup costs 490 ns (the resolution cache and a format).
///
/// Bounded: the table starts over when it holds `capacity` entries, so hostile keys cannot grow it.
struct TranslationCache {
    final class Entry: Sendable {
        let hash: UInt64
        let key: String
        let arguments: MessageArguments
        let defaultText: String?
        /// `LocaleTag.normalized` of the requested locale: it decides the tag and compares as one string.
        let locale: String?
        let translation: Translation

        init(
            hash: UInt64, key: String, arguments: MessageArguments, defaultText: String?, locale: String?,
            translation: Translation
        ) {
            self.hash = hash
            self.key = key
            self.arguments = arguments
            self.defaultText = defaultText
            self.locale = locale
            self.translation = translation
        }
    }

    static let capacity = 4096

    /// Open addressing with linear probing; a power of two long, at most half full.
    private var slots: [Entry?] = []
    private(set) var count = 0

    /// The hash that `translation(…)` and `insert(…)` take, computed once per `translate` call: eight bytes
    /// of the key per multiply (a byte-at-a-time FNV-1a cost more than the rest of a lookup).
    static func hash(_ key: String) -> UInt64 {
        // Native strings are read in place; a bridged one that is not contiguous is copied, so that equal keys
        // always hash alike.
        key.utf8.withContiguousStorageIfAvailable(hash) ?? Array(key.utf8).withUnsafeBufferPointer(hash)
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(bytes)
        var hash = UInt64(raw.count) &* multiplier
        var offset = 0
        while offset + 8 <= raw.count {
            hash = mix(hash, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < raw.count {
            var tail: UInt64 = 0
            var index = raw.count
            while index > offset {
                index -= 1
                tail = tail << 8 | UInt64(raw[index])
            }
            hash = mix(hash, tail)
        }
        return hash
    }

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    @inline(__always) private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let product = (hash ^ word) &* multiplier
        return product ^ (product >> 32)
    }

    func translation(
        hash: UInt64, key: String, arguments: MessageArguments, defaultText: String?, locale: String?
    ) -> Translation? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while let entry = slots[slot] {
            if entry.hash == hash, entry.key == key, entry.arguments == arguments, entry.defaultText == defaultText,
                entry.locale == locale
            {
                return entry.translation
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    mutating func insert(_ entry: Entry) {
        if count >= Self.capacity { removeAll() }
        if slots.isEmpty || 2 * (count + 1) > slots.count { grow() }
        place(entry)
        count += 1
    }

    mutating func removeAll() {
        slots = []
        count = 0
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: max(32, 2 * old.count))
        for case let entry? in old { place(entry) }
    }

    private mutating func place(_ entry: Entry) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entry.hash) & mask
        while slots[slot] != nil { slot = (slot + 1) & mask }
        slots[slot] = entry
    }
}
