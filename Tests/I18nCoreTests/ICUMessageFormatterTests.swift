import Foundation
import LocaleData
import Testing

@testable import I18nCore

struct MessageFormatCase: Decodable, Sendable, CustomTestStringConvertible {
    let locale: String
    let message: String
    let args: [String: String]
    let expected: String
    let note: String
    var testDescription: String { "\(locale): \(message) \(args)" }
}

private let corpus: [MessageFormatCase] = try! loadTestData("messageformat-cases.json")
private let utc = ICUMessageFormatter(timeZone: .utc)

@Suite struct ICUMessageFormatterTests {
    /// The corpus of `Data/messageformat-cases.json`: every construct, in twelve locales.
    @Test(arguments: corpus)
    func formatsTheCorpus(_ testCase: MessageFormatCase) throws {
        let locale = try LocaleTag(testCase.locale)
        let arguments = testCase.args.mapValues(MessageArgument.init(inferringFrom:))
        let result = utc.format(testCase.message, locale: locale, arguments: arguments)
        #expect(result.text == testCase.expected, "\(testCase.note)")
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(try utc.formatStrictly(testCase.message, locale: locale, arguments: arguments) == testCase.expected)
    }

    /// A skeleton token I18nCore does not know is a syntax error, with its position, as `check` reports it.
    @Test func unknownSkeletonTokensAreSyntaxErrorsWithTheirPosition() throws {
        let number = utc.format("Total: {n, number, ::compact-shrot}", locale: .english, arguments: ["n": 1])
        #expect(
            number.problems.map(\.description) == [
                "Invalid skeleton token 'compact-shrot': unknown number skeleton token at 1:22"
            ])
        let date = utc.format("{d, date, ::yMMMdQ1}", locale: .english, arguments: ["d": "2026-11-29T10:30:00Z"])
        #expect(date.problems.first?.description.hasSuffix("at 1:19") == true, "\(date.problems)")
    }

    @Test func coversTwelveLocales() {
        #expect(
            Set(corpus.map(\.locale)).isSuperset(of: [
                "en", "de", "fr", "ru", "pl", "cs", "ar", "he", "cy", "ga", "ja", "lt",
            ]))
    }

    @Test func missingArgumentsStayVisible() {
        let result = utc.format(
            "{name} has {n, plural, one {# day} other {# days}} and {d, date, short}", locale: .english, arguments: [:])
        #expect(result.text == "{name} has {n} and {d}")
        #expect(
            result.problems == [
                FormatProblem(.missingArgument("name")), FormatProblem(.missingArgument("n")),
                FormatProblem(.missingArgument("d")),
            ])
        #expect(throws: MessageFormatError.format(FormatProblem(.missingArgument("name")))) {
            try utc.formatStrictly("{name}", locale: .english, arguments: [:])
        }
    }

    @Test func mistypedArgumentsAreReported() {
        let result = utc.format(
            "{n, plural, one {# day} other {# days}} on {d, date}", locale: .english,
            arguments: ["n": "many", "d": "soon"])
        #expect(result.text == "{n} on {d}")
        #expect(result.problems.count == 2)
        #expect(result.problems.first?.description == "Argument 'n' must be a number")
    }

    @Test func aBrokenMessageIsShownAsWrittenAndReported() {
        let message = "{n, plural, one {# day}"
        let result = utc.format(message, locale: .english, arguments: ["n": 1])
        #expect(result.text == message)
        #expect(result.problems.first?.description == "Unclosed '{': expected '}' at 1:1")
        #expect(throws: MessageFormatError.self) {
            try utc.formatStrictly(message, locale: .english, arguments: ["n": 1])
        }
    }

    @Test func tagsCanBeRenderedByTheCaller() {
        let result = utc.format(
            "Tap <b>{name}</b> or <link>here <i>now</i></link><br/>", locale: .english, arguments: ["name": "Ayşe"]
        ) {
            name, content in "[\(name):\(content)]"
        }
        #expect(result.text == "Tap [b:Ayşe] or [link:here [i:now]][br:]")
    }

    @Test func skeletonsNeedNoFormatterLibrary() {
        let result = utc.format(
            "{n, number, ::compact-short} · {d, time, ::jm} · {p, number, ::currency/EUR}", locale: .english,
            arguments: ["n": 1234, "d": "2026-11-29T21:41:00Z", "p": 9.5])
        #expect(result.text == "1.2K · 9:41\u{202F}PM · €9.50")
        #expect(result.problems.isEmpty)
    }

    @Test func usesTheLocaleGivenNotTheTextsLocale() {
        // Russian text formatted with Russian rules, English with English: the formatter trusts its locale.
        let message = "{n, plural, one {one} few {few} many {many} other {other}}"
        #expect(utc.format(message, locale: LocaleTag(parsing: "ru")!, arguments: ["n": 3]).text == "few")
        #expect(utc.format(message, locale: .english, arguments: ["n": 3]).text == "other")
    }

    @Test func plainTextSkipsTheParser() {
        // Texts no other test formats, so the process-wide parse cache tells whether they were parsed.
        let plain = "No braces at all, \(#function) \(#line)"
        #expect(utc.format(plain, locale: .english, arguments: ["x": 1]).text == plain)
        #expect(!MessageCache.shared.contains(plain))
        let withArgument = "One brace pair, {x} \(#line)"
        #expect(utc.format(withArgument, locale: .english, arguments: ["x": 1]).text.hasPrefix("One brace pair, 1 "))
        #expect(MessageCache.shared.contains(withArgument))
    }
}
