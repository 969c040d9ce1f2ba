import I18nCore
import LocaleData
import StringCatalog
import Testing

/// The MF2 text `MF2Conversion` makes of ICU messages, rule by rule, and the reason of each refusal. Whether the
/// MF2 formats as the MF1 does is the differential test's to say; these pin down the text itself.
@Suite struct MF2ConversionTests {
    func converted(_ message: String, _ locale: String = "en") throws -> String {
        try MF2Conversion.convert(message, locale: LocaleTag(locale)).get()
    }

    /// The refusal's reason, or `nil` when the message converted.
    func reason(_ message: String, _ locale: String = "en") throws -> String? {
        if case .failure(let refusal) = MF2Conversion.convert(message, locale: try LocaleTag(locale)) {
            return refusal.reason
        }
        return nil
    }

    // MARK: Patterns

    @Test(arguments: [
        ("Hello, world", "Hello, world"),
        ("Hi {name}!", "Hi {$name}!"),
        // MF1's quoted braces are text; MF2 escapes them and the backslash.
        (#"Braces '{x}' and \ stay text"#, #"Braces \{x\} and \\ stay text"#),
        // A simple message that starts with `.`, past optional whitespace, would read as a complex one.
        (".hidden", "{{.hidden}}"),
        ("  .x", "{{  .x}}"),
        // Whitespace at either end is a simple message's own.
        ("  hi  ", "  hi  "),
        ("<b>bold</b> and <br/>", "{#b}bold{/b} and {#br/}"),
        ("{d}", "{$d}"),
    ])
    func simpleMessages(_ message: String, _ expected: String) throws {
        #expect(try converted(message) == expected)
    }

    // MARK: Selections

    @Test func aPluralIsAMatchOnItsNumber() throws {
        #expect(
            try converted("{n, plural, one {# day} other {# days}}") == """
                .input {$n :number roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                .match $n
                one {{{$n} day}}
                * {{{$n} days}}
                """)
    }

