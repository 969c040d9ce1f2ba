#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A bundle's lookup index, stored next to its JSON so that a widget resolves keys without reading the
/// bundle: `@better-i18n:widget-i18n:index:{project}:{locale}`.
///
/// The JSON stays the compatibility contract; the index is a cache. It records the JSON's size and a
/// fingerprint of bytes sampled across it, and every lookup checks that the value it points at is a string
/// whose member name is the key's last segment. When the JSON was rewritten by anyone (another SDK, an older
/// writer), the index no longer matches and readers parse the JSON instead.
///
/// Format (little-endian): a 48-byte header — `WI18NIX1`, format version, table capacity (a power of two),
/// message count, reserved, JSON size (u64), fingerprint (u64), reserved (u64) — then `capacity` slots of 24
/// bytes: key hash (u64, FNV-1a of the dotted key), value offset and length (u32 each; length bit 31: the value
/// has escapes), name offset and length (u32 each; length bit 31: the name had escapes and is not checked).
/// An empty slot has value offset `0xFFFFFFFF`.
package struct StoredBundleIndex: Sendable {
    static let magic = Array("WI18NIX1".utf8)
    static let headerSize = 48
    static let slotSize = 24
    static let emptySlot: UInt32 = 0xFFFF_FFFF
    static let flag: UInt32 = 0x8000_0000

    private let index: any ContiguousBytes & Sendable
    private let json: any ContiguousBytes & Sendable
    private let capacity: Int
    /// How many messages the index holds.
    package let messageCount: Int

    /// Opens `index` for `json`, or returns `nil` when it is not an index of exactly this JSON.
    package init?(index: any ContiguousBytes & Sendable, json: any ContiguousBytes & Sendable) {
        let header: (capacity: Int, count: Int, size: UInt64, fingerprint: UInt64)? = index.withUnsafeBytes { raw in
            guard raw.count >= Self.headerSize, Array(raw[0..<8]) == Self.magic,
                raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self).littleEndian == 1
            else { return nil }
            let capacity = Int(raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self).littleEndian)
            guard capacity > 0, capacity & (capacity - 1) == 0, raw.count == Self.headerSize + capacity * Self.slotSize
            else { return nil }
            return (
                capacity, Int(raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self).littleEndian),
                raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self).littleEndian,
                raw.loadUnaligned(fromByteOffset: 32, as: UInt64.self).littleEndian
            )
        }
        guard let header else { return nil }
        let matches = json.withUnsafeBytes { raw in
            UInt64(raw.count) == header.size && Self.fingerprint(UnsafeRawBufferPointer(raw)) == header.fingerprint
        }
        guard matches else { return nil }
        self.index = index
        self.json = json
        self.capacity = header.capacity
        self.messageCount = header.count
    }

    /// The message at the dotted `key`, or `nil`.
    package func message(forKey key: String) -> String? {
        var key = key
        return key.withUTF8 { keyBytes in
            var hash = FNV1a.offsetBasis
            for byte in keyBytes { FNV1a.combine(&hash, byte) }
            return index.withUnsafeBytes { table in
                json.withUnsafeBytes { json in
                    var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
                    for _ in 0..<capacity {
                        let base = Self.headerSize + slot * Self.slotSize
                        let valueStart = table.loadUnaligned(fromByteOffset: base + 8, as: UInt32.self).littleEndian
                        if valueStart == Self.emptySlot { return nil }
                        if table.loadUnaligned(fromByteOffset: base, as: UInt64.self).littleEndian == hash {
                            let valueField = table.loadUnaligned(fromByteOffset: base + 12, as: UInt32.self)
                                .littleEndian
                            let nameStart = Int(
                                table.loadUnaligned(fromByteOffset: base + 16, as: UInt32.self).littleEndian)
                            let nameField = table.loadUnaligned(fromByteOffset: base + 20, as: UInt32.self).littleEndian
                            if let text = Self.value(
                                in: json, key: keyBytes, valueStart: Int(valueStart), valueField: valueField,
                                nameStart: nameStart, nameField: nameField)
                            {
                                return text
                            }
                        }
                        slot = (slot + 1) & (capacity - 1)
                    }
                    return nil
                }
            }
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

    /// FNV-1a over the size and 64 samples of 32 bytes spread across the JSON: constant cost at any size.
    static func fingerprint(_ json: UnsafeRawBufferPointer) -> UInt64 {
        var hash = FNV1a.offsetBasis
        var size = UInt64(json.count).littleEndian
        withUnsafeBytes(of: &size) { for byte in $0 { FNV1a.combine(&hash, byte) } }
        let sample = 32
        let samples = 64
        if json.count <= sample * samples {
            for byte in json { FNV1a.combine(&hash, byte) }
            return hash
        }
        for index in 0..<samples {
            let start = index * (json.count - sample) / (samples - 1)
            for byte in json[start..<start + sample] { FNV1a.combine(&hash, byte) }
        }
        return hash
    }
}

extension MessageBundle {
    /// This bundle's index in the stored format of `StoredBundleIndex`.
    package func storedIndex() -> [UInt8] { indexStorage.storedIndex() }
}

extension BundleIndex {
    func storedIndex() -> [UInt8] {
        let capacity = tableCapacity
        var output = [UInt8](repeating: 0, count: StoredBundleIndex.headerSize + capacity * StoredBundleIndex.slotSize)
        output.withUnsafeMutableBytes { raw in
            func put32(_ value: UInt32, _ offset: Int) {
                raw.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
            }
            func put64(_ value: UInt64, _ offset: Int) {
                raw.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
            }
            raw.copyBytes(from: StoredBundleIndex.magic)
            put32(1, 8)
            put32(UInt32(capacity), 12)
            put32(UInt32(messageCount), 16)
            put64(UInt64(bytes.count), 24)
            put64(bytes.withUnsafeBytes { StoredBundleIndex.fingerprint($0) }, 32)
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
