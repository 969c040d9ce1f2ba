import GroupContract
import GroupStore
import I18nCore
import LocaleData
import TestSupport
import Testing

/// Every key derived from a valid project fits a file name (issue 53, 12): two slugs of 100 characters were a
/// valid project whose fetch metadata, index and write stamp keys passed 255 bytes, so every locale was refused,
/// naming a key the user never wrote.
@Suite struct StorageKeyLengthTests {
    /// A locale of `LocaleTag`'s 64 characters.
    static let longestLocale = LocaleTag(parsing: "en-x-" + String(repeating: "abcdefg-", count: 7) + "abc")!

    static func derivedKeys(_ project: ProjectID, _ locale: LocaleTag) -> [String] {
        [
            StorageKey.locale(project: project), StorageKey.messages(project: project, locale: locale),
            StorageKey.manifest(project: project), StorageKey.messagesCache(project: project, locale: locale),
            StorageKey.bundleIndex(project: project, locale: locale),
            StorageKey.messagesWritten(project: project, locale: locale), StorageKey.manifestCache(project: project),
            StorageKey.reloadRequest(project: project),
            StorageKey.expoTranslations(project: project, locale: locale.normalized),
            StorageKey.expoMeta(project: project, locale: locale.normalized),
        ]
    }

    /// The longest valid project and the longest locale: every key they derive is written and read back by a
    /// file container.
    @Test func theLongestValidProjectStoresEveryKeyItDerives() throws {
        #expect(Self.longestLocale.normalized.utf8.count == 64)
        let organization = String(repeating: "o", count: 100)
        let slugs = String(repeating: "p", count: ProjectID.maximumSlugsLength - 100)
        let project = try ProjectID("\(organization)/\(slugs)")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileGroupStore(directory: directory.path)
        for key in Self.derivedKeys(project, Self.longestLocale) {
            try store.setString("{}", forKey: key)
            #expect(try store.string(forKey: key) == "{}", "\(key)")
        }
    }

    /// One character more is no project, and the message gives the limit.
    @Test func oneCharacterMoreIsRefusedWithTheLimit() {
        let text = String(repeating: "o", count: 100) + "/" + String(repeating: "p", count: 38)
        let error = #expect(throws: ProjectIDError.self) { try ProjectID(text) }
        #expect(error?.description.contains("the two at most 137 characters together") == true)
        #expect(throws: ProjectIDError.self) {
            try ProjectID(String(repeating: "a", count: 100) + "/b" + String(repeating: "c", count: 99))
        }
    }
}
