/// A CLDR decimal pattern (`#,##0.###`, `¤#,##0.00`, `#,##0 %`, `0 тыс'.'`), read into what formatting
/// needs: the affixes of positive and negative numbers, grouping sizes and fraction digits.
package struct NumberPattern: Sendable, Equatable {
    /// A piece of an affix: text, or a symbol the locale supplies.
    package enum Part: Sendable, Equatable {
        case literal(String)
        case minus, plus, percent, currency
    }

    package var prefix: [Part] = []
    package var suffix: [Part] = []
    /// A negative number's affixes: the pattern's own after `;`, else a minus sign before the prefix.
    package var negativePrefix: [Part] = []
    package var negativeSuffix: [Part] = []
    package var primaryGrouping = 0
    package var secondaryGrouping = 0
    package var minimumIntegerDigits = 1
    package var minimumFractionDigits = 0
    package var maximumFractionDigits = 0
    /// Whether the pattern has a number part at all.
    package var hasDigits = false
    /// Whether the pattern writes its own negative subpattern after `;` (Swahili's compact `elfu 0;elfu -0`).
    package var hasNegativeSubpattern = false

    package init(_ pattern: String) {
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        (prefix, suffix) = Self.subpattern(scalars, &index, number: &self)
        if index < scalars.count, scalars[index] == ";" {
            index += 1
            var ignored = self
            (negativePrefix, negativeSuffix) = Self.subpattern(scalars, &index, number: &ignored)
            hasNegativeSubpattern = true
        } else {
            negativePrefix = [.minus] + prefix
            negativeSuffix = suffix
        }
    }

    /// One subpattern: prefix, number, suffix. The number part's sizes go into `number`.
    private static func subpattern(_ scalars: [Unicode.Scalar], _ index: inout Int, number: inout NumberPattern)
        -> ([Part], [Part])
    {
        let prefix = affix(scalars, &index)
        var groupPositions: [Int] = []
        var integerDigits = 0
        var integerZeros = 0
        var inFraction = false
        var fractionZeros = 0
        var fractionDigits = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "#" || scalar == "0" || scalar == "@" {
                number.hasDigits = true
                if inFraction {
                    fractionDigits += 1
                    if scalar == "0" { fractionZeros += 1 }
                } else {
                    integerDigits += 1
                    if scalar == "0" { integerZeros += 1 }
                }
            } else if scalar == "," && !inFraction {
                groupPositions.append(integerDigits)
            } else if scalar == "." {
                inFraction = true
            } else {
                break
            }
            index += 1
        }
        let suffix = affix(scalars, &index)
        if let last = groupPositions.last {
            number.primaryGrouping = integerDigits - last
            number.secondaryGrouping =
                groupPositions.count > 1 ? last - groupPositions[groupPositions.count - 2] : number.primaryGrouping
        }
        number.minimumIntegerDigits = integerZeros
        number.minimumFractionDigits = fractionZeros
        number.maximumFractionDigits = fractionDigits
        return (prefix, suffix)
    }

    /// Affix text up to the number part (or `;`, or the end), with quotes resolved and symbols marked.
    private static func affix(_ scalars: [Unicode.Scalar], _ index: inout Int) -> [Part] {
        var parts: [Part] = []
        var literal = ""
        func flush() {
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "#", "0", "@", ",", ".", ";":
                // Digits and separators start the number; quoted they would not reach here.
                if scalar == "." || scalar == "," {
                    // Only a number part starts with these when a digit follows.
                    guard index + 1 < scalars.count, "#0@".unicodeScalars.contains(scalars[index + 1]) else {
                        literal.unicodeScalars.append(scalar)
                        index += 1
                        continue
                    }
                }
                flush()
                return parts
            case "'":
                index += 1
                if index < scalars.count, scalars[index] == "'" {
                    literal += "'"
                    index += 1
                    continue
                }
                while index < scalars.count, scalars[index] != "'" {
                    literal.unicodeScalars.append(scalars[index])
                    index += 1
                }
                index += 1
                continue
            case "-":
                flush()
                parts.append(.minus)
            case "+":
                flush()
                parts.append(.plus)
            case "%":
                flush()
                parts.append(.percent)
            case "¤":
                flush()
                parts.append(.currency)
                while index + 1 < scalars.count, scalars[index + 1] == "¤" { index += 1 }
            default:
                literal.unicodeScalars.append(scalar)
            }
            index += 1
        }
        flush()
        return parts
    }
}

/// A decimal number as its digits (values 0–9), for exact scaling and rounding.
package struct DecimalText: Equatable {
    package var isNegative: Bool
    /// At least one digit, no leading zeros but a lone zero.
    package var integer: [UInt8]
    package var fraction: [UInt8]

    /// How many digits to keep.
    package enum Precision: Equatable {
        case fraction(minimum: Int, maximum: Int)
        case significant(minimum: Int, maximum: Int)
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

    /// Rounds half to even, keeping digits down to 10^`lowest`, and drops the fraction digits below it.
    package mutating func round(atMagnitude lowest: Int) {
        let point = integer.count
        var digits = integer + fraction
        let cut = point - lowest
        guard cut < digits.count else { return }
        var roundsUp = false
        if cut >= 0 {
            let first = digits[cut]
            let restNonZero = digits[(cut + 1)...].contains { $0 != 0 }
            let previous = cut > 0 ? digits[cut - 1] : 0
            roundsUp = first > 5 || (first == 5 && (restNonZero || previous % 2 == 1))
            digits.removeSubrange(cut...)
        } else {
            digits = []
        }
        if roundsUp {
            var index = digits.count - 1
            while index >= 0, digits[index] == 9 {
                digits[index] = 0
                index -= 1
            }
            if index >= 0 { digits[index] += 1 } else { digits.insert(1, at: 0) }
        }
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

    /// Rounds and pads as `precision` says.
    package mutating func apply(_ precision: Precision) {
        switch precision {
        case .fraction(let minimum, let maximum):
            round(atMagnitude: -max(minimum, maximum))
            trimFraction(keeping: minimum)
        case .significant(let minimum, let maximum):
            guard !isZero else {
                integer = [0]
                fraction = []
                trimFraction(keeping: max(0, minimum - 1))
                return
            }
            round(atMagnitude: magnitude - maximum + 1)
            let kept = isZero ? 0 : magnitude
            trimFraction(keeping: max(0, minimum - kept - 1))
        case .compact:
            guard !isZero else { return trimFraction(keeping: 0) }
            round(atMagnitude: min(0, magnitude - 1))
            trimFraction(keeping: 0)
        }
    }
}
