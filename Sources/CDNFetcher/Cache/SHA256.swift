import CCrypto
import GroupContract

/// SHA-256, the checksum of cached bundles, from OpenSSL's libcrypto (already loaded by libcurl, and fast:
/// it uses the CPU's SHA extensions where present, an order of magnitude faster than portable code).
///
///     SHA256.hexDigest(of: Array("abc".utf8))   // "ba7816bf…f20015ad"
package struct SHA256: ~Copyable {
    private let context: OpaquePointer

    package init() {
        // Allocation failure of a few hundred bytes is not recoverable.
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            preconditionFailure("libcrypto could not start a SHA-256 digest")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    /// The lower-case hexadecimal digest of `bytes`.
    package static func hexDigest(of bytes: some Collection<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hex(hasher.finalize())
    }

    package mutating func update(_ bytes: some Collection<UInt8>) {
        let consumed: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            _ = EVP_DigestUpdate(context, buffer.baseAddress, buffer.count)
        }
        if consumed == nil {
            Array(bytes).withUnsafeBufferPointer { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        }
    }

    /// The 32-byte digest; the hasher cannot be used afterwards.
    package consuming func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = digest.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context, $0.baseAddress, &length) }
        return Array(digest.prefix(Int(length)))
    }

    static func hex(_ bytes: [UInt8]) -> String { CacheMetadata.hex(bytes) }
}
