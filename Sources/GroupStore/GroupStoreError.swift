import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A group store operation that failed, with the key and what to do about it.
public struct GroupStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is.
    public typealias Code = ErrorCode<GroupStoreError>

    /// What went wrong, with its details.
    package enum Kind: Hashable, Sendable {
        /// The key cannot be stored (empty, `.`/`..`, or too long once encoded as a file name).
        case invalidKey(String)
        /// A system call failed; `errno` tells why.
        case io(operation: String, path: String, errno: Int32)
        /// Something other than a regular file sits where the key's file should be.
        case notARegularFile(path: String)
        /// The file the store reads (a suite's property list) is not a regular file; the reason says what it is
        /// ("it is a FIFO (named pipe), not a file", a device, a directory, a link to nothing).
        case notAFile(reason: String)
        /// The value is not valid UTF-8 text.
        case notUTF8
        /// The value is larger than the reader accepts; nothing of it was read.
        case tooLarge(size: Int, limit: Int)
        /// The file's values, as they would be read, come to more than `limit` bytes: a binary property list's
        /// keys can share one object, so a small file can expand past any size. Nothing was read into memory.
        case valuesTooLarge(limit: Int)
        /// Another process kept changing the value in place while it was read.
        case changedWhileReading
        /// The value was written, but flushing the container failed (`errno`): it may not survive a power loss.
        case notDurable(path: String, errno: Int32)
        /// The write would take a preferences domain (a `UserDefaults` suite) to `size` bytes, past its `budget`
        /// (`PreferencesBudget`); nothing was written.
        case domainFull(size: Int, budget: Int)
        /// The store is a copy to look at (a property list read from a file): it takes no writes.
        case readOnly
        /// The values were set, but the system did not save the preferences domain (`UserDefaults.synchronize()`
        /// returned `false`): they may be gone in the next process.
        case notSaved
        /// The store's contents are not what the store keeps (a file that is not a property list of the
        /// expected shape); the payload says what was found.
        case malformed(String)
    }

    /// What went wrong.
    package let kind: Kind
    /// The key the operation was for, or `nil` when it concerned the container as a whole.
    public let key: String?
    /// The store's `displayName`.
    public let store: String

    /// An error of the given kind for `key` (`nil` for the container) in the store named `store`.
    /// - Parameters:
    ///   - kind: what went wrong.
    ///   - key: the key involved; `nil` when the error concerns the container.
    ///   - store: the store's `displayName`.
    package init(_ kind: Kind, key: String?, store: String) {
        self.kind = kind
        self.key = key
        self.store = store
    }

    /// What kind of problem it is, to compare.
    public var code: Code {
        switch kind {
        case .invalidKey: .invalidKey
        case .io: .io
        case .notARegularFile, .notAFile: .notARegularFile
        case .notUTF8: .notUTF8
        case .tooLarge, .valuesTooLarge: .tooLarge
        case .changedWhileReading: .changedWhileReading
        case .notDurable: .notDurable
        case .domainFull: .domainFull
        case .readOnly: .readOnly
        case .notSaved: .notSaved
        case .malformed: .malformed
        }
    }

    public var description: String {
        let keyText = key.map { "'\($0)'" } ?? "the container"
        switch kind {
        case .invalidKey(let reason):
            return "Invalid key \(keyText) for \(store): \(reason)"
        case .io(let operation, let path, let code):
            // A store that is one file (a property list) names it: "Cannot read property list '…'".
            return "Cannot \(operation) \(key.map { "'\($0)' in " } ?? "")\(store): \(SystemError.message(for: code)) "
                + "('\(path)')" + SystemError.advice(for: code)
        case .notARegularFile(let path):
            return "The value of \(keyText) in \(store) is not a regular file ('\(path)')"
        case .notAFile(let reason):
            return "\(store) cannot be read: \(reason)"
        case .notUTF8:
            return "The value of \(keyText) in \(store) is not valid UTF-8 text"
        case .tooLarge(let size, let limit):
            guard key != nil else {
                return "\(store) cannot be read: it is \(size) bytes, larger than the \(limit) bytes a reader accepts"
            }
            return
                "The value of \(keyText) in \(store) is \(size) bytes, larger than the \(limit) bytes a reader accepts"
        case .valuesTooLarge(let limit):
            let amount = limit % (1024 * 1024) == 0 ? "\(limit / 1024 / 1024) MiB" : "\(limit) bytes"
            return "\(store) cannot be read: its values come to more than \(amount), the most a reader accepts "
                + "(keys that share one object in the file count it once each)"
        case .notDurable(let path, let code):
            return "\(keyText) is stored in \(store), but flushing the container failed: "
                + "\(SystemError.message(for: code)) ('\(path)'); the change may not survive a power loss"
        case .changedWhileReading:
            return "The value of \(keyText) in \(store) changed while it was read, twice; another process is "
                + "rewriting it in place"
        case .domainFull(let size, let budget):
            return "Writing \(keyText) would make \(store) \(size) bytes, past its budget of \(budget) bytes (the "
                + "system refuses a suite at its limit and then drops writes); nothing was written. Keep message "
                + "bundles in the App Group's container (FileGroupStore), which has no such limit"
        case .readOnly:
            return "Cannot change \(keyText): \(store) is read-only"
        case .notSaved:
            return "\(keyText) is set in \(store), but the system did not save the suite; the change may be lost "
                + "when this process ends"
        case .malformed(let found):
            return "\(store) cannot be read: \(found)"
        }
    }
}

extension ErrorCode where Domain == GroupStoreError {
    /// The key cannot be stored.
    public static var invalidKey: Self { Self("invalidKey") }
    /// A system call failed.
    public static var io: Self { Self("io") }
    /// Something other than a regular file sits where the key's file should be.
    public static var notARegularFile: Self { Self("notARegularFile") }
    /// The value is not valid UTF-8 text.
    public static var notUTF8: Self { Self("notUTF8") }
    /// The value is larger than the reader accepts.
    public static var tooLarge: Self { Self("tooLarge") }
    /// Another process kept changing the value while it was read.
    public static var changedWhileReading: Self { Self("changedWhileReading") }
    /// The value was written, but flushing the container failed.
    public static var notDurable: Self { Self("notDurable") }
    /// The write would take a preferences domain past its budget; nothing was written.
    public static var domainFull: Self { Self("domainFull") }
    /// The store takes no writes.
    public static var readOnly: Self { Self("readOnly") }
    /// The system did not save the preferences domain.
    public static var notSaved: Self { Self("notSaved") }
    /// The store's contents are not what the store keeps.
    public static var malformed: Self { Self("malformed") }
}
