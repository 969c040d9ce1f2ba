import I18nCore
import LocaleData
import MessageFormat2

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension MF2Conversion.Converter {
    // MARK: Numbers

    /// What MF1's styles (`{n, number}`, `integer`, `percent`, `currency`, `#`) do that MF2's defaults do not:
    /// they group from the first group on, where MF2's `auto` follows the locale's minimum grouping digits (2 in
    /// pl, es, …), and they round half to even, where MF2 rounds half away from zero (`halfExpand`).
    var styleTail: [(String, String)] {
        (profile.numberFormats.minimumGroupingDigits > 1 ? [("useGrouping", "always")] : [])
            + [("roundingMode", "halfEven")]
    }

    func numberPlaceholder(_ name: String, _ style: NumberStyle) throws(Refusal) -> String {
        let formats = profile.numberFormats
        /// A style's fraction digits are its pattern's; MF2's defaults are 0…3 for `:number`, 0 for `:percent`.
        func digits(of pattern: NumberPattern, defaultMaximum: Int) -> [(String, String)] {
            var options: [(String, String)] = []
            if pattern.minimumFractionDigits != 0 {
                options.append(("minimumFractionDigits", String(pattern.minimumFractionDigits)))
            }
            if pattern.maximumFractionDigits != defaultMaximum {
                options.append(("maximumFractionDigits", String(pattern.maximumFractionDigits)))
            }
            return options
        }
        switch style {
        case .decimal:
            return Self.expression(
                name, "number", digits(of: formats.decimalPattern, defaultMaximum: 3) + styleTail)
        case .integer:
            return Self.expression(name, "number", [("maximumFractionDigits", "0")] + styleTail)
        case .percent:
            return Self.expression(
                name, "percent", digits(of: formats.percentPattern, defaultMaximum: 0) + styleTail)
        case .currency:
            // ICU prints the region's currency, else its unknown one (ICUMessageFormatter's `currency` style).
            return Self.expression(name, "currency", [("currency", formats.regionCurrency ?? "XXX")] + styleTail)
        case .pattern(let pattern):
            throw Refusal(
                "Number pattern '\(QuotedExcerpt.of(pattern))' has no MF2 form; write it as a skeleton, such as "
                    + "'::.00'")
        case .skeleton(let skeleton):
            return try skeletonPlaceholder(name, skeleton)
        }
    }

    enum NumberFunction {
        case number, percent
        case currency(String)
        case unit(String)
    }

    static let roundingIncrements: Set<Int> = [
        1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000,
    ]

    /// `{name, number, ::skeleton}`: each setting of the skeleton as the MF2 option that prints the same
    /// (spec/functions/number.md), or a refusal naming the token that sets what no option does.
    func skeletonPlaceholder(_ name: String, _ text: String) throws(Refusal) -> String {
        let skeleton: NumberSkeleton
        do { skeleton = try NumberSkeleton.cached(text) } catch {
            throw Refusal(
                "Number skeleton token '\(QuotedExcerpt.of(error.token))' is invalid: \(error.reason)")
        }
        let formats = profile.numberFormats
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        // The token that sets what `sets` tests, found by reading each token alone.
        func refusal(_ detail: String = "", where sets: (NumberSkeleton) -> Bool) -> Refusal {
            let token = tokens.first { (try? NumberSkeleton(parsing: $0)).map(sets) ?? false } ?? text
            return Refusal("Number skeleton token '\(QuotedExcerpt.of(token))' has no MF2 option\(detail)")
        }
        guard skeleton.notation == .simple else { throw refusal(where: { $0.notation != .simple }) }
        if let system = skeleton.numberingSystem, system != formats.numberingSystem {
            throw refusal(
                " (MF2 prints the locale's digits, \(formats.numberingSystem))",
                where: { $0.numberingSystem != nil })
        }
        guard !skeleton.showsDecimalSeparator else { throw refusal(where: { $0.showsDecimalSeparator }) }
        let scales: (NumberSkeleton) -> Bool = { $0.scale != 0 || $0.scaleFactor != nil }
        guard skeleton.scaleFactor == nil else { throw refusal(where: scales) }

        let function: NumberFunction
        switch skeleton.unit {
        case .none:
            guard skeleton.scale == 0 else { throw refusal(where: scales) }
            function = .number
        case .percent:
            // spec/functions/number.md, ":percent": the value is multiplied by 100, always.
            guard skeleton.scale != 0 else {
                throw refusal(
                    " without 'scale/100': MF2's :percent multiplies by 100", where: { $0.unit == .percent })
            }
            guard skeleton.scale == 2 else { throw refusal(where: scales) }
            function = .percent
        case .permille:
            throw refusal(where: { $0.unit == .permille })
        case .currency(let code):
            guard skeleton.scale == 0 else { throw refusal(where: scales) }
            function = .currency(code)
        case .measure(let unit):
            // ICU prints these as the `percent` and `permille` stems do (the percent pattern, unscaled) unless
            // spelled out: no `:unit` says which.
            guard unit != "percent", unit != "permille" else {
                throw refusal(where: { $0.unit != NumberSkeleton.Unit.none })
            }
            guard skeleton.scale == 0 else { throw refusal(where: scales) }
            function = .unit(unit)
        }

        var options: [(String, String)] = []
        let (isAccounting, signDisplay): (Bool, String?) =
            switch skeleton.sign {
            case .auto: (false, nil)
            case .always: (false, "always")
            case .never: (false, "never")
            case .exceptZero: (false, "exceptZero")
            case .negative: (false, "negative")
            case .accounting: (true, nil)
            case .accountingAlways: (true, "always")
            case .accountingExceptZero: (true, "exceptZero")
            case .accountingNegative: (true, "negative")
            }
        let widths: (NumberSkeleton) -> Bool = { $0.unitWidth != .short }
        switch function {
        case .number, .percent: break  // ICU reads no unit width without a unit.
        case .currency(let code):
            options.append(("currency", code))
            switch skeleton.unitWidth {
            case .short: break
            case .narrow: options.append(("currencyDisplay", "narrowSymbol"))
            case .fullName: options.append(("currencyDisplay", "name"))
            case .isoCode: options.append(("currencyDisplay", "code"))
            case .hidden: options.append(("currencyDisplay", "never"))
            case .formal, .variant: throw refusal(where: widths)
            }
            // ICU's accounting pattern is a symbol's: with the full name it prints the plain sign, as MF2 does.
            if isAccounting, skeleton.unitWidth != .fullName { options.append(("currencySign", "accounting")) }
        case .unit(let unit):
            options.append(("unit", unit))
            switch skeleton.unitWidth {
            case .short: break
            case .narrow: options.append(("unitDisplay", "narrow"))
            case .fullName: options.append(("unitDisplay", "long"))
            case .isoCode, .hidden, .formal, .variant: throw refusal(where: widths)
            }
        }

        if let width = skeleton.integerWidth {
            let integerWidths: (NumberSkeleton) -> Bool = { $0.integerWidth != nil }
            guard width.maximum == nil else {
                throw refusal(" (MF2 never drops integer digits)", where: integerWidths)
            }
            if case .percent = function { throw refusal(" for a percentage (:percent)", where: integerWidths) }
            guard width.minimum <= 99 else { throw refusal(where: integerWidths) }
            if width.minimum != 1 { options.append(("minimumIntegerDigits", String(width.minimum))) }
        }

        let precisions: (NumberSkeleton) -> Bool = { $0.precision != .standard }
        let isCurrency: Bool
        if case .currency = function { isCurrency = true } else { isCurrency = false }
        /// Fraction digits, as `:currency` takes them (one count) or the others do (a range).
        func fraction(minimum: Int, maximum: Int) throws(Refusal) -> [(String, String)] {
            guard maximum <= 99 else { throw refusal(" (MF2's fraction digits stop at 99)", where: precisions) }
            if isCurrency {
                guard minimum == maximum else {
                    throw refusal(" for a currency (:currency takes one fractionDigits)", where: precisions)
                }
                return [("fractionDigits", String(minimum))]
            }
            return (minimum == 0 ? [] : [("minimumFractionDigits", String(minimum))])
                + [("maximumFractionDigits", String(maximum))]
        }
        func significant(minimum: Int, maximum: Int) throws(Refusal) -> [(String, String)] {
            guard maximum <= 99 else { throw refusal(" (MF2's significant digits stop at 99)", where: precisions) }
            return [("minimumSignificantDigits", String(minimum)), ("maximumSignificantDigits", String(maximum))]
        }
        switch skeleton.precision {
        case .standard:
            // A skeleton without a precision shows up to six fraction digits (NumberFormats), a currency its own.
            if !isCurrency { options.append(("maximumFractionDigits", "6")) }
        case .unlimited, .currencyCash:
            throw refusal(where: precisions)
        case .currencyStandard:
            // Without a currency ICU takes two digits, the unknown currency's.
            if !isCurrency { options += try fraction(minimum: 2, maximum: 2) }
        case .digits(let digits):
            switch digits {
            case .fraction(let minimum, let maximum):
                options += try fraction(minimum: minimum, maximum: maximum)
            case .significant(let minimum, let maximum):
                options += try significant(minimum: minimum, maximum: maximum)
            case .fractionSignificant(
                let minimumFraction, let maximumFraction, let minimumSignificant, let maximumSignificant,
                let relaxed,
                let retain):
                // `@@#r` and `@@#s` are ECMA-402's morePrecision and lessPrecision, which ICU implements; the forms
                // without a priority (`.00/@@@+`, `.00/@##`) show the larger minimum, which no MF2 option does.
                guard !retain else { throw refusal(where: precisions) }
                options += try fraction(minimum: minimumFraction, maximum: maximumFraction)
                options += try significant(minimum: minimumSignificant, maximum: maximumSignificant)
                options.append(("roundingPriority", relaxed ? "morePrecision" : "lessPrecision"))
            case .increment(let step):
                // `precision-increment/0.05`: multiples of 5 in the last of two fraction digits.
                let places = step.fraction.count
                let increment = (step.integer + step.fraction).reduce(0) { $0 * 10 + Int($1) }
                guard Self.roundingIncrements.contains(increment) else {
                    throw refusal(
                        " (MF2's roundingIncrement is 1, 2, 5, 10, 20, 25, 50, 100, … 5000 of the last digit)",
                        where: precisions)
                }
                if case .percent = function, increment != 1 {
                    throw refusal(" for a percentage (:percent has no roundingIncrement)", where: precisions)
                }
                options += try fraction(minimum: places, maximum: places)
                if increment != 1 { options.append(("roundingIncrement", String(increment))) }
            case .compact:
                throw refusal(where: precisions)
            }
        }
        if skeleton.hidesFractionWhenWhole {
            if case .unit = function {
                throw refusal(
                    " for a unit (:unit has no trailingZeroDisplay)", where: { $0.hidesFractionWhenWhole })
            }
            options.append(("trailingZeroDisplay", "stripIfInteger"))
        }
        if let signDisplay { options.append(("signDisplay", signDisplay)) }

        switch skeleton.grouping {
        case .auto: break
        case .off: options.append(("useGrouping", "never"))
        case .min2: options.append(("useGrouping", "min2"))
        case .onAligned: options.append(("useGrouping", "always"))
        case .thousands:
            // Groups of three, where `always` groups as the locale's pattern does (two by two in hi after the first).
            let pattern: NumberPattern
            switch function {
            case .percent: pattern = formats.percentPattern
            case .currency where skeleton.unitWidth != .fullName:
                pattern = isAccounting ? formats.accountingPattern : formats.currencyPattern
            default: pattern = formats.decimalPattern
            }
            guard pattern.primaryGrouping == 3, pattern.secondaryGrouping == 3 else {
                throw refusal(
                    " in '\(locale)', whose numbers do not group by threes", where: { $0.grouping == .thousands })
            }
            options.append(("useGrouping", "always"))
        }

        let roundingMode: String
        switch skeleton.roundingMode {
        case .ceiling: roundingMode = "ceil"
        case .floor: roundingMode = "floor"
        case .down: roundingMode = "trunc"
        case .up: roundingMode = "expand"
        case .halfEven: roundingMode = "halfEven"
        case .halfCeiling: roundingMode = "halfCeil"
        case .halfFloor: roundingMode = "halfFloor"
        case .halfDown: roundingMode = "halfTrunc"
        case .halfUp: roundingMode = "halfExpand"
        case .halfOdd, .unnecessary: throw refusal(where: { $0.roundingMode != .halfEven })
        }
        options.append(("roundingMode", roundingMode))

        switch function {
        case .number: return Self.expression(name, "number", options)
        case .percent: return Self.expression(name, "percent", options)
        case .currency: return Self.expression(name, "currency", options)
        case .unit: return Self.expression(name, "unit", options)
        }
    }

    /// An exact plural key as MF2 serializes the number it matches: an integer without leading zeros
    /// (spec/functions/number.md, "Exact Literal Match Serialization"). MF1 compares values, so `=01`, `=1.0` and
    /// `=-0` are `1`, `1` and `0`; MF2 leaves other numbers' serialization to the implementation.
    static func exactKey(_ number: MessageNumber) throws(Refusal) -> String {
        let decimal = DecimalText(number.text)
        guard decimal.fraction.allSatisfy({ $0 == 0 }) else {
            throw Refusal(
                "Plural case '=\(QuotedExcerpt.of(number.text))' has no MF2 form: MF2 matches only whole numbers "
                    + "exactly")
        }
        // ICU compares doubles, which hold whole numbers exactly to 2^53.
        guard decimal.integer.count <= 15 else {
            throw Refusal(
                "Plural case '=\(QuotedExcerpt.of(number.text))' has no MF2 form: MF1 compares it as a double")
        }
        let digits = String(decoding: decimal.integer.map { $0 + 0x30 }, as: UTF8.self)
        return decimal.isNegative && digits != "0" ? "-" + digits : digits
    }
}
