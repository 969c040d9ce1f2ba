import Foundation
import I18nCore
import LocaleData
import WidgetI18nSupport

/// The CDN manifest of a project, v2 as the better-i18n JavaScript core reads it: its languages, and
/// optionally per-locale files with their versions (the rich manifest), namespaces (the slim manifest: names
/// only) and whether the CDN answers batch requests.
///
///     {"projectSlug": "widgets", "sourceLanguage": "en", "updatedAt": "2026-11-30T10:00:00Z",
///      "languages": [{"code": "en", "name": "English", "nativeName": "English", "isSource": true}, …],
///      "files": {"tr": {"url": "https://…/tr/translations.json", "size": 1234, "lastModified": "…",
///                       "namespaces": {"common": {"url": "…/tr/common.json", "lastModified": "…"}}}},
///      "namespaces": ["common", "widget"], "batch": true}
public struct Manifest: Sendable, Hashable {
    /// A language the project offers, as the manifest's `languages` list describes it.
    public struct Language: Sendable, Hashable {
        /// The code as the CDN spells it; used in URLs.
        public let code: String
        /// The code as a locale tag.
        public let tag: LocaleTag
        /// The language's name in English (`Turkish`), when the manifest gives it.
        public let name: String?
        /// The language's name in itself (`Türkçe`), when the manifest gives it.
        public let nativeName: String?
        /// Whether this is the project's source language, the one translations are made from.
        public let isSource: Bool
        /// When the language's messages last changed, as the manifest writes it; `nil` when it does not.
        public let lastUpdated: String?
        /// How many keys the language has, when the manifest says.
        public let keyCount: Int?
    }

    /// A file the rich manifest describes: a locale's combined file or one namespace's.
    public struct File: Sendable, Hashable {
        /// As written: absolute, or relative to the manifest.
        public let url: String?
        /// The file's size in bytes, when the manifest gives it.
        public let size: Int?
        /// The file's version as the manifest writes it (a timestamp), when it gives one.
        public let lastModified: String?
    }

    /// What the rich manifest says of one locale: its combined file, and its namespaces' files.
    public struct LocaleFiles: Sendable, Hashable {
        /// The locale's combined file.
        public let file: File
        /// Each namespace's file, by namespace name; empty for a project without namespaces.
        public let namespaces: [String: File]
    }

    /// The languages the project offers, in manifest order, without duplicates or invalid codes.
    public let languages: [Language]
    /// The entries of the manifest's `languages` list that were skipped because their code is not a locale tag,
    /// in manifest order: the code as written, or the entry's JSON when it has no string code.
    public let skippedLanguages: [String]
    /// The rich manifest's files, by normalised locale.
    public let files: [String: LocaleFiles]
    /// The namespaces of a namespaced project, or empty for one `translations.json` per locale: the slim
    /// manifest's `namespaces`, else the names of the rich manifest's per-locale namespaces.
    public let namespaces: [String]
    /// Whether the CDN answers `{project}/{locale}/batch.json?ns=a,b` with `{"a": {…}, "b": {…}}`.
    public let batch: Bool
    /// `version`, else `updatedAt`, when the manifest has either.
    public let version: String?
    /// When the project's messages last changed, as the manifest writes it.
    public let updatedAt: String?
    /// The project's name in the manifest (`widgets`), when it gives one.
    public let projectSlug: String?
    /// The language translations are made from, when the manifest names a valid one.
    public let sourceLanguage: LocaleTag?

    /// Parses a manifest. It must be a JSON object in valid UTF-8, as messages must (a UTF-8 byte-order mark is
    /// skipped; UTF-16 is refused). Languages whose code is not a locale tag are skipped and listed in
    /// `skippedLanguages`; namespace names must be plain file names.
    /// - Parameter jsonBytes: the manifest's JSON, as the CDN serves it.
    /// - Throws: `ManifestError` when the document is not a manifest.
    public init(jsonBytes: [UInt8]) throws(ManifestError) {
        try self.init(checkedJSON: Self.checkedJSON(jsonBytes))
    }

