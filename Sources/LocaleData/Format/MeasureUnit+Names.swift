import WidgetI18nSupport

extension MeasureUnit {
    /// CLDR's unit tables as `scripts/generate/cldr.py` writes them into the root `units` section: the simple
    /// units of `convertUnits` in order with their quantities' places, the built-in units with their types, and
    /// the tokens of the identifier grammar.
    struct Catalog: Sendable {
        let simple: [String]
        let quantity: [Int]
        /// Built-in subtype → type (`meter-per-second` → `speed`).
        let builtin: [String: String]
        let tokens: [String: Token]
        let tokenPrefixes: Set<String>
        let prefixName: [Prefix: String]
        /// The units whose names every slice keeps (section `u`); any other unit's are the `units` family's.
        let core: Set<String>

        static let shared = Catalog()

        private init() {
            let root = CLDRData.rootValues(.units)
            simple = root.list("units.simple")
            quantity = root.list("units.quantity").map { Int($0) ?? 0 }
            core = Set(root.list("units.core"))
            builtin = Dictionary(
                zip(root.list("units.builtin"), root.list("units.builtinType")), uniquingKeysWith: { first, _ in first }
            )
            var tokens: [String: Token] = ["-per-": .per, "-": .times, "-and-": .and, "per-": .initialPer]
            var names: [Prefix: String] = [:]
            let prefixes: [(String, Int, Int)] = [
                ("quetta", 10, 30), ("ronna", 10, 27), ("yotta", 10, 24), ("zetta", 10, 21), ("exa", 10, 18),
                ("peta", 10, 15), ("tera", 10, 12), ("giga", 10, 9), ("mega", 10, 6), ("kilo", 10, 3),
                ("hecto", 10, 2), ("deka", 10, 1), ("deci", 10, -1), ("centi", 10, -2), ("milli", 10, -3),
                ("micro", 10, -6), ("nano", 10, -9), ("pico", 10, -12), ("femto", 10, -15), ("atto", 10, -18),
                ("zepto", 10, -21), ("yocto", 10, -24), ("ronto", 10, -27), ("quecto", 10, -30), ("kibi", 1024, 1),
                ("mebi", 1024, 2), ("gibi", 1024, 3), ("tebi", 1024, 4), ("pebi", 1024, 5), ("exbi", 1024, 6),
                ("zebi", 1024, 7), ("yobi", 1024, 8),
            ]
            for (name, base, power) in prefixes {
                let prefix = Prefix(base: base, power: power)
                tokens[name] = .prefix(prefix)
                names[prefix] = name
            }
            tokens["square-"] = .power(2)
            tokens["cubic-"] = .power(3)
            for power in 2...15 { tokens["pow\(power)-"] = .power(power) }
            // `kilogram` is always kilo + gram.
            for (index, name) in simple.enumerated() where name != "kilogram" { tokens[name] = .unit(index) }
            var tokenPrefixes: Set<String> = []
            for token in tokens.keys {
                var prefix = ""
                for scalar in token.unicodeScalars.dropLast() {
                    prefix.unicodeScalars.append(scalar)
                    tokenPrefixes.insert(prefix)
                }
            }
            self.tokens = tokens
            self.tokenPrefixes = tokenPrefixes
            prefixName = names
        }
    }

    // MARK: Names (number_longnames.cpp)

    /// CLDR's plural categories in ICU's `StandardPlural` order.
    package static let plurals = ["zero", "one", "two", "few", "many", "other"]

    /// `pattern` (one of `patterns`) around the formatted number: a pattern without `{0}` is the whole text.
    package static func filling(_ pattern: String, with number: String) -> String {
        Names.format(pattern, number)
    }

