import CDNFetcher
import I18nCore
import LocaleData
import Testing

@Suite struct ManifestTests {
    @Test func readsTheBetterI18nShape() throws {
        let manifest = try Manifest(
            jsonBytes: Array(
                """
                {"sourceLanguage": "en", "version": "42", "namespaces": ["common", "widget"],
                 "languages": [{"code": "en", "name": "English", "nativeName": "English", "isSource": true},
                               {"code": "pt-BR", "name": "Portuguese", "nativeName": "Português"}, "ja", {"code": "../x"}],
                 "files": {"pt-br": {"url": "https://cdn.example/pt.json"}, "ja": "ja.json"}}
                """.utf8))
        #expect(manifest.languages.map(\.code) == ["en", "pt-BR", "ja"])
        #expect(manifest.skippedLanguages == ["../x"])
        #expect(manifest.languages[0].isSource)
        #expect(manifest.languages[1].nativeName == "Português")
        #expect(manifest.version == "42")
        #expect(manifest.namespaces == ["common", "widget"])
        #expect(manifest.fileURL(for: LocaleTag(parsing: "pt-BR")!) == "https://cdn.example/pt.json")
        #expect(manifest.fileURL(for: LocaleTag(parsing: "ja")!) == "ja.json")
        #expect(manifest.sourceLanguage == .english)
    }

    @Test func matchesLocalesExactlyThenByParent() throws {
        let manifest = try Manifest(
            jsonBytes: Array(#"{"languages": [{"code": "de"}, {"code": "zh-hant"}, {"code": "pt"}]}"#.utf8))
        #expect(manifest.language(for: LocaleTag(parsing: "de-AT")!)?.code == "de")
        #expect(manifest.language(for: LocaleTag(parsing: "zh-Hant-TW")!)?.code == "zh-hant")
        #expect(manifest.language(for: LocaleTag(parsing: "pt_BR")!)?.code == "pt")
        #expect(manifest.language(for: LocaleTag(parsing: "fr")!) == nil)
    }

    @Test(arguments: [
        ("[]", "the manifest is not a JSON object"),
        ("{oops", "the manifest is not valid JSON (at byte 1: expected a member name in double quotes)"),
        (#"{"languages": ["en"]} x"#, "the manifest is not valid JSON (at byte 22: expected end of input)"),
        (#"{"files": {}}"#, "the manifest has no 'languages' list"),
        (#"{"languages": []}"#, "the manifest lists no valid languages"),
        (
            #"{"languages": ["en"], "namespaces": ["../../etc/passwd"]}"#,
            "the manifest names an invalid namespace '../../etc/passwd'"
        ),
    ])
    func explainsWhatIsWrong(_ json: String, _ message: String) {
        let error = #expect(throws: ManifestError.self) { try Manifest(jsonBytes: Array(json.utf8)) }
        #expect(error?.description == message)
    }

    /// A manifest is read as messages are: UTF-8 only, a byte-order mark skipped, and stored without it.
    @Test(
        arguments: [
            (
                [0xFF, 0xFE, 0x7B, 0x00],
                "the manifest is not UTF-8 (it looks like UTF-16 or UTF-32); serve it as UTF-8"
            ),
            (
                [0xFE, 0xFF, 0x00, 0x7B],
                "the manifest is not UTF-8 (it looks like UTF-16 or UTF-32); serve it as UTF-8"
            ),
            (
                [0x7B, 0x00, 0x7D, 0x00],
                "the manifest is not UTF-8 (it looks like UTF-16 or UTF-32); serve it as UTF-8"
            ),
            (
                Array(#"{"languages": ["en"], "projectSlug": ""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8),
                "the manifest is not valid UTF-8 at byte 38"
            ),
            (
                Array(String(repeating: #"{"a":"#, count: 70).utf8),
                "the manifest nests deeper than 64 levels at byte 320"
            ),
        ] as [([UInt8], String)])
    func refusesWhatIsNotUTF8JSON(_ bytes: [UInt8], _ message: String) {
        let error = #expect(throws: ManifestError.self) { try Manifest(jsonBytes: bytes) }
        #expect(error?.description == message)
    }

    @Test func aByteOrderMarkIsSkippedAndNotStored() throws {
        let json = Array(#"{"languages": ["en"]}"#.utf8)
        let (manifest, stored) = try Manifest.parse([0xEF, 0xBB, 0xBF] + json)
        #expect(manifest.languages.map(\.code) == ["en"])
        #expect(stored == json)
        #expect(try Manifest(jsonBytes: [0xEF, 0xBB, 0xBF] + json) == manifest)
    }
}
