import Foundation
import GroupStore
import I18nCore
import LocaleData
import Testing
import WidgetTranslator

@Suite struct PreferredLanguagesTests {
    @Test func readsGettextVariablesInOrder() {
        #expect(
            PreferredLanguages.fromEnvironment(["LANGUAGE": "pt_BR:pt:en", "LANG": "de_DE.UTF-8"])
                == ["pt_BR", "pt", "en", "de_DE"])
        #expect(
            PreferredLanguages.fromEnvironment(["LC_ALL": "fr_FR.UTF-8@euro", "LC_MESSAGES": "de_DE", "LANG": "en_US"])
                == ["fr_FR"])
        #expect(PreferredLanguages.fromEnvironment(["LC_MESSAGES": "de_DE", "LANG": "en_US"]) == ["de_DE"])
        #expect(PreferredLanguages.fromEnvironment(["LANG": "C.UTF-8"]) == [])
        #expect(PreferredLanguages.fromEnvironment(["LANG": "POSIX", "LANGUAGE": ""]) == [])
        #expect(PreferredLanguages.fromEnvironment([:]) == [])
        #expect(PreferredLanguages.fromEnvironment(["LANGUAGE": "tr:tr", "LANG": "tr_TR.UTF-8"]) == ["tr", "tr_TR"])
    }

    @Test func aTranslatorPrefersTheCurrentLanguagesByDefault() throws {
        let translator = WidgetTranslator(store: InMemoryGroupStore(), project: try ProjectID("acme/widgets"))
        #expect(translator.preferredLanguages == PreferredLanguages.current)
    }

    #if !canImport(Darwin)
        @Test func offAppleTheCurrentLanguagesAreTheEnvironments() {
            let environment = ProcessInfo.processInfo.environment
            #expect(PreferredLanguages.current == PreferredLanguages.fromEnvironment(environment))
        }
    #endif
}