    /// The unit's pattern for each plural category (`zero` … `other`, `{0}` the number; a pattern without `{0}`
    /// replaces it) at `width` (`long`, `short`, `narrow`) in the units data of a locale whose language is
    /// `language`; `nil` where the data cannot name it.
    /// - Parameters:
    ///   - units: The locale's core unit names (section `u`).
    ///   - more: Its `units` family (section `U`), for a unit outside `Catalog.core`; `nil` for a core unit.
    ///   - language: The locale's language, which picks the grammatical derivations.
    ///   - width: `long`, `short` or `narrow`.
    func patterns(_ units: CLDRData.Values, more: CLDRData.Values?, language: String, width: String) -> [String]? {
        let names = Names(values: NameTables(core: units, more: more), width: width, language: language)
        do throws(Problem) {
            return try names.patterns(self)
        } catch {
            return nil
        }
    }

    /// A locale's unit names: the core section's, then the `units` family's (empty in a slice without it).
    private struct NameTables {
        let core: CLDRData.Values
        let more: CLDRData.Values?

        subscript(key: String) -> String? { core[key] ?? more?[key] }
    }

    /// The names of one locale and width.
    private struct Names {
        let values: NameTables
        let width: String
        let language: String

        /// ICU's ten slots: the six plural forms, then `per`, and whether each is present.
        typealias Forms = [String?]
        static let perSlot = 6

        func patterns(_ unit: MeasureUnit) throws(Problem) -> [String] {
            let identifier = unit.identifier
            if Catalog.shared.builtin[identifier] != nil {
                let data = measureData(identifier, case: "")
                return try (0..<6).map { index throws(Problem) in try Self.withPlural(data, index) }
            }
            var numerator: [Single] = []
            var denominator: [Single] = []
            for var single in unit.units {
                if single.power > 0 {
                    numerator.append(single)
                } else {
                    single.power = -single.power
                    denominator.append(single)
                }
            }
            let perCase = rule("case", "per")
            let top = try timesPatterns(numerator, constant: 0, case: perCase.0 ?? "")
            let bottom = try timesPatterns(denominator, constant: unit.constant, case: perCase.1 ?? "")
            let perPattern: String
            if let own = bottom[Self.perSlot] {
                perPattern = own
            } else {
                // The denominator in its `one` form, its number and edge spaces removed: `{0} per square second`.
                let raw = try compound("per")
                let text = Self.trimmingSpaces(Self.format(try Self.withPlural(bottom, 1), dropping: true))
                perPattern = Self.format(raw, "{0}", text)
            }
            return try (0..<6).map { index throws(Problem) in
                let lead = try Self.withPlural(top, index)
                if perPattern.isEmpty { return lead }
                return lead.isEmpty ? perPattern : Self.format(perPattern, lead)
            }
        }

