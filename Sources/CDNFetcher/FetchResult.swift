import GroupContract
import I18nCore
import LocaleData
import WidgetI18nSupport

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
    /// Valid, but left out: the store has no room for it (a `UserDefaults` suite at its budget); nothing was
    /// written. Not a failure of the CDN: the manifest is still cached.
    case leftOut(String)

    public var description: String {
        switch self {
        case .updated: return "fetched"
        case .unchanged: return "unchanged"
        case .notModified: return "not modified"
        case .failed: return "failed"
        case .leftOut: return "left out"
        }
    }

    /// Whether the outcome is `leftOut`: nothing was written, for want of room.
    public var isLeftOut: Bool {
        if case .leftOut = self { return true }
        return false
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
    /// What did not go to plan but did not stop the locale, such as messages stored flat because they could
    /// not be nested.
    public var warnings: [FetchWarning] = []
}

/// The result of fetching the manifest.
///
/// A manifest from `CDNFetcher/fetchManifest()` is not in the store yet: `CDNFetcher/fetch(_:committing:progress:)`
/// caches it, with its metadata, only once every locale fetched with it succeeded, so that the store never holds a
/// manifest without the messages it describes.
public struct ManifestFetch: Sendable, Hashable {
    /// The manifest from the CDN, or the cached one when the CDN answered 304 (`notModified`) or the fetch
    /// failed (`failed`).
    public let manifest: Manifest
    /// From `fetchManifest()`: `.updated` or `.unchanged` when the CDN sent a manifest (to be cached once the
    /// locales fetched with it succeed), `.notModified`, or `.failed` when the CDN could not be reached or sent an
    /// unusable manifest and the cached one is used instead. In a `FetchReport`, what was done: `.updated` and
    /// `.unchanged` once cached, and `.failed` also for a manifest that was not cached because a locale failed.
    public let outcome: FetchOutcome
    /// Body bytes received on the wire, compressed size where the CDN compressed.
    public let bytesTransferred: Int
    /// The manifest's URL.
    public let url: String
    /// What did not go to plan but did not stop the fetch, such as language codes the manifest lists that are
    /// not locale tags (skipped).
    public let warnings: [FetchWarning]
    /// What caching the manifest writes, until it is done; `nil` when the store needs nothing.
    let pending: PendingManifest?

    init(
        manifest: Manifest, outcome: FetchOutcome, bytesTransferred: Int, url: String, warnings: [FetchWarning] = [],
        pending: PendingManifest? = nil
    ) {
        self.manifest = manifest
        self.outcome = outcome
        self.bytesTransferred = bytesTransferred
        self.url = url
        self.warnings = warnings
        self.pending = pending
    }

    /// The same fetch with a final outcome and nothing left to write.
    func settled(_ outcome: FetchOutcome) -> ManifestFetch {
        ManifestFetch(
            manifest: manifest, outcome: outcome, bytesTransferred: bytesTransferred, url: url, warnings: warnings)
    }
}

/// The writes that cache a fetched manifest: its bytes (without a byte-order mark) when they differ from the
/// stored ones, and its metadata when that changed.
struct PendingManifest: Sendable, Hashable {
    var bytes: [UInt8]?
    var metadata: CacheMetadata?
}

/// The result of `CDNFetcher/fetch(_:committing:progress:)`: each locale's result, and what became of the
/// manifest.
public struct FetchReport: Sendable, Hashable {
    /// The manifest the locales were fetched with; its outcome says whether it is now cached.
    public let manifest: ManifestFetch
    /// One result per distinct language served, in the order of the locales requested.
    public let locales: [LocaleFetchResult]
    /// What did not go to plan but lost nothing (a reload request that could not be recorded).
    public let warnings: [FetchWarning]
    /// Whether the task was cancelled during the fetch: the transfers stopped, the locales not cached by then
    /// failed without writing anything, and the manifest was not cached.
    public var isCancelled = false
}

