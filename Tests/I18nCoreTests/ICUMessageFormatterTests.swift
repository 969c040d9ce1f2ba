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

private let corpus: [MessageFormatCase] = try! testData.load("messageformat-cases.json")
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
    /// `#` groups from the first group on, like `{n, number}`, even where a number skeleton waits for two
    /// digits (minimum grouping digits 2): as ICU4C 77.1's MessageFormat printed these, with U+00A0 where it
    /// wrote one.
    @Test(arguments: [
        (
            "pl", "1\u{A0}000 x | 1\u{A0}000 | 1000", "9\u{A0}999 x | 9\u{A0}999 | 9999",
            "1\u{A0}234,5 x | 1\u{A0}234,5 | 1234"
        ),
        ("es", "1.000 x | 1.000 | 1000", "9.999 x | 9.999 | 9999", "1.234,5 x | 1.234,5 | 1234"),
        ("it", "1.000 x | 1.000 | 1000", "9.999 x | 9.999 | 9999", "1.234,5 x | 1.234,5 | 1234"),
        (
            "pt-PT", "1\u{A0}000 x | 1\u{A0}000 | 1000", "9\u{A0}999 x | 9\u{A0}999 | 9999",
            "1\u{A0}234,5 x | 1\u{A0}234,5 | 1234"
        ),
        (
            "lv", "1\u{A0}000 x | 1\u{A0}000 | 1000", "9\u{A0}999 x | 9\u{A0}999 | 9999",
            "1\u{A0}234,5 x | 1\u{A0}234,5 | 1234"
        ),
        ("sl", "1.000 x | 1.000 | 1000", "9.999 x | 9.999 | 9999", "1.234,5 x | 1.234,5 | 1234"),
        ("en", "1,000 x | 1,000 | 1,000", "9,999 x | 9,999 | 9,999", "1,234.5 x | 1,234.5 | 1,234"),
    ])
    func poundGroupsLikeTheNumberStyleNotLikeSkeletons(
        _ locale: String, _ thousand: String, _ nines: String, _ fraction: String
    ) throws {
        let message = "{n, plural, other {# x}} | {n, number} | {n, number, ::precision-integer}"
        let formatter = ICUMessageFormatter()
        let tag = try LocaleTag(locale)
        #expect(formatter.format(message, locale: tag, arguments: ["n": 1000]).text == thousand)
        #expect(formatter.format(message, locale: tag, arguments: ["n": 9999]).text == nines)
        #expect(formatter.format(message, locale: tag, arguments: ["n": 1234.5]).text == fraction)
    }

    @Test func unknownSkeletonTokensAreSyntaxErrorsWithTheirPosition() throws {
        let number = utc.format("Total: {n, number, ::compact-shrot}", locale: .english, arguments: ["n": 1])
        #expect(
            number.problems.map(\.description) == [
                "Invalid skeleton token 'compact-shrot': unknown number skeleton token at 1:22"
            ])
        let date = utc.format("{d, date, ::yMMMdQ1}", locale: .english, arguments: ["d": "2026-11-29T10:30:00Z"])
        #expect(date.problems.first?.description.hasSuffix("at 1:19") == true, "\(date.problems)")
    }

    @Test func aNumberRoundingModeUnnecessaryCannotKeepIsAProblem() {
        let message = "{n, number, ::.0 rounding-mode-unnecessary}"
        #expect(utc.format(message, locale: .english, arguments: ["n": 2.5]).problems.isEmpty)
        let rounded = utc.format(message, locale: .english, arguments: ["n": 2.25])
        #expect(rounded.text == "2.2")
        #expect(rounded.problems.map(\.code) == [.roundingNecessary])
        #expect(
            rounded.problems.map(\.description) == [
                "2.25 needs rounding, which rounding-mode-unnecessary does not allow; rounded half-even"
            ])
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
