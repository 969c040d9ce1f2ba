import Foundation

/// A rewrite of a stored bundle by another writer that leaves the bundle's index alone:
/// `Tests/WidgetTranslatorTests/Data/foreign-rewrites.json`.
public struct ForeignRewrite: Sendable, CustomStringConvertible {
    public let name: String
    /// The rewritten bundle: the same size as `ForeignRewrites.original`.
    public let rewritten: [UInt8]
    /// What each key must render after the rewrite; `nil`: the key is missing.
    public let expect: [(key: String, value: String?)]
    public var description: String { name }
}

public enum ForeignRewrites {
    private struct Corpus: Decodable {
        struct Case: Decodable {
            let name: String
            let edits: [[String]]
            let expect: [String: String?]
        }
        let base: [String: [String: String]]
        let cases: [Case]
    }

    private static let corpus: Corpus = {
        let path = Repository.root + "/Tests/WidgetTranslatorTests/Data/foreign-rewrites.json"
        return try! JSONDecoder().decode(Corpus.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }()

    /// The base bundle: the sections `start`, `middle` and `end`, keys sorted, around ~60 KB of filler, compact.
    public static let original: [UInt8] = {
        func quoted(_ text: String) -> String { String(decoding: try! JSONEncoder().encode(text), as: UTF8.self) }
        func section(_ name: String) -> String {
            let members = corpus.base[name]!.keys.sorted().map { quoted($0) + ":" + quoted(corpus.base[name]![$0]!) }
            return quoted(name) + ":{" + members.joined(separator: ",") + "}"
        }
        func filler(_ name: String) -> String {
            quoted(name) + ":{" + (0..<1000).map { "\"k\($0)\":\"filler value number \($0)\"" }.joined(separator: ",")
                + "}"
        }
        let json =
            "{"
            + [section("start"), filler("one"), section("middle"), filler("two"), section("end")]
            .joined(separator: ",") + "}"
        return Array(json.utf8)
    }()

    public static let cases: [ForeignRewrite] = corpus.cases.map { testCase in
        var text = String(decoding: original, as: UTF8.self)
        for edit in testCase.edits {
            precondition(text.components(separatedBy: edit[0]).count == 2, "'\(edit[0])' must occur once")
            text = text.replacingOccurrences(of: edit[0], with: edit[1])
        }
        precondition(text.utf8.count == original.count, "\(testCase.name): a rewrite keeps the size")
        return ForeignRewrite(
            name: testCase.name, rewritten: Array(text.utf8),
            expect: testCase.expect.keys.sorted().map { ($0, testCase.expect[$0]!) })
    }
}
