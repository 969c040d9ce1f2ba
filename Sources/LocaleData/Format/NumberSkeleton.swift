import WidgetI18nSupport

/// How to print a number: an ICU number skeleton (`compact-short`, `currency/EUR unit-width-narrow`, `.00`),
/// or one of MessageFormat's styles (`integer`, `percent`) expressed as one.
///
/// Parsed once per message (`MessageParser` checks every token, so `check` reports a bad one with its position).
package struct NumberSkeleton: Hashable, Sendable {
    package enum Notation: Hashable, Sendable {
        case simple, compactShort, compactLong
        /// `scientific`, `engineering`, `E0`, `EE+!00`.
        case scientific(Scientific)
    }
    /// Scientific notation's settings: exponents that are multiples of `interval` (3 for engineering), with at
    /// least `minimumExponentDigits` digits and the exponent's own sign display.
    package struct Scientific: Hashable, Sendable {
        package var interval = 1
        package var minimumExponentDigits = 1
        package var exponentSign = SignDisplay.auto
    }
    package enum Unit: Hashable, Sendable {
        case none
        /// `percent`: the `%` sign, no scaling (`scale/100` or `%x100` scale).
        case percent
        /// `permille`: the percent pattern with `‰`, no scaling.
        case permille
        case currency(String)
        /// A CLDR unit widgets show (`hour`, `kilometer-per-hour`).
        case measure(String)
    }
    package enum UnitWidth: Hashable, Sendable { case short, narrow, fullName, isoCode, hidden, formal, variant }
    package enum Precision: Hashable, Sendable {
        /// The pattern's or the notation's default.
        case standard
        /// Digits as the decimal arithmetic keeps them: fraction digits (`.00`, `.00+`), significant digits (`@@#`,
        /// `@@+`), both (`.00/@@@+`, `.0#/@@@r`), or a multiple of an increment (`precision-increment/0.05`).
        case digits(DecimalText.Precision)
        case unlimited
        case currencyStandard
        /// The currency's cash rounding (CHF to 0.05).
        case currencyCash

        /// Fraction digits; `maximum` may be `DecimalText.unlimited` (`.00+`).
        package static func fraction(minimum: Int, maximum: Int) -> Self {
            .digits(.fraction(minimum: minimum, maximum: maximum))
        }

        /// Significant digits; `maximum` may be `DecimalText.unlimited` (`@@+`).
        package static func significant(minimum: Int, maximum: Int) -> Self {
            .digits(.significant(minimum: minimum, maximum: maximum))
        }
    }
    package enum SignDisplay: Hashable, Sendable {
        case auto, always, never, exceptZero, negative
        /// The `accounting` forms: a currency's negative amounts in the locale's accounting pattern (`($1.00)`).
        case accounting, accountingAlways, accountingExceptZero, accountingNegative
    }
    package enum Grouping: Hashable, Sendable { case auto, off, min2, onAligned, thousands }

    package var notation = Notation.simple
    package var unit = Unit.none
    package var unitWidth = UnitWidth.short
    package var precision = Precision.standard
    /// `/w`: no fraction digits on a number that is whole after rounding.
    package var hidesFractionWhenWhole = false
    package var roundingMode = RoundingMode.halfEven
    /// Multiply by 10^this (`scale/100` → 2, `%x100` → 2).
    package var scale = 0
    /// A scale that is not a power of ten (`scale/0.5`), in canonical decimal text; applied after `scale`.
    package var scaleFactor: String?
    package var sign = SignDisplay.auto
    package var grouping = Grouping.auto
    /// `integer-width/…`: at least `minimum` integer digits (zero-filled), at most `maximum` (the higher ones
    /// dropped), `nil` for no limit.
    package var integerWidth: (minimum: Int, maximum: Int?)? {
        get { integerDigits.map { ($0.minimum, $0.maximum) } }
        set { integerDigits = newValue.map { IntegerDigits(minimum: $0.minimum, maximum: $0.maximum) } }
    }
    private var integerDigits: IntegerDigits?
    /// `decimal-always`: the decimal separator even without fraction digits (`1.`).
    package var showsDecimalSeparator = false
    /// `numbering-system/arab`, `latin`: another numbering system's digits and symbols.
    package var numberingSystem: String?
    /// `per-measure-unit/…` as written and its unit, divided into a `measure-unit/…` once every token is read.
    private var perUnit: [String]?
    private var unitIsBuiltIn = false

    private struct IntegerDigits: Hashable, Sendable {
        var minimum: Int
        var maximum: Int?
    }

    /// MessageFormat's `{n, number}`, with the locale pattern's precision.
    package static let decimal = NumberSkeleton()

    /// MessageFormat's `integer` style.
    package static let integer = NumberSkeleton(precision: .fraction(minimum: 0, maximum: 0))

    /// MessageFormat's `percent` style: the locale's percent pattern, scaled by 100.
    package static let percentStyle = NumberSkeleton(unit: .percent, precision: .standard, scale: 2)

    /// A token the skeleton cannot use, and where it starts (in Unicode scalars from the skeleton's start).
    package struct Problem: Error, Hashable, Sendable {
        package var token: String
        package var offset: Int
        package var reason: String
    }

    /// A parse's outcome. Not `Result`, whose metadata costs a widget's first render a conformance scan (see
    /// `MessageCache.Parsed`).
    private enum Parsed {
        case skeleton(NumberSkeleton)
        case problem(Problem)
    }

    private static let parsed = BoundedCache<Parsed>(capacity: 512)

    /// `text` parsed, once per process: a message's skeleton is read on every format call.
    package static func cached(_ text: String) throws(Problem) -> NumberSkeleton {
        let outcome = parsed.value(forKey: text) { () -> Parsed in
            do throws(Problem) { return .skeleton(try NumberSkeleton(parsing: text)) } catch { return .problem(error) }
        }
        switch outcome {
        case .skeleton(let skeleton): return skeleton
        case .problem(let problem): throw problem
        }
    }

    /// The settings a token sets; ICU refuses a skeleton that sets one twice (`.00 .0`, `percent currency/EUR`).
    private enum Setting: Int {
        case notation, unit, perUnit, unitWidth, precision, roundingMode, integerWidth, scale, sign, grouping, decimal
        case numberingSystem
    }

    /// Reads the tokens of `text` (what follows `::`), as ICU's number skeleton syntax defines them (the
    /// "Number Skeletons" page of the ICU user guide): the long stems and the concise ones.
    package init(parsing text: String) throws(Problem) {
        // A bit per setting: a `Set` would cost a widget's first render its metadata.
        var seen = 0
        func insert(_ setting: Setting) -> Bool {
            defer { seen |= 1 << setting.rawValue }
            return seen & 1 << setting.rawValue == 0
        }
        for token in text.unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            let offset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: token.startIndex)
            let token = String(token)
            let setting = try apply(token, offset: offset)
            // `%x100` is a unit and a scale.
            guard insert(setting), token != "%x100" || insert(.scale) else {
                throw Problem(token: token, offset: offset, reason: "the skeleton already sets this (\(setting))")
            }
        }
        if let perUnit {
            // ICU divides only a `measure-unit/…` by it (`unit/meter per-measure-unit/…` is an error).
            let offset = text.unicodeScalars.count
            let token = "per-measure-unit/" + perUnit[0]
            guard unitIsBuiltIn, case .measure(let name) = unit else {
                throw Problem(token: token, offset: offset, reason: "per-measure-unit divides a measure-unit")
            }
            do throws(MeasureUnit.Problem) {
                let divided = try MeasureUnit(
                    try MeasureUnit(parsing: name), per: try MeasureUnit(parsing: perUnit[1]))
                unit = .measure(divided.identifier)
            } catch {
                throw Problem(token: token, offset: offset, reason: error.reason)
            }
            self.perUnit = nil
        }
    }

    package init(
        notation: Notation = .simple, unit: Unit = .none, precision: Precision = .standard, scale: Int = 0
    ) {
        self.notation = notation
        self.unit = unit
        self.precision = precision
        self.scale = scale
    }

    private mutating func apply(_ token: String, offset: Int) throws(Problem) -> Setting {
        func problem(_ reason: String) -> Problem { Problem(token: token, offset: offset, reason: reason) }
        switch token {
        case "compact-short", "K": notation = .compactShort
        case "compact-long", "KK": notation = .compactLong
        case "notation-simple": notation = .simple
        case "percent", "%": unit = .percent
        case "permille": unit = .permille
        case "%x100":
            unit = .percent
            scale = 2
            return .unit
        case "base-unit": unit = .none
        case "unit-width-short": unitWidth = .short
        case "unit-width-narrow": unitWidth = .narrow
        case "unit-width-full-name": unitWidth = .fullName
        case "unit-width-iso-code": unitWidth = .isoCode
        case "unit-width-hidden": unitWidth = .hidden
        case "unit-width-formal": unitWidth = .formal
        case "unit-width-variant": unitWidth = .variant
        case "sign-auto": sign = .auto
        case "sign-always", "+!": sign = .always
        case "sign-never", "+_": sign = .never
        case "sign-except-zero", "+?": sign = .exceptZero
        case "sign-negative", "+-": sign = .negative
        case "sign-accounting", "()": sign = .accounting
        case "sign-accounting-always", "()!": sign = .accountingAlways
        case "sign-accounting-except-zero", "()?": sign = .accountingExceptZero
        case "sign-accounting-negative", "()-": sign = .accountingNegative
        case "group-auto": grouping = .auto
        case "group-off", ",_": grouping = .off
        case "group-min2", ",?": grouping = .min2
        case "group-on-aligned", ",!": grouping = .onAligned
        case "group-thousands": grouping = .thousands
        case "decimal-auto": showsDecimalSeparator = false
        case "decimal-always": showsDecimalSeparator = true
        case "integer-width-trunc": integerWidth = (0, 0)
        case "latin": numberingSystem = "latn"
        case "rounding-mode-ceiling": roundingMode = .ceiling
        case "rounding-mode-floor": roundingMode = .floor
        case "rounding-mode-down": roundingMode = .down
        case "rounding-mode-up": roundingMode = .up
        case "rounding-mode-half-even": roundingMode = .halfEven
        case "rounding-mode-half-odd": roundingMode = .halfOdd
        case "rounding-mode-half-ceiling": roundingMode = .halfCeiling
        case "rounding-mode-half-floor": roundingMode = .halfFloor
        case "rounding-mode-half-down": roundingMode = .halfDown
        case "rounding-mode-half-up": roundingMode = .halfUp
        case "rounding-mode-unnecessary": roundingMode = .unnecessary
        default: return try applyWithOptions(token, problem: problem)
        }
        return Self.setting(of: token)
    }

    /// The setting of a stem without options.
    private static func setting(of token: String) -> Setting {
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
    private mutating func applyWithOptions(_ token: String, problem: (String) -> Problem) throws(Problem) -> Setting {
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
    private mutating func applyPrecisionOptions(
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
    private mutating func applyTrailingZeroOption(
        _ options: ArraySlice<String>, problem: (String) -> Problem
    ) throws(Problem) {
        guard let first = options.first else { return }
        guard first == "w", options.count == 1 else { throw problem("the option after a precision is w") }
        hidesFractionWhenWhole = true
    }

    /// `.00`, `.0#`, `.##`, `.00+`, `.00*`, `@@#`, `@@@`, `@@+`, `@@*`: fraction or significant digits.
    private static func precision(_ token: String) -> Precision? {
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
    private static func fractionSignificant(_ option: String)
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
    private static func exponentDigits(_ option: String) -> Int? {
        let bytes = Array(option.utf8)
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "*"),
            bytes.dropFirst().allSatisfy({ $0 == UInt8(ascii: "e") })
        else { return nil }
        return bytes.count - 1
    }

    /// A sign display's long name (`sign-always`), as a scientific option.
    private static func signDisplay(_ option: String) -> SignDisplay? {
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
    private static func conciseScientific(_ token: String) -> Scientific? {
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
    private static func integerWidth(_ option: String) -> (minimum: Int, maximum: Int?)? {
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
    private static func writtenDecimal(_ text: String) -> String {
        text.hasPrefix(".") ? "0" + text : text
    }

    /// `100` → 2, `0.01` → -2; `nil` for anything but a positive power of ten.
    private static func powerOfTen(_ number: MessageNumber) -> Int? {
        guard !number.text.hasPrefix("-") else { return nil }
        let digits = DecimalText(number.text)
        let all = digits.integer + digits.fraction
        guard all.filter({ $0 != 0 }) == [1] else { return nil }
        let one = all.firstIndex(of: 1)!
        return digits.integer.count - 1 - one
    }
}

extension String {
    /// The rest of the string after `prefix`, or `nil` when it does not start with it.
    package func stripping(prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
