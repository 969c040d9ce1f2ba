import Foundation
import LocaleData
import TestSupport
import Testing

/// `widget-i18n data`: the Swift file of a slice compiles against LocaleData as an app's target compiles it, its
/// literals hold well-formed tables, and a bad request writes nothing.
@Suite struct DataCommandTests {
    let binary = Repository.product("widget-i18n")

    /// The text of each `index: "…"` / `records: "…"` literal, unescaped as Swift reads it (`\"`, `\\`, `\u{X}`).
    static func literals(named name: String, in source: String) -> [[UInt8]] {
        var found: [[UInt8]] = []
        var rest = Substring(source)
        while let start = rest.range(of: name + ": \"") {
            var bytes: [UInt8] = []
            var scalars = rest[start.upperBound...].unicodeScalars.makeIterator()
            while let scalar = scalars.next(), scalar != "\"" {
                guard scalar == "\\", let escaped = scalars.next() else {
                    bytes += Array(String(scalar).utf8)
                    continue
                }
                if escaped == "u" {
                    _ = scalars.next()  // {
                    var hex = ""
                    while let digit = scalars.next(), digit != "}" { hex.unicodeScalars.append(digit) }
                    bytes += Array(String(UnicodeScalar(UInt32(hex, radix: 16)!)!).utf8)
                } else {
                    bytes += Array(String(escaped).utf8)
                }
            }
            found.append(bytes)
            rest = rest[start.upperBound...]
        }
        return found
    }

    @Test func theFileCompilesAndItsTablesPointInsideTheirRecords() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path + "/Slice.swift"
        let result = try runProcess(
            binary, ["data", "--locales", "de-AT,ar", "--families", "lists,zone-names", "--out", file])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("de-AT, ar"))
        // What each left-out family changes, one line each; the kept ones are not named.
        let without = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  without ") }
        #expect(
            without.map { $0.split(separator: " ")[1] } == [
                "calendars", "display-names", "durations", "relative-times", "units",
            ])
        #expect(
            without.contains(
                #"  without relative-times ("5 min ago", a Live Activity's "in 12 min"): relative times are shown as bare numbers"#
            ))
        let source = try String(contentsOfFile: file, encoding: .utf8)
        #expect(source.contains(#"dataLocales: ["ar", "ar-arab", "ar-arab-eg", "de", "de-at", "#))
        #expect(source.contains("families: [.zoneNames, .lists]"))
        let indexes = Self.literals(named: "index", in: source)
        let records = Self.literals(named: "records", in: source)
        #expect(indexes.count == 5 && records.count == 5)
        // The file names each table as `Set.init` labels it, in that order.
        for (name, (index, records)) in zip(LocaleDataTables.Table.Name.allCases, zip(indexes, records)) {
            #expect(source.contains("        \(name.rawValue): .init(index: "))
            #expect(index.count.isMultiple(of: PackedRecords.Layout.entryLength(keyLength: name.keyLength)))
            index.withUnsafeBufferPointer { index in
                for entry in PackedRecords.entries(of: index, keyLength: name.keyLength) {
                    #expect(entry.record.upperBound <= records.count, "\(name): \(entry.name)")
                }
            }
        }
        let cldrKeys = String(decoding: indexes[0], as: UTF8.self)
        #expect(cldrKeys.contains("de-at/n") && cldrKeys.contains("ar/n") && !cldrKeys.contains("fr/n"))
        // As an app's target compiles it: against the built LocaleData module, with nothing else.
        let modules = Repository.productsDirectory + "/Modules"
        let typecheck = try runProcess(
            "/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules, file],
            inheritEnvironment: true)
        #expect(typecheck.status == 0, "\(typecheck.standardError)")
    }

    @Test func anUnknownFamilyOrLocaleWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path + "/Slice.swift"
        let family = try runProcess(binary, ["data", "--locales", "de", "--families", "zone-name", "--out", file])
        #expect(family.status == 64)
        #expect(family.standardError.contains("Unknown family 'zone-name'"))
        #expect(family.standardError.contains("zone-names"))
        let locale = try runProcess(binary, ["data", "--locales", "de,../x", "--out", file])
        #expect(locale.status == 64)
        let missing = try runProcess(binary, ["data", "--out", file])
        #expect(missing.status == 64 && missing.standardError.contains("--locales"))
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}
