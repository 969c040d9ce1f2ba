import Foundation
import Testing

@testable import LocaleData

/// The packed CLDR tables: one release, recorded where it is generated, and ICU's parent inheritance.
@Suite struct CLDRDataTests {
    @Test func everyGeneratedFileRecordsTheOneRelease() throws {
        #expect(CLDRData.release == "47")
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Sources/LocaleData")
        for file in [
            "CLDR/CLDRData+Generated.swift", "Plural/PluralRules+Generated.swift",
            "Locale/LikelySubtags+Generated.swift",
            "Calendar/CalendarData+Generated.swift", "Format/NamesAndDurationsData+Generated.swift",
            "Format/RelativeListData+Generated.swift",
        ] {
            let handle = try FileHandle(forReadingFrom: sources.appendingPathComponent(file))
            let header = String(decoding: handle.readData(ofLength: 200), as: UTF8.self)
            #expect(header.contains("from ICU 77.1 (CLDR \(CLDRData.release))"), "\(file): \(header)")
        }
    }

    /// Parents as CLDR defines them, not only truncation: `es-MX` inherits from `es-419`, `zh-Hant` not from
    /// `zh`, `en-GB` from `en-001`.
    @Test func localesInheritFromTheirCLDRParents() {
        #expect(CLDRData.chain(from: "es-mx") == ["es-mx", "es-419", "es", "root"])
        #expect(CLDRData.chain(from: "zh-hant-hk") == ["zh-hant-hk", "zh-hant", "root"])
        #expect(CLDRData.chain(from: "en-gb") == ["en-gb", "en-001", "en", "root"])
        #expect(CLDRData.chain(from: "pt-pt") == ["pt-pt", "pt", "root"])
    }

    @Test(arguments: [
        ("pt-PT", "date.short", "dd/MM/yy"), ("pt", "date.short", "dd/MM/y"), ("en-GB", "date.short", "dd/MM/y"),
        ("en", "date.short", "M/d/yy"), ("zh-TW", "date.short", "y/M/d"), ("es-419", "time.short", "h:mm\u{202F}a"),
    ])
    func valuesResolveThroughTheChain(_ tag: String, _ key: String, _ expected: String) {
        #expect(CLDRData.values(.dates, for: LocaleTag(parsing: tag)!)[key] == expected)
    }

    @Test func aliasesAndUnknownTagsFindData() {
        #expect(CLDRData.dataLocale(for: LocaleTag(parsing: "zh-TW")!) == "zh-hant-tw")
        #expect(CLDRData.dataLocale(for: LocaleTag(parsing: "de-CH-u-nu-latn")!) == "de-ch")
        let unknown = CLDRData.values(.numbers, for: LocaleTag(parsing: "qaa")!)
        #expect(unknown["sym.decimal"] == ".")
        #expect(unknown["pattern.decimalFormat"] == "#,##0.###")
    }

    /// The unit sections are read in place by binary search over each record's sorted items: every item of every
    /// unit record is found with its value, and keys between them are not.
    @Test func everyUnitValueIsFoundInPlace() {
        let packed = CLDRData.packed
        var checked = 0
        for entry in PackedRecords.entries(of: packed.table.index, keyLength: packed.keyLength)
        where entry.name.hasSuffix("/u") || entry.name.hasSuffix("/U") {
            let record = UnsafeBufferPointer(rebasing: packed.table.records[entry.record])
            PackedRecords.items(record) { key, value in
                var key = key
                key.withUTF8 { bytes in
                    let found = PackedRecords.sortedValue(bytes, in: record).map { String(decoding: $0, as: UTF8.self) }
                    #expect(found == value, "\(entry.name) \(String(decoding: bytes, as: UTF8.self))")
                    var between = Array(bytes)
                    between.append(0x01)
                    between.withUnsafeBufferPointer { #expect(PackedRecords.sortedValue($0, in: record) == nil) }
                }
                checked += 1
            }
        }
        #expect(checked > 10_000)
    }

    /// A unit section read in place gives what the decoded chain gives, key for key, cancelled keys included.
    @Test(arguments: ["af", "tr", "en-AU", "ar", "zh-Hant-HK", "sr-Latn-BA", "sw"])
    func aUnitSectionReadInPlaceIsTheDecodedChain(_ tag: String) throws {
        let locale = try #require(LocaleTag(parsing: tag))
        let id = CLDRData.dataLocale(for: locale)
        for section in ["u", "U"] {
            var merged: [String: String] = [:]
            CLDRData.packed.merge(CLDRData.chain(from: id).reversed().map { $0 + "/" + section }, into: &merged)
            var every: Set<String> = []
            for name in CLDRData.chain(from: id) {
                CLDRData.packed.forEach(in: name + "/" + section) { key, _ in every.insert(key) }
            }
            let values = CLDRData.values(section == "u" ? .units : .moreUnits, for: locale)
            for key in every { #expect(values[key] == merged[key], "\(tag)/\(section) \(key)") }
            #expect(!merged.isEmpty)
        }
    }
}
