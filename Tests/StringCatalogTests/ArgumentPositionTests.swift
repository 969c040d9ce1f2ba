import I18nCore
import LocaleData
import TestSupport
import Testing

@testable import StringCatalog

/// The positions an export gives a key's arguments: those of the catalog it came from or merges into, which the
/// app's code passes its arguments in, never merely the order the source message happens to use them.
@Suite struct ArgumentPositionTests {
    private func value(_ catalog: ExportedCatalog, _ key: String, _ code: String) throws -> String? {
        try JSONReader.parse(catalog.bytes)["strings"]?[key]?["localizations"]?[code]?["stringUnit"]?["value"]?.string
    }

    private static let reordered = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "range" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%1$@ bis %2$@"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%2$@ after %1$@"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """

    /// `{arg2} after {arg1}`, as an import names `%2$@ after %1$@`, exports as `%2$@ after %1$@` again.
    @Test func anArgNArgumentHasPositionN() throws {
        let imported = try CatalogImport().bundles(fromCatalog: Array(Self.reordered.utf8))
        #expect(messages(of: imported)["en"]?["range"] == "{arg2} after {arg1}")
        var bundles: [LocaleTag: MessageBundle] = [:]
        for locale in imported.locales {
            bundles[locale.tag] = MessageBundle(messages: Dictionary(uniqueKeysWithValues: locale.messages))
        }
        let catalog = try CatalogExport(sourceLocale: tag("en"), keyPrefixes: [""]).catalog(from: bundles)
        #expect(text(catalog.bytes) == Self.reordered)
        let merged = try CatalogExport(sourceLocale: tag("en"), keyPrefixes: [""]).catalog(
            from: bundles, merging: Array(Self.reordered.utf8))
        #expect(text(merged.bytes) == Self.reordered)
        #expect(merged.unchanged == 1)
    }

    /// A merge takes the positions of the catalog's own specifiers, whatever the arguments' names.
    @Test func aMergeKeepsTheCatalogsPositions() throws {
        let catalog = try exportCatalog(
            ["en": ["range": "{end} after {start}"], "de": ["range": "{start} bis {end}"]],
            merging: Array(Self.reordered.utf8))
        #expect(try value(catalog, "range", "en") == "%2$@ after %1$@")
        #expect(try value(catalog, "range", "de") == "%1$@ bis %2$@")
        #expect(catalog.problems.isEmpty)
        #expect(catalog.unchanged == 1)
    }

    /// An entry of the catalog that no localization of can be read gives no positions: the export says why and
    /// where, rather than numbering the arguments afresh.
    @Test func anUnreadableEntryIsNamedWithItsReason() throws {
        // A `%` at the end is no specifier, in both localizations.
        let broken = Self.reordered.replacingOccurrences(of: "%2$@ after %1$@", with: "%2$@ after %")
            .replacingOccurrences(of: "%1$@ bis %2$@", with: "%1$@ bis %")
        #expect {
            try exportCatalog(
                ["en": ["range": "{end} after {start}"], "de": ["range": "{start} bis {end}"]],
                merging: Array(broken.utf8))
        } throws: { error in
            let description = (error as? CatalogError)?.description ?? ""
            return description.hasPrefix(#"strings.range.localizations.en"#)
        }
    }

    /// A message whose argument is a string where the catalog's is a number is not merged: the app passes a
    /// number there.
    @Test func aTypeDisagreementWithTheCatalogIsAnError() throws {
        let existing = Array(
            #"""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "days" : {
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "%lld days"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """#.utf8)
        let catalog = try exportCatalog(["en": ["days": "{n} days"]], merging: existing)
        #expect(
            catalog.problems.map(\.description) == [
                "days (en): {n} is a string (%@) here but a whole number (%lld) at position 1 in the catalog; the key is left out (its source message)"
            ])
        #expect(catalog.keys.isEmpty)
        #expect(catalog.bytes == existing)
    }

    /// Positions come from the source message: a translation's argument that it lacks is an error for that
    /// localization, and the rest is written.
    @Test func aTranslationsExtraArgumentIsAnError() throws {
        let catalog = try exportCatalog([
            "en": ["greet": "Hello {name}"], "de": ["greet": "Hallo {name} aus {city}"],
            "fr": ["greet": "Salut {name}"],
        ])
        #expect(
            catalog.problems.map(\.description) == [
                "greet (de): uses {city}, which the source message does not have; this localization is left out"
            ])
        #expect(try value(catalog, "greet", "en") == "Hello %@")
        #expect(try value(catalog, "greet", "fr") == "Salut %@")
        #expect(try value(catalog, "greet", "de") == nil)
    }
}
