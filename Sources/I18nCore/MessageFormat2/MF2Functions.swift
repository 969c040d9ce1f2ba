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

    private mutating func stringValue(_ operand: MF2Value?, annotations: MF2Annotations) -> MF2Value? {
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

    // MARK: Numbers

    /// The options each number function takes (spec/functions/number.md); others are ignored.
    private static func takes(_ kind: MF2NumberValue.Kind) -> Set<String> {
        switch kind {
        case .number: takenByNumber
        case .integer: takenByInteger
        case .percent: takenByPercent
        case .currency: takenByCurrency
        case .unit: takenByUnit
        }
    }

    private static let digitAndRoundingOptions: Set<String> = [
        "minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits",
        "maximumSignificantDigits", "trailingZeroDisplay", "roundingPriority", "roundingMode", "useGrouping",
        "signDisplay",
    ]
    private static let takenByNumber = digitAndRoundingOptions.union(["select", "roundingIncrement"])
    private static let takenByInteger: Set<String> = [
        "select", "signDisplay", "useGrouping", "minimumIntegerDigits", "maximumSignificantDigits",
    ]
    private static let takenByPercent = digitAndRoundingOptions.subtracting(["minimumIntegerDigits"])
    private static let takenByCurrency = digitAndRoundingOptions.subtracting([
        "minimumFractionDigits", "maximumFractionDigits",
    ]).union(["currency", "currencySign", "currencyDisplay", "fractionDigits", "roundingIncrement"])
    private static let takenByUnit = digitAndRoundingOptions.union(["unit", "unitDisplay", "roundingIncrement"])

    private static let choices: [String: Set<String>] = [
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
    ]

    private static let digitOptions: Set<String> = [
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

    /// The operand's number and the options it carries, or `nil` after a bad-operand error.
    private mutating func numericOperand(_ operand: MF2Value) -> (MessageNumber, MF2NumberValue?)? {
        switch operand {
        case .number(let number): return (number.value, number)
        case .input(.number(let number)): return (number, nil)
        case .test(let test): return (test.input, nil)
        default:
            if let text = Self.text(of: operand), let number = Self.numberLiteral(text) { return (number, nil) }
            error(
                .badOperand, Self.text(of: operand).map { "'\($0)' is not a number" } ?? "The operand is not a number")
            return nil
        }
    }

    private mutating func numberValue(
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
            guard let unit = value.unit, let parsed = try? MeasureUnit(parsing: unit) else {
                error(.badOperand, "':unit' needs a CLDR unit such as 'unit=kilometer-per-hour'")
                return nil
            }
            value.unit = parsed.identifier
        }
        return .number(value)
    }

    /// The option's value as text when the function takes it, else `nil` after a bad-option error.
    private mutating func checkedOption(_ name: String, _ value: MF2Value) -> String? {
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

    private mutating func offsetValue(operand: MF2Value, options: [String: MF2OptionValue]) -> MF2Value? {
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
        guard let sum = number.adding(amount) else {
            error(.unsupportedOperation, "':offset' adds exactly to numbers of up to 15 fraction digits and 18 digits")
            return nil
        }
        value.value = sum
        return .number(value)
    }

    // MARK: Number selection and formatting

    mutating func selector(for value: MF2Value, name: String) -> MF2Selector? {
        switch value {
        case .string(let string):
            guard string.fallbackSource == nil else { return nil }
            return .string(string.text)
        case .number(let number) where number.isSelectable:
            return numberSelector(number)
        case .test(let test) where test.kind != .format && !test.failsSelect:
            return .test(test)
        default:
            error(.badSelector, "'$\(name)' cannot select: give it a function that selects, such as ':number'")
            return nil
        }
    }

    private func numberSelector(_ number: MF2NumberValue) -> MF2Selector {
        var decimal = DecimalText(number.value.text)
        if number.kind == .percent { decimal.shift(by: 2) }
        var exact = decimal
        exact.trimFraction(keeping: 0)
        var exactText = exact.text
        if exactText == "-0" { exactText = "0" }
        let mode = number.kind == .percent ? "plural" : number.options["select"] ?? "plural"
        guard mode != "exact" else { return .number(exact: exactText, category: nil) }
        let skeleton = skeleton(for: number)
        if case .digits(let precision) = skeleton.precision { decimal.apply(precision, mode: skeleton.roundingMode) }
        if skeleton.hidesFractionWhenWhole, decimal.fraction.allSatisfy({ $0 == 0 }) { decimal.fraction = [] }
        let profile = LocaleProfile.profile(for: number.annotations.locale ?? locale)
        let operands = PluralOperands(MessageNumber(decimal.text) ?? number.value)
        return .number(
            exact: exactText, category: mode == "ordinal" ? profile.ordinal(operands) : profile.cardinal(operands))
    }

    mutating func match(_ selector: MF2Selector, key: String) -> Bool {
        switch selector {
        case .string(let text): return text == key
        case .number(let exact, let category):
            if Self.numberLiteral(key) != nil { return key == exact }
            if let keyword = PluralCategory(rawValue: key) { return keyword == category }
            error(.badVariantKey, "'\(key)' is neither a number nor a plural category")
            return false
        case .test(let test):
            guard test.input.value == 1 else { return false }
            return key == "1" || (test.decimalPlaces == 1 && key == "1.0")
        }
    }

    func betterThan(_ selector: MF2Selector, _ first: String, _ second: String) -> Bool {
        switch selector {
        case .string: return false
        case .number: return Self.numberLiteral(first) != nil && Self.numberLiteral(second) == nil
        case .test: return first == "1.0"
        }
    }

    /// The skeleton that prints `number` as its options say, with the spec's defaults: fraction digits 0…3 for
    /// `:number` (JavaScript's `Intl.NumberFormat`), 0 for `:integer` and `:percent`, the currency's for
    /// `:currency`, rounding half away from zero (`halfExpand`), grouping as the locale's minimum grouping digits
    /// say (`auto`).
    func skeleton(for number: MF2NumberValue) -> NumberSkeleton {
        let options = number.options
        var skeleton = NumberSkeleton()
        let defaults: (minimum: Int, maximum: Int)
        switch number.kind {
        case .number, .unit: defaults = (0, 3)
        case .integer, .percent: defaults = (0, 0)
        case .currency: defaults = (-1, -1)
        }
        switch number.kind {
        case .percent:
            skeleton.unit = .percent
            skeleton.scale = 2
        case .currency:
            skeleton.unit = .currency(number.currency ?? "XXX")
            skeleton.unitWidth =
                switch options["currencyDisplay"] {
                case "narrowSymbol": .narrow
                case "name": .fullName
                case "code": .isoCode
                case "never": .hidden
                default: .short
                }
        case .unit:
            skeleton.unit = .measure(number.unit ?? "")
            skeleton.unitWidth =
                switch options["unitDisplay"] {
                case "narrow": .narrow
                case "long": .fullName
                default: .short
                }
        case .number, .integer: break
        }
        let int = { (name: String) in options[name].flatMap { Int($0) } }
        let minimumFraction = int("minimumFractionDigits") ?? (options["fractionDigits"].flatMap { Int($0) })
        let maximumFraction = int("maximumFractionDigits") ?? (options["fractionDigits"].flatMap { Int($0) })
        let minimumSignificant = int("minimumSignificantDigits")
        let maximumSignificant = int("maximumSignificantDigits")
        var fraction: DecimalText.Precision?
        if minimumFraction != nil || maximumFraction != nil {
            let low = minimumFraction ?? min(max(defaults.minimum, 0), maximumFraction ?? 0)
            let high = maximumFraction ?? max(low, defaults.maximum)
            fraction = .fraction(minimum: min(low, high), maximum: max(low, high))
        } else if defaults.minimum >= 0 {
            fraction = .fraction(minimum: defaults.minimum, maximum: defaults.maximum)
        }
        if minimumSignificant != nil || maximumSignificant != nil {
            let low = max(1, minimumSignificant ?? 1)
            let high = max(low, maximumSignificant ?? 21)
            let priority = options["roundingPriority"] ?? "auto"
            if priority != "auto", case .fraction(let fractionLow, let fractionHigh)? = fraction,
                minimumFraction != nil || maximumFraction != nil
            {
                skeleton.precision = .digits(
                    .fractionSignificant(
                        minimumFraction: fractionLow, maximumFraction: fractionHigh, minimumSignificant: low,
                        maximumSignificant: high, relaxed: priority == "morePrecision", retain: false))
            } else {
                skeleton.precision = .significant(minimum: low, maximum: high)
            }
        } else if let fraction {
            skeleton.precision = .digits(fraction)
        } else {
            skeleton.precision = .currencyStandard
        }
        if let increment = int("roundingIncrement"), increment != 1, case .fraction(_, let high)? = fraction {
            var step = DecimalText(String(increment))
            step.shift(by: -high)
            skeleton.precision = .digits(.increment(step))
        }
        skeleton.hidesFractionWhenWhole = options["trailingZeroDisplay"] == "stripIfInteger"
        skeleton.roundingMode =
            switch options["roundingMode"] {
            case "ceil": .ceiling
            case "floor": .floor
            case "expand": .up
            case "trunc": .down
            case "halfCeil": .halfCeiling
            case "halfFloor": .halfFloor
            case "halfTrunc": .halfDown
            case "halfEven": .halfEven
            default: .halfUp
            }
        let accounting = options["currencySign"] == "accounting"
        skeleton.sign =
            switch options["signDisplay"] {
            case "always": accounting ? .accountingAlways : .always
            case "exceptZero": accounting ? .accountingExceptZero : .exceptZero
            case "negative": accounting ? .accountingNegative : .negative
            case "never": .never
            default: accounting ? .accounting : .auto
            }
        skeleton.grouping =
            switch options["useGrouping"] {
            case "always": .onAligned
            case "never": .off
            case "min2": .min2
            default: .auto
            }
        if let minimum = int("minimumIntegerDigits"), minimum != 1 { skeleton.integerWidth = (minimum, nil) }
        return skeleton
    }

    // MARK: Dates

    private mutating func dateValue(
        _ handler: MF2Function.Handler, operand: MF2Value, options: [String: MF2OptionValue],
        annotations: MF2Annotations
    ) -> MF2Value? {
        let kind: MF2DateValue.Kind =
            switch handler {
            case .date: .date
            case .time: .time
            default: .datetime
            }
        var value: MF2DateValue
        switch operand {
        case .date(let date):
            value = date
            value.kind = kind
            value.options = date.options.filter { ["timeZone", "hour12", "calendar"].contains($0.key) }
        case .input(.date(let date)):
            value = MF2DateValue(date: date, offset: nil, kind: kind, options: [:], annotations: annotations)
        default:
            guard let text = Self.text(of: operand), let (date, offset) = parseDate(text) else {
                error(
                    .badOperand,
                    Self.text(of: operand).map { "'\($0)' is not an ISO 8601 date or date-time" }
                        ?? "The operand is not a date")
                return nil
            }
            value = MF2DateValue(date: date, offset: offset, kind: kind, options: [:], annotations: annotations)
        }
        value.annotations = annotations
        let styleOptions: [String: Set<String>] =
            switch kind {
            case .date: ["fields": Self.dateFields, "length": ["long", "medium", "short"]]
            case .time: ["precision": ["hour", "minute", "second"], "timeZoneStyle": ["long", "short"]]
            case .datetime:
                [
                    "dateFields": Self.dateFields, "dateLength": ["long", "medium", "short"],
                    "timePrecision": ["hour", "minute", "second"], "timeZoneStyle": ["long", "short"],
                ]
            }
        for (name, option) in options {
            if let choices = styleOptions[name] {
                guard option.isLiteral else {
                    error(.badOption, "'\(name)' must be set by a literal")
                    continue
                }
                guard let text = Self.text(of: option.value), choices.contains(text) else {
                    error(
                        .badOption,
                        Self.text(of: option.value).map { "'\($0)' is not a value of '\(name)'" }
                            ?? "'\(name)' takes text")
                    continue
                }
                value.options[name] = text
            } else if name == "hour12", kind != .date {
                guard let text = Self.text(of: option.value), text == "true" || text == "false" else {
                    error(.badOption, "'hour12' is true or false")
                    continue
                }
                value.options[name] = text
            } else if name == "timeZone" {
                guard let text = Self.text(of: option.value), text == "input" || zone(named: text) != nil else {
                    error(.badOption, "'timeZone' is an IANA time zone, UTC or input")
                    continue
                }
                if text == "input", value.offset == nil {
                    error(.badOperand, "'timeZone=input' needs a date with an offset, such as '2025-03-01T10:00:00Z'")
                    continue
                }
                value.options[name] = text
            }
        }
        return .date(value)
    }

    private static let dateFields: Set<String> = [
        "weekday", "day-weekday", "month-day", "month-day-weekday", "year-month-day", "year-month-day-weekday",
    ]

    func zone(named name: String) -> ZoneInfo? {
        if name == "UTC" { return .utc }
        return ZoneInfo(identifier: name)
    }

    /// spec/functions/datetime.md, "Date and Time Operands": `YYYY-MM-DD`, optionally `Thh:mm:ss`, fraction and
    /// offset. A floating time (no offset) is a time in the formatter's zone.
    func parseDate(_ text: String) -> (Date, Int?)? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<start + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0, 4), year > 0, bytes.count >= 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
            let month = number(5, 2), (1...12).contains(month), let day = number(8, 2), day >= 1
        else { return nil }
        // No 31 April, no 29 February outside a leap year.
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        guard day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] else { return nil }
        var seconds = 0
        var milliseconds = 0
        var offset: Int?
        var index = 10
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "T"), let hour = number(11, 2), hour < 24, bytes.count >= 19,
                bytes[13] == 0x3A, let minute = number(14, 2), minute < 60, bytes[16] == 0x3A,
                let second = number(17, 2), second < 60
            else { return nil }
            seconds = hour * 3600 + minute * 60 + second
            index = 19
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                var digits = 0
                index += 1
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, digits < 3 {
                    milliseconds = milliseconds * 10 + Int(bytes[index] - 0x30)
                    digits += 1
                    index += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<3 { milliseconds *= 10 }
            }
            if index < bytes.count {
                if bytes[index] == UInt8(ascii: "Z") {
                    offset = 0
                    index += 1
                } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"),
                    let hours = number(index + 1, 2), index + 3 < bytes.count, bytes[index + 3] == 0x3A,
                    let minutes = number(index + 4, 2), hours * 60 + minutes <= 14 * 60, minutes < 60
                {
                    offset = (bytes[index] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
                    index += 6
                } else {
                    return nil
                }
            }
            guard index == bytes.count else { return nil }
        }
        let days = CivilCalendar.daysFromCivil(year: Int64(year), month: month, day: day)
        let local = days * 86_400 + Int64(seconds)
        let utc: Int64
        if let offset {
            utc = local - Int64(offset)
        } else {
            let guess = local - Int64(zone.secondsFromGMT(atUnixTime: local))
            utc = local - Int64(zone.secondsFromGMT(atUnixTime: guess))
        }
        return (Date(timeIntervalSince1970: Double(utc) + Double(milliseconds) / 1000), offset)
    }

    // MARK: Test functions

    private mutating func testValue(_ kind: MF2TestValue.Kind, operand: MF2Value, options: [String: MF2OptionValue])
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

    // MARK: Formatting values

    /// A placeholder's formatted part with its direction (`ltr`, `rtl`, `nil` for unknown) and whether `u:dir`
    /// asks for isolation; `nil` after an error, for the fallback.
    mutating func formatValue(_ value: MF2Value, source: String) -> (part: MF2Part, direction: String?, isolate: Bool)?
    {
        let localeDirection = messageDirection
        func direction(_ annotations: MF2Annotations, natural: String?) -> (String?, Bool) {
            switch annotations.direction {
            case "ltr"?, "rtl"?: return (annotations.direction, true)
            case "auto"?: return (nil, true)
            default: return (natural, false)
            }
        }
        func part(_ type: String, _ text: String, _ annotations: MF2Annotations, pieces: [MF2Part.Piece] = [])
            -> MF2Part
        {
            let explicit = annotations.direction == "ltr" || annotations.direction == "rtl"
            return .value(
                MF2Part.Value(
                    type: type, value: text, pieces: pieces, locale: annotations.locale?.description ?? localeName,
                    direction: explicit ? annotations.direction : nil, id: annotations.id))
        }
        switch value {
        case .fallback(let fallback):
            return (.fallback(source: fallback), nil, false)
        case .literal(let text):
            return (part("string", text, MF2Annotations()), nil, false)
        case .input(.string(let text)):
            return (part("string", text, MF2Annotations()), nil, false)
        case .input(.number(let number)):
            // Unannotated, a number prints as ICU MessageFormat's `{n}` does (the locale's decimal pattern), which
            // keeps messages converted from it printing the same.
            let formats = LocaleProfile.profile(for: locale).numberFormats
            let text = formats.format(number, .decimal, usesPatternPrecision: true)
            return (
                part("number", text, MF2Annotations(), pieces: numberPieces ? Self.pieces(of: text, formats) : []),
                localeDirection, false
            )
        case .input(.date(let date)):
            // …and a date as `{d}`: short date and short time.
            let formats = LocaleProfile.profile(for: locale).dateFormats
            guard let text = formats.formatted(date, isTime: false, style: nil, zone: zone) else {
                error(.badOperand, "The date is outside the \(formats.calendar.identifier) calendar's table")
                return nil
            }
            return (part("datetime", text, MF2Annotations()), localeDirection, false)
        case .string(let string):
            if let fallback = string.fallbackSource { return (.fallback(source: fallback), nil, false) }
            let (dir, isolate) = direction(string.annotations, natural: nil)
            return (part("string", string.text, string.annotations), dir, isolate)
        case .number(let number):
            let tag = number.annotations.locale ?? locale
            let formats = LocaleProfile.profile(for: tag).numberFormats
            if number.kind == .unit, NumberFormats.lacksUnitNames(skeleton(for: number)) {
                error(.unsupportedOperation, "This build's locale data leaves out the names of '\(number.unit ?? "")'")
            }
            let text = formats.format(number.value, skeleton(for: number))
            let (dir, isolate) = direction(
                number.annotations,
                natural: number.annotations.locale == nil ? messageDirection : tag.isRightToLeft ? "rtl" : "ltr")
            return (
                part("number", text, number.annotations, pieces: numberPieces ? Self.pieces(of: text, formats) : []),
                dir, isolate
            )
        case .date(let date):
            guard let text = formatDate(date) else { return nil }
            let tag = date.annotations.locale ?? locale
            let (dir, isolate) = direction(
                date.annotations,
                natural: date.annotations.locale == nil ? messageDirection : tag.isRightToLeft ? "rtl" : "ltr")
            return (part("datetime", text, date.annotations), dir, isolate)
        case .test(let test):
            guard test.kind != .select else {
                error(.notFormattable, "':test:select' cannot format")
                return nil
            }
            guard !test.failsFormat else {
                error(.badOption, "The test function was asked to fail formatting")
                return nil
            }
            var decimal = DecimalText(test.input.text)
            let negative = decimal.isNegative && !decimal.isZero
            decimal.isNegative = false
            var text = negative ? "-" : ""
            text += String(decoding: decimal.integer.map { $0 + 0x30 }, as: UTF8.self)
            if test.decimalPlaces == 1 { text += "." + String(decimal.fraction.first ?? 0) }
            return (part("number", text, MF2Annotations()), localeDirection, false)
        }
    }

    /// A date in its function's fields: the locale's date and time styles where the options are one
    /// (`length=short` is the `short` date style), else the pattern of a skeleton.
    private mutating func formatDate(_ value: MF2DateValue) -> String? {
        let tag = value.annotations.locale ?? locale
        let profile = LocaleProfile.profile(for: tag)
        let formats = profile.dateFormats
        var zone = self.zone
        if let name = value.options["timeZone"] {
            if name == "input", let offset = value.offset {
                zone = ZoneInfo(secondsFromGMT: offset)
            } else if let named = self.zone(named: name) {
                zone = named
            }
        }
        let hour12 = value.options["hour12"]
        let options = value.options
        let dateFields = options[value.kind == .date ? "fields" : "dateFields"] ?? "year-month-day"
        let dateLength = options[value.kind == .date ? "length" : "dateLength"] ?? "medium"
        let precision = options[value.kind == .time ? "precision" : "timePrecision"] ?? "minute"
        let zoneStyle = options["timeZoneStyle"]
        let lengthStyle: DateTimeStyle = dateLength == "short" ? .short : dateLength == "long" ? .long : .medium
        // The styles, with their numbering overrides, as `{d, date, short}` prints them.
        let dateStyle: DateTimeStyle? =
            switch dateFields {
            case "year-month-day": lengthStyle
            case "year-month-day-weekday" where dateLength == "long": .full
            default: nil
            }
        let timeStyle: DateTimeStyle? =
            switch (precision, zoneStyle, hour12) {
            case ("minute", nil, nil): .short
            case ("second", nil, nil): .medium
            case ("second", "short"?, nil): .long
            case ("second", "long"?, nil): .full
            default: nil
            }
        let text: String?
        switch value.kind {
        case .date where dateStyle != nil:
            text = formats.formatted(value.date, isTime: false, style: dateStyle, zone: zone)
        case .time where timeStyle != nil:
            text = formats.formatted(value.date, isTime: true, style: timeStyle, zone: zone)
        case .datetime where dateStyle == .short && timeStyle == .short:
            text = formats.formatted(value.date, isTime: false, style: nil, zone: zone)
        default:
            let datePattern =
                dateStyle.map { formats.pattern(isTime: false, style: $0) }
                ?? profile.datePattern(forSkeleton: Self.dateSkeleton(dateFields, dateLength))
            let hour = hour12 == "true" ? "h" : hour12 == "false" ? "H" : "j"
            let timeSkeleton =
                (precision == "hour" ? hour : precision == "second" ? hour + "ms" : hour + "m")
                + (zoneStyle == "long" ? "zzzz" : zoneStyle == "short" ? "z" : "")
            let timePattern =
                timeStyle.map { formats.pattern(isTime: true, style: $0) }
                ?? profile.datePattern(forSkeleton: timeSkeleton)
            let pattern =
                switch value.kind {
                case .date: datePattern
                case .time: timePattern
                case .datetime: formats.glued(date: datePattern, time: timePattern, length: dateLength)
                }
            text = formats.format(value.date, pattern: pattern, zone: zone)
        }
        guard let text else {
            error(.badOperand, "The date is outside the \(formats.calendar.identifier) calendar's table")
            return nil
        }
        return text
    }

    private static func dateSkeleton(_ fields: String, _ length: String) -> String {
        let long = length == "long"
        let short = length == "short"
        switch fields {
        case "weekday": return long ? "EEEE" : "EEE"
        case "day-weekday": return long ? "EEEEd" : "Ed"
        case "month-day": return short ? "Md" : long ? "MMMMd" : "MMMd"
        case "month-day-weekday": return short ? "MEd" : long ? "MMMMEEEEd" : "MMMEd"
        case "year-month-day-weekday": return short ? "yMEd" : long ? "yMMMMEEEEd" : "yMMMEd"
        default: return short ? "yMd" : long ? "yMMMMd" : "yMMMd"
        }
    }

    /// A formatted number's pieces, read back from its text with the locale's symbols.
    static func pieces(of text: String, _ formats: NumberFormats) -> [MF2Part.Piece] {
        var pieces: [MF2Part.Piece] = []
        var seenDecimal = false
        var rest = Substring(text)
        func append(_ type: String, _ value: Substring) {
            if let last = pieces.last, last.type == type, type != "group" {
                pieces[pieces.count - 1].value += value
            } else {
                pieces.append(MF2Part.Piece(type: type, value: String(value)))
            }
        }
        while let first = rest.first {
            if formats.digits.contains(String(first)) {
                append(seenDecimal ? "fraction" : "integer", rest.prefix(1))
                rest = rest.dropFirst()
                continue
            }
            var matched = false
            for (symbol, type) in [
                (formats.decimal, "decimal"), (formats.group, "group"), (formats.minus, "minusSign"),
                (formats.plus, "plusSign"), (formats.percentSign, "percentSign"),
            ] where !symbol.isEmpty && rest.hasPrefix(symbol) {
                if type == "decimal" { seenDecimal = true }
                append(type, rest.prefix(symbol.count))
                rest = rest.dropFirst(symbol.count)
                matched = true
                break
            }
            if !matched {
                append(first.isWhitespace ? "literal" : "currency", rest.prefix(1))
                rest = rest.dropFirst()
            }
        }
        return pieces
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
