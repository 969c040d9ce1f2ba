import Foundation
import I18nCore
import TestSupport
import Testing

struct BundleCase: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    let lookups: [String: String?]
    var testDescription: String { name }
}

struct InvalidBundleCase: Decodable, Sendable, CustomTestStringConvertible {
    let json: String
    let kind: String
    let offset: Int
    var testDescription: String { json }
}

private let bundleCases: [BundleCase] = try! testData.load("bundles.json")
private let invalidCases: [InvalidBundleCase] = try! testData.load("invalid-bundles.json")

@Suite struct MessageBundleTests {
    @Test(arguments: bundleCases)
    func resolvesKeys(_ testCase: BundleCase) throws {
        let bundle = try MessageBundle(json: testCase.json)
        for (key, expected) in testCase.lookups {
            #expect(bundle.message(forKey: key) == expected, "key '\(key)'")
            #expect(bundle.containsMessage(forKey: key) == (expected != nil), "key '\(key)'")
        }
    }

    @Test(arguments: invalidCases)
    func rejectsInvalidJSONWithItsOffset(_ testCase: InvalidBundleCase) {
        let error = #expect(throws: MessageBundleError.self) { try MessageBundle(json: testCase.json) }
        let kind: String
        switch error?.kind {
        case .syntax: kind = "syntax"
        case .notAnObject: kind = "notAnObject"
        case .invalidUTF8: kind = "invalidUTF8"
        case .tooDeep: kind = "tooDeep"
        case .tooLarge: kind = "tooLarge"
        case nil: kind = "none"
        }
        #expect(kind == testCase.kind)
        #expect(error?.offset == testCase.offset)
    }

    @Test(arguments: invalidCases)
    func validationRejectsWhatParsingRejects(_ testCase: InvalidBundleCase) {
        let parsed = #expect(throws: MessageBundleError.self) { try MessageBundle(json: testCase.json) }
        let validated = #expect(throws: MessageBundleError.self) {
            try MessageBundle.validate(jsonBytes: Array(testCase.json.utf8))
        }
        #expect(parsed == validated)
    }

    @Test(arguments: bundleCases)
    func validationCountsStringLeaves(_ testCase: BundleCase) throws {
        let count = try MessageBundle.validate(jsonBytes: Array(testCase.json.utf8))
        let reference = try JSONSerialization.jsonObject(with: Data(testCase.json.utf8), options: .fragmentsAllowed)
        // JSONSerialization keeps one of each duplicate member, so only duplicate-free cases compare exactly.
        if !testCase.name.contains("duplicate") {
            #expect(count == countStrings(reference))
        } else {
            #expect(count > countStrings(reference))
        }
    }

    private func countStrings(_ object: Any) -> Int {
        guard let dictionary = object as? [String: Any] else { return 0 }
        return dictionary.values.reduce(0) { total, value in
            total + (value is String ? 1 : (value is [String: Any] ? countStrings(value) : 0))
        }
    }

    @Test(
        arguments: [
            [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D],  // a lone 0xFF
            [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0x22, 0x7D],  // a truncated two-byte sequence
            [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC0, 0xAF, 0x22, 0x7D],  // an overlong '/'
            [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x7D],  // an encoded surrogate
            [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x7D],  // past U+10FFFF
        ] as [[UInt8]])
    func rejectsInvalidUTF8(_ bytes: [UInt8]) {
        let error = #expect(throws: MessageBundleError.self) { try MessageBundle(jsonBytes: bytes) }
        #expect(error?.kind == .invalidUTF8)
        #expect(error?.offset == 6)
    }

    @Test func capsNesting() throws {
        let deep =
            String(repeating: "{\"a\":", count: MessageBundle.maximumDepth + 1) + "\"x\""
            + String(repeating: "}", count: MessageBundle.maximumDepth + 1)
        let error = #expect(throws: MessageBundleError.self) { try MessageBundle(json: deep) }
        #expect(error?.kind == .tooDeep(limit: MessageBundle.maximumDepth))
        let arrays = "{\"a\":" + String(repeating: "[", count: 100_000) + "}"
        #expect(throws: MessageBundleError.self) { try MessageBundle(json: arrays) }
        let fine =
            String(repeating: "{\"a\":", count: MessageBundle.maximumDepth) + "\"x\""
            + String(repeating: "}", count: MessageBundle.maximumDepth)
        let bundle = try MessageBundle(json: fine)
        #expect(
            bundle.message(forKey: Array(repeating: "a", count: MessageBundle.maximumDepth).joined(separator: "."))
                == "x")
    }

    @Test func agreesWithJSONSerializationOnTheSampleBundles() throws {
        for locale in ["en", "tr", "de", "fr", "ar", "ru", "pl", "ja", "pt-br", "zh-hant"] {
            let path = Repository.root + "/Locales/acme/widgets/\(locale)/translations.json"
            let data = try #require(FileManager.default.contents(atPath: path))
            let bundle = try MessageBundle(jsonBytes: Array(data))
            let reference = flatten(try JSONSerialization.jsonObject(with: data))
            #expect(bundle.messageCount == reference.count, "\(locale)")
            #expect(Set(bundle.keys) == Set(reference.keys), "\(locale)")
            for (key, value) in reference { #expect(bundle.message(forKey: key) == value, "\(locale) \(key)") }
        }
    }

    @Test func buildsFromADictionary() {
        let bundle = MessageBundle(messages: ["a.b": "quote \" and \\ and\nnewline", "c": "plain"])
        #expect(bundle.message(forKey: "a.b") == "quote \" and \\ and\nnewline")
        #expect(bundle.message(forKey: "c") == "plain")
        #expect(bundle.messageCount == 2)
    }

    @Test func countsMergedDuplicatesOnce() throws {
        let bundle = try MessageBundle(json: #"{"a.b":"x","a":{"b":"y","c":"z"}}"#)
        #expect(bundle.messageCount == 2)
        #expect(bundle.keys == ["a.b", "a.c"])
    }

    private func flatten(_ object: Any, prefix: String = "") -> [String: String] {
        var result: [String: String] = [:]
        guard let dictionary = object as? [String: Any] else { return result }
        for (key, value) in dictionary {
            let path = prefix.isEmpty ? key : prefix + "." + key
            if let text = value as? String {
                result[path] = text
            } else if value is [String: Any] {
                result.merge(flatten(value, prefix: path)) { first, _ in first }
            }
        }
        return result
    }
}
