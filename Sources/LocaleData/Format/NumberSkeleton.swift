@_spi(WidgetI18nSupport) import WidgetI18nSupport

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
    var integerDigits: IntegerDigits?
    /// `decimal-always`: the decimal separator even without fraction digits (`1.`).
    package var showsDecimalSeparator = false
    /// `numbering-system/arab`, `latin`: another numbering system's digits and symbols.
    package var numberingSystem: String?
    /// `per-measure-unit/…` as written and its unit, divided into a `measure-unit/…` once every token is read.
    var perUnit: [String]?
    var unitIsBuiltIn = false

    struct IntegerDigits: Hashable, Sendable {
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
    enum Parsed {
        case skeleton(NumberSkeleton)
        case problem(Problem)
    }

    static let parsed = BoundedCache<Parsed>(capacity: 512)

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
    enum Setting: Int {
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

    mutating func apply(_ token: String, offset: Int) throws(Problem) -> Setting {
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

}

extension String {
    /// The rest of the string after `prefix`, or `nil` when it does not start with it.
    package func stripping(prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
