import CDNFetcher
import I18nCore
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
        ("{oops", "the manifest is not valid JSON"),
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
}
