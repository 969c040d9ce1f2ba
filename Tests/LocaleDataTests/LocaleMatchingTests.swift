import LocaleData
import Testing

struct LocaleMatchingCase: Decodable, Sendable, CustomTestStringConvertible {
    let desired: String
    let supported: String
    let icu: String?
    /// WidgetI18n's choice where it deliberately differs from ICU's, with `reason`.
    let widgetI18n: String?
    let reason: String?
    var testDescription: String { "\(desired) among \(supported)" }
}

struct LocaleMatchingTable: Decodable {
    let supported: [String: [String]]
    let cases: [LocaleMatchingCase]
}

private let matching: LocaleMatchingTable = try! testData.load("locale-matching.json")

/// `LocaleNegotiation.bestMatch` against ICU 77.1's `LocaleMatcher`, from `Data/locale-matching.json`
/// (`scripts/generate/likely-subtags.py`), and the steps it explains.
@Suite struct LocaleMatchingTests {
    @Test(arguments: matching.cases)
    func agreesWithICUsLocaleMatcher(_ testCase: LocaleMatchingCase) throws {
        let available = try #require(matching.supported[testCase.supported]).map { try LocaleTag($0) }
        let (tag, steps) = LocaleNegotiation.bestMatch(for: try LocaleTag(testCase.desired), among: available)
        let expected = testCase.reason == nil ? testCase.icu : testCase.widgetI18n
        #expect(tag.map(\.normalized) == expected.map { try! LocaleTag($0).normalized }, "\(steps)")
    }

    @Test func explainsEveryStepTried() throws {
        let (tag, steps) = LocaleNegotiation.bestMatch(
            for: try LocaleTag("en-AU"), among: [try LocaleTag("en-US"), try LocaleTag("en-GB")])
        #expect(tag == (try LocaleTag("en-GB")))
        #expect(steps.map(\.description) == ["en-AU: no match", "en-001: en-GB (falls back to it in 1 step)"])
        let chinese = LocaleNegotiation.bestMatch(
            for: try LocaleTag("zh-HK"), among: [try LocaleTag("zh-Hans"), try LocaleTag("zh-TW")])
        #expect(
            chinese.steps.map(\.description) == [
                "zh-HK: no match", "zh-Hant-HK: no match", "zh-Hant: zh-TW (same maximized form zh-Hant-TW)",
            ])
    }

    @Test(arguments: [
        ("pt-BR", ["pt_BR"], "pt-BR", LocaleNegotiation.MatchReason.exact),
        ("pt", ["pt-PT", "pt-BR"], "pt-BR", .sameMaximized(LocaleTag(parsing: "pt-Latn-BR")!)),
        ("zh-Hant", ["zh-CN", "zh-TW"], "zh-TW", .sameMaximized(LocaleTag(parsing: "zh-Hant-TW")!)),
        ("zh", ["zh-Hant", "zh-CN"], "zh-CN", .sameMaximized(LocaleTag(parsing: "zh-Hans-CN")!)),
        ("en-001", ["en-GB"], "en-GB", .fallsBack(steps: 1)),
        ("pt", ["pt-AO", "pt-PT"], "pt-PT", .fallsBack(steps: 1)),
        // The step's region first: `en-US-POSIX` is American English, `en-CA` falls back sooner but is not.
        ("en", ["en-CA", "en-US-posix"], "en-US-posix", .fallsBack(steps: 2)),
    ])
    func matchesAStepAndSaysWhy(
        _ step: String, _ available: [String], _ expected: String, _ reason: LocaleNegotiation.MatchReason
    ) throws {
        let match = LocaleNegotiation.match(try LocaleTag(step), among: try available.map { try LocaleTag($0) })
        #expect(match?.tag.displayForm == expected)
        #expect(match?.reason == reason)
    }

    /// A script mismatch is never a match, whatever else agrees.
    @Test(arguments: [
        ("zh-Hant", ["zh-Hans", "zh-CN", "zh"]), ("zh-TW", ["zh", "zh-Hans-TW"]), ("sr-Latn", ["sr-Cyrl", "sr"]),
        ("sr", ["sr-Latn", "sr-ME"]), ("en", ["hi-Latn"]), ("az-Arab", ["az", "az-AZ"]),
    ])
    func neverMatchesAcrossScripts(_ desired: String, _ available: [String]) throws {
        let (tag, steps) = LocaleNegotiation.bestMatch(
            for: try LocaleTag(desired), among: try available.map { try LocaleTag($0) })
        #expect(tag == nil, "\(steps)")
    }
}
