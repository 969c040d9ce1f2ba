import I18nCore
import LocaleData
import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Messages an app ships inside the widget, the last cached-or-shipped step of the fallback chain.
public enum BundledMessages {
    /// Reads every `<locale>/translations.json` below `directory`: the layout the CDN serves, so a copy of a
    /// project's CDN tree (`Locales/acme/widgets`) is a valid bundled-messages directory.
    /// - Parameter directory: the path of the directory that holds one subdirectory per locale.
    /// - Throws: `BundledMessagesError` naming the file that is missing or does not parse.
    public static func load(fromDirectory directory: String) throws(BundledMessagesError) -> [LocaleTag: MessageBundle]
    {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw BundledMessagesError(.unreadable, path: directory, reason: "cannot list the directory")
        }
        var result: [LocaleTag: MessageBundle] = [:]
        for name in names.sorted() {
            guard let tag = LocaleTag(parsing: name) else { continue }
            let path = directory + "/" + name + "/translations.json"
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            do { result[tag] = try MessageBundle(jsonBytes: Array(data)) } catch {
                throw BundledMessagesError(.invalidBundle, path: path, reason: error.description)
            }
        }
        guard !result.isEmpty else {
            throw BundledMessagesError(.empty, path: directory, reason: "no <locale>/translations.json files in it")
        }
        return result
    }
}

/// Bundled messages that could not be read.
public struct BundledMessagesError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error it is: `unreadable`, `invalidBundle`, `empty`.
    public typealias Code = ErrorCode<BundledMessagesError>

    /// What kind of error it is, to compare.
    public let code: Code
    /// The directory or file that could not be used.
    public let path: String
    /// Why it could not be used, such as the parse error of a `translations.json`.
    package let reason: String

    package init(_ code: Code, path: String, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    public var description: String { "Cannot use bundled messages at '\(path)': \(reason)" }
}

extension ErrorCode where Domain == BundledMessagesError {
    /// The directory cannot be listed.
    public static var unreadable: Self { Self("unreadable") }
    /// A `translations.json` is not a message bundle.
    public static var invalidBundle: Self { Self("invalidBundle") }
    /// The directory holds no `<locale>/translations.json`.
    public static var empty: Self { Self("empty") }
}
