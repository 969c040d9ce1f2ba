import Foundation
import GroupStore
import GroupStoreUserDefaults
import Testing

@Suite struct UserDefaultsGroupStoreTests {
    @Test func roundTripsTextAndBytes() throws {
        let suite = "widget-i18n-tests-\(UUID().uuidString)"
        let store = try #require(UserDefaultsGroupStore(suiteName: suite))
        defer { UserDefaults.standard.removePersistentDomain(forName: suite) }
        try store.setString("pt-BR", forKey: "@better-i18n:locale:acme/widgets")
        try store.setValue([0xFF, 0x00], forKey: "binary")
        #expect(try store.string(forKey: "@better-i18n:locale:acme/widgets") == "pt-BR")
        #expect(try store.value(forKey: "binary") == [0xFF, 0x00])
        #expect(try Set(store.keys()).isSuperset(of: ["@better-i18n:locale:acme/widgets", "binary"]))
        try store.removeValue(forKey: "binary")
        #expect(try store.value(forKey: "binary") == nil)
    }

    @Test func storesTextAsStringsLikeTheOtherSDKs() throws {
        let suite = "widget-i18n-tests-\(UUID().uuidString)"
        let store = try #require(UserDefaultsGroupStore(suiteName: suite))
        defer { UserDefaults.standard.removePersistentDomain(forName: suite) }
        try store.setString("tr", forKey: "@better-i18n:locale:acme/widgets")
        let defaults = try #require(UserDefaults(suiteName: suite))
        #expect(defaults.string(forKey: "@better-i18n:locale:acme/widgets") == "tr")
    }
}
