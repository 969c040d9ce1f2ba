import Foundation
import Testing

@testable import I18nCore

/// The built-in number formats against Foundation's `NumberFormatter` (ICU) for every locale ICU knows:
/// the generated table is measured from a few numbers, these compare the formatting of others.
@Suite struct NumberFormatsTests {
    static let numbers = [
        "0", "7", "999", "1000", "1234", "12345.678", "1234567.891", "-9876.5", "0.5", "10000", "123456789", "2.0005",
        "0.0015", "999.9996", "-0.25",
    ]
    static let tags = Locale.availableIdentifiers.filter { !$0.contains("@") }.sorted()

    static func icu(_ text: String, locale: String, style: NumberFormatter.Style) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = style
        return formatter.string(from: NSDecimalNumber(string: text)) ?? "?"
    }

    @Test func decimalsMatchICUInEveryLocale() {
        var mismatches: [String] = []
        for identifier in Self.tags {
            guard let locale = LocaleTag(parsing: identifier) else { continue }
            let formats = NumberFormats.forLocale(locale)
            for number in Self.numbers {
                let ours = formats.format(
                    MessageNumber(number)!, .init(maximumFractionDigits: formats.maximumFractionDigits))
                let theirs = Self.icu(number, locale: identifier, style: .decimal)
                if ours != theirs { mismatches.append("\(identifier) \(number): '\(ours)', ICU '\(theirs)'") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(20))")
    }

    @Test func percentagesMatchICUInEveryLocale() {
        var mismatches: [String] = []
        for identifier in Self.tags {
            guard let locale = LocaleTag(parsing: identifier) else { continue }
            let formats = NumberFormats.forLocale(locale)
            for number in ["0.05", "0.5", "-0.125", "12.345", "0.0049"] {
                let ours = formats.format(
                    MessageNumber(number)!, .init(maximumFractionDigits: 0, scale: 2, isPercent: true))
                let theirs = Self.icu(number, locale: identifier, style: .percent)
                if ours != theirs { mismatches.append("\(identifier) \(number): '\(ours)', ICU '\(theirs)'") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(20))")
    }

    @Test(arguments: [
        ("2.5", 0, "2"), ("3.5", 0, "4"), ("2.51", 0, "3"), ("0.125", 2, "0.12"), ("0.135", 2, "0.14"),
        ("9.9995", 3, "10"), ("99999.9999", 2, "100,000"), ("-0.0004", 3, "-0"),
        ("12345678901234567890.5", 0, "12,345,678,901,234,567,890"),
    ])
    func roundsHalfToEvenOnTheDecimalText(_ number: String, _ digits: Int, _ expected: String) {
        #expect(NumberFormats.root.format(MessageNumber(number)!, .init(maximumFractionDigits: digits)) == expected)
    }

    @Test func optionsApplyInICUsOrder() {
        let german = NumberFormats.forLocale(LocaleTag(parsing: "de")!)
        #expect(
            german.format(MessageNumber("1234.5")!, .init(minimumFractionDigits: 2, maximumFractionDigits: 2))
                == "1.234,50")
        #expect(
            german.format(MessageNumber("1234.5")!, .init(maximumFractionDigits: 3, usesGrouping: false)) == "1234,5")
        #expect(german.format(MessageNumber("5")!, .init(maximumFractionDigits: 0, alwaysShowsSign: true)) == "+5")
        let turkish = NumberFormats.forLocale(LocaleTag(parsing: "tr")!)
        #expect(
            turkish.format(MessageNumber("-0.25")!, .init(maximumFractionDigits: 0, scale: 2, isPercent: true))
                == "-%25")
        let indian = NumberFormats.forLocale(LocaleTag(parsing: "ar-u-nu-arab")!)
        #expect(indian.format(MessageNumber("1234")!, .init(maximumFractionDigits: 0)) == "١,٢٣٤")
    }
}
