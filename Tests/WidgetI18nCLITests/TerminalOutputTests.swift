import Foundation
import TestSupport
import Testing

/// Whether `scalar` is something a terminal obeys rather than draws: C0 but newline, DEL, C1, bidi controls.
private func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A: return false
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
}

/// Cells a terminal draws `text` in, for the scripts these tests use: CJK, kana, Hangul and fullwidth forms
/// take two. An oracle of its own, not the CLI's generated table.
private func cells(_ text: Substring) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
        let wide: [ClosedRange<UInt32>] = [0x3000...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60]
        return total + (wide.contains { $0.contains(scalar.value) } ? 2 : 1)
    }
}

private func dataFile(_ name: String, _ type: String) throws -> Data {
    try Data(contentsOf: #require(Bundle.module.url(forResource: "Data/\(name)", withExtension: type)))
}

/// Nothing a store or a CDN supplies reaches a terminal with control characters in it, and columns line up in
/// terminal cells.
@Suite struct TerminalOutputTests {
    private func withHostileManifest() throws -> CLIHarness {
        let cli = try CLIHarness()
        let put = try cli.run(
            ["store", "put", "@better-i18n:manifest:acme/widgets", "--no-validate"],
            input: try dataFile("terminal-manifest", "json"))
        #expect(put.status == 0, "\(put)")
        return cli
    }

    /// `ESC]0;…BEL` would retitle the window, `ESC[2J` clear the screen, U+009B start a CSI, U+202E reverse
    /// the rest of the line: all are shown escaped.
    @Test func localeListEscapesTheCDNsNames() throws {
        let cli = try withHostileManifest()
        defer { cli.remove() }
        let result = try cli.run(["locale", "list"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutputData == (try dataFile("terminal-locale-list", "txt")))
        #expect(!result.standardOutput.unicodeScalars.contains(where: isTerminalControl))
    }

    /// 日本語 and 中文（繁體） are two cells a character: the column after them starts at the same cell on every line.
    @Test func localeListAlignsWideNamesInTerminalCells() throws {
        let cli = try withHostileManifest()
        defer { cli.remove() }
        let lines = try cli.run(["locale", "list"]).standardOutput.split(separator: "\n")
        #expect(lines.count == 5)
        for line in lines {
            let status = try #require(line.range(of: "not cached"))
            #expect(cells(line[..<status.lowerBound]) == 2 + 10 + 24 + 22, "\(line)")
        }
    }

    @Test func statusEscapesTheManifestVersion() throws {
        let cli = try withHostileManifest()
        defer { cli.remove() }
        let result = try cli.run(["status"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.contains("\nmanifest         5 languages, version 7\\u{1B}[31m red\n"))
        #expect(!result.standardOutput.unicodeScalars.contains(where: isTerminalControl))
    }

    /// A key may hold a tab or a newline: escaped, each key stays one line of three tab-separated fields.
    @Test func storeListEscapesKeys() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let keys = [
            "title\u{1B}]0;pwned\u{7}", "clear\u{1B}[2J", "tab\tand\nnewline", "evil\u{202E}gpj.exe", "c1\u{9B}",
        ]
        for key in keys { #expect(try cli.run(["store", "put", key], input: Data("v".utf8)).status == 0) }
        let result = try cli.run(["store", "list"])
        #expect(result.status == 0, "\(result)")
        #expect(!result.standardOutput.unicodeScalars.contains { $0 != "\t" && isTerminalControl($0) })
        let fields = result.standardOutput.split(separator: "\n").map { $0.split(separator: "\t").first ?? "" }
        #expect(
            fields == [
                "c1\\u{9B}", "clear\\u{1B}[2J", "evil\\u{202E}gpj.exe", "tab\\tand\\nnewline",
                "title\\u{1B}]0;pwned\\u{7}",
            ])
        #expect(result.standardOutput.split(separator: "\n").allSatisfy { $0.split(separator: "\t").count == 3 })
    }

    /// Warnings and errors quote the store and the command line escaped.
    @Test func diagnosticsEscapeWhatTheyQuote() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en"])
        try cli.run(
            ["store", "put", "@better-i18n:locale:acme/widgets", "--no-validate"], input: Data("tr\u{1B}[2J".utf8))
        let warned = try cli.run(["t", "today.title"])
        #expect(warned.status == 0)
        #expect(
            warned.standardError
                == "warning: The stored locale 'tr\\u{1B}[2J' under '@better-i18n:locale:acme/widgets' is not a valid "
                + "locale tag; ignoring it\n")
        let failed = try cli.run(["store", "get", "no\u{1B}]0;x\u{7}such\u{202E}key"])
        #expect(failed.status == 1)
        #expect(failed.standardError.hasPrefix("error: No value for 'no\\u{1B}]0;x\\u{7}such\\u{202E}key' in "))
    }

    /// Data commands give a pipe the bytes exactly: a program reading `t` or `store get` sees what is stored.
    @Test func dataCommandsKeepExactBytesOnAPipe() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let messages = Data(#"{"today": {"title": "Bu\u001b[1mgün\u202e"}}"#.utf8)
        #expect(try cli.run(["store", "put", "@better-i18n:messages:acme/widgets:en"], input: messages).status == 0)
        #expect(try cli.run(["t", "today.title"]).standardOutput == "Bu\u{1B}[1mgün\u{202E}\n")
        #expect(try cli.run(["store", "get", "@better-i18n:messages:acme/widgets:en"]).standardOutputData == messages)
        #expect(try cli.run(["format", "--locale", "en", "{x}", "x=\u{1B}[2J"]).standardOutput == "\u{1B}[2J\n")
    }

    /// A widget's text is for people: what the store supplied (an event's title) is escaped, while the
    /// isolates the CLI puts around right-to-left lines stay.
    @Test func timelineTextEscapesTheStoresText() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        try cli.seedSampleLocales(["en", "ar"])
        let events = #"[{"id": "run", "title": "Mara\u001b[2Jton\u202e", "startDate": "2026-10-08T08:00:00Z"}]"#
        try cli.run(["store", "put", "events"], input: Data(events.utf8))
        let moment = ["--from", "2026-11-29T18:00:00Z", "--hours", "1", "--time-zone", "UTC", "--widget", "days-since"]
        let english = try cli.run(["timeline", "--locale", "en"] + moment)
        #expect(english.status == 0, "\(english)")
        #expect(english.standardOutput.contains("Mara\\u{1B}[2Jton\\u{202E}"), "\(english.standardOutput)")
        #expect(!english.standardOutput.unicodeScalars.contains(where: isTerminalControl))
        let arabic = try cli.run(["timeline", "--locale", "ar"] + moment)
        #expect(arabic.status == 0, "\(arabic)")
        #expect(arabic.standardOutput.contains("Mara\\u{1B}[2Jton\\u{202E}"), "\(arabic.standardOutput)")
        let lines = arabic.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix("  \u{2067}") && line.contains("\u{2069}"), "\(line.debugDescription)")
            let inside = line.drop { $0 != "\u{2067}" }.dropFirst().prefix { $0 != "\u{2069}" }
            #expect(!inside.unicodeScalars.contains(where: isTerminalControl), "\(line.debugDescription)")
        }
    }
}
