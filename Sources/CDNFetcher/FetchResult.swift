import I18nCore

/// What happened to one locale (or the manifest) in a fetch.
public enum FetchOutcome: Sendable, Hashable, CustomStringConvertible {
    /// New content was validated and written to the store.
    case updated(size: Int)
    /// The CDN sent the content again, and it is what the store already holds.
    case unchanged
    /// The CDN answered 304: the cached copy is current; no body was transferred.
    case notModified
    /// Nothing was written; the cache is as it was.
    case failed(String)

    public var description: String {
        switch self {
        case .updated: return "fetched"
        case .unchanged: return "unchanged"
        case .notModified: return "not modified"
        case .failed: return "failed"
        }
    }

    /// Whether the outcome is `failed`, so that nothing was written.
    public var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }
}

/// The result of fetching one locale's messages.
public struct LocaleFetchResult: Sendable, Hashable {
    /// The locale as the manifest names it (normalised), or as requested when the manifest does not offer it.
    public let locale: LocaleTag
    /// What happened to the locale's messages.
    public let outcome: FetchOutcome
    /// Body bytes received on the wire for this locale, compressed size where the CDN compressed.
    public let bytesTransferred: Int
    /// The URLs fetched for it (one, or one per namespace).
    public let urls: [String]
}

/// The result of fetching the manifest.
public struct ManifestFetch: Sendable, Hashable {
    /// The manifest from the CDN, or the cached one when the CDN answered 304 (`notModified`) or the fetch
    /// failed (`failed`).
    public let manifest: Manifest
    /// `.failed` when the CDN could not be reached and the cached manifest is used instead.
    public let outcome: FetchOutcome
    /// Body bytes received on the wire, compressed size where the CDN compressed.
    public let bytesTransferred: Int
    /// The manifest's URL.
    public let url: String
}

/// A fetch that could not be done at all; nothing in the store was changed.
public struct FetchError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    /// An error with the given message, which says what failed and what to do about it.
    /// - Parameter description: the message: what failed and what to do about it.
    public init(_ description: String) { self.description = description }
}

/// The result of `CDNFetcher.switchLocale(to:)`.
public struct LocaleSwitch: Sendable, Hashable {
    /// The locale now stored.
    public let locale: LocaleTag
    /// The fetch of its messages, when the manifest could be reached.
    public let fetch: LocaleFetchResult?
    /// What did not go to plan but did not stop the switch (a failed refresh with a usable cache).
    public let warnings: [String]
}
