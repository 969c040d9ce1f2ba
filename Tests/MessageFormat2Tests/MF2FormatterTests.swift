import Foundation
import I18nCore
import LocaleData
import MessageFormat2
import Testing

/// What the conformance suite leaves to implementations (`exp` is absent for most function tests): the outputs of
/// WidgetI18n's functions, as ICU4C 77.1 prints the same numbers and dates, and the limits of the parser.
@Suite struct MF2FormatterTests {
    let formatter = MF2Formatter(timeZone: .utc, bidiIsolation: .none, draftFunctions: true)

    func text(_ message: String, _ locale: String = "en-US", _ arguments: MessageArguments = [:]) throws -> String {
        let result = formatter.formatted(message, locale: try LocaleTag(locale), arguments: arguments)
        #expect(result.errors.isEmpty, "\(result.errors)")
        return result.text
    }

    @Test func numbersFormatWithTheirOptions() throws {
        #expect(try text("{1234.5678 :number}") == "1,234.568")
        #expect(try text("{1234.5 :number minimumFractionDigits=2}") == "1,234.50")
        #expect(try text("{1234 :number useGrouping=never}") == "1234")
        #expect(try text("{5 :number minimumIntegerDigits=3}") == "005")
        #expect(try text("{3 :number signDisplay=always}") == "+3")
        #expect(try text("{1234.5 :number maximumSignificantDigits=2}") == "1,200")
        #expect(try text("{2.5 :integer}") == "3")
        #expect(try text("{2.5 :number maximumFractionDigits=0 roundingMode=halfEven}") == "2")
        #expect(try text("{1.25 :number maximumFractionDigits=1 roundingMode=floor}") == "1.2")
        #expect(try text("{1.5 :number minimumFractionDigits=2 trailingZeroDisplay=stripIfInteger}") == "1.50")
        #expect(try text("{2 :number minimumFractionDigits=2 trailingZeroDisplay=stripIfInteger}") == "2")
        #expect(try text("{1234.5 :number}", "de") == "1.234,5")
        // Polish groups four digits only with useGrouping=always: its minimum grouping digits are 2.
        #expect(try text("{1234 :number}", "pl") == "1234")
        #expect(try text("{1234 :number useGrouping=always}", "pl") == "1\u{A0}234")
    }

