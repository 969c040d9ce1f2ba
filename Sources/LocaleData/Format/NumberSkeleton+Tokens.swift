import WidgetI18nSupport

// MARK: - What one token sets

extension NumberSkeleton {
    /// The setting of a stem without options.
    static func setting(of token: String) -> Setting {
        if token.hasPrefix("compact") || token.hasPrefix("K") || token == "notation-simple" { return .notation }
        if token.hasPrefix("unit-width") { return .unitWidth }
        if token.hasPrefix("sign") || token.hasPrefix("+") || token.hasPrefix("(") { return .sign }
        if token.hasPrefix("group") || token.hasPrefix(",") { return .grouping }
        if token.hasPrefix("decimal") { return .decimal }
        if token.hasPrefix("integer-width") { return .integerWidth }
        if token == "latin" { return .numberingSystem }
        if token.hasPrefix("rounding-mode") { return .roundingMode }
        return .unit
    }

    /// Stems with options (`currency/EUR`, `.00/w`, `scientific/+ee`) and the concise forms with digits (`E0`,
    /// `000`, `@@#`).
    mutating func applyWithOptions(_ token: String, problem: (String) -> Problem) throws(Problem) -> Setting {
        let parts = token.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let stem = parts[0]
        let options = parts.dropFirst()
        switch stem {
        case "currency":
            guard options.count == 1, let value = options.first, value.utf8.count == 3,
                value.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
            else { throw problem("a currency is three capital letters (EUR)") }
            unit = .currency(value)
            return .unit
        case "unit":
            guard options.count == 1, let name = options.first else { throw problem("a unit names one unit") }
            do throws(MeasureUnit.Problem) {
                unit = .measure(try MeasureUnit(parsing: name).identifier)
            } catch {
                throw problem("unit '\(name)': \(error.reason)")
            }
            unitIsBuiltIn = false
            return .unit
        case "measure-unit", "per-measure-unit":
            // `measure-unit/duration-hour`: a built-in unit, its type first.
            guard options.count == 1, let name = options.first, let dash = name.firstIndex(of: "-"),
                MeasureUnit.Catalog.shared.builtin[String(name[name.index(after: dash)...])] == String(name[..<dash])
            else { throw problem("a measure unit is a type and a built-in unit of it (length-meter)") }
            let subtype = String(name[name.index(after: dash)...])
            if stem == "measure-unit" {
                unit = .measure(subtype)
                unitIsBuiltIn = true
                return .unit
            }
            perUnit = [name, subtype]
            return .perUnit
        case "numbering-system":
            guard options.count == 1, let name = options.first, !name.isEmpty,
                name.utf8.allSatisfy({ ASCII.isAlphanumeric($0) }),
                name == "latn" || CLDRData.rootValues(.numbers)["digits." + name] != nil
            else { throw problem("a numbering system is a decimal one CLDR has, such as arab or thai") }
            numberingSystem = name.lowercased()
            return .numberingSystem
        case "scale":
            guard options.count == 1, let value = options.first, let number = MessageNumber(value) else {
                throw problem("a scale is a decimal number (scale/100, scale/0.5)")
            }
            if let exponent = Self.powerOfTen(number) {
                scale = exponent
            } else {
                scaleFactor = number.text
            }
            return .scale
        case "integer-width":
            guard options.count == 1, let width = Self.integerWidth(options[options.startIndex]) else {
                throw problem("an integer width is +000, ##0 or 00")
            }
            integerWidth = width
            return .integerWidth
        case "precision-increment":
            guard let written = options.first, let number = MessageNumber(written), !written.isEmpty,
                written.utf8.allSatisfy({ ASCII.isDigit($0) || $0 == UInt8(ascii: ".") }),
                !DecimalText(number.text).isZero, written.utf8.count <= 15
            else { throw problem("an increment is a positive decimal number (precision-increment/0.05)") }
            // The increment's digits as written: `0.50` shows two fraction digits.
            precision = .digits(.increment(DecimalText(Self.writtenDecimal(written))))
            try applyTrailingZeroOption(options.dropFirst(), problem: problem)
            return .precision
        case "precision-integer", ".":
            precision = .fraction(minimum: 0, maximum: 0)
            try applyPrecisionOptions(options, problem: problem)
            return .precision
        case "precision-unlimited", ".+":
            precision = .unlimited
            try applyTrailingZeroOption(options, problem: problem)
            return .precision
        case "precision-currency-standard", "precision-currency-cash":
            precision = stem == "precision-currency-cash" ? .currencyCash : .currencyStandard
            try applyTrailingZeroOption(options, problem: problem)
            return .precision
        case "scientific", "engineering":
            var scientific = Scientific(interval: stem == "engineering" ? 3 : 1)
            var seenDigits = false
            var seenSign = false
            for option in options {
                if let digits = Self.exponentDigits(option), !seenDigits {
                    scientific.minimumExponentDigits = digits
                    seenDigits = true
                } else if let sign = Self.signDisplay(option), !seenSign {
                    scientific.exponentSign = sign
                    seenSign = true
                } else {
                    throw problem("a scientific option is +ee (exponent digits) or a sign display")
                }
            }
            notation = .scientific(scientific)
            return .notation
        default: break
        }
        if let scientific = Self.conciseScientific(token) {
            notation = .scientific(scientific)
            return .notation
        }
        if options.isEmpty, !stem.isEmpty, stem.utf8.allSatisfy({ $0 == UInt8(ascii: "0") }) {
            // `000`: `integer-width/+000`.
            integerWidth = (stem.utf8.count, nil)
            return .integerWidth
        }
        if stem.hasPrefix(".") || stem.hasPrefix("@") {
            guard let parsed = Self.precision(stem) else { throw problem("a precision is .00, .0#, @@#, .00+ or @@+") }
            precision = parsed
            try applyPrecisionOptions(options, problem: problem)
            return .precision
        }
        throw problem("unknown number skeleton token")
    }

