import Foundation
import Testing

@testable import StringCatalog

/// The catalog is written as Xcode writes it: key order, indentation, separators, escapes, empty objects.
@Suite struct XcodeFormatTests {
    /// Orders seen in catalogs Xcode wrote (CubeLabsNZ/CubeTime, Cizzuk/CSE, Artificial-Pancreas/OmniKit).
    @Test func keysSortAsXcodeSortsThem() {
        let expected = [
            "", "-", "–", "...", "(%@)", "[+2]", "%@", "%lld", "%lld Solves", "%lld.", "©", "+2", "|", "$x", "0.00",
            "2x2", "3x3", "3x3 BLD", "Ascending", "AVERAGE PHASES", "comment", "Comment", "COMMENT",
            "Comment something…", "Item 2", "Item 10", "X2", "x16", "zh-Hans", "zh-Hant", "zh-HK",
        ]
        #expect(expected.shuffled().sorted(by: XcodeKeyOrder.areInIncreasingOrder) == expected)
    }

    @Test func writesXcodesLayout() {
        let value = CatalogValue.object([
            CatalogMember("version", .string("1.0")),
            CatalogMember("strings", .object([CatalogMember("b", .object([])), CatalogMember("a/b", .integer(2))])),
            CatalogMember("flag", .bool(false)),
        ])
        #expect(
            text(XcodeJSON.bytes(of: value)) == """
                {
                  "flag" : false,
                  "strings" : {
                    "a/b" : 2,
                    "b" : {

                    }
                  },
                  "version" : "1.0"
                }
                """)
    }

    @Test func escapesAsFoundationDoes() {
        #expect(
            XcodeJSON.quoted("a\"b\\c/d\n\r\t\u{08}\u{0C}\u{01}\u{1B}é🎉") == #""a\"b\\c/d\n\r\t\b\f\u0001\u001bé🎉""#)
    }

    /// Every test catalog is already in Xcode's format: rewriting what was read changes no byte.
    @Test(arguments: validCatalogs) func testCatalogsAreInXcodesFormat(_ name: String) throws {
        let bytes = try catalogData(name)
        let node = try JSONReader.parse(bytes)
        #expect(XcodeJSON.bytes(of: rewritten(node)) == bytes, "\(name)")
    }

    private func rewritten(_ node: JSONNode) -> CatalogValue {
        switch node.kind {
        case .object(let members): .object(members.map { CatalogMember($0.name, rewritten($0.value)) })
        case .string(let text): .string(text)
        case .number(let text): .integer(Int(text)!)
        case .bool(let flag): .bool(flag)
        case .array, .null: .verbatim(Array("null".utf8))
        }
    }

    @Test func readerNamesWhereTheJSONBreaks() throws {
        let error = #expect(throws: CatalogError.self) { try JSONReader.parse(catalogData("not-json.xcstrings")) }
        #expect(error?.description == "not JSON: expected a member name in quotes at line 10, column 11")
        for (json, reason) in [
            (#"{"a": 1, "a": 2}"#, #"not JSON: the member "a" appears twice in one object at line 1, column 10"#),
            ("[1, 2", "not JSON: expected ',' or ']' in an array at line 1, column 6"),
            (#"{"a": 01}"#, "not JSON: a number with a leading zero at line 1, column 7"),
            (
                "\"\u{01}\"",
                "not JSON: a control character (U+0001) inside a string; write it escaped at line 1, column 2"
            ),
            (#""\ud800""#, "not JSON: a lone UTF-16 high surrogate in a \\u escape at line 1, column 8"),
        ] {
            #expect(throws: CatalogError(path: "", reason: reason)) { try JSONReader.parse(Array(json.utf8)) }
        }
        let surrogates = try JSONReader.parse(Array(#""\ud83c\udf89 \u00e9""#.utf8))
        #expect(surrogates.string == "🎉 é")
    }
}