    /// A date past JavaScript's `Date` (±8.64e15 ms of 1970) is a `bad-operand` and shows as its placeholder, as
    /// the ICU path reports it, plain or under `:datetime`, `:date`, `:time`, from an argument or a literal; the
    /// range's last instant formats (they printed "9/13/60, 12:00 AM" and "Sep 13, 275760").
    @Test func argumentsAreReadAsICUReadsThemAndLiteralsAsTheGrammarSpellsThem() throws {
        let utc = MF2Formatter(timeZone: .utc, draftFunctions: true)
        let day = ".input {$d :date length=short} {{{$d}}}"
        // A number, or text that is one, as JavaScript's milliseconds since 1970.
        for argument: MessageArgument in [1_700_000_000_000, "1700000000000"] {
            #expect(utc.formatted(day, locale: .english, arguments: ["d": argument]).text == "11/14/23")
        }
        #expect(try text("{$n :number}", "en", ["n": "05"]) == "5")
        #expect(try text("{$n :number}", "en", ["n": .date(Date(timeIntervalSince1970: 2))]) == "2,000")
        // The operand digits option keeps what the argument shows, up to the maximum.
        let kept =
            ".input {$n :number widget-i18n:minimumFractionDigits=operand} .match $n one {{one {$n}}} * {{other {$n}}}"
        #expect(try text(kept, "de", ["n": .number(MessageNumber("1.0")!)]) == "other 1,0")
        #expect(try text(kept, "de", ["n": .number(MessageNumber("1.0004")!)]) == "one 1")
        #expect(
            try text(
                ".input {$n :number} .match $n one {{one {$n}}} * {{other {$n}}}", "de",
                ["n": .number(MessageNumber("1.0")!)]) == "one 1")
        for literal in ["{05 :number}", "{|1700000000000| :date}"] {
            let result = utc.formatted(literal, locale: .english, arguments: [:])
            #expect(result.errors.map(\.code) == [.badOperand], "\(literal)")
        }
    }

    /// Found by the `convert-mf2` fuzz target: NaN matched the key `0`, where ICU's `=0` never matches NaN.
    /// An `.input` whose option reads its own variable reads the argument there, not its own value (which is being
    /// made): the declaration is evaluated once, without recursing into itself.
    @Test func anInputWhoseOptionReadsItselfReadsTheArgument() throws {
        let message = ".input {$x :number minimumFractionDigits=$x} .match $x 2 {{two {$x}}} * {{other {$x}}}"
        #expect(try text(message, "en-US", ["x": 2]) == "two 2.00")
        #expect(try text(message, "en-US", ["x": 3]) == "other 3.000")
    }

    /// Whole numbers take the selection's short way; what they select is what the same number with a fraction does.
    @Test func wholeNumbersSelectTheirExactKeyThenTheirCategory() throws {
        let message = ".input {$n :number} .match $n 0 {{zero}} 1 {{exactly one}} one {{one}} few {{few}} * {{other}}"
        #expect(try text(message, "en-US", ["n": 0]) == "zero")
        #expect(try text(message, "en-US", ["n": "-0"]) == "zero")
        #expect(try text(message, "en-US", ["n": 1]) == "exactly one")
        #expect(try text(message, "en-US", ["n": "1.0"]) == "exactly one")
        #expect(try text(message, "en-US", ["n": -1]) == "one")
        #expect(try text(message, "pl", ["n": 22]) == "few")
        #expect(try text(message, "pl", ["n": -22]) == "few")
        #expect(try text(message, "pl", ["n": 12]) == "other")
        #expect(try text(".input {$n :integer} .match $n 3 {{three}} * {{other}}", "en-US", ["n": "2.5"]) == "three")
    }

    @Test func nanAndTheInfinitiesMatchNoNumberKey() throws {
        let message = ".input {$n :number} .match $n 0 {{zero}} * {{other}}"
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(try text(message, "en", ["n": .number(MessageNumber(value))]) == "other", "\(value)")
        }
        #expect(try text(message, "en", ["n": 0]) == "zero")
    }

    @Test func datesPastJavaScriptsRangeAreBadOperands() throws {
        let edge = 8.64e12
        for seconds in [edge + 1, -edge - 1, .infinity] {
            for message in ["{$d}", "{$d :datetime}", "{$d :date}", "{$d :time}"] {
                let result = formatter.formatted(
                    message, locale: try LocaleTag("en-US"),
                    arguments: ["d": .date(Date(timeIntervalSince1970: seconds))])
                #expect(result.errors.map(\.code) == [.badOperand], "\(message) at \(seconds): \(result.errors)")
                #expect(result.text == "{$d}", "\(message) at \(seconds)")
            }
        }
        let literal = formatter.formatted(
            "{|+275760-09-14T00:00:00Z| :date}", locale: try LocaleTag("en-US"), arguments: [:])
        #expect(literal.errors.map(\.code) == [.badOperand], "\(literal.errors)")
        #expect(
            try text("{$d :date length=medium}", "en-US", ["d": .date(Date(timeIntervalSince1970: edge))])
                == "Sep 13, 275760")
        #expect(try !text("{$d}", "en-US", ["d": .date(Date(timeIntervalSince1970: -edge))]).isEmpty)
    }

    @Test func percentsCurrenciesAndUnitsFormat() throws {
        #expect(try text("{1 :percent}") == "100%")
        #expect(try text("{0.12345678 :percent maximumFractionDigits=1}") == "12.3%")
        #expect(try text("{42 :currency currency=EUR}") == "€42.00")
        #expect(try text("{42 :currency currency=JPY}") == "¥42")
        #expect(try text("{42 :currency currency=EUR fractionDigits=0}") == "€42")
        #expect(try text("{42 :currency currency=EUR currencyDisplay=code}") == "EUR\u{A0}42.00")
        #expect(try text("{-42 :currency currency=USD currencySign=accounting}") == "($42.00)")
        #expect(try text("{42 :currency currency=eur}", "de") == "42,00\u{A0}€")
        #expect(try text("{5 :unit unit=kilometer-per-hour}") == "5 km/h")
        #expect(try text("{5 :unit unit=kilometer-per-hour unitDisplay=long}") == "5 kilometers per hour")
    }

    @Test func pluralsAndOrdinalsSelectWithCLDRRules() throws {
        let days = ".input {$n :number} .match $n one {{{$n} день}} few {{{$n} дня}} many {{{$n} дней}} * {{{$n} дня}}"
        #expect(try text(days, "ru", ["n": 1]) == "1 день")
        #expect(try text(days, "ru", ["n": 3]) == "3 дня")
        #expect(try text(days, "ru", ["n": 5]) == "5 дней")
        #expect(try text(days, "ru", ["n": 1.5]) == "1,5 дня")
        let ordinal =
            ".input {$n :number select=ordinal} .match $n one {{{$n}st}} two {{{$n}nd}} few {{{$n}rd}} * {{{$n}th}}"
        #expect(try text(ordinal, "en", ["n": 22]) == "22nd")
        #expect(try text(ordinal, "en", ["n": 13]) == "13th")
        // An exact key beats the category; `select=exact` leaves categories out.
        let exact = ".input {$n :number} .match $n 1 {{exactly one}} one {{one}} * {{other}}"
        #expect(try text(exact, "en", ["n": 1]) == "exactly one")
        #expect(
            try text(".input {$n :number select=exact} .match $n one {{one}} * {{other}}", "en", ["n": 1]) == "other")
        // The category comes from the number as formatted: 1.0 with a fraction digit is `other` in English.
        #expect(
            try text(".input {$n :number minimumFractionDigits=1} .match $n one {{one}} * {{other}}", "en", ["n": 1])
                == "other")
        let offset =
            ".input {$n :integer} .local $others = {$n :offset subtract=1} .match $n $others 0 * {{nobody}} 1 * {{you}} * one {{you and {$others} other}} * * {{you and {$others} others}}"
        #expect(try text(offset, "en", ["n": 0]) == "nobody")
        #expect(try text(offset, "en", ["n": 2]) == "you and 1 other")
        #expect(try text(offset, "en", ["n": 5]) == "you and 4 others")
    }

    @Test func datesFormatInTheirFieldsAndLengths() throws {
        #expect(try text("{|2006-01-02| :date}") == "Jan 2, 2006")
        #expect(try text("{|2006-01-02| :date length=long}") == "January 2, 2006")
        #expect(try text("{|2006-01-02| :date length=short}") == "1/2/06")
        #expect(try text("{|2006-01-02| :date fields=year-month-day-weekday length=long}") == "Monday, January 2, 2006")
        #expect(try text("{|2006-01-02T15:04:06| :time}") == "3:04\u{202F}PM")
        #expect(try text("{|2006-01-02T15:04:06| :time precision=second}") == "3:04:06\u{202F}PM")
        #expect(try text("{|2006-01-02T15:04:06| :time hour12=false}") == "15:04")
        #expect(try text("{|2006-01-02T15:04:06| :datetime dateLength=short}") == "1/2/06, 3:04\u{202F}PM")
        // Istanbul was UTC+2 in 2006.
        #expect(try text("{|2006-01-02T15:04:06Z| :time timeZone=|Europe/Istanbul|}", "tr") == "17:04")
        #expect(try text("{|2006-01-02T15:04:06+02:00| :time timeZone=input}", "de") == "15:04")
        #expect(
            try text("{$d}", "en-US", ["d": .date(Date(timeIntervalSince1970: 1_136_214_246))])
                == "1/2/06, 3:04\u{202F}PM")
    }

    @Test func impossibleDatesAreErrorsAndOffsetsComputeAsICUs() throws {
        #expect(try text("{|2024-02-29| :date}") == "Feb 29, 2024")
        let february = formatter.formatted("{|2025-02-29| :date}", locale: .english, arguments: [:])
        #expect(february.text == "{|2025-02-29|}")
        #expect(february.errors.map(\.code) == [.badOperand])
        #expect(
            formatter.formatted("{|2025-04-31| :date}", locale: .english, arguments: [:]).errors.map(\.code) == [
                .badOperand
            ])
        // ICU4C 77.1's plural offset (checked through PyICU): a double past 2^53, so `{n, plural, offset:1 other
        // {#}}` prints 12,345,678,901,234,568,000,000 for 12345678901234567890123; `:offset` computes the same.
        #expect(try text("{12345678901234567890123 :offset subtract=1}") == "12,345,678,901,234,568,000,000")
        #expect(try text("{9007199254740993 :offset subtract=1}") == "9,007,199,254,740,991")
        #expect(try text("{-0.05 :offset add=1}") == "0.95")
    }

    @Test func stringsSelectOnTheirNormalizedText() throws {
        let message = ".input {$g :string} .match $g female {{her}} male {{his}} * {{their}}"
        #expect(try text(message, "en", ["g": "female"]) == "her")
        #expect(try text(message, "en", ["g": "other"]) == "their")
    }

    @Test func placeholdersAreIsolatedByDefault() throws {
        let isolating = MF2Formatter(timeZone: .utc, draftFunctions: true)
        #expect(
            isolating.formatted("Hi {$name}!", locale: .english, arguments: ["name": "Ayşe"]).text
                == "Hi \u{2068}Ayşe\u{2069}!")
        #expect(isolating.formatted("{1 :number}", locale: .english, arguments: [:]).text == "1")
        let arabic = try LocaleTag("ar")
        #expect(isolating.formatted("{1 :number}", locale: arabic, arguments: [:]).text == "\u{2067}1\u{2069}")
    }

    @Test func markupBecomesPartsAndNothingInText() throws {
        let message = "{#b}bold{/b} {#img src=|a.png|/}"
        #expect(formatter.formatted(message, locale: .english, arguments: [:]).text == "bold ")
        #expect(
            formatter.formatToParts(message, locale: .english, arguments: [:]).parts == [
                .markup(MF2Part.Markup(kind: .open, name: "b", options: [:], id: nil)), .text("bold"),
                .markup(MF2Part.Markup(kind: .close, name: "b", options: [:], id: nil)), .text(" "),
                .markup(MF2Part.Markup(kind: .standalone, name: "img", options: ["src": "a.png"], id: nil)),
            ])
    }

    @Test func errorsLeaveFallbacksAndAreProblemsOfTheProtocol() throws {
        let result = formatter.format("Hi {$name :number}", locale: .english, arguments: [:])
        #expect(result.text == "Hi {$name}")
        #expect(result.problems.map(\.code) == [.messageFormat2, .messageFormat2])
        let broken = formatter.formatted("Hi {$name", locale: .english, arguments: [:])
        #expect(broken.text == "{\u{FFFD}}")
        #expect(broken.errors.map(\.code) == [.syntaxError])
        #expect(broken.errors.first?.offset == 9)
        #expect(throws: MF2Error.self) { try MF2Formatter.validate(".match $x * {{a}}") }
    }

    /// No input makes unbounded work or recursion: a chain of 20,000 declarations resolves in a loop, and 20,000
    /// variants are checked for duplicates in a set.
    @Test func longChainsAndManyVariantsStayLinear() throws {
        var chain = ".local $v0 = {1 :number}"
        for index in 1..<20_000 { chain += " .local $v\(index) = {$v\(index - 1)}" }
        chain += " {{{$v19999}}}"
        #expect(try text(chain) == "1")
        // 2,000 selectors at the end of the chain: each checked for its annotation in one lookup, not a walk.
        var selectors = chain.replacingOccurrences(of: " {{{$v19999}}}", with: " .match")
        for _ in 0..<2_000 { selectors += " $v19999" }
        selectors += " " + Array(repeating: "*", count: 2_000).joined(separator: " ") + " {{many}}"
        #expect(try text(selectors) == "many")
        var variants = ".input {$n :number} .match $n"
        for index in 0..<20_000 { variants += " \(index) {{\(index)}}" }
        variants += " * {{other}}"
        #expect(try text(variants, "en", ["n": 19_999]) == "19999")
    }
}
