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
    public func value(forKey key: String) throws -> [UInt8]? {
        switch defaults.object(forKey: key) {
        case let text as String: return Array(text.utf8)
        case let data as Data: return Array(data)
        default: return nil
        }
    }

    /// Stores `value` at `key` as a string when it is valid UTF-8, otherwise as data, and synchronizes the suite.
    /// - Throws: `GroupStoreError` when `key` is empty.
    public func setValue(_ value: [UInt8], forKey key: String) throws {
        guard !key.isEmpty else { throw GroupStoreError(.invalidKey("the key is empty"), key: key, store: displayName) }
        if let text = String(validating: value, as: UTF8.self) {
            defaults.set(text, forKey: key)
        } else {
            defaults.set(Data(value), forKey: key)
        }
        defaults.synchronize()
    }

    /// Removes the value at `key` from the suite and synchronizes it.
    public func removeValue(forKey key: String) throws {
        defaults.removeObject(forKey: key)
        defaults.synchronize()
    }

    /// The keys of the suite's own domain, without those `UserDefaults` adds from other domains.
    public func keys() throws -> [String] {
        Array((defaults.persistentDomain(forName: suiteName) ?? [:]).keys)
    }
}
