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
            let answeredBy = attempt.answeredBy.map { " (answered by \($0.tag.displayForm): \($0.reason))" } ?? ""
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

extension DocumentationExampleTests {
    /// "Formatting like the app": each call prints what its comment says, in the locale the translator detected.
    @Test func theFormattingArticlesExamples() throws {
        let store = InMemoryGroupStore()
        let project = try ProjectID("acme/widgets")
        try store.setString("tr", forKey: StorageKey.locale(project: project))
        let translator = WidgetTranslator(store: store, project: project, defaultLocale: .english)
        let format = translator.format
        #expect(format.locale.normalized == "tr")
        #expect(format.relativeTime(-5, unit: .minute) == "5 dakika önce")
        #expect(format.relativeTime(-1, unit: .day, numeric: .auto) == "dün")
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        #expect(try format.relativeTime(from: now.addingTimeInterval(-300), to: now) == "5 dakika önce")
        #expect(try format.relativeTime(from: now, to: now) == "şimdi")
        #expect(format.list(["Ayşe", "Mehmet", "Zeynep"]) == "Ayşe, Mehmet ve Zeynep")
        #expect(format.duration(DurationFields(hours: 1, minutes: 20)) == "1 saat 20 dakika")
        #expect(format.displayName(of: "en-GB") == "İngiliz İngilizcesi")
        #expect(WidgetFormatter.nativeName(of: try LocaleTag("de-CH")) == "Schweizer Hochdeutsch")
        #expect(WidgetFormatter.nativeName(of: try LocaleTag("tr")) == "Türkçe")
    }
}
