import Testing

@testable import I18nCore

/// Flat and mixed bundles nested for readers that walk nested objects only (the better-i18n Swift SDK,
/// `Sources/BetterI18n/Translator.swift`: the key split on `.`, one dictionary per part).
@Suite struct BundleNestingTests {
    func nested(_ json: String) -> String? {
        guard case .nestable(let bytes) = BundleNesting.nested(Array(json.utf8)) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func nestsFlatAndMixedKeysKeepingEveryValueAsWritten() throws {
        #expect(
            nested(#"{"home.title":"Ana sayfa","home.card.count":"{n} etkinlik"}"#)
                == #"{"home":{"title":"Ana sayfa","card":{"count":"{n} etkinlik"}}}"#)
        #expect(
            nested(#"{"home":{"card.title":"A","card.body":"B"},"x":"y"}"#)
                == #"{"home":{"card":{"title":"A","body":"B"}},"x":"y"}"#)
        // Objects meeting at one path merge; numbers, arrays, escapes and literals stay byte for byte.
        #expect(
            nested(
                #" { "a.b" : {"c":"1"}, "a" : {"b": {"d": "\u00e7\n"}}, "n.v": 1.50, "l.v": [1, "x"], "t.v": true } "#)
                == #"{"a":{"b":{"c":"1","d":"\u00e7\n"}},"n":{"v":1.50},"l":{"v":[1, "x"]},"t":{"v":true}}"#)
        // An escaped dot is a dot; the name is written back escaped as JSON needs.
        #expect(nested(#"{"a\u002eb":"1","q\"\\.r":"2"}"#) == #"{"a":{"b":"1"},"q\"\\":{"r":"2"}}"#)
    }

    /// The fetcher asks the bundle it parsed whether nesting could change anything: the answer must be "yes"
    /// exactly when `BundleNesting` finds a dotted name, wherever and however it is spelled.
    @Test(arguments: [
        (#"{"home":{"title":"x"}}"#, false), ("{}", false), (#"{"a":{"b":{"c":"x"}},"n":1.5,"l":["a.b"]}"#, false),
        (#"{"a.b":"x"}"#, true), (#"{"a":{"b":{"c.d":"x"}}}"#, true), (#"{"a\u002eb":"x"}"#, true),
        (#"{"a":{"x.y":1}}"#, true), (#"{"q\"":{"r":"v.w"}}"#, false),
    ])
    func theBundleKnowsWhetherItHasADottedName(json: String, dotted: Bool) throws {
        let bundle = try MessageBundle(json: json)
        #expect(bundle.hasDottedMemberName == dotted)
        #expect((BundleNesting.nested(Array(json.utf8)) != .nested) == dotted)
    }

    @Test func aNestedBundleIsLeftAlone() {
        #expect(BundleNesting.nested(Array(#"{"home":{"title":"x"}}"#.utf8)) == .nested)
        #expect(BundleNesting.nested(Array("{}".utf8)) == .nested)
    }

    @Test(arguments: [
        (#"{"a.b":"1","a":{"b":"2"}}"#, "a.b", "a message and another member meet at the same key"),
        (#"{"a":"1","a.b":"2"}"#, "a", "a message and another member meet at the same key"),
        (#"{"a.b":{"c":"1"},"a":{"b":"2"}}"#, "a.b", "a message and another member meet at the same key"),
        (#"{"a..b":"1"}"#, "a..b", "a part of the dotted key is empty"),
        (#"{"a.":"1"}"#, "a.", "a part of the dotted key is empty"),
        (#"{"x.y":"1","x.y":"2"}"#, "x.y", "the member is repeated"),
    ])
    func refusesWhatWouldChangeAnAnswer(_ json: String, _ key: String, _ reason: String) {
        #expect(BundleNesting.nested(Array(json.utf8)) == .notNestable(key: key, reason: reason))
    }

    /// Every key answers the same before and after, in every bundle of the repository's test data.
    @Test func theNestedBundleAnswersEveryKeyAsTheFlatOneDid() throws {
        let flat = #"{"a.b.c":"1","a.b.d":"{n, plural, one {# x} other {# y}}","e":{"f.g":"2"},"h":"3"}"#
        let original = try MessageBundle(json: flat)
        let result = try #require(nested(flat))
        let rewritten = try MessageBundle(json: result)
        #expect(rewritten.keys.sorted() == original.keys.sorted())
        for key in original.keys { #expect(rewritten.message(forKey: key) == original.message(forKey: key)) }
    }
}
