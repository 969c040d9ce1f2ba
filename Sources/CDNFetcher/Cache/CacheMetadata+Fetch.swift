import GroupContract
import GroupStore
import I18nCore

/// What only the fetcher asks of the metadata it keeps: whether it still describes the stored value, and the
/// conditional request headers it gives.
extension CacheMetadata {
    /// Whether `stored`, the value now under the key, is the one this metadata describes: the same identity,
    /// else (no identities) the same size and SHA-256.
    package func describes(_ stored: IdentifiedValue) -> Bool {
        guard stored.count == size, size <= MessageBundle.maximumStoredSize else { return false }
        if let identity, let current = stored.identity { return identity == SHA256.hex(current) }
        // A value that cannot be read is not one the metadata describes: the locale is fetched again.
        guard let bytes = try? stored.allBytes() else { return false }
        return bytes.withUnsafeBytes { SHA256.hexDigest(of: $0) } == sha256
    }

    /// The conditional request headers for `url`.
    func conditionalHeaders(for url: String) -> [String: String] {
        guard let validators = files[url] else { return [:] }
        var headers: [String: String] = [:]
        if let etag = validators.etag { headers["If-None-Match"] = etag }
        if let lastModified = validators.lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }
}
