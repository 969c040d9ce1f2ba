/// The operands of CLDR plural rules (UTS #35), computed from a number's decimal form, so that `1` and
/// `1.0` can select different categories.
///
/// | operand | meaning | `1.50` | `1.2c3` |
/// |---|---|---|---|
/// | `n` | absolute value | 1.5 | 1200 |
/// | `i` | integer digits | 1 | 1200 |
/// | `v` | number of visible fraction digits | 2 | 0 |
/// | `w` | visible fraction digits without trailing zeros | 1 | 0 |
/// | `f` | visible fraction digits as a number | 50 | 0 |
/// | `t` | `f` without trailing zeros | 5 | 0 |
/// | `c`, `e` | compact decimal exponent | 0 | 3 |
package struct PluralOperands: Hashable, Sendable {
    package let n: Double
    package let i: Int
    package let v: Int
    package let w: Int
    package let f: Int
    package let t: Int
    package let e: Int
    /// Whether the number is one: false for NaN and the infinities (`nan`, `inf`), which select `other` in every
    /// locale, as ICU4C's `PluralRules::select` returns for them.
    package private(set) var isFinite = true

    /// Digit strings longer than this keep their last 18 digits, as ICU4C's `DecimalQuantity::toLong` truncates
    /// them for the operands: 10^18 has `i` 0 and is `one` in French, 2·10^18 + 1 has `i` 1.
    private static let keptDigits = 18

    /// The operands of `number`'s decimal text, read in one pass over its bytes (this runs for every plural).
    package init(_ number: MessageNumber) {
        var text = number.text
        let fast: PluralOperands? = text.withUTF8 { bytes in
            // Beyond 18 bytes the general path keeps the digits ICU keeps.
            guard bytes.count <= Self.keptDigits else { return nil }
            var integer = 0
            var fraction = 0
            var fractionDigits = 0
            var trimmedFraction = 0
            var trimmedDigits = 0
            var inFraction = false
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "-"): continue
                case UInt8(ascii: "."): inFraction = true
                default:
                    let digit = Int(byte &- UInt8(ascii: "0"))
                    if inFraction {
                        fraction = fraction * 10 + digit
                        fractionDigits += 1
                        if digit != 0 {
                            trimmedFraction = fraction
                            trimmedDigits = fractionDigits
                        }
                    } else {
                        integer = integer * 10 + digit
                    }
                }
            }
            return PluralOperands(
                n: abs(number.value), i: integer, v: fractionDigits, w: trimmedDigits, f: fraction, t: trimmedFraction,
                e: 0)
        }
        self = fast ?? PluralOperands(decimalText: number.text, exponent: 0)!
        isFinite = number.isFinite
    }

    private init(n: Double, i: Int, v: Int, w: Int, f: Int, t: Int, e: Int) {
        self.n = n
        self.i = i
        self.v = v
        self.w = w
        self.f = f
        self.t = t
        self.e = e
    }

    /// Operands from CLDR's sample syntax: a decimal number, optionally with a compact exponent (`1.1c6`).
    package init?(sample: String) {
        var text = Substring(sample)
        var exponent = 0
        if let marker = text.firstIndex(where: { $0 == "c" || $0 == "e" }) {
            guard let value = Int(text[text.index(after: marker)...]), (0...30).contains(value) else { return nil }
            exponent = value
            text = text[..<marker]
        }
        guard let number = MessageNumber(exponent == 0 ? String(text) : "\(text)e\(exponent)") else { return nil }
        self.init(decimalText: number.text, exponent: exponent)
    }

    private init?(decimalText: String, exponent: Int) {
        var digits = Substring(decimalText)
        if digits.first == "-" { digits.removeFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integerPart = parts[0]
        let fractionPart = parts.count > 1 ? parts[1] : ""
        let trimmedFraction = fractionPart.reversed().drop { $0 == "0" }.reversed()
        n = Double(digits) ?? .infinity
        i = Self.value(of: integerPart)
        v = fractionPart.count
        w = trimmedFraction.count
        f = Self.value(of: fractionPart)
        t = Self.value(of: Substring(trimmedFraction))
        e = exponent
    }

    /// The integer value of a digit string's last 18 digits.
    private static func value(of digits: Substring) -> Int {
        Int(digits.suffix(keptDigits)) ?? 0
    }

    /// Whether `value` is a whole number within `range` (how CLDR ranges apply to `n`).
    static func isWhole(_ value: Double, in range: ClosedRange<Int>) -> Bool {
        value == value.rounded(.towardZero) && value >= Double(range.lowerBound) && value <= Double(range.upperBound)
    }
}
