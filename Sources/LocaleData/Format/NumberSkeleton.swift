import WidgetI18nSupport

/// How to print a number: an ICU number skeleton (`compact-short`, `currency/EUR unit-width-narrow`, `.00`),
/// or one of MessageFormat's styles (`integer`, `percent`) expressed as one.
///
/// Parsed once per message (`MessageParser` checks every token, so `check` reports a bad one with its position).
package struct NumberSkeleton: Hashable, Sendable {
    package enum Notation: Hashable, Sendable { case simple, compactShort, compactLong }
    package enum Unit: Hashable, Sendable {
        case none
        /// `percent`: the `%` sign, no scaling (`scale/100` or `%x100` scale).
        case percent
        case currency(String)
        /// A CLDR unit widgets show (`hour`, `kilometer-per-hour`).
        case measure(String)
    }
    package enum UnitWidth: Hashable, Sendable { case short, narrow, fullName, isoCode, hidden }
    package enum Precision: Hashable, Sendable {
        /// The pattern's or the notation's default.
        case standard
        case fraction(minimum: Int, maximum: Int)
        case significant(minimum: Int, maximum: Int)
        case unlimited
        case currencyStandard
    }
    package enum SignDisplay: Hashable, Sendable { case auto, always, never, exceptZero, negative }
    package enum Grouping: Hashable, Sendable { case auto, off, min2, onAligned, thousands }

    package var notation = Notation.simple
    package var unit = Unit.none
    package var unitWidth = UnitWidth.short
    package var precision = Precision.standard
    /// Multiply by 10^this (`scale/100` → 2, `%x100` → 2).
    package var scale = 0
    package var sign = SignDisplay.auto
    package var grouping = Grouping.auto

    /// MessageFormat's `{n, number}`, with the locale pattern's precision.
    package static let decimal = NumberSkeleton()

    /// MessageFormat's `integer` style.
    package static let integer = NumberSkeleton(precision: .fraction(minimum: 0, maximum: 0))

    /// MessageFormat's `percent` style: the locale's percent pattern, scaled by 100.
    package static let percentStyle = NumberSkeleton(unit: .percent, precision: .standard, scale: 2)

    /// The units ICU knows by their simple identifiers, each with its CLDR data key.
    package static let units: Set<String> = [
        "second", "minute", "hour", "day", "week", "month", "year", "meter", "kilometer", "mile", "foot", "gram",
        "kilogram", "pound", "celsius", "fahrenheit", "kilocalorie", "kilometer-per-hour", "mile-per-hour", "liter",
        "kilobyte", "megabyte", "gigabyte", "percent",
    ]

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

    /// Reads the tokens of `text` (what follows `::`).
    package init(parsing text: String) throws(Problem) {
        var offset = 0
        for token in text.unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: token.startIndex)
            offset = start
            try apply(String(token), offset: offset)
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

    private mutating func apply(_ token: String, offset: Int) throws(Problem) {
        switch token {
        case "compact-short", "K": notation = .compactShort
        case "compact-long", "KK": notation = .compactLong
        case "notation-simple": notation = .simple
        case "percent", "%": unit = .percent
        case "%x100":
            unit = .percent
            scale = 2
        case "base-unit", "currency-standard": break
        case "unit-width-short": unitWidth = .short
        case "unit-width-narrow": unitWidth = .narrow
        case "unit-width-full-name": unitWidth = .fullName
        case "unit-width-iso-code": unitWidth = .isoCode
        case "unit-width-hidden": unitWidth = .hidden
        case "precision-integer", ".": precision = .fraction(minimum: 0, maximum: 0)
        case "precision-unlimited", ".+": precision = .unlimited
        case "precision-currency-standard": precision = .currencyStandard
        case "sign-auto", "+?": sign = .auto
        case "sign-always", "+!": sign = .always
        case "sign-never", "+_": sign = .never
        case "sign-except-zero", "+?!": sign = .exceptZero
        case "sign-negative", "+-": sign = .negative
        case "group-auto", ",?": grouping = .auto
        case "group-off", ",_": grouping = .off
        case "group-min2", ",?2": grouping = .min2
        case "group-on-aligned", ",!": grouping = .onAligned
        case "group-thousands", ",=": grouping = .thousands
        case "integer", "latin", "numbering-system/latn": break
        default:
            if let value = token.stripping(prefix: "currency/") {
                guard value.utf8.count == 3,
                    value.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
                else {
                    throw Problem(token: token, offset: offset, reason: "a currency is three capital letters (EUR)")
                }
                unit = .currency(value)
            } else if let value = token.stripping(prefix: "unit/") ?? token.stripping(prefix: "measure-unit/") {
                // `measure-unit/duration-hour` names the category first.
                var name = value
                if token.hasPrefix("measure-unit/"), let dash = value.firstIndex(of: "-") {
                    name = String(value[value.index(after: dash)...])
                }
                guard Self.units.contains(name) else {
                    throw Problem(
                        token: token, offset: offset,
                        reason: "unit '\(value)' is not one WidgetI18n formats; use one of "
                            + Self.units.sorted().joined(separator: ", "))
                }
                unit = .measure(name)
            } else if let value = token.stripping(prefix: "scale/") {
                guard let exponent = Self.powerOfTen(value) else {
                    throw Problem(token: token, offset: offset, reason: "scale must be a power of ten (scale/100)")
                }
                scale = exponent
            } else if let parsed = Self.precision(token) {
                precision = parsed
            } else {
                throw Problem(token: token, offset: offset, reason: "unknown number skeleton token")
            }
        }
    }

    /// `.00`, `.0#`, `.##`, `.00*`, `@@#`, `@@@`, `@@*`: fraction or significant digits.
    private static func precision(_ token: String) -> Precision? {
        let bytes = Array(token.utf8)
        if bytes.first == UInt8(ascii: ".") {
            let digits = bytes.dropFirst()
            let zeros = digits.prefix { $0 == UInt8(ascii: "0") }.count
            let rest = digits.dropFirst(zeros)
            if rest.elementsEqual([UInt8(ascii: "*")]) { return .fraction(minimum: zeros, maximum: 99) }
            guard rest.allSatisfy({ $0 == UInt8(ascii: "#") }), zeros + rest.count <= 20 else { return nil }
            return .fraction(minimum: zeros, maximum: zeros + rest.count)
        }
        if bytes.first == UInt8(ascii: "@") {
            let ats = bytes.prefix { $0 == UInt8(ascii: "@") }.count
            let rest = bytes.dropFirst(ats)
            if rest.elementsEqual([UInt8(ascii: "*")]) { return .significant(minimum: ats, maximum: 99) }
            guard rest.allSatisfy({ $0 == UInt8(ascii: "#") }), ats + rest.count <= 20 else { return nil }
            return .significant(minimum: ats, maximum: ats + rest.count)
        }
        return nil
    }

    /// `100` → 2, `0.01` → -2; `nil` for anything but a power of ten.
    private static func powerOfTen(_ text: String) -> Int? {
        guard let number = MessageNumber(text), !number.text.hasPrefix("-") else { return nil }
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