    /// A fraction precision's options: a significant-digit one (`.00/@@@+`), then `w`.
    mutating func applyPrecisionOptions(
        _ options: ArraySlice<String>, problem: (String) -> Problem
    ) throws(Problem) {
        var options = options
        if let first = options.first, first.hasPrefix("@") {
            guard case .digits(.fraction(let minimumFraction, let maximumFraction)) = precision,
                let significant = Self.fractionSignificant(first)
            else { throw problem("a significant-digit option is @@@+, @## or @@#r / @@#s, after a fraction") }
            precision = .digits(
                .fractionSignificant(
                    minimumFraction: minimumFraction, maximumFraction: maximumFraction,
                    minimumSignificant: significant.minimum, maximumSignificant: significant.maximum,
                    relaxed: significant.relaxed, retain: significant.retain))
            options = options.dropFirst()
        }
        try applyTrailingZeroOption(options, problem: problem)
    }

    /// `w`, the one option left after a precision: hide the fraction of a whole number.
    mutating func applyTrailingZeroOption(
        _ options: ArraySlice<String>, problem: (String) -> Problem
    ) throws(Problem) {
        guard let first = options.first else { return }
        guard first == "w", options.count == 1 else { throw problem("the option after a precision is w") }
        hidesFractionWhenWhole = true
    }

    /// `.00`, `.0#`, `.##`, `.00+`, `.00*`, `@@#`, `@@@`, `@@+`, `@@*`: fraction or significant digits.
    static func precision(_ token: String) -> Precision? {
        let bytes = Array(token.utf8)
        let isFraction = bytes.first == UInt8(ascii: ".")
        let counted = isFraction ? bytes.dropFirst() : bytes[...]
        let required = isFraction ? UInt8(ascii: "0") : UInt8(ascii: "@")
        let minimum = counted.prefix { $0 == required }.count
        let rest = counted.dropFirst(minimum)
        guard isFraction || minimum > 0 else { return nil }
        let maximum: Int
        if rest.elementsEqual([UInt8(ascii: "*")]) || rest.elementsEqual([UInt8(ascii: "+")]) {
            maximum = DecimalText.unlimited
        } else {
            guard rest.allSatisfy({ $0 == UInt8(ascii: "#") }), minimum + rest.count <= 20 else { return nil }
            maximum = minimum + rest.count
        }
        return isFraction
            ? .fraction(minimum: minimum, maximum: maximum) : .significant(minimum: minimum, maximum: maximum)
    }

