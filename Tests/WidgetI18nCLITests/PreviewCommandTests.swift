import Foundation
import TestSupport
import Testing

/// `preview`, `check --layout` and `pseudo`, run as a developer would, on the bundled Locales/.
@Suite struct PreviewCommandTests {
    static let moment = ["--from", "2026-11-30T17:00:00Z", "--time-zone", "Europe/Berlin"]
    static let unknownTint =
        "error: Unknown --tint '#12'; use automatic, red, orange, yellow, green, mint, teal, cyan, blue, indigo, "
        + "purple or #RRGGBB\n"
    static let unknownTextSize =
        "error: Unknown --text-size 'huge'; use xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1, AX2, "
        + "AX3, AX4, AX5 or all\n"

    private func prepared() throws -> CLIHarness {
        let cli = try CLIHarness()
        #expect(try cli.run(["fetch", "--all", "--quiet"]).status == 0)
        try cli.run(
            ["store", "put", "events"],
            input: Data(
                #"[{"id": "run", "title": "Marathon", "startDate": "2026-10-09T00:00:00Z"}, {"id": "sync", "title": "Team sync", "startDate": "2026-11-30T19:00:00Z"}]"#
                    .utf8))
        try cli.run(["store", "put", "profile"], input: Data(#"{"name": "Ayşe"}"#.utf8))
        return cli
    }

    /// Width and height from a PNG's IHDR chunk.
    private func pngSize(_ path: String) -> (Int, Int)? {
        guard let data = FileManager.default.contents(atPath: path), data.count > 24,
            data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        else { return nil }
        func integer(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (integer(16), integer(20))
    }

    @Test func previewsEveryWidgetFamilyAndLocaleAndTheContactSheetLoadsInABrowser() throws {
        let cli = try prepared()
        defer { cli.remove() }
        let result = try cli.run(["preview", "--all-locales", "--out", "previews"] + Self.moment)
        #expect(result.status == 0, "\(result)")
        let directory = cli.directory.appending("previews").replacingOccurrences(of: "//", with: "/")
        #expect(result.standardOutput.contains("file://\(directory)/index.html"), "\(result)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/report.json")))
                as? [String: Any])
        let images = try #require(report["images"] as? [[String: Any]])
        #expect(images.count == 2 * 3 * 10)
        let sizes = ["small": (316, 316), "medium": (676, 316), "large": (676, 708)]
        for image in images {
            let png = try #require(image["png"] as? String)
            let family = try #require(image["family"] as? String)
            let size = try #require(pngSize(directory + "/" + png), "\(png)")
            #expect(size == sizes[family]!, "\(png)")
            #expect(image["width"] as? Int == size.0 && image["height"] as? Int == size.1)
            #expect(image["direction"] as? String == (image["locale"] as? String == "ar" ? "rtl" : "ltr"))
            let lines = try #require(image["lines"] as? [[String: Any]])
            #expect(!lines.isEmpty)
            for line in lines {
                for field in ["key", "text", "needed_pt", "available_pt", "truncated", "unknown_glyphs"] {
                    #expect(line[field] != nil, "\(png) lacks \(field)")
                }
                // The bundled locales fit every family and have every glyph, as docs/architecture.md says.
                #expect(line["truncated"] as? Bool == false, "\(png) \(line)")
                #expect(line["unknown_glyphs"] as? Int == 0, "\(png) \(line)")
            }
        }
        let german = try #require(images.first { $0["png"] as? String == "today/small/de.png" })
        let title = try #require((german["lines"] as? [[String: Any]])?.first)
        #expect(title["key"] as? String == "today.title" && title["text"] as? String == "Heute")

        // The contact sheet in headless Chromium, from the file system: every image loads, the console is quiet.
        let screenshot = Repository.root + "/.build/test-artifacts/contact-sheet.png"
        try? FileManager.default.createDirectory(
            atPath: Repository.root + "/.build/test-artifacts", withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: screenshot)
        let browser = try runProcess(
            "/usr/bin/python3",
            [Repository.root + "/scripts/browser-check.py", directory + "/index.html", "--screenshot", screenshot])
        #expect(browser.status == 0, "\(browser)")
        let page = try #require(try JSONSerialization.jsonObject(with: browser.standardOutputData) as? [String: Any])
        #expect(page["title"] as? String == "WidgetI18n previews")
        let loaded = try #require(page["images"] as? [[String: Any]])
        #expect(loaded.count == images.count)
        for image in loaded {
            #expect(image["complete"] as? Bool == true && (image["naturalWidth"] as? Int ?? 0) >= 316, "\(image)")
        }
        #expect((page["console"] as? [Any])?.isEmpty == true, "\(page["console"] ?? "")")
        #expect((page["exceptions"] as? [Any])?.isEmpty == true, "\(page["exceptions"] ?? "")")
        #expect((page["failedRequests"] as? [Any])?.isEmpty == true, "\(page["failedRequests"] ?? "")")
        #expect(pngSize(screenshot) != nil)
    }

    @Test func theLayoutCheckPassesOnTheBundledLocales() throws {
        let cli = try prepared()
        defer { cli.remove() }
        let result = try cli.run(["check", "--layout"] + Self.moment)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.contains("2 widgets × 3 families × 10 locales: 0 do not fit"), "\(result)")
    }

    @Test func theLayoutCheckCatchesALongGermanTitleWithItsKeyAndOverflow() throws {
        let cli = try prepared()
        defer { cli.remove() }
        let title = String(String(repeating: "Terminübersichtsanzeige", count: 4).prefix(70))
        try cli.run(
            ["store", "put", "@better-i18n:messages:acme/widgets:de"],
            input: Data(#"{"today": {"title": "\#(title)", "events": "{count, plural, other {# Termine}}"}}"#.utf8))
        let result = try cli.run(
            ["check", "--layout", "--locale", "de", "--widget", "today", "--family", "small"] + Self.moment)
        #expect(result.status == 1, "\(result)")
        let reported = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("de today small") }
        #expect(reported.count == 1, "\(result)")
        #expect(reported.first?.hasPrefix("de today small today.title: overflows by ") == true, "\(result)")
        #expect(reported.first?.contains("has 1 × 126 pt") == true, "\(result)")
        #expect(result.standardError.contains("1 line does not fit"))
    }

    /// README.md and docs/architecture.md say the bundled locales fit every family from xSmall to large, the
    /// default, and the large family up to AX1; from xLarge some of today's lines are pushed out of the small and
    /// medium widgets.
    @Test func theBundledLocalesFitAtEverySizeTheReadmeSays() throws {
        let cli = try prepared()
        defer { cli.remove() }
        let sizes = ["xSmall", "small", "medium", "large"].flatMap { ["--text-size", $0] }
        let result = try cli.run(["check", "--layout"] + sizes + Self.moment)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.standardOutput.hasSuffix("2 widgets × 3 families × 10 locales × 4 text sizes: 0 do not fit\n"),
            "\(result)")
        let upToAX1 = ["xLarge", "xxLarge", "xxxLarge", "AX1"].flatMap { ["--text-size", $0] }
        let large = try cli.run(["check", "--layout", "--family", "large"] + sizes + upToAX1 + Self.moment)
        #expect(large.status == 0, "\(large)")
        #expect(large.standardOutput.hasSuffix("× 10 locales × 8 text sizes: 0 do not fit\n"), "\(large)")
        let larger = try cli.run(["check", "--layout", "--text-size", "xLarge"] + Self.moment)
        #expect(larger.status == 1, "\(larger)")
        #expect(larger.standardOutput.contains("de today small today.events at xLarge: "), "\(larger)")
    }

    /// A German title that fits at large is cut at xxxLarge: the check names its key, size and overflow, and with
    /// --text-size all reports it once, from the smallest size at which it stops fitting.
    /// `--widget-language de` draws a widget set to German beside one that follows the app (Turkish); a language
    /// the group does not cache is not offered, and is refused naming what is.
    @Test func aWidgetInAChosenLanguageIsDrawnBesideOneThatFollowsTheApp() throws {
        let cli = try prepared()
        defer { cli.remove() }
        try cli.run(["locale", "set", "tr", "--offline"])
        let only = ["--widget", "today", "--family", "small", "--out", "p"] + Self.moment
        let result = try cli.run(["preview", "--widget-language", "de"] + only)
        #expect(result.status == 0, "\(result)")
        let report = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: cli.directory.appending("p") + "/report.json")))
                as? [String: Any])
        let images = try #require(report["images"] as? [[String: Any]])
        #expect(images.map { $0["locale"] as? String } == ["tr", "de"], "\(images)")
        let titles = images.map { ($0["lines"] as? [[String: Any]])?.first?["text"] as? String }
        #expect(titles == ["Bugün", "Heute"], "\(titles)")
        let stale = try cli.run(["preview", "--widget-language", "ko"] + only)
        #expect(stale.status == 1, "\(stale)")
        #expect(
            stale.standardError.contains("No messages for 'ko' in the group store: a widget set to it follows the app"))
        #expect(stale.standardError.contains("offered: the app's language, "), "\(stale)")
        let mixed = try cli.run(["preview", "--widget-language", "de", "--locale", "tr"] + only)
        #expect(mixed.status == 64, "\(mixed)")
    }

    @Test func aGermanTitleThatFitsAtLargeIsReportedAtXXXLarge() throws {
        let cli = try prepared()
        defer { cli.remove() }
        try cli.run(
            ["store", "put", "@better-i18n:messages:acme/widgets:de"],
            input: Data(#"{"today": {"title": "Tagesvorschau", "events": "{count, plural, other {# Termine}}"}}"#.utf8))
        let only = ["--locale", "de", "--widget", "today", "--family", "small"]
        func titles(_ result: ProcessResult) -> [Substring] {
            result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("de today small today.title") }
        }
        let large = try cli.run(["check", "--layout"] + only + Self.moment)
        #expect(large.status == 0, "\(large)")
        let xxxLarge = try cli.run(["check", "--layout", "--text-size", "xxxLarge"] + only + Self.moment)
        #expect(xxxLarge.status == 1, "\(xxxLarge)")
        #expect(titles(xxxLarge).count == 1, "\(xxxLarge)")
        #expect(
            titles(xxxLarge).first?.hasPrefix("de today small today.title at xxxLarge: overflows by ") == true,
            "\(xxxLarge)")
        #expect(titles(xxxLarge).first?.contains("has 1 × 126 pt) — \"Tagesvorschau\"") == true, "\(xxxLarge)")
        let all = try cli.run(["check", "--layout", "--text-size", "all"] + only + Self.moment)
        #expect(all.status == 1, "\(all)")
        #expect(titles(all).count == 1, "\(all)")
        let first = titles(all).first
        #expect(first?.hasPrefix("de today small today.title from xxxLarge: overflows by ") == true, "\(all)")
        #expect(all.standardOutput.contains(" × 1 locale × 12 text sizes: "), "\(all)")

        // The preview records each image's text size, puts each size in a directory of its own and labels it.
        let preview = try cli.run(
            ["preview", "--text-size", "large", "--text-size", "xxxLarge", "--out", "p"] + only + Self.moment)
        #expect(preview.status == 0, "\(preview)")
        #expect(preview.standardOutput.contains("× 1 locale × 2 text sizes to "), "\(preview)")
        let directory = cli.directory.appending("p")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/report.json")))
                as? [String: Any])
        let images = try #require(report["images"] as? [[String: Any]])
        #expect(images.map { $0["text_size"] as? String } == ["large", "xxxLarge"])
        #expect(images.map { $0["png"] as? String } == ["today/small/large/de.png", "today/small/xxxLarge/de.png"])
        let truncated = images.map { image in
            (image["lines"] as? [[String: Any]])?.first { $0["key"] as? String == "today.title" }?["truncated"] as? Bool
        }
        #expect(truncated == [false, true])
        let sheet = try String(contentsOfFile: directory + "/index.html", encoding: .utf8)
        #expect(sheet.contains("<figcaption>text size large</figcaption>"), "\(sheet)")
        #expect(sheet.contains("<figcaption>text size xxxLarge</figcaption>"), "\(sheet)")
    }

    /// Appearances: a column each in the contact sheet, recorded in report.json; the check warns about low
    /// contrast without failing, unless --strict.
    @Test func appearancesAreDrawnRecordedAndCheckedForContrast() throws {
        let cli = try prepared()
        defer { cli.remove() }
        let only = ["--locale", "de", "--widget", "today", "--family", "small"]
        let preview = try cli.run(
            ["preview", "--appearance", "all", "--tint", "blue", "--out", "p"] + only + Self.moment)
        #expect(preview.status == 0, "\(preview)")
        #expect(preview.standardOutput.contains("× 1 locale × 3 appearances to "), "\(preview)")
        let directory = cli.directory.appending("p")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/report.json")))
                as? [String: Any])
        let images = try #require(report["images"] as? [[String: Any]])
        #expect(images.map { $0["appearance"] as? String } == ["light", "dark", "tinted"])
        #expect(images.allSatisfy { $0["tint"] as? String == "blue" })
        #expect(
            images.map { $0["png"] as? String } == [
                "today/small/light/de.png", "today/small/dark/de.png", "today/small/tinted/de.png",
            ])
        let sheet = try String(contentsOfFile: directory + "/index.html", encoding: .utf8)
        #expect(sheet.contains("<th>small · light</th><th>small · dark</th><th>small · tinted</th>"), "\(sheet)")

        // The default styles pass in every appearance: no warning.
        let clean = try cli.run(["check", "--layout", "--appearance", "all", "--strict"] + Self.moment)
        #expect(clean.status == 0, "\(clean)")
        #expect(!clean.standardError.contains("warning"), "\(clean)")
        #expect(clean.standardOutput.hasSuffix("× 10 locales × 3 appearances: 0 do not fit\n"), "\(clean)")
        // A light-grey tint on white: a warning, exit 0; with --strict, exit 1.
        let grey = ["check", "--layout", "--appearance", "light", "--tint", "#D3D3D3"] + only + Self.moment
        let warned = try cli.run(grey)
        #expect(warned.status == 0, "\(warned)")
        #expect(
            warned.standardError
                == "warning: light today.title (title): #D3D3D3 on #FFFFFF is 1.5:1, under WCAG 2's 4.5:1 for 13 pt "
                + "bold text\n", "\(warned)")
        let strict = try cli.run(grey + ["--strict"])
        #expect(strict.status == 1, "\(strict)")
        #expect(strict.standardError.hasSuffix("error: 1 contrast warning (--strict)\n"), "\(strict)")
    }

    @Test func pseudoLocalesAreLongerStillFormatAndCanBePreviewed() throws {
        let cli = try prepared()
        let before = snapshot(of: cli.groupDirectory)
        defer { cli.remove() }
        // preview --pseudo makes them in memory: the store is not written.
        let preview = try cli.run(
            ["preview", "--pseudo", "--widget", "today", "--family", "small", "--locale", "en", "--out", "p"]
                + Self.moment)
        #expect(preview.status == 0, "\(preview)")
        #expect(snapshot(of: cli.groupDirectory) == before)
        let report = try String(contentsOfFile: cli.directory.appending("p/report.json"), encoding: .utf8)
        #expect(report.contains(#""locale" : "ar-XB""#) && report.contains(#""direction" : "rtl""#), "\(report)")
        // --pseudo lets --locale pick a pseudo-locale alone.
        let alone = try cli.run(
            ["preview", "--pseudo", "--widget", "today", "--family", "small", "--locale", "en-XA", "--out", "q"]
                + Self.moment)
        #expect(alone.status == 0, "\(alone)")
        let drawn = snapshot(of: cli.directory.appending("q")).keys.filter { $0.hasSuffix(".png") }
        #expect(drawn == ["today/small/en-XA.png"])
        for name in ["today/small/en.png", "today/small/en-XA.png", "today/small/ar-XB.png"] {
            #expect(FileManager.default.fileExists(atPath: cli.directory.appending("p/\(name)")), "\(name)")
        }

        let pseudo = try cli.run(["pseudo"])
        #expect(pseudo.status == 0, "\(pseudo)")
        #expect(pseudo.standardOutput == "en-XA: 32 messages from en\nar-XB: 32 messages from en\n")
        let english = try cli.run(["t", "today.events", "count=3", "--locale", "en"]).standardOutput
        let accented = try cli.run(["t", "today.events", "count=3", "--locale", "en-XA"]).standardOutput
        #expect(english == "3 events today\n")
        #expect(accented.hasPrefix("[3 ") && accented.hasSuffix("]\n"), "\(accented)")
        #expect(accented.count >= english.count * 13 / 10, "\(accented)")
        let mirrored = try cli.run(["t", "today.events", "count=3", "--locale", "ar-XB"]).standardOutput
        #expect(mirrored.contains("\u{202E}today\u{202C}"), "\(mirrored.debugDescription)")
        #expect(try cli.run(["check", "--locale", "en-XA", "--locale", "ar-XB"]).status == 0)
        let layout = try cli.run(["check", "--layout", "--locale", "en-XA", "--locale", "ar-XB"] + Self.moment)
        #expect(layout.status == 0, "\(layout)")
        #expect(layout.standardOutput.hasSuffix("2 widgets × 3 families × 2 locales: 0 do not fit\n"), "\(layout)")
    }

    @Test func pseudoFromAMessageThatDoesNotParseWritesNothing() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.run(
            ["store", "put", "@better-i18n:messages:acme/widgets:en", "--no-validate"],
            input: Data(#"{"ok": "Fine", "broken": "{count, plural, one {# x}"}"#.utf8))
        let before = snapshot(of: cli.groupDirectory)
        let result = try cli.run(["pseudo"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: en broken: "), "\(result)")
        #expect(snapshot(of: cli.groupDirectory) == before)
    }

    static let badOptions: [(arguments: [String], status: Int32, message: String?)] = [
        (["preview", "--widget", "clock"], 64, "error: Unknown widget 'clock'; use days-since, today or delivery\n"),
        (
            ["preview", "--family", "huge"], 64,
            "error: Unknown family 'huge'; use small, medium or large (a Live Activity's: lockScreen, islandCompact, "
                + "islandMinimal, islandExpanded)\n"
        ),
        (
            ["preview", "--widget", "today", "--family", "lockScreen"], 64,
            "error: No selected widget has the family 'lockScreen': today has small, medium, large\n"
        ),
        (
            ["activity", "payload", "--widget", "today", "--state", "s.json"], 64,
            "error: Unknown Live Activity 'today'; use delivery\n"
        ),
        (["preview", "--entries", "some"], 64, "error: Unknown --entries 'some'; use first or all\n"),
        (
            ["preview", "--all-locales", "--locale", "de"], 64,
            "error: Pass either --all-locales or --locale L, not both\n"
        ),
        (["preview", "--locale", "e!"], 64, nil),
        (["pseudo", "--locale", "de"], 64, "error: 'de' is not a pseudo-locale; use en-XA or ar-XB\n"),
        (["check", "--widget", "today"], 64, "error: --widget applies to the layout check; add --layout\n"),
        (["check", "--text-size", "AX1"], 64, "error: --text-size applies to the layout check; add --layout\n"),
        (["preview", "--text-size", "huge"], 64, Self.unknownTextSize),
        (
            ["preview", "--appearance", "sepia"], 64,
            "error: Unknown --appearance 'sepia'; use light, dark, tinted or all\n"
        ),
        (["preview", "--tint", "#12"], 64, Self.unknownTint),
        (["check", "--strict"], 64, "error: --strict applies to the layout check; add --layout\n"),
    ]

    @Test(arguments: Self.badOptions)
    func badOptionsAreUsageErrors(_ arguments: [String], _ status: Int32, _ message: String?) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let result = try cli.run(arguments)
        #expect(result.status == status, "\(result)")
        if let message { #expect(result.standardError == message) }
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appending("widget-previews")))
    }

    @Test func anEmptyStoreOrAnUncachedLocaleFailsClearlyAndWritesNothing() throws {
        let empty = try CLIHarness()
        defer { empty.remove() }
        let nothing = try empty.run(["preview"])
        #expect(nothing.status == 1)
        #expect(nothing.standardError.contains("has no messages for acme/widgets; run 'widget-i18n fetch --all' first"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: empty.directory.path).filter { $0 != "group" } == [])

        let cli = try prepared()
        defer { cli.remove() }
        #expect(try cli.run(["preview", "--out", "previews"] + Self.moment).status == 0)
        let previous = snapshot(of: cli.directory.appending("previews"))
        let uncached = try cli.run(["preview", "--locale", "ko", "--out", "previews"] + Self.moment)
        #expect(uncached.status == 1)
        #expect(uncached.standardError.hasPrefix("error: No messages for 'ko' in the group store; cached: "))
        #expect(snapshot(of: cli.directory.appending("previews")) == previous)
    }

    @Test func anUnwritableOrForeignOutDirectoryIsRefusedAndLeftAsItWas() throws {
        let cli = try prepared()
        defer { cli.remove() }
        // A directory of someone else's files is never replaced.
        let foreign = cli.directory.appending("photos")
        try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: foreign + "/holiday.jpg"))
        let refused = try cli.run(["preview", "--out", "photos"] + Self.moment)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("holds other files, not an earlier preview"), "\(refused)")
        #expect(snapshot(of: foreign) == ["holiday.jpg": Data("keep".utf8)])
        // Nor is one that merely holds a report.json of its own.
        let reports = cli.directory.appending("reports")
        try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: reports + "/report.json"))
        #expect(try cli.run(["preview", "--out", "reports"] + Self.moment).status == 1)
        #expect(snapshot(of: reports) == ["report.json": Data("{}".utf8)])
        // Below a file: nothing can be made.
        let blocked = try cli.run(["preview", "--out", "photos/holiday.jpg/out"] + Self.moment)
        #expect(blocked.status == 1)
        #expect(blocked.standardError.hasPrefix("error: Cannot write"), "\(blocked)")
        let names = try FileManager.default.contentsOfDirectory(atPath: foreign)
        #expect(names == ["holiday.jpg"], "no partial directory left behind: \(names)")
        // A previous preview directory is replaced whole.
        #expect(try cli.run(["preview", "--out", "previews", "--family", "small"] + Self.moment).status == 0)
        #expect(try cli.run(["preview", "--out", "previews", "--family", "large"] + Self.moment).status == 0)
        let files = snapshot(of: cli.directory.appending("previews")).keys.sorted()
        #expect(files.contains("days-since/large/en.png") && !files.contains("days-since/small/en.png"), "\(files)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter { $0.hasPrefix(".") } == [])
    }
}
