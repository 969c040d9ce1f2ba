import CommandLineSupport
import Testing

@Suite struct TerminalTextTests {
    /// What a store or a CDN may send, and what a terminal is shown instead.
    @Test(arguments: [
        ("Türkçe", "Türkçe"),
        ("back\\slash stays", "back\\slash stays"),
        ("\u{1B}]0;pwned\u{07}title", "\\u{1B}]0;pwned\\u{7}title"),
        ("\u{1B}[2Jcleared", "\\u{1B}[2Jcleared"),
        ("nul\u{0}", "nul\\u{0}"),
        ("del\u{7F}", "del\\u{7F}"),
        ("c1 csi\u{9B}31m and nel\u{85}", "c1 csi\\u{9B}31m and nel\\u{85}"),
        ("one\ntwo\r\tthree", "one\\ntwo\\r\\tthree"),
        ("evil\u{202E}txt.exe", "evil\\u{202E}txt.exe"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}", "\\u{202A}\\u{202B}\\u{202C}\\u{202D}"),
        ("\u{2066}\u{2067}\u{2068}\u{2069}", "\\u{2066}\\u{2067}\\u{2068}\\u{2069}"),
        ("\u{200E}\u{200F}\u{061C}", "\\u{200E}\\u{200F}\\u{61C}"),
        // Not controls: a no-break space, a zero-width joiner in an emoji, an Arabic word, the last C1 neighbour.
        ("a\u{A0}b 👩\u{200D}💻 مرحبا \u{A1}", "a\u{A0}b 👩\u{200D}💻 مرحبا \u{A1}"),
    ])
    func escapesWhatATerminalWouldObey(_ text: String, _ shown: String) {
        #expect(TerminalText.escaped(text) == shown)
        // Escaping what is escaped changes nothing: a message may pass through twice.
        #expect(TerminalText.escaped(shown) == shown)
    }

    @Test(arguments: [
        ("a\nb\tc\u{1B}", TerminalText.Kept.newlines, "a\nb\\tc\\u{1B}"),
        ("a\nb\tc\u{1B}", TerminalText.Kept.tabs, "a\\nb\tc\\u{1B}"),
        ("a\nb\tc\r", TerminalText.Kept([.newlines, .tabs]), "a\nb\tc\\r"),
    ])
    func keepsTheLayoutCharactersAskedFor(_ text: String, _ kept: TerminalText.Kept, _ shown: String) {
        #expect(TerminalText.escaped(text, keeping: kept) == shown)
    }

    /// Cells as a terminal draws them: East Asian wide and fullwidth characters take two, marks none.
    @Test(arguments: [
        ("", 0),
        ("English", 7),
        ("Türkçe", 6),
        ("日本語", 6),
        ("中文（繁體）", 12),
        ("한국어", 6),
        // A Hangul syllable spelled as conjoining jamo: the leading consonant takes the two cells.
        ("\u{1112}\u{1161}\u{11AB}", 2),
        ("ｶﾀｶﾅ", 4),
        ("Ｆｕｌｌ", 8),
        ("e\u{301}", 1),
        ("العربية", 7),
        ("👍", 2),
        ("a\u{200B}b\u{FEFF}", 2),
        ("\u{AD}", 1),
        ("\\u{1B}", 6),
    ])
    func measuresDisplayCells(_ text: String, _ cells: Int) {
        #expect(TerminalText.width(of: text) == cells)
    }

    @Test func padsToCellsNotCharacters() {
        #expect(TerminalText.padded("日本語", toWidth: 8) == "日本語  ")
        #expect(TerminalText.padded("English", toWidth: 8) == "English ")
        #expect(TerminalText.padded("中文（繁體）", toWidth: 8) == "中文（繁體）")
    }

    /// The generated table: sorted, non-overlapping ranges, so that the binary search finds every one.
    @Test func everyCodePointOfTheTableIsFound() {
        for scalar in ["\u{1100}", "\u{115F}", "\u{3000}", "\u{FF01}", "\u{20000}", "\u{3FFFD}", "\u{1F600}"] {
            #expect(TerminalText.width(of: scalar) == 2, "\(scalar.unicodeScalars.first!.value)")
        }
        for scalar in ["\u{10FFFF}", "\u{E000}", "\u{2FFFE}", "\u{FF61}", "\u{1160}"] {
            #expect(TerminalText.width(of: scalar) != 2, "\(scalar.unicodeScalars.first!.value)")
        }
    }
}
