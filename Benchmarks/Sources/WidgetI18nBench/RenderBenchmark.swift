import Foundation
import GroupContract
import GroupStore
import GroupStoreUserDefaults
import I18nCore
import LocaleData
import WidgetKeysFile
import WidgetTranslator

/// `widget-i18n-bench --store-dir DIR --project P --keys FILE`: renders a widget's keys from a group store
/// exactly as a widget process does, or (`--baseline naive`) the common way: parse the bundle into
/// `[String: Any]`, split each key on "." and walk dictionaries.
struct RenderBenchmark {
    typealias Key = WidgetKeysFile.Key

    let storeDirectory: String
    let project: ProjectID
    let keys: [Key]
    let defaultLocale: LocaleTag
    let iterations: Int
    let renders: Int
    let naive: Bool
    let ignoreStoredIndex: Bool
    /// A `UserDefaults` suite to render over instead of the store directory.
    let suite: String?
    /// The suite's reader cache, when not its default (the translator's, `GroupStoreCapabilities`' reader cache).
    let cacheDirectory: String?
    /// Whether the suite has a reader cache at all.
    let readerCache: Bool

    /// One render of every key: the texts and how many no locale had.
    typealias Render = (texts: [String], missing: Int)

    func run() -> (json: String, texts: [String]) {
        let start = ContinuousClock.now
        let renderer: () -> Render = naive ? makeNaiveRenderer() : makeRenderer()
        let first = renderer()
        let cold = ContinuousClock.now - start
        // Warm: each key rendered again and timed on its own (a batch of the same key, so the clock's own
        // cost is spread out); the median over every key and pass.
        let lookUp: (Key) -> String = naive ? makeNaiveLookup() : makeLookup()
        let batch = 32
        var perKey: [Double] = []
        perKey.reserveCapacity(iterations * keys.count)
        for _ in 0..<iterations {
            for key in keys {
                var length = 0
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<batch { length &+= lookUp(key).utf8.count }
                perKey.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(batch))
                precondition(length > 0)
            }
        }
        // Re-render: what a timeline reload costs — a fresh renderer that reads the store again.
        var rerenders: [Double] = []
        for _ in 0..<renders {
            let pass = ContinuousClock.now
            let fresh = naive ? makeNaiveRenderer() : makeRenderer()
            _ = fresh()
            rerenders.append(nanoseconds(ContinuousClock.now - pass))
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let fields: [(String, String)] = [
            ("mode", "\"\(mode)\""),
            ("cold_first_render_ns", "\(Int(nanoseconds(cold)))"),
            ("warm_lookup_ns", "\(Int(median(perKey)))"),
            ("rerender_ns", "\(Int(median(rerenders)))"),
            ("keys_resolved", "\(keys.count - first.missing)"),
            ("keys_missing", "\(first.missing)"),
            ("peak_rss_kb", "\(usage.ru_maxrss)"),
        ]
        return ("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}", first.texts)
    }

    private var mode: String {
        if naive { return "naive" }
        if ignoreStoredIndex { return "widget-i18n-no-stored-index" }
        if suite != nil { return readerCache ? "widget-i18n-suite" : "widget-i18n-suite-no-reader-cache" }
        return "widget-i18n"
    }

    // MARK: - The widget's way

    /// A translator as a widget process makes one: over the store directory, or over the suite with its
    /// reader cache.
    private func makeTranslator() -> WidgetTranslator {
        if let suite {
            guard let store = UserDefaultsGroupStore(suiteName: suite) else { fail("invalid --suite '\(suite)'") }
            // No cache given: the suite's own (the translator's default), or none with --no-reader-cache.
            let cache = readerCache ? cacheDirectory.map { FileGroupStore(directory: $0) } : nil
            return WidgetTranslator(
                store: store, project: project, defaultLocale: defaultLocale, preferredLanguages: [],
                indexCache: cache.map { .store($0) } ?? .automatic)
        }
        var store: any GroupStore = FileGroupStore(directory: storeDirectory)
        if ignoreStoredIndex { store = WithoutStoredIndexes(base: store) }
        return WidgetTranslator(
            store: store, project: project, defaultLocale: defaultLocale, preferredLanguages: [],
            indexCache: ignoreStoredIndex ? .none : .automatic)
    }

