import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import TestSupport
import Testing

/// Which copy of a locale a widget reads when an App Group holds several: the container's and the suite's, the
/// messages key and the Expo cache. The newest by the times their writers recorded wins (`RecordedTime`).
@Suite struct RecordedTimeTests {
    let project = try! ProjectID("acme/widgets")
    let messagesKey = "@better-i18n:messages:acme/widgets:de"
    let stampKey = "@better-i18n:widget-i18n:written:acme/widgets:de"

    func bundle(_ title: String) -> String { #"{"home":{"title":"\#(title)"}}"# }

    /// The JavaScript bridge's stamp for `json`, written `minutesAgo` ago (`Bridges/js`: `{size, writer,
    /// writtenAt}`).
    func stamp(_ json: String, minutesAgo: Double, size: Int? = nil) -> String {
        let writtenAt = (Date().timeIntervalSince1970 - minutesAgo * 60) * 1000
        return #"{"size":\#(size ?? json.utf8.count),"writer":"@widget-i18n/bridge","writtenAt":\#(Int(writtenAt))}"#
    }

    func expoMeta(minutesAgo: Double) -> String {
        #"{"cachedAt":\#(Int((Date().timeIntervalSince1970 - minutesAgo * 60) * 1000))}"#
    }

    func title(_ store: any GroupStore) throws -> (text: String?, place: String?) {
        let reader = ContractReader(store: store, project: project)
        let bundle = try reader.bundle(try LocaleTag("de"), cachedLocales: { (try? reader.cachedLocales()) ?? [] })
        let cached = try reader.cachedLocales().first { $0.tag.normalized == "de" }
        return (bundle?.message(forKey: "home.title"), cached?.storeName)
    }

    func group(container: [String: String], suite: [String: String]) throws -> (AppGroupStore, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let file = FileGroupStore(directory: directory.path)
        for (key, value) in container { try file.setString(value, forKey: key) }
        return (AppGroupStore(container: file, suite: InMemoryGroupStore(suite, displayName: "suite")), directory)
    }

    @Test func aLocaleOnlyTheSuiteHoldsIsRead() throws {
        let (store, directory) = try group(container: [:], suite: [messagesKey: bundle("Suite")])
        defer { directory.remove() }
        let found = try title(store)
        #expect(found.text == "Suite")
        #expect(found.place == "suite")
    }

    @Test func untimedCopiesPreferTheContainer() throws {
        let (store, directory) = try group(
            container: [messagesKey: bundle("Container")], suite: [messagesKey: bundle("Suite")])
        defer { directory.remove() }
        #expect(try title(store).text == "Container")
        #expect(try title(store).place == "group container '\(directory.path)'")
    }

    /// A bundle the bridge just mirrored into the suite beats the container's untimed one, and an hour-old one in
    /// the container loses to it; a stamp whose size is not the value's describes another value and counts for
    /// nothing.
    @Test func theBridgesStampDecides() throws {
        let fresh = bundle("Fresh")
        var (store, directory) = try group(
            container: [messagesKey: bundle("Container")],
            suite: [messagesKey: fresh, stampKey: stamp(fresh, minutesAgo: 1)])
        #expect(try title(store).text == "Fresh")
        directory.remove()

        (store, directory) = try group(
            container: [messagesKey: bundle("Old"), stampKey: stamp(bundle("Old"), minutesAgo: 60)],
            suite: [messagesKey: fresh, stampKey: stamp(fresh, minutesAgo: 1)])
        #expect(try title(store).text == "Fresh")
        directory.remove()

        (store, directory) = try group(
            container: [messagesKey: bundle("Container")],
            suite: [messagesKey: fresh, stampKey: stamp(fresh, minutesAgo: 1, size: fresh.utf8.count + 1)])
        #expect(try title(store).text == "Container")
        directory.remove()
    }

    /// A bundle just mirrored beats an hour-old Expo cache in the same place, and loses to a newer one.
    @Test func theStampAgainstTheExpoCache() throws {
        let mirrored = bundle("Mirrored")
        for (expoMinutesAgo, expected) in [(60.0, "Mirrored"), (0.1, "Expo")] {
            let store = InMemoryGroupStore([
                messagesKey: mirrored, stampKey: stamp(mirrored, minutesAgo: 1),
                "@better-i18n:acme/widgets:de:translations": bundle("Expo"),
                "@better-i18n:acme/widgets:de:meta": expoMeta(minutesAgo: expoMinutesAgo),
            ])
            #expect(try title(store).text == expected)
        }
    }

    /// The app's JavaScript controls these numbers: a time in the future, or one no clock can hold, is no time,
    /// so it cannot make its copy win over every later fetch.
    @Test(arguments: ["1e300", "-1e300", "9.3e21", String(Int((Date().timeIntervalSince1970 + 86_400) * 1000))])
    func aTimeInTheFutureIsNoTime(_ cachedAt: String) throws {
        let store = InMemoryGroupStore([
            messagesKey: bundle("Messages"),
            "@better-i18n:acme/widgets:de:translations": bundle("Expo"),
            "@better-i18n:acme/widgets:de:meta": #"{"cachedAt":\#(cachedAt)}"#,
        ])
        #expect(try title(store).text == "Messages")
        let reader = ContractReader(store: store, project: project)
        let expo = try #require(try reader.cachedLocales().first)
        #expect(expo.source == .messagesKey)
        // Within the allowed skew a time still counts.
        #expect(RecordedTime.date(milliseconds: (Date().timeIntervalSince1970 + 60) * 1000) != nil)
        #expect(RecordedTime.date(milliseconds: (Date().timeIntervalSince1970 + 600) * 1000) == nil)
    }

    @Test func theStoredLocaleAndReloadRequestsAcrossPlaces() throws {
        let localeKey = "@better-i18n:locale:acme/widgets"
        var (store, directory) = try group(container: [:], suite: [localeKey: "tr"])
        #expect(try ContractReader(store: store, project: project).storedLocale()?.text == "tr")
        directory.remove()
        (store, directory) = try group(container: [localeKey: "de"], suite: [localeKey: "tr"])
        defer { directory.remove() }
        #expect(try ContractReader(store: store, project: project).storedLocale()?.text == "de")

        // The bridge records requests with a number of milliseconds, in whichever place the app writes.
        let suite = try #require(store.suite)
        let later = Int(Date().timeIntervalSince1970 * 1000)
        try suite.setString(
            #"{"id":"from-js","kind":null,"reason":"messages updated: de","requestedAt":\#(later)}"#,
            forKey: "@better-i18n:widget-i18n:reload:acme/widgets")
        try ContractWriter(store: store, project: project).recordReloadRequest(
            "older", now: Date(timeIntervalSinceNow: -60))
        let latest = ContractReader(store: store, project: project).latestReloadRequest(kind: nil)
        #expect(latest?.id == "from-js")
    }

    /// A suite's copy is indexed in the container, the App Group's reader cache, so the next process reads the
    /// index, never the suite.
    @Test func aSuitesCopyIsIndexedInTheContainer() throws {
        let (store, directory) = try group(container: [:], suite: [messagesKey: bundle("Suite")])
        defer { directory.remove() }
        let reader = ContractReader(
            store: store, project: project, readerCache: ContractReader.defaultReaderCache(for: store))
        let opened = try #require(try reader.openMessages(try LocaleTag("de"), cachedLocales: { [] }))
        #expect(try reader.lookup(for: opened) is MessageBundle)
        #expect(try store.container.containsValue(forKey: "@better-i18n:widget-i18n:index:acme/widgets:de"))
        #expect(try store.suite?.keys() == [messagesKey])
        let again = try #require(try reader.openMessages(try LocaleTag("de"), cachedLocales: { [] }))
        #expect(!(try reader.lookup(for: again) is MessageBundle))
        #expect(try reader.lookup(for: again).lookUp("home.title") == .found("Suite"))
    }
}
