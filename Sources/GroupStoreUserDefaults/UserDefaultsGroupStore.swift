import Foundation
import GroupStore
import WidgetI18nSupport

/// A group store on `UserDefaults(suiteName:)`: an App Group's suite, where the other better-i18n SDKs keep
/// their keys.
///
/// Text values are stored as strings, exactly as the better-i18n JavaScript and Swift SDKs store them, so
/// either side can read what the other wrote; other bytes are stored as data.
///
/// A suite is one preferences domain that every process loads whole, and iOS refuses one of 4 MiB or more
/// (watchOS 1 MiB), dropping the write (`PreferencesBudget`). So a write that would take the suite past its
/// ``budgetBytes`` is refused whole with `GroupStoreError` (`domainFull`), leaving the suite as it was, and what a
/// reader derives from its values goes to a reader cache of the suite's beside it, never into the suite. Message
/// bundles belong in the App Group's container (`FileGroupStore`); a widget reads both (`AppGroupStore`).
///
/// Writers of one suite take turns: each write and removal holds an exclusive lock (`flock`) on the suite's lock
/// file (`writerLockPath`) while it measures the suite as it is then and saves it, so the budget holds whoever
/// writes at the same time, as long as every writer takes the lock: every `UserDefaultsGroupStore` does; a writer
/// that does not (another SDK on iOS) is covered by the budget's margin only (docs/reliability.md).
///
/// On Linux this works too (swift-corelibs-foundation keeps the suite as one property list file, which every
/// save rewrites whole): writers of this store lose nothing of each other's, but any other writer of the file can.
/// Use `FileGroupStore` for anything that more than one program writes on Linux.
///
/// A module of its own because on Linux `UserDefaults` brings all of swift-corelibs-foundation into the
/// binary, which a widget reading a `FileGroupStore` does not need.
public final class UserDefaultsGroupStore: GroupStore {
    // UserDefaults is documented as thread-safe; this wrapper adds no mutable state of its own.
    private nonisolated(unsafe) let defaults: UserDefaults
    /// The name of the `UserDefaults` suite: the App Group identifier, such as `group.acme.widgets`.
    public let suiteName: String
    /// How error messages and diagnostics name this store: `user defaults suite 'NAME'`.
    package var displayName: String { "user defaults suite '\(suiteName)'" }
    /// The most this store lets the suite hold; `PreferencesBudget.platform` unless given.
    package let budget: PreferencesBudget
    /// Where readers keep what they derive from the suite: ``readerCache(environment:)`` for the process's
    /// environment.
    package let defaultReaderCache: FileGroupStore?
    /// The file writers of the suite lock while they measure and save it: beside the suite's property list on
    /// Linux (`<suite>.widget-i18n-lock` in `$XDG_CONFIG_HOME`), in the App Group's container on Apple platforms;
    /// `nil` for a suite that is no App Group's there (one process's own, which it does not share).
    package let writerLockPath: String?

    /// A capped preferences domain: its budget (and what it holds as the budget counts it), and a reader cache
    /// of its own beside it, since a domain keeps no caches of its readers.
    public var capabilities: GroupStoreCapabilities {
        var capabilities = GroupStoreCapabilities(displayName: displayName)
        capabilities.readerCache = defaultReaderCache
        capabilities.budget = budget
        capabilities.budgetUsed = { [self] in try encodedSize() }
        capabilities.location = suiteName
        return capabilities
    }

    /// The store of the App Group `suiteName`, or `nil` when the system refuses that suite. A write that would take
    /// the suite past the platform's budget is refused (docs/architecture.md, "A suite's budget").
    /// - Parameter suiteName: the App Group identifier, such as `group.acme.widgets`.
    public convenience init?(suiteName: String) {
        self.init(suiteName: suiteName, budget: .platform)
    }

    /// The store of the App Group `suiteName` with a budget of its own (the tests', the CLI's).
    /// - Parameters:
    ///   - suiteName: the App Group identifier, such as `group.acme.widgets`.
    ///   - budget: the most a write may take the suite to.
    package init?(suiteName: String, budget: PreferencesBudget) {
        // A suite is a file beside the other suites' on Linux: a name with a `/` in it would be a path.
        guard Self.canNameAFile(suiteName), suiteName != UserDefaults.globalDomain,
            let defaults = UserDefaults(suiteName: suiteName)
        else { return nil }
        self.defaults = defaults
        self.suiteName = suiteName
        self.budget = budget
        let environment = ProcessInfo.processInfo.environment
        defaultReaderCache = Self.readerCache(suiteName: suiteName, environment: environment)
        writerLockPath = Self.writerLockPath(suiteName: suiteName, environment: environment)
    }

    /// Whether `name` can name a file in a directory: not empty, `.` or `..`, and without `/` or NUL.
    static func canNameAFile(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
    }

    /// The UTF-8 bytes of the string or the bytes of the data stored at `key`, or `nil` when the suite has
    /// neither there (including values of other property list types).
    /// The value as `UserDefaults` holds it (a string as UTF-8, or data), in memory like the rest of the suite;
    /// no identity: a reader of it compares content.
    public func identifiedValue(forKey key: String) throws -> IdentifiedValue? {
        Self.bytes(of: defaults.object(forKey: key)).map { IdentifiedValue(bytes: $0, identity: nil) }
    }

