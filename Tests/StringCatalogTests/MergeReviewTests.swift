import I18nCore
import LocaleData
import TestSupport
import Testing

@testable import StringCatalog

/// A merge whose source text changed marks the translations it kept but did not export `needs_review`, as Xcode
/// marks translations of a changed source string.
@Suite struct MergeReviewTests {
    static let existingForTests = existing
    private static let existing = Array(
        #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "days" : {
              "localizations" : {
                "en" : {
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld day"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld days"
                        }
                      }
                    }
                  }
                },
                "fr" : {
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld jour"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld jours"
                        }
                      }
                    }
                  }
                }
              }
            },
            "welcome" : {
              "comment" : "Shown first",
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Welcome"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Bienvenue"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """#.utf8)

    @Test func aChangedSourceMarksTheKeptTranslationsForReview() throws {
        let catalog = try exportCatalog(
            ["en": ["welcome": "Welcome!", "days": "{n, plural, one {# day left} other {# days left}}"]],
            merging: Self.existing)
        let strings = try JSONReader.parse(catalog.bytes)["strings"]
        let welcome = strings?["welcome"]?["localizations"]
        #expect(welcome?["en"]?["stringUnit"]?["value"]?.string == "Welcome!")
        #expect(welcome?["fr"]?["stringUnit"]?["state"]?.string == "needs_review")
        #expect(welcome?["fr"]?["stringUnit"]?["value"]?.string == "Bienvenue")
        let days = strings?["days"]?["localizations"]?["fr"]?["variations"]?["plural"]
        #expect(days?["one"]?["stringUnit"]?["state"]?.string == "needs_review")
        #expect(days?["other"]?["stringUnit"]?["state"]?.string == "needs_review")
        #expect(days?["other"]?["stringUnit"]?["value"]?.string == "%lld jours")
        #expect(
            catalog.problems.map(\.description).sorted() == [
                "days (fr): the source text changed and this translation was not exported: kept, marked needs_review",
                "welcome (fr): the source text changed and this translation was not exported: kept, marked needs_review",
            ])
    }

    /// An unchanged source leaves the kept translations as they were, byte for byte.
    @Test func anUnchangedSourceKeepsThemAsTheyWere() throws {
        let catalog = try exportCatalog(
            [
                "en": ["welcome": "Welcome", "days": "{n, plural, one {# day} other {# days}}"],
                "fr": ["days": "{n, plural, one {# jour} other {# jours}}"],
            ], merging: Self.existing)
        #expect(catalog.bytes == Self.existing)
        #expect(catalog.problems.isEmpty)
    }
}

/// A catalog with CRLF line endings keeps them: before, a merge wrote LF around CRLF copies and counted every
/// exported key as changed.
@Suite struct MergeLineEndingTests {
    private static let crlf = Array(
        String(decoding: MergeReviewTests.existingForTests, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n")
            .utf8)

    @Test func anUntouchedCRLFCatalogComesOutByteForByte() throws {
        let catalog = try exportCatalog(
            [
                "en": ["welcome": "Welcome", "days": "{n, plural, one {# day} other {# days}}"],
                "fr": ["days": "{n, plural, one {# jour} other {# jours}}"],
            ], merging: Self.crlf)
        #expect(catalog.bytes == Self.crlf)
        #expect(catalog.unchanged == 2 && catalog.changed == 0)
    }

    @Test func aChangeAndANewKeyAreWrittenWithCRLF() throws {
        let catalog = try exportCatalog(
            ["en": ["welcome": "Welcome!", "days": "{n, plural, one {# day} other {# days}}", "new.key": "New"]],
            merging: Self.crlf)
        #expect(catalog.changed == 1 && catalog.unchanged == 1 && catalog.added == 1)
        let lines = catalog.bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(lines.count > 60)
        // Every line but the last (the catalog ends without a newline) ends in CR LF.
        #expect(lines.dropLast().allSatisfy { $0.last == 0x0D })
        let text = String(decoding: catalog.bytes, as: UTF8.self)
        #expect(text.contains("\"value\" : \"Welcome!\"\r\n") && text.contains("\"new.key\" : {\r\n"))
    }
}

/// A localization the catalog spells otherwise (`pt_BR`) is the exported one (`pt-BR`): found by the catalog fuzz
/// target, an export merged into such a catalog added `pt-BR` beside the old `pt_BR`, and the import then refused
/// the catalog as two spellings of one locale that disagree.
@Suite struct MergeSpellingTests {
    static let catalog = Array(
        #"{"sourceLanguage":"en","strings":{"greeting":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Hello %@"}},"pt_BR":{"stringUnit":{"state":"translated","value":"Olá %@"}}}}},"version":"1.0"}"#
            .utf8)

    @Test func aChangedTranslationIsWrittenInTheCatalogsSpelling() throws {
        let exported = try exportCatalog(
            ["en": ["greeting": "Hello {arg1}"], "pt-BR": ["greeting": "Oi {arg1}"]],
            merging: Self.catalog)
        let localizations = try JSONReader.parse(exported.bytes)["strings"]?["greeting"]?["localizations"]
        #expect(localizations?.members?.map(\.name) == ["en", "pt_BR"])
        #expect(localizations?["pt_BR"]?["stringUnit"]?["value"]?.string == "Oi %@")
        let again = try CatalogImport().bundles(fromCatalog: exported.bytes)
        let portuguese = try #require(again.locales.first { $0.tag.normalized == "pt-br" })
        #expect(portuguese.messages.first?.message == "Oi {arg1}")
    }

    @Test func anUnchangedOneKeepsItsSpellingAndAddsNone() throws {
        let exported = try exportCatalog(
            ["en": ["greeting": "Hello {arg1}"], "pt-BR": ["greeting": "Olá {arg1}"]],
            merging: Self.catalog)
        let localizations = try JSONReader.parse(exported.bytes)["strings"]?["greeting"]?["localizations"]
        #expect(localizations?.members?.map(\.name) == ["en", "pt_BR"])
        #expect(localizations?["pt_BR"]?["stringUnit"]?["value"]?.string == "Olá %@")
        #expect(try CatalogImport().bundles(fromCatalog: exported.bytes).locales.count == 2)
    }
}

/// A key without arguments merged into an entry that stays a format string (a plural variation kept in another
/// localization) is written as a format string, `%` as `%%`, as the import will read it; found by the catalog fuzz
/// target, where `50%` was written bare and the import then refused the catalog ("malformed format specifier").
@Suite struct MergeFormatTextTests {
    static let catalog = Array(
        #"{"sourceLanguage":"en","strings":{"sale":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Sale"}},"fr":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"Solde"}},"other":{"stringUnit":{"state":"translated","value":"Soldes"}}}}}}}},"version":"1.0"}"#
            .utf8)

    @Test func textInAFormatEntryIsEscaped() throws {
        let exported = try exportCatalog(["en": ["sale": "50% off"]], merging: Self.catalog)
        let english = try JSONReader.parse(exported.bytes)["strings"]?["sale"]?["localizations"]?["en"]
        #expect(english?["stringUnit"]?["value"]?.string == "50%% off")
        let again = try CatalogImport().bundles(fromCatalog: exported.bytes)
        #expect(again.locales.first { $0.code == "en" }?.messages.first?.message == "50% off")
        #expect(exported.problems.count == 1)  // fr: kept, marked needs_review, reported once
    }

    @Test func textInATextEntryStaysAsItIs() throws {
        let plain = Array(
            #"{"sourceLanguage":"en","strings":{"sale":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Sale"}}}}},"version":"1.0"}"#
                .utf8)
        let exported = try exportCatalog(["en": ["sale": "50% off"]], merging: plain)
        let english = try JSONReader.parse(exported.bytes)["strings"]?["sale"]?["localizations"]?["en"]
        #expect(english?["stringUnit"]?["value"]?.string == "50% off")
    }
}
