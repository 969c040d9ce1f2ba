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
        var pieces: NumberPieces?
        return digitsText(
            value, grouping: grouping, minimumIntegerDigits: minimumIntegerDigits,
            maximumIntegerDigits: maximumIntegerDigits, showsDecimalSeparator: showsDecimalSeparator, pieces: &pieces)
    }

    /// `digitsText`, adding each digit run and separator to `pieces` when there are pieces to keep.
    func digitsText(
        _ value: DecimalText, grouping: Grouping, minimumIntegerDigits: Int, maximumIntegerDigits: Int?,
        showsDecimalSeparator: Bool, pieces: inout NumberPieces?
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
                pieces?.add(.group, group)
            }
            output += digits[Int(digit)]
            pieces?.add(.integer, digits[Int(digit)])
        }
        if !value.fraction.isEmpty || showsDecimalSeparator {
            output += decimal
            pieces?.add(.decimal, decimal)
        }
        for digit in value.fraction {
            output += digits[Int(digit)]
            pieces?.add(.fraction, digits[Int(digit)])
        }
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

    /// `parts` rendered, added to `pieces` each as what it is; a currency sign as `symbol`.
    func render(_ parts: [NumberPattern.Part], symbol: String = "", into pieces: inout NumberPieces?) -> String {
        var text = ""
        for part in parts {
            let rendered = part == .currency ? symbol : render(part)
            text += rendered
            guard pieces != nil else { continue }
            switch part {
            case .literal: pieces?.add(.literal, rendered)
            case .minus: pieces?.add(.minusSign, rendered)
            case .plus: pieces?.add(.plusSign, rendered)
            case .percent: pieces?.add(.percentSign, rendered)
            case .currency: pieces?.add(.currency, rendered)
            }
        }
        return text
    }
}

/// A formatted number's pieces, each as the formatter wrote it: what MessageFormat 2's parts and ECMA-402's
/// `formatToParts` give a number. They join to the formatted text exactly.
package struct NumberPieces: Sendable {
    /// What a piece is, named as ECMA-402 names its number parts.
    package enum Kind: String, Hashable, Sendable {
        case integer, group, decimal, fraction, minusSign, plusSign, percentSign, currency, unit, compact
        case exponentSeparator, exponentMinusSign, exponentPlusSign, exponentInteger, literal
    }

    package private(set) var pieces: [(kind: Kind, text: String)] = []

    package init() {}

    /// The pieces' text, in order: the formatted number.
    package var text: String { pieces.map(\.text).joined() }

    /// `text` as a piece of `kind`, joined to the last piece when it is of the same kind (digits of one integer);
    /// group separators stay one piece each.
    package mutating func add(_ kind: Kind, _ text: String) {
        guard !text.isEmpty else { return }
        if let last = pieces.last, last.kind == kind, kind != .group {
            pieces[pieces.count - 1].text += text
        } else {
            pieces.append((kind, text))
        }
    }

    package mutating func add(_ other: NumberPieces) {
        for piece in other.pieces { add(piece.kind, piece.text) }
    }

    /// What a pattern is filled with in place of the number, to find where the number went: a private-use
    /// character, in no CLDR pattern.
    package static let numberMark = "\u{E000}"

    /// A pattern filled with ``numberMark`` (as the formatter fills it with the number, quotes and all), with
    /// `number`'s pieces where the mark is and its other text as pieces of `kind` (a unit's or a currency's name);
    /// without the mark it is all of `kind`, as a pattern without `{0}` replaces the number.
    package mutating func add(filled: String, as kind: Kind, with number: NumberPieces) {
        guard let range = filled.firstRange(of: Self.numberMark) else {
            addAffix(filled, as: kind)
            return
        }
        addAffix(String(filled[..<range.lowerBound]), as: kind)
        add(number)
        addAffix(String(filled[range.upperBound...]), as: kind)
    }

    /// Text around the number (a compact form, a unit's name): its leading and trailing spaces are literals.
    package mutating func addAffix(_ text: String, as kind: Kind) {
        let leading = text.prefix { $0.isWhitespace }
        let rest = text.dropFirst(leading.count)
        let trailing = rest.reversed().prefix { $0.isWhitespace }
        add(.literal, String(leading))
        add(kind, String(rest.dropLast(trailing.count)))
        add(.literal, String(trailing.reversed()))
    }
}
