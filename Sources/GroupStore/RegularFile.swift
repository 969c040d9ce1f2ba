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

/// A file a user names (a catalog, a suite's property list), read whole through one descriptor that is checked to
/// be a regular file: the path is opened without blocking (`O_NONBLOCK`, so a FIFO swapped in cannot stop the
/// reader, and `O_NOCTTY`) and what was opened is checked with `fstat`, so nothing can be swapped in between a check
/// and the read.
package enum RegularFile {
    /// Why a file was not read.
    package enum Refusal: Error, Equatable {
        /// A system call failed with `errno`.
        case system(Int32)
        /// It is not a regular file; the reason says what it is ("it is a FIFO (named pipe), not a file").
        case notAFile(String)
        /// It is larger than the limit: `size` bytes, as `fstat` gives it (or as many as it grew to while read).
        case tooLarge(size: Int)
    }

    /// The bytes of the regular file at `path` (through symbolic links), at most `limit` of them, read whole even
    /// when it grows while read.
    /// - Parameters:
    ///   - path: the file.
    ///   - limit: the most bytes read; a larger file is refused from its size before a byte of it is read.
    /// - Returns: the bytes, and the file's status as `fstat` gave it before the read.
    /// - Throws: `Refusal`.
    package static func contents(of path: String, limit: Int) throws(Refusal) -> (bytes: [UInt8], status: stat) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw unopenable(path, code: code).map(Refusal.notAFile) ?? .system(code)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(errno) }
        if let kind = notAFile(status.st_mode) { throw .notAFile(kind) }
        guard status.st_size <= limit else { throw .tooLarge(size: Int(status.st_size)) }
        var bytes = [UInt8](repeating: 0, count: min(Int(status.st_size), limit) + 1)
        var length = 0
        while length < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + length, $0.count - length) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .system(errno) }
            if count == 0 { break }
            length += count
            // A file that grows while read is read on, up to one byte past the limit.
            if length == bytes.count, bytes.count <= limit {
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count)))
            }
        }
        if length > limit {
            // The size it has now, not the limit plus one that was read of it.
            var now = stat()
            throw .tooLarge(size: fstat(descriptor, &now) == 0 ? max(Int(now.st_size), length) : length)
        }
        bytes.removeSubrange(length...)
        return (bytes, status)
    }

    /// The last modification of the file whose status is `status`.
    /// - Parameter status: the file's status, as `contents(of:limit:)` returns it.
    package static func modificationDate(_ status: stat) -> Date {
        #if canImport(Darwin)
            let time = status.st_mtimespec
        #else
            let time = status.st_mtim
        #endif
        return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    /// What a file of `mode` is when it is not a regular file, as an error says it; `nil` for a regular file.
    /// - Parameter mode: `st_mode` of the file's status.
    package static func notAFile(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a directory"
        case S_IFIFO: return "it is a FIFO (named pipe), not a file"
        case S_IFCHR, S_IFBLK: return "it is a device, not a file"
        case S_IFSOCK: return "it is a socket, not a file"
        default: return "it is not a regular file"
        }
    }

    /// Why `path` could not be opened when it is something other than a missing or forbidden file: a socket
    /// (`ENXIO`), a symbolic link to nothing, links that loop; `nil` when `errno` says it well enough.
    private static func unopenable(_ path: String, code: Int32) -> String? {
        var status = stat()
        if stat(path, &status) == 0 { return notAFile(status.st_mode) }
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return nil }
        if code == ELOOP { return "it is a symbolic link that loops (or a chain of links too long to follow)" }
        guard code == ENOENT else { return nil }
        var target = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &target, target.count - 1)
        guard count >= 0 else { return "it is a symbolic link to a file that does not exist" }
        let name = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "it is a symbolic link to '\(name)', which does not exist"
    }
}
