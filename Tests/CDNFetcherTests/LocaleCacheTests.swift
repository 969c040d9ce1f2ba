import CDNFetcher
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import Testing

/// Caching a finished locale, without any transfer: the bytes go in, the store is checked.
@Suite struct LocaleCacheTests {
    let project = try! ProjectID("acme/widgets")
    let tr = LocaleTag(parsing: "tr")!
    let base = "https://cdn.example/acme/widgets/tr/"

    func file(_ name: String, _ json: String, etag: String? = nil) -> LocaleCache.File {
        LocaleCache.File(url: base + name, body: Array(json.utf8), validators: .init(etag: etag, lastModified: nil))
    }

    func cache(
        _ files: [LocaleCache.File], namespaces: [String]? = nil, in store: InMemoryGroupStore,
        previous: CacheMetadata? = nil, previousSize: Int? = nil
    ) throws(FetchError) -> FetchOutcome {
        try LocaleCache(store: store, project: project).cache(
            files, locale: tr, namespaces: namespaces, bundleURL: base + "*.json", manifestVersion: "7",
            previous: previous, previousSize: previousSize)
    }

    /// A flat or mixed bundle is stored nested, the shape the better-i18n Swift SDK reads; the metadata
    /// describes what was stored, so the same answer next time is unchanged.
    @Test func storesAFlatBundleNested() throws {
        let store = InMemoryGroupStore()
        let served = #"{"today.title":"Bugün","today.count":"{n} etkinlik"}"#
        var warnings: [FetchWarning] = []
        let outcome = try LocaleCache(store: store, project: project).cache(
            [file("translations.json", served)], locale: tr, namespaces: nil, bundleURL: base + "translations.json",
            manifestVersion: nil, previous: nil, previousSize: nil, warn: { warnings.append($0) })
        let nested = #"{"today":{"title":"Bugün","count":"{n} etkinlik"}}"#
        #expect(outcome == .updated(size: nested.utf8.count))
        #expect(warnings.isEmpty)
        #expect(try store.string(forKey: "@better-i18n:messages:acme/widgets:tr") == nested)
        let metadata = try #require(
            CacheMetadata.read(in: store, key: "@better-i18n:widget-i18n:messages-cache:acme/widgets:tr"))
        #expect(
            try cache(
                [file("translations.json", served)], in: store, previous: metadata, previousSize: nested.utf8.count)
                == .unchanged)
    }

    @Test func aBundleThatCannotBeNestedIsStoredAsServedWithAWarning() throws {
        let store = InMemoryGroupStore()
        let served = #"{"today.title":"Bugün","today":{"title":"Başka"}}"#
        var warnings: [FetchWarning] = []
        _ = try LocaleCache(store: store, project: project).cache(
            [file("translations.json", served)], locale: tr, namespaces: nil, bundleURL: base + "translations.json",
            manifestVersion: nil, previous: nil, previousSize: nil, warn: { warnings.append($0) })
        #expect(try store.string(forKey: "@better-i18n:messages:acme/widgets:tr") == served)
        #expect(
            warnings.map(\.code) == [.storedFlat]
                && warnings.map(\.message) == [
                    "The messages for 'tr' from '\(base)translations.json' are stored flat as served: they cannot be "
                        + "nested at 'today.title' (a message and another member meet at the same key), so "
                        + "better-i18n's Swift SDK, which reads nested keys only, will not find the dotted ones"
                ])
    }

    @Test func writesMessagesWithoutAByteOrderMarkThenTheirIndexAndMetadata() throws {
        let store = InMemoryGroupStore()
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        bytes += Array(#"{"today":{"title":"Bugün"}}"#.utf8)
        let outcome = try cache(
            [LocaleCache.File(url: base + "translations.json", body: bytes, validators: .init(etag: "\"e1\""))],
            in: store)
        let json = #"{"today":{"title":"Bugün"}}"#
        #expect(outcome == .updated(size: json.utf8.count))
        #expect(try store.string(forKey: "@better-i18n:messages:acme/widgets:tr") == json)
        let index = try #require(try store.value(forKey: "@better-i18n:widget-i18n:index:acme/widgets:tr"))
        #expect(StoredBundleIndex(index: index, json: Array(json.utf8))?.message(forKey: "today.title") == "Bugün")
        let metadata = try #require(
            CacheMetadata.read(in: store, key: "@better-i18n:widget-i18n:messages-cache:acme/widgets:tr"))
        #expect(metadata.size == json.utf8.count)
        #expect(metadata.files == [base + "translations.json": .init(etag: "\"e1\"", lastModified: nil)])
        #expect(metadata.manifestVersion == "7")

        // The same bytes and validators again: unchanged, and nothing is rewritten.
        let before = try store.entries().sorted { $0.key < $1.key }
        let again = try cache(
            [LocaleCache.File(url: base + "translations.json", body: bytes, validators: .init(etag: "\"e1\""))],
            in: store, previous: metadata, previousSize: json.utf8.count)
        #expect(again == .unchanged)
        #expect(try store.entries().sorted { $0.key < $1.key } == before)
    }

    @Test func mergesNamespacesUnderTheirNames() throws {
        let store = InMemoryGroupStore()
        let outcome = try cache(
            [file("common.json", #" {"ok":"Tamam"} "#), file("widget.json", "{}")], namespaces: ["common", "widget"],
            in: store)
        let json = #"{"common": {"ok":"Tamam"} ,"widget":{}}"#
        #expect(outcome == .updated(size: json.utf8.count))
        #expect(try store.string(forKey: "@better-i18n:messages:acme/widgets:tr") == json)
    }

    /// Each case: the files, and what the error must say. The store stays empty.
    @Test(arguments: [
        // A syntax error is reported in the file it lies in, at its offset in that file.
        (
            [#"{"a":"b"}"#, #"{"c": }"#],
            #"from 'https://cdn.example/acme/widgets/tr/widget.json': Invalid messages JSON at byte 6"#
        ),
        // A file that is not an object.
        (
            [#"{"a":"b"}"#, "[1, 2]"],
            "from 'https://cdn.example/acme/widgets/tr/widget.json': Messages must be a JSON object"
        ),
        // A file that adds a member beside its own namespace.
        (
            [#"{"a":"b"},"widget":{"x":"y"}"#, #"{"c":"d"}"#],
            "from 'https://cdn.example/acme/widgets/tr/common.json': Messages must be a JSON object"
        ),
        // A file that swallows the next namespace.
        (
            [#"{"a":"b""#, #""c"}"#],
            "from 'https://cdn.example/acme/widgets/tr/common.json': Messages must be a JSON object"
        ),
        // Nothing to show in any namespace.
        (["{}", "{}"], "The messages for 'tr' from 'https://cdn.example/acme/widgets/tr/*.json' contain no strings"),
    ])
    func rejectsNamespacesThatAreNotEachOneObject(_ bodies: [String], _ expected: String) throws {
        let store = InMemoryGroupStore()
        let error = #expect(throws: FetchError.self) {
            try cache(
                [file("common.json", bodies[0]), file("widget.json", bodies[1])], namespaces: ["common", "widget"],
                in: store)
        }
        #expect(error?.description.contains(expected) == true, "\(error?.description ?? "no error")")
        #expect(try store.keys().isEmpty)
    }

    @Test(arguments: [("{}", "(it answered {})"), (#"{"fallback": true}"#, #"(it answered {"fallback": true})"#)])
    func namesTheCDNsNoSuchLocaleAnswers(_ body: String, _ expected: String) throws {
        let store = InMemoryGroupStore()
        let error = #expect(throws: FetchError.self) { try cache([file("translations.json", body)], in: store) }
        #expect(error?.description.hasSuffix(expected) == true, "\(error?.description ?? "no error")")
        #expect(error?.code == .rejectedContent)
        #expect(try store.keys().isEmpty)
    }
}
