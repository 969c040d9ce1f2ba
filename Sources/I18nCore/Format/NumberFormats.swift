/// A locale's decimal and percent formats from CLDR (`NumberFormats+Generated.swift`), and the formatting of
/// a `MessageNumber` with them: ICU MessageFormat's `{n}`, `{n, number}`, `integer`, `percent`, `#` and the
/// common skeleton tokens, digit for digit as ICU prints them.
///
/// Built in rather than borrowed from Foundation's `NumberFormatter`: on Linux that formatter brings
/// CoreFoundation and ICU into every binary that links I18nCore, which triples a widget's size and adds half
/// of a Swift hello world's start-up time to each widget process. Arithmetic is on the decimal text, so
/// long integers and fractions are exact. Dates, currencies and patterns go to a `LocaleValueFormatting`.
struct NumberFormats: Sendable, Equatable {
    /// The ten digits, zero first (a `-u-nu-…` tag replaces them).
    var digits: String
    let decimal: String
    let group: String
    let minus: String
    let plus: String
    /// Digits in the group nearest the decimal point, and in the groups further left (2 in `en-IN`).
    let primaryGrouping: Int
    let secondaryGrouping: Int
    /// The decimal pattern's fraction digits (`#,##0.###` → 3).
    let maximumFractionDigits: Int
    /// Integer digits needed beyond the first group before grouping starts (2 in Spanish: `1234`, `12.345`).
    let minimumGroupingDigits: Int
    /// Around the number of a percentage, with the locale's percent sign (`%5` in Turkish, `5 %` in German).
    let percentPrefix: String
    let percentSuffix: String
    /// Minus sign and percent prefix of a negative percentage, in the locale's order (`-%5`, `% -5`).
    let negativePercentPrefix: String

    /// How to print one number.
    struct Options: Equatable {
        var minimumFractionDigits = 0
        var maximumFractionDigits: Int
        /// The number is multiplied by 10^this first (2 for percentages).
        var scale = 0
        var usesGrouping = true
        var alwaysShowsSign = false
        var isPercent = false
    }

    /// The formats of `locale`: its own, else its nearest truncation's, else root's; `-u-nu-…` picks digits.
    static func forLocale(_ locale: LocaleTag) -> NumberFormats {
        var formats = root
        var candidate = Substring(locale.normalized)
        if let extensionStart = candidate.firstRange(of: "-u-") { candidate = candidate[..<extensionStart.lowerBound] }
        while true {
            if let found = byLocale[String(candidate)] {
                formats = found
                break
            }
            guard let dash = candidate.lastIndex(of: "-") else { break }
            candidate = candidate[..<dash]
        }
        if let system = unicodeExtensionValue("nu", in: locale.normalized), let digits = digitsBySystem[system] {
            formats.digits = digits
        }
        return formats
    }

    /// The value of `key` in a tag's `-u-` extension (`ar-u-nu-latn` → `latn`).
    private static func unicodeExtensionValue(_ key: String, in tag: String) -> String? {
        let subtags = tag.split(separator: "-")
        guard let start = subtags.firstIndex(of: "u") else { return nil }
        var index = start + 1
        while index + 1 < subtags.count, subtags[index].count > 1 {
            if subtags[index] == key { return String(subtags[index + 1]) }
            index += 1
        }
        return nil
    }

    var usesASCIIDigits: Bool { digits == "0123456789" }

    /// `number` printed with `options`: scaled, rounded half-even, grouped, in the locale's digits and symbols.
    func format(_ number: MessageNumber, _ options: Options) -> String {
        var value = DecimalText(number.text)
        value.shift(by: options.scale)
        value.round(toFractionDigits: max(options.maximumFractionDigits, options.minimumFractionDigits))
        value.trimFraction(keeping: options.minimumFractionDigits)
        var output = ""
        if value.isNegative {
            output += options.isPercent ? negativePercentPrefix : minus
        } else {
            if options.alwaysShowsSign { output += plus }
            if options.isPercent { output += percentPrefix }
        }
        let digitCharacters = Array(digits)
        let integerCount = value.integer.count
        let groups =
            options.usesGrouping && primaryGrouping > 0 && integerCount >= primaryGrouping + minimumGroupingDigits
        for (offset, digit) in value.integer.enumerated() {
            let remaining = integerCount - offset
            if groups, offset > 0, remaining >= primaryGrouping,
                remaining == primaryGrouping || (remaining - primaryGrouping) % max(secondaryGrouping, 1) == 0
            {
                output += group
            }
            output.append(digitCharacters[Int(digit)])
        }
        if !value.fraction.isEmpty {
            output += decimal
            for digit in value.fraction { output.append(digitCharacters[Int(digit)]) }
        }
        if options.isPercent { output += percentSuffix }
        return output
    }
}

/// A decimal number as its digits (values 0–9), for exact scaling and rounding.
struct DecimalText: Equatable {
    var isNegative: Bool
    /// At least one digit, no leading zeros but a lone zero.
    var integer: [UInt8]
    var fraction: [UInt8]

    /// Reads canonical `MessageNumber` text: optional `-`, digits, optional `.` and digits.
    init(_ text: String) {
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

    /// Multiplies by 10^`places` (only non-negative scales are used).
    mutating func shift(by places: Int) {
        guard places > 0 else { return }
        for _ in 0..<places {
            integer.append(fraction.isEmpty ? 0 : fraction.removeFirst())
        }
        normalizeInteger()
    }

    /// Rounds half to even at `digits` fraction digits, as ICU does by default.
    mutating func round(toFractionDigits digits: Int) {
        guard fraction.count > digits else { return }
        let first = fraction[digits]
        let rest = fraction[(digits + 1)...]
        fraction.removeSubrange(digits...)
        let previous = digits > 0 ? fraction[digits - 1] : integer[integer.count - 1]
        let roundsUp = first > 5 || (first == 5 && (rest.contains { $0 != 0 } || previous % 2 == 1))
        guard roundsUp else { return }
        // Add one unit in the last kept place, carrying through both parts.
        var digits = integer + fraction
        var index = digits.count - 1
        while index >= 0, digits[index] == 9 {
            digits[index] = 0
            index -= 1
        }
        if index >= 0 { digits[index] += 1 } else { digits.insert(1, at: 0) }
        let integerCount = digits.count - fraction.count
        integer = Array(digits[..<integerCount])
        fraction = Array(digits[integerCount...])
    }

    /// Drops trailing zeros past `minimum` fraction digits and pads with zeros up to it.
    mutating func trimFraction(keeping minimum: Int) {
        while fraction.count > minimum, fraction.last == 0 { fraction.removeLast() }
        while fraction.count < minimum { fraction.append(0) }
    }
}
