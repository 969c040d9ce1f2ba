import GroupStore
import I18nCore
import LocaleData
import TestSupport
import Testing
import WidgetTranslator

/// A stored index never answers for JSON it was not built from: after every rewrite of the corpus
/// (`Data/foreign-rewrites.json`), the next translator renders the new values.
@Suite struct StaleIndexTests {
    static let project = try! ProjectID("acme/widgets")
    static let messagesKey = "@better-i18n:messages:acme/widgets:tr"
    static let indexKey = "@better-i18n:widget-i18n:index:acme/widgets:tr"

    /// Renders the case's keys with an index built for the original, after the original was rewritten.
    static func expectNewValues(_ rewrite: ForeignRewrite, store: any GroupStore, onlyKeysOfTheOriginal: Bool) throws {
        try store.setValue(ForeignRewrites.original, forKey: messagesKey)
        try store.setString("tr", forKey: "@better-i18n:locale:acme/widgets")
        // The first process parses and leaves an index for the next.
        let first = WidgetTranslator(store: store, project: project, preferredLanguages: [], indexCache: .store(store))
        #expect(first.resolve("start.a").message == "Good morning")
        try #require(try store.containsValue(forKey: indexKey))
        let original = try MessageBundle(jsonBytes: ForeignRewrites.original)

        try store.setValue(rewrite.rewritten, forKey: messagesKey)
        let next = WidgetTranslator(store: store, project: project, preferredLanguages: [], indexCache: .store(store))
        for (key, value) in rewrite.expect where !onlyKeysOfTheOriginal || original.message(forKey: key) != nil {
            let resolution = next.resolve(key)
            if let value {
                #expect(resolution.message == value, "\(rewrite): \(key)")
                #expect(resolution.step == .requestedLocale(LocaleTag(parsing: "tr")!), "\(rewrite): \(key)")
            } else {
                #expect(resolution.step == .key, "\(rewrite): \(key) must be missing")
            }
        }
    }

    /// A store without identities: the index is checked against the content digest.
    @Test(arguments: ForeignRewrites.cases)
    func withoutIdentitiesTheDigestNoticesTheRewrite(_ rewrite: ForeignRewrite) throws {
        try Self.expectNewValues(rewrite, store: InMemoryGroupStore(), onlyKeysOfTheOriginal: false)
    }

    /// The file store: the rewrite replaced the file, so its identity changed.
    @Test(arguments: ForeignRewrites.cases)
    func aFileContainerNoticesTheRewriteByIdentity(_ rewrite: ForeignRewrite) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Self.expectNewValues(
            rewrite, store: FileGroupStore(directory: directory.path), onlyKeysOfTheOriginal: false)
    }

    /// A store whose identity does not change (a writer that rewrote in place and restored the time): the
    /// fingerprint or the per-value checks must catch it, and a failed check parses the JSON instead of calling
    /// the key missing. Only keys the index knows can be checked this way.
    @Test(arguments: ForeignRewrites.cases)
    func whenTheIdentityLiesEveryKnownKeyStillRendersItsNewValue(_ rewrite: ForeignRewrite) throws {
        let store = ForwardingGroupStore(
            over: InMemoryGroupStore(displayName: "constant-identity store"), identity: [42])
        try Self.expectNewValues(rewrite, store: store, onlyKeysOfTheOriginal: true)
    }
}
