import GroupContract

#if canImport(CCrypto)
    import CCrypto
#elseif canImport(CryptoKit)
    import CryptoKit
#endif

/// SHA-256, the checksum of cached bundles: the platform's own, never a copy of ours.
///
/// On Linux, OpenSSL's libcrypto (already loaded by libcurl, and fast: it uses the CPU's SHA extensions where
/// present, an order of magnitude faster than portable code). On Apple platforms, where no SDK ships OpenSSL,
/// CryptoKit's `SHA256`, which is accelerated the same way and part of every OS the package deploys to (iOS 13,
/// macOS 10.15, watchOS 6). `SHA256Tests` holds libcrypto's to NIST's vectors here; CryptoKit's branch is
/// type-checked here against its stand-in (`scripts/check-apple-only.py`) and runs only on Apple platforms.
///
///     SHA256.hexDigest(of: Array("abc".utf8))   // "ba7816bf…f20015ad"
package struct SHA256: ~Copyable {
    #if canImport(CCrypto)
        private let context: OpaquePointer
    #elseif canImport(CryptoKit)
        private var hasher = CryptoKit.SHA256()
    #endif

    package init() {
        #if canImport(CCrypto)
            // Allocation failure of a few hundred bytes is not recoverable.
            guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
                preconditionFailure("libcrypto could not start a SHA-256 digest")
            }
            self.context = context
        #endif
    }

    #if canImport(CCrypto)
        deinit { EVP_MD_CTX_free(context) }
    #endif

    /// The lower-case hexadecimal digest of `bytes`.
    package static func hexDigest(of bytes: some Collection<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hex(hasher.finalize())
    }

    package mutating func update(_ bytes: some Collection<UInt8>) {
        let consumed: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if consumed == nil { Array(bytes).withUnsafeBytes { update($0) } }
    }

    private mutating func update(_ buffer: UnsafeRawBufferPointer) {
        #if canImport(CCrypto)
            _ = EVP_DigestUpdate(context, buffer.baseAddress, buffer.count)
        #elseif canImport(CryptoKit)
            hasher.update(bufferPointer: buffer)
        #endif
    }

    /// The 32-byte digest; the hasher cannot be used afterwards.
    package consuming func finalize() -> [UInt8] {
        #if canImport(CCrypto)
            var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            _ = digest.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context, $0.baseAddress, &length) }
            return Array(digest.prefix(Int(length)))
        #elseif canImport(CryptoKit)
            return Array(hasher.finalize())
        #endif
    }

    static func hex(_ bytes: [UInt8]) -> String { CacheMetadata.hex(bytes) }
}