    /// Parses a manifest and returns it with the bytes a store keeps of it: the JSON without a byte-order mark,
    /// which `JSON.parse` in the other SDKs would reject.
    /// - Parameter jsonBytes: the manifest's JSON, as the CDN serves it.
    /// - Throws: `ManifestError` when the document is not a manifest.
    package static func parse(_ jsonBytes: [UInt8]) throws(ManifestError) -> (manifest: Manifest, storedBytes: [UInt8])
    {
        let checked = try checkedJSON(jsonBytes)
        return (try Manifest(checkedJSON: checked), checked)
    }

    /// `jsonBytes` without a UTF-8 byte-order mark, once the same pass that checks a bundle has found it a JSON
    /// object in valid UTF-8, nested at most `MessageBundle.maximumDepth` levels.
    private static func checkedJSON(_ jsonBytes: [UInt8]) throws(ManifestError) -> [UInt8] {
        // UTF-16 and UTF-32 put a zero byte beside the first ASCII character, or start with their own mark.
        if jsonBytes.starts(with: [0xFF, 0xFE]) || jsonBytes.starts(with: [0xFE, 0xFF])
            || jsonBytes.prefix(2).contains(0)
        {
            throw ManifestError(
                .notJSON, "the manifest is not UTF-8 (it looks like UTF-16 or UTF-32); serve it as UTF-8")
        }
        let bytes = jsonBytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(jsonBytes.dropFirst(3)) : jsonBytes
        do { _ = try MessageBundle.validate(jsonBytes: bytes) } catch {
            switch error.kind {
            case .notAnObject:
                throw ManifestError(.notAnObject, "the manifest is not a JSON object", bundleError: error)
            case .syntax(let expected):
                throw ManifestError(
                    .notJSON, "the manifest is not valid JSON (at byte \(error.offset): expected \(expected))",
                    bundleError: error)
            case .invalidUTF8:
                throw ManifestError(
                    .notJSON, "the manifest is not valid UTF-8 at byte \(error.offset)", bundleError: error)
            case .tooDeep(let limit):
                throw ManifestError(
                    .notJSON, "the manifest nests deeper than \(limit) levels at byte \(error.offset)",
                    bundleError: error)
            case .tooLarge: throw ManifestError(.notJSON, "the manifest is larger than 2 GiB", bundleError: error)
            }
        }
        return bytes
    }