        /// ICU's `processPatternTimes`: the patterns of a product of units (`kilogram-meter`), from its factors'.
        private func timesPatterns(_ factors: [Single], constant: UInt64, case requestedCase: String)
            throws(Problem) -> Forms
        {
            let identifier = MeasureUnit.identifier(factors, constant: constant)
            if identifier.isEmpty { return Forms(repeating: "", count: 7) }
            if Catalog.shared.builtin[identifier] != nil { return measureData(identifier, case: requestedCase) }
            let times = try compound("times")
            var output = Forms(repeating: nil, count: 7)
            output[5] = ""
            var placeholders = [Placeholder](repeating: .empty, count: 6)
            var joiner: String?
            var pluralCategory: String?
            var caseVariant = requestedCase
            let timesPlural = rule("plural", "times")
            let timesCase = rule("case", "times")
            let powerCase = rule("case", "power")
            for (position, factor) in factors.enumerated() {
                let singlePlural: String?
                var singleCase: String
                if position < factors.count - 1 {
                    singlePlural = timesPlural.0 ?? pluralCategory
                    singleCase = timesCase.0 ?? caseVariant
                    pluralCategory = timesPlural.1 ?? pluralCategory
                    caseVariant = timesCase.1 ?? caseVariant
                } else {
                    singlePlural = timesPlural.1 ?? pluralCategory
                    singleCase = timesCase.1 ?? caseVariant
                }
                let id = Catalog.shared.simple[factor.index]
                guard Catalog.shared.builtin[id] != nil else { throw Problem(reason: "\(id) has no names") }
                let gender = values["gender.\(id)"] ?? ""
                var powerPatterns: Forms?
                if factor.power != 1 {
                    let patterns = MeasureUnit.plurals.map {
                        values["\(width).power\(factor.power).\($0).\(gender).\(singleCase)"]
                    }
                    guard patterns.contains(where: { $0 != nil }) else { throw Problem(reason: "no power pattern") }
                    powerPatterns = patterns + [nil]
                    singleCase = powerCase.0 ?? singleCase
                }
                let prefixPattern = try factor.prefix.map { prefix throws(Problem) in
                    try compound("\(prefix.base)p\(prefix.power)")
                }
                let single = measureData(id, case: singleCase)
                for index in 0..<6 {
                    if output[index] == nil {
                        if single[index] == nil { continue }
                        output[index] = try Self.withPlural(output, index)
                    }
                    let plural = singlePlural.flatMap { MeasureUnit.plurals.firstIndex(of: $0) } ?? index
                    var (core, placeholder, space) = try Self.core(of: try Self.withPlural(single, plural))
                    if placeholders[index] == .empty {
                        placeholders[index] = placeholder
                        joiner = space
                    }
                    if let prefixPattern {
                        if width == "long" { core = lowercased(core) }
                        core = Self.format(prefixPattern, core)
                    }
                    if let powerPatterns {
                        if width == "long" { core = lowercased(core) }
                        core = Self.format(try Self.withPlural(powerPatterns, plural), core)
                    }
                    output[index] = output[index] == "" ? core : Self.format(times, output[index] ?? "", core)
                }
            }
            if constant != 0, let first = (0..<6).first(where: { output[$0] != nil }) {
                // ICU puts the constant on the first form present (`zero` where the language has one).
                let text = String(constant)
                output[first] = output[first] == "" ? text : Self.format(times, text, output[first] ?? "")
            }
            for index in 0..<6 {
                guard let form = output[index] else { continue }
                switch placeholders[index] {
                case .beginning: output[index] = "{0}" + (joiner ?? "") + form
                case .end: output[index] = form + (joiner ?? "") + "{0}"
                case .none, .empty: break
                }
            }
            return output
        }

        /// A built-in unit's forms: its plural patterns (German's accusative ones first, where asked for) and its
        /// `per` pattern.
        private func measureData(_ subtype: String, case requestedCase: String) -> Forms {
            var forms: Forms = MeasureUnit.plurals.map { category -> String? in
                if width == "long", requestedCase == "accusative", let form = values["long.\(subtype).acc.\(category)"]
                {
                    return form
                }
                return values["\(width).\(subtype).\(category)"]
            }
            forms.append(values["\(width).\(subtype).per"])
            return forms
        }

        private func compound(_ key: String) throws(Problem) -> String {
            guard let value = values["\(width).compound.\(key)"] else { throw Problem(reason: "no compound/\(key)") }
            return value
        }

        /// CLDR's grammatical derivations (`grammaticalFeatures`), which ICU 77 has for German, French and root:
        /// the plural or case of a structure's two parts, `nil` for "compound" (the whole's), "" for none.
        private func rule(_ feature: String, _ structure: String) -> (String?, String?) {
            switch (language, feature, structure) {
            case ("fr", "plural", "times"): return (nil, nil)
            case ("fr", "case", _): return ("", "")
            case (_, "plural", "times"): return ("one", nil)
            case (_, "case", "times"), (_, "case", "power"): return ("nominative", nil)
            case ("de", "case", "per"): return (nil, "accusative")
            case (_, "case", "per"): return (nil, "nominative")
            default: return ("", "")
            }
        }

