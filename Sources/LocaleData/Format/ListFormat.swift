@_spi(WidgetI18nSupport) import WidgetI18nSupport

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
        return join(items, with: Patterns.of(locale, type: type, length: length))
    }

    /// `items` joined with `patterns`: the `2` pattern for two, else `start`, `middle`… and `end`, with the Spanish
    /// and Hebrew contextual forms.
    static func join(_ items: [String], with patterns: Patterns) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        if items.count == 2 {
            return patterns.contextual(patterns.two, before: items[1]).join(items[0], items[1])
        }
        let last = items[items.count - 1]
        let end = patterns.contextual(patterns.end, before: last)
        // Patterns that only append (`{0}, {1}`, every CLDR locale's): the list grows in place.
        if patterns.middle.appends, end.appends {
            var text = patterns.start.join(items[0], items[1])
            for item in items[2..<(items.count - 1)] { patterns.middle.append(item, to: &text) }
            end.append(last, to: &text)
            return text
        }
        var text = Wrapped(patterns.start.join(items[0], items[1]))
        for item in items[2..<(items.count - 1)] { text.wrap(patterns.middle, with: item) }
        text.wrap(end, with: last)
        return text.joined()
    }

    /// A locale's four patterns of one type and length, split once and kept (`BoundedCache`), so that a call
    /// reads no records and splits no pattern: what ICU's `ListFormatter` keeps once it is made. A class: a call
    /// takes one reference instead of copying seventeen strings out of the cache.
    final class Patterns: Sendable {
        let two: Pattern
        let start: Pattern
        let middle: Pattern
        let end: Pattern
        let language: String

        init(two: Pattern, start: Pattern, middle: Pattern, end: Pattern, language: String) {
            (self.two, self.start, self.middle, self.end, self.language) = (two, start, middle, end, language)
        }

        private static let cache = BoundedCache<Patterns>(capacity: 256)

        static func of(_ locale: LocaleTag, type: ListType, length: FormatLength) -> Patterns {
            let prefix = typeLetter(type) + RelativeTimeFormat.styleLetter(length)
            return cache.value(forKey: prefix + locale.normalized) {
                let values = RelativeListData.values(.lists, for: locale)
                func pattern(_ part: String) -> Pattern { Pattern(values[prefix + part] ?? "{0}, {1}") }
                return Patterns(
                    two: pattern("2"), start: pattern("s"), middle: pattern("m"), end: pattern("e"),
                    language: locale.language)
            }
        }

        /// The unit list patterns a duration joins its measures with (`unit.2`, `unit-short.start`, …), from the
        /// durations data of `locale`, kept as `of` keeps a list's.
        static func durations(_ locale: LocaleTag, prefix: String, data: () -> PackedRecords.Chain) -> Patterns {
            durationCache.value(forKey: prefix + locale.normalized) {
                let data = data()
                func pattern(_ key: String) -> Pattern { Pattern(data[prefix + key] ?? "{0}, {1}") }
                return Patterns(
                    two: pattern("2"), start: pattern("start"), middle: pattern("middle"), end: pattern("end"),
                    language: locale.language)
            }
        }

        private static let durationCache = BoundedCache<Patterns>(capacity: 256)

        /// `pattern`, or its Spanish or Hebrew form before `next` (`ListFormat.contextual`).
        func contextual(_ pattern: Pattern, before next: String) -> Pattern {
            let text = ListFormat.contextual(pattern.text, before: next, language: language)
            return text == pattern.text ? pattern : Pattern(text)
        }
    }

    /// A list pattern split at its placeholders: `before {0} between {1} after`, or with `{1}` first.
    struct Pattern {
        /// The pattern as CLDR writes it.
        let text: String
        /// Whether `{0}`, the list so far, comes before `{1}`, the next item.
        let listFirst: Bool
        let before: String
        let between: String
        let after: String
        /// Whether the pattern holds `{0}` and `{1}` once each, so that `join` is the pieces around the two.
        let isSplit: Bool

        /// `pattern` split at its first `{0}` and `{1}`, braces of other text kept; one without both placeholders
        /// keeps the list and appends the item, as `join` would drop neither.
        init(_ pattern: String) {
            text = pattern
            // Where `{0}` and `{1}` start, in one pass over the bytes; a pattern with either twice or missing is
            // not split.
            var zero: [String.Index] = []
            var one: [String.Index] = []
            let utf8 = pattern.utf8
            var index = utf8.startIndex
            while index < utf8.endIndex {
                let next = utf8.index(after: index)
                if utf8[index] == UInt8(ascii: "{"), next < utf8.endIndex,
                    utf8[next] == UInt8(ascii: "0")
                        || utf8[next] == UInt8(ascii: "1"), utf8.index(after: next) < utf8.endIndex,
                    utf8[utf8.index(after: next)] == UInt8(ascii: "}")
                {
                    if utf8[next] == UInt8(ascii: "0") { zero.append(index) } else { one.append(index) }
                    index = utf8.index(index, offsetBy: 3)
                    continue
                }
                index = next
            }
            guard zero.count == 1, one.count == 1 else {
                (listFirst, before, between, after, isSplit) = (true, "", ", ", "", false)
                return
            }
            let (first, second) = zero[0] < one[0] ? (zero[0], one[0]) : (one[0], zero[0])
            listFirst = zero[0] < one[0]
            before = String(pattern[..<first])
            between = String(pattern[utf8.index(first, offsetBy: 3)..<second])
            after = String(pattern[utf8.index(second, offsetBy: 3)...])
            isSplit = true
        }

        /// Whether wrapping the list in the pattern appends to it: `{0}` first, nothing before it.
        var appends: Bool { listFirst && before.isEmpty }

        /// `list` wrapped in the pattern with `item`, when it `appends`.
        func append(_ item: String, to list: inout String) {
            list += between
            list += item
            list += after
        }

        /// The pattern with `first` for `{0}` and `second` for `{1}`, as `ListFormat.join` writes it.
        func join(_ first: String, _ second: String) -> String {
            guard isSplit else { return ListFormat.join(text, first, second) }
            return listFirst ? before + first + between + second + after : before + second + between + first + after
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
