/// Bytes read by range: a stored value another process may change under the reader, or bytes in memory.
///
/// A read copies what it asks for and reports a range that is no longer there; it never faults. That is why
/// a stored index reads its JSON through this rather than through a memory mapping, which a foreign writer
/// truncating the file would turn into `SIGBUS`.
package protocol RandomAccessBytes: Sendable {
    /// The size of the value when it was opened.
    var count: Int { get }

    /// Copies the bytes of `range` into `buffer` (exactly `range.count` bytes); `false` when the value no longer
    /// holds the whole range or cannot be read.
    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Bool
}

extension RandomAccessBytes {
    /// The bytes of `range`, or `nil` when the value no longer holds them.
    package func bytes(in range: Range<Int>) -> [UInt8]? {
        guard range.lowerBound >= 0, range.upperBound <= count else { return nil }
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, initialized in
            complete = read(range, into: UnsafeMutableRawBufferPointer(buffer))
            initialized = complete ? range.count : 0
        }
        return complete ? bytes : nil
    }
}

extension Array: RandomAccessBytes where Element == UInt8 {
    package func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= count else { return false }
        withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[range])) }
        return true
    }
}
