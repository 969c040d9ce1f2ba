import Foundation
import I18nCore
import LocaleData
import MessageFormat2
import Testing

/// The MessageFormat 2 working group's conformance suite (`Data/mf2-conformance/`, test/tests/ of
/// unicode-org/message-format-wg at LDML48.2), read from its files as test/schemas/v0/tests.schema.json defines
/// them: `exp` must equal the string output, the error types `expErrors` (none where absent), and `expParts` must
/// be a subset of the parts (each expected key present with an equal value).
@Suite struct MF2ConformanceTests {
    static let files = [
        "syntax.json", "syntax-errors.json", "data-model-errors.json", "bidi.json", "fallback.json",
        "pattern-selection.json", "u-options.json", "functions/currency.json", "functions/date.json",
        "functions/datetime.json", "functions/integer.json", "functions/number.json", "functions/offset.json",
        "functions/percent.json", "functions/string.json", "functions/time.json",
    ]

    struct Case: Sendable {
        let file: String
        let index: Int
        let source: String
        let locale: String
        let bidiIsolation: String?
        let expected: String?
        let expectedErrors: [String]
        let expectedParts: Data?
        let parameters: Data?
    }

    static func cases() throws -> [Case] {
        var cases: [Case] = []
        for file in files {
            let root = try #require(
                try JSONSerialization.jsonObject(with: testData.bytes("mf2-conformance/" + file)) as? [String: Any])
            let defaults = root["defaultTestProperties"] as? [String: Any] ?? [:]
            for (index, test) in (root["tests"] as? [[String: Any]] ?? []).enumerated() {
                let merged = defaults.merging(test) { $1 }
                let errors = (merged["expErrors"] as? [[String: Any]] ?? []).compactMap { $0["type"] as? String }
                cases.append(
                    Case(
                        file: file, index: index, source: try #require(merged["src"] as? String),
                        locale: try #require(merged["locale"] as? String),
                        bidiIsolation: merged["bidiIsolation"] as? String, expected: merged["exp"] as? String,
                        expectedErrors: errors,
                        expectedParts: try (merged["expParts"]).map { try JSONSerialization.data(withJSONObject: $0) },
                        parameters: try (merged["params"]).map { try JSONSerialization.data(withJSONObject: $0) }))
            }
        }
        return cases
    }

    /// The suite's parameters as arguments: JSON numbers as numbers, `"type": "datetime"` as instants (UTC), `true`
    /// as the text `true` (Foundation reads it as an `NSNumber` whose type is `__NSCFBoolean`, whose description
    /// is `1`, which a date or number function would take as a number).
    static func arguments(_ data: Data?) throws -> MessageArguments {
        guard let data else { return [:] }
        var arguments: MessageArguments = [:]
        for parameter in try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? [] {
            let name = try #require(parameter["name"] as? String)
            let value = parameter["value"]
            if parameter["type"] as? String == "datetime", let text = value as? String {
                arguments[name] = .date(try Date(text + "Z", strategy: .iso8601))
            } else if let number = value as? NSNumber {
                arguments[name] =
                    "\(type(of: number))".hasSuffix("Boolean")
                    ? .string(number.boolValue ? "true" : "false") : .number(MessageNumber(number.doubleValue))
            } else {
                arguments[name] = .string(value.map { "\($0)" } ?? "")
            }
        }
        return arguments
    }

    /// Whether every key of `expected` is in `actual` with a value that matches, recursively; arrays match
    /// element by element and must have the same length.
    static func matches(_ expected: Any, _ actual: Any) -> Bool {
        switch (expected, actual) {
        case (let expected as [String: Any], let actual as [String: Any]):
            return expected.allSatisfy { key, value in actual[key].map { matches(value, $0) } ?? false }
        case (let expected as [Any], let actual as [Any]):
            return expected.count == actual.count && zip(expected, actual).allSatisfy { matches($0, $1) }
        case (let expected as String, let actual as String):
            return expected == actual
        default:
            return false
        }
    }

    @Test func theSuiteHasItsFourHundredAndSixtyOneTests() throws {
        #expect(try Self.cases().count == 461)
    }

    @Test func everyTestPasses() throws {
        var failures: [String] = []
        for test in try Self.cases() {
            // Every function the suite tests: the draft ones, and its test functions as an app's own.
            let formatter = MF2Formatter(
                timeZone: .utc, bidiIsolation: test.bidiIsolation == "none" ? .none : .default, draftFunctions: true,
                functions: MF2TestFunctions.all)
            let locale = try #require(LocaleTag(parsing: test.locale))
            let result = formatter.formatted(
                test.source, locale: locale, arguments: try Self.arguments(test.parameters))
            var problems: [String] = []
            if let expected = test.expected, expected != result.text {
                problems.append("output \(result.text.debugDescription), expected \(expected.debugDescription)")
            }
            let types = result.errors.map(\.code.description)
            if types != test.expectedErrors {
                problems.append("errors \(types), expected \(test.expectedErrors) (\(result.errors.map(\.message)))")
            }
            if let data = test.expectedParts {
                let expected = try JSONSerialization.jsonObject(with: data)
                let (parts, partErrors) = formatter.formatToParts(
                    test.source, locale: locale, arguments: try Self.arguments(test.parameters))
                let actual = parts.map(\.jsonObject)
                if partErrors.map(\.code) != result.errors.map(\.code) {
                    problems.append("parts' errors \(partErrors), the string's \(result.errors)")
                }
                if !Self.matches(expected, actual) {
                    problems.append("parts \(actual), expected \(expected)")
                }
            }
            if !problems.isEmpty {
                failures.append(
                    "\(test.file) #\(test.index) \(test.source.debugDescription): " + problems.joined(separator: "; "))
            }
        }
        #expect(
            failures.isEmpty, Comment(rawValue: "\(failures.count) of 461 fail:\n" + failures.joined(separator: "\n")))
    }
}
