import Foundation
import I18nCore
import LocaleData
import Testing

/// Every argument value at and past the numeric limits (±1e308, NaN, ±Infinity, 1e400, 10,000-digit decimals,
/// 2^63, -0) in every argument type formats to text or to a per-message problem: a widget never traps on what
/// an app sent.
@Suite struct ExtremeArgumentTests {
    struct Cases: Decodable {
        let locales: [String]
        let texts: [String]
        let doubles: [Double]
        let specialDoubles: [String]
        let messages: [String]
        let outOfRangeDates: [String]
    }

    static let cases: Cases = try! testData.load("extreme-arguments.json")
    static let formatter = ICUMessageFormatter(timeZone: ZoneInfo(identifier: "Europe/Berlin") ?? .utc)

    /// `9…` and `0.1…` in the data stand for 10,000-digit decimals.
    static func expand(_ text: String) -> String {
        switch text {
        case "9…": return String(repeating: "9", count: 10_000)
        case "-9…": return "-" + String(repeating: "9", count: 10_000)
        case "0.1…": return "0." + String(repeating: "1", count: 10_000)
        default: return text
        }
    }

    static var arguments: [(String, MessageArgument)] {
        var result = cases.texts.map { ($0, MessageArgument(inferringFrom: expand($0))) }
        result += cases.texts.map { ("string \($0)", MessageArgument.string(expand($0))) }
        let specials: [String: Double] = ["nan": .nan, "inf": .infinity, "-inf": -.infinity, "-0": -0.0]
        for value in cases.doubles + cases.specialDoubles.compactMap({ specials[$0] }) {
            result.append(("double \(value)", .number(MessageNumber(value))))
            result.append(("date \(value) s", .date(Date(timeIntervalSince1970: value))))
        }
        return result
    }

    @Test(arguments: cases.messages)
    func everyValueFormatsOrReportsAProblem(_ message: String) throws {
        for locale in Self.cases.locales.compactMap(LocaleTag.init(parsing:)) {
            for (name, argument) in Self.arguments {
                let result = Self.formatter.format(message, locale: locale, arguments: ["n": argument])
                #expect(
                    !result.text.isEmpty || !result.problems.isEmpty,
                    "\(message) with \(name) in \(locale.normalized) gave no text and no problem")
            }
        }
    }

    /// A date more than 100,000,000 days from 1970 (or NaN) is not shown as some other date: it is a problem
    /// that names the argument, and the message shows the placeholder.
    @Test(arguments: ["{n, date, short}", "{n, time, full}", "{n, date, ::yMMMd}", "{n}"])
    func datesOutOfRangeAreAProblem(_ message: String) throws {
        let isDate = message != "{n}"
        for text in Self.cases.outOfRangeDates {
            let value = Self.expand(text)
            let asNumber = Self.formatter.format(
                message, locale: .english, arguments: ["n": MessageArgument(inferringFrom: value)])
            if isDate {
                #expect(asNumber.text == "{n}", "\(message) with \(text)")
                // NaN and ±Infinity are no numbers to MessageNumber: not a date at all, rather than one out of range.
                let expected = MessageNumber(value) == nil ? "a date (ISO 8601" : "100,000,000 days"
                #expect(asNumber.problems.map(\.description).contains { $0.contains(expected) }, "\(text)")
            }
            let seconds = Double(value) ?? .nan
            let asDate = Self.formatter.format(
                message, locale: .english, arguments: ["n": .date(Date(timeIntervalSince1970: seconds))])
            if isDate { #expect(asDate.text == "{n}", "\(message) with date \(text)") }
            #expect(!asDate.text.isEmpty)
        }
        // The edge itself is a date: 100,000,000 days after 1970 is in the year 275760.
        let edge = Self.formatter.format(
            "{n, date, ::y}", locale: .english, arguments: ["n": MessageArgument(inferringFrom: "8640000000000000")])
        #expect(edge.problems.isEmpty)
        #expect(edge.text == "275760")
    }
}
