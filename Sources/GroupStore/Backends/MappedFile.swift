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

/// A read-only memory mapping of a whole file, unmapped when released.
final class MappedFile: ContiguousBytes, @unchecked Sendable {
    // The mapping is read-only and private for the object's whole life, so sharing it is safe.
    private let address: UnsafeMutableRawPointer
    private let count: Int

    init(address: UnsafeMutableRawPointer, count: Int) {
        self.address = address
        self.count = count
    }

    deinit { munmap(address, count) }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: address, count: count))
    }
}
