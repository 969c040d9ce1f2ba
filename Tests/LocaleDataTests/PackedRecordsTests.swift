import Foundation
import TestSupport
import Testing

@testable import LocaleData

/// The packed records' one layout (`PackedRecords.Layout`) as both languages write it: what the generators' Python
/// writer packs (`Data/pack-records.py` runs it on `Data/packed-records.json`), the Swift reader finds record by
/// record, and the slicer's entry walker and writer copy byte for byte.
@Suite struct PackedRecordsTests {
    /// One table of `Data/packed-records.json`: its records (each as its items), whether the writer stores records
    /// of the same text once, and keys it holds no record of (one a byte wider than the keys).
    struct Fixture: Decodable {
        let share: Bool
        let records: [String: [String: String]]
        let absent: [String]
    }

    /// A table as the Python writer packed it.
    struct Packed: Decodable {
        let index: String
        let records: String
    }

    /// The fixture's tables: `locale/section` keys and the zone names' keys.
    static let keyLengths = [
        "locale": PackedRecords.Layout.localeKeyLength, "zone": PackedRecords.Layout.zoneKeyLength,
    ]

    /// The fixture's table `name`, and the index and records the Python writer packs it as.
    static func table(_ name: String) throws -> (fixture: Fixture, index: [UInt8], records: [UInt8]) {
        let fixture = try #require(try testData.load("packed-records.json", as: [String: Fixture].self)[name])
        let result = try runProcess(
            "/usr/bin/env", ["python3", Repository.root + "/Tests/LocaleDataTests/Data/pack-records.py"])
        try #require(result.status == 0, "\(result)")
        let packed = try #require(
            try JSONDecoder().decode([String: Packed].self, from: result.standardOutputData)[name])
        return (fixture, Array(packed.index.utf8), Array(packed.records.utf8))
    }

    /// `body` given a table over `index` and `records`, which it must not keep.
    static func withTable<Result>(
        _ index: [UInt8], _ records: [UInt8], _ body: (LocaleDataTables.Table) throws -> Result
    ) rethrows -> Result {
        try index.withUnsafeBufferPointer { index in
            try records.withUnsafeBufferPointer { records in
                try body(LocaleDataTables.Table(index: index, records: records))
            }
        }
    }

    /// Requires every entry of `table` to point inside its records: with any other layout than the writer's, the
    /// numbers read are not the offsets and lengths it wrote, and reading a record past the end would stop the
    /// test process rather than fail the test.
    static func requireEntriesInside(_ table: LocaleDataTables.Table, keyLength: Int) throws {
        for entry in PackedRecords.entries(of: table.index, keyLength: keyLength) {
            try #require(entry.record.upperBound <= table.records.count, "'\(entry.name)' points past the records")
        }
    }

    /// Each `key`/`value` of a record, as the reader splits it.
    static func items(_ record: UnsafeBufferPointer<UInt8>) -> [String: String] {
        var items: [String: String] = [:]
        PackedRecords.items(record) { items[$0] = $1 }
        return items
    }

    @Test(arguments: keyLengths.keys.sorted())
    func theReaderFindsEveryRecordThePythonWriterPacked(table name: String) throws {
        let (fixture, index, records) = try Self.table(name)
        let keyLength = try #require(Self.keyLengths[name])
        try Self.withTable(index, records) { table in
            #expect(index.count == fixture.records.count * PackedRecords.Layout.entryLength(keyLength: keyLength))
            try Self.requireEntriesInside(table, keyLength: keyLength)
            let reader = PackedRecords(table: table, keyLength: keyLength)
            for (key, items) in fixture.records {
                let record = try #require(reader.record(key), "\(key)")
                #expect(Self.items(record) == items, "\(key)")
            }
            for key in fixture.absent { #expect(reader.record(key) == nil, "\(key)") }
            // Records of the same items are one record when the writer shares them, else each its own.
            let entries = PackedRecords.entries(of: table.index, keyLength: keyLength)
            let ranges = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.record) })
            #expect(ranges.count == fixture.records.count)
            let sameItems = Dictionary(grouping: fixture.records.keys) { fixture.records[$0]! }.values
            #expect(!fixture.share || sameItems.contains { $0.count > 1 }, "no two records to share")
            for keys in sameItems {
                #expect(Set(keys.map { ranges[$0] }).count == (fixture.share ? 1 : keys.count), "\(keys)")
            }
        }
    }

    @Test(arguments: keyLengths.keys.sorted())
    func theSlicerCopiesWhatThePythonWriterPackedByteForByte(table name: String) throws {
        let (fixture, index, records) = try Self.table(name)
        let keyLength = try #require(Self.keyLengths[name])
        // Every other key, so that a kept record may follow a dropped one that shared it (`de/nu` after `de/n`).
        let kept = Set(fixture.records.keys.sorted().enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element))
        let (whole, cut) = try Self.withTable(index, records) { table in
            try Self.requireEntriesInside(table, keyLength: keyLength)
            return (
                LocaleDataSlice.cut(table, keyLength: keyLength) { _ in true },
                LocaleDataSlice.cut(table, keyLength: keyLength) { kept.contains(String($0)) }
            )
        }
        #expect(whole.index == index && whole.records == records)
        try Self.withTable(cut.index, cut.records) { table in
            let reader = PackedRecords(table: table, keyLength: keyLength)
            for (key, items) in fixture.records {
                if kept.contains(key) {
                    let record = try #require(reader.record(key), "\(key)")
                    #expect(Self.items(record) == items, "\(key)")
                } else {
                    #expect(reader.record(key) == nil, "\(key)")
                }
            }
        }
    }
}
