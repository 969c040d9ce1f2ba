import I18nCore
import LocaleData
import Testing

@Suite struct SimpleInterpolationTests {
    let formatter = SimpleInterpolation()
    let locale = LocaleTag.english

    @Test func replacesPlaceholders() {
        let result = formatter.format(
            "Hello, {name}! You have {count} items.", locale: locale,
            arguments: ["name": "Ayşe", "count": 3])
        #expect(result.text == "Hello, Ayşe! You have 3 items.")
        #expect(result.problems.isEmpty)
    }

    @Test func leavesMissingArgumentsVisibleAndReportsThem() {
        let result = formatter.format("Hello, {name}!", locale: locale, arguments: [:])
        #expect(result.text == "Hello, {name}!")
        #expect(result.problems == [FormatProblem(.missingArgument("name"))])
    }

    @Test func leavesComplexArgumentsWhole() {
        let message = "{count, plural, one {# event} other {# events}} today"
        let result = formatter.format(message, locale: locale, arguments: ["count": 2])
        #expect(result.text == message)
        #expect(result.problems.count == 1)
    }

    @Test func reportsAnUnclosedBrace() {
        let result = formatter.format("Hello {name", locale: locale, arguments: ["name": "x"])
        #expect(result.text == "Hello {name")
        #expect(result.problems.count == 1)
    }

    @Test func textWithoutBracesIsReturnedAsIs() {
        #expect(formatter.format("Plain", locale: locale, arguments: ["x": "y"]).text == "Plain")
    }
}