    private init(checkedJSON jsonBytes: [UInt8]) throws(ManifestError) {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: Data(jsonBytes)) } catch {
            throw ManifestError(.notJSON, "the manifest is not valid JSON")
        }
        guard let root = object as? [String: Any] else {
            throw ManifestError(.notAnObject, "the manifest is not a JSON object")
        }
        guard let languageList = root["languages"] as? [Any] else {
            throw ManifestError(.noLanguages, "the manifest has no 'languages' list")
        }
        var languages: [Language] = []
        var skipped: [String] = []
        var seen: Set<LocaleTag> = []
        for entry in languageList {
            let fields = entry as? [String: Any] ?? [:]
            let code = (entry as? String) ?? (fields["code"] as? String)
            guard let code, let tag = LocaleTag(parsing: code) else {
                skipped.append(code ?? Self.json(entry))
                continue
            }
            guard seen.insert(tag).inserted else { continue }
            languages.append(
                Language(
                    code: code, tag: tag, name: fields["name"] as? String, nativeName: fields["nativeName"] as? String,
                    isSource: fields["isSource"] as? Bool ?? false, lastUpdated: Self.text(fields["lastUpdated"]),
                    keyCount: fields["keyCount"] as? Int))
        }
        guard !languages.isEmpty else { throw ManifestError(.noLanguages, "the manifest lists no valid languages") }
        var files: [String: LocaleFiles] = [:]
        var richNamespaces: [String] = []
        if let entries = root["files"] as? [String: Any] {
            for (code, value) in entries {
                guard let tag = LocaleTag(parsing: code) else { continue }
                var namespaceFiles: [String: File] = [:]
                if let fields = value as? [String: Any], let namespaces = fields["namespaces"] as? [String: Any] {
                    for (name, entry) in namespaces {
                        guard Self.isPlainFileName(name) else {
                            throw ManifestError(.invalidNamespace, "the manifest names an invalid namespace '\(name)'")
                        }
                        namespaceFiles[name] = Self.file(entry)
                        if !richNamespaces.contains(name) { richNamespaces.append(name) }
                    }
                }
                files[tag.normalized] = LocaleFiles(file: Self.file(value), namespaces: namespaceFiles)
            }
        }
        var namespaces: [String] = []
        if let list = root["namespaces"] as? [Any] {
            for entry in list {
                let name = (entry as? String) ?? ((entry as? [String: Any])?["name"] as? String)
                guard let name, Self.isPlainFileName(name) else {
                    throw ManifestError(
                        .invalidNamespace, "the manifest names an invalid namespace '\(name ?? "\(entry)")'")
                }
                namespaces.append(name)
            }
        }
        self.languages = languages
        self.skippedLanguages = skipped
        self.files = files
        self.namespaces = namespaces.isEmpty ? richNamespaces.sorted() : namespaces
        self.batch = root["batch"] as? Bool ?? false
        self.updatedAt = Self.text(root["updatedAt"])
        self.version = Self.text(root["version"]) ?? updatedAt
        self.projectSlug = root["projectSlug"] as? String
        self.sourceLanguage = (root["sourceLanguage"] as? String).flatMap(LocaleTag.init(parsing:))
    }

    /// The combined file URL of `tag`, as written, when the manifest gives one.
    /// - Parameter tag: the locale to look up; matched in normalised form, without falling back to a parent.
    public func fileURL(for tag: LocaleTag) -> String? { files[tag.normalized]?.file.url }

    /// The version of `tag`'s messages: `files[locale].lastModified`, else the manifest's `updatedAt`; `nil`
    /// when the manifest gives neither.
    /// - Parameter tag: the locale to look up; matched in normalised form, without falling back to a parent.
    public func version(of tag: LocaleTag) -> String? { files[tag.normalized]?.file.lastModified ?? updatedAt }

    private static func file(_ value: Any) -> File {
        if let url = value as? String { return File(url: url, size: nil, lastModified: nil) }
        let fields = value as? [String: Any] ?? [:]
        return File(
            url: fields["url"] as? String, size: fields["size"] as? Int, lastModified: text(fields["lastModified"]))
    }

    /// A JSON value as compact JSON text, to quote an entry that is not what the manifest should hold.
    private static func json(_ value: Any) -> String {
        let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }

    /// A string, or a number written as one (`"version": 42`).
    private static func text(_ value: Any?) -> String? {
        if let text = value as? String { return text }
        if let number = value as? Int { return String(number) }
        return nil
    }

    /// The language of the manifest that serves `tag`, as `LocaleNegotiation` matches locales: the same locale,
    /// else a step of its CLDR fallback chain (`de` for `de-AT`, `es-419` for `es-MX`), else a language with the
    /// same likely form or that falls back to the step (`pt-BR` for `pt`); never one in another script (`zh` and
    /// `zh-Hans` do not serve `zh-TW`).
    /// - Parameter tag: the locale to look up.
    public func language(for tag: LocaleTag) -> Language? {
        guard let match = LocaleNegotiation.lookup(preferred: [tag], available: languages.map(\.tag)) else {
            return nil
        }
        return languages.first { $0.tag == match }
    }

    package static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && name.utf8.count <= 100
            && name.utf8.allSatisfy {
                ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: ".")
            }
    }
}

/// A manifest that cannot be used.
public struct ManifestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is: `notJSON`, `notAnObject`, `noLanguages` or `invalidNamespace`.
    public typealias Code = ErrorCode<ManifestError>

    /// What kind of problem it is.
    public let code: Code
    /// Why the JSON is not JSON the fetcher reads, where the bundle parser said so (`notJSON`, `notAnObject`).
    public let bundleError: MessageBundleError?
    /// What is wrong, in lower case, to follow "Invalid manifest from '…': ".
    public let description: String

    init(_ code: Code, _ description: String, bundleError: MessageBundleError? = nil) {
        self.code = code
        self.description = description
        self.bundleError = bundleError
    }
}

extension ErrorCode where Domain == ManifestError {
    /// The bytes are not JSON in UTF-8 within the parser's limits.
    public static var notJSON: Self { Self("notJSON") }
    /// The JSON is not an object.
    public static var notAnObject: Self { Self("notAnObject") }
    /// The manifest lists no language that is a locale tag.
    public static var noLanguages: Self { Self("noLanguages") }
    /// A namespace's name is not a plain file name.
    public static var invalidNamespace: Self { Self("invalidNamespace") }
}
