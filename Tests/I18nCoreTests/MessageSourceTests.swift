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
}
