#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A bundle's lookup index, stored next to its JSON so that a widget resolves keys without reading the
/// bundle: `@better-i18n:widget-i18n:index:{project}:{locale}`.
///
/// The JSON stays the compatibility contract; the index is a cache, and it never answers for JSON it was not
/// built from. It records the identity of the JSON value it was built from where the store has one (the file
/// store: device, inode, size and modification time in nanoseconds), and a digest of the JSON's whole
/// content. Opening it against a value with an identity compares identities (constant cost at any size);
/// against a value without one, the digest. Any mismatch means stale: readers parse the JSON instead. As a
/// last line, every lookup checks that the value it points at is a string whose member name is the key's last
/// segment, and reports `.stale` when not, so the reader parses rather than call the key missing.
///
/// Format (little-endian): a 96-byte header — `WI18NIX1`, format version (2), table capacity (a power of
/// two), message count, identity length, JSON size (u64), fingerprint of 64 samples (u64), digest of the
/// whole JSON (u64), the identity (up to 48 bytes, zero-padded) — then `capacity` slots of 24 bytes: key
/// hash (u64, FNV-1a of the dotted key), value offset and length (u32 each; length bit 31: the value has
/// escapes), name offset and length (u32 each; length bit 31: the name had escapes and is not checked). An
/// empty slot has value offset `0xFFFFFFFF`. An index of an older format version is stale.
///
/// Both values are read by range, never mapped (`RandomAccessBytes`): opening with an identity reads the header
/// only, a lookup reads the slots it probes and the one member it finds. Another process may
/// truncate or rewrite the JSON in place meanwhile; a read that comes back short is a stale index, never a
/// fault.
package struct StoredBundleIndex: Sendable {
    static let magic = Array("WI18NIX1".utf8)
    static let version: UInt32 = 2
    static let headerSize = 96
    static let maximumIdentity = 48
    static let slotSize = 24
    static let emptySlot: UInt32 = 0xFFFF_FFFF
    static let flag: UInt32 = 0x8000_0000
    /// Slots read at once while probing: most keys are found in the first.
    static let slotsPerRead = 4
    /// How far before a value a lookup reads to find the colon, when the member's name was not recorded.
    static let maximumGapBeforeValue = 256

    private let index: any RandomAccessBytes
    private let json: any RandomAccessBytes
    private let capacity: Int
    /// How many messages the index holds.
    package let messageCount: Int

    /// Opens `index` for `json`, or returns `nil` when it is not an index of exactly this JSON.
    /// - Parameters:
    ///   - index: the stored index's bytes.
    ///   - json: the stored JSON's bytes.
    ///   - identity: the identity of the stored JSON value (`IdentifiedValue.identity`); without one, the JSON's
    ///     whole content is compared by digest.
    package init?(index: any RandomAccessBytes, json: any RandomAccessBytes, identity: [UInt8]? = nil) {
        guard let headerBytes = index.bytes(in: 0..<min(index.count, Self.headerSize)) else { return nil }
        let header: (capacity: Int, count: Int, size: UInt64, fingerprint: UInt64, digest: UInt64, identity: [UInt8])? =
            headerBytes.withUnsafeBytes { raw in
                guard raw.count >= Self.headerSize, Array(raw[0..<8]) == Self.magic,
                    raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self).littleEndian == Self.version
                else { return nil }
                let capacity = Int(raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self).littleEndian)
                let identityLength = Int(raw.loadUnaligned(fromByteOffset: 20, as: UInt32.self).littleEndian)
                guard capacity > 0, capacity & (capacity - 1) == 0,
                    index.count == Self.headerSize + capacity * Self.slotSize, identityLength <= Self.maximumIdentity
                else { return nil }
                return (
                    capacity, Int(raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self).littleEndian),
                    raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self).littleEndian,
                    raw.loadUnaligned(fromByteOffset: 32, as: UInt64.self).littleEndian,
                    raw.loadUnaligned(fromByteOffset: 40, as: UInt64.self).littleEndian,
                    Array(raw[48..<48 + identityLength])
                )
            }
        guard let header, UInt64(json.count) == header.size else { return nil }
        // The same identity is the same value: constant cost, nothing of the JSON read. Without identities,
        // compare the content: the fingerprint first, which rejects most other values cheaply, then the digest.
        if let identity, !header.identity.isEmpty {
            guard identity == header.identity else { return nil }
        } else {
            guard let all = json.bytes(in: 0..<json.count), Self.fingerprint(all) == header.fingerprint,
                all.withUnsafeBytes({ ContentDigest.of($0) }) == header.digest
            else { return nil }
        }
        self.index = index
        self.json = json
        self.capacity = header.capacity
        self.messageCount = header.count
    }

    /// The message at the dotted `key`, or `nil` when there is none or the index proved stale.
    package func message(forKey key: String) -> String? {
        if case .found(let text) = lookUp(key) { return text }
        return nil
    }

    /// The message at the dotted `key`; `.stale` when the slot for the key points at something that is not its
    /// value, or at bytes that are no longer there, which proves the JSON changed under the index.
    package func lookUp(_ key: String) -> MessageLookupResult {
        var key = key
        return key.withUTF8 { keyBytes in
            var hash = FNV1a.offsetBasis
            for byte in keyBytes { FNV1a.combine(&hash, byte) }
            var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
            var probed = 0
            return withUnsafeTemporaryAllocation(byteCount: Self.slotsPerRead * Self.slotSize, alignment: 8) {
                buffer in
                while probed < capacity {
                    // The slots from `slot` on, up to the end of the table.
                    let run = min(Self.slotsPerRead, capacity - slot, capacity - probed)
                    let start = Self.headerSize + slot * Self.slotSize
                    let slots = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<run * Self.slotSize])
                    guard index.read(start..<start + slots.count, into: slots) else { return .stale }
                    for offset in 0..<run {
                        let base = offset * Self.slotSize
                        let valueStart = slots.loadUnaligned(fromByteOffset: base + 8, as: UInt32.self).littleEndian
                        if valueStart == Self.emptySlot { return .missing }
                        if slots.loadUnaligned(fromByteOffset: base, as: UInt64.self).littleEndian == hash {
                            // One path, one slot: a slot with the key's hash that fails the checks means stale.
                            return member(
                                key: keyBytes, valueStart: Int(valueStart),
                                valueField: slots.loadUnaligned(fromByteOffset: base + 12, as: UInt32.self)
                                    .littleEndian,
                                nameStart: Int(
                                    slots.loadUnaligned(fromByteOffset: base + 16, as: UInt32.self).littleEndian),
                                nameField: slots.loadUnaligned(fromByteOffset: base + 20, as: UInt32.self).littleEndian
                            ).map(MessageLookupResult.found) ?? .stale
                        }
                    }
                    probed += run
                    slot = (slot + run) & (capacity - 1)
                }
                return .missing
            }
        }
    }

    /// Reads the member a slot points at, from its name's opening quote to its value's closing quote, and checks
    /// it (`value(in:…)`); `nil` when it is not the key's value or no longer there.
    private func member(
        key: UnsafeBufferPointer<UInt8>, valueStart: Int, valueField: UInt32, nameStart: Int, nameField: UInt32
    ) -> String? {
        let valueEnd = valueStart + Int(valueField & ~Self.flag) + 1
        let lower: Int
        if nameField & Self.flag == 0 {
            // A name precedes its value; a slot that says otherwise is not of this JSON.
            guard nameStart >= 1, nameStart + Int(nameField) < valueStart else { return nil }
            lower = nameStart - 1
        } else {
            lower = max(0, valueStart - 2 - Self.maximumGapBeforeValue)
        }
        guard valueStart >= 1, lower < valueStart, valueEnd <= json.count,
            let window = json.bytes(in: lower..<valueEnd)
        else { return nil }
        return window.withUnsafeBytes { window in
            Self.value(
                in: window, key: key, valueStart: valueStart - lower, valueField: valueField,
                nameStart: nameStart - lower, nameField: nameField)
        }
    }

    /// The string the slot points at, after checking that it is one and that its name ends the key.
    private static func value(
        in json: UnsafeRawBufferPointer, key: UnsafeBufferPointer<UInt8>, valueStart: Int, valueField: UInt32,
        nameStart: Int, nameField: UInt32
    ) -> String? {
        let valueLength = Int(valueField & ~flag)
        guard valueStart >= 1, valueStart + valueLength < json.count, json[valueStart - 1] == UInt8(ascii: "\""),
            json[valueStart + valueLength] == UInt8(ascii: "\"")
        else { return nil }
        if nameField & flag == 0 {
            let nameLength = Int(nameField)
            guard nameLength <= key.count, nameStart + nameLength < json.count, nameStart >= 1 else { return nil }
            for offset in 0..<nameLength where json[nameStart + offset] != key[key.count - nameLength + offset] {
                return nil
            }
            if nameLength < key.count, key[key.count - nameLength - 1] != UInt8(ascii: ".") { return nil }
        }
        // A member's value follows its name's closing quote and a colon.
        var before = valueStart - 2
        while before > 0, json[before] == 0x20 || json[before] == 0x0A || json[before] == 0x0D || json[before] == 0x09 {
            before -= 1
        }
        guard before > 0, json[before] == UInt8(ascii: ":") else { return nil }
        let slice = UnsafeRawBufferPointer(rebasing: json[valueStart..<valueStart + valueLength])
        let body = slice.assumingMemoryBound(to: UInt8.self)
        // A JSON string holds no raw quote or control character: anything else means the JSON moved under us.
        var escaped = false
        for byte in body {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") || byte < 0x20 {
                return nil
            }
        }
        if valueField & flag == 0 { return String(decoding: body, as: UTF8.self) }
        return String(decoding: JSONStringDecoder.unescape(body), as: UTF8.self)
    }

    /// FNV-1a over the size and 64 samples of 32 bytes spread across the JSON: constant cost at any size. Read
    /// by range, 64 reads of 32 bytes (one read of a small value); `nil` when the value no longer holds the
    /// bytes to sample.
    static func fingerprint(_ json: any RandomAccessBytes) -> UInt64? {
        var hash = FNV1a.offsetBasis
        var size = UInt64(json.count).littleEndian
        withUnsafeBytes(of: &size) { for byte in $0 { FNV1a.combine(&hash, byte) } }
        let sample = 32
        let samples = 64
        if json.count <= sample * samples {
            guard let bytes = json.bytes(in: 0..<json.count) else { return nil }
            for byte in bytes { FNV1a.combine(&hash, byte) }
            return hash
        }
        return withUnsafeTemporaryAllocation(byteCount: sample, alignment: 8) { buffer in
            for index in 0..<samples {
                let start = index * (json.count - sample) / (samples - 1)
                guard json.read(start..<start + sample, into: buffer) else { return nil }
                for byte in buffer { FNV1a.combine(&hash, byte) }
            }
            return hash
        }
    }
}

