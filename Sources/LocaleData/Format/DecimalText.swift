/// How a number is rounded to the digits it keeps: ICU's `UNumberFormatRoundingMode`, as the skeleton stems
/// `rounding-mode-…` name them. Half-even is ICU's default.
package enum RoundingMode: Hashable, Sendable {
    case ceiling, floor, down, up, halfEven, halfOdd, halfCeiling, halfFloor, halfDown, halfUp
    /// No rounding allowed: a number that would need it cannot be formatted (ICU fails the call).
    case unnecessary

    /// Whether the kept digits go up by one, for a number whose dropped part compares with half a unit of the
    /// last kept digit as `half` says (`nil`: nothing non-zero was dropped).
    fileprivate func roundsUp(_ half: Half?, isNegative: Bool, lastKeptIsOdd: Bool) -> Bool {
        guard let half else { return false }
        switch self {
        case .up: return true
        case .down: return false
        case .ceiling: return !isNegative
        case .floor: return isNegative
        case .halfEven, .unnecessary, .halfOdd, .halfCeiling, .halfFloor, .halfDown, .halfUp:
            switch half {
            case .below: return false
            case .above: return true
            case .exactly:
                switch self {
                case .halfEven, .unnecessary: return lastKeptIsOdd
                case .halfOdd: return !lastKeptIsOdd
                case .halfCeiling: return !isNegative
                case .halfFloor: return isNegative
                case .halfDown: return false
                default: return true
                }
            }
        }
    }

    /// Where a dropped, non-zero part lies against half a unit of the last kept digit.
    fileprivate enum Half { case below, exactly, above }
}

