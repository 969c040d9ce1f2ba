#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file whose bytes are read with `pread`, closed when the last value that reads it is released.
final class OpenFileSource: StoredValueSource {
    // The descriptor is only read with `pread`, which takes its own offset, so threads may share it.
    private let descriptor: Int32
    private let path: String
    private let key: String
    private let store: String

    init(descriptor: Int32, path: String, key: String, store: String) {
        self.descriptor = descriptor
        self.path = path
        self.key = key
        self.store = store
    }

    deinit { close(descriptor) }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        var total = 0
        while total < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + total, buffer.count - total, off_t(offset + total))
            if count < 0 {
                if errno == EINTR { continue }
                throw GroupStoreError(.io(operation: "read", path: path, errno: errno), key: key, store: store)
            }
            if count == 0 { break }
            total += count
        }
        return total
    }
}

/// The system's `write(2)`, which `FileGroupStore.write(_:durability:)` hides inside the store.
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
