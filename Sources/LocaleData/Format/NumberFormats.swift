import WidgetI18nSupport

/// A locale's number symbols and patterns from `CLDRData`, and the formatting of a `MessageNumber` with an
/// ICU number skeleton: decimal, percent, compact, units and currencies, digit for digit as ICU4C prints them.
///
/// Arithmetic is on the decimal text, so long integers and fractions are exact; rounding is half-even, ICU's
/// default. Built in rather than borrowed from Foundation: on Linux Foundation's formatters bring
/// CoreFoundation and ICU into every binary, which triples a widget's size and slows each widget process.
///
/// A class, made once per locale (`LocaleProfile.numberFormats`): every format call reads it, and a struct of this
/// size was copied, field by field, on each.
package final class NumberFormats: Sendable {
    /// The ten digits, zero first.
    package let digits: [String]
    package let decimal: String
    package let group: String
    package let minus: String
    package let plus: String
    package let percentSign: String
    package let perMille: String
    /// Scientific notation's separator (`E`; `×۱۰^` in Persian).
    package let exponential: String
    package let decimalPattern: NumberPattern
    package let percentPattern: NumberPattern
    package let currencyPattern: NumberPattern
    /// The currency pattern of the `accounting` sign displays (`¤#,##0.00;(¤#,##0.00)` in English), read when used.
    package var accountingPattern: NumberPattern {
        NumberPattern(numbers["pattern.accountingFormat"] ?? "¤#,##0.00")
    }
    /// Integer digits needed beyond the first group before grouping starts (2 in Spanish: `1234`, `12.345`).
    package let minimumGroupingDigits: Int
    /// The numbering system whose digits and symbols these are (`latn`, `arab`).
    package let numberingSystem: String
    /// Compact, unit and currency data, read when first used.
    let numbers: CLDRData.Values
    /// The ISO 4217 code of the locale's region's currency, when it has one (`{n, number, currency}`).
    package var regionCurrency: String? { numbers["currency"] }
    package let locale: LocaleTag
    package let plural: @Sendable (PluralOperands) -> PluralCategory
    /// What formatting derives from `numbers` on first use (`Memo`).
    let memo: Memo

    /// The locale's number formats, in `numberingSystem` when given (a skeleton's `numbering-system/arab`), else
    /// in the tag's `-u-nu-` system, else in the locale's own; with `perMilleForPercent`, the per mille sign in
    /// the percent pattern's place of the percent sign (`permille`).
    package init(
        locale: LocaleTag, plural: @escaping @Sendable (PluralOperands) -> PluralCategory,
        numberingSystem requested: String? = nil, perMilleForPercent: Bool = false
    ) {
        let numbers = CLDRData.values(.numbers, for: locale)
        self.numbers = numbers
        self.locale = locale
        memo = Memo()
        self.plural = plural
        var digits = numbers["digits"] ?? "0123456789"
        var system = numbers["nu"] ?? "latn"
        // `-u-nu-…` picks another numbering system: its digits, and its symbols where CLDR gives it some (through
        // root, arab and arabext have them in every locale), else the locale's latn symbols, as ICU's
        // DecimalFormatSymbols falls back (`sym.` holds the locale's own system's, `latn` in most).
        var symbols = "sym."
        if let other = requested ?? locale.unicodeExtension("nu"), other != system,
            let override = CLDRData.rootValues(.numbers)["digits." + other]
        {
            digits = override
            if numbers["sym.\(other).decimal"] != nil {
                symbols = "sym.\(other)."
            } else if system != "latn", numbers["sym.latn.decimal"] != nil {
                symbols = "sym.latn."
            }
            system = other
        }
        numberingSystem = system
        self.digits = digits.map { String($0) }
        usesASCIIDigits = self.digits == ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
        decimal = numbers[symbols + "decimal"] ?? "."
        group = numbers[symbols + "group"] ?? ","
        minus = numbers[symbols + "minus"] ?? "-"
        plus = numbers[symbols + "plus"] ?? "+"
        perMille = numbers[symbols + "perMille"] ?? "‰"
        percentSign = perMilleForPercent ? perMille : numbers[symbols + "percent"] ?? "%"
        exponential = numbers[symbols + "exponential"] ?? "E"
        decimalPattern = NumberPattern(numbers["pattern.decimalFormat"] ?? "#,##0.###")
        percentPattern = NumberPattern(numbers["pattern.percentFormat"] ?? "#,##0%")
        currencyPattern = NumberPattern(numbers["pattern.currencyFormat"] ?? "¤#,##0.00")
        minimumGroupingDigits = Int(numbers["minimumGroupingDigits"] ?? "1") ?? 1
    }

    /// Whether `digits` are 0 to 9 (read on every `#`).
    package let usesASCIIDigits: Bool

    /// A number `rounding-mode-unnecessary` cannot format: it would need rounding (ICU fails the call).
    package struct RoundingNecessary: Error, Hashable, Sendable {
        package var number: String
    }

    // MARK: Formatting

    /// `number` as `skeleton` says. `usesPatternPrecision`: MessageFormat's own styles take their fraction
    /// digits from the locale's pattern (`#,##0.###`), a skeleton without precision shows up to six.
    /// `pattern` replaces the locale's (an ICU decimal pattern in the message, `{n, number, #,##0.0}`).
    /// With `rounding-mode-unnecessary`, a number that needs rounding is rounded half-even: `formatExactly`
    /// says so instead.
    package func format(
        _ number: MessageNumber, _ skeleton: NumberSkeleton, usesPatternPrecision: Bool = false,
        pattern explicitPattern: NumberPattern? = nil
    ) -> String {
        var inexact = false
        var pieces: NumberPieces?
        return format(
            number, skeleton, usesPatternPrecision: usesPatternPrecision, pattern: explicitPattern, inexact: &inexact,
            pieces: &pieces)
    }

    /// `number` as `skeleton` says, in pieces as the formatter writes them (`integer`, `group`, `decimal`,
    /// `fraction`, signs, `currency`, `unit`, `compact`, the exponent's, `literal`): they join to `format`'s text.
    package func pieces(_ number: MessageNumber, _ skeleton: NumberSkeleton, usesPatternPrecision: Bool = false)
        -> NumberPieces
    {
        var inexact = false
        var pieces: NumberPieces? = NumberPieces()
        _ = format(
            number, skeleton, usesPatternPrecision: usesPatternPrecision, pattern: nil, inexact: &inexact,
            pieces: &pieces)
        return pieces ?? NumberPieces()
    }

    /// `number` as `skeleton` says; throws where `rounding-mode-unnecessary` meets a number that needs rounding.
    package func formatExactly(_ number: MessageNumber, _ skeleton: NumberSkeleton) throws(RoundingNecessary)
        -> String
    {
        var inexact = false
        var pieces: NumberPieces?
        let text = format(
            number, skeleton, usesPatternPrecision: false, pattern: nil, inexact: &inexact, pieces: &pieces)
        if inexact, skeleton.roundingMode == .unnecessary { throw RoundingNecessary(number: number.text) }
        return text
    }

    /// `pieces`: where to add the pieces of the text, when the caller keeps them (MessageFormat 2's parts).
    func format(
        _ number: MessageNumber, _ skeleton: NumberSkeleton, usesPatternPrecision: Bool,
        pattern explicitPattern: NumberPattern?, inexact: inout Bool, pieces: inout NumberPieces?
    ) -> String {
        // Another numbering system's digits and symbols (`numbering-system/arab`), or the per mille sign in the
        // percent pattern (`permille`).
        if let system = skeleton.numberingSystem, system != numberingSystem {
            var plain = skeleton
            plain.numberingSystem = nil
            return NumberFormats(locale: locale, plural: plural, numberingSystem: system).format(
                number, plain, usesPatternPrecision: usesPatternPrecision, pattern: explicitPattern,
                inexact: &inexact, pieces: &pieces)
        }
        if skeleton.unit == .permille
            || (skeleton.unit == .measure("permille") && skeleton.unitWidth != .fullName
                && skeleton.notation != .compactShort && skeleton.notation != .compactLong)
        {
            let formats = NumberFormats(
                locale: locale, plural: plural, numberingSystem: numberingSystem, perMilleForPercent: true)
            var percent = skeleton
            percent.unit = .percent
            return formats.format(
                number, percent, usesPatternPrecision: usesPatternPrecision, pattern: explicitPattern,
                inexact: &inexact, pieces: &pieces)
        }
        var value = DecimalText(number.text)
        value.shift(by: skeleton.scale)
        if let factor = skeleton.scaleFactor { value.multiply(by: DecimalText(factor)) }
        var pattern = explicitPattern ?? decimalPattern
        var currencyDigits = 2
        var currencyCash: DecimalText?
        let isAccounting: Bool
        switch skeleton.sign {
        case .accounting, .accountingAlways, .accountingExceptZero, .accountingNegative: isAccounting = true
        case .auto, .always, .never, .exceptZero, .negative: isAccounting = false
        }
        // ICU writes the percent unit with the locale's percent pattern; only its full name is a unit pattern.
        var unit = skeleton.unit
        // (A compact percent is a unit too, as ICU's `isCldrUnit` says.)
        let isCompact = skeleton.notation == .compactShort || skeleton.notation == .compactLong
        if unit == .measure("percent"), skeleton.unitWidth != .fullName, !isCompact { unit = .percent }
        switch unit {
        case .percent, .permille: pattern = percentPattern
        case .currency(let code):
            (currencyDigits, currencyCash) = memo.currencyRounding(code)
            if skeleton.unitWidth != .fullName { pattern = isAccounting ? accountingPattern : currencyPattern }
        case .none, .measure: break
        }
        // MessageFormat's own styles group as ICU's DecimalFormat does, from the first group on (`1 234` in Polish).
        var grouping = Grouping(pattern: pattern, minimum: usesPatternPrecision ? 1 : minimumGroupingDigits)
        switch skeleton.grouping {
        case .auto: break
        case .off: grouping.primary = 0
        case .min2: grouping.minimum = 2
        case .onAligned: grouping.minimum = 1
        case .thousands: grouping = Grouping(primary: 3, secondary: 3, minimum: 1)
        }

        // Precision, then compact or scientific notation's scaling (which depends on the rounded magnitude).
        var compactAffixes: NumberPattern?
        var exponent: Int?
        let precision = resolvedPrecision(
            skeleton, pattern: pattern, currencyDigits: currencyDigits, cash: currencyCash,
            usesPatternPrecision: usesPatternPrecision)
        func round(_ number: inout DecimalText) {
            if number.apply(precision, mode: skeleton.roundingMode) { inexact = true }
            if skeleton.hidesFractionWhenWhole, number.fraction.allSatisfy({ $0 == 0 }) { number.fraction = [] }
        }
        // A compact currency takes CLDR's compact currency patterns (short ones for both widths, as ICU 77 does),
        // which place the symbol themselves: `1,5 M€` in Spanish, `€150万` in Japanese.
        let isCompactCurrency: Bool
        if case .currency = unit, skeleton.unitWidth != .fullName {
            isCompactCurrency = true
        } else {
            isCompactCurrency = false
        }
        let compactTable = isCompactCurrency ? "currency" : compactWidth(skeleton.notation)
        switch skeleton.notation {
        case .compactShort where !value.isZero, .compactLong where !value.isZero:
            if skeleton.grouping == .auto { grouping.minimum = 2 }
            let multiplier = Self.scale(&value, round: round) { compactMultiplier(compactTable, magnitude: $0) }
            let power = value.isZero ? 0 : value.magnitude - multiplier
            compactAffixes = compactPattern(
                compactTable, power: power, category: category(of: value),
                isExactlyOne: value.integer == [1] && value.fraction.isEmpty)
        case .scientific(let settings):
            // ICU's ScientificHandler: the mantissa shows one integer digit, or one to three for engineering
            // (exponents that are multiples of three); zero has the exponent 0.
            if value.isZero {
                round(&value)
                exponent = 0
            } else {
                let interval = settings.interval
                exponent = -Self.scale(&value, round: round) { magnitude in
                    let shown = interval <= 1 ? 1 : ((magnitude % interval + interval) % interval) + 1
                    return shown - magnitude - 1
                }
            }
        case .simple, .compactShort, .compactLong:
            round(&value)
        }

        // The body's pieces, kept apart until the affixes around it are known.
        var bodyPieces: NumberPieces? = pieces.map { _ in NumberPieces() }
        var body = digitsText(
            value, grouping: grouping,
            minimumIntegerDigits: skeleton.integerWidth?.minimum ?? pattern.minimumIntegerDigits,
            maximumIntegerDigits: skeleton.integerWidth?.maximum, showsDecimalSeparator: skeleton.showsDecimalSeparator,
            pieces: &bodyPieces)
        if let exponent, case .scientific(let settings) = skeleton.notation {
            body += exponential
            bodyPieces?.add(.exponentSeparator, exponential)
            if exponent < 0, settings.exponentSign != .never {
                body += minus
                bodyPieces?.add(.exponentMinusSign, minus)
            } else if exponent >= 0, settings.exponentSign == .always || settings.exponentSign == .accountingAlways {
                body += plus
                bodyPieces?.add(.exponentPlusSign, plus)
            }
            let exponentDigits = DecimalText(String(abs(exponent)))
            let padding = max(0, settings.minimumExponentDigits - exponentDigits.integer.count)
            let exponentText =
                String(repeating: digits[0], count: padding)
                + digitsText(exponentDigits, grouping: Grouping(primary: 0, secondary: 0, minimum: 1))
            body += exponentText
            bodyPieces?.add(.exponentInteger, exponentText)
        }

        // The sign, and the pattern's affixes around the number.
        let showsMinus: Bool
        var showsPlus = false
        switch skeleton.sign {
        case .auto, .accounting: showsMinus = value.isNegative
        case .negative, .accountingNegative: showsMinus = value.isNegative && !value.isZero
        case .always, .accountingAlways:
            showsMinus = value.isNegative
            showsPlus = !value.isNegative
        case .exceptZero, .accountingExceptZero:
            showsMinus = value.isNegative && !value.isZero
            showsPlus = !value.isNegative && !value.isZero
        case .never: showsMinus = false
        }
        switch skeleton.sign {
        case .exceptZero, .negative, .accountingExceptZero, .accountingNegative:
            if value.isZero { value.isNegative = false }
        default: break
        }
        let signed = showsMinus || showsPlus
        // A pattern's affixes, signed or not. A negative number takes the negative subpattern; a plus sign takes
        // the negative subpattern with the plus for its minus, or, where that subpattern has no minus
        // (accounting's `(¤#,##0.00)`), the positive affixes after a plus, as ICU's PatternStringUtils does.
        func affixes(of pattern: NumberPattern, signed: Bool) -> ([NumberPattern.Part], [NumberPattern.Part]) {
            guard signed else { return (pattern.prefix, pattern.suffix) }
            guard showsPlus else { return (pattern.negativePrefix, pattern.negativeSuffix) }
            guard pattern.negativePrefix.contains(.minus) || pattern.negativeSuffix.contains(.minus) else {
                return ([.plus] + pattern.prefix, pattern.suffix)
            }
            return (
                pattern.negativePrefix.map { $0 == .minus ? .plus : $0 },
                pattern.negativeSuffix.map { $0 == .minus ? .plus : $0 }
            )
        }
        // A compact pattern with its own negative form carries the sign inside it (`elfu -1,2`, as ICU 77 prints
        // it), and the outer pattern's affixes are then the unsigned ones. A compact currency's pattern places the
        // symbol, and the outer affixes are the decimal pattern's (the currency pattern's others, such as Arabic's
        // U+200F, are not written).
        let compactCarriesSign = signed && compactAffixes?.hasNegativeSubpattern == true
        let outer = compactAffixes != nil && isCompactCurrency ? decimalPattern : pattern
        var (prefixParts, suffixParts) = affixes(of: outer, signed: signed && !compactCarriesSign)
        if let compactAffixes {
            let (compactPrefix, compactSuffix) = affixes(of: compactAffixes, signed: compactCarriesSign)
            if isCompactCurrency {
                prefixParts += compactPrefix
                suffixParts = compactSuffix + suffixParts
            } else {
                // A pattern without digits is the whole text (`mille` for one thousand in French).
                var compacted = bodyPieces.map { _ in NumberPieces() }
                let prefix = renderCompact(compactPrefix, into: &compacted)
                if compactAffixes.hasDigits, let inner = bodyPieces { compacted?.add(inner) }
                let suffix = compactAffixes.hasDigits ? renderCompact(compactSuffix, into: &compacted) : ""
                body = compactAffixes.hasDigits ? prefix + body + suffix : prefix
                bodyPieces = compacted
            }
        }

        switch unit {
        case .currency(let code):
            return currency(
                code, width: skeleton.unitWidth, value: value, body: body, bodyPieces: bodyPieces, prefix: prefixParts,
                suffix: suffixParts, pieces: &pieces)
        case .measure(let unit):
            var numberPieces = bodyPieces.map { _ in NumberPieces() }
            let before = render(prefixParts, into: &numberPieces)
            if let inner = bodyPieces { numberPieces?.add(inner) }
            let text = before + body + render(suffixParts, into: &numberPieces)
            return measure(
                unit, width: skeleton.unitWidth, value: value, number: text, numberPieces: numberPieces,
                pieces: &pieces)
        case .none, .percent, .permille:
            let before = render(prefixParts, into: &pieces)
            if let inner = bodyPieces { pieces?.add(inner) }
            return before + body + render(suffixParts, into: &pieces)
        }
    }
}

