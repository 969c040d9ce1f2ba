import Foundation
import GroupStore
import TestSupport
import Testing

@testable import GroupStoreUserDefaults

@Suite struct UserDefaultsGroupStoreTests {
    @Test func roundTripsTextAndBytes() throws {
        let suite = "widget-i18n-tests-\(UUID().uuidString)"
        let store: any GroupStore = try #require(UserDefaultsGroupStore(suiteName: suite))
        defer { removeSuite(suite) }
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
        let store: any GroupStore = try #require(UserDefaultsGroupStore(suiteName: suite))
        defer { removeSuite(suite) }
        try store.setString("tr", forKey: "@better-i18n:locale:acme/widgets")
        let defaults = try #require(UserDefaults(suiteName: suite))
        #expect(defaults.string(forKey: "@better-i18n:locale:acme/widgets") == "tr")
    }

    /// A suite is a file beside the other suites' on Linux: a name that is a path (`../x` wrote a plist outside
    /// `$XDG_CONFIG_HOME`), empty, `.`, `..` or the global domain names no suite of a group, and is refused.
    @Test(arguments: ["../x", "/tmp/x", "a/b/c", "", ".", "..", "NSGlobalDomain", "a\0b"])
    func aSuiteNameThatIsAPathIsRefused(_ name: String) {
        #expect(UserDefaultsGroupStore(suiteName: name) == nil)
    }
}

/// A suite never passes its budget: iOS refuses a domain of 4 MiB or more and then drops writes
/// (`PreferencesBudget`), so the store measures the suite as it would be and refuses the write whole.
@Suite struct SuiteBudgetTests {
    /// A fresh suite, removed at the end; `budget` small enough to reach in a test.
    func withSuite(budget: PreferencesBudget, _ body: (UserDefaultsGroupStore, String) throws -> Void) throws {
        let suite = "widget-i18n-tests-\(UUID().uuidString)"
        let store = try #require(UserDefaultsGroupStore(suiteName: suite, budget: budget))
        defer { removeSuite(suite) }
        try body(store, suite)
    }

    /// The property list file swift-corelibs-foundation keeps for `suite`, as bytes (`nil` while it has none).
    func plistBytes(_ suite: String) -> Data? {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        let configuration = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"] ?? home + "/.config"
        return FileManager.default.contents(atPath: configuration + "/" + suite + ".plist")
    }

