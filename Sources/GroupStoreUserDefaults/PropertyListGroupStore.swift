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
    /// - Throws: `GroupStoreError`: the file cannot be read (`io`), is too large (`tooLarge`), or is not a
    ///   property list whose top object is a dictionary (`malformed`).
    package init(path: String) throws(GroupStoreError) {
        self.path = path
        let name = "property list '\(path)'"
        displayName = name
        // A FIFO or a device would block the reader or never end: only a regular file (through any links) is read.
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if let type = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType,
            type != .typeRegular
        {
            throw GroupStoreError(.notARegularFile(path: path), key: nil, store: name)
        }
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)) } catch {
            throw GroupStoreError(
                .io(operation: "open", path: path, errno: Self.errno(of: error)), key: nil, store: name)
        }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: Self.maximumFileSize + 1) ?? Data() } catch {
            throw GroupStoreError(
                .io(operation: "read", path: path, errno: Self.errno(of: error)), key: nil, store: name)
        }
        guard data.count <= Self.maximumFileSize else {
            throw GroupStoreError(.tooLarge(size: data.count, limit: Self.maximumFileSize), key: nil, store: name)
        }
        let object: Any
        do { object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) } catch {
            throw GroupStoreError(.malformed("it is not a property list, binary or XML"), key: nil, store: name)
        }
        guard let domain = object as? [String: Any] else {
            throw GroupStoreError(
                .malformed("its top object is not a dictionary, as a suite's is"), key: nil, store: name)
        }
        values = domain.compactMapValues(UserDefaultsGroupStore.bytes(of:))
        // No modification date is shown as an unknown age, not an error.
        modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
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

    private static func errno(of error: any Error) -> Int32 {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        switch error.code {
        case NSFileReadNoSuchFileError: return ENOENT
        case NSFileReadNoPermissionError: return EACCES
        default: return EIO
        }
    }
}
