#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Human text for `errno` values, with the fix where there is an obvious one.
enum SystemError {
    static func message(for code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text).lowercased()
    }

    static func advice(for code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "; check the container's owner and permissions (0700 directory, 0600 files)"
        case ENOSPC: return "; free some disk space and try again"
        case EROFS: return "; the container is on a read-only file system"
        case ELOOP: return "; the file is a symbolic link, which the store never follows"
        default: return ""
        }
    }
}
