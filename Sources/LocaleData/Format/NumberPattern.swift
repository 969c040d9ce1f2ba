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
