import Foundation
import GroupStore
import I18nCore
import LocaleData
import Testing
import WidgetTranslator

private let project = try! ProjectID("acme/widgets")

/// A run as the tests compare it: its text, its inline intent's names and its link.
private struct Run: Equatable, CustomStringConvertible {
    var text: String
    var intent: [String] = []
    var link: String?

    var description: String { "\(text)|\(intent.joined(separator: "+"))|\(link ?? "")" }
}

private func runs(_ string: AttributedString) -> [Run] {
    string.runs.map { run in
        var intent: [String] = []
        if let value = run[InlineIntentAttribute.self] {
            if value.contains(.emphasized) { intent.append("i") }
            if value.contains(.stronglyEmphasized) { intent.append("b") }
        }
        return Run(text: String(string[run.range].characters), intent: intent, link: run.link?.absoluteString)
    }
}

/// The runs of `message` (key `m`) in an English bundle, ICU or, with `mf2`, MessageFormat 2.
private func runs(
    _ message: String, _ arguments: [String: LocalizedMessage.Argument] = [:], mf2: Bool = false,
    locale: String = "en", schemes: Set<String> = ["http", "https"]
) throws -> [Run] {
    let bundle = try JSONSerialization.data(
        withJSONObject: mf2 ? ["$messageFormat": "2", "m": message] : ["m": message])
    let store = InMemoryGroupStore([
        "@better-i18n:messages:acme/widgets:\(locale)": String(decoding: bundle, as: UTF8.self),
        "@better-i18n:locale:acme/widgets": locale,
    ])
    let translator = WidgetTranslator(store: store, project: project, preferredLanguages: [])
    let attributed = translator.attributedString(LocalizedMessage("m", arguments), linkSchemes: schemes)
    // The plain text is the attributed string's characters: one formatting, two shapes.
    #expect(String(attributed.characters) == translator.translate(LocalizedMessage("m", arguments)).text)
    return runs(attributed)
}

@Suite struct RichTextTests {
    /// `<b>`, `<strong>`, `<i>`, `<em>` are Foundation's inline presentation intents; the text outside is plain.
    @Test func boldAndItalicTagsAreInlineIntents() throws {
        #expect(
            try runs("a <b>b</b> <strong>s</strong> <i>i</i> <em>e</em>")
                == [
                    Run(text: "a "), Run(text: "b", intent: ["b"]), Run(text: " "), Run(text: "s", intent: ["b"]),
                    Run(text: " "), Run(text: "i", intent: ["i"]), Run(text: " "), Run(text: "e", intent: ["i"]),
                ])
    }

    /// Tags nest: the inner text has both intents, and a link inside bold keeps the bold.
    @Test func nestedTagsCombine() throws {
        #expect(
            try runs(
                "<i>x <b>y {n, plural, one {# day} other {# days}}</b></i> <b><a href=\"https://e.org\">z</a></b>",
                ["n": 2])
                == [
                    Run(text: "x ", intent: ["i"]), Run(text: "y 2 days", intent: ["i", "b"]), Run(text: " "),
                    Run(text: "z", intent: ["b"], link: "https://e.org"),
                ])
    }

    /// A link needs an allowed scheme: http and https by default, the app's own when given; `javascript:`, another
    /// scheme or a relative path leaves its text plain.
    @Test func linksNeedAnAllowedScheme() throws {
        let message =
            #"<a href="https://e.org/p?q=1">s</a> <a href="http://e.org">h</a> <a href="acme://open">app</a> "#
            + #"<a href="javascript:alert(1)">js</a> <a href="/relative">rel</a> <a>none</a>"#
        let plain = try runs(message)
        #expect(plain.filter { $0.link != nil }.map(\.text) == ["s", "h"])
        #expect(plain.first { $0.text == "s" }?.link == "https://e.org/p?q=1")
        let withApp = try runs(message, schemes: ["https", "acme"])
        #expect(withApp.filter { $0.link != nil }.map(\.text) == ["s", "app"])
        #expect(withApp.first { $0.text == "app" }?.link == "acme://open")
    }

    /// An unknown tag is dropped and its content kept, as in the plain text; a standalone tag is nothing.
    @Test func unknownAndStandaloneTagsKeepTheirContent() throws {
        #expect(try runs("<x>kept</x><br/> <b>b</b>") == [Run(text: "kept "), Run(text: "b", intent: ["b"])])
    }

    /// An argument is text, whatever it holds: markup in a name stays literal, in the run its tag gives it.
    @Test func anArgumentNeverBecomesMarkup() throws {
        let hostile: LocalizedMessage.Argument = #"<b>x</b> <a href="https://evil.example">y</a> {#i}"#
        #expect(
            try runs("Hi <b>{name}</b>, {name}", ["name": hostile])
                == [
                    Run(text: "Hi "), Run(text: #"<b>x</b> <a href="https://evil.example">y</a> {#i}"#, intent: ["b"]),
                    Run(text: #", <b>x</b> <a href="https://evil.example">y</a> {#i}"#),
                ])
        #expect(try runs("Hi {#b}{$name}{/b}", ["name": hostile], mf2: true).map(\.intent) == [[], ["b"]])
        #expect(try runs("Hi {#b}{$name}{/b}", ["name": hostile], mf2: true)[1].text.contains("<b>x</b>"))
    }

    /// An ICU message whose tags do not balance does not parse: it shows as written, one plain run.
    @Test func anUnbalancedICUTagShowsTheMessageAsWritten() throws {
        #expect(try runs("oops <b>open") == [Run(text: "oops <b>open")])
        #expect(try runs("a </b> b") == [Run(text: "a </b> b")])
    }

    /// MessageFormat 2's markup is the same: `{#b}`, `{#i}`, `{#a href=|…|}`; an open without its close holds to the
    /// end, a close without its open is ignored.
    @Test func messageFormat2MarkupIsTheSame() throws {
        #expect(
            try runs("{#b}b{/b} {#i}i{/i} {#a href=|https://e.org|}l{/a} {#em}e{/em}{#br/}", mf2: true)
                == [
                    Run(text: "b", intent: ["b"]), Run(text: " "), Run(text: "i", intent: ["i"]), Run(text: " "),
                    Run(text: "l", link: "https://e.org"), Run(text: " "), Run(text: "e", intent: ["i"]),
                ])
        #expect(
            try runs("a {/i}b {#b}c", mf2: true) == [Run(text: "a b "), Run(text: "c", intent: ["b"])])
    }

    /// Right-to-left text keeps its runs: Arabic and Hebrew around and inside the tags, digits as the
    /// locale writes them, MessageFormat 2's isolation marks around the placeholder inside the bold run.
    @Test func rightToLeftTextKeepsItsRuns() throws {
        #expect(
            try runs("مرحبا <b>{name}</b>، لديك <i>{n, number}</i> رسائل", ["name": "אבי", "n": 3], locale: "ar")
                == [
                    Run(text: "مرحبا "), Run(text: "אבי", intent: ["b"]), Run(text: "، لديك "),
                    Run(text: "3", intent: ["i"]), Run(text: " رسائل"),
                ])
        #expect(
            try runs("שלום {#b}{$name}{/b}!", ["name": "Ayşe"], mf2: true, locale: "he")
                == [Run(text: "שלום "), Run(text: "\u{2068}Ayşe\u{2069}", intent: ["b"]), Run(text: "!")])
    }
}

