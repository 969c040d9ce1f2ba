import LocaleData

/// The pseudo-locales Android and Xcode use to test layouts before any translation exists: a source
/// message rewritten so that what a translation will do to it shows at once, while its ICU syntax (argument
/// names, plural and select keywords, `#`, tags and quoting) stays untouched, so it formats as before.
///
///     try Pseudolocale.accented.transform("{count, plural, =0 {No events} one {# event} other {# events}} today")
///     // "[{count, plural, =0 {Ñö ééṽééñţšš} one {# éṽṽéñţţ} other {# éṽṽéñţţš}} ţţöðååý]"
package enum Pseudolocale: String, CaseIterable, Sendable {
    /// `en-XA`: every ASCII letter accented, the text about 40% longer (letters repeated evenly, as German
    /// or Finnish grow), and the whole message bracketed so that a clipped end shows.
    case accented = "en-XA"
    /// `ar-XB`: every word of the text shown mirrored, right to left, with bidi controls (U+202E…U+202C
    /// inside U+200F marks), so the layout runs right to left as Arabic or Hebrew does.
    case bidi = "ar-XB"

    /// The locale the pseudo-localised messages are stored under.
    package var locale: LocaleTag { LocaleTag(parsing: rawValue)! }

    /// The pseudo-locale spelled `tag` (`en-XA`, `ar-xb`), or `nil`.
    /// - Parameter tag: the locale tag to look up.
    package init?(_ tag: LocaleTag) {
        guard let found = Self.allCases.first(where: { $0.locale == tag }) else { return nil }
        self = found
    }

    /// How much longer `accented` makes the text: each letter's share of the added letters.
    static let expansion = 0.4

    /// `message` pseudo-localised.
    /// - Parameter message: the message text in ICU MessageFormat.
    /// - Throws: `MessageParseError` when `message` is not valid ICU MessageFormat.
    package func transform(_ message: String) throws(MessageParseError) -> String {
        let elements = try MessageParser.parse(message)
        var letters = 0
        let body = MessageElement.source(of: rewrite(elements, letters: &letters))
        switch self {
        case .accented: return "[" + body + "]"
        case .bidi: return body
        }
    }

    private func rewrite(_ elements: [MessageElement], letters: inout Int) -> [MessageElement] {
        elements.map { element in
            switch element {
            case .literal(let text):
                return .literal(self == .accented ? Self.accent(text, letters: &letters) : Self.mirror(text))
            case .plural(let plural):
                let cases = plural.cases.map { ($0.selector, rewrite($0.message, letters: &letters)) }
                return .plural(
                    PluralElement(
                        name: plural.name, isOrdinal: plural.isOrdinal, offset: plural.offset, cases: cases,
                        location: plural.location))
            case .select(let select):
                let cases = select.cases.map { ($0.key, rewrite($0.message, letters: &letters)) }
                return .select(SelectElement(name: select.name, cases: cases, location: select.location))
            case .tag(let name, let attributes, let children, let location):
                return .tag(
                    name: name, attributes: attributes, children: rewrite(children, letters: &letters),
                    location: location)
            case .argument, .number, .dateTime, .pound:
                return element
            }
        }
    }

    /// Accents each ASCII letter and repeats every letter whose running count crosses a multiple of
    /// 1/`expansion`, so the letters grow by `expansion` however the text is split into pieces.
    private static func accent(_ text: String, letters: inout Int) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard scalar.isASCII, scalar.properties.isAlphabetic else {
                result.append(scalar)
                continue
            }
            let accented = accents[Int(scalar.value)] ?? scalar
            result.append(accented)
            let before = Int(Double(letters) * expansion)
            letters += 1
            if Int(Double(letters) * expansion) > before { result.append(accented) }
        }
        return String(result)
    }

    /// Each run of non-space characters overridden right to left, between right-to-left marks.
    private static func mirror(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var inWord = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace
            if !isSpace && !inWord { result.append(contentsOf: "\u{200F}\u{202E}".unicodeScalars) }
            if isSpace && inWord { result.append(contentsOf: "\u{202C}\u{200F}".unicodeScalars) }
            inWord = !isSpace
            result.append(scalar)
        }
        if inWord { result.append(contentsOf: "\u{202C}\u{200F}".unicodeScalars) }
        return String(result)
    }

    /// An accented look-alike of every ASCII letter.
    private static let accents: [Int: Unicode.Scalar] = {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let marked = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
        var table: [Int: Unicode.Scalar] = [:]
        for (letter, accented) in zip(plain.unicodeScalars, marked.unicodeScalars) {
            table[Int(letter.value)] = accented
        }
        return table
    }()
}
