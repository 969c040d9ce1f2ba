import I18nCore
import LocaleData
import Testing

/// `MessageElement.source(of:)` writes back what `MessageParser` read: quoting included.
@Suite struct MessageSourceTests {
    /// Parses, writes back, parses again: the same elements (locations aside), shown by formatting both.
    private func roundTrip(_ message: String, _ arguments: MessageArguments = [:]) throws -> (String, String) {
        let source = MessageElement.source(of: try MessageParser.parse(message))
        let formatter = ICUMessageFormatter()
        let before = formatter.format(message, locale: .english, arguments: arguments)
        let after = formatter.format(source, locale: .english, arguments: arguments)
        #expect(after.problems.isEmpty, "\(source): \(after.problems)")
        #expect(after.text == before.text, "\(message) → \(source)")
        return (source, after.text)
    }

    @Test(arguments: [
        ("'{}'", "{}"), ("a'}{'b", "a}{b"), ("'{{'{name}'}}'", "{{Ayşe}}"), ("it''s", "it's"),
        ("'{'''", "{'"), ("don't", "don't"), ("'{<b'", "{<b"), ("x '{' y '}' z", "x { y } z"),
    ])
    func literalsWithSpecialCharactersSurvive(_ message: String, _ expected: String) throws {
        let (_, text) = try roundTrip(message, ["name": .string("Ayşe")])
        #expect(text == expected)
    }

    @Test func aPluralsHashAndBracesNextToEachOtherSurvive() throws {
        let (source, text) = try roundTrip(
            "{n, plural, one {'#{'# item} other {# items '}#'}}", ["n": .number(MessageNumber(1))])
        #expect(text == "#{1 item")
        #expect(!source.contains("''"), "\(source)")
    }

    @Test func argumentsStylesTagsAndSelectsAreWrittenAsICUWritesThem() throws {
        let message =
            "{a} {n, number, ::percent} {d, date, short} {t, time, ::Hm} {g, select, female {she} other {they}} "
            + "{c, selectordinal, one {#st} other {#th}} <b>bold</b><br/>"
        let source = MessageElement.source(of: try MessageParser.parse(message))
        #expect(
            source
                == "{a} {n, number, ::percent} {d, date, short} {t, time, ::Hm} {g, select, female {she} other {they}} "
                + "{c, selectordinal, one {#st} other {#th}} <b>bold</b><br/>")
    }

    /// Text that looks like a tag is quoted, as formatjs reads `'<`: it parses back as text, not as a tag or an
    /// unclosed one.
    @Test(arguments: ["<Unknown>", "Name <none>", "a<b", "Tap <b>here</b>", "</x> and <br/>", "a < b", "it's <b"])
    func textThatLooksLikeATagSurvives(_ literal: String) throws {
        let source = MessageElement.source(of: [.literal(literal)])
        let parsed = try MessageParser.parse(source)
        guard parsed.count == 1, case .literal(let text) = parsed[0] else {
            Issue.record("\(literal) → \(source) → \(parsed)")
            return
        }
        #expect(text == literal, "\(source)")
    }

    /// `'<` and `'>` start quoted text, as in formatjs.
    @Test func anApostropheBeforeAnAngleBracketQuotes() throws {
        let formatter = ICUMessageFormatter()
        #expect(formatter.format("'<b>'bold'</b>'", locale: .english, arguments: [:]).text == "<b>bold</b>")
        #expect(formatter.format("a '>' b", locale: .english, arguments: [:]).text == "a > b")
    }
}
