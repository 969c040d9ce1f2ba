import Foundation
import GroupStore
import I18nCore
import LocaleData
import MessageFormat2
import TestSupport
import Testing
import WidgetTranslator

private let project = try! ProjectID("acme/widgets")

private func messagesKey(_ locale: String) -> String { "@better-i18n:messages:acme/widgets:\(locale)" }
private let localeKey = "@better-i18n:locale:acme/widgets"

private func translator(
    _ values: [String: String], preferred: [String] = [], defaultLocale: String = "en",
    bundled: [LocaleTag: MessageBundle] = [:]
) -> WidgetTranslator {
    WidgetTranslator(
        store: InMemoryGroupStore(values), project: project, defaultLocale: LocaleTag(parsing: defaultLocale)!,
        preferredLanguages: preferred.compactMap(LocaleTag.init(parsing:)), bundledMessages: bundled)
}

@Suite struct LocaleDetectionTests {
    @Test func storedLocaleWinsInAnySpelling() throws {
        for spelling in ["pt_BR", "pt-BR", "PT-br", "\"pt-BR\"", " pt-BR\n"] {
            let subject = translator([localeKey: spelling], preferred: ["de"])
            let detection = subject.detectLocale()
            #expect(detection.locale == LocaleTag(parsing: "pt-BR"), "\(spelling)")
            guard case .stored = detection.source else {
                Issue.record("expected the stored locale for \(spelling)")
                continue
            }
        }
    }

