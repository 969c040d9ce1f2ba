import Foundation
import I18nCore
import LocaleData
import TestSupport
import Testing

@Suite struct PseudolocaleTests {
    /// The sample project's English messages: what `widget-i18n pseudo` starts from.
    static let english: [(key: String, message: String)] = {
        let path = Repository.root + "/Locales/acme/widgets/en/translations.json"
        let bundle = try! MessageBundle(jsonBytes: Array(try! Data(contentsOf: URL(fileURLWithPath: path))))
        return bundle.keys.map { ($0, bundle.message(forKey: $0)!) }
    }()

    static let arguments: MessageArguments = [
        "event": .string("Marathon"), "name": .string("Ayşe"), "time": .string("8:00 PM"),
        "count": .number(MessageNumber(3)), "days": .number(MessageNumber(52)), "weeks": .number(MessageNumber(7)),
        "months": .number(MessageNumber(2)), "ago": .string("5 minutes ago"), "eta": .string("in 12 minutes"),
        "courier": .string("Ayşe"), "store": .string("Acme"), "stops": .number(MessageNumber(3)),
        "minutes": .number(MessageNumber(12)),
    ]

    static func letters(_ text: String) -> Int { text.unicodeScalars.filter(\.properties.isAlphabetic).count }

    @Test func accentedIsBracketedAccentedAndAboutFortyPercentLonger() throws {
        let formatter = ICUMessageFormatter()
        #expect(Self.english.count == 32)
        for (key, message) in Self.english {
            let pseudo = try Pseudolocale.accented.transform(message)
            let source = formatter.format(message, locale: .english, arguments: Self.arguments).text
            let output = formatter.format(pseudo, locale: Pseudolocale.accented.locale, arguments: Self.arguments)
            #expect(output.problems.isEmpty, "\(key): \(output.problems)")
            #expect(output.text.hasPrefix("[") && output.text.hasSuffix("]"), "\(key): \(output.text)")
            // The message's own letters grow by 40%, rounded down; arguments are as given.
            let literalLetters = Self.letters(source) - Self.letters(Self.argumentText(in: message))
            let grown = Self.letters(output.text) - Self.letters(source)
            #expect(grown >= Int(Double(literalLetters) * 0.4) - 1 && grown <= literalLetters / 2 + 1, "\(key)")
            // No plain ASCII letter is left once the argument values are taken out.
            var rest = output.text
            // And a unit's name (`12m`), which is CLDR's, not the message's.
            for value in ["Marathon", "Ayşe", "8:00 PM", "5 minutes ago", "in 12 minutes", "Acme", "12m"] {
                rest = rest.replacingOccurrences(of: value, with: "")
            }
            #expect(!rest.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic }, "\(key): \(rest)")
        }
    }

    /// The letters that arguments contribute in the English sample output, approximately: the argument values
    /// the message uses.
    static func argumentText(in message: String) -> String {
        let names = MessageElement.argumentNames(in: (try? MessageParser.parse(message)) ?? [])
        return names.compactMap { name -> String? in
            if case .string(let text) = arguments[name] { return text }
            return nil
        }.joined()
    }

    @Test func syntaxSurvivesUntouched() throws {
        let message =
            "{count, plural, offset:1 =0 {No '{'events'}'} one {# event, {name}} other {<b>#</b> it''s {n, number, ::percent}}} {when, date, ::MMMd} {g, select, female {she} other {they}}"
        let pseudo = try Pseudolocale.accented.transform(message)
        let original = try MessageParser.parse(message)
        let transformed = try MessageParser.parse(pseudo)
        #expect(MessageElement.argumentNames(in: transformed) == MessageElement.argumentNames(in: original))
        #expect(pseudo.contains("{count, plural, offset:1 =0 {"))
        #expect(pseudo.contains("{n, number, ::percent}"))
        #expect(pseudo.contains("{when, date, ::MMMd}"))
        #expect(pseudo.contains("{g, select, female {"))
        #expect(pseudo.contains("<b>#</b>"))
        let output = ICUMessageFormatter(timeZone: ZoneInfo(identifier: "UTC")).format(
            pseudo, locale: Pseudolocale.accented.locale,
            arguments: [
                "count": .number(MessageNumber(0)), "g": .string("female"),
                "when": .date(Date(timeIntervalSince1970: 0)),
            ])
        #expect(output.problems.isEmpty)
        #expect(output.text == "[Ñö {ééṽééñţšš} Jan 1 šĥĥé]", "\(output.text)")
    }

    @Test func bidiWrapsEveryWordInARightToLeftOverride() throws {
        let pseudo = try Pseudolocale.bidi.transform("{count, plural, one {# event} other {# events}} today")
        #expect(
            pseudo
                == "{count, plural, one {# \u{200F}\u{202E}event\u{202C}\u{200F}} other {# \u{200F}\u{202E}events\u{202C}\u{200F}}}"
                + " \u{200F}\u{202E}today\u{202C}\u{200F}", "\(pseudo.debugDescription)")
        let output = ICUMessageFormatter().format(
            pseudo, locale: Pseudolocale.bidi.locale, arguments: ["count": .number(MessageNumber(3))])
        #expect(output.problems.isEmpty)
        #expect(output.text.contains("\u{202E}events\u{202C}"))
        #expect(Pseudolocale.bidi.locale.isRightToLeft)
        #expect(!Pseudolocale.accented.locale.isRightToLeft)
    }

    @Test func aMessageThatDoesNotParseIsAnError() {
        #expect(throws: MessageParseError.self) { try Pseudolocale.accented.transform("{count, plural, one {# x}") }
    }

    @Test func pseudolocalesAreRecognisedInAnySpelling() {
        #expect(Pseudolocale(LocaleTag(parsing: "en-xa")!) == .accented)
        #expect(Pseudolocale(LocaleTag(parsing: "AR-XB")!) == .bidi)
        #expect(Pseudolocale(LocaleTag(parsing: "en")!) == nil)
    }
}
