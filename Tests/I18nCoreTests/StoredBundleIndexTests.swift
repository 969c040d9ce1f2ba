import Foundation
import TestSupport
import Testing

@testable import I18nCore

private let bundleCases: [BundleCase] = try! testData.load("bundles.json")

@Suite struct StoredBundleIndexTests {
    @Test(arguments: bundleCases)
    func answersLikeTheParsedBundle(_ testCase: BundleCase) throws {
        let json = Array(testCase.json.utf8)
        let bundle = try MessageBundle(jsonBytes: json)
        let index = try #require(StoredBundleIndex(index: bundle.storedIndex(), json: json))
        #expect(index.messageCount == bundle.messageCount)
        for key in Array(testCase.lookups.keys) + bundle.keys {
            #expect(index.message(forKey: key) == bundle.message(forKey: key), "key '\(key)'")
        }
    }

    @Test func refusesAnIndexOfOtherJSON() throws {
        let original = Array(#"{"widget":{"title":"Today","subtitle":"Your day"}}"#.utf8)
        let index = try MessageBundle(jsonBytes: original).storedIndex()
        // Same size, one letter changed: the fingerprint notices.
        let edited = Array(#"{"widget":{"title":"Todax","subtitle":"Your day"}}"#.utf8)
        #expect(StoredBundleIndex(index: index, json: edited) == nil)
        #expect(StoredBundleIndex(index: index, json: original + [0x20]) == nil)
        #expect(StoredBundleIndex(index: Array(index.dropLast()), json: original) == nil)
        #expect(StoredBundleIndex(index: [UInt8](repeating: 0, count: 100), json: original) == nil)
    }

    /// Without identities, the whole content decides: every same-size edit makes the index stale.
    @Test func withoutAnIdentityTheContentDigestCatchesEveryEdit() throws {
        var messages: [String: String] = [:]
        for index in 0..<2000 { messages["k\(index)"] = "value \(index)" }
        let json = Array(MessageBundle(messages: messages).storedIndexJSON())
        let index = try MessageBundle(jsonBytes: json).storedIndex()
        #expect(StoredBundleIndex(index: index, json: json) != nil)
        for position in stride(from: 1, to: json.count - 1, by: 97) where json[position] != UInt8(ascii: "x") {
            var edited = json
            edited[position] = UInt8(ascii: "x")
            #expect(StoredBundleIndex(index: index, json: edited) == nil, "edit at \(position)")
        }
    }

    /// With identities, the identity decides (constant cost); a different one means stale whatever the bytes.
    @Test func anIdentityMustMatchExactly() throws {
        let json = Array(#"{"widget":{"title":"Today"}}"#.utf8)
        let index = try MessageBundle(jsonBytes: json).storedIndex(identity: [1, 2, 3, 4])
        #expect(
            StoredBundleIndex(index: index, json: json, identity: [1, 2, 3, 4])?.message(forKey: "widget.title")
                == "Today")
        #expect(StoredBundleIndex(index: index, json: json, identity: [1, 2, 3, 5]) == nil)
        // An index written without an identity falls back to the digest.
        let plain = try MessageBundle(jsonBytes: json).storedIndex()
        #expect(StoredBundleIndex(index: plain, json: json, identity: [9]) != nil)
        // An index of the previous format version is stale.
        var older = index
        older[8] = 1
        #expect(StoredBundleIndex(index: older, json: json, identity: [1, 2, 3, 4]) == nil)
    }

    /// The last line: when the identity matched but the JSON changed in place (a writer that restored the
    /// modification time), a slot that points at something else reports `.stale`, never "no such key".
    @Test func aSlotThatPointsAtSomethingElseIsStale() throws {
        var messages: [String: String] = [:]
        for index in 0..<2000 { messages["k\(index)"] = "value \(index)" }
        let json = Array(MessageBundle(messages: messages).storedIndexJSON())
        let identity: [UInt8] = [7, 7, 7]
        let index = try MessageBundle(jsonBytes: json).storedIndex(identity: identity)
        // "kN":"value N" -> "kN":"value"N": the slot's value no longer ends at a quote. Take the first key whose
        // edit the fingerprint's samples miss, so the per-lookup check must act.
        var found: (key: String, json: [UInt8])?
        for candidate in 1000..<1400 {
            let target = Array("\"k\(candidate)\":\"value \(candidate)\"".utf8)
            let position = try #require(json.firstRange(of: target)).lowerBound
            var edited = json
            edited[position + target.count - 1 - "\(candidate)".utf8.count - 1] = UInt8(ascii: "\"")
            if StoredBundleIndex(index: index, json: edited, identity: identity) != nil {
                found = ("k\(candidate)", edited)
                break
            }
        }
        let (key, edited) = try #require(found, "every edit was caught by the fingerprint; widen the search")
        let stored = try #require(StoredBundleIndex(index: index, json: edited, identity: identity))
        #expect(stored.lookUp(key) == .stale)
        #expect(stored.lookUp("k1") == .found("value 1"))
        #expect(stored.lookUp("no.such.key") == .missing)
    }
}

extension MessageBundle {
    /// The JSON a dictionary-built bundle was made from, rebuilt for the test.
    func storedIndexJSON() -> [UInt8] {
        var json: [UInt8] = [UInt8(ascii: "{")]
        for (offset, key) in keys.enumerated() {
            if offset > 0 { json.append(UInt8(ascii: ",")) }
            json += Array("\"\(key)\":\"\(message(forKey: key)!)\"".utf8)
        }
        json.append(UInt8(ascii: "}"))
        return json
    }
}
