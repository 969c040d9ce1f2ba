@_spi(WidgetI18nSupport) import WidgetI18nSupport

/// An index of fixed-width entries sorted by key over records of `key US value RS`, both read in place (string
/// literals, or an installed slice's memory): the format of `CLDRData`, `CalendarData` and `ZoneNameData`, which
/// their generators and `widget-i18n data` write, as `Layout` describes it.
package struct PackedRecords: Sendable {
    /// The format's one description. This reader, the slicer's `Writer` and the generators' writer (`PackedRecords`
    /// in scripts/generate/generated.py, whose constants name these numbers) follow it; `PackedRecordsTests` packs
    /// records with the Python writer and reads them here, so the two cannot drift apart.
    ///
    /// An entry is the key padded with spaces to the table's key length, then the record's offset in the records
    /// and its length, both in bytes, as zero-padded decimal digits: fixed widths make an entry findable by a binary
    /// search in place, and decimal digits keep the literal plain text. A record is `key US value RS` items.
    package enum Layout {
        /// The digits of a record's offset: 8 address 100 MB of records; the largest table's hold 6.7 MB (CLDR's).
        package static let offsetDigits = 8
        /// The digits of a record's length: 7 reach 10 MB; the largest record is 131 KB (`en-us-posix/n`).
        package static let lengthDigits = 7
        /// The key length of the tables keyed by `locale/section` (all but the zone names'): the longest key is 14
        /// bytes (`yue-hant-cn/bd`), and 24 leaves room for a longer tag (`ca-es-valencia/n`).
        package static let localeKeyLength = 24
        /// The zone names' key length: their keys are zone IDs (`a/America/Argentina/ComodRivadavia`, 34 bytes).
        package static let zoneKeyLength = 40
        /// US, between an item's key and its value.
        static let valueStart: UInt8 = 0x1F
        /// RS, after an item's value.
        static let itemEnd: UInt8 = 0x1E
        /// CAN, the value of an item a locale cancels rather than inherit from its parent.
        static let absent: UInt8 = 0x18

        /// The bytes of an entry whose key is `keyLength` bytes.
        package static func entryLength(keyLength: Int) -> Int { keyLength + offsetDigits + lengthDigits }
    }

    let table: LocaleDataTables.Table
    /// The width of an entry's key: `Layout.localeKeyLength`, or the zone names' `Layout.zoneKeyLength`.
    var keyLength = Layout.localeKeyLength

    /// The bytes of the record `name`, in the binary's read-only data, or `nil` when there is none.
    func record(_ name: String) -> UnsafeBufferPointer<UInt8>? {
        var key = Array(name.utf8)
        guard key.count <= keyLength else { return nil }
        key.append(contentsOf: repeatElement(UInt8(ascii: " "), count: keyLength - key.count))
        let entryLength = Layout.entryLength(keyLength: keyLength)
        guard let start = Self.entry(key, in: table.index, entryLength: entryLength) else { return nil }
        // The record's place only: a lookup knows its key, so it skips the trimming `entry(at:)` does.
        return UnsafeBufferPointer(
            rebasing: table.records[Self.record(at: start, in: table.index, keyLength: keyLength)])
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

    /// One entry of an index: its key and where its record lies.
    package struct Entry {
        /// The key's bytes, without their padding.
        package let key: UnsafeBufferPointer<UInt8>
        /// The record's bytes in the table's records.
        package let record: Range<Int>

        /// The key as text (`de/n`, `z/Europe/Berlin`).
        package var name: String { String(decoding: key, as: UTF8.self) }
    }

    /// The entry at `start` of `index`, whose keys are `keyLength` bytes.
    static func entry(at start: Int, in index: UnsafeBufferPointer<UInt8>, keyLength: Int) -> Entry {
        var keyEnd = start + keyLength
        while keyEnd > start, index[keyEnd - 1] == UInt8(ascii: " ") { keyEnd -= 1 }
        return Entry(
            key: UnsafeBufferPointer(rebasing: index[start..<keyEnd]),
            record: record(at: start, in: index, keyLength: keyLength))
    }

    /// Where the record of the entry at `start` lies in the records: its offset and length digits.
    static func record(at start: Int, in index: UnsafeBufferPointer<UInt8>, keyLength: Int) -> Range<Int> {
        let offset = number(index, from: start + keyLength, digits: Layout.offsetDigits)
        let count = number(index, from: start + keyLength + Layout.offsetDigits, digits: Layout.lengthDigits)
        return offset..<(offset + count)
    }

    /// Every entry of `index`, whose keys are `keyLength` bytes, in key order: what the slicer walks to copy a
    /// table's entries and what lists the locales a table holds.
    package static func entries(of index: UnsafeBufferPointer<UInt8>, keyLength: Int) -> some Sequence<Entry> {
        let entryLength = Layout.entryLength(keyLength: keyLength)
        return stride(from: 0, through: index.count - entryLength, by: entryLength).lazy.map {
            entry(at: $0, in: index, keyLength: keyLength)
        }
    }

    /// The decimal number of `digits` digits at `start` (an entry's offset or length).
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, digits: Int) -> Int {
        var value = 0
        for offset in start..<(start + digits) { value = value * 10 + Int(bytes[offset] &- UInt8(ascii: "0")) }
        return value
    }

    /// A table written entry by entry, in key order (the slicer's, from a table's `entries`). A record with the
    /// same bytes as one written before is stored once, every entry pointing at the first: the reader never
    /// tells them apart, and a slice of the calendars (whose generator shares records) stays as small.
    struct Writer {
        let keyLength: Int
        private(set) var index: [UInt8] = []
        private(set) var records: [UInt8] = []
        private var offsets: [ArraySlice<UInt8>: Int] = [:]

        init(keyLength: Int) { self.keyLength = keyLength }

        /// Appends the entry of `key` (unpadded) over `record`; keys come in ascending order.
        mutating func append(key: some Collection<UInt8>, record: ArraySlice<UInt8>) {
            precondition(key.count <= keyLength, "A key of \(key.count) bytes in an index of \(keyLength)-byte keys")
            let offset = offsets[record] ?? records.count
            if offsets[record] == nil {
                offsets[record] = offset
                records.append(contentsOf: record)
            }
            index.append(contentsOf: key)
            index.append(contentsOf: repeatElement(UInt8(ascii: " "), count: keyLength - key.count))
            Self.append(offset, digits: Layout.offsetDigits, to: &index)
            Self.append(record.count, digits: Layout.lengthDigits, to: &index)
        }

        private static func append(_ value: Int, digits: Int, to bytes: inout [UInt8]) {
            let text = Array(String(value).utf8)
            precondition(text.count <= digits, "\(value) does not fit in \(digits) digits")
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits - text.count))
            bytes.append(contentsOf: text)
        }
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
            forEach(in: name) { key, value in merged[key] = value.utf8.elementsEqual([Layout.absent]) ? nil : value }
        }
    }

    /// Each `key US value RS` of a record's bytes.
    static func items(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (String, String) -> Void) {
        var start = 0
        var separator = -1
        for position in 0..<bytes.count {
            switch bytes[position] {
            case Layout.valueStart:
                separator = position
            case Layout.itemEnd:
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
            return cache.value(forKey: locale.normalized + suffix) {
                let id = CLDRData.dataLocale(for: CLDRData.dataTag(for: locale))
                return cache.value(forKey: id + suffix) {
                    Chain(
                        records: CLDRData.chain(from: id).compactMap { packed.record($0 + suffix) },
                        sameKeyReferences: sameKeyReferences)
                }
            }
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
                    if value.first == Layout.absent { return nil }
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

    /// The bytes of `key`'s value in `record`, whose items are sorted by their keys' bytes (every generated record:
    /// `generated.py`'s `record` sorts them), by binary search over the bytes: an item is found from any byte of it
    /// by its separators, so a lookup reads a few dozen items of a record of thousands.
    static func sortedValue(_ key: UnsafeBufferPointer<UInt8>, in record: UnsafeBufferPointer<UInt8>)
        -> UnsafeBufferPointer<UInt8>?
    {
        var low = 0
        var high = record.count
        while low < high {
            // The item around the middle byte: it starts after an RS (or at `low`) and ends at its RS.
            var start = (low + high) / 2
            while start > low, record[start - 1] != Layout.itemEnd { start -= 1 }
            var separator = start
            while separator < high, record[separator] != Layout.valueStart { separator += 1 }
            var end = separator
            while end < high, record[end] != Layout.itemEnd { end += 1 }
            // The item's key against `key`, byte by byte; a prefix sorts first.
            var order = 0
            let length = min(key.count, separator - start)
            for offset in 0..<length where record[start + offset] != key[offset] {
                order = record[start + offset] < key[offset] ? -1 : 1
                break
            }
            if order == 0 { order = (separator - start) < key.count ? -1 : (separator - start) > key.count ? 1 : 0 }
            if order == 0 { return UnsafeBufferPointer(rebasing: record[min(separator + 1, end)..<end]) }
            if order < 0 { low = end + 1 } else { high = start }
        }
        return nil
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
            if matches, position < record.count, record[position] == Layout.valueStart {
                var end = position + 1
                while end < record.count, record[end] != Layout.itemEnd { end += 1 }
                return UnsafeBufferPointer(rebasing: record[(position + 1)..<end])
            }
            while position < record.count, record[position] != Layout.itemEnd { position += 1 }
            start = position + 1
        }
        return nil
    }
}
