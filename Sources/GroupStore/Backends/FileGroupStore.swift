#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The multi-process group store: one file per key in a container directory (see
/// docs/architecture.md, "The group store on disk").
///
/// - A key's file name is the key percent-encoded (`KeyFileName`), so no key can name a path outside the
///   container; the contents are the raw value.
/// - A write goes to a temporary file in the same directory, is flushed, renamed over the old file, and then
///   the directory is flushed: readers see the old value or the new one, never a torn one, and writers of
///   different keys never lose each other's writes. Temporary files never decode as keys.
/// - Files are created `0600` and directories `0700`; symbolic links are never followed.
///
///     let store = FileGroupStore(directory: "/home/me/.local/share/widget-i18n/groups/group.acme.widgets")
///     try store.setString("pt-BR", forKey: "@better-i18n:locale:acme/widgets")
public struct FileGroupStore: GroupStore {
    /// The container directory, without a trailing `/`.
    public let directory: String
    package let displayName: String
    /// `fsync`, or what a test puts in its place to see a failed flush reported.
    private let synchronize: @Sendable (Int32) -> Int32

    /// A store in `directory`. Nothing is touched until the first operation; the directory is created on the
    /// first write.
    /// - Parameters:
    ///   - directory: the path of the container directory; trailing slashes are dropped.
    ///   - displayName: how messages name the store; `group container '<directory>'` when `nil`, the default.
    public init(directory: String, displayName: String? = nil) {
        self.init(directory: directory, displayName: displayName, synchronize: { fsync($0) })
    }

    /// A store whose flushes (`fsync` of files and of the directory) call `synchronize` instead: for tests
    /// that make a flush fail.
    package init(directory: String, displayName: String? = nil, synchronize: @escaping @Sendable (Int32) -> Int32) {
        var directory = directory
        while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
        self.directory = directory
        self.displayName = displayName ?? "group container '\(directory)'"
        self.synchronize = synchronize
    }

    /// The store of `group` in its container (`GroupContainer.directory(group:environment:)`): on Apple platforms
    /// the App Group's own container, which the app and its extensions share; elsewhere under `XDG_DATA_HOME`.
    ///
    ///     let store = try FileGroupStore(group: "group.acme.widgets")
    /// - Parameters:
    ///   - group: the App Group identifier, such as `group.acme.widgets`.
    ///   - environment: the variables that locate the container off Apple platforms (`XDG_DATA_HOME`, `HOME`);
    ///     the process's by default.
    /// - Throws: `GroupContainerError` when the identifier cannot name a directory, or the process has no
    ///   container for the group (its entitlement is missing): never a private directory its widget would not see.
    public init(group: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(GroupContainerError)
    {
        self.init(
            directory: try GroupContainer.directory(group: group, environment: environment),
            displayName: "group '\(group)'")
    }

    // MARK: - GroupStore

    /// A file container is its own, and its own reader cache.
    public var capabilities: GroupStoreCapabilities {
        var capabilities = GroupStoreCapabilities(displayName: displayName, fileContainer: self)
        capabilities.location = directory
        return capabilities
    }

    /// The file's bytes to its end, or only its first `limit` bytes.
    private func readContents(_ file: OpenFile, key: String, limit: Int = .max) throws -> [UInt8] {
        do {
            return try Self.readAll(file.descriptor, sizeHint: Int(file.status.st_size), limit: limit)
        } catch let code {
            throw GroupStoreError(
                .io(operation: "read", path: file.path, errno: code.code), key: key, store: displayName)
        }
    }

    private struct OpenFile {
        let descriptor: Int32
        let status: stat
        let path: String
    }

    /// Opens the key's file for reading, refusing links and anything but a regular file; `nil` when absent.
    /// `O_NONBLOCK` keeps a FIFO planted in the container from blocking the reader forever.
    private func openRegularFile(forKey key: String) throws -> OpenFile? {
        let path = try path(forKey: key)
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            if code == ELOOP { throw GroupStoreError(.notARegularFile(path: path), key: key, store: displayName) }
            throw GroupStoreError(.io(operation: "read", path: path, errno: code), key: key, store: displayName)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw GroupStoreError(.io(operation: "read", path: path, errno: code), key: key, store: displayName)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw GroupStoreError(.notARegularFile(path: path), key: key, store: displayName)
        }
        return OpenFile(descriptor: descriptor, status: status, path: path)
    }

