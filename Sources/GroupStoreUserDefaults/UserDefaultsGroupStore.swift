import Foundation
import GroupStore

/// A group store on `UserDefaults(suiteName:)`: the App Group store on Apple platforms.
///
/// Text values are stored as strings, exactly as the better-i18n JavaScript and Swift SDKs store them, so
/// either side can read what the other wrote; other bytes are stored as data.
///
/// On Linux this works too (swift-corelibs-foundation keeps the suite as one property list file), but every
/// save rewrites the whole suite: two processes saving at once lose each other's keys. Use `FileGroupStore`
/// for anything that more than one process writes on Linux.
///
/// A module of its own because on Linux `UserDefaults` brings all of swift-corelibs-foundation into the
/// binary, which a widget reading a `FileGroupStore` does not need.
public final class UserDefaultsGroupStore: GroupStore {
    // UserDefaults is documented as thread-safe; this wrapper adds no state of its own.
    private nonisolated(unsafe) let defaults: UserDefaults
    /// The name of the `UserDefaults` suite: the App Group identifier, such as `group.acme.widgets`.
    public let suiteName: String
    /// How error messages and diagnostics name this store: `user defaults suite 'NAME'`.
    public var displayName: String { "user defaults suite '\(suiteName)'" }

    /// The store of the App Group `suiteName`, or `nil` when the system refuses that suite.
    /// - Parameter suiteName: the App Group identifier, such as `group.acme.widgets`.
    public init?(suiteName: String) {
        guard let defaults = UserDefaults(suiteName: suiteName) else { return nil }
        self.defaults = defaults
        self.suiteName = suiteName
    }

    /// The UTF-8 bytes of the string or the bytes of the data stored at `key`, or `nil` when the suite has
    /// neither there (including values of other property list types).
    /// The value as `UserDefaults` holds it (a string as UTF-8, or data), in memory like the rest of the suite;
    /// no identity: a reader of it compares content.
    public func identifiedValue(forKey key: String) throws -> IdentifiedValue? {
        Self.bytes(of: defaults.object(forKey: key)).map { IdentifiedValue(bytes: $0, identity: nil) }
    }

    /// Sets each value (valid UTF-8 as a string, as the other SDKs store it, anything else as data), then saves
    /// the suite once. `UserDefaults` saves the whole suite, so durability is its own, whatever is asked.
    @discardableResult
    public func write(_ values: [(key: String, value: [UInt8])], durability: WriteDurability) throws -> [[UInt8]?] {
        for (key, value) in values {
            guard !key.isEmpty else {
                throw GroupStoreError(.invalidKey("the key is empty"), key: key, store: displayName)
            }
            if let text = String(validating: value, as: UTF8.self) {
                defaults.set(text, forKey: key)
            } else {
                defaults.set(Data(value), forKey: key)
            }
        }
        defaults.synchronize()
        return values.map { _ in nil }
    }

    public func removeValue(forKey key: String) throws {
        defaults.removeObject(forKey: key)
        defaults.synchronize()
    }

    /// The suite's keys with their sizes; `UserDefaults` keeps no modification times.
    public func entries() throws -> [GroupStoreEntry] {
        (defaults.persistentDomain(forName: suiteName) ?? [:]).compactMap { key, object in
            Self.bytes(of: object).map { GroupStoreEntry(key: key, size: $0.count, modified: nil) }
        }
    }

    private static func bytes(of object: Any?) -> [UInt8]? {
        switch object {
        case let text as String: return Array(text.utf8)
        case let data as Data: return Array(data)
        default: return nil
        }
    }
}

extension UserDefaultsGroupStore {
    /// A file container this process may write, for what a reader derives from the suite (a bundle's lookup
    /// index): never the suite itself, which every process loads whole and which the app owns. On Apple
    /// platforms it is the App Group container's `Library/Caches/widget-i18n`; elsewhere a directory beside the
    /// suite's plist, `<suite>.widget-i18n-caches` in `$XDG_CONFIG_HOME` (default `~/.config`). `nil` when the
    /// App Group has no container (the suite is not an App Group's).
    ///
    ///     let store = UserDefaultsGroupStore(suiteName: "group.acme.widgets")!
    ///     let translator = WidgetTranslator(store: store, project: project, readerCache: store.readerCache())
    /// - Parameter environment: the variables that locate the directory off Apple platforms; the process's by
    ///   default.
    public func readerCache(environment: [String: String] = ProcessInfo.processInfo.environment) -> FileGroupStore? {
        // A suite name is a file name beside the other suites' plists, never a path.
        guard !suiteName.isEmpty, !suiteName.contains("/"), suiteName != ".", suiteName != ".." else { return nil }
        #if canImport(Darwin)
            guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: suiteName)
            else { return nil }
            let directory = container.appendingPathComponent("Library/Caches/widget-i18n", isDirectory: true).path
        #else
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            let configuration = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
            let directory = configuration + "/" + suiteName + ".widget-i18n-caches"
        #endif
        return FileGroupStore(directory: directory, displayName: "reader cache of \(displayName)")
    }
}
