// A stand-in for the part of Apple's CryptoKit that WidgetI18n's Apple-only code uses (CDNFetcher's `SHA256`,
// Sources/CDNFetcher/Cache/SHA256.swift), so that scripts/check-apple-only.py can type-check the
// `#elseif canImport(CryptoKit)` branches on Linux, where CryptoKit does not exist. Only the shapes, with the
// signatures Apple documents; the bodies only make it compile (the digest is not SHA-256's): nothing runs against
// them. A branch that needs another CryptoKit declaration adds it here, as Apple declares it.

/// The SHA-256 hash function: `struct SHA256`, iOS 13.0, macOS 10.15, watchOS 6.0.
/// https://developer.apple.com/documentation/cryptokit/sha256
public struct SHA256: Sendable {
    /// `typealias Digest = SHA256Digest`: https://developer.apple.com/documentation/cryptokit/sha256/digest
    public typealias Digest = SHA256Digest

    private var count = 0

    /// `init()`: https://developer.apple.com/documentation/cryptokit/sha256/init()
    public init() {}

    /// `mutating func update(bufferPointer: UnsafeRawBufferPointer)`:
    /// https://developer.apple.com/documentation/cryptokit/sha256/update(bufferpointer:)
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { count += bufferPointer.count }

    /// `func finalize() -> SHA256.Digest`: https://developer.apple.com/documentation/cryptokit/sha256/finalize()
    public func finalize() -> SHA256.Digest { SHA256Digest(bytes: [UInt8](repeating: 0, count: 32)) }
}

/// The output of SHA-256: `struct SHA256Digest`, a `Digest`, which is a `Sequence` whose `Element` is `UInt8`
/// (`protocol Digest: ContiguousBytes, CustomStringConvertible, Hashable, Sendable, Sequence where Self.Element ==
/// UInt8`; its `Iterator` is `Array<UInt8>.Iterator`).
/// https://developer.apple.com/documentation/cryptokit/sha256digest
public struct SHA256Digest: Sequence, Hashable, Sendable, CustomStringConvertible {
    private let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// `static var byteCount: Int`: https://developer.apple.com/documentation/cryptokit/sha256digest/bytecount
    public static var byteCount: Int { 32 }

    /// `func makeIterator() -> Array<UInt8>.Iterator`, from `Digest`:
    /// https://developer.apple.com/documentation/cryptokit/digest
    public func makeIterator() -> Array<UInt8>.Iterator { bytes.makeIterator() }

    /// `var description: String`: https://developer.apple.com/documentation/cryptokit/sha256digest/description
    public var description: String { "SHA256 digest" }
}
