/// A number in its decimal spelling, as plural rules need it: `1.50` keeps its two fraction digits.
public struct MessageNumber: Hashable, Sendable, CustomStringConvertible {
    /// The canonical decimal text: optional `-`, integer digits, optional `.` and fraction digits.
    public let text: String

    /// The numeric value, parsed once.
    package let value: Double

    /// Digits after the decimal point as written (`1.50` → 2): what `#` shows and what offsets keep.
    package var visibleFractionDigits: Int {
        guard let point = text.utf8.firstIndex(of: UInt8(ascii: ".")) else { return 0 }
        return text.utf8.distance(from: point, to: text.utf8.endIndex) - 1
    }

    public var description: String { text }

    /// Whether the text is a number: false for NaN and the infinities, which `init(_: Double)` keeps as `nan`,
    /// `inf` and `-inf` (a long decimal whose `value` overflows to infinity is still a number).
    package var isFinite: Bool {
        guard let last = text.utf8.last else { return false }
        return last >= UInt8(ascii: "0") && last <= UInt8(ascii: "9")
    }

    public static func == (lhs: MessageNumber, rhs: MessageNumber) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// An integer, with no fraction digits.
    /// - Parameter value: the integer.
    public init(_ value: Int) {
        text = String(value)
        self.value = Double(value)
    }

    /// A floating-point value, as JSON and JavaScript read it: the shortest digits that round-trip, so `1.0` is
    /// `1` and `0.1` is `0.1` (ICU formats the double the same way: `1 item`, not `1.0 items`).
    /// - Parameter value: the number; non-finite values are kept as `nan`, `inf` or `-inf` text.
    public init(_ value: Double) {
        // Whole doubles below 10^16 as integers: `String` writes `1e15` as `1000000000000000.0`, a visible digit.
        if value.isFinite, value == value.rounded(), abs(value) < 1e16 {
            text = String(Int64(value))
        } else if value.isFinite, let parsed = MessageNumber(String(value)) {
            text = parsed.text
        } else {
            text = String(value)
        }
        self.value = value
    }

    /// Parses a decimal number (`42`, `-1.50`, `2.5e3`); exponents are expanded so that the digits after the
    /// point stay what the writer meant. Returns `nil` for anything else, including `nan` and `inf`.
    /// - Parameter text: the decimal number as text.
    public init?(_ text: String) {
        // Text already canonical (`12.5`, `-3`, `0.25`), the commonest, is kept as it is, without a copy.
        if Self.isCanonical(text) {
            self.text = text
            value = Double(text) ?? 0
            return
        }
        let bytes = Array(text.utf8)
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var integerDigits: [UInt8] = []
        var fractionDigits: [UInt8] = []
        while index < bytes.count, ASCII.isDigit(bytes[index]) {
            integerDigits.append(bytes[index])
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, ASCII.isDigit(bytes[index]) {
                fractionDigits.append(bytes[index])
                index += 1
            }
        }
        guard !integerDigits.isEmpty || !fractionDigits.isEmpty else { return nil }
        var exponent = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentText = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentText.append(Character(Unicode.Scalar(bytes[index])))
                index += 1
            }
            let digitsStart = index
            while index < bytes.count, ASCII.isDigit(bytes[index]) { index += 1 }
            guard index > digitsStart, index - digitsStart <= 4 else { return nil }
            exponentText += String(decoding: bytes[digitsStart..<index], as: UTF8.self)
            exponent = Int(exponentText) ?? 0
        }
        guard index == bytes.count else { return nil }
        // Shift the decimal point by the exponent.
        var digits = integerDigits + fractionDigits
        var pointPosition = integerDigits.count + exponent
        if pointPosition < 0 {
            digits = [UInt8](repeating: UInt8(ascii: "0"), count: -pointPosition) + digits
            pointPosition = 0
        }
        if pointPosition > digits.count {
            digits += [UInt8](repeating: UInt8(ascii: "0"), count: pointPosition - digits.count)
        }
        var integerPart = Array(digits[..<pointPosition].drop { $0 == UInt8(ascii: "0") })
        if integerPart.isEmpty { integerPart = [UInt8(ascii: "0")] }
        let fractionPart = Array(digits[pointPosition...])
        var result = negative ? "-" : ""
        result += String(decoding: integerPart, as: UTF8.self)
        if !fractionPart.isEmpty { result += "." + String(decoding: fractionPart, as: UTF8.self) }
        self.text = result
        self.value = Double(result) ?? 0
    }

    /// Whether `text` is what `init?(_: String)` would write for it: an optional `-`, integer digits without a
    /// leading zero (or one zero), and an optional `.` with at least one digit.
    private static func isCanonical(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = bytes.first == UInt8(ascii: "-") ? 1 : 0
            let integerStart = index
            while index < bytes.count, ASCII.isDigit(bytes[index]) { index += 1 }
            let integerDigits = index - integerStart
            guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
                return false
            }
            guard index < bytes.count else { return true }
            guard bytes[index] == UInt8(ascii: "."), index + 1 < bytes.count else { return false }
            index += 1
            while index < bytes.count, ASCII.isDigit(bytes[index]) { index += 1 }
            return index == bytes.count
        }
    }

    /// `self + amount`, as ICU MessageFormat's plural `offset:` computes it (and so MessageFormat 2's `:offset`,
    /// which the conversion from ICU writes for it): a decimal of up to 15 fraction digits exactly, keeping its
    /// visible fraction digits (2.50 − 1 is 1.50); anything else in a `Double`, as ICU4C and JavaScript do, so
    /// an integer past 2^53 rounds (9007199254740993 − 1 is 9007199254740991) and 1e21 − 1 is 1e21.
    /// - Parameter amount: what to add; negative to subtract.
    package func offset(by amount: Int) -> MessageNumber {
        guard amount != 0 else { return self }
        let fractionDigits = visibleFractionDigits
        let inDouble = MessageNumber(value + Double(amount))
        guard fractionDigits > 0 else { return inDouble }
        // In units of the last fraction digit: 2.50 − 1 is 250 − 100.
        guard fractionDigits <= 15, let scaled = Int(text.filter { $0 != "." }) else { return inDouble }
        var unit = 1
        for _ in 0..<fractionDigits { unit *= 10 }
        let (step, overflow) = amount.multipliedReportingOverflow(by: unit)
        let (result, overflowed) = scaled.addingReportingOverflow(step)
        guard !overflow, !overflowed else { return inDouble }
        let magnitude = String(result.magnitude)
        let padded = String(repeating: "0", count: max(0, fractionDigits + 1 - magnitude.count)) + magnitude
        let sum = (result < 0 ? "-" : "") + padded.dropLast(fractionDigits) + "." + padded.suffix(fractionDigits)
        return MessageNumber(sum) ?? inDouble
    }
}