/// Where grouping separators go.
package struct Grouping: Equatable {
    /// Digits in the group nearest the decimal point (0: no grouping), and in the groups further left.
    package var primary: Int
    package var secondary: Int
    package var minimum: Int

    package init(primary: Int, secondary: Int, minimum: Int) {
        self.primary = primary
        self.secondary = secondary
        self.minimum = minimum
    }

    package init(pattern: NumberPattern, minimum: Int) {
        self.init(primary: pattern.primaryGrouping, secondary: pattern.secondaryGrouping, minimum: minimum)
    }
}

extension String {
    /// `{index}` replaced by `value` (CLDR's unit and currency patterns).
    package func replacingPlaceholder(_ index: Int, with value: String) -> String {
        // On the UTF-8 bytes (the placeholder is ASCII): `firstRange(of:)` is a generic search by `Character`.
        let placeholder = Array("{\(index)}".utf8)
        var pattern = self
        return pattern.withUTF8 { bytes -> String in
            guard bytes.count >= placeholder.count else { return self }
            for start in 0...(bytes.count - placeholder.count)
            where bytes[start] == placeholder[0]
                && placeholder.indices.allSatisfy({ bytes[start + $0] == placeholder[$0] })
            {
                var result = [UInt8]()
                result.reserveCapacity(bytes.count - placeholder.count + value.utf8.count)
                result.append(contentsOf: bytes[..<start])
                result.append(contentsOf: value.utf8)
                result.append(contentsOf: bytes[(start + placeholder.count)...])
                return String(decoding: result, as: UTF8.self)
            }
            return self
        }
    }
}
