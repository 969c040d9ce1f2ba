import Foundation
import TestSupport
import Testing

@testable import GroupStore

@Suite struct KeyFileNameTests {
    /// Expected names are what `urllib.parse.quote(key, safe="")` prints, as the benchmark fixture generator (`Benchmarks/make-fixture.py`) uses.
    @Test(arguments: [
        ("@better-i18n:locale:acme/widgets", "%40better-i18n%3Alocale%3Aacme%2Fwidgets"),
        ("@better-i18n:messages:acme/widgets:pt-br", "%40better-i18n%3Amessages%3Aacme%2Fwidgets%3Apt-br"),
        ("a b~c_d.e", "a%20b~c_d.e"),
        ("ü", "%C3%BC"),
        ("../../etc/passwd", "..%2F..%2Fetc%2Fpasswd"),
        ("%41", "%2541"),
    ])
    func encodesLikePythonQuote(_ key: String, _ expected: String) {
        #expect(KeyFileName.encode(key) == expected)
        #expect(KeyFileName.decode(expected) == key)
    }

    @Test(arguments: ["%tmp-123-abc", "%2f", "%4", "a/b", "%41", "a b", ".", "..", "", "%FF"])
    func nonCanonicalNamesAreNotKeys(_ name: String) {
        #expect(KeyFileName.decode(name) == nil)
    }
}

/// The table the JavaScript bridge's file writer is checked against too (`Bridges/js/test/`): both encoders
/// agree on every key, including `!'()*`, which `encodeURIComponent` leaves as they are.
@Suite struct SharedKeyFileNameVectorTests {
    struct Vector: Decodable {
        let key: String
        let fileName: String?
    }

    @Test func encodesEveryKeyOfTheSharedTable() throws {
        let path = Repository.root + "/Tests/GroupStoreTests/Data/key-file-names.json"
        let data = try #require(FileManager.default.contents(atPath: path), "missing \(path)")
        let vectors = try JSONDecoder().decode([Vector].self, from: data)
        #expect(vectors.count >= 10)
        #expect(vectors.contains { $0.key.contains("!") && $0.key.contains("(") })
        let store = FileGroupStore(directory: "/nonexistent")
        for vector in vectors {
            if let fileName = vector.fileName {
                #expect(KeyFileName.encode(vector.key) == fileName, "\(vector.key)")
                #expect(KeyFileName.decode(fileName) == vector.key)
                #expect(try store.path(forKey: vector.key) == "/nonexistent/" + fileName)
            } else {
                #expect(throws: GroupStoreError.self, "\(vector.key)") { try store.path(forKey: vector.key) }
            }
        }
    }
}
