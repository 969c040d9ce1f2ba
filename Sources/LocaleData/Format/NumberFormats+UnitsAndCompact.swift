@_spi(WidgetI18nSupport) import WidgetI18nSupport

extension NumberFormats {
    // MARK: Compact notation

    func compactWidth(_ notation: NumberSkeleton.Notation) -> String {
        notation == .compactLong ? "long" : "short"
    }

    /// The power of ten compact notation scales a number of `magnitude` by (`-3` for thousands in English).
    func compactMultiplier(_ table: String, magnitude: Int) -> Int {
        guard magnitude >= 3 else { return 0 }
        let power = min(magnitude, 14)
        let key = Memo.compactKey(table, power: power, category: nil, isExactlyOne: false)
        if let kept = memo.state.withLock({ $0.multipliers[key] }) { return kept }
        var multiplier = 0
        if let pattern = numbers["compact.\(table).\(power).other"], pattern != "0" {
            // The positive subpattern's zeros: Swahili's `elfu 0;elfu -0` scales by a thousand, not ten thousand.
            let zeros = pattern.utf8.prefix { $0 != UInt8(ascii: ";") }.filter { $0 == UInt8(ascii: "0") }.count
            multiplier = zeros - power - 1
        }
        memo.state.withLock { $0.multipliers[key] = multiplier }
        return multiplier
    }

    /// The compact pattern for `power` and a value of `category`, parsed once per locale.
    func compactPattern(
        _ table: String, power: Int, category: PluralCategory, isExactlyOne: Bool
    ) -> NumberPattern? {
        guard power >= 3 else { return nil }
        let key = Memo.compactKey(table, power: min(power, 14), category: category, isExactlyOne: isExactlyOne)
        if let kept = memo.state.withLock({ $0.compactPatterns[key] }) { return kept }
        let prefix = "compact.\(table).\(min(power, 14))."
        let exact = isExactlyOne ? numbers[prefix + "1"] : nil
        var pattern: NumberPattern?
        if let text = exact ?? numbers[prefix + category.rawValue] ?? numbers[prefix + "other"], text != "0" {
            pattern = NumberPattern(text)
        }
        memo.state.withLock { $0.compactPatterns[key] = .some(pattern) }
        return pattern
    }

    /// A compact pattern's affix (`K`, ` million`, `elfu -`), its words as `compact` pieces.
    func renderCompact(_ parts: [NumberPattern.Part], into pieces: inout NumberPieces?) -> String {
        var text = ""
        for part in parts {
            let rendered = render(part)
            text += rendered
            guard pieces != nil else { continue }
            switch part {
            case .literal: pieces?.addAffix(rendered, as: .compact)
            case .minus: pieces?.add(.minusSign, rendered)
            case .plus: pieces?.add(.plusSign, rendered)
            case .percent: pieces?.add(.percentSign, rendered)
            case .currency: pieces?.add(.currency, rendered)
            }
        }
        return text
    }

    // MARK: Units and currencies

    /// `number` (with `numberPieces`, its pieces) in `unit`'s pattern for `value`'s plural form; the pattern's
    /// words as `unit` pieces.
    func measure(
        _ unit: String, width: NumberSkeleton.UnitWidth, value: DecimalText, number: String,
        numberPieces: NumberPieces?, pieces: inout NumberPieces?
    ) -> String {
        // ICU 77 reads the long table for every width but short and narrow (`unit-width-hidden`: `1 hour`).
        let widthKey: String
        switch width {
        case .fullName, .hidden, .isoCode, .formal, .variant: widthKey = "long"
        case .narrow: widthKey = "narrow"
        case .short: widthKey = "short"
        }
        guard let patterns = memo.unitPatterns(unit, width: widthKey, locale: locale),
            let index = MeasureUnit.plurals.firstIndex(of: category(of: value).rawValue), index < patterns.count
        else {
            if let numberPieces { pieces?.add(numberPieces) }
            return number
        }
        if let numberPieces {
            let filled = MeasureUnit.filling(patterns[index], with: NumberPieces.numberMark)
            pieces?.add(filled: filled, as: .unit, with: numberPieces)
        }
        return MeasureUnit.filling(patterns[index], with: number)
    }

