/// The index behind `MessageBundle`: one validating pass over the JSON bytes records every object member,
/// then a hash table maps dotted message paths to their records. See `MessageBundle` for the why.
final class BundleIndex: Sendable {
    /// One object member. Names and string values are byte ranges into `bytes` (or, for a name that had
    /// escapes, into `decodedNames`); `parent` links a member to the object member that contains it.
    struct Entry {
        var hash: UInt64
        var nameStart: Int32
        var nameLength: Int32
        var parent: Int32
        var valueStart: Int32
        var valueLength: Int32
        var segmentCount: UInt16
        var flags: UInt8

        static let nameIsDecoded: UInt8 = 1
        static let valueHasEscapes: UInt8 = 2
        static let isMessage: UInt8 = 4
    }

    let bytes: [UInt8]
    private let decodedNames: [UInt8]
    private let entries: [Entry]
    /// Open addressing, linear probing; each slot holds an entry index or -1.
    private let table: [Int32]
    let messageCount: Int
    /// Whether a member name anywhere in the document has a dot (see `MessageBundle.hasDottedMemberName`).
    let hasDottedName: Bool

    init(bytes: [UInt8], maximumDepth: Int) throws(MessageBundleError) {
        guard bytes.count < Int(Int32.max) else { throw MessageBundleError(kind: .tooLarge, offset: 0) }
        var parser = Parser(maximumDepth: maximumDepth, estimatedEntries: bytes.count / 48)
        try bytes.withUnsafeBufferPointer { (buffer) throws(MessageBundleError) in try parser.parseDocument(buffer) }
        self.bytes = bytes
        self.decodedNames = parser.decodedNames
        self.entries = parser.entries
        self.hasDottedName = parser.hasDottedName
        let messages = parser.entries.indices.filter { parser.entries[$0].flags & Entry.isMessage != 0 }
        var capacity = 16
        while capacity < messages.count * 2 { capacity <<= 1 }
        var table = [Int32](repeating: -1, count: capacity)
        var count = 0
        for candidate in messages {
            let entry = parser.entries[candidate]
            var slot = Int(truncatingIfNeeded: entry.hash) & (capacity - 1)
            while true {
                let occupant = table[slot]
                if occupant < 0 {
                    table[slot] = Int32(candidate)
                    count += 1
                    break
                }
                let existing = parser.entries[Int(occupant)]
                if existing.hash == entry.hash,
                    Self.path(of: Int(occupant), entries: parser.entries, bytes: bytes, names: parser.decodedNames)
                        == Self.path(of: candidate, entries: parser.entries, bytes: bytes, names: parser.decodedNames)
                {
                    if entry.segmentCount <= existing.segmentCount { table[slot] = Int32(candidate) }
                    break
                }
                slot = (slot + 1) & (capacity - 1)
            }
        }
        self.table = table
        self.messageCount = count
    }

    var tableCapacity: Int { table.count }

    /// The entry in table slot `slot`, if any.
    func slotEntry(_ slot: Int) -> Entry? {
        let occupant = table[slot]
        return occupant < 0 ? nil : entries[Int(occupant)]
    }

    // MARK: - Lookup

    func entryIndex(forKey key: UnsafeBufferPointer<UInt8>) -> Int? {
        var hash = FNV1a.offsetBasis
        for byte in key { FNV1a.combine(&hash, byte) }
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let occupant = table[slot]
            if occupant < 0 { return nil }
            if entries[Int(occupant)].hash == hash, pathMatches(Int(occupant), key: key) { return Int(occupant) }
            slot = (slot + 1) & mask
        }
    }

    func message(forKey key: UnsafeBufferPointer<UInt8>) -> String? {
        guard let found = entryIndex(forKey: key) else { return nil }
        let entry = entries[found]
        let range = Int(entry.valueStart)..<Int(entry.valueStart + entry.valueLength)
        return bytes.withUnsafeBufferPointer { buffer in
            let slice = UnsafeBufferPointer(rebasing: buffer[range])
            if entry.flags & Entry.valueHasEscapes == 0 { return String(decoding: slice, as: UTF8.self) }
            return String(decoding: JSONStringDecoder.unescape(slice), as: UTF8.self)
        }
    }

    /// Compares the member names from the leaf up to the root with `key`, from its end, `.` between them.
    private func pathMatches(_ leaf: Int, key: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = key.count
        var current = leaf
        while true {
            let entry = entries[current]
            let length = Int(entry.nameLength)
            guard end >= length else { return false }
            let start = Int(entry.nameStart)
            let matches: Bool
            if entry.flags & Entry.nameIsDecoded != 0 {
                matches = decodedNames.withUnsafeBufferPointer { memoryEqual($0, start, key, end - length, length) }
            } else {
                matches = bytes.withUnsafeBufferPointer { memoryEqual($0, start, key, end - length, length) }
            }
            guard matches else { return false }
            end -= length
            if entry.parent < 0 { return end == 0 }
            guard end > 0, key[end - 1] == UInt8(ascii: ".") else { return false }
            end -= 1
            current = Int(entry.parent)
        }
    }

    private func memoryEqual(
        _ lhs: UnsafeBufferPointer<UInt8>, _ lhsStart: Int, _ rhs: UnsafeBufferPointer<UInt8>, _ rhsStart: Int,
        _ length: Int
    ) -> Bool {
        for offset in 0..<length where lhs[lhsStart + offset] != rhs[rhsStart + offset] { return false }
        return true
    }

    func leafKeys() -> [String] {
        var seen: Set<String> = []
        var keys: [String] = []
        for index in entries.indices where entries[index].flags & Entry.isMessage != 0 {
            let key = String(
                decoding: Self.path(of: index, entries: entries, bytes: bytes, names: decodedNames), as: UTF8.self)
            if seen.insert(key).inserted { keys.append(key) }
        }
        return keys
    }

    /// The top-level members whose values are objects, in document order: each name and its value's byte
    /// range (from `{` to `}`).
    func topLevelObjects() -> [(name: String, range: Range<Int>)] {
        entries.indices.compactMap { index in
            let entry = entries[index]
            guard entry.parent < 0, entry.flags & Entry.isMessage == 0 else { return nil }
            let name = Self.path(of: index, entries: entries, bytes: bytes, names: decodedNames)
            let start = Int(entry.valueStart)
            return (String(decoding: name, as: UTF8.self), start..<start + Int(entry.valueLength))
        }
    }

    private static func path(of leaf: Int, entries: [Entry], bytes: [UInt8], names: [UInt8]) -> [UInt8] {
        var segments: [ArraySlice<UInt8>] = []
        var current = leaf
        while current >= 0 {
            let entry = entries[current]
            let range = Int(entry.nameStart)..<Int(entry.nameStart + entry.nameLength)
            segments.append(entry.flags & Entry.nameIsDecoded != 0 ? names[range] : bytes[range])
            current = Int(entry.parent)
        }
        return Array(segments.reversed().joined(separator: [UInt8(ascii: ".")]))
    }
}

/// 64-bit FNV-1a: a byte at a time, so the hash of a parent path extends to its children's paths.
enum FNV1a {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    @inline(__always) static func combine(_ hash: inout UInt64, _ byte: UInt8) {
        hash = (hash ^ UInt64(byte)) &* prime
    }
}
