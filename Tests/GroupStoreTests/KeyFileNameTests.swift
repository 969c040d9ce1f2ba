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
