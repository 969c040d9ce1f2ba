import I18nCore
import LocaleData
import MessageFormat2

/// The conformance suite's test functions (test/README.md of unicode-org/message-format-wg, LDML48.2), registered
/// as an app registers its own: `:test:function` formats and selects, `:test:select` only selects, `:test:format`
/// only formats. Each takes a number (a literal or an argument, or another test function's value, whose options
/// it keeps), `decimalPlaces` 0 or 1, and `fails` (`never`, `select`, `format`, `always`).
enum MF2TestFunctions {
    /// What a test function's value holds, passed on to a test function that takes it as its operand.
    struct Value: Sendable {
        var input: MessageNumber
        var decimalPlaces = 0
        var failsFormat = false
        var failsSelect = false
    }

    static let all: [String: MF2CustomFunction] = [
        "test:function": function(formats: true, selects: true),
        "test:select": function(formats: false, selects: true),
        "test:format": function(formats: true, selects: false),
    ]

    static func function(formats: Bool, selects: Bool) -> MF2CustomFunction {
        MF2CustomFunction {
            (operand: MF2CustomValue?, options: [String: MF2CustomValue], _: LocaleTag) throws(MF2Error)
                -> MF2CustomValue in
            var value = try Self.value(of: operand)
            if let places = options["decimalPlaces"] {
                switch places.argument?.description {
                case "0": value.decimalPlaces = 0
                case "1": value.decimalPlaces = 1
                default: throw MF2Error(.badOption, "'decimalPlaces' is 0 or 1")
                }
            }
            if let fails = options["fails"] {
                switch fails.argument?.description {
                case "never": (value.failsFormat, value.failsSelect) = (false, false)
                case "select": (value.failsFormat, value.failsSelect) = (false, true)
                case "format": (value.failsFormat, value.failsSelect) = (true, false)
                case "always": (value.failsFormat, value.failsSelect) = (true, true)
                default: throw MF2Error(.badOption, "'fails' is never, select, format or always")
                }
            }
            let result = value
            let format: @Sendable () throws(MF2Error) -> String = { () throws(MF2Error) -> String in
                try Self.text(of: result)
            }
            let select: @Sendable ([String]) throws(MF2Error) -> [String] = {
                (keys: [String]) throws(MF2Error) -> [String] in try Self.keys(keys, matching: result)
            }
            return MF2CustomValue(
                argument: .number(result.input), payload: result, format: formats ? format : nil,
                select: selects ? select : nil)
        }
    }

    /// The operand as a test value: another test function's, or a number.
    static func value(of operand: MF2CustomValue?) throws(MF2Error) -> Value {
        if let previous = operand?.payload as? Value { return previous }
        switch operand?.argument {
        case .number(let number)?: return Value(input: number)
        case .string(let text)?:
            guard let number = MessageNumber(text) else { throw MF2Error(.badOperand, "'\(text)' is not a number") }
            return Value(input: number)
        default: throw MF2Error(.badOperand, "A test function takes a number")
        }
    }

    /// The integer digits, a minus for a negative value, and with `decimalPlaces=1` the first fraction digit.
    static func text(of value: Value) throws(MF2Error) -> String {
        guard !value.failsFormat else { throw MF2Error(.badOption, "The test function was asked to fail formatting") }
        var decimal = DecimalText(value.input.text)
        let negative = decimal.isNegative && !decimal.isZero
        decimal.isNegative = false
        var text = negative ? "-" : ""
        text += String(decoding: decimal.integer.map { $0 + 0x30 }, as: UTF8.self)
        if value.decimalPlaces == 1 { text += "." + String(decimal.fraction.first ?? 0) }
        return text
    }

    /// The value 1 matches `1`, and with `decimalPlaces=1` also `1.0`, which it prefers.
    static func keys(_ keys: [String], matching value: Value) throws(MF2Error) -> [String] {
        guard !value.failsSelect else { throw MF2Error(.badSelector, "The test function was asked to fail selecting") }
        guard value.input.value == 1 else { return [] }
        let preferred = value.decimalPlaces == 1 ? ["1.0", "1"] : ["1"]
        return preferred.filter(keys.contains)
    }
}
