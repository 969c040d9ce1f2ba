import WidgetI18nSupport

/// A unit of a number skeleton's `unit/…` (`meter-per-second`, `kilogram-meter-per-square-second`,
/// `megabit-per-second`), read and named as ICU4C 77.1 does: the identifier grammar and normalization of
/// `measunit_extra.cpp` (SI and binary prefixes, `square-`/`cubic-` powers, `-per-`, a constant denominator,
/// parts sorted by quantity and merged: `meter-meter` is `square-meter`), and the names of
/// `number_longnames.cpp`'s `LongNameHandler`: a built-in unit's own CLDR patterns, else the patterns composed by
/// CLDR's rules from its parts' (`{0} per {1}`, `{0}-{1}`, `kilo{0}`, `square {0}`), with German's accusative
/// denominators, French's plural factors and the gendered power patterns.
///
/// Mixed units (`foot-and-inch`) are refused: ICU converts between them, which needs conversion data WidgetI18n
/// does not carry.
package struct MeasureUnit: Hashable, Sendable {
    /// One factor: a simple unit (its index in CLDR's `convertUnits`), a prefix, a power (negative after `per`).
    struct Single: Hashable, Sendable {
        var index: Int
        var prefix: Prefix?
        var power: Int
    }

    /// An SI (`kilo`, base 10, power 3) or binary (`kibi`, base 1024, power 1) prefix.
    struct Prefix: Hashable, Sendable {
        var base: Int
        var power: Int
    }

    /// A unit that cannot be used, and why.
    package struct Problem: Error, Hashable, Sendable {
        package var reason: String
    }

    private(set) var units: [Single] = []
    private(set) var isCompound = false
    /// A constant denominator (`liter-per-100-kilometer`'s 100 is part of a built-in; `meter-per-1000-second`'s
    /// 1000 is this), 0 for none.
    private(set) var constant: UInt64 = 0

    /// The normalized identifier, as ICU serializes it.
    package var identifier: String { Self.identifier(units, constant: constant) }

    /// `text` parsed as ICU's `MeasureUnit::forIdentifier`, normalized, and checked to be one ICU 77 formats: every
    /// simple unit a built-in one (not `fortnight`), powers up to 3.
    package init(parsing text: String) throws(Problem) {
        try parse(text)
        guard !units.isEmpty else { throw Problem(reason: "a unit needs a unit, not only a constant") }
        if isCompound { units.sort { Self.sortKey($0).lexicographicallyPrecedes(Self.sortKey($1)) } }
        try checkFormattable()
    }

    /// `unit` divided by `per` (`measure-unit/length-meter per-measure-unit/duration-second`).
    package init(_ unit: MeasureUnit, per: MeasureUnit) throws(Problem) {
        self = unit
        for var single in per.units {
            single.power = -single.power
            append(single)
        }
        if per.constant != 0 { throw Problem(reason: "a per-unit has no constant") }
        isCompound = units.count > 1 || constant != 0
        if isCompound { units.sort { Self.sortKey($0).lexicographicallyPrecedes(Self.sortKey($1)) } }
        try checkFormattable()
    }

    private func checkFormattable() throws(Problem) {
        let catalog = Catalog.shared
        guard !catalog.builtin.keys.contains(identifier) else { return }
        for single in units {
            let id = catalog.simple[single.index]
            guard catalog.builtin[id] != nil else {
                throw Problem(reason: "'\(id)' is a unit ICU 77 does not format")
            }
            guard abs(single.power) <= 3 else {
                throw Problem(reason: "no locale has patterns for a power above 3 (pow\(abs(single.power)))")
            }
        }
    }

    // MARK: Parsing (measunit_extra.cpp's Parser)

    enum Token {
        case prefix(Prefix)
        case initialPer, per, times, and
        case power(Int)
        case unit(Int)
        case constant(UInt64)
    }

    private enum Complexity { case single, compound, mixed }

    private mutating func parse(_ text: String) throws(Problem) {
        let source = Array(text.utf8)
        guard !source.isEmpty else { throw Problem(reason: "an empty unit") }
        var position = 0
        var afterPer = false
        var complexity = Complexity.single
        while position < source.count {
            var single = Single(index: -1, prefix: nil, power: 1)
            let atStart = position == 0
            var token = try nextToken(source, &position)
            var justPer = false
            var sawAnd = false
            if atStart {
                if case .initialPer = token {
                    afterPer = true
                    justPer = true
                    single.power = -1
                    token = try nextToken(source, &position)
                }
            } else {
                switch token {
                case .per:
                    afterPer = true
                    justPer = true
                    single.power = -1
                case .times:
                    if afterPer { single.power = -1 }
                case .and:
                    if afterPer { throw Problem(reason: "'-and-' cannot follow 'per'") }
                    sawAnd = true
                default: throw Problem(reason: "the parts of a unit are joined by '-', '-per-' or '-and-'")
                }
                token = try nextToken(source, &position)
            }
            if case .constant(let value) = token {
                guard justPer else { throw Problem(reason: "a constant comes right after 'per'") }
                guard constant == 0 else { throw Problem(reason: "a unit has at most one constant") }
                constant = value
                complexity = .compound
                continue
            }
            var state = 0
            while true {
                switch token {
                case .power(let power):
                    guard state == 0 else { throw Problem(reason: "a power comes before the prefix") }
                    single.power *= power
                    state = 1
                case .prefix(let prefix):
                    guard state <= 1 else { throw Problem(reason: "a prefix comes before the unit") }
                    single.prefix = prefix
                    state = 2
                case .unit(let index):
                    single.index = index
                default:
                    throw Problem(reason: "a unit's name is missing")
                }
                if single.index >= 0 { break }
                guard position < source.count else { throw Problem(reason: "a unit's name is missing") }
                token = try nextToken(source, &position)
            }
            let added = append(single)
            if sawAnd, !added { throw Problem(reason: "a mixed unit repeats a unit") }
            if units.count >= 2 {
                let kind: Complexity = sawAnd ? .mixed : .compound
                if units.count == 2 {
                    complexity = kind
                } else if complexity != kind {
                    throw Problem(reason: "a unit is either mixed ('-and-') or compound, not both")
                }
            }
        }
        if complexity == .mixed {
            throw Problem(reason: "mixed units ('-and-') need unit conversion, which WidgetI18n does not do")
        }
        isCompound = complexity == .compound
    }

    /// Adds `single`, merging it into a factor of the same unit, prefix and sign of power (`meter-meter` is
    /// `square-meter`); returns whether it was added as a factor of its own.
    @discardableResult
    private mutating func append(_ single: Single) -> Bool {
        if let index = units.lastIndex(where: {
            $0.index == single.index && $0.prefix == single.prefix && ($0.power > 0) == (single.power > 0)
        }) {
            units[index].power += single.power
            return false
        }
        units.append(single)
        return true
    }

    /// The longest token at `position` (ICU's trie walk), else a constant up to the next `-`.
    private func nextToken(_ source: [UInt8], _ position: inout Int) throws(Problem) -> Token {
        let catalog = Catalog.shared
        var best: (Token, Int)?
        var end = position
        while end < source.count {
            end += 1
            let piece = String(decoding: source[position..<end], as: UTF8.self)
            if let token = catalog.tokens[piece] {
                best = (token, end)
                if !catalog.tokenPrefixes.contains(piece) { break }
            } else if !catalog.tokenPrefixes.contains(piece) {
                break
            }
        }
        if let (token, tokenEnd) = best {
            position = tokenEnd
            return token
        }
        let dash = source[position...].firstIndex(of: UInt8(ascii: "-")) ?? source.count
        guard dash > position else { throw Problem(reason: "a part of the unit is empty") }
        let text = String(decoding: source[position..<dash], as: UTF8.self)
        position = dash
        // A constant, as ICU reads it with double-conversion (1000, 1e9): a whole number from 1 below 2^63.
        guard let value = Double(text), value.isFinite, value >= 1, value < 9.223_372_036_854_775_807e18,
            abs(value - value.rounded()) <= 1e-9
        else { throw Problem(reason: "'\(text)' is not a unit CLDR knows") }
        return .constant(UInt64(value))
    }

    // MARK: Normalization

    /// ICU's `SingleUnitImpl::compareTo`: positive powers first, then by the quantity of the unit's base unit,
    /// the unit's place in `convertUnits`, and the prefix's power (binary ones counted three times), larger first.
    private static func sortKey(_ single: Single) -> [Int] {
        let catalog = Catalog.shared
        let prefixPower = single.prefix.map { $0.base == 1024 ? $0.power * 3 : $0.power } ?? 0
        return [
            single.power > 0 ? 0 : 1, catalog.quantity[single.index], single.index, -prefixPower,
            -(single.prefix?.base ?? 10),
        ]
    }

    /// The identifier of `units`, in their order, and a constant denominator.
    static func identifier(_ units: [Single], constant: UInt64) -> String {
        let catalog = Catalog.shared
        var output = ""
        var beforePer = true
        var constantWritten = false
        for single in units {
            if beforePer, single.power < 0 {
                beforePer = false
                output += output.isEmpty ? "per-" : "-per-"
                if constant != 0 {
                    output += constantText(constant) + "-"
                    constantWritten = true
                }
            } else if !output.isEmpty {
                output += "-"
            }
            let power = abs(single.power)
            output += power == 1 ? "" : power == 2 ? "square-" : power == 3 ? "cubic-" : "pow\(power)-"
            if let prefix = single.prefix { output += catalog.prefixName[prefix] ?? "" }
            output += catalog.simple[single.index]
        }
        if !constantWritten, constant != 0 { output += "-per-" + constantText(constant) }
        return output
    }

    /// A constant as ICU writes it: in full up to 1000, `1e6` for a larger power of ten.
    private static func constantText(_ value: UInt64) -> String {
        let text = String(value)
        guard value > 1000, text.utf8.first == UInt8(ascii: "1"), text.utf8.dropFirst().allSatisfy({ $0 == 0x30 })
        else { return text }
        return "1e\(text.utf8.count - 1)"
    }
}
