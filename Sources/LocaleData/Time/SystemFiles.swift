#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The environment and the zone database read with plain POSIX calls (on every platform: Darwin has them, and
/// `databaseDirectories()` and `resolveCurrent(tz:)` use them there too): a widget process resolves its zone
/// on every start, and `ProcessInfo.environment` (a dictionary of every variable) and `FileManager` cost it
/// more than the TZif parse (420,000 instructions for the environment alone, of 8.3 million in all).
enum SystemFiles {
    /// The value of the environment variable `name`, or `nil` when it is unset.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them, or `nil` when it cannot be read or is
    /// larger (a TZif file is a few kilobytes).
    static func contents(atPath path: String, limit: Int = 1 << 20) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { return nil }
            bytes += chunk[..<count]
        }
    }

    /// Where the symbolic link at `path` points, or `nil` when it is not one.
    static func destinationOfSymbolicLink(atPath path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return -1 }
            return readlink(path, base, buffer.count)
        }
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
