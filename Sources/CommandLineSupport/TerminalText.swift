/// Text from a store, a CDN or the command line as a terminal may safely show it, and laid out in the cells a
/// terminal draws it in.
///
/// A terminal obeys the control characters it is sent: `ESC ] 0 ; … BEL` retitles the window, `ESC [ 2 J`
/// clears the screen, and a right-to-left override makes a line read differently from its bytes. So every
/// control character (C0 but the layout characters a caller keeps, DEL, C1) and every bidi embedding,
/// override, isolate and mark is shown as an escape instead: `\u{1B}`, or `\n`, `\r` and `\t` for those three.
/// A backslash already in the text stays as it is.
///
///     TerminalText.escaped("\u{1B}]0;pwned\u{7}Türkçe")          // "\\u{1B}]0;pwned\\u{7}Türkçe"
///     TerminalText.escaped("one\ntwo", keeping: .newlines)       // "one\ntwo"
///     TerminalText.padded("日本語", toWidth: 8) + "|"              // "日本語  |"
package enum TerminalText {
    /// The layout characters a caller lets through as they are.
    package struct Kept: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `\n`, for messages of several lines.
        package static let newlines = Kept(rawValue: 1)
        /// `\t`, for columns a command separates with tabs itself, or a caret diagram that keeps a line's tabs.
        package static let tabs = Kept(rawValue: 2)
    }

    /// `text` with every character a terminal would obey rather than draw shown as an escape.
    /// - Parameters:
    ///   - text: the text to show.
    ///   - kept: the layout characters to leave as they are; none by default.
    package static func escaped(_ text: String, keeping kept: Kept = []) -> String {
        // Most text needs nothing: return it without building a copy.
        guard text.unicodeScalars.contains(where: { isEscaped($0, keeping: kept) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isEscaped(scalar, keeping: kept) else {
                result.append(scalar)
                continue
            }
            let escape: String
            switch scalar {
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            default: escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
            result.append(contentsOf: escape.unicodeScalars)
        }
        return String(result)
    }

    /// Whether `escaped(_:keeping:)` shows `scalar` as an escape.
    /// - Parameters:
    ///   - scalar: the character to look at.
    ///   - kept: the layout characters that stay as they are.
    package static func isEscaped(_ scalar: Unicode.Scalar, keeping kept: Kept = []) -> Bool {
        switch scalar.value {
        case 0x0A: return !kept.contains(.newlines)
        case 0x09: return !kept.contains(.tabs)
        // C0, DEL and C1.
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Bidi: the Arabic letter mark, LRM and RLM, the embeddings and overrides LRE…RLO, the isolates LRI…PDI.
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
