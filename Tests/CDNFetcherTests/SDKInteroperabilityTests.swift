import CDNFetcher
import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import TestSupport
import Testing
import WidgetTranslator

/// The better-i18n SDKs' storage rules (`Data/sdk-storage-rules.json`), checked both ways for every locale of
/// `Locales/` in several spellings: what WidgetI18n stores, each SDK finds; what each SDK stored, a widget reads.
@Suite struct SDKInteroperabilityTests {
    struct Rules: Decodable {
        struct Reader: Decodable { let sdk: String, messagesKey: String, lookup: String }
        struct Writer: Decodable, CustomTestStringConvertible {
            /// Each key the writer stores, with `messages` for the locale's messages or the value itself.
            let sdk: String, localeValue: String, keys: [String: String]
            var testDescription: String { sdk }
        }
        let localeKey: String
        let readers: [Reader]
        let writers: [Writer]
        let messageShapes: [String]
    }

    static let rules: Rules = {
        let url = Bundle.module.url(forResource: "Data/sdk-storage-rules", withExtension: "json")!
        return try! JSONDecoder().decode(Rules.self, from: Data(contentsOf: url))
    }()
    static let project = try! ProjectID("acme/widgets")
    static let locales: [String] = {
        let directories = try! FileManager.default.contentsOfDirectory(atPath: Repository.sampleProjectLocales)
        return directories.filter { !$0.hasSuffix(".json") }.sorted()
    }()

    /// `{project}`, `{given}`, `{stored}` and `{normalized}` (normalizeLocale: lower case, `_` → `-`).
    static func fill(_ template: String, given: String) -> String {
        template.replacingOccurrences(of: "{project}", with: project.description)
            .replacingOccurrences(of: "{given}", with: given).replacingOccurrences(of: "{stored}", with: given)
            .replacingOccurrences(of: "{normalized}", with: given.lowercased().replacingOccurrences(of: "_", with: "-"))
    }

