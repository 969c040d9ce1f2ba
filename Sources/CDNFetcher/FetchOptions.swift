/// How the fetcher reaches the CDN.
public struct FetchOptions: Sendable, Hashable {
    /// better-i18n's CDN.
    public static let defaultCDN = "https://cdn.better-i18n.com"

    /// The CDN base URL: `https://…`, `http://…`, or `file:///…` for a directory laid out as the CDN serves it.
    public var cdn = FetchOptions.defaultCDN
    /// Seconds one attempt may take, from connecting to the last byte.
    public var timeout: Double = 30
    /// Seconds an attempt may take to connect; `timeout` caps it.
    public var connectTimeout: Double = 10
    /// Retries after the first attempt, on connection errors, timeouts, 5xx and 429 only.
    public var retries = 3
    /// The largest response accepted, in bytes after decompression.
    public var maximumBytes = 20_000_000
    /// The most body bytes one fetch (`CDNFetcher/fetch(_:committing:progress:)`, `fetch(_:manifest:progress:)`)
    /// receives in all, every locale and namespace together, after decompression; what is still to come then
    /// fails. 200 MB by default: what 500 languages of 400 KB need.
    public var maximumTotalBytes = 200_000_000
    /// The most languages a manifest may list; a manifest that lists more is refused before any message is
    /// requested. 500 by default.
    public var maximumLanguages = 500
    /// The most namespaces a manifest may name (in `namespaces`, or for one locale in `files`); a manifest that
    /// names more is refused before any message is requested. 200 by default.
    public var maximumNamespaces = 200
    /// Origins besides the CDN's own that the manifest's URLs may point to, as `scheme://host[:port]`
    /// (`https://assets.example.com`); empty by default. Only http(s) origins, and only in a scheme the CDN's
    /// allows (https for an https CDN); a `file://` CDN reads only its own directory, whatever this says.
    public var allowedOrigins: [String] = []
    /// Transfers at once.
    public var maximumConcurrency = 8
    /// A CA bundle for a private CA, with the curl transport; verification is never turned off. `URLSession` trusts
    /// what the system trusts (a private CA through a configuration profile), so it refuses this option.
    public var caCertificatePath: String?
    /// The HTTP stack: libcurl on Linux, `URLSession` on Apple platforms (the one an app may use there); on Linux
    /// `.urlSession` runs the Apple path over FoundationNetworking. Everything above one request (freshness,
    /// validation, limits, retries, cancellation) is the same with either.
    public var transport = HTTPTransportKind.platformDefault
    /// Ignore the manifest's versions and the cached validators, and download everything.
    public var force = false
    /// Only these namespaces of a namespaced project, stored nested under their names; `nil` for all.
    public var namespaces: [String]?

    /// The defaults: better-i18n's CDN, 30 seconds per attempt, 3 retries, 8 transfers at once, the CDN's own
    /// origin only, and the limits above.
    public init() {}
}
