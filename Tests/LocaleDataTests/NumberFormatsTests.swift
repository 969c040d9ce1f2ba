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
        ("compact-shrot", "compact-shrot"), ("currency/eur", "currency/eur"), ("unit/parsec", "unit/parsec"),
        (".00 scale/3", "scale/3"), ("@@#x", "@@#x"),
    ])
    func rejectsUnknownTokens(_ skeleton: String, _ token: String) {
        #expect(throws: NumberSkeleton.Problem.self) { try NumberSkeleton(parsing: skeleton) }
        do {
            _ = try NumberSkeleton(parsing: skeleton)
        } catch {
            #expect(error.token == token)
        }
    }
}
