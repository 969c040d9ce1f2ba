import WidgetI18nSupport

/// An index of fixed-width entries sorted by key (the key padded with spaces to `keyLength` bytes, then the
/// record's offset in 8 digits and its length in 7) over records of `key US value RS`, both read in place (string
/// literals, or an installed slice's memory): the format of `CLDRData`, `CalendarData` and `ZoneNameData`, which
/// their generators and `widget-i18n data` write.
struct PackedRecords: Sendable {
    let table: LocaleDataTables.Table
    /// The width of an entry's key; CLDR's and the calendars' are 24 (`locale/section`), the zone names' 40.
    var keyLength = 24

    private var entryLength: Int { keyLength + 15 }

    /// The bytes of the record `name`, in the binary's read-only data, or `nil` when there is none.
    func record(_ name: String) -> UnsafeBufferPointer<UInt8>? {
        var key = Array(name.utf8)
        guard key.count <= keyLength else { return nil }
        while key.count < keyLength { key.append(UInt8(ascii: " ")) }
        guard let entry = Self.entry(key, in: table.index, entryLength: entryLength) else { return nil }
        let start = Self.number(table.index, from: entry + keyLength, digits: 8)
        let count = Self.number(table.index, from: entry + keyLength + 8, digits: 7)
        return UnsafeBufferPointer(rebasing: table.records[start..<(start + count)])
    }

    /// The offset of the entry whose first `key.count` bytes are `key`, in `index`, a run of `entryLength`-byte
    /// entries sorted by those bytes; `nil` when there is none. The one binary search over fixed-width tables
    /// (these records' indexes, `LikelySubtags`' tables).
    static func entry(_ key: [UInt8], in index: UnsafeBufferPointer<UInt8>, entryLength: Int) -> Int? {
        var low = 0
        var high = index.count / entryLength
        while low < high {
            let middle = (low + high) / 2
            let entry = middle * entryLength
            var order = 0
            for offset in 0..<key.count where index[entry + offset] != key[offset] {
                order = index[entry + offset] < key[offset] ? -1 : 1
                break
            }
            if order == 0 { return entry }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Each `key`/`value` of the record `name`, if there is one.
    func forEach(in name: String, _ body: (String, String) -> Void) {
        guard let bytes = record(name) else { return }
        Self.items(bytes, body)
    }

    /// A one-value record (a parent `p`, an alias `a`) as text.
    func text(_ name: String) -> String? {
        record(name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The values of the records `names`, each over the ones before it: a value `U+0018` removes the key (the
    /// locale cancels what it would inherit), as ICU resolves a chain read from root down.
    func merge(_ names: some Sequence<String>, into merged: inout [String: String]) {
        for name in names {
            forEach(in: name) { key, value in merged[key] = value == "\u{18}" ? nil : value }
        }
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

    /// The decimal number of `digits` digits at `start` (an entry's offset or length).
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, digits: Int) -> Int {
        var value = 0
        for offset in start..<(start + digits) { value = value * 10 + Int(bytes[offset] &- UInt8(ascii: "0")) }
        return value
    }

    /// A table whose sections are read through the locale's chain in place (`RelativeListData`,
    /// `NamesAndDurationsData`): each locale's records of a section are found once per process, cached by the tag
    /// as written and by the locale whose data it formats with, so a widget's later calls skip the alias lookups.
    final class ChainedSections: Sendable {
        private let packed: PackedRecords
        private let sameKeyReferences: Bool
        private let cache = BoundedCache<Chain>(capacity: 1024)

        init(_ table: LocaleDataTables.Table, sameKeyReferences: Bool = false) {
            packed = PackedRecords(table: table)
            self.sameKeyReferences = sameKeyReferences
        }

        /// The records of `section` (its letter) for `locale`'s chain, nearest first: in the language ICU opens
        /// for the tag (`iw` reads `he`'s, `sh` `sr-Latn`'s, `CLDRData.dataTag(for:)`).
        func chain(_ section: UInt8, for locale: LocaleTag) -> Chain {
            let suffix = "/" + String(UnicodeScalar(section))
            if let cached = cache.value(forKey: locale.normalized + suffix) { return cached }
            let id = CLDRData.dataLocale(for: CLDRData.dataTag(for: locale))
            let chain =
                cache.value(forKey: id + suffix)
                ?? Chain(
                    records: CLDRData.chain(from: id).compactMap { packed.record($0 + suffix) },
                    sameKeyReferences: sameKeyReferences)
            cache.insert(chain, forKey: id + suffix)
            cache.insert(chain, forKey: locale.normalized + suffix)
            return chain
        }
    }

    /// The records of one locale's chain (a section, or a zone-names `l/` record), nearest first, in the binary's
    /// read-only data, read in place: a value is found by scanning the records' items, no item decoded but the one
    /// asked for.
    struct Chain: @unchecked Sendable {
        // The buffers point into two string literals, immutable for the life of the process.
        let records: [UnsafeBufferPointer<UInt8>]
        /// Whether a value `U+001A` + letter stands for the same key with that style letter (`RelativeListData`).
        var sameKeyReferences = false

        /// The value of `key`: the nearest record's that has one; `nil` when none has it or the nearest cancels
        /// it.
        subscript(key: String) -> String? {
            var key = key
            return key.withUTF8 { wanted -> String? in
                for record in records {
                    guard let value = PackedRecords.value(wanted, in: record) else { continue }
                    // U+0018: the locale cancels the value rather than inherit it.
                    if value.first == 0x18 { return nil }
                    if sameKeyReferences, value.count == 2, value.first == 0x1A {
                        // The key with its style letter (its second byte) replaced; the generator only refers to a
                        // value written out in the same record.
                        var other = Array(wanted)
                        other[1] = value[1]
                        return other.withUnsafeBufferPointer { PackedRecords.value($0, in: record) }.map {
                            String(decoding: $0, as: UTF8.self)
                        }
                    }
                    return String(decoding: value, as: UTF8.self)
                }
                return nil
            }
        }
    }

    /// The bytes of `key`'s value in `record` (`key US value RS` items), without decoding any other item.
    static func value(_ key: UnsafeBufferPointer<UInt8>, in record: UnsafeBufferPointer<UInt8>)
        -> UnsafeBufferPointer<UInt8>?
    {
        var start = 0
        while start < record.count {
            var position = start
            var matches = true
            for byte in key {
                guard position < record.count, record[position] == byte else {
                    matches = false
                    break
                }
                position += 1
            }
            if matches, position < record.count, record[position] == 0x1F {
                var end = position + 1
                while end < record.count, record[end] != 0x1E { end += 1 }
                return UnsafeBufferPointer(rebasing: record[(position + 1)..<end])
            }
            while position < record.count, record[position] != 0x1E { position += 1 }
            start = position + 1
        }
        return nil
    }
}
