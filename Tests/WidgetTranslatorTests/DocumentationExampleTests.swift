import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
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
            let answeredBy = attempt.answeredBy.map { " (answered by \($0.tag.normalized): \($0.reason))" } ?? ""
            printed.append("\(index + 1). \(attempt.step): \(attempt.outcome)\(answeredBy)")
        }
        let article = try articleOutput("Sources/WidgetTranslator/WidgetTranslator.docc/ResolvingAKey.md")
        #expect(printed == article)
        #expect(article.count == 5)
    }
}

/// The lines of the first ```text block of a DocC article: what its example says it prints.
func articleOutput(_ path: String) throws -> [String] {
    let text = try String(contentsOfFile: Repository.root + "/" + path, encoding: .utf8)
    guard let start = text.range(of: "```text\n"),
        let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex)
    else { return [] }
    return text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
}
