import I18nCore
import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension MF2Resolver {
    // MARK: Number selection and formatting

    /// What `value` selects with among `keys`, the column's literal keys; `nil` after an error.
    mutating func selector(for value: MF2Value, name: String, keys: () -> [String]) -> MF2Selector? {
        switch value {
        case .string(let string):
            guard string.fallbackSource == nil else { return nil }
            return .string(string.text)
        case .number(let number) where number.isSelectable:
            return numberSelector(number)
        case .custom(let custom):
            guard let select = custom.select else {
                error(.badSelector, "'$\(name)' cannot select: its function's value does not")
                return nil
            }
            do throws(MF2Error) { return .ranked(try select(keys())) } catch {
                errors.append(error)
                return nil
            }
        default:
            error(.badSelector, "'$\(name)' cannot select: give it a function that selects, such as ':number'")
            return nil
        }
    }

    func numberSelector(_ number: MF2NumberValue) -> MF2Selector {
        // A whole number under `:number` or `:integer` without options, the commonest selector, is its own exact key
        // and its own plural operands: the default rounding leaves it as it is. (A `MessageNumber`'s text is
        // canonical: a finite one without fraction digits is `-?(0|[1-9][0-9]*)`.)
        if number.options.isEmpty, number.kind == .number || number.kind == .integer, number.value.isFinite,
            number.value.visibleFractionDigits == 0
        {
            let profile = LocaleProfile.profile(for: number.annotations.locale ?? locale)
            let exact = number.value.text == "-0" ? "0" : number.value.text
            return .number(exact: exact, category: profile.cardinal(PluralOperands(number.value)))
        }
        var decimal = DecimalText(number.value.text)
        if number.kind == .percent { decimal.shift(by: 2) }
        var exact = decimal
        exact.trimFraction(keeping: 0)
        var exactText = exact.text
        if exactText == "-0" { exactText = "0" }
        // NaN and the infinities equal no key, as ICU's `=N` never matches them (their text is `nan`, `inf`).
        if !number.value.isFinite { exactText = number.value.text }
        let mode = number.kind == .percent ? "plural" : number.options["select"] ?? "plural"
        guard mode != "exact" else { return .number(exact: exactText, category: nil) }
        let skeleton = skeleton(for: number)
        if case .digits(let precision) = skeleton.precision { decimal.apply(precision, mode: skeleton.roundingMode) }
        if skeleton.hidesFractionWhenWhole, decimal.fraction.allSatisfy({ $0 == 0 }) { decimal.fraction = [] }
        let profile = LocaleProfile.profile(for: number.annotations.locale ?? locale)
        // NaN and the infinities select `other`, as on the ICU path (`PluralRules.rule(for:)`).
        let operands = PluralOperands(
            number.value.isFinite ? MessageNumber(decimal.text) ?? number.value : number.value)
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
        case .ranked(let ranked): return ranked.contains(key)
        }
    }

    func betterThan(_ selector: MF2Selector, _ first: String, _ second: String) -> Bool {
        switch selector {
        case .string: return false
        case .number: return Self.numberLiteral(first) != nil && Self.numberLiteral(second) == nil
        case .ranked(let ranked):
            guard let one = ranked.firstIndex(of: first) else { return false }
            return ranked.firstIndex(of: second).map { one < $0 } ?? true
        }
    }

    /// The skeleton that prints `number` as its options say, with the spec's defaults: fraction digits 0…3 for
    /// `:number` (JavaScript's `Intl.NumberFormat`), 0 for `:integer` and `:percent`, the currency's for
    /// `:currency`, rounding half away from zero (`halfExpand`), grouping as the locale's minimum grouping digits
    /// say (`auto`).
    func skeleton(for number: MF2NumberValue) -> NumberSkeleton {
        if number.options.isEmpty {
            switch number.kind {
            case .number: return Self.plainSkeletons.number
            case .integer: return Self.plainSkeletons.integer
            case .percent: return Self.plainSkeletons.percent
            case .currency, .unit: break
            }
        }
        return Self.skeleton(
            kind: number.kind, options: number.options, currency: number.currency, unit: number.unit,
            value: number.value)
    }

    /// The skeletons of `:number`, `:integer` and `:percent` without options, made once.
    static let plainSkeletons = (
        number: skeleton(kind: .number, options: [:], currency: nil, unit: nil, value: MessageNumber(0)),
        integer: skeleton(kind: .integer, options: [:], currency: nil, unit: nil, value: MessageNumber(0)),
        percent: skeleton(kind: .percent, options: [:], currency: nil, unit: nil, value: MessageNumber(0))
    )

    /// `value` is read only for the operand's digits (`operandDigitsOption`).
    static func skeleton(
        kind: MF2NumberValue.Kind, options: [String: String], currency: String?, unit: String?, value: MessageNumber
    ) -> NumberSkeleton {
        var skeleton = NumberSkeleton()
        let defaults: (minimum: Int, maximum: Int)
        switch kind {
        case .number, .unit: defaults = (0, 3)
        case .integer, .percent: defaults = (0, 0)
        case .currency: defaults = (-1, -1)
        }
        switch kind {
        case .percent:
            skeleton.unit = .percent
            skeleton.scale = 2
        case .currency:
            skeleton.unit = .currency(currency ?? "XXX")
            skeleton.unitWidth =
                switch options["currencyDisplay"] {
                case "narrowSymbol": .narrow
                case "name": .fullName
                case "code": .isoCode
                case "never": .hidden
                default: .short
                }
        case .unit:
            skeleton.unit = .measure(unit ?? "")
            skeleton.unitWidth =
                switch options["unitDisplay"] {
                case "narrow": .narrow
                case "long": .fullName
                default: .short
                }
        case .number, .integer: break
        }
        let int = { (name: String) in options[name].flatMap { Int($0) } }
        var minimumFraction = int("minimumFractionDigits") ?? (options["fractionDigits"].flatMap { Int($0) })
        let maximumFraction = int("maximumFractionDigits") ?? (options["fractionDigits"].flatMap { Int($0) })
        // ICU's `#` (LocaleProfile.formatPound, pluralNumber): `1.0` keeps its digit; `1.0004` rounds as usual.
        if minimumFraction == nil, options[Self.operandDigitsOption] == "operand",
            case let visible = value.visibleFractionDigits, visible <= maximumFraction ?? defaults.maximum
        {
            minimumFraction = visible
        }
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
}
