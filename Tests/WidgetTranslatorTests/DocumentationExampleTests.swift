import Foundation
import GroupStore
import I18nCore
import TestSupport
import Testing
import WidgetTranslator

/// The examples of the DocC articles, run: what they say they print is what they print.
@Suite struct DocumentationExampleTests {
    /// "Resolving a key": a key no locale has, with the sample project's bundles and pt-BR stored.
    @Test func aMissingKeyStepByStep() throws {
        let store = InMemoryGroupStore()
        let project = try ProjectID("acme/widgets")
        for locale in try FileManager.default.contentsOfDirectory(atPath: Repository.sampleProjectLocales)
        where !locale.hasSuffix(".json") {
            let bytes = try Data(
                contentsOf: URL(fileURLWithPath: "\(Repository.sampleProjectLocales)/\(locale)/translations.json"))
            try store.setValue(
                Array(bytes), forKey: StorageKey.messages(project: project, locale: try LocaleTag(locale)))
        }
        try store.setString("pt-br", forKey: StorageKey.locale(project: project))
        let translator = WidgetTranslator(store: store, project: project, defaultLocale: .english)
        let resolution = translator.resolve("today.weather")
        var printed = ["\(resolution.message) \(resolution.isMissing)"]
        for (index, attempt) in resolution.attempts.enumerated() {
            printed.append("\(index + 1). \(attempt.step): \(attempt.outcome)")
        }
        #expect(
            printed == [
                "today.weather true", "1. locale pt-br: no such key", "2. parent locale pt: no cached messages",
                "3. default locale en: no such key", "4. the key itself: found",
            ])
    }
}