    /// A unit's patterns by plural category in a locale and width, built once per process.
    static func unitPatterns(_ unit: String, width: String, locale: LocaleTag) -> [String]? {
        let key = CLDRData.dataLocale(for: locale) + "|" + width + "|" + unit
        let patterns = unitPatternCache.value(forKey: key) { () -> [String] in
            guard let parsed = try? MeasureUnit(parsing: unit) else { return [] }
            let more = isCoreUnit(parsed.identifier) ? nil : CLDRData.values(.moreUnits, for: locale)
            guard
                let patterns = parsed.patterns(
                    CLDRData.values(.units, for: locale), more: more, language: locale.language, width: width)
            else { return [] }
            return patterns
        }
        return patterns.isEmpty ? nil : patterns
    }

    static let unitPatternCache = BoundedCache<[String]>(capacity: 256)

    /// Whether every slice holds the names of `unit` (an identifier, as `NumberSkeleton` keeps it).
    static func isCoreUnit(_ unit: String) -> Bool { MeasureUnit.Catalog.shared.core.contains(unit) }

    /// Whether `skeleton` names a unit whose names are in the `units` family and the tables in use leave it out:
    /// the number is then shown without its unit.
    package static func lacksUnitNames(_ skeleton: NumberSkeleton) -> Bool {
        guard case .measure(let unit) = skeleton.unit, !LocaleDataTables.holds(.units) else { return false }
        return !isCoreUnit(unit)
    }

    /// The number `body` (with `bodyPieces`, its pieces) with `code`'s symbol or name and the pattern's affixes.
    func currency(
        _ code: String, width: NumberSkeleton.UnitWidth, value: DecimalText, body: String, bodyPieces: NumberPieces?,
        prefix: [NumberPattern.Part], suffix: [NumberPattern.Part], pieces: inout NumberPieces?
    ) -> String {
        let currencies = memo.currencies(for: locale)
        if width == .fullName {
            let category = category(of: value).rawValue
            let name = currencies["\(code).\(category)"] ?? currencies["\(code).other"] ?? currencies["\(code).name"]
            let pattern = currencies["unitPattern.\(category)"] ?? currencies["unitPattern.other"] ?? "{0} {1}"
            var numberPieces = bodyPieces.map { _ in NumberPieces() }
            let before = render(prefix, into: &numberPieces)
            if let bodyPieces { numberPieces?.add(bodyPieces) }
            let number = before + body + render(suffix, into: &numberPieces)
            let named = pattern.replacingPlaceholder(1, with: name ?? code)
            if let numberPieces {
                pieces?.add(
                    filled: named.replacingPlaceholder(0, with: NumberPieces.numberMark), as: .currency,
                    with: numberPieces)
            }
            return named.replacingPlaceholder(0, with: number)
        }
        let (symbol, insert) = memo.currencySymbol(code, width: width, in: currencies)
        var suffixPieces = pieces.map { _ in NumberPieces() }
        var before = render(prefix, symbol: symbol, into: &pieces)
        var after = render(suffix, symbol: symbol, into: &suffixPieces)
        if prefix.last == .currency, let last = symbol.unicodeScalars.last, Self.isSpacedFromDigits(last),
            let first = body.unicodeScalars.first, first.properties.numericType == .decimal
        {
            before += insert
            pieces?.add(.literal, insert)
        }
        if let bodyPieces { pieces?.add(bodyPieces) }
        if suffix.first == .currency, let first = symbol.unicodeScalars.first, Self.isSpacedFromDigits(first),
            let last = body.unicodeScalars.last, last.properties.numericType == .decimal
        {
            after = insert + after
            pieces?.add(.literal, insert)
        }
        if let suffixPieces { pieces?.add(suffixPieces) }
        return before + body + after
    }

    /// CLDR's `currencyMatch`, `[[:^S:]&[:^Z:]]`: neither a symbol nor a separator.
    static func isSpacedFromDigits(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .spaceSeparator, .lineSeparator,
            .paragraphSeparator:
            return false
        default:
            return true
        }
    }
}