    /// Sets each value (valid UTF-8 as a string, as the other SDKs store them, anything else as data), then saves
    /// the suite once (`synchronize()`), and throws `notSaved` when that reports failure.
    ///
    /// The durability is the system's, whatever is asked: on Apple platforms a set value is visible to every
    /// process of the group at once and written to disk by `cfprefsd` when it chooses; `synchronize()` only
    /// "waits for any pending asynchronous updates" and returns whether "the data was saved successfully to
    /// disk" (Apple, "synchronize()", UserDefaults), so nothing here survives a power loss for certain. On Linux,
    /// swift-corelibs-foundation writes the suite's property list file when `synchronize()` is called. The
    /// suite as it would be after the batch is measured first (`PreferencesBudget.encodedSize(ofStrings:)`), and a
    /// batch that would pass the budget is refused before anything is set. Measuring and saving happen under the
    /// suite's writer lock (`writerLockPath`), the suite measured as it is then, with what other writers saved.
    /// - Throws: `GroupStoreError` with kind `domainFull` (nothing written), `invalidKey`, `io` (the lock), or
    ///   `notSaved`.
    @discardableResult
    public func write(_ values: [(key: String, value: [UInt8])], durability: WriteDurability) throws -> [[UInt8]?] {
        var objects: [(key: String, object: Any)] = []
        for (key, value) in values {
            guard !key.isEmpty else {
                throw GroupStoreError(.invalidKey("the key is empty"), key: key, store: displayName)
            }
            if let text = String(validatingUTF8: value) {
                objects.append((key, text))
            } else {
                objects.append((key, Data(value)))
            }
        }
        guard let first = values.first else { return [] }
        try whileLocked(key: first.key) {
            // Without unsaved changes, this drops the process's copy of the suite: it is measured as it is now, with
            // what other writers saved meanwhile (swift-corelibs-foundation reads its file again; on Apple platforms
            // cfprefsd holds the suite and answers with its current contents).
            _ = defaults.synchronize()
            var domain = defaults.persistentDomain(forName: suiteName) ?? [:]
            for (key, object) in objects { domain[key] = object }
            let size = try Self.encodedSize(of: domain, store: displayName)
            guard size <= budget.bytes else {
                throw GroupStoreError(.domainFull(size: size, budget: budget.bytes), key: first.key, store: displayName)
            }
            for (key, object) in objects { defaults.set(object, forKey: key) }
            try save(key: first.key)
        }
        return values.map { _ in nil }
    }

    public func removeValue(forKey key: String) throws {
        try whileLocked(key: key) {
            defaults.removeObject(forKey: key)
            try save(key: key)
        }
    }

    /// Runs `body` holding the suite's writer lock (an exclusive `flock` of `writerLockPath`, created with its
    /// directory when missing), which closing the descriptor releases; without a lock path, runs it as it is.
    private func whileLocked(key: String, _ body: () throws -> Void) throws {
        guard let path = writerLockPath else { return try body() }
        func failure(_ operation: String, _ code: Int32) -> GroupStoreError {
            GroupStoreError(.io(operation: operation, path: path, errno: code), key: key, store: displayName)
        }
        var descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        if descriptor < 0, errno == ENOENT {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            try? FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else { throw failure("take the writers' lock to change", errno) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure("take the writers' lock to change", errno) }
        }
        try body()
    }

    /// Saves the suite; `notSaved` when the system says it did not.
    private func save(key: String) throws {
        guard defaults.synchronize() else { throw GroupStoreError(.notSaved, key: key, store: displayName) }
    }

    /// The suite's keys with their sizes; `UserDefaults` keeps no modification times.
    public func entries() throws -> [GroupStoreEntry] {
        (defaults.persistentDomain(forName: suiteName) ?? [:]).compactMap { key, object in
            Self.bytes(of: object).map { GroupStoreEntry(key: key, size: $0.count, modified: nil) }
        }
    }

    /// The most a write may take the suite to, in bytes: the platform's limit less its margin.
    public var budgetBytes: Int { budget.bytes }

    /// The suite's size as the budget counts it: a binary property list of the whole domain.
    /// - Throws: `GroupStoreError` (`malformed`) naming a value the suite holds that no property list can.
    public func encodedSize() throws -> Int {
        try Self.encodedSize(of: defaults.persistentDomain(forName: suiteName) ?? [:], store: displayName)
    }

