import Foundation

/// Writes files whole or not at all: each goes to a temporary file beside it, is flushed, and is renamed over
/// its path only once every file of the set is written, so a reader (Xcode, a build) sees the old files or the
/// new ones, never half of one. A file that replaces another keeps its permissions; a new one gets the umask's.
/// A path that is a symbolic link is written through to the file it names, as editors write one, so that a
/// catalog shared by link stays shared.
///
/// A path that names (links followed) a device, a FIFO or standard output (`/dev/null`, `/dev/stdout`) is
/// written through as the stream it is, never replaced by a regular file: opened without blocking, its bytes
/// written once every regular file of the set is ready and before any is renamed, with no flush. A FIFO that no
/// process reads is an error rather than a wait, and a socket, which cannot be opened, is named as one.
package enum WholeFile {
    /// Writes `bytes` to `path`.
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - path: where it goes; missing directories are made.
    /// - Throws: `WholeFileError` naming the path and the reason; the file is then as it was.
    package static func write(_ bytes: [UInt8], to path: String) throws(WholeFileError) {
        try write([(path, bytes)])
    }

    /// Writes every file of `files`, or none of them.
    /// - Parameter files: each file's path and bytes.
    /// - Throws: `WholeFileError` for the first file that cannot be written; no file is renamed into place then,
    ///   and the temporary files and the directories made for them are removed. A stream of the set has had no
    ///   bytes then, unless it was writing to it that failed (a reader that went away is `EPIPE` where SIGPIPE is
    ///   ignored, as the CLI ignores it).
    package static func write(_ files: [(path: String, bytes: [UInt8])]) throws(WholeFileError) {
        var made: [String] = []
        var temporaries: [(temporary: String, path: String)] = []
        var streams: [(descriptor: Int32, path: String, bytes: [UInt8])] = []
        defer { for stream in streams { close(stream.descriptor) } }
        func undo() {
            for (temporary, _) in temporaries { unlink(temporary) }
            for directory in made.reversed() { rmdir(directory) }
        }
        do throws(WholeFileError) {
            for (link, bytes) in files {
                if let descriptor = try stream(at: link) {
                    streams.append((descriptor, link, bytes))
                    continue
                }
                let path = try target(of: link)
                try makeDirectories(for: path, made: &made)
                temporaries.append((try temporary(bytes, for: path), path))
            }
            // A stream takes its bytes only once every other file is ready: one that cannot be made writes nothing.
            for stream in streams {
                if let failure = writeAll(stream.bytes, to: stream.descriptor) {
                    throw WholeFileError(path: stream.path, reason: String(cString: strerror(failure)))
                }
            }
        } catch {
            undo()
            throw error
        }
        for (index, (temporary, path)) in temporaries.enumerated() where rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            for (left, _) in temporaries[index...] { unlink(left) }
            throw WholeFileError(path: path, reason: reason)
        }
    }

    /// A descriptor open for writing, blocking, on what `path` names when that is (links followed) a device or a
    /// FIFO, which is written as a stream rather than replaced; `nil` for a regular file, a directory, or nothing
    /// there (or nothing `stat` can reach, which `target(of:)` then reports).
    private static func stream(at path: String) throws(WholeFileError) -> Int32? {
        var status = stat()
        guard stat(path, &status) == 0, !isFileOrDirectory(status.st_mode) else { return nil }
        if status.st_mode & S_IFMT == S_IFSOCK {
            throw WholeFileError(path: path, reason: "it is a socket, which cannot be opened as a file")
        }
        // Without O_NONBLOCK, opening a FIFO no process reads would wait for a reader for ever.
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            let noReader = code == ENXIO && status.st_mode & S_IFMT == S_IFIFO
            throw WholeFileError(
                path: path, reason: noReader ? "it is a FIFO with no reader" : String(cString: strerror(code)))
        }
        // What was opened is checked again: the path may have been replaced since `stat`.
        var failure: String?
        if fstat(descriptor, &status) != 0 {
            failure = String(cString: strerror(errno))
        } else if isFileOrDirectory(status.st_mode) {
            failure = "it was replaced while it was opened; try again"
        } else {
            let flags = fcntl(descriptor, F_GETFL)
            if flags < 0 || fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) != 0 {
                failure = String(cString: strerror(errno))
            }
        }
        if let failure {
            close(descriptor)
            throw WholeFileError(path: path, reason: failure)
        }
        return descriptor
    }

    /// Whether `mode` is a regular file's or a directory's, which are written by renaming (or refused), never as
    /// streams.
    private static func isFileOrDirectory(_ mode: mode_t) -> Bool {
        mode & S_IFMT == S_IFREG || mode & S_IFMT == S_IFDIR
    }

    /// The file `path` names once its symbolic links are followed (relative ones from their own directory), or
    /// `path` itself when it is no link; a link to a missing file names that file.
    private static func target(of path: String) throws(WholeFileError) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw WholeFileError(path: current, reason: String(cString: strerror(errno))) }
            let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : parent(of: current) + "/" + destination
        }
        throw WholeFileError(path: path, reason: String(cString: strerror(ELOOP)))
    }

    /// Makes the missing directories above `path`, outermost first, and notes them in `made`.
    private static func makeDirectories(for path: String, made: inout [String]) throws(WholeFileError) {
        var missing: [String] = []
        var directory = parent(of: path)
        var status = stat()
        while stat(directory, &status) != 0 {
            guard errno == ENOENT else {
                throw WholeFileError(path: directory, reason: String(cString: strerror(errno)))
            }
            missing.append(directory)
            let above = parent(of: directory)
            if above == directory { break }
            directory = above
        }
        if missing.isEmpty, status.st_mode & S_IFMT != S_IFDIR {
            throw WholeFileError(path: directory, reason: "it is not a directory")
        }
        for directory in missing.reversed() {
            guard mkdir(directory, 0o777) == 0 || errno == EEXIST else {
                throw WholeFileError(path: directory, reason: String(cString: strerror(errno)))
            }
            made.append(directory)
        }
    }

    /// The directory `path` is in: `.` for a bare name.
    private static func parent(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// `bytes` in a flushed temporary file next to `path`, with the permissions `path` has (or the umask's).
    private static func temporary(_ bytes: [UInt8], for path: String) throws(WholeFileError) -> String {
        var status = stat()
        let existingMode: mode_t? = stat(path, &status) == 0 ? status.st_mode : nil
        if let existingMode, existingMode & S_IFMT == S_IFDIR {
            throw WholeFileError(path: path, reason: WholeFileError.isADirectory)
        }
        let name = (path as NSString).lastPathComponent
        var template = Array((parent(of: path) + "/.\(name).partial-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw WholeFileError(path: path, reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let mask = umask(0)
        umask(mask)
        var failure: Int32?
        if fchmod(descriptor, existingMode.map { $0 & 0o7777 } ?? (0o666 & ~mask)) != 0 { failure = errno }
        if failure == nil { failure = writeAll(bytes, to: descriptor) }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw WholeFileError(path: path, reason: String(cString: strerror(failure)))
        }
        return temporary
    }
}

/// A file `WholeFile` could not write.
package struct WholeFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or directory that could not be written.
    package let path: String
    /// Why, as the system says it.
    package let reason: String

    package var description: String { "Cannot write '\(path)': \(reason)" }

    /// The `reason` of a path that is a directory, for which a command can say what to pass instead.
    package static let isADirectory = "it is a directory"
}

/// Writes all of `bytes` to `descriptor`, through short writes and interruptions; the `errno` of a failure.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno != EINTR { return errno }
        } else {
            written += count
        }
    }
    return nil
}