extension NumberFormats {
    /// What formatting in a locale derives from its data on first use and keeps beside its `NumberFormats`: the
    /// compact patterns, parsed, and their multipliers, and the locale's currency names. A value formatted again
    /// reads them here instead of from the records (a compact number read and parsed its pattern on every call).
    final class Memo: Sendable {
        struct State {
            var multipliers: [Int: Int] = [:]
            var compactPatterns: [Int: NumberPattern?] = [:]
            var currencies: CLDRData.Values?
            /// By ISO code: fraction digits and cash rounding increment.
            var rounding: [String: (digits: Int, cash: DecimalText?)] = [:]
            /// By `width/unit`: a unit's patterns by plural category, or none.
            var unitPatterns: [String: [String]?] = [:]
            /// By `code/width`: the symbol, and the text currency spacing inserts.
            var symbols: [String: (symbol: String, insert: String)] = [:]
        }
        let state = Locked(State())

        /// `unitPatterns(_:width:locale:)`, kept here by width and unit: a unit formatted again skips building the
        /// process-wide key (the tag's data locale, the width and the unit) and its lookup.
        func unitPatterns(_ unit: String, width: String, locale: LocaleTag) -> [String]? {
            let key = width + "/" + unit
            if let kept = state.withLock({ $0.unitPatterns[key] }) { return kept }
            let patterns = NumberFormats.unitPatterns(unit, width: width, locale: locale)
            state.withLock { $0.unitPatterns[key] = .some(patterns) }
            return patterns
        }

        /// `code`'s fraction digits and cash rounding increment (root's currency data; 2 and none by default).
        func currencyRounding(_ code: String) -> (digits: Int, cash: DecimalText?) {
            if let kept = state.withLock({ $0.rounding[code] }) { return kept }
            let currencies = CLDRData.rootValues(.currencies)
            let rounding = (
                Int(currencies["digits." + code] ?? "2") ?? 2, currencies["cash." + code].map(DecimalText.init)
            )
            state.withLock { $0.rounding[code] = rounding }
            return rounding
        }

        /// The symbol of `code` for a width other than the full name, and what currency spacing inserts.
        func currencySymbol(_ code: String, width: NumberSkeleton.UnitWidth, in currencies: CLDRData.Values)
            -> (symbol: String, insert: String)
        {
            let letter: String
            switch width {
            case .narrow: letter = "n"
            case .isoCode: letter = "i"
            case .hidden: letter = "h"
            case .formal: letter = "f"
            case .variant: letter = "v"
            case .short, .fullName: letter = "s"
            }
            let key = code + "/" + letter
            if let kept = state.withLock({ $0.symbols[key] }) { return kept }
            let symbol: String
            switch width {
            case .narrow: symbol = currencies["\(code).narrow"] ?? currencies["\(code).symbol"] ?? code
            case .isoCode: symbol = code
            case .hidden: symbol = ""
            case .formal: symbol = currencies["\(code).formal"] ?? currencies["\(code).symbol"] ?? code
            case .variant: symbol = currencies["\(code).variant"] ?? currencies["\(code).symbol"] ?? code
            case .short, .fullName: symbol = currencies["\(code).symbol"] ?? code
            }
            // Currency spacing: a symbol that ends (starts) with a letter is kept apart from the digits.
            let entry = (symbol, currencies["spacing.beforeCurrency.insertBetween"] ?? "\u{A0}")
            state.withLock { $0.symbols[key] = entry }
            return entry
        }

        /// The currencies section of `locale`, the one these formats are for.
        func currencies(for locale: LocaleTag) -> CLDRData.Values {
            if let kept = state.withLock({ $0.currencies }) { return kept }
            let values = CLDRData.values(.currencies, for: locale)
            state.withLock { $0.currencies = values }
            return values
        }

        /// A compact table's entry as a number: the table, the power (3…14), the category and whether the value
        /// is exactly one.
        static func compactKey(_ table: String, power: Int, category: PluralCategory?, isExactlyOne: Bool) -> Int {
            let tableIndex = table == "short" ? 0 : table == "long" ? 1 : 2
            let categoryIndex: Int
            switch category {
            case .zero?: categoryIndex = 0
            case .one?: categoryIndex = 1
            case .two?: categoryIndex = 2
            case .few?: categoryIndex = 3
            case .many?: categoryIndex = 4
            case .other?: categoryIndex = 5
            case nil: categoryIndex = 6
            }
            return ((tableIndex * 16 + power) * 8 + categoryIndex) * 2 + (isExactlyOne ? 1 : 0)
        }
    }
}
