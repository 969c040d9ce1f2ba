import Foundation
import I18nCore
import LocaleData
import StringCatalog
import TestSupport
import Testing

/// The landing page's example, run: what it says it prints is what it prints.
@Suite struct DocumentationExampleTests {
    @Test func theLandingPagesExample() throws {
        let bundles: [LocaleTag: MessageBundle] = [
            .english: try MessageBundle(
                json:
                    #"{"gallery": {"name": "Days since", "count": "{n, plural, =0 {No days} one {# day} other {# days}}"}}"#
            ),
            try LocaleTag("pt-br"): try MessageBundle(json: #"{"gallery": {"name": "Dias desde"}}"#),
        ]
        let catalog = try CatalogExport(sourceLocale: .english, keyPrefixes: ["gallery"]).catalog(from: bundles)
        var printed = ["\(catalog.keys) \(catalog.locales)"]
        let back = try CatalogImport().bundles(fromCatalog: catalog.bytes)
        for locale in back.locales {
            for (key, message) in locale.messages { printed.append("\(locale.code) \(key) \(message)") }
        }
        let text = try String(
            contentsOfFile: Repository.root + "/Sources/StringCatalog/StringCatalog.docc/StringCatalog.md",
            encoding: .utf8)
        let start = try #require(text.range(of: "```text\n"))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        #expect(printed == text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init))
    }
}