    @Test func refusesAWriteThatWouldPassTheBudgetAndLeavesTheSuiteByteForByte() throws {
        try withSuite(budget: PreferencesBudget(limit: 64 * 1024, margin: 4 * 1024)) { store, suite in
            try store.setString("tr", forKey: "@better-i18n:locale:acme/widgets")
            try store.setString(
                String(repeating: "a", count: 40 * 1024), forKey: "@better-i18n:messages:acme/widgets:en")
            let before = try #require(plistBytes(suite))
            let domainBefore = try #require(UserDefaults(suiteName: suite)?.persistentDomain(forName: suite))
            // 20 KiB more fits in 60 KiB as ASCII, but not as UTF-16: one 'ş' makes the string two bytes a unit.
            let turkish = String(repeating: "a", count: 20 * 1024 - 1) + "ş"
            let error = #expect(throws: GroupStoreError.self) {
                try store.write(
                    [("@better-i18n:messages:acme/widgets:tr", Array(turkish.utf8)), ("other", Array("x".utf8))],
                    durability: .durable)
            }
            guard case .domainFull(let size, let budget)? = error?.kind else {
                Issue.record("expected domainFull, got \(String(describing: error))")
                return
            }
            #expect(budget == 60 * 1024)
            #expect(size > budget)
            let message = try #require(error?.description)
            #expect(message.contains("user defaults suite '\(suite)'"))
            #expect(message.contains("\(size) bytes") && message.contains("\(budget) bytes"))
            #expect(message.contains("nothing was written"))
            // Nothing of the batch, not even its small second value, and the file as it was.
            #expect(try store.value(forKey: "@better-i18n:messages:acme/widgets:tr") == nil)
            #expect(try store.value(forKey: "other") == nil)
            #expect(plistBytes(suite) == before)
            let domainAfter = try #require(UserDefaults(suiteName: suite)?.persistentDomain(forName: suite))
            #expect(Set(domainAfter.keys) == Set(domainBefore.keys))
            // The same text in ASCII fits.
            try store.setString(
                String(repeating: "a", count: 20 * 1024 - 512), forKey: "@better-i18n:messages:acme/widgets:tr")
            #expect(try store.encodedSize() <= store.budget.bytes)
        }
    }

    @Test func replacingAValueCountsItOnce() throws {
        try withSuite(budget: PreferencesBudget(limit: 16 * 1024, margin: 0)) { store, _ in
            let value = String(repeating: "b", count: 10 * 1024)
            for _ in 0..<3 { try store.setString(value, forKey: "key") }
            #expect(throws: GroupStoreError.self) { try store.setString(value, forKey: "another") }
        }
    }

    @Test func thePlatformBudgetsAreApplesLimitsLessASixteenth() {
        #expect(PreferencesBudget.iOS.limit == 4_194_304)
        #expect(PreferencesBudget.iOS.bytes == 4_194_304 - 262_144)
        #expect(PreferencesBudget.watchOS.limit == 1_048_576)
        #expect(PreferencesBudget.watchOS.bytes == 1_048_576 - 65_536)
        #expect(PreferencesBudget(limit: 100, margin: 500).bytes == 0)
        #if !os(watchOS)
            #expect(PreferencesBudget.platform == .iOS)
        #endif
    }

    /// The count is Foundation's own binary property list encoding of the domain, byte for byte, for the shapes
    /// a suite holds: ASCII and other strings (one byte a character, or two a UTF-16 unit), data, short and long
    /// values, one key and thousands (wider object references and offsets).
    @Test(arguments: [1, 14, 15, 16, 300, 3_000])
    func countsTheDomainAsFoundationEncodesIt(entries: Int) throws {
        var domain: [String: Any] = [:]
        for index in 0..<entries {
            let key = index % 7 == 0 ? "@better-i18n:messages:acme/widgets:ü\(index)" : "key-\(index)"
            switch index % 4 {
            case 0: domain[key] = String(repeating: "x", count: index % 40) + "\(index)"
            case 1: domain[key] = "Bugün \(index) " + String(repeating: "ğ", count: index % 300)
            case 2: domain[key] = Data(repeating: UInt8(index % 256), count: index % 500 + 1)
            default: domain[key] = "中文\(index)" + String(repeating: "🙂", count: index % 20)
            }
        }
        let encoded = try PropertyListSerialization.data(fromPropertyList: domain, format: .binary, options: 0)
        let counted = PreferencesBudget.encodedSize(
            ofStrings: domain.map { key, value in
                if let text = value as? String { return (key, PropertyListSize.string(text)) }
                return (key, PropertyListSize.data((value as? Data)?.count ?? 0))
            })
        #expect(counted == encoded.count)
    }
}

/// A value no property list can hold is not counted as nothing: the count fails, naming the key and why.
@Suite struct UnencodableSuiteValueTests {
    @Test func aValueNoPropertyListHoldsIsNamed() throws {
        let domain: [String: Any] = ["fine": "text", "odd": [1: "a dictionary with a number for a key"]]
        #expect {
            try UserDefaultsGroupStore.encodedSize(of: domain, store: "user defaults suite 'g'")
        } throws: { error in
            guard let error = error as? GroupStoreError else { return false }
            return error.code == .malformed && error.key == "odd" && error.description.contains("'odd'")
        }
        #expect(try UserDefaultsGroupStore.encodedSize(of: ["fine": "text"], store: "s") > 0)
    }
}

/// The rule both sides budget a suite by (docs/architecture.md, "A suite's budget"), against the table the
/// JavaScript bridge's count is checked against too (`Bridges/js/test/`): sizes Python's plistlib encodes each
/// domain to, across every string-header, reference-size and offset-size boundary.
@Suite struct SharedSuiteBudgetVectorTests {
    struct Vector: Decodable {
        struct Generated: Decodable {
            let count: Int
            let key: String
            let value: String
            let `repeat`: Int?
        }
        let name: String
        let entries: [[String]]
        let generated: Generated?
        let bytes: Int
    }

    @Test func countsEveryDomainOfTheSharedTable() throws {
        let path = Repository.root + "/Tests/GroupStoreTests/Data/suite-budget-vectors.json"
        let data = try #require(FileManager.default.contents(atPath: path), "missing \(path)")
        let vectors = try JSONDecoder().decode([Vector].self, from: data)
        #expect(vectors.count >= 20)
        for vector in vectors {
            var entries = vector.entries.map { (key: $0[0], value: $0[1]) }
            if let generated = vector.generated {
                for index in 0..<generated.count {
                    let value = String(repeating: generated.value, count: generated.repeat ?? 1) + "\(index)"
                    entries.append((key: generated.key + "\(index)", value: value))
                }
            }
            let counted = PreferencesBudget.encodedSize(
                ofStrings: entries.map { (key: $0.key, valueSize: PropertyListSize.string($0.value)) })
            #expect(counted == vector.bytes, "\(vector.name)")
        }
    }
}
