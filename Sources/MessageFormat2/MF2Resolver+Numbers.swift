import I18nCore
import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension MF2Resolver {
    // MARK: Numbers

    /// The options each number function takes (spec/functions/number.md); others are ignored.
    static func takes(_ kind: MF2NumberValue.Kind) -> Set<String> {
        switch kind {
        case .number: takenByNumber
        case .integer: takenByInteger
        case .percent: takenByPercent
        case .currency: takenByCurrency
        case .unit: takenByUnit
        }
    }

    static let digitAndRoundingOptions: Set<String> = [
        "minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits",
        "maximumSignificantDigits", "trailingZeroDisplay", "roundingPriority", "roundingMode", "useGrouping",
        "signDisplay",
    ]
    static let operandDigitsOption = MF2Formatter.operandDigitsOption
    static let takenByNumber = digitAndRoundingOptions.union(["select", "roundingIncrement", operandDigitsOption])
    static let takenByInteger: Set<String> = [
        "select", "signDisplay", "useGrouping", "minimumIntegerDigits", "maximumSignificantDigits",
    ]
    static let takenByPercent = digitAndRoundingOptions.subtracting(["minimumIntegerDigits"])
    static let takenByCurrency = digitAndRoundingOptions.subtracting([
        "minimumFractionDigits", "maximumFractionDigits",
    ]).union(["currency", "currencySign", "currencyDisplay", "fractionDigits", "roundingIncrement"])
    static let takenByUnit = digitAndRoundingOptions.union(["unit", "unitDisplay", "roundingIncrement"])

    static let choices: [String: Set<String>] = [
        "select": ["plural", "ordinal", "exact"],
        "signDisplay": ["auto", "always", "exceptZero", "negative", "never"],
        "useGrouping": ["auto", "always", "never", "min2"],
        "trailingZeroDisplay": ["auto", "stripIfInteger"],
        "roundingPriority": ["auto", "morePrecision", "lessPrecision"],
        "roundingMode": [
            "ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven",
        ],
        "roundingIncrement": [
            "1", "2", "5", "10", "20", "25", "50", "100", "200", "250", "500", "1000", "2000", "2500", "5000",
        ],
        "currencySign": ["standard", "accounting"],
        "currencyDisplay": ["narrowSymbol", "symbol", "name", "code", "never"],
        "unitDisplay": ["short", "narrow", "long"],
        operandDigitsOption: ["operand"],
    ]

    static let digitOptions: Set<String> = [
        "minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits",
        "maximumSignificantDigits", "add", "subtract",
    ]

    /// `digit-size-option = "0" / (("1"-"9") [DIGIT])`, or a number argument that is such an integer.
    static func digitSize(_ value: MF2Value) -> Int? {
        let text: String
        switch value {
        case .input(.number(let number)): text = number.text
        case .number(let number): text = number.value.text
        default:
            guard let value = Self.text(of: value) else { return nil }
            text = value
        }
        let bytes = Array(text.utf8)
        guard (1...2).contains(bytes.count), bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            bytes.count == 1 || bytes[0] != 0x30
        else { return nil }
        return Int(text)
    }

    /// `number-literal = ["-"] (%x30 / (%x31-39 *DIGIT)) ["." 1*DIGIT] [%i"e" ["-" / "+"] 1*DIGIT]`
    static func numberLiteral(_ text: String) -> MessageNumber? {
        // Most keys are words (`one`, `other`): a literal starts with a digit or `-`.
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39) else {
            return nil
        }
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != 0x30 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            guard digits() > 0 else { return nil }
        }
        guard index == bytes.count else { return nil }
        return MessageNumber(text)
    }

    /// The operand's number and the options it carries, or `nil` after a bad-operand error. An argument (an
    /// implementation-defined value, spec/functions/README.md) is read as ICU MessageFormat reads it, so a message
    /// converted from ICU takes what its original took: text as `MessageNumber` parses it (`05`, `+1`, `1.`), a
    /// date as its milliseconds since 1970; a literal in the message is a `number-literal` or nothing.
    mutating func numericOperand(_ operand: MF2Value) -> (MessageNumber, MF2NumberValue?)? {
        switch operand {
        case .number(let number): return (number.value, number)
        case .input(.number(let number)): return (number, nil)
        case .input(.date(let date)): return (MessageNumber(date.timeIntervalSince1970 * 1000), nil)
        case .input(.string(let text)):
            if let number = MessageNumber(text) { return (number, nil) }
            error(.badOperand, "'\(text)' is not a number")
            return nil
        case .custom(let custom):
            if case .number(let number)? = custom.argument { return (number, nil) }
            if case .string(let text)? = custom.argument, let number = Self.numberLiteral(text) { return (number, nil) }
            error(.badOperand, "The operand is not a number")
            return nil
        default:
            if let text = Self.text(of: operand), let number = Self.numberLiteral(text) { return (number, nil) }
            error(
                .badOperand, Self.text(of: operand).map { "'\($0)' is not a number" } ?? "The operand is not a number")
            return nil
        }
    }

    mutating func numberValue(
        _ handler: MF2Function.Handler, operand: MF2Value, options: [String: MF2OptionValue],
        annotations: MF2Annotations
    ) -> MF2Value? {
        let kind: MF2NumberValue.Kind =
            switch handler {
            case .integer: .integer
            case .percent: .percent
            case .currency: .currency
            case .unit: .unit
            default: .number
            }
        guard let (number, carried) = numericOperand(operand) else { return nil }
        let takes = Self.takes(kind)
        var merged: [String: String] = [:]
        var isSelectable = kind != .currency && kind != .unit
        if let carried {
            var inherited = carried.options
            switch kind {
            case .integer:
                for name in ["minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits"] {
                    inherited[name] = nil
                }
            case .percent:
                for name in ["minimumIntegerDigits", "roundingIncrement", "select"] { inherited[name] = nil }
            default: break
            }
            for (name, value) in inherited where takes.contains(name) { merged[name] = value }
        }
        // spec/functions/number.md, "Number Selection": `select` from a variable or an operand is a bad option and
        // the value cannot select.
        if merged["select"] != nil, options["select"] == nil, kind == .number || kind == .integer {
            merged["select"] = nil
            error(.badOption, "'select' must be set by a literal, not by the operand")
            isSelectable = false
        }
        for (name, option) in options where takes.contains(name) {
            if name == "select", !option.isLiteral {
                error(.badOption, "'select' must be set by a literal, such as 'select=ordinal'")
                merged[name] = nil
                isSelectable = false
                continue
            }
            guard let text = checkedOption(name, option.value) else {
                merged[name] = nil
                continue
            }
            merged[name] = text
        }
        var value = MF2NumberValue(
            value: number, kind: kind, options: merged, currency: carried?.currency, unit: carried?.unit,
            isSelectable: isSelectable, annotations: annotations)
        if kind == .integer {
            var decimal = DecimalText(number.text)
            decimal.round(atMagnitude: 0, mode: .halfUp)
            decimal.trimFraction(keeping: 0)
            value.value = MessageNumber(decimal.text) ?? number
        }
        if kind == .currency {
            if let code = options["currency"].flatMap({ Self.text(of: $0.value) }) {
                if carried?.currency != nil {
                    error(.badOption, "'currency' cannot change the currency of a currency value")
                } else if code.utf8.count == 3, code.utf8.allSatisfy(ASCII.isLetter) {
                    value.currency = code.uppercased()
                } else {
                    error(.badOption, "'currency' is a three-letter code such as EUR, not '\(code)'")
                }
            }
            guard value.currency != nil else {
                error(.badOperand, "':currency' needs a currency: add 'currency=EUR'")
                return nil
            }
        }
        if kind == .unit {
            if let unit = options["unit"].flatMap({ Self.text(of: $0.value) }) { value.unit = unit }
            guard let unit = value.unit else {
                error(.badOperand, "':unit' needs a CLDR unit such as 'unit=kilometer-per-hour'")
                return nil
            }
            do throws(MeasureUnit.Problem) {
                value.unit = try MeasureUnit(parsing: unit).identifier
            } catch {
                // What is wrong with the unit (an unknown part, a misplaced `per`), not only that it is wrong.
                self.error(.badOperand, "'\(unit)' is not a CLDR unit: \(error.reason)")
                return nil
            }
        }
        return .number(value)
    }

    /// The option's value as text when the function takes it, else `nil` after a bad-option error.
    mutating func checkedOption(_ name: String, _ value: MF2Value) -> String? {
        if Self.digitOptions.contains(name) {
            if let digits = Self.digitSize(value) { return String(digits) }
        } else if name == "fractionDigits" {
            if Self.text(of: value) == "auto" { return "auto" }
            if let digits = Self.digitSize(value) { return String(digits) }
        } else if let choices = Self.choices[name] {
            if let text = Self.text(of: value), choices.contains(text) { return text }
        } else if let text = Self.text(of: value) {
            return text
        }
        error(.badOption, Self.text(of: value).map { "'\($0)' is not a value of '\(name)'" } ?? "'\(name)' takes text")
        return nil
    }

    mutating func offsetValue(operand: MF2Value, options: [String: MF2OptionValue]) -> MF2Value? {
        guard let (number, carried) = numericOperand(operand) else { return nil }
        let add = options["add"].map { Self.digitSize($0.value) }
        let subtract = options["subtract"].map { Self.digitSize($0.value) }
        let amount: Int
        switch (add, subtract) {
        case (let add??, nil): amount = add
        case (nil, let subtract??): amount = -subtract
        default:
            error(.badOption, "':offset' takes exactly one of 'add' and 'subtract', a whole number from 0 to 99")
            return nil
        }
        var value =
            carried
            ?? MF2NumberValue(
                value: number, kind: .number, options: [:], currency: nil, unit: nil, isSelectable: true,
                annotations: MF2Annotations())
        // ICU's plural offset arithmetic, which the conversion from ICU relies on: exact for decimals, in a
        // `Double` beyond 2^53 as JavaScript's numbers are.
        value.value = number.offset(by: amount)
        return .number(value)
    }
}
