import Foundation
import GroupStore

/// A suite's property list read from a file as it is, binary or XML, and never written: a simulator's
/// `Library/Preferences/group.….plist`, or one copied off a device, to see exactly what the app wrote.
///
/// Values are read as a `UserDefaultsGroupStore` reads them: a string as its UTF-8 bytes, data as its bytes;
/// values of other types are not keys of this store. Writes and removals throw `GroupStoreError` (`readOnly`).
///
///     let store = try PropertyListGroupStore(path: "group.acme.widgets.plist")
///     try store.string(forKey: "@better-i18n:locale:acme/widgets")
package struct PropertyListGroupStore: GroupStore {
    /// The largest file read: sixteen times iOS's 4 MiB domain limit, so that a hostile file cannot exhaust memory.
    package static let maximumFileSize = 64 * 1024 * 1024
    /// The most the file's values may come to once read, the same 64 MiB: a binary property list's keys can share
    /// one object, so a file within `maximumFileSize` can expand past any size (`PropertyListExpansion`).
    package static let maximumValuesSize = 64 * 1024 * 1024

    /// The file read.
    package let path: String
    package let displayName: String

    /// A name, and no files of its own: a read-only copy of a suite.
    package var capabilities: GroupStoreCapabilities {
        var capabilities = GroupStoreCapabilities(displayName: displayName)
        capabilities.location = path
        return capabilities
    }
    private let values: [String: [UInt8]]
    private let modified: Date?

    /// Reads the property list at `path` once; later changes to the file are not seen.
    /// - Parameter path: the property list file.
    /// - Throws: `GroupStoreError`: the file cannot be read (`io`), is no regular file (`notARegularFile`), is too
    ///   large or its values would come to too much once read (`tooLarge`), or is not a property list whose top
    ///   object is a dictionary (`malformed`).
    package init(path: String) throws(GroupStoreError) {
        self.path = path
        let name = "property list '\(path)'"
        displayName = name
        let file = try Self.read(path, store: name)
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: Data(file.bytes), options: [], format: nil)
        } catch {
            throw GroupStoreError(.malformed("it is not a property list, binary or XML"), key: nil, store: name)
        }
        guard let domain = object as? [String: Any] else {
            throw GroupStoreError(
                .malformed("its top object is not a dictionary, as a suite's is"), key: nil, store: name)
        }
        // What is copied is summed first, and the sum stops as soon as it passes the bound.
        var total = 0
        for (key, value) in domain {
            switch value {
            case let text as String: total += key.utf8.count + text.utf8.count
            case let data as Data: total += key.utf8.count + data.count
            default: continue
            }
            guard total <= Self.maximumValuesSize else {
                throw GroupStoreError(.valuesTooLarge(limit: Self.maximumValuesSize), key: nil, store: name)
            }
        }
        values = domain.compactMapValues(UserDefaultsGroupStore.bytes(of:))
        modified = file.modified
    }

    /// The bytes of the property list file at `path`, read with `RegularFile` (a FIFO, a device or a link to
    /// nothing refused by name, never waited on) within `maximumFileSize`, and refused when its objects would come to
    /// more than `maximumValuesSize` once read; with its modification time.
    /// - Parameters:
    ///   - path: the file.
    ///   - store: how errors name it.
    /// - Throws: `GroupStoreError` (`io`, `notAFile`, `tooLarge`, `valuesTooLarge`, `malformed`).
    static func read(_ path: String, store: String) throws(GroupStoreError) -> (bytes: [UInt8], modified: Date) {
        let file: (bytes: [UInt8], status: stat)
        do { file = try RegularFile.contents(of: path, limit: maximumFileSize) } catch {
            switch error {
            case .system(let code):
                throw GroupStoreError(.io(operation: "read", path: path, errno: code), key: nil, store: store)
            case .notAFile(let reason): throw GroupStoreError(.notAFile(reason: reason), key: nil, store: store)
            case .tooLarge(let size):
                throw GroupStoreError(.tooLarge(size: size, limit: maximumFileSize), key: nil, store: store)
            }
        }
        switch PropertyListExpansion.verdict(file.bytes, limit: maximumValuesSize) {
        case .fits: break
        case .pastLimit: throw GroupStoreError(.valuesTooLarge(limit: maximumValuesSize), key: nil, store: store)
        case .malformed:
            throw GroupStoreError(.malformed("it is not a property list, binary or XML"), key: nil, store: store)
        }
        return (file.bytes, RegularFile.modificationDate(file.status))
    }

    package func identifiedValue(forKey key: String) throws -> IdentifiedValue? {
        values[key].map { IdentifiedValue(bytes: $0, identity: nil) }
    }

    /// Refused: the store is read-only.
    package func write(_ values: [(key: String, value: [UInt8])], durability: WriteDurability) throws -> [[UInt8]?] {
        throw GroupStoreError(.readOnly, key: values.first?.key, store: displayName)
    }

    /// Refused: the store is read-only.
    package func removeValue(forKey key: String) throws {
        throw GroupStoreError(.readOnly, key: key, store: displayName)
    }

    /// Every string or data value, with its size; the file's modification time stands for each.
    package func entries() throws -> [GroupStoreEntry] {
        values.map { GroupStoreEntry(key: $0.key, size: $0.value.count, modified: modified) }
    }
}
