import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The default functions of spec/functions/ (unicode-org/message-format-wg, LDML 48) and the test suite's test
// functions (test/README.md), over LocaleData's number, plural and date formatters.

extension MF2Function {
    enum Handler: Equatable {
        case string, number, integer, offset, percent, currency, unit, datetime, date, time
        case test(MF2TestValue.Kind)

        init?(name: String, testFunctions: Bool) {
            switch name {
            case "string": self = .string
            case "number": self = .number
            case "integer": self = .integer
            case "offset": self = .offset
            case "percent": self = .percent
            case "currency": self = .currency
            case "unit": self = .unit
            case "datetime": self = .datetime
            case "date": self = .date
            case "time": self = .time
            case "test:function" where testFunctions: self = .test(.function)
            case "test:select" where testFunctions: self = .test(.select)
            case "test:format" where testFunctions: self = .test(.format)
            default: return nil
            }
        }
    }
}

/// The value of `:string`: text, or a fallback that selects nothing (`:string` of an unresolved variable).
struct MF2StringValue {
    var text: String
    var fallbackSource: String?
    var annotations: MF2Annotations
}

/// The value of `:number`, `:integer`, `:offset`, `:percent`, `:currency` and `:unit`.
struct MF2NumberValue {
    enum Kind: Equatable { case number, integer, percent, currency, unit }
    /// The operand's value (the integer for `:integer`, the offset one for `:offset`); not ×100 for `:percent`.
    var value: MessageNumber
    var kind: Kind
    /// The options that passed their checks, as text; an operand's pass on to the function that takes it.
    var options: [String: String]
    var currency: String?
    var unit: String?
    /// Whether `.match` can use it: not a currency, nor a `select` from a variable or an operand.
    var isSelectable: Bool
    var annotations: MF2Annotations
}

/// The value of `:datetime`, `:date` and `:time`.
struct MF2DateValue {
    enum Kind: Equatable { case datetime, date, time }
    var date: Date
    /// The literal's UTC offset in seconds (`Z`, `+02:00`); `nil` for a floating time or a `Date` argument.
    var offset: Int?
    var kind: Kind
    var options: [String: String]
    var annotations: MF2Annotations
}

/// The value of the test suite's `:test:function`, `:test:select` and `:test:format`.
struct MF2TestValue {
    enum Kind: Equatable { case function, select, format }
    var input: MessageNumber
    var decimalPlaces: Int
    var failsFormat: Bool
    var failsSelect: Bool
    var kind: Kind
}

/// A selector's value that supports selection.
enum MF2Selector {
    case string(String)
    /// `exact` is the number's serialization, `category` its plural or ordinal category (`nil` for
    /// `select=exact`).
    case number(exact: String, category: PluralCategory?)
    case test(MF2TestValue)
}

extension MF2Resolver {
    // MARK: Calling functions

    mutating func call(
        _ handler: MF2Function.Handler, named name: String, operand: MF2Value?, options: [String: MF2OptionValue],
        annotations: MF2Annotations, source: String
    ) -> MF2Value? {
        if case .string = handler {
            return stringValue(operand, annotations: annotations)
        }
        guard let operand else {
            error(.badOperand, "':\(name)' needs an operand, such as '{$count :\(name)}'")
            return nil
        }
        if case .fallback = operand {
            error(.badOperand, "':\(name)' has no operand: '\(source)' has no value")
            return nil
        }
        switch handler {
        case .string: return nil
        case .number, .integer, .percent, .currency, .unit:
            return numberValue(handler, operand: operand, options: options, annotations: annotations)
        case .offset: return offsetValue(operand: operand, options: options)
        case .datetime, .date, .time:
            return dateValue(handler, operand: operand, options: options, annotations: annotations)
        case .test(let kind): return testValue(kind, operand: operand, options: options)
        }
    }

    mutating func stringValue(_ operand: MF2Value?, annotations: MF2Annotations) -> MF2Value? {
        let text: String
        switch operand {
        case nil:
            error(.badOperand, "':string' needs an operand")
            return nil
        // The suite's `:string` of an unresolved variable is a value that matches no key, without more errors.
        case .fallback(let source)?:
            return .string(MF2StringValue(text: "", fallbackSource: source, annotations: annotations))
        case .input(let argument)?: text = argument.description
        case .literal(let value)?: text = value
        case .string(let string)?:
            return .string(
                MF2StringValue(text: string.text, fallbackSource: string.fallbackSource, annotations: annotations))
        case .number(let number)?: text = number.value.text
        case .test(let test)?: text = test.input.text
        case .date?:
            error(.badOperand, "':string' takes text, not a date")
            return nil
        }
        return .string(MF2StringValue(text: text, fallbackSource: nil, annotations: annotations))
    }

    // MARK: Test functions

    mutating func testValue(_ kind: MF2TestValue.Kind, operand: MF2Value, options: [String: MF2OptionValue])
        -> MF2Value?
    {
        var value: MF2TestValue
        if case .test(let test) = operand {
            value = test
            value.kind = kind
        } else {
            // Any other operand is read as the number functions read theirs.
            guard let (number, _) = numericOperand(operand) else { return nil }
            value = MF2TestValue(input: number, decimalPlaces: 0, failsFormat: false, failsSelect: false, kind: kind)
        }
        if let option = options["decimalPlaces"] {
            guard let places = Self.digitSize(option.value), places <= 1 else {
                error(.badOption, "'decimalPlaces' is 0 or 1")
                return nil
            }
            value.decimalPlaces = places
        }
        if let option = options["fails"] {
            switch Self.text(of: option.value) {
            case "always":
                value.failsFormat = true
                value.failsSelect = true
            case "format": value.failsFormat = true
            case "select": value.failsSelect = true
            case "never": break
            default: error(.badOption, "'fails' is never, select, format or always")
            }
        }
        return .test(value)
    }

}

extension MessageNumber {
    /// `self + amount`, exactly, keeping the visible fraction digits (`:offset`); `nil` beyond what an `Int` of
    /// the digits holds.
    func adding(_ amount: Int) -> MessageNumber? {
        guard amount != 0 else { return self }
        let fractionDigits = visibleFractionDigits
        let digits = text.filter { $0 != "." }
        guard fractionDigits <= 15, let scaled = Int(digits) else { return nil }
        var unit = 1
        for _ in 0..<fractionDigits { unit *= 10 }
        let (step, overflow) = amount.multipliedReportingOverflow(by: unit)
        let (result, overflowed) = scaled.addingReportingOverflow(step)
        guard !overflow, !overflowed else { return nil }
        guard fractionDigits > 0 else { return MessageNumber(result) }
        let magnitude = String(result.magnitude)
        let padded = String(repeating: "0", count: max(0, fractionDigits + 1 - magnitude.count)) + magnitude
        return MessageNumber(
            (result < 0 ? "-" : "") + padded.dropLast(fractionDigits) + "." + padded.suffix(fractionDigits))
    }
}