    /// How people and SDKs spell one locale: its display form, normalised, with `_`, in upper case.
    static func spellings(of code: String) -> [String] {
        let tag = LocaleTag(parsing: code)!
        let candidates = [
            tag.displayForm, tag.normalized, tag.displayForm.replacingOccurrences(of: "-", with: "_"),
            tag.displayForm.uppercased(),
        ]
        return candidates.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// Locales an app may store that name a cached one by CLDR's matching rather than by spelling: a region
    /// whose likely script is the cached one's (`zh-TW`, `zh-HK` for `zh-Hant`), the language alone (`pt` for
    /// `pt-BR`), a region of the same language (`pt-PT`, `de-AT`, `tr-TR`).
    static let matchingNames: [String: [String]] = [
        "zh-hant": ["zh-TW", "zh-HK", "zh_Hant_TW"], "pt-br": ["pt", "pt-PT", "pt_BR"], "de": ["de-AT", "de_CH"],
        "tr": ["TR", "tr-TR"], "en": ["en-AU", "en-GB"], "fr": ["fr-CA"],
    ]

    static func messages(of code: String) throws -> [UInt8] {
        Array(
            try Data(contentsOf: URL(fileURLWithPath: Repository.sampleProjectLocales + "/\(code)/translations.json")))
    }

    @Test(arguments: locales)
    func everySDKFindsTheMessagesOfTheLocaleWeStore(_ code: String) async throws {
        let store = InMemoryGroupStore()
        var options = FetchOptions()
        options.cdn = URL(fileURLWithPath: Repository.root + "/Locales").absoluteString
        let fetcher = try CDNFetcher(store: store, project: Self.project, options: options)
        let manifestFetch = try await fetcher.fetchManifest()
        let tag = try #require(LocaleTag(parsing: code))
        #expect(await fetcher.fetch([tag], committing: manifestFetch).locales.allSatisfy { !$0.outcome.isFailure })
        let expected = try MessageBundle(jsonBytes: try Self.messages(of: code))
        for spelling in Self.spellings(of: code) + (Self.matchingNames[code] ?? []) {
            try ContractWriter(store: store, project: Self.project).selectLocale(
                try #require(LocaleTag(parsing: spelling)))
            let stored = try #require(try store.string(forKey: Self.fill(Self.rules.localeKey, given: "")))
            #expect(stored == tag.normalized, "\(spelling)")
            for reader in Self.rules.readers {
                let key = Self.fill(reader.messagesKey, given: stored)
                let bytes = try #require(try store.value(forKey: key), "\(reader.sdk) reads '\(key)' for '\(spelling)'")
                let messages = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
                for messageKey in expected.keys {
                    #expect(
                        SDKLookup.message(messageKey, in: messages, rule: reader.lookup)
                            == expected.message(forKey: messageKey), "\(reader.sdk), '\(spelling)': \(messageKey)")
                }
            }
        }
    }

    @Test(arguments: rules.writers)
    func aWidgetReadsWhatEverySDKStored(_ writer: Rules.Writer) throws {
        for code in Self.locales {
            let reference = try MessageBundle(jsonBytes: try Self.messages(of: code))
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(try Self.messages(of: code))) as? [String: Any])
            for (spelling, shape) in zip(Self.spellings(of: code).cycled(), Self.rules.messageShapes) {
                let messages = try JSONShapes.render(object, as: shape)
                var values = [
                    Self.fill(Self.rules.localeKey, given: spelling): Self.fill(writer.localeValue, given: spelling)
                ]
                for (key, value) in writer.keys {
                    values[Self.fill(key, given: spelling)] = value == "messages" ? messages : value
                }
                let store = InMemoryGroupStore(values)
                let translator = WidgetTranslator(store: store, project: Self.project, preferredLanguages: [])
                let context = "\(writer.sdk), '\(spelling)', \(shape)"
                #expect(translator.detectLocale().locale == LocaleTag(parsing: code), "\(context)")
                for key in reference.keys {
                    let resolution = translator.resolve(key)
                    #expect(resolution.message == reference.message(forKey: key), "\(context): \(key)")
                    #expect(resolution.step == .requestedLocale(LocaleTag(parsing: code)!), "\(context): \(key)")
                }
                #expect(translator.diagnostics.isEmpty, "\(context): \(translator.diagnostics)")
            }
        }
    }
}

/// How another SDK finds a dotted key in the messages it parsed, by its own rule (`sdk-storage-rules.json`'s
/// `lookup`), not by WidgetI18n's reader.
enum SDKLookup {
    static func message(_ key: String, in messages: [String: Any], rule: String) -> String? {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        switch rule {
        // better-i18n/swift, Sources/BetterI18n/Translator.swift, `resolve`: one dictionary per part, a String at
        // the end, nothing else.
        case "nested": return walk(parts[...], in: messages, flatFallback: false)
        // i18next's ResourceStore.getResource: the nested path, then (ignoreJSONStructure) the rest of the key as
        // one member name at each level (`deepFind`).
        case "nested, then flat": return walk(parts[...], in: messages, flatFallback: true)
        default: return nil
        }
    }

    private static func walk(_ parts: ArraySlice<String>, in object: [String: Any], flatFallback: Bool) -> String? {
        guard let first = parts.first else { return nil }
        if parts.count == 1 { return object[first] as? String }
        if let child = object[first] as? [String: Any],
            let found = walk(parts.dropFirst(), in: child, flatFallback: flatFallback)
        {
            return found
        }
        guard flatFallback else { return nil }
        // Longer and longer member names made of the next parts joined by dots.
        for length in 2...parts.count {
            let name = parts.prefix(length).joined(separator: ".")
            let rest = parts.dropFirst(length)
            if rest.isEmpty, let text = object[name] as? String { return text }
            if let child = object[name] as? [String: Any], let found = walk(rest, in: child, flatFallback: true) {
                return found
            }
        }
        return nil
    }
}