    @Test func preferredLanguagesMatchCachedLocales() {
        let subject = translator(
            [messagesKey("de"): #"{"a":"b"}"#, messagesKey("fr"): #"{"a":"b"}"#], preferred: ["ja", "fr_CA", "de"])
        let detection = subject.detectLocale()
        #expect(detection.locale == LocaleTag(parsing: "fr"))
        #expect(detection.source == .preferredLanguage("fr-CA"))
    }

    @Test func fallsBackToTheDefaultLocale() {
        let subject = translator([messagesKey("de"): "{}"], preferred: ["ja"], defaultLocale: "en")
        let detection = subject.detectLocale()
        #expect(detection.locale == .english)
        #expect(detection.source == .defaultLocale)
    }

    @Test func anInvalidStoredLocaleIsReportedAndSkipped() {
        let subject = translator([localeKey: "../../etc", messagesKey("de"): "{}"], preferred: ["de-AT"])
        #expect(subject.detectLocale().locale == LocaleTag(parsing: "de"))
        #expect(subject.diagnostics.count == 1)
        #expect(subject.diagnostics.first?.contains("'../../etc'") == true)
    }

    @Test func listsCachedLocalesWrittenInAnySpelling() {
        let subject = translator([
            messagesKey("pt-br"): "{}", messagesKey("zh-Hant"): "{}", messagesKey("not a tag"): "{}",
            "@better-i18n:messages:other/project:fr": "{}",
        ])
        #expect(subject.cachedLocales().map(\.normalized) == ["pt-br", "zh-hant"])
    }
}

@Suite struct ResolutionTests {
    /// Each step of the chain for `zh-Hant-TW` in the "Resolving a key" article, proved by removing the steps before it.
    /// The cached `zh` never answers: CLDR's chain of `zh-Hant-TW` ends at `zh-Hant`, whose parent is root, since `zh`
    /// is Simplified Chinese (truncation reached it before).
    @Test func walksTheWholeChain() {
        let all: [String: String] = [
            messagesKey("zh-hant-tw"): #"{"k":"tw"}"#, messagesKey("zh-hant"): #"{"k":"hant"}"#,
            messagesKey("zh"): #"{"k":"zh"}"#, messagesKey("en"): #"{"k":"en"}"#,
        ]
        let bundled = [LocaleTag.english: MessageBundle(messages: ["k": "bundled"])]
        let tag = LocaleTag(parsing: "zh-Hant-TW")!
        // Without its own bundle, the first step is answered by the cached `zh-hant` (the same maximized form,
        // zh-Hant-TW), not by trying the next step.
        let expectations: [(remove: [String], text: String, step: ResolutionStep, attempts: Int)] = [
            ([], "tw", .requestedLocale(tag), 1),
            (["zh-hant-tw"], "hant", .requestedLocale(tag), 1),
            (["zh-hant-tw", "zh-hant"], "en", .defaultLocale(.english), 3),
            (["zh-hant-tw", "zh-hant", "en"], "bundled", .bundled(.english), 4),
        ]
        for expectation in expectations {
            var values = all
            for locale in expectation.remove { values[messagesKey(locale)] = nil }
            let resolution = translator(values, bundled: bundled).resolve("k", locale: tag)
            #expect(resolution.message == expectation.text)
            #expect(resolution.step == expectation.step)
            #expect(resolution.attempts.count == expectation.attempts)
        }
        let answered = translator(all.filter { $0.key != messagesKey("zh-hant-tw") }).resolve("k", locale: tag)
        #expect(answered.attempts.first?.answeredBy?.tag == LocaleTag(parsing: "zh-hant"))
        let callerDefault = translator([:]).resolve("k", locale: tag, defaultText: "fallback")
        #expect(callerDefault.message == "fallback")
        #expect(callerDefault.step == .callerDefault)
        #expect(callerDefault.isMissing)
        let key = translator([:]).resolve("k", locale: tag)
        #expect(key.message == "k")
        #expect(key.step == .key)
        #expect(
            key.attempts.map(\.step) == [
                .requestedLocale(tag), .parentLocale(LocaleTag(parsing: "zh-hant")!), .defaultLocale(.english), .key,
            ])
    }

    /// Resolutions are cached per locale and key; a caller's default replaces only the last step, whichever
    /// call came first.
    @Test func aCallersDefaultAppliesOnTopOfACachedResolution() {
        let subject = translator([messagesKey("en"): #"{"k":"en"}"#])
        for _ in 0..<2 {
            let plain = subject.resolve("missing")
            let withDefault = subject.resolve("missing", defaultText: "fallback")
            #expect(plain.step == .key && plain.message == "missing")
            #expect(withDefault.step == .callerDefault && withDefault.message == "fallback")
            #expect(withDefault.attempts.map(\.step) == [.requestedLocale(.english), .callerDefault])
            #expect(subject.resolve("k", defaultText: "fallback").message == "en")
        }
    }

    @Test func reportsWhatEachStepFound() {
        let subject = translator([
            messagesKey("tr"): #"{"other":"x"}"#, messagesKey("en"): #"{"k":"en"}"#, localeKey: "tr",
        ])
        let resolution = subject.resolve("k")
        #expect(resolution.attempts.map(\.outcome) == [.keyMissing, .found])
    }

    @Test func aCorruptBundleDegradesToTheNextStep() {
        let subject = translator([
            localeKey: "tr", messagesKey("tr"): #"{"k": "unterminated"#, messagesKey("en"): #"{"k":"en"}"#,
        ])
        let translation = subject.translate("k")
        #expect(translation.text == "en")
        #expect(translation.resolution.step == .defaultLocale(.english))
        guard case .unreadable = translation.resolution.attempts.first?.outcome else {
            Issue.record("the corrupt bundle should be reported as unreadable")
            return
        }
        #expect(subject.diagnostics.count == 1)
        #expect(subject.diagnostics.first?.contains("'tr'") == true)
    }

    @Test func messagesWrittenInAnotherSpellingAreFound() {
        let subject = translator([localeKey: "pt-BR", messagesKey("pt-BR"): #"{"k":"olá"}"#])
        #expect(subject.translate("k").text == "olá")
    }

    @Test func formatsWithTheDetectedLocaleEvenFromAFallback() {
        let recorder = LocaleRecorder()
        let subject = WidgetTranslator(
            store: InMemoryGroupStore([localeKey: "ar", messagesKey("en"): #"{"k":"Hello {name}"}"#]),
            project: project, preferredLanguages: [], formatter: recorder)
        let translation = subject.translate("k", arguments: ["name": "Ayşe"])
        #expect(translation.text == "Hello Ayşe")
        #expect(translation.locale == LocaleTag(parsing: "ar"))
        #expect(recorder.locales == [LocaleTag(parsing: "ar")!])
    }

    @Test func cachesBundlesUntilReload() throws {
        let store = InMemoryGroupStore([localeKey: "tr", messagesKey("tr"): #"{"k":"eski"}"#])
        let subject = WidgetTranslator(store: store, project: project, preferredLanguages: [])
        #expect(subject("k") == "eski")
        try store.setString(#"{"k":"yeni"}"#, forKey: messagesKey("tr"))
        #expect(subject("k") == "eski")
        subject.reload()
        #expect(subject("k") == "yeni")
    }

    /// The warm path answers from the translator's cache: the same key with other arguments, another default
    /// or another locale is a different translation.
    @Test func warmLookupsKeepArgumentsDefaultsAndLocalesApart() {
        let subject = translator([
            localeKey: "tr", messagesKey("tr"): #"{"n":"{count, plural, one {# öğe} other {# öğe}}"}"#,
            messagesKey("de"): #"{"n":"{count, plural, one {# Eintrag} other {# Einträge}}"}"#,
        ])
        for _ in 0..<3 {
            #expect(subject("n", ["count": 1]) == "1 öğe")
            #expect(subject("n", ["count": 5]) == "5 öğe")
            #expect(
                subject.translate("n", arguments: ["count": 1], locale: LocaleTag(parsing: "de")).text == "1 Eintrag")
            #expect(
                subject.translate("n", arguments: ["count": 5], locale: LocaleTag(parsing: "de")).text == "5 Einträge")
            #expect(subject.translate("missing", defaultText: "—").text == "—")
            #expect(subject.translate("missing").text == "missing")
        }
    }

    @Test func theKeyItselfIsNotFormatted() {
        let subject = translator([:])
        let translation = subject.translate("{weird}.key", arguments: [:])
        #expect(translation.text == "{weird}.key")
        #expect(translation.problems.isEmpty)
    }
}

/// A formatter that records the locale it was asked to format for.
final class LocaleRecorder: MessageFormatting, @unchecked Sendable {
    // Tests call it from one task at a time.
    private(set) var locales: [LocaleTag] = []
    func format(_ message: String, locale: LocaleTag, arguments: MessageArguments) -> FormattedMessage {
        locales.append(locale)
        return SimpleInterpolation().format(message, locale: locale, arguments: arguments)
    }
}

/// A bundle that declares `"$messageFormat": "2"` is formatted as MessageFormat 2; the others stay ICU
/// MessageFormat, also in the same fallback chain.
@Suite struct MessageFormat2BundleTests {
    @Test func aDeclaredBundleFormatsAsMF2AndItsFallbackAsICU() {
        let subject = WidgetTranslator(
            store: InMemoryGroupStore([
                localeKey: "tr",
                messagesKey("tr"):
                    #"{"$messageFormat": "2", "days": ".input {$n :number} .match $n one {{{$n} gün}} * {{{$n} gün}}", "hi": "Merhaba {$name}"}"#,
                messagesKey("en"): #"{"days": "{n, plural, one {# day} other {# days}}", "late": "{n, number} late"}"#,
            ]),
            project: project, preferredLanguages: [])
        let days = subject.translate("days", arguments: ["n": 1234])
        #expect(days.text == "1.234 gün")
        #expect(days.resolution.syntax == .messageFormat2)
        // The default bidi strategy isolates a string of unknown direction.
        #expect(subject("hi", ["name": "Ayşe"]) == "Merhaba \u{2068}Ayşe\u{2069}")
        let late = subject.translate("late", arguments: ["n": 3])
        #expect(late.text == "3 late")
        #expect(late.resolution.syntax == .icu)
    }

    /// The translator formats MF2 bundles with the formatter it was given: its draft functions and an app's own
    /// exist there, in the translator's time zone; without it, a draft function is unknown.
    @Test func theGivenMF2FormatterFormatsWithItsFunctionsInTheTranslatorsZone() throws {
        let store = InMemoryGroupStore([
            localeKey: "en",
            messagesKey("en"):
                #"{"$messageFormat": "2", "at": "{$t :time} {$x :percent}", "shout": "{$name :acme:shout}!"}"#,
        ])
        let shout = MF2CustomFunction {
            (operand: MF2CustomValue?, _: [String: MF2CustomValue], _: LocaleTag) throws(MF2Error) -> MF2CustomValue in
            let text = (operand?.argument?.description ?? "").uppercased()
            return MF2CustomValue(argument: .string(text), format: { () throws(MF2Error) -> String in text })
        }
        let istanbul = try #require(ZoneInfo(identifier: "Europe/Istanbul"))
        let arguments: MessageArguments = ["t": .date(Date(timeIntervalSince1970: 0)), "x": 0.25, "name": "ayşe"]
        let given = WidgetTranslator(
            store: store, project: project, preferredLanguages: [], timeZone: istanbul,
            messageFormat2: MF2Formatter(bidiIsolation: .none, draftFunctions: true, functions: ["acme:shout": shout]))
        #expect(given("at", arguments) == "2:00\u{202F}AM 25%")
        #expect(given("shout", arguments) == "AYŞE!")
        let plain = WidgetTranslator(store: store, project: project, preferredLanguages: [], timeZone: istanbul)
        let unknown = plain.translate("at", arguments: arguments)
        #expect(unknown.text == "\u{2068}{$t}\u{2069} \u{2068}{$x}\u{2069}")
        #expect(unknown.problems.map(\.code) == [.messageFormat2, .messageFormat2])
        #expect(unknown.problems.first?.description.hasSuffix("(unknown-function)") == true)
    }

    @Test func onlyTheValue2Declares() {
        for declaration in ["1", "mf2", "", "2 "] {
            #expect(MessageSyntax(declaration: declaration) == .icu, "\(declaration)")
        }
        #expect(MessageSyntax(declaration: "2") == .messageFormat2)
    }
}

@Suite struct ICUFormattingTests {
    @Test func pluralsUseTheDetectedLocalesRulesEvenFromAFallback() {
        let subject = WidgetTranslator(
            store: InMemoryGroupStore([
                localeKey: "ru",
                messagesKey("en"):
                    #"{"days": "{n, plural, one {# day} few {# days (few)} many {# days (many)} other {# days}}"}"#,
            ]),
            project: project, preferredLanguages: [])
        #expect(subject.translate("days", arguments: ["n": 3]).text == "3 days (few)")
        #expect(subject.translate("days", arguments: ["n": 5]).text == "5 days (many)")
        #expect(subject.translate("days", arguments: ["n": 21]).text == "21 day")
        #expect(subject.translate("days", arguments: ["n": 3], locale: .english).text == "3 days")
    }

    @Test func theSampleWidgetsStringsFormatInEveryLocale() throws {
        let bundles = try BundledMessages.load(fromDirectory: Repository.sampleProjectLocales)
        let expectations: [(String, Int, String)] = [
            ("en", 1, "1 day since Launch"), ("en", 5, "5 days since Launch"),
            ("ru", 3, "Launch: прошло 3 дня"), ("ru", 11, "Launch: прошло 11 дней"),
            ("ru", 21, "Launch: прошёл 21 день"),
            ("pl", 2, "Launch: minęły 2 dni"), ("pl", 5, "Launch: minęło 5 dni"), ("ar", 0, "لا أيام منذ Launch"),
            ("ar", 2, "يومان منذ Launch"), ("ar", 11, "11 يومًا منذ Launch"), ("ja", 7, "Launchから7日"),
            ("fr", 0, "0 jour depuis Launch"), ("tr", 52, "Launch üzerinden 52 gün geçti"),
        ]
        for (locale, days, expected) in expectations {
            let tag = try #require(LocaleTag(parsing: locale))
            let subject = WidgetTranslator(
                store: InMemoryGroupStore(), project: project, defaultLocale: tag, preferredLanguages: [],
                bundledMessages: bundles)
            #expect(
                subject.translate(
                    "daysSince.days", arguments: ["days": .number(MessageNumber(days)), "event": "Launch"]
                ).text == expected)
        }
    }
}

/// What the translator met comes with a code and the locale, and says what happened without naming a command:
/// the command line adds its advice (`CLIAdvice`).
@Suite struct StoreProblemTests {
    @Test func problemsHaveACodeAndNoCommandLineAdvice() throws {
        let store = InMemoryGroupStore([localeKey: "tr", messagesKey("tr"): #"{"today": "#, messagesKey("en"): "{}"])
        let subject = WidgetTranslator(store: store, project: project, preferredLanguages: [])
        _ = subject("today.title")
        let problem = try #require(subject.problems.first)
        #expect(problem.code == .unusableMessages)
        #expect(problem.locale == LocaleTag(parsing: "tr"))
        #expect(!problem.message.contains("widget-i18n"), "\(problem)")
        #expect(subject.diagnostics == subject.problems.map(\.message))
        let invalid = WidgetTranslator(store: InMemoryGroupStore([localeKey: "../x"]), project: project)
        _ = invalid.locale
        #expect(invalid.problems.map(\.code) == [.invalidStoredLocale])
    }
}

@Suite struct StoredIndexTests {
    @Test func aMissingIndexIsWrittenAndThenUsed() throws {
        let json = #"{"today": {"title": "Bugün"}}"#
        let store = InMemoryGroupStore([localeKey: "tr", messagesKey("tr"): json])
        let indexKey = "@better-i18n:widget-i18n:index:acme/widgets:tr"
        let first = WidgetTranslator(store: store, project: project, preferredLanguages: [], indexCache: .store(store))
        #expect(first("today.title") == "Bugün")
        let index = try #require(try store.value(forKey: indexKey))
        #expect(StoredBundleIndex(index: index, json: Array(json.utf8))?.message(forKey: "today.title") == "Bugün")
        // A corrupt index is never trusted: the JSON answers, and the index is rebuilt.
        try store.setValue(Array(index.prefix(60)), forKey: indexKey)
        let second = WidgetTranslator(store: store, project: project, preferredLanguages: [], indexCache: .store(store))
        #expect(second("today.title") == "Bugün")
        #expect(try store.value(forKey: indexKey) == index)
        // Rewritten JSON (by another SDK) makes the old index stale.
        try store.setString(#"{"today": {"title": "Bugün!"}}"#, forKey: messagesKey("tr"))
        #expect(
            WidgetTranslator(store: store, project: project, preferredLanguages: [], indexCache: .store(store))(
                "today.title")
                == "Bugün!")
    }

    @Test func aReadOnlyTranslatorLeavesTheStoreAlone() throws {
        let store = InMemoryGroupStore([localeKey: "tr", messagesKey("tr"): #"{"a": "b"}"#])
        let translator = WidgetTranslator(
            store: store, project: project, preferredLanguages: [], indexCache: .none)
        #expect(translator("a") == "b")
        #expect(try store.keys().count == 2)
    }
}