/// A 64-bit digest of a whole value, eight bytes per multiply: what tells a stored index from the JSON it
/// was built from when the store gives no identity. Not cryptographic: it guards against accidents, not
/// against a writer that crafts collisions.
enum ContentDigest {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var first = UInt64(bytes.count) &* multiplier
        var second = first ^ 0x2545_F491_4F6C_DD1D
        var offset = 0
        // Two lanes, so the multiplies of neighbouring words overlap.
        while offset + 16 <= bytes.count {
            first = (first ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            second = (second ^ bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* multiplier
            first ^= first >> 29
            second ^= second >> 31
            offset += 16
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
            if shift == 64 {
                first = (first ^ tail) &* multiplier
                tail = 0
                shift = 0
            }
        }
        first = (first ^ tail ^ (second &* 0xC2B2_AE3D_27D4_EB4F)) &* multiplier
        return first ^ (first >> 32)
    }
}

extension MessageBundle {
    /// This bundle's index in the stored format of `StoredBundleIndex`.
    /// - Parameter identity: the identity of the stored JSON value it will be opened against
    ///   (`IdentifiedValue.identity`), when the store has one.
    package func storedIndex(identity: [UInt8]? = nil) -> [UInt8] { indexStorage.storedIndex(identity: identity) }
}

extension BundleIndex {
    func storedIndex(identity: [UInt8]?) -> [UInt8] {
        let capacity = tableCapacity
        let identity = identity.flatMap { $0.count <= StoredBundleIndex.maximumIdentity ? $0 : nil } ?? []
        var output = [UInt8](repeating: 0, count: StoredBundleIndex.headerSize + capacity * StoredBundleIndex.slotSize)
        output.withUnsafeMutableBytes { raw in
            func put32(_ value: UInt32, _ offset: Int) {
                raw.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
            }
            func put64(_ value: UInt64, _ offset: Int) {
                raw.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
            }
            raw.copyBytes(from: StoredBundleIndex.magic)
            put32(StoredBundleIndex.version, 8)
            put32(UInt32(capacity), 12)
            put32(UInt32(messageCount), 16)
            put32(UInt32(identity.count), 20)
            put64(UInt64(bytes.count), 24)
            put64(StoredBundleIndex.fingerprint(bytes) ?? 0, 32)
            bytes.withUnsafeBytes { put64(ContentDigest.of($0), 40) }
            for (offset, byte) in identity.enumerated() { raw[48 + offset] = byte }
            for slot in 0..<capacity {
                let base = StoredBundleIndex.headerSize + slot * StoredBundleIndex.slotSize
                guard let entry = slotEntry(slot) else {
                    put32(StoredBundleIndex.emptySlot, base + 8)
                    continue
                }
                put64(entry.hash, base)
                put32(UInt32(entry.valueStart), base + 8)
                put32(
                    UInt32(entry.valueLength) | (entry.flags & Entry.valueHasEscapes != 0 ? StoredBundleIndex.flag : 0),
                    base + 12)
                put32(UInt32(entry.nameStart), base + 16)
                put32(
                    UInt32(entry.nameLength) | (entry.flags & Entry.nameIsDecoded != 0 ? StoredBundleIndex.flag : 0),
                    base + 20)
            }
        }
        return output
    }
}
