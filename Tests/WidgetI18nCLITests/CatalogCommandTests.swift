import Foundation
import TestSupport
import Testing

/// `catalog export` and `catalog import` run as the built binary: the widget extension's catalog from the cached or
/// the CDN's bundles, merged byte for byte, and a catalog back into bundles the widget reads.
@Suite struct CatalogCommandTests {
    /// The test catalogs of `StringCatalogTests`.
    static func testCatalog(_ name: String) -> String { Repository.root + "/Tests/StringCatalogTests/Data/" + name }

    private func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The round trip a user makes: export, import, then the widget reads the import through `--bundled`. The
    /// names travel in the key's comment, so the widget shows "Merhaba Ayşe!", not "Merhaba {arg1}!".
    @Test func exportThenImportKeepsArgumentNamesAllTheWayToTheWidget() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "tr"])
        #expect(try cli.run(["catalog", "export", "--keys", "today.greeting", "--out", "L.xcstrings"]).status == 0)
        let imported = try cli.run(["catalog", "import", "L.xcstrings", "--out", "Bundled"])
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.standardError.isEmpty, "\(imported)")
        #expect(contents(cli.directory.appending("Bundled/tr/translations.json"))?.contains("{name}") == true)
        let empty = try CLIHarness()
        defer { empty.remove() }
        let shown = try empty.run(
            ["t", "today.greeting", "name=Ayşe", "--locale", "tr", "--bundled", cli.directory.appending("Bundled")])
        #expect(shown.standardOutput == "Merhaba Ayşe!\n", "\(shown)")
    }

    /// A catalog Xcode wrote has no names: the import says which it made up, and where they came from.
    @Test func importingACatalogWithoutNamesSaysSo() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let catalog = #"""
            {"sourceLanguage": "en", "strings": {"greeting": {"localizations": {"en": {"stringUnit":
              {"state": "translated", "value": "Hello %@!"}}}}}, "version": "1.0"}
            """#
        try catalog.write(toFile: cli.directory.appending("X.xcstrings"), atomically: true, encoding: .utf8)
        let imported = try cli.run(["catalog", "import", "X.xcstrings", "--out", "Bundled"])
        #expect(imported.status == 0, "\(imported)")
        #expect(
            imported.standardError.contains(
                "warning: greeting: arguments named {arg1} by position: the catalog gives no names"), "\(imported)")
    }

    @Test func exportsTheCachedLocalesWithXcodesCodes() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "ru", "ar", "ja", "pt-br", "zh-hant"])
        // Every cached locale but the pseudo-locales, which no catalog should ship.
        #expect(try cli.run(["pseudo"]).status == 0)
        let result = try cli.run([
            "catalog", "export", "--keys", "daysSince.title", "today.events", "daysSince.milestone", "--out",
            "Widget/Localizable.xcstrings",
        ])
        #expect(result.status == 1)
        #expect(
            result.standardOutput
                == "Widget/Localizable.xcstrings: 2 keys in 6 localizations (en, ar, ja, pt-BR, ru, zh-Hant): 2 added, "
                + "0 changed, 0 unchanged\n")
        #expect(
            result.standardError == """
                error: daysSince.milestone (en): {days, selectordinal, …} has no String Catalog form: iOS plural variations are cardinal only; the key is left out (its source message)
                error: 1 key or localization could not be exported and was left out; the rest was written

                """)
        let catalog = try #require(contents(cli.directory.appending("Widget/Localizable.xcstrings")))
        #expect(
            catalog.hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"daysSince.title\" : {\n"))
        #expect(catalog.hasSuffix("\n  },\n  \"version\" : \"1.0\"\n}"))
        #expect(catalog.contains("\"pt-BR\" : {") && catalog.contains("\"zh-Hant\" : {"))
        #expect(catalog.contains("\"value\" : \"%#@count@ today\""))
        #expect(catalog.contains("\"value\" : \"Сегодня %lld событий\""))
        #expect(!catalog.contains("milestone"))
    }

    @Test func writesToStandardOutputWithoutAnOutFile() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "de"])
        let result = try cli.run(["catalog", "export", "--keys", "today.title", "--locale", "de"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError == "")
        #expect(
            result.standardOutput == """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "today.title" : {
                      "extractionState" : "manual",
                      "localizations" : {
                        "de" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "Heute"
                          }
                        },
                        "en" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "Today"
                          }
                        }
                      }
                    }
                  },
                  "version" : "1.0"
                }
                """)
    }

    /// A merge changes the exported keys where their text changed, and keeps every other byte.
    @Test func mergeChangesOnlyWhatChanged() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "de"])
        let path = cli.directory.appending("Localizable.xcstrings")
        let before = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Open" : {

                },
                "today.title" : {
                  "comment" : "The widget gallery's name",
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "needs_review",
                        "value" : "Heute"
                      }
                    },
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Today!"
                      }
                    },
                    "fr" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Aujourd'hui"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        try Data(before.utf8).write(to: URL(fileURLWithPath: path))
        let result = try cli.run(["catalog", "export", "--keys", "today.title", "today.nextUp", "--merge", path])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.standardOutput
                == "\(path): 2 keys in 2 localizations (en, de): 1 added, 1 changed, 0 unchanged, 1 other key kept\n")
        let after = try #require(contents(path))
        // The English text changed; the German one is the same, so its review state stays; French is not exported,
        // so it is kept for review.
        let nextUp = """
                "today.nextUp" : {
                  "extractionState" : "manual",
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Als Nächstes"
                      }
                    },
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Next up"
                      }
                    }
                  }
                },

            """
        let expected =
            before
            .replacingOccurrences(of: "\"value\" : \"Today!\"", with: "\"value\" : \"Today\"")
            .replacingOccurrences(of: "    \"today.title\" : {", with: nextUp + "    \"today.title\" : {")
            .replacingOccurrences(
                of: "\"translated\",\n            \"value\" : \"Aujourd'hui\"",
                with: "\"needs_review\",\n            \"value\" : \"Aujourd'hui\"")
        #expect(after == expected)
        #expect(result.standardError.contains("today.title (fr): the source text changed"), "\(result)")
        let again = try cli.run(["catalog", "export", "--keys", "today.title", "today.nextUp", "--merge", path])
        #expect(again.standardOutput.hasSuffix("0 added, 0 changed, 2 unchanged, 1 other key kept\n"))
        #expect(contents(path) == after)
    }

    /// With --cdn on the command line, the bundles come from that CDN, and nothing goes into the store.
    @Test func exportsFromTheCDN() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let cdn = URL(fileURLWithPath: Repository.root + "/Locales").absoluteString
        let result = try cli.run([
            "catalog", "export", "--cdn", cdn, "--keys", "common", "--locale", "ja", "--locale", "zh-TW", "--out",
            "out.xcstrings",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.hasPrefix("out.xcstrings: 1 key in 3 localizations (en, ja, zh-Hant)"))
        #expect(contents(cli.directory.appending("out.xcstrings"))?.contains("\"zh-Hant\" : {") == true)
        #expect(snapshot(of: cli.groupDirectory).isEmpty)
    }

    /// import → bundles the widget reads as its bundled messages; warnings for states and device variants.
    @Test func importWritesBundlesTheWidgetReads() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let result = try cli.run(["catalog", "import", Self.testCatalog("states.xcstrings"), "--out", "Bundled"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.standardOutput == """
                de: 6 messages → Bundled/de/translations.json
                en: 9 messages → Bundled/en/translations.json
                es: 1 message → Bundled/es/translations.json
                fr: 1 message → Bundled/fr/translations.json

                """)
        #expect(
            result.standardError.contains("warning: welcome (de): state 'needs_review': imported as it is; review it\n")
        )
        #expect(
            result.standardError.contains("warning: untranslated (fr): empty and 'new': not translated yet; left out\n")
        )
        let translated = try cli.run(["t", "welcome", "--bundled", "Bundled", "--locale", "de"])
        #expect(translated.standardOutput == "Willkommen\n")
        let devices = try cli.run([
            "catalog", "import", Self.testCatalog("devices.xcstrings"), "--locale", "en", "--out", "d",
        ])
        #expect(devices.status == 0)
        #expect(devices.standardOutput == "en: 3 messages → d/en/translations.json\n")
        #expect(
            devices.standardError.contains(
                "warning: tap.hint (en): device variants ipad, mac left out; kept the iPhone's (or other) text\n"))
    }

    /// import → export into the same catalog gives it back byte for byte, through the store.
    @Test func importThenExportIsTheSameFile() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        for name in ["substitutions.xcstrings", "states.xcstrings"] {
            let catalog = Self.testCatalog(name)
            let out = cli.directory.appending(name)
            #expect(try cli.run(["catalog", "import", catalog, "--out", out + ".bundles"]).status == 0)
            var locales: [String] = []
            for locale in try FileManager.default.contentsOfDirectory(atPath: out + ".bundles").sorted() {
                locales.append(locale)
                let put = try cli.run([
                    "store", "put", "@better-i18n:messages:acme/widgets:\(locale)", "--file",
                    out + ".bundles/\(locale)/translations.json",
                ])
                #expect(put.status == 0, "\(put)")
            }
            let export = try cli.run(
                ["catalog", "export", "--keys", "", "--merge", catalog, "--out", out]
                    + locales.flatMap { ["--locale", $0] })
            #expect(export.status == 0, "\(export)")
            #expect(
                FileManager.default.contents(atPath: out) == FileManager.default.contents(atPath: catalog), "\(name)")
            for locale in locales { _ = try cli.run(["store", "rm", "@better-i18n:messages:acme/widgets:\(locale)"]) }
        }
    }

    /// A catalog that is not JSON, has an unknown version or a malformed specifier: the path of what is wrong,
    /// exit 1, nothing written.
    @Test(arguments: [
        ("not-json.xcstrings", "not JSON: expected a member name in quotes at line 10, column 11"),
        (
            "unknown-version.xcstrings",
            #"version: unknown String Catalog version "2.0"; this tool reads versions "1.0" and "1.1""#
        ),
        (
            "malformed-specifier.xcstrings",
            #"strings["files.count"].localizations.de.stringUnit.value: malformed format specifier '%2$k' at character 10: 'k' is not a conversion"#
        ),
    ])
    func badCatalogsAreRefused(_ name: String, _ reason: String) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let catalog = Self.testCatalog(name)
        let imported = try cli.run(["catalog", "import", catalog, "--out", "out"])
        #expect(imported.status == 1)
        #expect(imported.standardOutput == "")
        #expect(imported.standardError == "error: \(catalog): \(reason)\n")
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appending("out")))
        guard name != "malformed-specifier.xcstrings" else { return }
        try cli.seedSampleLocales(["en"])
        let copy = cli.directory.appending(name)
        try FileManager.default.copyItem(atPath: catalog, toPath: copy)
        let merged = try cli.run(["catalog", "export", "--keys", "today", "--merge", copy])
        #expect(merged.status == 1)
        #expect(merged.standardError == "error: \(copy): \(reason)\n")
        #expect(FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: catalog))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter { $0.hasPrefix(".") } == [])
    }

    @Test func usageErrors() throws {
        try expectUsageError(
            ["catalog", "export"],
            "error: Pass the keys to export with --keys PREFIX, such as --keys gallery --keys intent\n")
        try expectUsageError(
            ["catalog", "export", "--keys", "a", "--all", "--locale", "de"],
            "error: Pass either --all or --locale, not both\n")
        try expectUsageError(
            ["catalog", "import"],
            "error: Name the catalog to import, such as 'widget-i18n catalog import Localizable.xcstrings'\n")
        try expectUsageError(
            ["catalog", "frob"], "error: Unknown subcommand 'catalog frob'; use one of: export, import\n")
        let cli = try CLIHarness()
        defer { cli.remove() }
        let missing = try cli.run(["catalog", "import", "nowhere.xcstrings"])
        #expect(missing.status == 1)
        #expect(missing.standardError == "error: Cannot read the catalog 'nowhere.xcstrings': no such file\n")
        let notCached = try cli.run(["catalog", "export", "--keys", "today", "--locale", "de"])
        #expect(notCached.status == 1)
        #expect(
            notCached.standardError
                == "error: No cached messages for 'en'; run 'widget-i18n fetch --locale en' first, or pass --cdn URL\n")
    }
}

/// What the probe gave `catalog` that is no ordinary catalog: a FIFO, a device, a file past the size limit, a
/// catalog whose bundle no widget reads, a catalog shared by a symbolic link.
@Suite struct HostileCatalogFileTests {
    /// Before, a FIFO or a device was "permission denied".
    @Test func aFIFOOrADeviceIsNamedForWhatItIs() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let fifo = cli.directory.appending("pipe.xcstrings")
        #expect(mkfifo(fifo, 0o644) == 0)
        for (path, reason) in [
            (fifo, "it is a FIFO (named pipe), not a file"), ("/dev/null", "it is a device, not a file"),
            (cli.directory.path, "it is a directory"),
        ] {
            let result = try cli.run(["catalog", "import", path, "--out", "out"])
            #expect(result.status == 1)
            #expect(result.standardError == "error: Cannot read the catalog '\(path)': \(reason)\n")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appending("out")))
    }

    /// A catalog past 64 MiB is refused before it is read (a 200 MB one used 806 MB).
    @Test func aCatalogPastTheLimitIsRefusedUnread() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let path = cli.directory.appending("huge.xcstrings")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 64 * 1024 * 1024 + 1) == 0)
        let result = try cli.run(["catalog", "import", path, "--out", "out"])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "error: Cannot read the catalog '\(path)': the catalog is 67108865 bytes, larger than the 64 MiB a "
                + "catalog may be\n")
    }

    /// A bundle past the 4 MiB a widget reads is written, with a warning that the widget will refuse it.
    @Test func aBundleNoWidgetReadsIsWrittenWithAWarning() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let long = String(repeating: "a", count: 1_100_000)
        let entries = (0..<4).map {
            #""k\#($0)":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"\#(long)"}}}}"#
        }
        let path = cli.directory.appending("big.xcstrings")
        try Data(#"{"sourceLanguage":"en","strings":{\#(entries.joined(separator: ","))},"version":"1.0"}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let result = try cli.run(["catalog", "import", path, "--out", "out"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "en: 4 messages → out/en/translations.json\n")
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: cli.directory.appending("out/en/translations.json"))[.size]
                as? Int)
        #expect(
            result.standardError
                == "warning: out/en/translations.json is \(size) bytes, more than the 4 MiB a widget reads "
                + "(MessageBundle.maximumStoredSize): the widget will refuse it; import fewer keys\n")
    }

    /// `--merge` through a link updates the catalog it links to; before, the link became a regular file and the
    /// shared catalog stayed stale.
    @Test func mergeThroughALinkWritesTheLinkedCatalog() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "de"])
        #expect(
            try cli.run(["catalog", "export", "--keys", "today.title", "--out", "Shared/Localizable.xcstrings"]).status
                == 0)
        try FileManager.default.createDirectory(
            atPath: cli.directory.appending("Widget"), withIntermediateDirectories: true)
        let link = cli.directory.appending("Widget/Localizable.xcstrings")
        #expect(symlink("../Shared/Localizable.xcstrings", link) == 0)
        let merged = try cli.run([
            "catalog", "export", "--keys", "today.title", "today.events", "--merge", "Widget/Localizable.xcstrings",
        ])
        #expect(merged.status == 0, "\(merged)")
        #expect(merged.standardOutput.contains("1 added, 0 changed, 1 unchanged"), "\(merged)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../Shared/Localizable.xcstrings")
        let shared = try #require(
            FileManager.default.contents(atPath: cli.directory.appending("Shared/Localizable.xcstrings")))
        #expect(String(decoding: shared, as: UTF8.self).contains("\"today.events\""))
    }
}
