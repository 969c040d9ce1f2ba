import Foundation
import I18nCore
import LocaleData
import MessageFormat2
import Testing

/// Which functions a formatter has: the stable defaults always, the draft ones with `draftFunctions`, and an app's
/// own by name.
@Suite struct MF2FunctionRegistryTests {
    let english = LocaleTag.english

    /// Each function LDML 48 marks Draft is `unknown-function` until the option turns it on; the stable ones never
    /// need it.
    @Test(arguments: [
        "{$x :percent}", "{$x :currency currency=EUR}", "{$x :unit unit=meter}", "{$d :datetime}", "{$d :date}",
        "{$d :time}",
    ])
    func draftFunctionsNeedTheOption(_ message: String) {
        let arguments: MessageArguments = ["x": 0.5, "d": .date(.init(timeIntervalSince1970: 0))]
        let stable = MF2Formatter(timeZone: .utc, bidiIsolation: .none)
        let off = stable.format(message, locale: english, arguments: arguments)
        #expect(off.text.hasPrefix("{$"))
        #expect(off.problems.map(\.description).allSatisfy { $0.hasSuffix("(unknown-function)") })
        #expect(off.problems.count == 1)
        let draft = MF2Formatter(timeZone: .utc, bidiIsolation: .none, draftFunctions: true)
        let on = draft.format(message, locale: english, arguments: arguments)
        #expect(on.problems.isEmpty, "\(on.problems)")
        #expect(!on.text.hasPrefix("{"))
    }

    @Test func stableFunctionsNeedNoOption() {
        let formatter = MF2Formatter(timeZone: .utc, bidiIsolation: .none)
        let result = formatter.format(
            "{$x :number} {$x :integer} {$x :offset add=1} {$x :string}", locale: english, arguments: ["x": 2])
        #expect(result.text == "2 2 3 2")
        #expect(result.problems.isEmpty)
    }

    /// A custom function formats, selects with the keys it ranks, takes its options, and what it throws is the
    /// placeholder's error with a fallback.
    @Test func aCustomFunctionFormatsSelectsAndFails() {
        let parity = MF2CustomFunction {
            (operand: MF2CustomValue?, options: [String: MF2CustomValue], _: LocaleTag) throws(MF2Error)
                -> MF2CustomValue in
            guard case .number(let number)? = operand?.argument else { throw MF2Error(.badOperand, "not a number") }
            let even = Int(number.text).map { $0 % 2 == 0 } ?? false
            let word = even ? "even" : "odd"
            let prefix = options["prefix"]?.argument?.description ?? ""
            return MF2CustomValue(
                argument: .string(word), format: { () throws(MF2Error) -> String in prefix + word },
                select: { (keys: [String]) throws(MF2Error) -> [String] in keys.filter { $0 == word } })
        }
        let formatter = MF2Formatter(bidiIsolation: .none, functions: ["acme:parity": parity])
        let formatted = formatter.format("{$n :acme:parity prefix=is-}", locale: english, arguments: ["n": 4])
        #expect(formatted.text == "is-even")
        let selection = ".input {$n :acme:parity} .match $n even {{pairs}} odd {{one left}} * {{?}}"
        #expect(formatter.format(selection, locale: english, arguments: ["n": 7]).text == "one left")
        #expect(formatter.format(selection, locale: english, arguments: ["n": 8]).text == "pairs")
        let failed = formatter.format("{$n :acme:parity}", locale: english, arguments: ["n": "x"])
        #expect(failed.text == "{$n}")
        #expect(failed.problems.map(\.description) == ["not a number (bad-operand)"])
    }

    /// A value without `format` cannot format, one without `select` cannot select; a name of the defaults stays
    /// the default's.
    @Test func whatACustomValueCannotDo() {
        let selectOnly = MF2CustomFunction {
            (_: MF2CustomValue?, _: [String: MF2CustomValue], _: LocaleTag) throws(MF2Error) -> MF2CustomValue in
            MF2CustomValue(argument: nil, format: nil)
        }
        let formatter = MF2Formatter(
            bidiIsolation: .none, functions: ["acme:opaque": selectOnly, "number": selectOnly])
        let shown = formatter.format("{1 :acme:opaque}", locale: english, arguments: [:])
        #expect(shown.problems.map(\.description).first?.hasSuffix("(not-formattable)") == true)
        let matched = formatter.format(
            ".local $x = {1 :acme:opaque} .match $x 1 {{one}} * {{other}}", locale: english, arguments: [:])
        #expect(matched.text == "other")
        #expect(matched.problems.map(\.description).first?.hasSuffix("(bad-selector)") == true)
        #expect(formatter.format("{1000 :number}", locale: english, arguments: [:]).text == "1,000")
    }
}

/// A number's parts are its formatter's pieces, not a reading of its text: a unit's name is a `unit`, never a
/// `currency`, and a currency's symbol is a `currency`.
@Suite struct MF2NumberPartsTests {
    @Test func unitsAndCurrenciesAreTheirOwnPieces() throws {
        let formatter = MF2Formatter(timeZone: .utc, bidiIsolation: .none, draftFunctions: true)
        let english = LocaleTag.english
        func pieces(_ message: String, _ arguments: MessageArguments) -> [String] {
            let (parts, errors) = formatter.formatToParts(message, locale: english, arguments: arguments)
            #expect(errors.isEmpty)
            return parts.flatMap { part -> [String] in
                guard case .value(let value) = part else { return [] }
                return value.pieces.map { "\($0.type)=\($0.value)" }
            }
        }
        #expect(pieces("{$d :unit unit=kilometer}", ["d": 12]) == ["integer=12", "literal= ", "unit=km"])
        #expect(
            pieces("{$p :currency currency=EUR}", ["p": 9.5]) == [
                "currency=€", "integer=9", "decimal=.", "fraction=50",
            ])
        #expect(
            pieces("{$n :number}", ["n": -1234.5]) == [
                "minusSign=-", "integer=1", "group=,", "integer=234", "decimal=.", "fraction=5",
            ])
    }
}

/// A unit that is not CLDR's says what is wrong with it, as the unit parser found it.
@Suite struct MF2UnitProblemTests {
    @Test func anUnknownUnitSaysWhy() {
        let formatter = MF2Formatter(timeZone: .utc, bidiIsolation: .none, draftFunctions: true)
        let result = formatter.format(
            "{$d :unit unit=kilometer-per-fortnightly}", locale: .english, arguments: ["d": 3])
        #expect(result.text == "{$d}")
        let description = result.problems.first?.description ?? ""
        #expect(description.hasPrefix("'kilometer-per-fortnightly' is not a CLDR unit: "))
        #expect(description.count > "'kilometer-per-fortnightly' is not a CLDR unit: (bad-operand)".count)
        #expect(description.hasSuffix("(bad-operand)"))
    }
}
