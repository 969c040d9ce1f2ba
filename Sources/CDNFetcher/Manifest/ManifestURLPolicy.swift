import Foundation
import I18nCore
import LocaleData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the URLs a manifest names (`files[locale].url`, a namespace's `url`) may point, so that a manifest — the
/// one the CDN serves, or one cached from another CDN — can only make the fetcher read what the configured CDN
/// serves.
///
/// - For an http(s) CDN: the CDN's own origin (scheme, host and port), any path; other origins only when
///   `FetchOptions.allowedOrigins` names them, and only in a scheme the CDN's allows (https for an https CDN).
///   A URL that carries a user or password is refused.
/// - For a `file://` CDN: files inside its directory only, on no other host. The path is percent-decoded and
///   resolved lexically (`..`, `%2e%2e`), then through symbolic links, and must stay inside the directory's own
///   real path; an encoded slash or NUL byte is refused. The fetcher then reads the checked path, re-encoded, so
///   what libcurl opens is exactly what was checked. Every file the fetcher reads from a `file://` CDN,
///   named by the manifest or not, goes through the symbolic-link check.
package struct ManifestURLPolicy: Sendable {
    /// An http(s) origin: scheme and host in lower case, the port filled in when the URL leaves it out.
    package struct Origin: Hashable, Sendable, CustomStringConvertible {
        package let scheme: String
        package let host: String
        package let port: Int

        /// Parses an origin as `FetchOptions.allowedOrigins` and the CLI take it: `https://assets.example.com`,
        /// `http://127.0.0.1:8080`.
        /// - Parameter text: the origin, `scheme://host[:port]`, with no path, query or user.
        /// - Throws: `FetchError` that quotes `text` and says what an origin looks like.
        package init(parsing text: String) throws(FetchError) {
            let quoted = QuotedExcerpt.of(text)
            let advice = "give http(s)://host[:port], such as 'https://assets.example.com'"
            let url = URL(string: text)
            if let scheme = url?.scheme?.lowercased(), scheme != "http", scheme != "https" {
                throw FetchError(
                    .invalidOptions,
                    "Invalid origin '\(quoted)': only http and https origins can be allowed "
                        + "(a file:// CDN reads only its own directory)")
            }
            guard let url, let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
                throw FetchError(.invalidOptions, "Invalid origin '\(quoted)': \(advice)")
            }
            guard url.user == nil, url.password == nil, url.query == nil, url.fragment == nil,
                url.path.isEmpty || url.path == "/"
            else {
                throw FetchError(
                    .invalidOptions, "Invalid origin '\(quoted)': an origin has no path, query or user; \(advice)")
            }
            self.init(scheme: scheme, host: host, port: url.port)
        }

        /// The origin of an http(s) URL, or `nil` when it has none.
        init?(of url: URL) {
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host,
                !host.isEmpty
            else { return nil }
            self.init(scheme: scheme, host: host, port: url.port)
        }

        private init(scheme: String, host: String, port: Int?) {
            self.scheme = scheme
            self.host = host.lowercased()
            self.port = port ?? Self.defaultPort(scheme)
        }

        private static func defaultPort(_ scheme: String) -> Int { scheme == "https" ? 443 : 80 }

        package var description: String {
            let host = self.host.contains(":") && !self.host.hasPrefix("[") ? "[\(self.host)]" : self.host
            return "\(scheme)://\(host)" + (port == Self.defaultPort(scheme) ? "" : ":\(port)")
        }
    }

    /// The CDN's scheme, lower case: `https`, `http` or `file`.
    let scheme: String
    /// The CDN's origin, for an http(s) CDN.
    let origin: Origin?
    let allowedOrigins: Set<Origin>
    /// For a `file://` CDN: its directory, percent-decoded and resolved lexically.
    let directory: String?

    /// - Parameters:
    ///   - cdn: the CDN base URL, already checked to be http(s) with a host, or file.
    ///   - scheme: its scheme, lower case.
    ///   - allowedOrigins: the other origins a manifest's URLs may name, as `FetchOptions.allowedOrigins` gives
    ///     them.
    /// - Throws: `FetchError` for an allowed origin that does not parse.
    init(cdn: URL, scheme: String, allowedOrigins: [String]) throws(FetchError) {
        self.scheme = scheme
        origin = Origin(of: cdn)
        var allowed: Set<Origin> = []
        for text in allowedOrigins { allowed.insert(try Origin(parsing: text)) }
        self.allowedOrigins = allowed
        directory = scheme == "file" ? Self.normalised(cdn.path.isEmpty ? "/" : cdn.path) ?? "/" : nil
    }

    /// The URL to fetch for `raw`, a URL the manifest names (absolute, or relative to `manifestURL`), once it is
    /// found to keep to the policy.
    /// - Parameters:
    ///   - raw: the URL as the manifest writes it.
    ///   - manifestURL: the URL relative ones resolve against.
    ///   - locale: the locale the URL is for, to name in an error.
    /// - Throws: `FetchError` that quotes the URL and says which rule it breaks.
    func resolve(_ raw: String, against manifestURL: String, locale: LocaleTag) throws(FetchError) -> String {
        let subject = "The manifest's URL for '\(locale.displayForm)' ('\(QuotedExcerpt.of(raw))')"
        guard let url = URL(string: raw, relativeTo: URL(string: manifestURL))?.absoluteURL else {
            throw FetchError(.refusedURL, "\(subject) is not a valid URL; refusing to fetch it")
        }
        guard let urlScheme = url.scheme?.lowercased(), isAllowed(scheme: urlScheme) else {
            throw FetchError(.refusedURL, "\(subject) leaves the CDN's scheme (\(scheme)); refusing to fetch it")
        }
        if let directory {
            guard url.host == nil || url.host == "" || url.host == "localhost" else {
                throw FetchError(
                    .refusedURL, "\(subject) names another host; a file:// CDN reads only its own directory")
            }
            // `path` decodes `%2e` but keeps `%2f` and `%00`: a name with those in it is nothing a CDN serves.
            let lowercased = url.path.lowercased()
            guard !lowercased.contains("%2f"), !lowercased.contains("%00"), !url.path.contains("\0") else {
                throw FetchError(
                    .refusedURL, "\(subject) encodes a slash or a NUL byte in its path; refusing to read it")
            }
            guard let path = Self.normalised(url.path), Self.isInside(path, directory) else {
                throw FetchError(
                    .refusedURL, "\(subject) leads outside the CDN's directory '\(directory)'; refusing to read it")
            }
            try checkRealPath(path, subject: subject)
            return URL(fileURLWithPath: path).absoluteString
        }
        guard url.user == nil, url.password == nil else {
            throw FetchError(
                .refusedURL,
                "The manifest's URL for '\(locale.displayForm)' carries a user or password; refusing to fetch it "
                    + "(credentials never come from a manifest)")
        }
        guard let target = Origin(of: url), target == origin || allowedOrigins.contains(target) else {
            let target = Origin(of: url).map { "'\($0)'" } ?? "another origin"
            throw FetchError(
                .refusedURL,
                "\(subject) is on \(target), not the CDN's origin '\(origin.map(\.description) ?? "")'; refusing "
                    + "to fetch it. If that origin serves this project, allow it in allowedOrigins")
        }
        return url.absoluteString
    }

    /// For a `file://` CDN, checks that `url`, a URL the fetcher built below the CDN, does not lead out of the
    /// CDN's directory through a symbolic link. Nothing to check for an http(s) CDN.
    /// - Parameter url: the `file://` URL about to be read.
    /// - Throws: `FetchError` that quotes the URL.
    func checkFile(_ url: String) throws(FetchError) {
        guard let directory else { return }
        let subject = "'\(QuotedExcerpt.of(url))'"
        guard let path = URL(string: url).map(\.path).flatMap(Self.normalised), Self.isInside(path, directory) else {
            throw FetchError(
                .refusedURL, "\(subject) is outside the CDN's directory '\(directory)'; refusing to read it")
        }
        try checkRealPath(path, subject: subject)
    }

    private func isAllowed(scheme urlScheme: String) -> Bool {
        switch scheme {
        case "http": return urlScheme == "http" || urlScheme == "https"
        default: return urlScheme == scheme
        }
    }

    /// A file that exists must be inside the directory's real path once every link is followed; one that does
    /// not exist is left to the read, which fails.
    private func checkRealPath(_ path: String, subject: String) throws(FetchError) {
        guard let directory, let realDirectory = Self.realPath(directory), let real = Self.realPath(path) else {
            return
        }
        guard Self.isInside(real, realDirectory) else {
            throw FetchError(
                .refusedURL,
                "\(subject) leads through a symbolic link outside the CDN's directory '\(directory)'; refusing to "
                    + "read it")
        }
    }

    /// `path` with `.` and `..` resolved and repeated slashes merged, or `nil` when it is not absolute or climbs
    /// above the root.
    static func normalised(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return nil }
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Whether `path` is `directory` or below it (both normalised).
    static func isInside(_ path: String, _ directory: String) -> Bool {
        directory == "/" || path == directory || path.hasPrefix(directory + "/")
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