    private func makeLookup() -> (Key) -> String {
        let translator = makeTranslator()
        return { translator.translate($0.key, arguments: $0.arguments).text }
    }

    private func makeNaiveLookup() -> (Key) -> String {
        let render = makeNaiveRenderer(single: true)
        return { render([$0]).texts[0] }
    }

    private func makeRenderer() -> () -> Render {
        let translator = makeTranslator()
        return {
            var missing = 0
            let texts = keys.map { key in
                let translation = translator.translate(key.key, arguments: key.arguments)
                if translation.resolution.isMissing { missing += 1 }
                return translation.text
            }
            return (texts, missing)
        }
    }

    // MARK: - The common way

    private func makeNaiveRenderer() -> () -> Render {
        let render = makeNaiveRenderer(single: false)
        return { render(keys) }
    }

    private func makeNaiveRenderer(single: Bool) -> ([Key]) -> Render {
        let formatter = ICUMessageFormatter()
        func read(_ key: String) -> Data? {
            FileManager.default.contents(atPath: storeDirectory + "/" + KeyFileNameForBenchmark.encode(key))
        }
        let stored = read(StorageKey.locale(project: project)).flatMap { String(data: $0, encoding: .utf8) }
        let locale = stored.flatMap(LocaleTag.init(parsing:)) ?? defaultLocale
        func load(_ tag: LocaleTag) -> [String: Any] {
            guard let data = read(StorageKey.messages(project: project, locale: tag)) else { return [:] }
            return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        }
        let primary = load(locale)
        var fallback: [String: Any]?
        func lookUp(_ key: String, in messages: [String: Any]) -> String? {
            if let flat = messages[key] as? String { return flat }
            var node: Any = messages
            for part in key.split(separator: ".") {
                guard let dictionary = node as? [String: Any], let next = dictionary[String(part)] else { return nil }
                node = next
            }
            return node as? String
        }
        return { keys in
            var missing = 0
            let texts = keys.map { key -> String in
                var message = lookUp(key.key, in: primary)
                if message == nil, locale != defaultLocale {
                    if fallback == nil { fallback = load(defaultLocale) }
                    message = lookUp(key.key, in: fallback!)
                }
                guard let message else {
                    missing += 1
                    return key.key
                }
                return formatter.format(message, locale: locale, arguments: key.arguments).text
            }
            return (texts, missing)
        }
    }

    private func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    private func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[values.count / 2]
    }
}

/// Hides the stored lookup indexes, to measure the path a widget takes when there is none.
struct WithoutStoredIndexes: GroupStore {
    /// The start of every lookup index's key: what GroupContract's `StorageKey.bundleIndex(project:locale:)` writes
    /// (its `StorageKey.packagePrefix` + `index:`). Spelled out here because that key is the package's own
    /// plumbing, not API an app calls; Benchmarks/render-benchmark.py deletes the same files by this prefix.
    static let indexKeyPrefix = packageKeyPrefix + "index:"
    /// The start of every key WidgetI18n adds (`StorageKey.packagePrefix`), spelled out for the same reason.
    static let packageKeyPrefix = "@better-i18n:widget-i18n:"

    let base: any GroupStore
    /// The base's name, and no file container: a reader keeps no indexes for it either.
    var capabilities: GroupStoreCapabilities { GroupStoreCapabilities(displayName: base.displayName) }
    private func isIndex(_ key: String) -> Bool { key.hasPrefix(Self.indexKeyPrefix) }
    func identifiedValue(forKey key: String) throws -> IdentifiedValue? {
        isIndex(key) ? nil : try base.identifiedValue(forKey: key)
    }
    func write(_ values: [(key: String, value: [UInt8])], durability: WriteDurability) throws -> [[UInt8]?] {
        try base.write(values.filter { !isIndex($0.key) }, durability: durability)
    }
    func removeValue(forKey key: String) throws { try base.removeValue(forKey: key) }
    func entries() throws -> [GroupStoreEntry] { try base.entries().filter { !isIndex($0.key) } }
}

/// The store's file names, for the naive reader (which, like most apps, reads files directly).
enum KeyFileNameForBenchmark {
    static func encode(_ key: String) -> String {
        key.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(
                charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? key
    }
}
