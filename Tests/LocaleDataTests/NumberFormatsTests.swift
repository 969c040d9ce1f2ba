import Testing

@testable import LocaleData

/// The number formatter's arithmetic and skeleton options on their own; `ICUCorpusTests` holds them against
/// ICU in 48 locales.
@Suite struct NumberFormatsTests {
    static func formats(_ tag: String) -> NumberFormats {
        let locale = LocaleTag(parsing: tag)!
        return NumberFormats(locale: locale, plural: PluralRules.rule(for: locale))
    }

    @Test(arguments: [
        ("2.5", 0, "2"), ("3.5", 0, "4"), ("2.51", 0, "3"), ("0.125", 2, "0.12"), ("0.135", 2, "0.14"),
        ("9.9995", 3, "10"), ("99999.9999", 2, "100,000"), ("-0.0004", 3, "-0"),
        ("12345678901234567890.5", 0, "12,345,678,901,234,567,890"),
    ])
    func roundsHalfToEvenOnTheDecimalText(_ number: String, _ digits: Int, _ expected: String) {
        let skeleton = NumberSkeleton(precision: .fraction(minimum: 0, maximum: digits))
        #expect(Self.formats("en").format(MessageNumber(number)!, skeleton) == expected)
    }

    @Test(arguments: [
        ("1234", 2, "1,200"), ("0.012345", 3, "0.0123"), ("9.96", 2, "10"), ("1", 3, "1.00"), ("0", 2, "0.0"),
    ])
    func roundsToSignificantDigits(_ number: String, _ digits: Int, _ expected: String) {
        let skeleton = NumberSkeleton(precision: .significant(minimum: digits, maximum: digits))
        #expect(Self.formats("en").format(MessageNumber(number)!, skeleton) == expected)
    }

    @Test func skeletonOptionsApply() throws {
        let german = Self.formats("de")
        let number = MessageNumber("1234.5")!
        #expect(german.format(number, try NumberSkeleton(parsing: ".00")) == "1.234,50")
        #expect(german.format(number, try NumberSkeleton(parsing: "group-off")) == "1234,5")
        #expect(german.format(MessageNumber(5), try NumberSkeleton(parsing: "sign-always")) == "+5")
        #expect(Self.formats("tr").format(MessageNumber("-0.25")!, .percentStyle, usesPatternPrecision: true) == "-%25")
        #expect(Self.formats("ar-u-nu-arab").format(MessageNumber(1234), .decimal) == "١٬٢٣٤")
        #expect(Self.formats("en").format(MessageNumber(999_999), try NumberSkeleton(parsing: "compact-short")) == "1M")
        #expect(Self.formats("en").format(MessageNumber(2), try NumberSkeleton(parsing: "unit/hour")) == "2 hr")
    }

    @Test(arguments: [
        ("compact-shrot", "compact-shrot"), ("currency/eur", "currency/eur"), ("unit/parsecs", "unit/parsecs"),
        ("@@#x", "@@#x"),
        // What ICU 77 refuses: a setting made twice, `%x100` with a scale, a significant option that is neither a
        // minimum nor a maximum, `E` without a sign mark before `?`, concise forms ICU does not have.
        (".00 .0", ".0"), ("percent currency/EUR", "currency/EUR"), ("%x100 scale/2", "scale/2"), (".#/@@", ".#/@@"),
        ("E?0", "E?0"), ("+?!", "+?!"), (",=", ",="), (".00/w/w", ".00/w/w"), ("scale/x", "scale/x"),
        ("precision-increment/0", "precision-increment/0"), ("numbering-system/roman", "numbering-system/roman"),
        // Units ICU 77 parses but cannot name (no power-4 patterns, `fortnight` is not a built-in unit), mixed units
        // (which need conversion), a zero constant, `per-measure-unit` without `measure-unit`.
        ("unit/pow4-meter", "unit/pow4-meter"), ("unit/fortnight-per-meter", "unit/fortnight-per-meter"),
        ("unit/foot-and-inch", "unit/foot-and-inch"), ("unit/meter-per-0-second", "unit/meter-per-0-second"),
        ("unit/Meter", "unit/Meter"),
        ("unit/meter per-measure-unit/duration-second", "per-measure-unit/duration-second"),
        ("measure-unit/length-meter-per-second", "measure-unit/length-meter-per-second"),
    ])
    func rejectsWhatICURefuses(_ skeleton: String, _ token: String) {
        #expect(throws: NumberSkeleton.Problem.self) { try NumberSkeleton(parsing: skeleton) }
        do {
            _ = try NumberSkeleton(parsing: skeleton)
        } catch {
            #expect(error.token == token)
        }
    }

    @Test(arguments: [
        ("up", "1.01", "1.1"), ("down", "1.09", "1"), ("ceiling", "-1.09", "-1"), ("floor", "-1.01", "-1.1"),
        ("half-up", "1.25", "1.3"), ("half-down", "1.25", "1.2"), ("half-even", "1.35", "1.4"),
        ("half-odd", "1.35", "1.3"), ("half-ceiling", "-1.25", "-1.2"), ("half-floor", "1.25", "1.2"),
        ("up", "0.0001", "0.1"),
    ])
    func roundsAsTheModeSays(_ mode: String, _ number: String, _ expected: String) throws {
        let skeleton = try NumberSkeleton(parsing: ".# rounding-mode-\(mode)")
        #expect(Self.formats("en").format(MessageNumber(number)!, skeleton) == expected)
    }

    @Test(arguments: [
        ("0.05", "0.125", "0.10"), ("0.05", "0.175", "0.20"), ("0.05", "12345.675", "12,345.70"), ("5", "7.5", "10"),
        ("0.50", "0.76", "1.00"), ("2.5", "-3.76", "-5.0"), ("0.05", "-0.0049", "-0.00"),
    ])
    func roundsToIncrementsHalfToEven(_ increment: String, _ number: String, _ expected: String) throws {
        let skeleton = try NumberSkeleton(parsing: "precision-increment/" + increment)
        #expect(Self.formats("en").format(MessageNumber(number)!, skeleton) == expected)
    }

    @Test func roundingModeUnnecessaryFailsOnlyANumberThatNeedsRounding() throws {
        let skeleton = try NumberSkeleton(parsing: ".00 rounding-mode-unnecessary")
        let english = Self.formats("en")
        #expect(try english.formatExactly(MessageNumber("1.5")!, skeleton) == "1.50")
        #expect(throws: NumberFormats.RoundingNecessary(number: "1.005")) {
            try english.formatExactly(MessageNumber("1.005")!, skeleton)
        }
    }

    @Test(arguments: [
        ("meter-meter", "square-meter"), ("second-meter", "meter-second"), ("meter-newton", "newton-meter"),
        ("meter-per-1000000-second", "meter-per-1e6-second"), ("per-second-meter", "per-meter-second"),
        ("meter-per-second-per-second", "meter-per-square-second"), ("kilobyte-kibibyte", "kibibyte-kilobyte"),
    ])
    func unitsAreNormalizedAsICUSerializesThem(_ written: String, _ normalized: String) throws {
        #expect(try MeasureUnit(parsing: written).identifier == normalized)
    }

    @Test func aMeasureUnitDividedByAPerMeasureUnitIsOneUnit() throws {
        let skeleton = try NumberSkeleton(parsing: "measure-unit/length-meter per-measure-unit/duration-second")
        #expect(skeleton.unit == .measure("meter-per-second"))
        #expect(Self.formats("en").format(MessageNumber(2), skeleton) == "2 m/s")
    }
}