        /// ICU's locale-sensitive lower case, as far as unit names need it (Turkish and Azerbaijani dotted I).
        private func lowercased(_ text: String) -> String {
            guard language == "tr" || language == "az" else { return text.lowercased() }
            var dotless = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                dotless.append(scalar == "İ" ? "i" : scalar == "I" ? "ı" : scalar)
            }
            return String(dotless).lowercased()
        }

        static func withPlural(_ forms: Forms, _ index: Int) throws(Problem) -> String {
            if let form = forms[index] { return form }
            guard let other = forms[5] else { throw Problem(reason: "no 'other' form") }
            return other
        }

        private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }

        /// ICU's `extractCorePattern`: a unit pattern's text without its `{0}` and one space beside it, and where
        /// the number was; a `{0}` in the middle cannot be composed.
        private static func core(of pattern: String) throws(Problem) -> (String, Placeholder, String?) {
            let scalars = Array(pattern.unicodeScalars)
            let marker = Array("{0}".unicodeScalars)
            func text(_ slice: ArraySlice<Unicode.Scalar>) -> String {
                var string = ""
                string.unicodeScalars.append(contentsOf: slice)
                return string
            }
            if scalars.starts(with: marker) {
                if scalars.count > 3, isSpace(scalars[3]) {
                    return (text(scalars[4...]), .beginning, String(Character(scalars[3])))
                }
                return (text(scalars[3...]), .beginning, nil)
            }
            if scalars.count >= 3, Array(scalars.suffix(3)) == marker {
                if scalars.count > 3, isSpace(scalars[scalars.count - 4]) {
                    return (text(scalars.dropLast(4)), .end, String(Character(scalars[scalars.count - 4])))
                }
                return (text(scalars.dropLast(3)), .end, nil)
            }
            guard !pattern.contains("{0}") else { throw Problem(reason: "a unit pattern with its number inside") }
            return (pattern, .none, nil)
        }

        enum Placeholder { case empty, beginning, end, none }

        /// ICU's SimpleFormatter: `{n}` is the n-th argument; an apostrophe quotes only before `{`, `}` or another
        /// apostrophe. With `dropping`, every argument is removed (`getTextWithNoArguments`).
        static func format(_ pattern: String, _ arguments: String..., dropping: Bool = false) -> String {
            // On the UTF-8 bytes: the syntax is ASCII, and only an ASCII digit is an argument's number.
            var output: [UInt8] = []
            output.reserveCapacity(pattern.utf8.count + arguments.reduce(0) { $0 + $1.utf8.count })
            var pattern = pattern
            pattern.withUTF8 { bytes in
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "'") {
                        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                        if next == UInt8(ascii: "'") {
                            output.append(byte)
                            index += 2
                            continue
                        }
                        if next == UInt8(ascii: "{") || next == UInt8(ascii: "}") {
                            var end = index + 1
                            while end < bytes.count, bytes[end] != UInt8(ascii: "'") { end += 1 }
                            output.append(contentsOf: bytes[(index + 1)..<end])
                            index = end + 1
                            continue
                        }
                    }
                    if byte == UInt8(ascii: "{"), index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "}"),
                        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1])
                    {
                        let number = Int(bytes[index + 1] - UInt8(ascii: "0"))
                        if dropping {
                            // removed
                        } else if number < arguments.count {
                            output.append(contentsOf: arguments[number].utf8)
                        } else {
                            output.append(contentsOf: bytes[index...(index + 2)])
                        }
                        index += 3
                        continue
                    }
                    output.append(byte)
                    index += 1
                }
            }
            return String(decoding: output, as: UTF8.self)
        }

        private static func trimmingSpaces(_ text: String) -> String {
            var scalars = Substring(text).unicodeScalars[...]
            while let first = scalars.first, isSpace(first) { scalars = scalars.dropFirst() }
            while let last = scalars.last, isSpace(last) { scalars = scalars.dropLast() }
            return String(String.UnicodeScalarView(scalars))
        }
    }
}
