import LocaleData
import Testing

struct LocaleTagCase: Decodable, Sendable, CustomTestStringConvertible {
    let input: String
    let normalized: String
    let display: String
    let parents: [String]
    var testDescription: String { input }
}

struct LocaleTagTable: Decodable {
    let valid: [LocaleTagCase]
    let invalid: [String]
}

private let table: LocaleTagTable = try! testData.load("locale-tags.json")

@Suite struct LocaleTagTests {
    @Test(arguments: table.valid)
    func parsesNormalisesAndTruncates(_ testCase: LocaleTagCase) throws {
        let tag = try LocaleTag(testCase.input)
        #expect(tag.normalized == testCase.normalized)
        #expect(tag.displayForm == testCase.display)
        #expect(tag.parents.map(\.normalized) == testCase.parents)
        #expect(tag.fallbackChain.first == tag)
    }

    @Test(arguments: table.invalid)
    func rejectsNonTags(_ input: String) {
        #expect(throws: LocaleTagError.self) { try LocaleTag(input) }
        #expect(LocaleTag(parsing: input) == nil)
    }

    @Test func equalityIgnoresSpelling() throws {
        #expect(try LocaleTag("pt_BR") == LocaleTag("PT-br"))
        #expect(try Set([LocaleTag("pt-BR"), LocaleTag("pt_br")]).count == 1)
        #expect(try LocaleTag("pt") != LocaleTag("pt-BR"))
    }

    @Test func exposesSubtags() throws {
        let tag = try LocaleTag("zh_hant_tw")
        #expect(tag.language == "zh")
        #expect(tag.script == "Hant")
        #expect(tag.region == "TW")
        #expect(try LocaleTag("de-CH-1996").variants == ["1996"])
    }

    @Test(arguments: [
        ("ar", true), ("he", true), ("fa-IR", true), ("ur", true), ("en", false), ("ja", false),
        ("az-Arab", true), ("ku-Latn", false),
    ])
    func knowsTextDirection(_ input: String, _ rightToLeft: Bool) throws {
        #expect(try LocaleTag(input).isRightToLeft == rightToLeft)
    }

    @Test func errorNamesTheTextAndAnExample() {
        let error = #expect(throws: LocaleTagError.self) { try LocaleTag("../../etc") }
        #expect(
            error?.description == "Invalid locale '../../etc': '../../etc' is not a valid subtag here; "
                + "use a BCP 47 tag such as 'en', 'pt-BR' or 'zh-Hant-TW'")
        let empty = #expect(throws: LocaleTagError.self) { try LocaleTag("") }
        #expect(empty?.description.contains("the tag is empty") == true)
    }

    /// A megabyte-sized "locale" from a store is quoted as a short prefix, never whole.
    @Test(arguments: [
        String(repeating: "x", count: 1 << 20), "en-" + String(repeating: "日本", count: 1000),
    ])
    func errorQuotesAShortPrefixOfALongText(_ text: String) {
        let error = #expect(throws: LocaleTagError.self) { try LocaleTag(text) }
        let description = error?.description ?? ""
        #expect(description.contains("it is longer than 64 characters"))
        #expect(description.contains("… (\(text.utf8.count) bytes)"))
        #expect(description.utf8.count < 400, "\(description.utf8.count) bytes")
    }
}
