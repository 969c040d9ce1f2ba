import Foundation
import I18nCore
import LocaleData
import TestSupport
import Testing
import WidgetTranslator

@Suite struct BundledMessagesTests {
    @Test func readsTheCDNLayout() throws {
        let bundles = try BundledMessages.load(fromDirectory: Repository.sampleProjectLocales)
        #expect(bundles.count == 10)
        #expect(bundles[LocaleTag(parsing: "pt-BR")!]?.message(forKey: "today.title") == "Hoje")
        #expect(bundles[LocaleTag(parsing: "de")!]?.message(forKey: "today.title") == "Heute")
    }

    @Test func namesTheFileThatDoesNotParse() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.appending("en"), withIntermediateDirectories: true)
        try Data("{oops".utf8).write(to: URL(fileURLWithPath: directory.appending("en/translations.json")))
        let error = #expect(throws: BundledMessagesError.self) {
            try BundledMessages.load(fromDirectory: directory.path)
        }
        #expect(error?.description.contains("en/translations.json") == true)
    }
}