extension SDKInteroperabilityTests {
    /// A locale stored in the spelling of another SDK's user (`zh-TW`, `pt`), with the cached messages under
    /// the manifest's code (`zh-hant`, `pt-br`) as every writer keys them: the widget renders the cached
    /// locale's messages at the first step of its chain, and says which locale answered.
    @Test(arguments: rules.writers)
    func aWidgetMatchesAStoredLocaleToTheCachedOneAsCLDRDoes(_ writer: Rules.Writer) throws {
        for (code, names) in Self.matchingNames.sorted(by: { $0.key < $1.key }) {
            let reference = try MessageBundle(jsonBytes: try Self.messages(of: code))
            let cached = try #require(LocaleTag(parsing: code))
            for name in names {
                var values = [Self.fill(Self.rules.localeKey, given: name): Self.fill(writer.localeValue, given: name)]
                for (key, value) in writer.keys {
                    values[Self.fill(key, given: cached.displayForm)] =
                        value == "messages" ? String(decoding: try Self.messages(of: code), as: UTF8.self) : value
                }
                let translator = WidgetTranslator(
                    store: InMemoryGroupStore(values), project: Self.project, preferredLanguages: [])
                let requested = try #require(LocaleTag(parsing: name))
                #expect(translator.detectLocale().locale == requested, "\(writer.sdk), '\(name)'")
                for key in reference.keys {
                    let resolution = translator.resolve(key)
                    let context = "\(writer.sdk), '\(name)' → \(code): \(key)"
                    #expect(resolution.message == reference.message(forKey: key), "\(context)")
                    // The cached locale answered: by matching at a step (`zh-tw` → `zh-hant`), or as a step.
                    var answered: LocaleTag?
                    switch resolution.step {
                    case .requestedLocale(let tag), .parentLocale(let tag): answered = tag
                    default: answered = nil
                    }
                    #expect((resolution.attempts.last?.answeredBy?.tag ?? answered) == cached, "\(context)")
                }
                #expect(translator.diagnostics.isEmpty, "\(writer.sdk), '\(name)': \(translator.diagnostics)")
            }
        }
    }
}

extension Array {
    /// The elements over and over, for pairing a few spellings with more shapes.
    func cycled() -> [Element] { isEmpty ? [] : (0..<16).flatMap { _ in self } }
}

/// The same messages in the JSON shapes SDKs write: nested or flat or mixed, in any member order, compact or
/// pretty.
enum JSONShapes {
    static func render(_ object: [String: Any], as shape: String) throws -> String {
        switch shape {
        case "nested compact": return emit(object, order: { $0.sorted() })
        case "members reversed": return emit(object, order: { $0.sorted().reversed() })
        case "nested pretty":
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            return String(decoding: data, as: UTF8.self)
        case "flat": return emit(flatten(object, prefix: ""), order: { $0.sorted() })
        case "mixed":
            // The first level nested, everything below it flat: {"a": {"b.c": "…"}}.
            return emit(
                object.mapValues { ($0 as? [String: Any]).map { flatten($0, prefix: "") } ?? $0 },
                order: { $0.sorted() })
        default: throw CocoaError(.featureUnsupported)
        }
    }

    static func flatten(_ object: [String: Any], prefix: String) -> [String: Any] {
        var result: [String: Any] = [:]
        for (key, value) in object {
            if let child = value as? [String: Any] {
                result.merge(flatten(child, prefix: prefix + key + ".")) { $1 }
            } else {
                result[prefix + key] = value
            }
        }
        return result
    }

    static func emit(_ value: Any, order: ([String]) -> [String]) -> String {
        if let object = value as? [String: Any] {
            let members = order(Array(object.keys)).map { quote($0) + ":" + emit(object[$0]!, order: order) }
            return "{" + members.joined(separator: ",") + "}"
        }
        if let text = value as? String { return quote(text) }
        let data = try! JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    static func quote(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }
}
