/// Lists ("a, b, and c", "a, b, or c", "3 ft, 7 in") as ICU4C 77.1's `ListFormatter` joins them, from CLDR 47's list
/// patterns (`RelativeListData`): no items is the empty string, one is itself, two take the `2` pattern, and more
/// take `start` for the first two, `middle` for each next one and `end` for the last.
///
/// Two languages change the conjunction before the item that follows it, in the `2` and `end` patterns only. The
/// rules below were found by probing ICU 77.1 (`scripts/generate/relative-lists.py` checks them against ICU in
/// every locale, and `list-corpus.jsonl` holds the probes):
///
/// - Spanish (language `es`, every region): a pattern that is exactly `{0} y {1}` becomes `{0} e {1}` when the
///   next item starts with `i`, or with `hi` not followed by `a` or `e`, in ASCII letters of either case:
///   "iglesia", "Ignacio", "hilo", "HI" take `e`; "hielo", "hierro", "hiato", "ídolo" (an accented í) and
///   " iglesia" (a space first) keep `y`. A pattern that is exactly `{0} o {1}` becomes `{0} u {1}` when the next
///   item starts with `o`, `ho` (either case) or `8`, or is `11` or starts with `11` and an ASCII space: "ocho",
///   "Hotel", "8", "80", "once", "11", "11 de" take `u`; "uno", "óleo", "110", "11.5" and "11\u{A0}x" keep `o`.
/// - Hebrew (language `he`, or `iw`): a pattern that is exactly `{0} ו{1}` becomes `{0} ו-{1}` when the next item
///   is not empty and its first code point's Unicode script is not Hebrew: a Latin letter, a digit, a space,
///   punctuation, an emoji or a combining mark of the inherited script take the hyphen; Hebrew letters, points
///   (U+05B0) and punctuation (the maqaf U+05BE, geresh U+05F3) do not. An empty item keeps `ו` alone.
package enum ListFormat {
    /// `items` joined as ICU's `ListFormatter` joins them in `locale`.
    package static func format(_ items: [String], type: ListType, length: FormatLength, locale: LocaleTag) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        let values = RelativeListData.values(.lists, for: locale)
        let prefix = typeLetter(type) + RelativeTimeFormat.styleLetter(length)
        func pattern(_ part: String) -> String { values[prefix + part] ?? "{0}, {1}" }
        let language = locale.language
        if items.count == 2 {
            return join(contextual(pattern("2"), before: items[1], language: language), items[0], items[1])
        }
        var text = Wrapped(join(pattern("s"), items[0], items[1]))
        let middle = Pattern(pattern("m"))
        for item in items[2..<(items.count - 1)] { text.wrap(middle, with: item) }
        let last = items[items.count - 1]
        text.wrap(Pattern(contextual(pattern("e"), before: last, language: language)), with: last)
        return text.joined()
    }

    /// A list pattern split at its placeholders: `before {0} between {1} after`, or with `{1}` first.
    struct Pattern {
        /// Whether `{0}`, the list so far, comes before `{1}`, the next item.
        let listFirst: Bool
        let before: String
        let between: String
        let after: String

        /// `pattern` split at its first `{0}` and `{1}`, braces of other text kept; one without both placeholders
        /// keeps the list and appends the item, as `join` would drop neither.
        init(_ pattern: String) {
            let marker = "\u{0}"
            let marked = ListFormat.join(pattern, marker + "0", marker + "1")
            let pieces = marked.components(separatedBy: marker)
            guard pieces.count == 3, let first = pieces[1].first, let second = pieces[2].first, first != second else {
                (listFirst, before, between, after) = (true, "", ", ", "")
                return
            }
            listFirst = first == "0"
            before = pieces[0]
            between = String(pieces[1].dropFirst())
            after = String(pieces[2].dropFirst())
        }
    }

    /// A list being built by wrapping patterns around it, kept as the text to its left (innermost last) and to its
    /// right (in order), so that each wrap costs the pattern and the item, not the list so far: joining a million
    /// items is linear, where substituting the whole list into each pattern was quadratic.
    struct Wrapped {
        private let core: String
        private var left: [String] = []
        private var right: [String] = []

        init(_ core: String) { self.core = core }

        mutating func wrap(_ pattern: Pattern, with item: String) {
            if pattern.listFirst {
                left.append(pattern.before)
                right.append(pattern.between + item + pattern.after)
            } else {
                left.append(pattern.before + item + pattern.between)
                right.append(pattern.after)
            }
        }

        func joined() -> String { left.reversed().joined() + core + right.joined() }
    }

    /// `pattern` with `{0}` and `{1}` replaced in one pass, so an item's own braces stay text.
    static func join(_ pattern: String, _ first: String, _ second: String) -> String {
        var output = ""
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{") {
            output += rest[..<open]
            let tail = rest[open...]
            if tail.hasPrefix("{0}") {
                output += first
            } else if tail.hasPrefix("{1}") {
                output += second
            } else {
                output += "{"
                rest = tail.dropFirst()
                continue
            }
            rest = tail.dropFirst(3)
        }
        return output + rest
    }

    /// The pattern ICU joins `next` with in `language`: the Spanish and Hebrew forms above, else `pattern`.
    static func contextual(_ pattern: String, before next: String, language: String) -> String {
        switch language {
        case "es":
            if pattern == "{0} y {1}", spanishTakesE(next) { return "{0} e {1}" }
            if pattern == "{0} o {1}", spanishTakesU(next) { return "{0} u {1}" }
        case "he", "iw":
            if pattern == "{0} \u{5D5}{1}", let first = next.unicodeScalars.first, !isHebrew(first) {
                return "{0} \u{5D5}-{1}"
            }
        default:
            break
        }
        return pattern
    }

    /// The first three bytes of `text`, ASCII letters in lower case (other bytes as they are).
    private static func lowercasedStart(_ text: String) -> [UInt8] {
        text.utf8.prefix(3).map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
    }

    /// "e" before an `i` sound: `i…`, or `hi…` but not `hia…` or `hie…`.
    private static func spanishTakesE(_ next: String) -> Bool {
        let start = lowercasedStart(next)
        guard let first = start.first else { return false }
        if first == UInt8(ascii: "i") { return true }
        guard first == UInt8(ascii: "h"), start.count > 1, start[1] == UInt8(ascii: "i") else { return false }
        return start.count == 2 || (start[2] != UInt8(ascii: "a") && start[2] != UInt8(ascii: "e"))
    }

    /// "u" before an `o` sound: `o…`, `ho…`, `8…`, `11` alone or `11 …`.
    private static func spanishTakesU(_ next: String) -> Bool {
        let start = lowercasedStart(next)
        guard let first = start.first else { return false }
        if first == UInt8(ascii: "o") || first == UInt8(ascii: "8") { return true }
        if first == UInt8(ascii: "h"), start.count > 1, start[1] == UInt8(ascii: "o") { return true }
        guard start.count >= 2, start[0] == UInt8(ascii: "1"), start[1] == UInt8(ascii: "1") else { return false }
        return start.count == 2 || start[2] == UInt8(ascii: " ")
    }

    /// Whether `scalar`'s script is Hebrew, as ICU 77.1 (Unicode 16) has it.
    private static func isHebrew(_ scalar: Unicode.Scalar) -> Bool {
        RelativeListData.hebrewScript.contains { $0.contains(scalar.value) }
    }

    private static func typeLetter(_ type: ListType) -> String {
        switch type {
        case .conjunction: "a"
        case .disjunction: "o"
        case .unit: "u"
        }
    }
}