/// A decimal number as its digits (values 0–9), for exact scaling and rounding.
package struct DecimalText: Hashable, Sendable {
    package var isNegative: Bool
    /// At least one digit, no leading zeros but a lone zero.
    package var integer: [UInt8]
    package var fraction: [UInt8]

    /// A digit count that stands for "as many as the number has" (`precision-unlimited`, `@@+`, `.00+`).
    package static let unlimited = 10_000

    /// How many digits to keep.
    package enum Precision: Hashable, Sendable {
        case fraction(minimum: Int, maximum: Int)
        case significant(minimum: Int, maximum: Int)
        /// Fraction digits and significant digits together (`.00/@@@+`, `.0#/@@@r`), as ICU's
        /// `constructFractionSignificant`: `relaxed` keeps the more precise of the two roundings and `strict` the
        /// less precise; `retain` (the `withMinDigits`/`withMaxDigits` forms) shows the larger of the two minimums.
        case fractionSignificant(
            minimumFraction: Int, maximumFraction: Int, minimumSignificant: Int, maximumSignificant: Int,
            relaxed: Bool, retain: Bool)
        /// A multiple of `increment` (`precision-increment/0.05`), showing its fraction digits.
        case increment(DecimalText)
        /// Compact notation's default: whole numbers, but at least two significant digits (`1.2K`, `12K`).
        case compact
    }

    /// Reads canonical `MessageNumber` text: optional `-`, digits, optional `.` and digits.
    package init(_ text: String) {
        var bytes = Substring(text).utf8[...]
        isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative { bytes = bytes.dropFirst() }
        let point = bytes.firstIndex(of: UInt8(ascii: "."))
        integer = bytes[..<(point ?? bytes.endIndex)].compactMap(Self.digit)
        fraction = point.map { bytes[bytes.index(after: $0)...].compactMap(Self.digit) } ?? []
        normalizeInteger()
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
    }

    private mutating func normalizeInteger() {
        let firstNonZero = integer.firstIndex { $0 != 0 } ?? integer.count
        integer.removeFirst(min(firstNonZero, max(integer.count - 1, 0)))
        if integer.isEmpty { integer = [0] }
    }

    package var isZero: Bool { integer.allSatisfy { $0 == 0 } && fraction.allSatisfy { $0 == 0 } }

    /// The power of ten of the leading non-zero digit (`1234` → 3, `0.05` → -2); 0 for zero.
    package var magnitude: Int {
        if integer != [0] { return integer.count - 1 }
        guard let first = fraction.firstIndex(where: { $0 != 0 }) else { return 0 }
        return -(first + 1)
    }

    /// The canonical text (`-1.50`), as `MessageNumber` reads it.
    package var text: String {
        var text = isNegative ? "-" : ""
        for digit in integer { text.unicodeScalars.append(Unicode.Scalar(digit + 0x30)) }
        if !fraction.isEmpty {
            text += "."
            for digit in fraction { text.unicodeScalars.append(Unicode.Scalar(digit + 0x30)) }
        }
        return text
    }

    /// Multiplies by 10^`places` (divides when negative).
    package mutating func shift(by places: Int) {
        if places > 0 {
            for _ in 0..<places { integer.append(fraction.isEmpty ? 0 : fraction.removeFirst()) }
        } else if places < 0 {
            for _ in 0..<(-places) {
                fraction.insert(integer.count > 0 ? integer.removeLast() : 0, at: 0)
                if integer.isEmpty { integer = [0] }
            }
        }
        normalizeInteger()
    }

    /// Multiplies by `factor`, exactly (`scale/0.5`).
    package mutating func multiply(by factor: DecimalText) {
        let left = integer + fraction
        let right = factor.integer + factor.fraction
        var product = [Int](repeating: 0, count: left.count + right.count)
        for (i, a) in left.enumerated().reversed() {
            for (j, b) in right.enumerated().reversed() {
                product[i + j + 1] += Int(a) * Int(b)
            }
        }
        for index in product.indices.reversed() where index > 0 {
            product[index - 1] += product[index] / 10
            product[index] %= 10
        }
        let fractionCount = fraction.count + factor.fraction.count
        let digits = product.map { UInt8($0) }
        integer = Array(digits[..<(digits.count - fractionCount)])
        fraction = Array(digits[(digits.count - fractionCount)...])
        normalizeInteger()
        // Zero times a negative factor is zero, unsigned, as ICU multiplies.
        isNegative = isNegative != factor.isNegative && !isZero
    }

    /// Rounds (half to even unless `mode` says otherwise), keeping digits down to 10^`lowest`, and drops the
    /// fraction digits below it. Returns whether a non-zero digit was dropped.
    @discardableResult
    package mutating func round(atMagnitude lowest: Int, mode: RoundingMode = .halfEven) -> Bool {
        var digits = integer + fraction
        var cut = integer.count - lowest
        guard cut < digits.count else { return false }
        // Zeros in front, so that the digit before the cut exists (rounding 12 to thousands looks at 0|012).
        if cut < 1 {
            digits.insert(contentsOf: repeatElement(0, count: 1 - cut), at: 0)
            cut = 1
        }
        let first = digits[cut]
        let restIsZero = digits[(cut + 1)...].allSatisfy { $0 == 0 }
        let half: RoundingMode.Half? =
            first == 0 && restIsZero
            ? nil : first > 5 || (first == 5 && !restIsZero) ? .above : first == 5 ? .exactly : .below
        let roundsUp = mode.roundsUp(half, isNegative: isNegative, lastKeptIsOdd: digits[cut - 1] % 2 == 1)
        digits.removeSubrange(cut...)
        if roundsUp { Self.increment(&digits) }
        assemble(digits, lowest: lowest)
        return half != nil
    }

    /// Rounds to a multiple of `increment` (`0.05`: 12345.675 → 12345.70), as `mode` says. Returns whether the
    /// number was not a multiple already.
    @discardableResult
    package mutating func round(toIncrement increment: DecimalText, mode: RoundingMode) -> Bool {
        // increment = multiple × 10^exponent, with multiple a whole number without trailing zeros.
        var multipleDigits = Array((increment.integer + increment.fraction).drop { $0 == 0 })
        var exponent = -increment.fraction.count
        while multipleDigits.count > 1, multipleDigits.last == 0 {
            multipleDigits.removeLast()
            exponent += 1
        }
        let multiple = multipleDigits.reduce(0) { $0 * 10 + Int($1) }
        guard multiple > 1 else { return round(atMagnitude: exponent, mode: mode) }
        // The number in units of 10^exponent: whole part divided by the multiple, the rest compared with half.
        var scaled = self
        scaled.shift(by: -exponent)
        var quotient: [UInt8] = []
        var remainder = 0
        for digit in scaled.integer {
            remainder = remainder * 10 + Int(digit)
            quotient.append(UInt8(remainder / multiple))
            remainder %= multiple
        }
        // Twice the rest, 2 × (remainder + 0.fraction), against the multiple: 2 × remainder, one more for a fraction
        // of at least a half, and something left over unless the fraction is zero or exactly a half.
        let fractionIsZero = scaled.fraction.allSatisfy { $0 == 0 }
        let fractionIsHalf = scaled.fraction.first == 5 && scaled.fraction.dropFirst().allSatisfy { $0 == 0 }
        let twice = 2 * remainder + ((scaled.fraction.first ?? 0) >= 5 ? 1 : 0)
        let leftOver = !fractionIsZero && !fractionIsHalf
        let half: RoundingMode.Half? =
            remainder == 0 && fractionIsZero
            ? nil : twice > multiple || (twice == multiple && leftOver) ? .above : twice == multiple ? .exactly : .below
        if mode.roundsUp(half, isNegative: isNegative, lastKeptIsOdd: (quotient.last ?? 0) % 2 == 1) {
            Self.increment(&quotient)
        }
        var result = DecimalText(isNegative: false, integer: quotient, fraction: [])
        result.multiply(by: DecimalText(isNegative: false, integer: multipleDigits, fraction: []))
        result.shift(by: exponent)
        // A negative number rounded to zero keeps its sign, as with any rounding (`-0.00`).
        result.isNegative = isNegative
        result.trimFraction(keeping: 0)
        self = result
        return half != nil
    }

    private init(isNegative: Bool, integer: [UInt8], fraction: [UInt8]) {
        self.isNegative = isNegative
        self.integer = integer
        self.fraction = fraction
        normalizeInteger()
    }

    /// Adds one to the last of `digits`, carrying.
    private static func increment(_ digits: inout [UInt8]) {
        var index = digits.count - 1
        while index >= 0, digits[index] == 9 {
            digits[index] = 0
            index -= 1
        }
        if index >= 0 { digits[index] += 1 } else { digits.insert(1, at: 0) }
    }

    /// Sets the number to `digits`, whose last is at 10^`lowest`.
    private mutating func assemble(_ digits: [UInt8], lowest: Int) {
        var digits = digits
        if lowest >= 0 {
            integer = digits + [UInt8](repeating: 0, count: lowest)
            fraction = []
        } else {
            let fractionCount = -lowest
            while digits.count <= fractionCount { digits.insert(0, at: 0) }
            integer = Array(digits[..<(digits.count - fractionCount)])
            fraction = Array(digits[(digits.count - fractionCount)...])
        }
        normalizeInteger()
    }

    /// Drops trailing zeros past `minimum` fraction digits and pads with zeros up to it.
    package mutating func trimFraction(keeping minimum: Int) {
        while fraction.count > minimum, fraction.last == 0 { fraction.removeLast() }
        while fraction.count < minimum { fraction.append(0) }
    }

    /// Rounds and pads as `precision` says. Returns whether a non-zero digit was dropped.
    @discardableResult
    package mutating func apply(_ precision: Precision, mode: RoundingMode = .halfEven) -> Bool {
        switch precision {
        case .fraction(let minimum, let maximum):
            let inexact = round(atMagnitude: -max(minimum, maximum), mode: mode)
            trimFraction(keeping: minimum)
            return inexact
        case .significant(let minimum, let maximum):
            guard !isZero else {
                integer = [0]
                fraction = []
                trimFraction(keeping: max(0, minimum - 1))
                return false
            }
            let inexact = round(atMagnitude: magnitude - maximum + 1, mode: mode)
            let kept = isZero ? 0 : magnitude
            trimFraction(keeping: max(0, minimum - kept - 1))
            return inexact
        case .fractionSignificant(
            let minimumFraction, let maximumFraction, let minimumSignificant,
            let maximumSignificant, let relaxed, let retain):
            // ICU's RoundingImpl for RND_FRACTION_SIGNIFICANT, in magnitudes of the last digit rounded to (1) by
            // the fraction digits, (2) by the significant digits, and of the last digit shown.
            let upper = magnitude
            let fractionRounding = -maximumFraction
            var significantRounding = upper - maximumSignificant + 1
            let rounding =
                relaxed ? min(fractionRounding, significantRounding) : max(fractionRounding, significantRounding)
            var inexact = false
            if !isZero {
                inexact = round(atMagnitude: rounding, mode: mode)
                if !isZero, magnitude != upper, fractionRounding == significantRounding { significantRounding += 1 }
            }
            // The significant digits shown count from the rounded number's magnitude (999.99 → 1000).
            let fractionDisplay = -minimumFraction
            let significantDisplay = magnitude - minimumSignificant + 1
            let display: Int
            if retain {
                display = min(fractionDisplay, significantDisplay)
            } else if relaxed {
                display = significantRounding <= fractionRounding ? significantDisplay : fractionDisplay
            } else {
                display = significantRounding <= fractionRounding ? fractionDisplay : significantDisplay
            }
            trimFraction(keeping: max(0, -display))
            return inexact
        case .increment(let increment):
            let inexact = round(toIncrement: increment, mode: mode)
            trimFraction(keeping: increment.fraction.count)
            return inexact
        case .compact:
            guard !isZero else {
                trimFraction(keeping: 0)
                return false
            }
            let inexact = round(atMagnitude: min(0, magnitude - 1), mode: mode)
            trimFraction(keeping: 0)
            return inexact
        }
    }
}