    /// The key's file, opened: its size and identity (device, inode, size and modification time in nanoseconds,
    /// 40 bytes, little-endian) from the same descriptor, its bytes read by range with `pread`.
    ///
    /// Nothing is memory-mapped: another process may truncate a file in place (no writer of this package does,
    /// but a foreign one can), and a mapping of a truncated file faults (`SIGBUS`) where a read returns fewer
    /// bytes. A small value is read at once; a larger one keeps its descriptor until the value is released.
    public func identifiedValue(forKey key: String) throws -> IdentifiedValue? {
        guard let file = try openRegularFile(forKey: key) else { return nil }
        let size = Int(file.status.st_size)
        let identity = Self.identity(file.status)
        guard size >= Self.openReadThreshold else {
            defer { close(file.descriptor) }
            // The size the identity names: a file another process grows meanwhile is not read past it.
            return IdentifiedValue(bytes: try readContents(file, key: key, limit: size), identity: identity)
        }
        return IdentifiedValue(
            count: size, identity: identity,
            source: OpenFileSource(descriptor: file.descriptor, path: file.path, key: key, store: displayName))
    }

    /// Values smaller than this are read whole when opened: one `read` costs less than keeping a descriptor.
    static let openReadThreshold = 64 * 1024

    private static func identity(_ status: stat) -> [UInt8] {
        #if canImport(Darwin)
            let time = status.st_mtimespec
        #else
            let time = status.st_mtim
        #endif
        var bytes: [UInt8] = []
        bytes.reserveCapacity(40)
        for field in [
            UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino),
            UInt64(truncatingIfNeeded: status.st_size), UInt64(truncatingIfNeeded: time.tv_sec),
            UInt64(truncatingIfNeeded: time.tv_nsec),
        ] {
            withUnsafeBytes(of: field.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// Each value goes to a temporary file in the container, is flushed (unless it is a cache), and is renamed
    /// over its key's file, in order; then the container is flushed once (unless the durability is deferred),
    /// rather than after every rename: a fetch stores three values per locale, and those flushes were a quarter
    /// of its wall time. The identities are taken from each temporary file before its rename, which keeps
    /// device, inode, size and modification time.
    @discardableResult
    public func write(_ values: [(key: String, value: [UInt8])], durability: WriteDurability) throws -> [[UInt8]?] {
        guard let last = values.last else { return [] }
        var identities: [[UInt8]?] = []
        for (key, value) in values { identities.append(try replace(value, forKey: key, flush: durability != .cache)) }
        if durability != .deferred { try syncDirectory(forKey: last.key) }
        return identities
    }

    /// Writes `value` to a flushed temporary file and renames it over `key`'s file; the rename is atomic, so
    /// readers see the old value or the new one, whole.
    /// - Returns: the identity of the file written.
    @discardableResult
    private func replace(_ value: [UInt8], forKey key: String, flush: Bool = true) throws -> [UInt8] {
        let path = try path(forKey: key)
        if let code = Self.createDirectories(directory) {
            throw GroupStoreError(
                .io(operation: "create the container for", path: directory, errno: code), key: key, store: displayName)
        }
        let temporaryPath = directory + "/" + Self.temporaryFileName()
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw GroupStoreError(
                .io(operation: "write", path: temporaryPath, errno: errno), key: key, store: displayName)
        }
        var failure: (operation: String, code: Int32)?
        var status = stat()
        if fchmod(descriptor, 0o600) != 0 {
            failure = ("write", errno)
        } else if let code = Self.writeAll(descriptor, value) {
            failure = ("write", code)
        } else if flush, synchronize(descriptor) != 0 {
            failure = ("flush", errno)
        } else if fstat(descriptor, &status) != 0 {
            failure = ("write", errno)
        }
        close(descriptor)
        if failure == nil, rename(temporaryPath, path) != 0 { failure = ("replace", errno) }
        if let failure {
            unlink(temporaryPath)
            if failure.code == EISDIR {
                throw GroupStoreError(.notARegularFile(path: path), key: key, store: displayName)
            }
            throw GroupStoreError(
                .io(operation: failure.operation, path: path, errno: failure.code), key: key, store: displayName)
        }
        return Self.identity(status)
    }

    public func removeValue(forKey key: String) throws {
        let path = try path(forKey: key)
        guard unlink(path) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return }
            if code == EISDIR || code == EPERM {
                var status = stat()
                if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                    throw GroupStoreError(.notARegularFile(path: path), key: key, store: displayName)
                }
            }
            throw GroupStoreError(.io(operation: "remove", path: path, errno: code), key: key, store: displayName)
        }
        try syncDirectory(forKey: key)
    }

    /// Removes whatever sits at `key`'s file name: a value's file, or what `GroupStoreError.notARegularFile`
    /// reports there. A symbolic link is removed itself, never what it points at; a FIFO, a socket or a
    /// device node is unlinked; a directory is removed only when empty, since what is inside is nobody's
    /// value. For tools that clear such an entry away; readers and writers use `removeValue(forKey:)`.
    /// - Parameter key: the key whose entry to remove.
    /// - Returns: whether there was an entry to remove.
    /// - Throws: `GroupStoreError` of kind `.io` when the entry cannot be removed; `errno` is `ENOTEMPTY` (or
    ///   `EEXIST`) for a directory that is not empty.
    @discardableResult
    package func removeEntry(forKey key: String) throws -> Bool {
        let path = try path(forKey: key)
        guard let status = try entryStatus(at: path, key: key) else { return false }
        // Neither call follows a link: should the entry change in between, rmdir refuses a non-directory and
        // unlink a directory.
        let removed = status.st_mode & S_IFMT == S_IFDIR ? rmdir(path) : unlink(path)
        guard removed == 0 else {
            let code = errno
            if code == ENOENT { return false }
            throw GroupStoreError(.io(operation: "remove", path: path, errno: code), key: key, store: displayName)
        }
        try syncDirectory(forKey: key)
        return true
    }

    /// What sits at `path`, not following a link; `nil` when nothing does.
    private func entryStatus(at path: String, key: String) throws(GroupStoreError) -> stat? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw GroupStoreError(.io(operation: "inspect", path: path, errno: code), key: key, store: displayName)
        }
        return status
    }

    public func entries() throws -> [GroupStoreEntry] {
        guard let stream = opendir(directory) else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return [] }
            throw GroupStoreError(.io(operation: "list", path: directory, errno: code), key: nil, store: displayName)
        }
        defer { closedir(stream) }
        var result: [GroupStoreEntry] = []
        while let record = readdir(stream) {
            let name = withUnsafePointer(to: &record.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            guard let key = KeyFileName.decode(name) else { continue }
            var status = stat()
            guard lstat(directory + "/" + name, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            result.append(GroupStoreEntry(key: key, size: Int(status.st_size), modified: Self.modificationDate(status)))
        }
        return result
    }

    // MARK: - Files

    /// The file of `key`; rejects keys that cannot be stored.
    func path(forKey key: String) throws(GroupStoreError) -> String {
        guard !key.isEmpty else { throw GroupStoreError(.invalidKey("the key is empty"), key: key, store: displayName) }
        guard key != ".", key != ".." else {
            throw GroupStoreError(.invalidKey("'.' and '..' are not keys"), key: key, store: displayName)
        }
        let name = KeyFileName.encode(key)
        guard name.utf8.count <= KeyFileName.maximumLength else {
            throw GroupStoreError(
                .invalidKey("it is longer than \(KeyFileName.maximumLength) bytes once percent-encoded"), key: key,
                store: displayName)
        }
        return directory + "/" + name
    }

    /// `%` followed by a non-hex letter: never the encoding of a key, so never listed as one.
    private static func temporaryFileName() -> String {
        "%tmp-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
    }

    /// Flushes the directory, which makes the renames (and removals) before it durable. A failure is reported:
    /// the value is in place, but might not survive a power loss. File systems that cannot flush a directory
    /// (`EINVAL`) have nothing to flush.
    private func syncDirectory(forKey key: String) throws(GroupStoreError) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw GroupStoreError(.notDurable(path: directory, errno: errno), key: key, store: displayName)
        }
        defer { close(descriptor) }
        guard synchronize(descriptor) == 0 else {
            let code = errno
            if code == EINVAL { return }
            throw GroupStoreError(.notDurable(path: directory, errno: code), key: key, store: displayName)
        }
    }

    /// Creates `path` and any missing parents with mode 0700; returns `errno` on failure.
    private static func createDirectories(_ path: String) -> Int32? {
        var status = stat()
        if stat(path, &status) == 0 { return status.st_mode & S_IFMT == S_IFDIR ? nil : ENOTDIR }
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0, errno != EEXIST { return errno }
        }
        return nil
    }

    private struct ReadError: Error { var code: Int32 }

    private static func readAll(_ descriptor: Int32, sizeHint: Int, limit: Int) throws(ReadError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: min(max(sizeHint, 0), limit) + 1)
        var length = 0
        while length < limit {
            if length == buffer.count {
                buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, limit - length)))
            }
            let count = buffer.withUnsafeMutableBytes { raw in
                read(descriptor, raw.baseAddress! + length, min(raw.count, limit) - length)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(code: errno)
            }
            if count == 0 { break }
            length += count
        }
        buffer.removeSubrange(length...)
        return buffer
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                systemWrite(descriptor, raw.baseAddress! + written, raw.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
    }

    private static func modificationDate(_ status: stat) -> Date {
        #if canImport(Darwin)
            let time = status.st_mtimespec
        #else
            let time = status.st_mtim
        #endif
        return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }
}
