import Foundation
import I18nCore
import LocaleData
import TestSupport
import Testing

/// The differential corpus: 15,000 messages formatted by ICU4C 77.1 (CLDR 47) in 48 locales — plurals and
/// ordinals with decimals, numbers and skeletons, compact, units, currencies, dates and times in five zones
/// including DST transition days — made by `scripts/generate/icu-corpus.py`. Every case must come out
/// exactly as ICU printed it, spaces (U+00A0, U+202F) and bidi marks included.
@Suite struct ICUCorpusTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let line: Int
        let locale: String
        let message: String
        let arguments: MessageArguments
        let timeZone: String?
        let expected: String

        var testDescription: String { "line \(line): \(locale) \(message)" }
    }

    static let cases: [Case] = {
        guard let text = try? testData.bytes("icu-corpus.jsonl") else { return [] }
        var cases: [Case] = []
        for (offset, line) in String(decoding: text, as: UTF8.self).split(separator: "\n").enumerated() {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let expected = object["expected"] as? String
            else { continue }
            var arguments: MessageArguments = [:]
            for (name, value) in object["arguments"] as? [String: Any] ?? [:] {
                arguments[name] = argument(value)
            }
            cases.append(
                Case(
                    line: offset + 1, locale: object["locale"] as! String, message: object["message"] as! String,
                    arguments: arguments, timeZone: object["timeZone"] as? String, expected: expected))
        }
        return cases
    }()

    /// A JSON value as the CLI reads it: numbers as JSON numbers, `{"$date": ms}` as an instant.
    static func argument(_ value: Any) -> MessageArgument {
        if let object = value as? [String: Any], let milliseconds = object["$date"] as? NSNumber {
            return .date(Date(timeIntervalSince1970: milliseconds.doubleValue / 1000))
        }
        if let number = value as? NSNumber { return .number(MessageNumber(number.doubleValue)) }
        return .string(value as? String ?? "")
    }

    @Test func theCorpusIsThere() {
        #expect(Self.cases.count >= 3000)
        #expect(Set(Self.cases.map(\.locale)).count >= 30)
        #expect(Self.cases.contains { $0.timeZone != nil })
    }

    /// `WidgetFormatter.number(_:skeleton:)` formats a skeleton that formats cleanly without a message: every case
    /// that is one `{n, number, ::…}` of a number prints through it exactly as ICU printed the message.
    @Test func aNumberWithASkeletonFormatsAsItsMessage() throws {
        var checked = 0
        for item in Self.cases where item.message.hasPrefix("{") && item.message.hasSuffix("}") {
            let inner = item.message.dropFirst().dropLast()
            guard let comma = inner.firstIndex(of: ","), case .number(let number)? = item.arguments.values.first,
                item.arguments.count == 1, inner[inner.index(after: comma)...].hasPrefix(" number, ::"),
                !inner.contains("{")
            else { continue }
            let skeleton = String(inner[inner.index(after: comma)...].dropFirst(" number, ::".count))
            let locale = try #require(LocaleTag(parsing: item.locale))
            let format = WidgetFormatter(locale: locale, timeZone: .utc)
            #expect(format.number(number, skeleton: skeleton) == item.expected, "\(item.testDescription)")
            checked += 1
        }
        #expect(checked > 1_000)
    }

    @Test func everyCaseFormatsExactlyAsICU() throws {
        let failures = try Self.failures()
        #expect(
            failures.isEmpty,
            Comment(
                rawValue: "\(failures.count) of \(Self.cases.count) differ:\n"
                    + failures.prefix(60).joined(separator: "\n")))
    }

    /// The same cases in a process that formats with a slice of the corpus's locales only (`widget-i18n data`'s
    /// tables, installed before anything formats): what a widget that ships those locales prints.
    @Test func everyCaseFormatsExactlyAsICUOnASliceOfItsLocales() async {
        await #expect(processExitsWith: .success) {
            exitCheckingOnASlice(of: Self.cases.map(\.locale)) { (try Self.failures(), Self.cases.count) }
        }
    }

    /// Each case that does not come out as ICU printed it.
    static func failures() throws -> [String] {
        var failures: [String] = []
        var zones: [String: ZoneInfo] = [:]
        for testCase in Self.cases {
            let locale = try LocaleTag(testCase.locale)
            var formatter = ICUMessageFormatter()
            if let name = testCase.timeZone {
                if zones[name] == nil { zones[name] = ZoneInfo(identifier: name) }
                guard let zone = zones[name] else {
                    failures.append("unknown time zone \(name)")
                    continue
                }
                formatter.timeZone = zone
            }
            let output = formatter.format(testCase.message, locale: locale, arguments: testCase.arguments)
            if output.text != testCase.expected || !output.problems.isEmpty {
                failures.append(
                    "line \(testCase.line) \(testCase.locale) \(testCase.message) \(testCase.arguments): "
                        + "\(output.text.debugDescription) != \(testCase.expected.debugDescription) \(output.problems)")
            }
        }
        return failures
    }

    /// `MessageElement.source(of:)` is the parser's inverse: every corpus message, parsed and written back,
    /// formats exactly as ICU printed it.
    @Test func everyMessageWrittenBackFromItsElementsFormatsTheSame() throws {
        var failures: [String] = []
        var zones: [String: ZoneInfo] = [:]
        for testCase in Self.cases {
            var formatter = ICUMessageFormatter()
            if let name = testCase.timeZone {
                if zones[name] == nil { zones[name] = ZoneInfo(identifier: name) }
                formatter.timeZone = zones[name]
            }
            let source = MessageElement.source(of: try MessageParser.parse(testCase.message))
            let output = formatter.format(source, locale: try LocaleTag(testCase.locale), arguments: testCase.arguments)
            if output.text != testCase.expected {
                failures.append(
                    "line \(testCase.line): \(testCase.message) → \(source): \(output.text.debugDescription)")
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.prefix(20).joined(separator: "\n")))
    }

    /// Both pseudo-locales keep every corpus message formattable with its arguments, in its own locale.
    @Test(arguments: Pseudolocale.allCases)
    func everyPseudolocalisedMessageStillFormats(_ pseudo: Pseudolocale) throws {
        var failures: [String] = []
        for testCase in Self.cases {
            let transformed = try pseudo.transform(testCase.message)
            let output = ICUMessageFormatter(timeZone: ZoneInfo(identifier: "UTC")).format(
                transformed, locale: try LocaleTag(testCase.locale), arguments: testCase.arguments)
            if !output.problems.isEmpty {
                failures.append("line \(testCase.line): \(transformed): \(output.problems)")
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.prefix(20).joined(separator: "\n")))
    }
}