/// A fetch that could not be done at all, or a locale that could not be fetched; nothing in the store was
/// changed for it. A caller switches on ``code``; ``message`` says what failed, for people.
///
///     do { _ = try await fetcher.switchLocale(to: try LocaleTag("tr")) } catch {
///         if error.code == .notOffered { showLanguagePicker() }
///     }
public struct FetchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is, to switch on: one of the codes below.
    public typealias Code = ErrorCode<FetchError>

    /// What kind of failure it is.
    public let code: Code
    /// What failed, in sentence case.
    public let message: String

    /// A failure of `code`, described by `message`.
    /// - Parameters:
    ///   - code: what kind of failure it is.
    ///   - message: what failed, in sentence case, naming the URL, locale or option.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

extension ErrorCode where Domain == FetchError {
    /// The options cannot work: an invalid CDN URL, namespace or allowed origin.
    public static var invalidOptions: Self { Self("invalidOptions") }
    /// No usable manifest: the CDN failed or sent none, and none is cached.
    public static var manifestUnavailable: Self { Self("manifestUnavailable") }
    /// The project offers neither the locale nor one that matches it (`LocaleNegotiation`).
    public static var notOffered: Self { Self("notOffered") }
    /// A URL the manifest names is one the fetcher will not follow (another origin, outside a file CDN).
    public static var refusedURL: Self { Self("refusedURL") }
    /// What the CDN sent is not messages the store may hold (not a bundle, empty, too large).
    public static var rejectedContent: Self { Self("rejectedContent") }
    /// The messages were valid but could not be written to the store.
    public static var cannotCache: Self { Self("cannotCache") }
    /// The stored locale could not be switched: the locale can be neither fetched nor found cached.
    public static var cannotSwitch: Self { Self("cannotSwitch") }
    /// The messages were valid, but the store has no room for them (a `UserDefaults` suite at its budget).
    public static var storeFull: Self { Self("storeFull") }
    /// The task was cancelled before the fetch finished; the store is as it was before the fetch.
    public static var cancelled: Self { Self("cancelled") }
}

/// Something in a fetch that did not go to plan but lost nothing: the fetch or switch went on, and said so here.
/// A caller switches on ``code``; ``message`` says what happened, for people.
///
///     for warning in report.warnings where warning.code == .reloadNotRecorded {
///         WidgetCenter.shared.reloadAllTimelines()
///     }
public struct FetchWarning: Hashable, Sendable, CustomStringConvertible {
    /// What kind of warning it is, to switch on: one of the codes below.
    public typealias Code = ErrorCode<FetchWarning>

    /// What kind of warning it is.
    public let code: Code
    /// What happened, in sentence case.
    public let message: String

    /// A warning of `code`, described by `message`.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

extension ErrorCode where Domain == FetchWarning {
    /// The manifest lists language codes that are not locale tags; they were skipped.
    public static var skippedLanguages: Self { Self("skippedLanguages") }
    /// The manifest could not be fetched or used; the cached one was used instead.
    public static var cachedManifestUsed: Self { Self("cachedManifestUsed") }
    /// The locale's messages were fetched and the locale switched, but the store refused the new manifest: the
    /// cached manifest stays as it was.
    public static var manifestNotCached: Self { Self("manifestNotCached") }
    /// The locale's messages could not be refreshed; the cached messages are used.
    public static var cachedMessagesUsed: Self { Self("cachedMessagesUsed") }
    /// The messages could not be nested, so they are stored flat, as served: readers that walk nested keys only
    /// (better-i18n's Swift SDK) will not find the dotted ones.
    public static var storedFlat: Self { Self("storedFlat") }
    /// The messages are current, but the manifest's new version could not be recorded: the next fetch asks the
    /// CDN again.
    public static var versionNotRecorded: Self { Self("versionNotRecorded") }
    /// New messages were cached, but no widget reload request could be recorded: reload the widgets directly.
    public static var reloadNotRecorded: Self { Self("reloadNotRecorded") }
}

/// The result of `CDNFetcher.switchLocale(to:)`.
public struct LocaleSwitch: Sendable, Hashable {
    /// The locale now stored.
    public let locale: LocaleTag
    /// The fetch of its messages, when the manifest could be reached.
    public let fetch: LocaleFetchResult?
    /// What did not go to plan but did not stop the switch (a failed refresh with a usable cache).
    public let warnings: [FetchWarning]
}
