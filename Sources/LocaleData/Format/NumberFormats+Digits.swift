import WidgetI18nSupport

extension NumberFormats {
    func resolvedPrecision(
        _ skeleton: NumberSkeleton, pattern: NumberPattern, currencyDigits: Int, cash: DecimalText?,
        usesPatternPrecision: Bool
    ) -> DecimalText.Precision {
        switch skeleton.precision {
        case .digits(let digits): return digits
        case .unlimited: return .fraction(minimum: 0, maximum: DecimalText.unlimited)
        case .currencyStandard: return .fraction(minimum: currencyDigits, maximum: currencyDigits)
        case .currencyCash:
            if let cash { return .increment(cash) }
            return .fraction(minimum: currencyDigits, maximum: currencyDigits)
        case .standard:
            switch skeleton.notation {
            case .compactShort, .compactLong: return .compact
            case .simple, .scientific: break
            }
            if case .currency = skeleton.unit { return .fraction(minimum: currencyDigits, maximum: currencyDigits) }
            if usesPatternPrecision {
                return .fraction(minimum: pattern.minimumFractionDigits, maximum: pattern.maximumFractionDigits)
            }
            return .fraction(minimum: 0, maximum: 6)
        }
    }

    /// Scales `value` by the power of ten `multiplier` picks for its magnitude, and rounds it; where rounding
    /// carries into the next magnitude (999.9 → 1000) and that one takes another power, scales and rounds again
    /// with it (`1K`, not `1000`), as ICU's `chooseMultiplierAndApply`. Returns the power used.
    static func scale(
        _ value: inout DecimalText, round: (inout DecimalText) -> Void, multiplier: (Int) -> Int
    ) -> Int {
        let magnitude = value.magnitude
        var power = multiplier(magnitude)
        var scaled = value
        scaled.shift(by: power)
        round(&scaled)
        if !scaled.isZero, scaled.magnitude != magnitude + power {
            let next = multiplier(magnitude + 1)
            if next != power {
                power = next
                scaled = value
                scaled.shift(by: power)
                round(&scaled)
            }
        }
        value = scaled
        return power
    }

    /// The plural category of a formatted value (its visible digits count: `1.0` is not `1`).
    package func category(of value: DecimalText) -> PluralCategory {
        guard let number = MessageNumber(value.text) else { return .other }
        return plural(PluralOperands(number))
    }

    /// The grouped digits of `value`, without sign, in the locale's digits: at least `minimumIntegerDigits`
    /// integer digits, zero-filled, and at most `maximumIntegerDigits`, the higher ones dropped (ICU's integer
    /// width; none at all where zero of them are shown and a fraction follows: `.5`).
    package func digitsText(
        _ value: DecimalText, grouping: Grouping, minimumIntegerDigits: Int = 1, maximumIntegerDigits: Int? = nil,
        showsDecimalSeparator: Bool = false
    ) -> String {
        var output = ""
        var integer = value.integer
        if let maximumIntegerDigits, integer.count > maximumIntegerDigits {
            integer.removeFirst(integer.count - maximumIntegerDigits)
        }
        integer = Array(integer.drop { $0 == 0 })
        if integer.count < minimumIntegerDigits {
            integer.insert(contentsOf: repeatElement(0, count: minimumIntegerDigits - integer.count), at: 0)
        }
        if integer.isEmpty, value.fraction.isEmpty { integer = [0] }
        let count = integer.count
        let groups = grouping.primary > 0 && count - grouping.primary >= grouping.minimum
        for (offset, digit) in integer.enumerated() {
            let remaining = count - offset
            if groups, offset > 0, remaining >= grouping.primary,
                (remaining - grouping.primary) % max(grouping.secondary, 1) == 0
            {
                output += group
            }
            output += digits[Int(digit)]
        }
        if !value.fraction.isEmpty || showsDecimalSeparator { output += decimal }
        for digit in value.fraction { output += digits[Int(digit)] }
        return output
    }

    func render(_ part: NumberPattern.Part) -> String {
        switch part {
        case .literal(let text): return text
        case .minus: return minus
        case .plus: return plus
        case .percent: return percentSign
        case .currency: return ""
        }
    }
}
