import WidgetI18nSupport

extension NumberFormats {
    // MARK: Compact notation

    func compactWidth(_ notation: NumberSkeleton.Notation) -> String {
        notation == .compactLong ? "long" : "short"
    }

    /// The power of ten compact notation scales a number of `magnitude` by (`-3` for thousands in English).
    func compactMultiplier(_ table: String, magnitude: Int) -> Int {
        guard magnitude >= 3 else { return 0 }
        let power = min(magnitude, 14)
        guard let pattern = numbers["compact.\(table).\(power).other"], pattern != "0" else {
            return 0
        }
        // The positive subpattern's zeros: Swahili's `elfu 0;elfu -0` scales by a thousand, not ten thousand.
        let zeros = pattern.utf8.prefix { $0 != UInt8(ascii: ";") }.filter { $0 == UInt8(ascii: "0") }.count
        return zeros - power - 1
    }

    func compactPattern(
        _ table: String, power: Int, category: PluralCategory, isExactlyOne: Bool
    ) -> String? {
        guard power >= 3 else { return nil }
        let key = "compact.\(table).\(min(power, 14))."
        let exact = isExactlyOne ? numbers[key + "1"] : nil
        guard let pattern = exact ?? numbers[key + category.rawValue] ?? numbers[key + "other"], pattern != "0" else {
            return nil
        }
        return pattern
    }

    // MARK: Units and currencies

    func measure(_ unit: String, width: NumberSkeleton.UnitWidth, value: DecimalText, number: String) -> String {
        // ICU 77 reads the long table for every width but short and narrow (`unit-width-hidden`: `1 hour`).
        let widthKey: String
        switch width {
        case .fullName, .hidden, .isoCode, .formal, .variant: widthKey = "long"
        case .narrow: widthKey = "narrow"
        case .short: widthKey = "short"
        }
        guard let patterns = Self.unitPatterns(unit, width: widthKey, locale: locale),
            let index = MeasureUnit.plurals.firstIndex(of: category(of: value).rawValue), index < patterns.count
        else { return number }
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

    func currency(
        _ code: String, width: NumberSkeleton.UnitWidth, value: DecimalText, body: String,
        prefix: [NumberPattern.Part], suffix: [NumberPattern.Part]
    ) -> String {
        let currencies = CLDRData.values(.currencies, for: locale)
        if width == .fullName {
            let category = category(of: value).rawValue
            let name = currencies["\(code).\(category)"] ?? currencies["\(code).other"] ?? currencies["\(code).name"]
            let pattern = currencies["unitPattern.\(category)"] ?? currencies["unitPattern.other"] ?? "{0} {1}"
            let number = prefix.map(render).joined() + body + suffix.map(render).joined()
            return pattern.replacingPlaceholder(0, with: number).replacingPlaceholder(1, with: name ?? code)
        }
        let symbol: String
        switch width {
        case .narrow: symbol = currencies["\(code).narrow"] ?? currencies["\(code).symbol"] ?? code
        case .isoCode: symbol = code
        case .hidden: symbol = ""
        case .formal: symbol = currencies["\(code).formal"] ?? currencies["\(code).symbol"] ?? code
        case .variant: symbol = currencies["\(code).variant"] ?? currencies["\(code).symbol"] ?? code
        case .short, .fullName: symbol = currencies["\(code).symbol"] ?? code
        }
        var before = ""
        for part in prefix { before += part == .currency ? symbol : render(part) }
        var after = ""
        for part in suffix { after += part == .currency ? symbol : render(part) }
        // Currency spacing: a symbol that ends (starts) with a letter is kept apart from the digits.
        let insert = currencies["spacing.beforeCurrency.insertBetween"] ?? "\u{A0}"
        if prefix.last == .currency, let last = symbol.unicodeScalars.last, Self.isSpacedFromDigits(last),
            let first = body.unicodeScalars.first, first.properties.numericType == .decimal
        {
            before += insert
        }
        if suffix.first == .currency, let first = symbol.unicodeScalars.first, Self.isSpacedFromDigits(first),
            let last = body.unicodeScalars.last, last.properties.numericType == .decimal
        {
            after = insert + after
        }
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
