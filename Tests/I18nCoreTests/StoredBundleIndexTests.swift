import Foundation
import I18nCore
import Testing

private let bundleCases: [BundleCase] = try! loadTestData("bundles.json")

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

    @Test func checksEveryValueItPointsAt() throws {
        // Large enough that the fingerprint samples only part of it: an edit between samples slips past the
        // fingerprint, and the per-lookup checks must catch it.
        var messages: [String: String] = [:]
        for index in 0..<2000 { messages["k\(index)"] = "value \(index)" }
        let json = Array(MessageBundle(messages: messages).storedIndexJSON())
        let index = try MessageBundle(jsonBytes: json).storedIndex()
        // An edit that keeps the size: "kN":"value N" -> "kN":"value"N": the slot's value no longer ends at a
        // quote. Take the first key whose edit the fingerprint's samples miss, so the per-lookup check must act.
        var found: (key: String, json: [UInt8])?
        for candidate in 1000..<1400 {
            let target = Array("\"k\(candidate)\":\"value \(candidate)\"".utf8)
            let position = try #require(json.firstRange(of: target)).lowerBound
            var edited = json
            edited[position + target.count - 1 - "\(candidate)".utf8.count - 1] = UInt8(ascii: "\"")
            if StoredBundleIndex(index: index, json: edited) != nil {
                found = ("k\(candidate)", edited)
                break
            }
        }
        let (key, edited) = try #require(found, "every edit was caught by the fingerprint; widen the search")
        let stored = try #require(StoredBundleIndex(index: index, json: edited))
        #expect(stored.message(forKey: key) == nil)
        #expect(stored.message(forKey: "k1") == "value 1")
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