    /// A fraction precision's significant-digit option, as ICU's `parseFracSigOption` reads it: `@@@+` (at least
    /// that many: `withMinDigits`), `@##` (at most: `withMaxDigits`), or `@@#r` / `@@#s` with a priority.
    static func fractionSignificant(_ option: String)
        -> (minimum: Int, maximum: Int, relaxed: Bool, retain: Bool)?
    {
        var bytes = Array(option.utf8)[...]
        let ats = bytes.prefix { $0 == UInt8(ascii: "@") }.count
        bytes = bytes.dropFirst(ats)
        var maximum = ats
        var unlimited = false
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "*") {
            unlimited = true
            bytes = bytes.dropFirst()
        } else {
            let hashes = bytes.prefix { $0 == UInt8(ascii: "#") }.count
            maximum += hashes
            bytes = bytes.dropFirst(hashes)
        }
        guard ats > 0, maximum <= 20 else { return nil }
        if let priority = bytes.first {
            guard bytes.count == 1, priority == UInt8(ascii: "r") || priority == UInt8(ascii: "s") else { return nil }
            return (ats, unlimited ? DecimalText.unlimited : maximum, priority == UInt8(ascii: "r"), false)
        }
        // withMinDigits(n) and withMaxDigits(n) are ICU's (1, n) with the relaxed or the strict priority.
        if unlimited { return (1, ats, true, true) }
        guard ats == 1 else { return nil }
        return (1, maximum, false, true)
    }

    /// `+e`, `+ee`, `*ee`: the minimum exponent digits.
    static func exponentDigits(_ option: String) -> Int? {
        let bytes = Array(option.utf8)
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "*"),
            bytes.dropFirst().allSatisfy({ $0 == UInt8(ascii: "e") })
        else { return nil }
        return bytes.count - 1
    }

    /// A sign display's long name (`sign-always`), as a scientific option.
    static func signDisplay(_ option: String) -> SignDisplay? {
        switch option {
        case "sign-auto": .auto
        case "sign-always": .always
        case "sign-never": .never
        case "sign-except-zero": .exceptZero
        case "sign-negative": .negative
        case "sign-accounting": .accounting
        case "sign-accounting-always": .accountingAlways
        case "sign-accounting-except-zero": .accountingExceptZero
        case "sign-accounting-negative": .accountingNegative
        default: nil
        }
    }

    /// `E0`, `E00`, `EE0`, `E+!0`, `EE+?00`: scientific notation's concise form.
    static func conciseScientific(_ token: String) -> Scientific? {
        var bytes = Array(token.utf8)[...]
        let letters = bytes.prefix { $0 == UInt8(ascii: "E") }.count
        guard letters == 1 || letters == 2 else { return nil }
        bytes = bytes.dropFirst(letters)
        var scientific = Scientific(interval: letters == 2 ? 3 : 1)
        if bytes.first == UInt8(ascii: "+") {
            let mark = bytes.dropFirst().first
            if mark == UInt8(ascii: "!") {
                scientific.exponentSign = .always
            } else if mark == UInt8(ascii: "?") {
                scientific.exponentSign = .exceptZero
            } else {
                return nil
            }
            bytes = bytes.dropFirst(2)
        }
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 == UInt8(ascii: "0") }) else { return nil }
        scientific.minimumExponentDigits = bytes.count
        return scientific
    }

    /// `+000`, `*000` (at least three), `##0` (one to three), `00` (exactly two), `+` (any).
    static func integerWidth(_ option: String) -> (minimum: Int, maximum: Int?)? {
        let bytes = Array(option.utf8)
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "*") {
            guard bytes.dropFirst().allSatisfy({ $0 == UInt8(ascii: "0") }), bytes.count <= 100 else { return nil }
            return (bytes.count - 1, nil)
        }
        let hashes = bytes.prefix { $0 == UInt8(ascii: "#") }.count
        let zeros = bytes.dropFirst(hashes)
        guard !bytes.isEmpty, zeros.allSatisfy({ $0 == UInt8(ascii: "0") }), bytes.count <= 100 else { return nil }
        return (zeros.count, bytes.count)
    }

    /// A decimal's digits as written, without a sign or a leading `+` (`0.50` stays `0.50`, `.5` is `0.5`).
    static func writtenDecimal(_ text: String) -> String {
        text.hasPrefix(".") ? "0" + text : text
    }

    /// `100` → 2, `0.01` → -2; `nil` for anything but a positive power of ten.
    static func powerOfTen(_ number: MessageNumber) -> Int? {
        guard !number.text.hasPrefix("-") else { return nil }
        let digits = DecimalText(number.text)
        let all = digits.integer + digits.fraction
        guard all.filter({ $0 != 0 }) == [1] else { return nil }
        let one = all.firstIndex(of: 1)!
        return digits.integer.count - 1 - one
    }
}
