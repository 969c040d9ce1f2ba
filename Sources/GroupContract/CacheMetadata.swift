import GroupStore
import I18nCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the fetcher remembers about a cached manifest or bundle, so that any process can revalidate it with a
/// conditional request. Stored as JSON under `StorageKey.messagesCache` / `StorageKey.manifestCache`.
package struct CacheMetadata: Codable, Hashable, Sendable {
    /// Validators by URL: one entry per file (several for a namespaced locale).
    package struct Validators: Codable, Hashable, Sendable {
        package var etag: String?
        package var lastModified: String?

        package init(etag: String? = nil, lastModified: String? = nil) {
            self.etag = etag
            self.lastModified = lastModified
        }
    }

    package var files: [String: Validators]
    /// The locale's version in the manifest when it was cached (`files[locale].lastModified`, else
    /// `updatedAt`); a fetch whose manifest gives the same version asks the CDN nothing for it.
    package var manifestVersion: String?
    package var fetchedAt: Date
    /// Size of the cached value in bytes.
    package var size: Int
    /// SHA-256 of the cached value, lower-case hex.
    package var sha256: String
    /// The namespaces selected when the locale was cached (`FetchOptions.namespaces`), or `nil` for all.
    package var namespaces: [String]? = nil
    /// The identity of the stored messages this describes (`GroupStore.identifiedValue`), lower-case hex,
    /// where the store has identities: another writer's value under the key has another one.
    package var identity: String? = nil

    package init(
        files: [String: Validators], manifestVersion: String?, fetchedAt: Date, size: Int, sha256: String,
        namespaces: [String]? = nil, identity: String? = nil
    ) {
        self.files = files
        self.manifestVersion = manifestVersion
        self.fetchedAt = fetchedAt
        self.size = size
        self.sha256 = sha256
        self.namespaces = namespaces
        self.identity = identity
    }

    /// `bytes` in lower-case hexadecimal: how identities and digests are written.
    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The single file's ETag, for display.
    package var etag: String? { files.values.compactMap(\.etag).first }

    /// The metadata stored at `key`, or `nil` when there is none or it does not decode.
    package static func read(in store: any GroupStore, key: String) -> CacheMetadata? {
        // Unreadable or undecodable metadata counts as none: it saves a transfer only, and the next fetch rewrites it.
        guard let bytes = try? store.value(forKey: key, maximumSize: StorageKey.maximumMetadataSize) else {
            return nil
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(CacheMetadata.self, from: Data(bytes))
    }

    package func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a struct of strings, numbers and dates cannot fail.
        return Array((try? encoder.encode(self)) ?? Data())
    }
}
