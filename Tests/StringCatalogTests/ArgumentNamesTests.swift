import I18nCore
import LocaleData
import StringCatalog
import TestSupport
import Testing

/// An export then an import keeps argument names (`{name}`, not `{arg1}`), through the `Arguments:` line the
/// export writes into a key's comment; a catalog without names is imported with a warning that says so.
@Suite struct ArgumentNamesTests {
    @Test func exportThenImportKeepsTheNames() throws {
        let catalog = try exportCatalog([
            "en": ["greeting": "Hello {name}!", "walk": "{who} walked {km, number} km", "count": "{arg1} left"],
            "tr": ["greeting": "Merhaba {name}!", "walk": "{who} {km, number} km yürüdü"],
        ])
        let back = try CatalogImport().bundles(fromCatalog: catalog.bytes)
        let messages = messages(of: back)
        #expect(messages["tr"]?["greeting"] == "Merhaba {name}!")
        #expect(messages["en"]?["walk"] == "{who} walked {km, number} km")
        #expect(messages["tr"]?["walk"] == "{who} {km, number} km yürüdü")
        // A name the catalog carries anyway (argN at N) gets no comment; the import, which cannot tell it from a
        // catalog without names, says it named it by position, and for that key only.
        #expect(messages["en"]?["count"] == "{arg1} left")
        #expect(!text(catalog.bytes).contains("{arg1} is argument"))
        #expect(back.problems.map(\.key) == ["count"], "\(back.problems)")
        #expect(text(catalog.bytes).contains(#""comment" : "Arguments: {who} is argument 1, {km} is argument 2.""#))
    }

    @Test func aCatalogWithoutNamesIsImportedWithAWarningThatSaysWhereTheNamesCameFrom() throws {
        let catalog = Array(
            #"""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "greeting" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello %@, %lld new" } } } }
              },
              "version" : "1.0"
            }
            """#.utf8)
        let imported = try CatalogImport().bundles(fromCatalog: catalog)
        #expect(messages(of: imported)["en"]?["greeting"] == "Hello {arg1}, {arg2, number, integer} new")
        #expect(
            imported.problems.map(\.description) == [
                "greeting: arguments named {arg1}, {arg2} by position: the catalog gives no names (the key's comment "
                    + "has no 'Arguments:' line, as 'catalog export' writes)"
            ])
    }

    @Test func aCommentOfTheUsersOwnStaysAboveTheLine() throws {
        let first = try exportCatalog(["en": ["greeting": "Hello {name}!"]])
        // The user adds a comment of their own in Xcode, above the line.
        let edited = text(first.bytes).replacingOccurrences(
            of: #""comment" : "Arguments: "#, with: #""comment" : "Shown on the lock screen\nArguments: "#)
        // The argument is renamed in better-i18n; the merge rewrites the line, not the user's comment.
        let merged = try exportCatalog(["en": ["greeting": "Hello {friend}!"]], merging: Array(edited.utf8))
        #expect(merged.changed == 1)
        #expect(
            text(merged.bytes).contains(
                #""comment" : "Shown on the lock screen\nArguments: {friend} is argument 1.""#), "\(text(merged.bytes))"
        )
        #expect(
            messages(of: try CatalogImport().bundles(fromCatalog: merged.bytes))["en"]?["greeting"] == "Hello {friend}!"
        )
    }

    @Test func aMergeLeavesAnUntouchedEntryAsItIsAndNamesAChangedOne() throws {
        let catalog = Array(
            #"""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "greeting" : {
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Hello %@!"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """#.utf8)
        let same = try exportCatalog(["en": ["greeting": "Hello {name}!"]], merging: catalog)
        #expect(same.bytes == catalog)
        let changed = try exportCatalog(["en": ["greeting": "Hi {name}!"]], merging: catalog)
        #expect(text(changed.bytes).contains(#""comment" : "Arguments: {name} is argument 1.","#))
        #expect(
            messages(of: try CatalogImport().bundles(fromCatalog: changed.bytes))["en"]?["greeting"] == "Hi {name}!")
    }
}
