import Foundation
import GroupStore
import I18nCore
import LocaleData
import Testing
import WidgetTranslator

private let project = try! ProjectID("acme/widgets")
private func messagesKey(_ locale: String) -> String { "@better-i18n:messages:acme/widgets:\(locale)" }
private let localeKey = "@better-i18n:locale:acme/widgets"

/// A group caching English, Turkish and Brazilian Portuguese, the app in Turkish.
private func group(storedLocale: String = "tr") -> InMemoryGroupStore {
    InMemoryGroupStore([
        localeKey: storedLocale,
        messagesKey("en"): #"""
        {"today":{"greeting":"Hello, {name}!","title":"Today"},
         "days":"{n, plural, one {# day} other {# days}}","place":"front door",
         "eta":"Arrives at the {place}","onlyEnglish":"Only in English"}
        """#,
        messagesKey("tr"): #"""
        {"today":{"greeting":"Merhaba {name}!","title":"Bugün"},"days":"{n, plural, other {# gün}}",
         "place":"ön kapı","eta":"{place} teslimatı"}
        """#,
        messagesKey("pt-BR"): #"""
        {"today":{"greeting":"Olá, {name}!"},"days":"{n, plural, one {# dia} other {# dias}}"}
        """#,
    ])
}

private func translator(_ store: InMemoryGroupStore = group()) -> WidgetTranslator {
    WidgetTranslator(store: store, project: project, preferredLanguages: [])
}

private func json(_ message: LocalizedMessage) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(message), as: UTF8.self)
}

private func decoded(_ text: String) throws -> LocalizedMessage {
    try JSONDecoder().decode(LocalizedMessage.self, from: Data(text.utf8))
}

@Suite struct LocalizedMessageCodingTests {
    /// The documented simplest form decodes to the message a widget builds, and encodes back to it.
    @Test func theSimplestFormIsAKeyAndItsArguments() throws {
        let message = try decoded(#"{"key": "today.greeting", "arguments": {"name": "Ayşe"}}"#)
        #expect(message == LocalizedMessage("today.greeting", ["name": "Ayşe"]))
        #expect(try json(message) == #"{"arguments":{"name":"Ayşe"},"key":"today.greeting"}"#)
        #expect(try json("today.title") == #"{"key":"today.title"}"#)
        #expect(try decoded(#"{"key": "today.title"}"#) == "today.title")
    }

    /// Every member and every kind of argument round-trips; a number keeps its decimal text: a JSON number where
    /// one keeps it, `{"number": "1.50"}` where it does not.
    @Test func everyMemberAndArgumentKindRoundTrips() throws {
        let when = Date(timeIntervalSinceReferenceDate: 786_300_000)
        let message = LocalizedMessage(
            "delivery.eta",
            [
                "who": "Ayşe", "stops": 3, "share": 0.25, "weight": .number(MessageNumber("1.50")!),
                "big": .number(MessageNumber("12345678901234567890.5")!), "when": .date(when),
                "place": .message(LocalizedMessage("places.door", ["n": 2], defaultText: "door")),
            ], defaultText: "On its way", locale: LocaleTag(parsing: "pt_BR"))
        let text = try json(message)
        #expect(
            text
                == #"{"arguments":{"big":12345678901234567890.5,"place":{"message":{"arguments":{"n":2},"#
                + #""default":"door","key":"places.door"}},"share":0.25,"stops":3,"weight":{"number":"1.50"},"#
                + #""when":{"date":786300000},"who":"Ayşe"},"default":"On its way","key":"delivery.eta","#
                + #""locale":"pt-BR"}"#)
        #expect(try decoded(text) == message)
        // A JSON number's digits are its text: 1.50 is 1.5 to JSON, as to JavaScript.
        #expect(try decoded(#"{"key":"k","arguments":{"n":1.50,"m":1e3}}"#).arguments == ["n": 1.5, "m": 1000])
    }

    /// What is not a message says where and why; nothing is guessed.
    @Test func whatIsNotAMessageSaysWhere() throws {
        for (text, expected) in [
            (#"{"key": ""}"#, "non-empty"),
            (#"{"arguments": {}}"#, "key"),
            (#"{"key": "k", "locale": "not a tag!"}"#, "\"locale\""),
            (#"{"key": "k", "arguments": {"a": true}}"#, "an argument is a string, a number"),
            (#"{"key": "k", "arguments": {"a": {"number": "1,5"}}}"#, "decimal number as text"),
            (#"{"key": "k", "arguments": {"a": {"number": "1", "date": 0}}}"#, "one member"),
        ] {
            do {
                _ = try decoded(text)
                Issue.record("\(text) decoded")
            } catch let error as DecodingError {
                #expect(error.sentence.contains(expected), "\(text): \(error.sentence)")
            }
        }
    }
}

@Suite struct LocalizedMessageResolutionTests {
    /// One message, three locales: the detected one (Turkish), one it names (Brazilian Portuguese, whose plural it
    /// uses), one nothing is cached for (German: English answers, with German's plural rules).
    @Test func aMessageResolvesInThreeLocalesWithAFallback() {
        let subject = translator()
        let greeting = LocalizedMessage("today.greeting", ["name": "Ayşe"])
        #expect(subject.translate(greeting).text == "Merhaba Ayşe!")
        var inPortuguese = greeting
        inPortuguese.locale = LocaleTag(parsing: "pt-BR")
        #expect(subject.translate(inPortuguese).text == "Olá, Ayşe!")
        var inGerman = greeting
        inGerman.locale = LocaleTag(parsing: "de")
        let german = subject.translate(inGerman)
        #expect(german.text == "Hello, Ayşe!")
        #expect(german.resolution.step == .defaultLocale(.english))
        #expect(german.locale == LocaleTag(parsing: "de"))
        // Brazilian Portuguese has no title: English answers; a key nothing has shows the default text.
        #expect(subject.translate(LocalizedMessage("today.title", locale: LocaleTag(parsing: "pt-BR"))).text == "Today")
        #expect(subject.translate(LocalizedMessage("nope", defaultText: "Soon")).text == "Soon")
    }

    /// A number keeps its decimal text into the plural rule: `1.50` is "other" in English, `1` is "one".
    @Test func aNumbersDecimalTextReachesThePluralRule() throws {
        let subject = translator()
        let english = LocaleTag.english
        #expect(subject.translate(LocalizedMessage("days", ["n": 1], locale: english)).text == "1 day")
        let message = try decoded(#"{"key": "days", "locale": "en", "arguments": {"n": {"number": "1.50"}}}"#)
        #expect(subject.translate(message).text == "1.50 days")
        #expect(subject.translate(LocalizedMessage("days", ["n": 1.5], locale: english)).text == "1.5 days")
    }

    /// A nested message resolves first, in its parent's locale unless it names its own, and goes in as text.
    @Test func aNestedMessageResolvesInItsParentsLocale() throws {
        let subject = translator()
        let message = try decoded(#"{"key": "eta", "arguments": {"place": {"message": {"key": "place"}}}}"#)
        #expect(subject.translate(message).text == "ön kapı teslimatı")
        var english = message
        english.locale = .english
        #expect(subject.translate(english).text == "Arrives at the front door")
        english.arguments["place"] = .message(LocalizedMessage("place", locale: LocaleTag(parsing: "tr")))
        #expect(subject.translate(english).text == "Arrives at the ön kapı")
    }

    /// Messages nested past the limit show their default text or key, with a problem, instead of recursing on.
    @Test func deepNestingStopsWithAProblem() {
        var message = LocalizedMessage("place", defaultText: "innermost")
        for _ in 0..<20 { message = LocalizedMessage("eta", ["place": .message(message)]) }
        let translation = translator().translate(message)
        #expect(translation.problems.contains { $0.code == .unsupported && $0.description.contains("nested deeper") })
        #expect(translation.text.hasSuffix("teslimatı"))
    }
}

@Suite struct FoundationLocaleTests {
    /// The detected locale as a Foundation `Locale`, on the translator and on what it resolves: the locale that a
    /// SwiftUI environment then formats numbers and dates in (`Text(_:format:)` reads `\.locale`).
    @Test func theDetectedLocaleIsAFoundationLocale() throws {
        for (stored, language, script, region, number) in [
            ("zh_TW", "zh", nil, "TW", "1,234.5"), ("pt-BR", "pt", nil, "BR", "1.234,5"),
            ("sr-Latn", "sr", "Latn", nil, "1.234,5"),
        ] as [(String, String, String?, String?, String)] {
            let subject = translator(group(storedLocale: stored))
            let locale = subject.locale.foundationLocale
            #expect(locale.language.languageCode?.identifier == language, "\(stored)")
            if let script { #expect(locale.language.script?.identifier == script, "\(stored)") }
            #expect(locale.region?.identifier == region, "\(stored)")
            #expect(subject.translate("today.greeting").locale.foundationLocale == locale)
            #expect((1234.5).formatted(.number.locale(locale)) == number, "\(stored)")
        }
        // Maximized as ICU does: Traditional Chinese for Taiwan, Latin Serbian for Serbia.
        let taiwan = translator(group(storedLocale: "zh-TW")).locale.foundationLocale
        #expect(taiwan.language.maximalIdentifier == "zh-Hant-TW")
    }
}
