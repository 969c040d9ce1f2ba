import Foundation
import FoundationFormatting
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
private let utc = ICUMessageFormatter(
    timeZone: TimeZone(identifier: "UTC")!, valueFormatter: FoundationValueFormatter())
/// What a widget gets by default: numbers built in, no formatter library.
private let builtIn = ICUMessageFormatter(timeZone: TimeZone(identifier: "UTC")!)

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

    /// Without a value formatter, every corpus case that has no date, time or currency prints the same.
    @Test(
        arguments: corpus.filter {
            !$0.message.contains("date") && !$0.message.contains("time") && !$0.message.contains("currency")
        })
    func formatsNumbersWithoutAValueFormatter(_ testCase: MessageFormatCase) throws {
        let arguments = testCase.args.mapValues(MessageArgument.init(inferringFrom:))
        let result = builtIn.format(testCase.message, locale: try LocaleTag(testCase.locale), arguments: arguments)
        #expect(result.text == testCase.expected, "\(testCase.note)")
        #expect(result.problems.isEmpty, "\(result.problems)")
    }

    /// Dates and currencies without a value formatter: still shown (ISO 8601, a plain number), and reported.
    @Test func datesAndCurrenciesWithoutAValueFormatterAreShownPlainlyAndReported() throws {
        let date = builtIn.format(
            "{d, date, long} {d, time, short}", locale: try LocaleTag("de"), arguments: ["d": "2026-11-29T10:30:00Z"])
        #expect(date.text == "2026-11-29 10:30:00")
        #expect(date.problems.count == 2)
        #expect(date.problems.allSatisfy { $0.description.contains("FoundationValueFormatter") })
        let money = builtIn.format("{n, number, ::currency/EUR}", locale: try LocaleTag("de"), arguments: ["n": 1234.5])
        #expect(money.text == "1.234,5")
        #expect(money.problems.count == 1)
        #expect(throws: MessageFormatError.self) {
            try builtIn.formatStrictly("{n, number, currency}", locale: try LocaleTag("en"), arguments: ["n": 1])
        }
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

    @Test func unsupportedSkeletonTokensFormatPlainlyAndSaySo() {
        let result = utc.format("{n, number, ::compact-short}", locale: .english, arguments: ["n": 1234])
        #expect(result.text == "1,234")
        #expect(result.problems == [FormatProblem(.unsupported("number skeleton token 'compact-short'"))])
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