@Suite struct WidgetLanguageTests {
    private static func key(_ locale: String) -> String { "@better-i18n:messages:acme/widgets:\(locale)" }

    /// The app in Turkish; German, Brazilian Portuguese and Turkish cached.
    private static func translator(stored: String = "tr") -> WidgetTranslator {
        WidgetTranslator(
            store: InMemoryGroupStore([
                "@better-i18n:locale:acme/widgets": stored, key("de"): #"{"title":"Heute"}"#,
                key("pt-BR"): #"{"title":"Hoje"}"#, key("tr"): #"{"title":"Bugün"}"#,
            ]), project: project, preferredLanguages: [])
    }

    /// The app's language first, named by the language it is in now, then each cached locale by its own name.
    @Test func theChoicesAreTheAppsLanguageThenEachCachedLocaleByName() {
        let languages = Self.translator().widgetLanguages()
        #expect(languages.map(\.id) == ["app", "de", "pt-br", "tr"])
        #expect(languages.map(\.name) == ["Türkçe", "Deutsch", "português (Brasil)", "Türkçe"])
        #expect(
            languages.map(\.locale) == [
                nil, LocaleTag(parsing: "de"), LocaleTag(parsing: "pt-BR"), LocaleTag(parsing: "tr"),
            ])
        #expect(Self.translator(stored: "pt-BR").widgetLanguages().first?.name == "português (Brasil)")
    }

    /// A widget set to German renders German while the app is in Turkish; the app's language follows the app.
    @Test func aChosenLanguageRendersWhateverTheAppStores() {
        let app = Self.translator()
        let german = app.choosingLanguage("de")
        #expect(german("title") == "Heute")
        #expect(german.detectLocale().source == .widgetLanguage)
        #expect(german.choosingLanguage("pt-BR".lowercased())("title") == "Hoje")
        #expect(app.choosingLanguage("app")("title") == "Bugün")
        #expect(app.choosingLanguage(nil)("title") == "Bugün")
    }

    /// A stale choice (a locale the group no longer caches, an identifier from elsewhere) follows the app.
    @Test func aStaleChoiceFollowsTheApp() {
        let app = Self.translator()
        for stale in ["fr", "pt", "", "de-AT", "../de"] {
            let widget = app.choosingLanguage(stale)
            #expect(widget("title") == "Bugün", "\(stale)")
            #expect(widget.detectLocale().source == .stored("tr"), "\(stale)")
        }
    }
}
