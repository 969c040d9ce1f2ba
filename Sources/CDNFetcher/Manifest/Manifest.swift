import Foundation
import I18nCore

/// The CDN manifest of a project: its languages, optional per-locale file URLs and namespaces.
///
///     {"sourceLanguage": "en",
///      "languages": [{"code": "en", "name": "English", "nativeName": "English", "isSource": true}, …],
///      "files": {"tr": {"url": "https://…/tr/translations.json"}},
///      "namespaces": ["common", "widget"]}
public struct Manifest: Sendable, Hashable {
    public struct Language: Sendable, Hashable {
        /// The code as the CDN spells it; used in URLs.
        public let code: String
        public let tag: LocaleTag
        public let name: String?
        public let nativeName: String?
        public let isSource: Bool
    }

    public let languages: [Language]
    /// Explicit message URLs by normalised locale, as written (may be relative to the manifest).
    public let fileURLs: [LocaleTag: String]
    /// Namespaces whose files are fetched and merged, or empty for one `translations.json` per locale.
    public let namespaces: [String]
    /// `version`, else `updatedAt`, when the manifest has either.
    public let version: String?
    public let sourceLanguage: LocaleTag?

    /// Parses a manifest. Languages whose code is not a locale tag are skipped; namespace names must be
    /// plain file names.
    /// - Throws: `ManifestError` when the document is not a manifest.
    public init(jsonBytes: [UInt8]) throws(ManifestError) {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: Data(jsonBytes)) } catch {
            throw ManifestError("the manifest is not valid JSON")
        }
        guard let root = object as? [String: Any] else { throw ManifestError("the manifest is not a JSON object") }
        guard let languageList = root["languages"] as? [Any] else {
            throw ManifestError("the manifest has no 'languages' list")
        }
        var languages: [Language] = []
        for entry in languageList {
            let code: String?
            var name: String?
            var nativeName: String?
            var isSource = false
            if let text = entry as? String {
                code = text
            } else if let fields = entry as? [String: Any] {
                code = fields["code"] as? String
                name = fields["name"] as? String
                nativeName = fields["nativeName"] as? String
                isSource = fields["isSource"] as? Bool ?? false
            } else {
                code = nil
            }
            guard let code, let tag = LocaleTag(parsing: code), !languages.contains(where: { $0.tag == tag }) else {
                continue
            }
            languages.append(Language(code: code, tag: tag, name: name, nativeName: nativeName, isSource: isSource))
        }
        guard !languages.isEmpty else { throw ManifestError("the manifest lists no valid languages") }
        var fileURLs: [LocaleTag: String] = [:]
        if let files = root["files"] as? [String: Any] {
            for (code, value) in files {
                guard let tag = LocaleTag(parsing: code) else { continue }
                if let fields = value as? [String: Any], let url = fields["url"] as? String {
                    fileURLs[tag] = url
                } else if let url = value as? String {
                    fileURLs[tag] = url
                }
            }
        }
        var namespaces: [String] = []
        if let list = root["namespaces"] as? [Any] {
            for entry in list {
                let name = (entry as? String) ?? ((entry as? [String: Any])?["name"] as? String)
                guard let name, Self.isPlainFileName(name) else {
                    throw ManifestError("the manifest names an invalid namespace '\(name ?? "\(entry)")'")
                }
                namespaces.append(name)
            }
        }
        self.languages = languages
        self.fileURLs = fileURLs
        self.namespaces = namespaces
        self.version =
            (root["version"] as? String) ?? (root["version"] as? Int).map(String.init) ?? (root["updatedAt"] as? String)
        self.sourceLanguage = (root["sourceLanguage"] as? String).flatMap(LocaleTag.init(parsing:))
    }

    /// The language of the manifest that serves `tag`: the same locale, else its nearest parent.
    public func language(for tag: LocaleTag) -> Language? {
        for candidate in tag.fallbackChain {
            if let language = languages.first(where: { $0.tag == candidate }) { return language }
        }
        return nil
    }

    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && name.utf8.count <= 100
            && name.utf8.allSatisfy {
                ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: ".")
            }
    }
}

/// A manifest that cannot be used.
public struct ManifestError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
