import I18nCore
import LocaleData
import StringCatalog
import Testing

@Suite struct ImportTests {
    private func imported(_ name: String, locales: [String]? = nil) throws -> ImportedCatalog {
        try CatalogImport(locales: locales?.map(tag)).bundles(fromCatalog: catalogData(name))
    }

    @Test func pluralVariationsBecomePlurals() throws {
        let messages = messages(of: try imported("plurals.xcstrings"))
        #expect(messages["en"]?["events.count"] == "{arg1, plural, one {# event} other {# events}}")
        #expect(
            messages["en"]?["days.left"] == "{arg1, plural, =0 {No days left} one {# day left} other {# days left}}")
        #expect(
            messages["ru"]?["days.left"]
                == "{arg1, plural, =0 {Дней не осталось} one {Остался # день} few {Осталось # дня} many {Осталось # дней} other {Осталось # дня}}"
        )
        #expect(
            messages["ar"]?["events.count"]
                == "{arg1, plural, zero {لا أحداث} one {حدث واحد} two {حدثان} few {# أحداث} many {# حدثًا} other {# حدث}}"
        )
        #expect(messages["ja"]?["days.left"] == "{arg1, plural, =0 {残りの日はありません} other {残り#日}}")
        #expect(messages["pl"]?["photos.title"] == "Zdjęcia")
    }

    @Test func substitutionsKeepTheirNames() throws {
        let messages = messages(of: try imported("substitutions.xcstrings"))
        #expect(
            messages["en"]?["sync.summary"]
                == "{files, plural, one {# file} other {# files}} in {folders, plural, one {# folder} other {# folders}}"
        )
        #expect(
            messages["ja"]?["sync.summary"] == "{folders, plural, other {#個のフォルダ}}に{files, plural, other {#個のファイル}}")
        #expect(
            messages["de"]?["greeting.events"]
                == "Heute {count, plural, =0 {keine Termine} one {# Termin} other {# Termine}} für {arg1}")
        #expect(messages["en"]?["streak.badge"] == "{days, plural, one {Keep it up} other {On a roll}}")
    }

    @Test func positionalSpecifiers() throws {
        let messages = messages(of: try imported("positional.xcstrings"))
        #expect(messages["ja"]?["share.message"] == "{arg2}が{arg1}さんから共有されました")
        #expect(
            messages["en"]?["progress"] == "{arg1, number, integer} of {arg2, number, integer} done ({arg3, number}%)")
        #expect(
            messages["tr"]?["progress"]
                == "%{arg3, number}: {arg2, number, integer} görevin {arg1, number, integer} tanesi")
        #expect(messages["de"]?["name.twice"] == "Hallo {arg1}, tschüss {arg1}")
        #expect(messages["en"]?["discount"] == "Save 20% today")
    }

    /// Xcode's form when one argument of several is a plural: `%#@miles@`, placed by its `argNum`, beside
    /// positional specifiers (public catalogs and SwiftGen's fixtures have it); neither plain nor positional.
    @Test func aSubstitutionReferenceBesidePositionalSpecifiers() throws {
        let catalog = try imported("xcode-substitutions.xcstrings")
        let messages = messages(of: catalog)
        #expect(messages["en"]?["walked"] == "{arg1} walked {miles, plural, one {# mile} other {# miles}} today")
        #expect(
            messages["de"]?["walked"] == "{arg1} ist heute {miles, plural, one {# Meile} other {# Meilen}} gelaufen")
        #expect(messages["en"]?["apples"] == "{apples, plural, one {# apple} other {# apples}} for {arg2}")
        #expect(catalog.problems.allSatisfy { $0.severity == .warning }, "\(catalog.problems)")
    }

    /// The iPhone's variant (else other's) is kept; the others are reported.
    @Test func deviceVariations() throws {
        let catalog = try imported("devices.xcstrings")
        let messages = messages(of: catalog)
        #expect(messages["en"]?["tap.hint"] == "Tap to open")
        #expect(
            messages["en"]?["widget.items"]
                == "{arg1, plural, one {# item on your iPhone} other {# items on your iPhone}}")
        #expect(messages["en"]?["device.other.only"] == "Choose a file")
        #expect(
            withoutPositionalNames(catalog.problems).map(\.description) == [
                "device.other.only (en): device variants mac left out; kept the iPhone's (or other) text",
                "tap.hint (de): device variants mac left out; kept the iPhone's (or other) text",
                "tap.hint (en): device variants ipad, mac left out; kept the iPhone's (or other) text",
                "widget.items (en): device variants applewatch left out; kept the iPhone's (or other) text",
            ])
    }

    /// needs_review and new are imported and reported; an empty new one is left out, and said so.
    @Test func everyState() throws {
        let catalog = try imported("states.xcstrings")
        let messages = messages(of: catalog)
        #expect(messages["de"]?["welcome"] == "Willkommen")
        #expect(messages["fr"]?["welcome"] == "Bienvenue")
        #expect(messages["en"]?["Acme Widgets"] == "Acme Widgets")
        #expect(messages["en"]?["Natural key %@"] == "Natural key {arg1}")
        #expect(messages["de"]?["Natural key %@"] == "Natürlicher Schlüssel {arg1}")
        #expect(messages["en"]?["Only in the code"] == "Only in the code")
        #expect(messages["fr"]?["untranslated"] == nil)
        #expect(messages["de"]?["review.plural"] == "{arg1, plural, one {# Bewertung} other {# Bewertungen}}")
        #expect(
            withoutPositionalNames(catalog.problems).map(\.description) == [
                ": an empty key is no better-i18n key; left out",
                "extracted.title (en): state 'new': imported as it is; review it",
                "migrated.title (de): state 'needs_review': imported as it is; review it",
                "review.plural (de): state 'needs_review': imported as it is; review it",
                "untranslated (fr): empty and 'new': not translated yet; left out",
                "welcome (de): state 'needs_review': imported as it is; review it",
                "welcome (fr): state 'new': imported as it is; review it",
            ])
        #expect(catalog.problems.allSatisfy { $0.severity == .warning })
    }

    @Test func unusualKeys() throws {
        let catalog = try imported("unusual-keys.xcstrings")
        let messages = messages(of: catalog)
        #expect(messages["en"]?["100% sure"] == "100% sure")
        #expect(messages["en"]?["🎉 party.time ✨"] == "Party time 🎉")
        #expect(messages["en"]?["quote \" and back\\slash"] == "Say \"hi\" \\ wave")
        #expect(messages["de"]?["tab\tand\nnewline"] == "Zeile eins\nZeile zwei\teingerückt")
        #expect(messages["en"]?["apostrophe's {brace}"] == "It''s '{literally} braces #1'")
        #expect(catalog.problems.isEmpty)
        // "Done." cannot nest, so the bundle is flat; it reads back key for key.
        let en = try #require(catalog.locales.first { $0.code == "en" })
        let bundle = try MessageBundle(jsonBytes: en.jsonBytes)
        for (key, message) in en.messages { #expect(bundle.message(forKey: key) == message, "\(key)") }
        #expect(text(en.jsonBytes).hasPrefix("{\n  \"🎉 party.time ✨\": \"Party time 🎉\",\n"))
    }

    /// Bundles nest by the dots of their keys when they can, as the CDN serves them.
    @Test func bundlesNest() throws {
        let catalog = try imported("plurals.xcstrings", locales: ["ja"])
        #expect(catalog.locales.map(\.code) == ["ja"])
        #expect(
            text(catalog.locales[0].jsonBytes) == """
                {
                  "days": {
                    "left": "{arg1, plural, =0 {残りの日はありません} other {残り#日}}"
                  },
                  "events": {
                    "count": "{arg1, plural, other {#件のイベント}}"
                  },
                  "photos": {
                    "title": "写真"
                  }
                }

                """)
        #expect(catalog.locales[0].directoryName == "ja")
        #expect(try imported("positional.xcstrings", locales: ["DE", "de"]).locales.map(\.code) == ["de"])
    }

    @Test func badInputIsAClearErrorWithThePath() throws {
        #expect(
            throws: CatalogError(path: "", reason: "not JSON: expected a member name in quotes at line 10, column 11")
        ) {
            try imported("not-json.xcstrings")
        }
        #expect(
            throws: CatalogError(
                path: "version",
                reason: #"unknown String Catalog version "2.0"; this tool reads versions "1.0" and "1.1""#)
        ) { try imported("unknown-version.xcstrings") }
        #expect(
            throws: CatalogError(
                path: #"strings["files.count"].localizations.de.stringUnit.value"#,
                reason: "malformed format specifier '%2$k' at character 10: 'k' is not a conversion")
        ) { try imported("malformed-specifier.xcstrings") }
        #expect(
            throws: CatalogError(
                path: "", reason: "the catalog has no localization for fr (fr); it has ar, en, ja, pl, ru")
        ) { try imported("plurals.xcstrings", locales: ["fr"]) }
        #expect(
            throws: CatalogError(path: "", reason: "a String Catalog is a JSON object, but this file holds an array")
        ) { try CatalogImport().bundles(fromCatalog: Array("[]".utf8)) }
    }

    /// What has no ICU form is an error for that key and localization; the rest is imported.
    @Test func inexpressibleLocalizations() throws {
        let catalog = #"""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "hex" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "%x and %@" } } } },
                "mixed" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ and %@" } } } },
                "width" : { "localizations" : { "en" : { "variations" : { "width" : { } } } } },
                "two" : { "localizations" : { "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld of %lld" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld of %lld" } } } } } } },
                "types" : { "localizations" : {
                  "en" : { "stringUnit" : { "state" : "translated", "value" : "%@" } },
                  "de" : { "stringUnit" : { "state" : "translated", "value" : "%lld" } } } },
                "fine" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Fine" } } } }
              },
              "version" : "1.0"
            }
            """#
        let imported = try CatalogImport().bundles(fromCatalog: Array(catalog.utf8))
        #expect(messages(of: imported)["en"] == ["fine": "Fine"])
        #expect(
            imported.problems.map(\.description) == [
                "hex (en): the specifier '%x': '%x' has no ICU MessageFormat equivalent; left out",
                "mixed (en): a value that mixes positional (%1$@) and plain (%@) specifiers; left out",
                "width (en): 'width' variations have no ICU MessageFormat form (only plural and device ones are read); left out",
                "two (en): a plural variation with 2 numbers: which one it counts is ambiguous; left out",
                "types: argument 1 is a string (%@) in one place and a number in another; left out",
            ])
    }

    /// Text with `<` imports as messages that parse back to that text, not to tags (or fail to parse).
    @Test func textThatLooksLikeATagStaysText() throws {
        let catalog = Array(
            #"""
            {
              "sourceLanguage" : "en",
              "strings" : {
                "a" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Tap <b>here</b>" } } } },
                "b" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "a < b, %@ <x" } } } },
                "c" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "<br/> %lld #1 {x} 'q'" } } } },
                "d" : { "localizations" : { "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "# %lld <i>item</i> 'x'" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items {y}" } } } } } } },
                "e" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "<Unknown>" } } } },
                "f" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Name <none>" } } } },
                "g" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "a<b" } } } }
              },
              "version" : "1.0"
            }
            """#.utf8)
        let imported = try CatalogImport().bundles(fromCatalog: catalog)
        #expect(withoutPositionalNames(imported.problems).isEmpty)
        let en = try #require(messages(of: imported)["en"])
        let formatter = ICUMessageFormatter()
        let expected = [
            "a": "Tap <b>here</b>", "b": "a < b, X <x", "c": "<br/> 5 #1 {x} 'q'", "e": "<Unknown>",
            "f": "Name <none>", "g": "a<b",
        ]
        for (key, text) in expected {
            let arguments: MessageArguments = ["arg1": key == "c" ? .number(MessageNumber(5)) : .string("X")]
            let message = try #require(en[key])
            let parsed = try MessageParser.parse(message)
            #expect(!MessageElement.argumentNames(in: parsed).contains { $0 != "arg1" }, "\(key): \(message)")
            let formatted = formatter.format(message, locale: .english, arguments: arguments)
            #expect(formatted.problems.isEmpty, "\(key): \(message)")
            #expect(formatted.text == text, "\(key): \(message)")
        }
        let plural = try #require(en["d"])
        let one = formatter.format(plural, locale: .english, arguments: ["arg1": .number(MessageNumber(1))])
        #expect(one.problems.isEmpty, "\(plural)")
        #expect(one.text == "# 1 <i>item</i> 'x'", "\(plural)")
    }
}

/// Localizations whose codes name one locale go to one bundle: merged when they agree, refused when they do not
/// (before, `pt-BR`, `pt_BR` and `PT-br` were each written to `pt-br/translations.json`, the last one winning).
@Suite struct ImportSpellingTests {
    func catalog(_ localizations: [(code: String, key: String, value: String)]) -> [UInt8] {
        var strings: [String: [String: String]] = [:]
        for (code, key, value) in localizations { strings[key, default: [:]][code] = value }
        let entries = strings.sorted { $0.key < $1.key }.map { key, codes in
            let units = codes.sorted { $0.key < $1.key }.map { code, value in
                #""\#(code)":{"stringUnit":{"state":"translated","value":"\#(value)"}}"#
            }
            return #""\#(key)":{"localizations":{\#(units.joined(separator: ","))}}"#
        }
        return Array(#"{"sourceLanguage":"en","strings":{\#(entries.joined(separator: ","))},"version":"1.0"}"#.utf8)
    }

    @Test func spellingsOfOneLocaleAreMergedWhenTheyAgree() throws {
        let bytes = catalog([
            ("en", "a", "A"), ("en", "b", "B"), ("en", "c", "C"),
            ("pt-BR", "a", "Á"), ("pt_BR", "b", "Bê"), ("PT-br", "a", "Á"), ("PT-br", "c", "Cê"),
        ])
        let imported = try CatalogImport().bundles(fromCatalog: bytes)
        let portuguese = imported.locales.filter { $0.tag.normalized == "pt-br" }
        #expect(portuguese.count == 1)
        let locale = try #require(portuguese.first)
        #expect(Dictionary(uniqueKeysWithValues: locale.messages) == ["a": "Á", "b": "Bê", "c": "Cê"])
        #expect(Set([locale.code] + locale.mergedCodes) == ["pt-BR", "pt_BR", "PT-br"])
    }

    @Test func spellingsThatDisagreeAreRefusedNamingBoth() throws {
        let bytes = catalog([("en", "a", "A"), ("pt-BR", "a", "Á"), ("pt_BR", "a", "Ah")])
        let error = #expect(throws: CatalogError.self) { try CatalogImport().bundles(fromCatalog: bytes) }
        let message = try #require(error?.description)
        #expect(message.contains("'pt-BR'") && message.contains("'pt_BR'"), "\(message)")
        #expect(message.contains("strings.a") || message.contains("\"a\""), "\(message)")
    }
}

/// Every bundle an import writes is one a widget reads whole, with every message the import made.
@Suite struct ImportedBundlesReadTests {
    @Test(arguments: [
        "devices.xcstrings", "plurals.xcstrings", "positional.xcstrings", "states.xcstrings",
        "substitutions.xcstrings", "unusual-keys.xcstrings",
    ])
    func everyWrittenBundleReadsWithAllItsMessages(_ name: String) throws {
        let imported = try CatalogImport().bundles(fromCatalog: catalogData(name))
        for locale in imported.locales where !locale.messages.isEmpty {
            let bundle = try MessageBundle(jsonBytes: locale.jsonBytes)
            #expect(bundle.messageCount == Set(locale.messages.map(\.key)).count, "\(name) \(locale.code)")
            for (key, message) in locale.messages { #expect(bundle.message(forKey: key) == message) }
        }
    }

    /// A key of more than 64 dot-separated parts was nested past the reader's depth limit, so the widget refused
    /// the whole locale ("Messages nest deeper than 64 levels"); now the bundle stays flat and reads.
    @Test(arguments: [64, 65, 200])
    func aKeyDeeperThanTheReaderReadsKeepsTheBundleFlat(_ parts: Int) throws {
        let deep = (0..<parts).map { "p\($0)" }.joined(separator: ".")
        let bytes = Array(
            #"{"sourceLanguage":"en","strings":{"\#(deep)":{},"today.title":{}},"version":"1.0"}"#.utf8)
        let imported = try CatalogImport().bundles(fromCatalog: bytes)
        let english = try #require(imported.locales.first)
        let bundle = try MessageBundle(jsonBytes: english.jsonBytes)
        #expect(bundle.message(forKey: deep) == deep)
        #expect(bundle.message(forKey: "today.title") == "today.title")
        // Nested while the reader reads that deep, flat past it.
        #expect(String(decoding: english.jsonBytes, as: UTF8.self).contains(#""today": {"#) == (parts <= 64))
    }
}

/// A specifier's numbers are bounded: `%.9999999f` became a 10 MB skeleton, and the error quoted all of it (200
/// such keys took 80 s, 2 GB of memory and 2 GB of stderr).
@Suite struct ImportAmplificationTests {
    @Test func aPrecisionPastASkeletonsIsUnsupportedWithAShortReason() throws {
        let spelling = ImportSpellingTests()
        let keys = (0..<200).map { ("en", "k\($0)", "%@ has %.9999999f left") } + [("en", "ok", "%@ has %.20f left")]
        let imported = try CatalogImport().bundles(fromCatalog: spelling.catalog(keys))
        let english = try #require(imported.locales.first { $0.tag.normalized == "en" })
        #expect(english.messages.map(\.key) == ["ok"])
        #expect(
            english.messages.first?.message == "{arg1} has {arg2, number, ::." + String(repeating: "0", count: 20)
                + "} left")
        #expect(withoutPositionalNames(imported.problems).count == 200)
        for problem in withoutPositionalNames(imported.problems) {
            #expect(problem.description.utf8.count < 300, "\(problem.description.prefix(400))")
            #expect(problem.description.contains("precision above 20 digits"), "\(problem.description.prefix(400))")
        }
    }

    @Test func aSkeletonTokensErrorQuotesAnExcerpt() {
        let token = String(repeating: "0", count: 100_000)
        let formatted = ICUMessageFormatter().format("{n, number, ::.\(token)}", locale: .english, arguments: ["n": 1])
        #expect(formatted.problems.allSatisfy { $0.description.utf8.count < 300 })
        #expect(throws: MessageParseError.self) { try MessageParser.parse("{n, number, ::.\(token)}") }
        let error = #expect(throws: MessageParseError.self) { try MessageParser.parse("{n, number, ::.\(token)}") }
        #expect((error?.description.utf8.count ?? .max) < 300)
    }
}

/// A catalog whose source language is spelled otherwise than its localization (`pt-BR` and `pt_BR`): the key is
/// not also read as the source text, which the import then refused as a second, different translation (found by
/// the catalog fuzz target, through an export merged into such a catalog).
@Suite struct ImportSourceSpellingTests {
    @Test func aSourceLocalizationSpelledOtherwiseIsTheSourceText() throws {
        let bytes = Array(
            #"{"sourceLanguage":"pt-BR","strings":{"welcome %@":{"localizations":{"pt_BR":{"stringUnit":{"state":"translated","value":"Olá %@"}}}}},"version":"1.0"}"#
                .utf8)
        let imported = try CatalogImport().bundles(fromCatalog: bytes)
        #expect(imported.locales.count == 1)
        #expect(imported.locales.first?.messages.first?.message == "Olá {arg1}")
    }
}
