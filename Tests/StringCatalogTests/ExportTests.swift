import I18nCore
import LocaleData
import TestSupport
import Testing

@testable import StringCatalog

@Suite struct ExportTests {
    /// The value of `strings[key].localizations[code]` followed by `path`, as written.
    private func value(_ catalog: ExportedCatalog, _ key: String, _ code: String, _ path: String...) throws -> String? {
        var node = try JSONReader.parse(catalog.bytes)["strings"]?[key]?["localizations"]?[code]
        for name in path { node = node?[name] }
        return node?.string
    }

    @Test func aWholeCatalog() throws {
        let catalog = try exportCatalog([
            "en": ["gallery.name": "Days since", "gallery.count": "{n} done"], "pt-br": ["gallery.name": "Dias desde"],
        ])
        #expect(
            text(catalog.bytes) == """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "gallery.count" : {
                      "comment" : "Arguments: {n} is argument 1.",
                      "extractionState" : "manual",
                      "localizations" : {
                        "en" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "%@ done"
                          }
                        }
                      }
                    },
                    "gallery.name" : {
                      "extractionState" : "manual",
                      "localizations" : {
                        "en" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "Days since"
                          }
                        },
                        "pt-BR" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "Dias desde"
                          }
                        }
                      }
                    }
                  },
                  "version" : "1.0"
                }
                """)
        #expect(catalog.locales == ["en", "pt-BR"])
        #expect(catalog.problems.isEmpty)
    }

    @Test func placeholdersBecomeSpecifiers() throws {
        let catalog = try exportCatalog([
            "en": [
                "one": "Hi {name}", "int": "{n, number, integer} taps", "dec": "{d, number} km", "two": "{a} and {b}",
                "twice": "{a} and {a}", "percent": "{n, number, integer}% done", "text": "100% sure",
                "digits": "{d, number, ::.00} of {e, number, ::precision-integer}",
            ],
            "de": ["two": "{b} und {a}"],
        ])
        let unit = ["stringUnit", "value"]
        #expect(try value(catalog, "one", "en", unit[0], unit[1]) == "Hi %@")
        #expect(try value(catalog, "int", "en", unit[0], unit[1]) == "%lld taps")
        #expect(try value(catalog, "dec", "en", unit[0], unit[1]) == "%lf km")
        #expect(try value(catalog, "two", "en", unit[0], unit[1]) == "%1$@ and %2$@")
        #expect(try value(catalog, "two", "de", unit[0], unit[1]) == "%2$@ und %1$@")
        #expect(try value(catalog, "twice", "en", unit[0], unit[1]) == "%1$@ and %1$@")
        #expect(try value(catalog, "percent", "en", unit[0], unit[1]) == "%lld%% done")
        #expect(try value(catalog, "text", "en", unit[0], unit[1]) == "100% sure")
        #expect(try value(catalog, "digits", "en", unit[0], unit[1]) == "%1$.2lf of %2$.0lf")
    }

    /// A whole-message plural becomes a plural variation with each locale's CLDR categories.
    @Test func pluralsInRussianArabicPolishJapanese() throws {
        let catalog = try exportCatalog([
            "en": ["n": "{n, plural, =0 {none} one {# item} other {# items}}"],
            "ru": ["n": "{n, plural, =0 {нет} one {# штука} few {# штуки} many {# штук} other {# штуки}}"],
            "ar": ["n": "{n, plural, zero {لا شيء} one {واحد} two {اثنان} few {# قليل} many {# كثير} other {# آخر}}"],
            "pl": ["n": "{n, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}"],
            "ja": ["n": "{n, plural, other {#個}}"],
        ])
        let node = try JSONReader.parse(catalog.bytes)["strings"]?["n"]?["localizations"]
        func variants(_ code: String) -> [String: String] {
            let plural = node?[code]?["variations"]?["plural"]?.members ?? []
            return Dictionary(
                uniqueKeysWithValues: plural.map { ($0.name, $0.value["stringUnit"]?["value"]?.string ?? "") })
        }
        #expect(variants("en") == ["zero": "none", "one": "%lld item", "other": "%lld items"])
        #expect(
            variants("ru") == [
                "zero": "нет", "one": "%lld штука", "few": "%lld штуки", "many": "%lld штук", "other": "%lld штуки",
            ])
        #expect(
            variants("ar") == [
                "zero": "لا شيء", "one": "واحد", "two": "اثنان", "few": "%lld قليل", "many": "%lld كثير",
                "other": "%lld آخر",
            ])
        #expect(
            variants("pl") == ["one": "%lld plik", "few": "%lld pliki", "many": "%lld plików", "other": "%lld pliku"])
        #expect(variants("ja") == ["other": "%lld個"])
    }

    /// A plural inside a longer message, or two of them, become substitutions.
    @Test func substitutions() throws {
        let catalog = try exportCatalog([
            "en": [
                "sync":
                    "{files, plural, one {# file} other {# files}} in {dirs, plural, one {# folder} other {# folders}}",
                "badge": "{days, plural, one {Keep it up} other {On a roll}}",
            ],
            "ja": ["sync": "{dirs, plural, other {#個のフォルダ}}に{files, plural, other {#個のファイル}}"],
        ])
        #expect(try value(catalog, "sync", "en", "stringUnit", "value") == "%1$#@files@ in %2$#@dirs@")
        #expect(try value(catalog, "sync", "ja", "stringUnit", "value") == "%2$#@dirs@に%1$#@files@")
        let dirs = try JSONReader.parse(catalog.bytes)["strings"]?["sync"]?["localizations"]?["en"]?["substitutions"]?[
            "dirs"]
        #expect(dirs?["argNum"].map { if case .number(let n) = $0.kind { n } else { "" } } == "2")
        #expect(dirs?["formatSpecifier"]?.string == "lld")
        #expect(dirs?["variations"]?["plural"]?["one"]?["stringUnit"]?["value"]?.string == "%arg folder")
        #expect(try value(catalog, "badge", "en", "stringUnit", "value") == "%#@days@")
    }

    /// A whole-message plural is a plural variation only when its number is the key's only argument: a plural
    /// variation's strings would otherwise have two specifiers, and which one it counts would be a guess.
    @Test func aWholeMessagePluralWithAnotherArgumentIsASubstitution() throws {
        let catalog = try exportCatalog([
            "en": ["moved": "{n, plural, one {# file to {folder}} other {# files to {folder}}}"]
        ])
        let en = try JSONReader.parse(catalog.bytes)["strings"]?["moved"]?["localizations"]?["en"]
        #expect(en?["variations"] == nil)
        #expect(en?["stringUnit"]?["value"]?.string == "%1$#@n@")
        let n = en?["substitutions"]?["n"]
        #expect(n?["argNum"].map { if case .number(let n) = $0.kind { n } else { "" } } == "1")
        #expect(n?["variations"]?["plural"]?["one"]?["stringUnit"]?["value"]?.string == "%arg file to %2$@")
        #expect(n?["variations"]?["plural"]?["other"]?["stringUnit"]?["value"]?.string == "%arg files to %2$@")
        #expect(catalog.problems.isEmpty)
    }

    /// Every construct a catalog cannot hold is an error naming the key and the construct; the rest is written.
    @Test func inexpressibleKeysAreLeftOutAndTheRestWritten() throws {
        let catalog = try exportCatalog([
            "en": [
                "ok": "Fine",
                "gender": "{g, select, male {He} female {She} other {They}} left",
                "rank": "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
                "nested": "{a, plural, one {{b, plural, one {#} other {#}}} other {x}}",
                "when": "On {d, date, ::yMMMd}",
                "time": "At {t, time, short}",
                "share": "{p, number, percent} done",
                "compact": "{p, number, ::compact-short} views",
                "price": "{p, number, currency}",
                "bold": "<b>Bold</b>",
                "offset": "{n, plural, offset:1 one {#} other {#}}",
                "pair": "{n, plural, =2 {a pair} other {#}}",
                "broken": "{n, plural, one {#}",
                "mixed": "Hello {name}",
            ],
            "de": ["mixed": "{n, selectordinal, other {#.}} Hallo {name}", "ok": "Gut"],
        ])
        #expect(catalog.keys.sorted() == ["mixed", "ok"])
        let errors = catalog.problems.filter { $0.severity == .error }.map(\.description)
        #expect(
            errors.sorted() == [
                "bold (en): <b>…</b> (a rich-text tag) has no String Catalog form: catalog strings have no tags; the key is left out (its source message)",
                "broken (en): does not parse as ICU MessageFormat: Unclosed '{': expected '}' at 1:1; the key is left out (its source message)",
                "compact (en): {p, number, ::compact-short} (a number skeleton) has no String Catalog form: only plain numbers and a fixed number of fraction digits have specifiers; the key is left out (its source message)",
                "gender (en): {g, select, …} is refused: String Catalogs vary only by plural and by device; give each case ('male', 'female', 'other') a key of its own in better-i18n and choose the key in the app; the key is left out (its source message)",
                "mixed (de): {n, selectordinal, …} has no String Catalog form: iOS plural variations are cardinal only; this localization is left out",
                "nested (en): {b, plural, …} inside {a, plural, …} (nested plurals) has no String Catalog form: a substitution's variants cannot hold another plural; the key is left out (its source message)",
                "offset (en): {n, plural, offset:1 …} has no String Catalog form: catalog plurals have no offset; the key is left out (its source message)",
                "pair (en): =2 has no String Catalog form in en: no plural category of en holds 2 alone, and catalogs have no exact cases; the key is left out (its source message)",
                "price (en): {p, number, currency} has no String Catalog form: a currency amount has no format specifier; the key is left out (its source message)",
                "rank (en): {n, selectordinal, …} has no String Catalog form: iOS plural variations are cardinal only; the key is left out (its source message)",
                "share (en): {p, number, percent} has no String Catalog form: a percentage has no format specifier; the key is left out (its source message)",
                "time (en): {t, time, …} has no String Catalog form: format specifiers have no dates or times; the key is left out (its source message)",
                "when (en): {d, date, ::yMMMd} (a date skeleton) has no String Catalog form: format specifiers have no dates; the key is left out (its source message)",
            ])
        #expect(try value(catalog, "mixed", "en", "stringUnit", "value") == "Hello %@")
        #expect(try value(catalog, "mixed", "de", "stringUnit", "value") == nil)
        #expect(try value(catalog, "ok", "de", "stringUnit", "value") == "Gut")
    }

    @Test func keysUnderThePrefixes() throws {
        #expect(CatalogExport.matches("gallery", prefix: "gallery"))
        #expect(CatalogExport.matches("gallery.title", prefix: "gallery"))
        #expect(!CatalogExport.matches("gallery2", prefix: "gallery"))
        #expect(CatalogExport.matches("gallery2", prefix: "gallery2"))
        #expect(CatalogExport.matches("gallery.x", prefix: "gallery."))
        #expect(CatalogExport.matches("anything", prefix: ""))
        let catalog = try exportCatalog(
            ["en": ["gallery.a": "A", "intent.b": "B", "other": "C"]], keyPrefixes: ["gallery", "intent"])
        #expect(catalog.keys.sorted() == ["gallery.a", "intent.b"])
        #expect(throws: CatalogError(path: "", reason: "no key of en matches 'nope'")) {
            try exportCatalog(["en": ["a": "A"]], keyPrefixes: ["nope"])
        }
        #expect(throws: CatalogError(path: "", reason: "no messages for the source locale fr to export from")) {
            try exportCatalog(["en": ["a": "A"]], sourceLocale: "fr")
        }
        #expect(
            throws: CatalogError(
                path: "", reason: "zh-Hant and zh-TW would both be the localization zh-Hant; export one of them")
        ) { try exportCatalog(["en": ["a": "A"], "zh-TW": ["a": "甲"], "zh-Hant": ["a": "甲"]]) }
    }

    /// A merge changes the exported keys' exported localizations only, and only where their text changed.
    @Test func mergeKeepsEverythingElseByteForByte() throws {
        let existing = try catalogData("states.xcstrings")
        let catalog = try exportCatalog(
            [
                "en": ["welcome": "Welcome!", "legacy.title": "Legacy", "new.key": "New"],
                "de": ["welcome": "Willkommen"],
            ],
            merging: existing)
        #expect((catalog.added, catalog.changed, catalog.unchanged) == (1, 1, 1))
        let before = try JSONReader.parse(existing)
        let after = try JSONReader.parse(catalog.bytes)
        for entry in before["strings"]!.members! where entry.name != "welcome" {
            let kept = after["strings"]?.members?.first { $0.name == entry.name }
            #expect(
                kept.map { Array(catalog.bytes[$0.value.range]) } == Array(existing[entry.value.range]), "\(entry.name)"
            )
        }
        let welcome = after["strings"]?["welcome"]
        #expect(welcome?["comment"]?.string == "Shown on the first launch")
        #expect(welcome?["localizations"]?["en"]?["stringUnit"]?["value"]?.string == "Welcome!")
        // The German text is the same: its needs_review state stays. The source text changed, so the Spanish
        // translation, not exported, is kept for review; the French one is still new.
        #expect(welcome?["localizations"]?["de"]?["stringUnit"]?["state"]?.string == "needs_review")
        #expect(welcome?["localizations"]?["fr"]?["stringUnit"]?["state"]?.string == "new")
        #expect(welcome?["localizations"]?["es"]?["stringUnit"]?["state"]?.string == "needs_review")
        #expect(after["version"]?.string == "1.1")
        #expect(after["strings"]?["new.key"]?["extractionState"]?.string == "manual")
    }

    /// Without a source locale, a merge exports from the catalog's source language.
    @Test func mergeDefaultsToTheCatalogsSourceLanguage() throws {
        let existing = Array(
            #"{"sourceLanguage" : "de", "strings" : {}, "version" : "1.0"}"#.utf8)
        let catalog = try exportCatalog(
            ["de": ["a": "Hallo"], "en": ["a": "Hello"]], sourceLocale: nil, merging: existing)
        #expect(catalog.locales == ["de", "en"])
        #expect(try value(catalog, "a", "de", "stringUnit", "value") == "Hallo")
        #expect(try CatalogExport.sourceLanguage(ofCatalog: existing) == "de")
    }

    @Test func mergeRefusesAnotherSourceLanguageAndABadCatalog() throws {
        let existing = try catalogData("plurals.xcstrings")
        #expect(
            throws: CatalogError(
                path: "sourceLanguage",
                reason: "the catalog's source language is en, not de; export with that source locale")
        ) { try exportCatalog(["de": ["a": "A"]], sourceLocale: "de", merging: existing) }
        #expect(
            throws: CatalogError(
                path: "version",
                reason: #"unknown String Catalog version "2.0"; this tool reads versions "1.0" and "1.1""#)
        ) { try exportCatalog(["en": ["a": "A"]], merging: try catalogData("unknown-version.xcstrings")) }
    }
}
