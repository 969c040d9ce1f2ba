import I18nCore
import LocaleData
import TestSupport
import Testing

@testable import StringCatalog

/// Keys are compared as JSON compares member names, by their UTF-8 bytes: `café` written with `é` and with
/// `e` and a combining accent are two keys, not one key twice. And a merge keeps what surrounds the catalog's
/// object (a byte order mark, a newline at the end).
@Suite struct ByteExactNamesTests {
    private static let composed = "caf\u{E9}"
    private static let decomposed = "cafe\u{301}"
    private static let catalog = Array(
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "\(composed)" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "a"
                  }
                }
              }
            },
            "\(decomposed)" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "b"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """.utf8)

    @Test func keysThatDifferOnlyByNormalizationAreTwoKeys() throws {
        let imported = try CatalogImport().bundles(fromCatalog: Self.catalog)
        let en = try #require(imported.locales.first)
        #expect(en.messages.map { Array($0.key.utf8) } == [Array(Self.composed.utf8), Array(Self.decomposed.utf8)])
        #expect(en.messages.map(\.message) == ["a", "b"])
    }

    @Test func aMergeChangesOnlyTheKeyWithTheSameBytes() throws {
        let merged = try exportCatalog(["en": [Self.composed: "c"]], merging: Self.catalog)
        #expect((merged.changed, merged.kept) == (1, 1))
        let strings = try #require(try JSONReader.parse(merged.bytes)["strings"]?.members)
        // In Xcode's order, whose collation finds the two equal; by their bytes, each has its own value.
        let values = Dictionary(
            uniqueKeysWithValues: strings.map {
                (Array($0.name.utf8), $0.value["localizations"]?["en"]?["stringUnit"]?["value"]?.string)
            })
        #expect(values == [Array(Self.composed.utf8): "c", Array(Self.decomposed.utf8): "b"])
    }

    @Test func aMergeKeepsAByteOrderMarkAndATrailingNewline() throws {
        let catalog = #"{"sourceLanguage" : "en", "strings" : {}, "version" : "1.0"}"#
        let file = [0xEF, 0xBB, 0xBF] + Array(catalog.utf8) + Array("\n".utf8)
        let merged = try exportCatalog(["en": ["a": "A"]], merging: file)
        #expect(merged.bytes.starts(with: [0xEF, 0xBB, 0xBF, UInt8(ascii: "{")]))
        #expect(merged.bytes.last == UInt8(ascii: "\n"))
        let again = try exportCatalog(["en": ["a": "A"]], merging: merged.bytes)
        #expect(again.bytes == merged.bytes)
    }
}
