/// An index of fixed-width entries sorted by key (the key padded with spaces to `keyLength` bytes, then the
/// record's offset in 8 digits and its length in 7) over records of `key US value RS`, both string literals read
/// in place: the format of `CLDRData`, `CalendarData` and `ZoneNameData`, which their generators write.
struct PackedRecords: Sendable {
    let index: StaticString
    let records: StaticString
    /// The width of an entry's key; CLDR's and the calendars' are 24 (`locale/section`), the zone names' 40.
    var keyLength = 24

    private var entryLength: Int { keyLength + 15 }

    /// The bytes of the record `name`, in the binary's read-only data, or `nil` when there is none.
    func record(_ name: String) -> UnsafeBufferPointer<UInt8>? {
        var key = Array(name.utf8)
        guard key.count <= keyLength else { return nil }
        while key.count < keyLength { key.append(UInt8(ascii: " ")) }
        let index = UnsafeBufferPointer(start: self.index.utf8Start, count: self.index.utf8CodeUnitCount)
        var low = 0
        var high = index.count / entryLength
        while low < high {
            let middle = (low + high) / 2
            let entry = middle * entryLength
            var order = 0
            for offset in 0..<keyLength where index[entry + offset] != key[offset] {
                order = index[entry + offset] < key[offset] ? -1 : 1
                break
            }
            if order == 0 {
                let start = Self.number(index, from: entry + keyLength, digits: 8)
                let count = Self.number(index, from: entry + keyLength + 8, digits: 7)
                let all = UnsafeBufferPointer(start: records.utf8Start, count: records.utf8CodeUnitCount)
                return UnsafeBufferPointer(rebasing: all[start..<(start + count)])
            }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Each `key`/`value` of the record `name`, if there is one.
    func forEach(in name: String, _ body: (String, String) -> Void) {
        guard let bytes = record(name) else { return }
        Self.items(bytes, body)
    }

    /// Each `key US value RS` of a record's bytes.
    static func items(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (String, String) -> Void) {
        var start = 0
        var separator = -1
        for position in 0..<bytes.count {
            switch bytes[position] {
            case 0x1F:
                separator = position
            case 0x1E:
                let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<separator]), as: UTF8.self)
                let value = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[(separator + 1)..<position]), as: UTF8.self)
                body(key, value)
                start = position + 1
            default:
                break
            }
        }
    }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, digits: Int) -> Int {
        var value = 0
        for offset in start..<(start + digits) { value = value * 10 + Int(bytes[offset] &- UInt8(ascii: "0")) }
        return value
    }
}
