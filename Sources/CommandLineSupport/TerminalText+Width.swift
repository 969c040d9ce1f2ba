extension TerminalText {
    /// How many terminal cells `text` takes: two for each wide or fullwidth character (East Asian Width W and
    /// F: CJK ideographs, kana, Hangul syllables, fullwidth forms, most emoji), none for combining marks, format
    /// and other zero-width characters, one for everything else. Escape control characters first: their width
    /// is not defined.
    /// - Parameter text: the text as it will be printed.
    package static func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// The cells `scalar` takes, as `width(of:)` counts them for a string.
    /// - Parameter scalar: one code point.
    package static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Printable ASCII, the common case, needs no table.
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        if contains(value, in: zeroWidthRanges) { return 0 }
        return contains(value, in: wideRanges) ? 2 : 1
    }

    /// `text` followed by spaces up to `width` cells; `text` as it is when it is already that wide.
    /// - Parameters:
    ///   - text: the text of the cell, escaped.
    ///   - width: the column's width in terminal cells.
    package static func padded(_ text: String, toWidth width: Int) -> String {
        let missing = width - self.width(of: text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// Whether `value` lies in one of `ranges` (sorted, non-overlapping `first, last` pairs).
    private static func contains(_ value: UInt32, in ranges: [UInt32]) -> Bool {
        var low = 0
        var high = ranges.count / 2
        while low < high {
            let middle = (low + high) / 2
            if value < ranges[2 * middle] {
                high = middle
            } else if value > ranges[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