    /// `domain` as a binary property list: strings and data counted exactly (`PropertyListSize`), any other value
    /// by encoding it alone (its own header and trailer counted too: an overestimate).
    /// - Throws: `GroupStoreError` (`malformed`) for a value no property list can hold, with the encoder's reason:
    ///   counting it as nothing would let a write pass a budget the suite is already past.
    static func encodedSize(of domain: [String: Any], store: String) throws(GroupStoreError) -> Int {
        var entries: [(key: String, valueSize: Int)] = []
        for (key, object) in domain {
            switch object {
            case let text as String: entries.append((key, PropertyListSize.string(text)))
            case let data as Data: entries.append((key, PropertyListSize.data(data.count)))
            default:
                do {
                    let alone = try PropertyListSerialization.data(
                        fromPropertyList: object, format: .binary, options: 0)
                    entries.append((key, alone.count))
                } catch {
                    let reason =
                        "its value at '\(key)' is a \(type(of: object)), which a property list cannot hold "
                        + "(\(error.localizedDescription))"
                    throw GroupStoreError(.malformed(reason), key: key, store: store)
                }
            }
        }
        return PreferencesBudget.encodedSize(ofStrings: entries)
    }

    static func bytes(of object: Any?) -> [UInt8]? {
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
    ///     let translator = WidgetTranslator(store: store, project: project)   // store.defaultReaderCache
    /// - Parameter environment: the variables that locate the directory off Apple platforms; the process's by
    ///   default.
    package func readerCache(environment: [String: String] = ProcessInfo.processInfo.environment) -> FileGroupStore? {
        Self.readerCache(suiteName: suiteName, environment: environment)
    }

    static func readerCache(suiteName: String, environment: [String: String]) -> FileGroupStore? {
        // A suite name is a file name beside the other suites' plists, never a path.
        guard canNameAFile(suiteName) else { return nil }
        #if canImport(Darwin)
            guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: suiteName)
            else { return nil }
            let directory = container.appendingPathComponent("Library/Caches/widget-i18n", isDirectory: true).path
        #else
            let directory = configurationDirectory(environment: environment) + "/" + suiteName + ".widget-i18n-caches"
        #endif
        return FileGroupStore(directory: directory, displayName: "reader cache of user defaults suite '\(suiteName)'")
    }

    /// The writers' lock file of suite `suiteName` (`writerLockPath`): on Apple platforms
    /// `Library/Application Support/<suite>.widget-i18n-lock` in the App Group's container (`nil` without one),
    /// elsewhere beside the suite's property list.
    static func writerLockPath(suiteName: String, environment: [String: String]) -> String? {
        guard canNameAFile(suiteName) else { return nil }
        #if canImport(Darwin)
            guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: suiteName)
            else { return nil }
            return container.appendingPathComponent("Library/Application Support/\(suiteName).widget-i18n-lock").path
        #else
            return configurationDirectory(environment: environment) + "/" + suiteName + ".widget-i18n-lock"
        #endif
    }

    #if !canImport(Darwin)
        /// Where swift-corelibs-foundation keeps suites' property lists: `$XDG_CONFIG_HOME` when it is absolute (a
        /// relative one is ignored, as the XDG specification and CoreFoundation do), else `~/.config`.
        static func configurationDirectory(environment: [String: String]) -> String {
            if let directory = environment["XDG_CONFIG_HOME"], directory.hasPrefix("/") { return directory }
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            return home + "/.config"
        }
    #endif

    /// Refuses the suite `suiteName` before `UserDefaults` loads it whole when its property list, read as
    /// `PropertyListGroupStore` reads one, is not a regular file, is larger than 64 MiB or would come to more once
    /// read (`PropertyListExpansion`): on Linux, where the file is known (`<suite>.plist` in `$XDG_CONFIG_HOME`); a
    /// suite without a file yet passes. On Apple platforms cfprefsd loads the suite, and refuses one of 4 MiB.
    /// - Parameters:
    ///   - suiteName: the suite.
    ///   - environment: the variables that locate the file: `XDG_CONFIG_HOME`, `HOME`.
    /// - Throws: `GroupStoreError` (`io`, `notARegularFile`, `tooLarge`, `malformed`) naming the suite and its file.
    package static func checkPropertyList(suiteName: String, environment: [String: String]) throws(GroupStoreError) {
        #if !canImport(Darwin)
            guard canNameAFile(suiteName) else { return }
            let path = configurationDirectory(environment: environment) + "/" + suiteName + ".plist"
            do {
                _ = try PropertyListGroupStore.read(path, store: "user defaults suite '\(suiteName)' ('\(path)')")
            } catch {
                // No file (or no directory for one) is a suite with nothing to load yet.
                if case .io(_, _, let code) = error.kind, code == ENOENT || code == ENOTDIR { return }
                throw error
            }
        #endif
    }
}

extension AppGroupStore {
    /// The App Group `group` as its widgets read it: its file container (`FileGroupStore(group:)`) and its
    /// `UserDefaults` suite of the same name.
    ///
    ///     let store = try AppGroupStore(group: "group.acme.widgets")
    /// - Parameters:
    ///   - group: the App Group identifier, such as `group.acme.widgets`.
    ///   - environment: the variables that locate the container off Apple platforms; the process's by default.
    /// - Throws: `GroupContainerError` when the group has no usable container.
    public init(group: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(GroupContainerError)
    {
        self.init(
            container: try FileGroupStore(group: group, environment: environment),
            suite: UserDefaultsGroupStore(suiteName: group))
    }
}