    /// Polish groups a four-digit `#` (`1 000 dni`), where MF2's `auto` grouping would not.
    @Test func aPluralGroupsAsHashDoes() throws {
        #expect(
            try converted("{n, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}", "pl") == """
                .input {$n :number useGrouping=always roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                .match $n
                one {{{$n} plik}}
                few {{{$n} pliki}}
                many {{{$n} plików}}
                * {{{$n} pliku}}
                """)
    }

    /// Exact keys match the number as given, the categories the number after the offset: two selectors, and where
    /// an exact key matched the offset's selector is `*` alone.
    @Test func anOffsetIsASecondSelector() throws {
        #expect(
            try converted("{n, plural, offset:1 =0 {a} one {b} other {c}}") == """
                .input {$n :number roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                .local $n_offset = {$n :offset subtract=1}
                .match $n $n_offset
                0 * {{a}}
                * one {{b}}
                * * {{c}}
                """)
        #expect(
            try converted(
                "{n, plural, offset:1 =0 {none} =1 {{name}} one {{name} and # other} other {{name} and # others}}")
                    == """
                    .input {$n :number roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                    .local $n_offset = {$n :offset subtract=1}
                    .match $n $n_offset
                    0 * {{none}}
                    1 * {{{$name}}}
                    * one {{{$name} and {$n_offset} other}}
                    * * {{{$name} and {$n_offset} others}}
                    """)
    }

    /// MF1 compares values: `=01` is 1 and `=-0` is 0, as MF2 serializes them; a later case for a number already
    /// matched never shows.
    @Test func exactKeysAreTheIntegersMF2Serializes() throws {
        #expect(
            try converted("{n, plural, =01 {one exactly} =-0 {zero} other {#}}") == """
                .input {$n :number roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                .match $n
                1 {{one exactly}}
                0 {{zero}}
                * {{{$n}}}
                """)
        #expect(
            try converted("{n, plural, =1 {a} =1.0 {b} other {c}}") == """
                .input {$n :number roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                .match $n
                1 {{a}}
                * {{c}}
                """)
    }

    @Test func aSelectordinalSelectsOrdinally() throws {
        #expect(
            try converted("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}") == """
                .input {$n :number select=ordinal roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                .match $n
                one {{{$n}st}}
                two {{{$n}nd}}
                few {{{$n}rd}}
                * {{{$n}th}}
                """)
    }

    /// One `.match` for both: the select has keys only where its plural case is reached.
    @Test func aSelectInsideAPluralIsFlattened() throws {
        #expect(
            try converted(
                "{n, plural, one {{g, select, female {She has # cat} other {They have # cat}}} other {# cats}}")
                    == """
                    .input {$n :number roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                    .input {$g :string}
                    .match $n $g
                    one female {{She has {$n} cat}}
                    one * {{They have {$n} cat}}
                    * * {{{$n} cats}}
                    """)
    }

    @Test func textAroundAPluralIsInEveryVariant() throws {
        #expect(
            try converted("You have {n, plural, one {# item} other {# items}} in {place}.") == """
                .input {$n :number roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                .match $n
                one {{You have {$n} item in {$place}.}}
                * {{You have {$n} items in {$place}.}}
                """)
        #expect(
            try converted("<b>{n, plural, one {# item} other {# items}}</b>") == """
                .input {$n :number roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                .match $n
                one {{{#b}{$n} item{/b}}}
                * {{{#b}{$n} items{/b}}}
                """)
    }

    @Test func variantTextIsEscaped() throws {
        #expect(
            try converted(#"{n, plural, one {'{'#'}'} other {a\b}}"#) == #"""
                .input {$n :number roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                .match $n
                one {{\{{$n}\}}}
                * {{a\\b}}
                """#)
    }

    /// A cardinal and an ordinal of one argument are two variables, neither the input itself.
    @Test func twoKindsOfOneArgumentAreTwoLocals() throws {
        #expect(
            try converted("{n, plural, one {# file} other {# files}} ({n, selectordinal, one {#st} other {#th}})")
                == """
                .local $n_plural = {$n :number roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                .local $n_ordinal = {$n :number select=ordinal roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                .match $n_plural $n_ordinal
                one one {{{$n_plural} file ({$n_ordinal}st)}}
                one * {{{$n_plural} file ({$n_ordinal}th)}}
                * one {{{$n_plural} files ({$n_ordinal}st)}}
                * * {{{$n_plural} files ({$n_ordinal}th)}}
                """)
    }

    /// `{n}` prints a string argument as it is: the plural's `:number` is a local, and the input stays untouched.
    @Test func anArgumentAPlaceholderShowsKeepsItsInput() throws {
        #expect(
            try converted("{n, plural, one {{n} day} other {{n} days}}") == """
                .local $n_plural = {$n :number roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                .match $n_plural
                one {{{$n} day}}
                * {{{$n} days}}
                """)
        // A made name is no argument's.
        #expect(
            try converted("{n, plural, one {{n_plural}} other {{n}}}") == """
                .local $n_plural_2 = {$n :number roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                .match $n_plural_2
                one {{{$n_plural}}}
                * {{{$n}}}
                """)
    }

    @Test func selectsOfOneArgumentShareASelector() throws {
        #expect(
            try converted("{g, select, a {A} other {O}} {g, select, b {B} other {P}}") == """
                .input {$g :string}
                .match $g
                a {{A P}}
                b {{O B}}
                * {{O P}}
                """)
        #expect(
            try converted("{g, select, a|b {x} other {y}}") == #"""
                .input {$g :string}
                .match $g
                |a\|b| {{x}}
                * {{y}}
                """#)
    }

    /// A plural with `other` alone selects nothing: its number is declared for `#`, and no `.match` is needed.
    @Test func aPluralWithOtherAloneIsNoMatch() throws {
        #expect(
            try converted("{n, plural, other {# items}}") == """
                .input {$n :number roundingMode=halfEven widget-i18n:minimumFractionDigits=operand}
                {{{$n} items}}
                """)
    }

    @Test func variantsMultiplyUpToTheLimit() throws {
        let six = (0..<6).map { "{g\($0), select, a {A} b {B} other {O}}" }.joined()
        // Six declarations, the `.match`, and 3^6 variants.
        #expect(try converted(six).split(separator: "\n").count == 6 + 1 + 729)
        let seven = (0..<7).map { "{g\($0), select, a {A} b {B} other {O}}" }.joined()
        #expect(
            try reason(seven)
                == "The message needs more than 1000 MF2 variants: its plural and select cases multiply")
    }

    // MARK: Numbers

    @Test(arguments: [
        ("{n, number}", "en", "{$n :number roundingMode=halfEven}"),
        ("{n, number, integer}", "en", "{$n :number maximumFractionDigits=0 roundingMode=halfEven}"),
        ("{n, number, percent}", "en", "{$n :percent roundingMode=halfEven}"),
        ("{n, number, currency}", "en-US", "{$n :currency currency=USD roundingMode=halfEven}"),
        ("{n, number, currency}", "de-DE", "{$n :currency currency=EUR roundingMode=halfEven}"),
        // MF1's styles group from the first group on; Polish's minimum grouping digits are 2.
        ("{n, number}", "pl", "{$n :number useGrouping=always roundingMode=halfEven}"),
    ])
    func numberStyles(_ message: String, _ locale: String, _ expected: String) throws {
        #expect(try converted(message, locale) == expected)
    }

    @Test(arguments: [
        ("::.00", "{$n :number minimumFractionDigits=2 maximumFractionDigits=2 roundingMode=halfEven}"),
        // A skeleton without a precision shows up to six fraction digits.
        (
            "::sign-always group-off",
            "{$n :number maximumFractionDigits=6 signDisplay=always useGrouping=never roundingMode=halfEven}"
        ),
        ("::@@#", "{$n :number minimumSignificantDigits=2 maximumSignificantDigits=3 roundingMode=halfEven}"),
        (
            "::.0#/@@@r",
            "{$n :number minimumFractionDigits=1 maximumFractionDigits=2 minimumSignificantDigits=3 "
                + "maximumSignificantDigits=3 roundingPriority=morePrecision roundingMode=halfEven}"
        ),
        (
            "::precision-increment/0.05",
            "{$n :number minimumFractionDigits=2 maximumFractionDigits=2 roundingIncrement=5 roundingMode=halfEven}"
        ),
        (
            "::.00/w",
            "{$n :number minimumFractionDigits=2 maximumFractionDigits=2 trailingZeroDisplay=stripIfInteger "
                + "roundingMode=halfEven}"
        ),
        ("::rounding-mode-floor .0", "{$n :number minimumFractionDigits=1 maximumFractionDigits=1 roundingMode=floor}"),
        ("::integer-width/+000", "{$n :number minimumIntegerDigits=3 maximumFractionDigits=6 roundingMode=halfEven}"),
        ("::group-thousands", "{$n :number maximumFractionDigits=6 useGrouping=always roundingMode=halfEven}"),
        (
            "::percent scale/100 .0",
            "{$n :percent minimumFractionDigits=1 maximumFractionDigits=1 roundingMode=halfEven}"
        ),
        ("::%x100", "{$n :percent maximumFractionDigits=6 roundingMode=halfEven}"),
        (
            "::currency/EUR unit-width-narrow .00",
            "{$n :currency currency=EUR currencyDisplay=narrowSymbol fractionDigits=2 roundingMode=halfEven}"
        ),
        ("::currency/EUR sign-accounting", "{$n :currency currency=EUR currencySign=accounting roundingMode=halfEven}"),
        (
            "::measure-unit/length-meter unit-width-full-name",
            "{$n :unit unit=meter unitDisplay=long maximumFractionDigits=6 roundingMode=halfEven}"
        ),
    ])
    func skeletonsBecomeOptions(_ skeleton: String, _ expected: String) throws {
        #expect(try converted("{n, number, \(skeleton)}") == expected)
    }

    @Test(arguments: [
        ("::compact-short", "Number skeleton token 'compact-short' has no MF2 option"),
        ("::.00 scientific", "Number skeleton token 'scientific' has no MF2 option"),
        ("::permille", "Number skeleton token 'permille' has no MF2 option"),
        ("::decimal-always", "Number skeleton token 'decimal-always' has no MF2 option"),
        ("::scale/1000", "Number skeleton token 'scale/1000' has no MF2 option"),
        ("::precision-unlimited", "Number skeleton token 'precision-unlimited' has no MF2 option"),
        ("::rounding-mode-half-odd", "Number skeleton token 'rounding-mode-half-odd' has no MF2 option"),
        ("::.00/@@@+", "Number skeleton token '.00/@@@+' has no MF2 option"),
        (
            "::percent",
            "Number skeleton token 'percent' has no MF2 option without 'scale/100': MF2's :percent multiplies by 100"
        ),
        (
            "::integer-width-trunc",
            "Number skeleton token 'integer-width-trunc' has no MF2 option (MF2 never drops integer digits)"
        ),
        (
            "::precision-increment/0.03",
            "Number skeleton token 'precision-increment/0.03' has no MF2 option (MF2's roundingIncrement is 1, 2, 5, "
                + "10, 20, 25, 50, 100, … 5000 of the last digit)"
        ),
        (
            "::currency/EUR .0#",
            "Number skeleton token '.0#' has no MF2 option for a currency (:currency takes one fractionDigits)"
        ),
        (
            "::measure-unit/length-meter .00/w",
            "Number skeleton token '.00/w' has no MF2 option for a unit (:unit has no trailingZeroDisplay)"
        ),
        (
            "::numbering-system/arab",
            "Number skeleton token 'numbering-system/arab' has no MF2 option (MF2 prints the locale's digits, latn)"
        ),
        ("#,##0.0", "Number pattern '#,##0.0' has no MF2 form; write it as a skeleton, such as '::.00'"),
    ])
    func numberRefusals(_ style: String, _ expected: String) throws {
        #expect(try reason("{n, number, \(style)}") == expected)
    }

    /// Hindi groups by two after the first three; `group-thousands` by threes, which `always` does not say.
    @Test func thousandsGroupingIsRefusedWhereTheLocaleGroupsOtherwise() throws {
        #expect(
            try reason("{n, number, ::group-thousands}", "hi")
                == "Number skeleton token 'group-thousands' has no MF2 option in 'hi', whose numbers do not group by "
                + "threes")
    }

    // MARK: Dates

    @Test(arguments: [
        ("{d, date, short}", "{$d :date length=short}"),
        ("{d, date}", "{$d :date}"),
        ("{d, date, long}", "{$d :date length=long}"),
        ("{d, date, full}", "{$d :date fields=year-month-day-weekday length=long}"),
        ("{d, time, short}", "{$d :time}"),
        ("{d, time}", "{$d :time precision=second}"),
        ("{d, time, long}", "{$d :time precision=second timeZoneStyle=short}"),
        ("{d, time, full}", "{$d :time precision=second timeZoneStyle=long}"),
        ("{d, date, ::MMMEd}", "{$d :date fields=month-day-weekday}"),
        ("{d, date, ::MMMd}", "{$d :date fields=month-day}"),
        ("{d, date, ::EEE}", "{$d :date fields=weekday}"),
        ("{d, date, ::yMMMEd}", "{$d :date fields=year-month-day-weekday}"),
        ("{d, time, ::j}", "{$d :time precision=hour}"),
        ("{d, time, ::hm}", "{$d :time hour12=true}"),
        // English's medium date is its yMMMd pattern.
        ("{d, date, ::yMMMd}", "{$d :date}"),
    ])
    func datesBecomeOptions(_ message: String, _ expected: String) throws {
        #expect(try converted(message) == expected)
    }

    @Test func dateRefusals() throws {
        // English's short date has a two-digit year; `yMd` prints four.
        #expect(
            try reason("{d, date, ::yMd}")?.hasPrefix(
                "Date skeleton 'yMd' has no MF2 option in 'en': it prints 'M/d/y'")
                == true)
        #expect(
            try reason("{d, date, ::yMMM}")
                == "Date skeleton 'yMMM' has no MF2 option: MF2's :date and :time take fields, length and precision, "
                + "not any skeleton")
        #expect(
            try reason("{d, date, yyyy-MM-dd}")
                == "Date pattern 'yyyy-MM-dd' has no MF2 form: MF2's dates take options, not patterns")
    }

    // MARK: Other refusals

    @Test(arguments: [
        ("{0} items", "Argument name '0' is not an MF2 name: a name starts with a letter or '_' (spec/message.abnf)"),
        (
            "{n, plural, =1.5 {a} other {b}}",
            "Plural case '=1.5' has no MF2 form: MF2 matches only whole numbers exactly"
        ),
        (
            "{n, plural, offset:100 other {#}}",
            "Plural offset 'offset:100' has no MF2 form: ':offset subtract' takes 0 to 99"
        ),
        ("a\u{0}b", "Text with U+0000 has no MF2 form: MF2 text cannot hold it"),
    ])
    func refusals(_ message: String, _ expected: String) throws {
        #expect(try reason(message) == expected)
    }

    @Test func aMessageThatDoesNotParseIsARefusal() throws {
        #expect(try reason("{n")?.hasPrefix("The message is not valid ICU MessageFormat: Unclosed '{'") == true)
    }

    @Test func aTagNameMustBeAnMF2Identifier() throws {
        let location = I18nCore.SourceLocation(offset: 0, line: 1, column: 1)
        let tag = MessageElement.tag(name: "1x", attributes: [], children: [], location: location)
        let refusal = #expect(throws: MF2Conversion.Refusal.self) {
            try MF2Conversion.convert([tag], locale: LocaleTag("en"))
        }
        #expect(refusal?.reason == "Tag name '1x' is not an MF2 identifier (spec/message.abnf, name)")
    }
}
