/// One GET the HTTP client performs.
package struct HTTPRequest: Sendable, Hashable {
    package var url: String
    /// Extra request headers, such as `If-None-Match`.
    package var headers: [String: String]

    package init(url: String, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// A completed transfer: the final answer after redirects and retries.
package struct HTTPResponse: Sendable, Hashable {
    /// The HTTP status; a successful `file://` read reports 200.
    package var status: Int
    /// Response headers of the final answer, names in lower case.
    package var headers: [String: String]
    /// The decoded body.
    package var body: [UInt8]
    /// Body bytes the final attempt received on the wire: the compressed size when the server compressed and the
    /// transport can tell (libcurl; `URLSession` where it reports transaction metrics), else the body's size.
    package var bytesReceived: Int
    /// The URL that answered, after redirects.
    package var effectiveURL: String
    /// How many attempts the transfer took.
    package var attempts: Int
}

/// A transfer that ended without an HTTP answer.
package struct HTTPTransferError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Kind: Sendable, Hashable {
        case timedOut(seconds: Double)
        case connectionFailed
        /// The connection broke while the body was arriving.
        case interrupted
        case tooLarge(limit: Int)
        /// The fetch this transfer belongs to reached its limit for all bodies together
        /// (`FetchOptions.maximumTotalBytes`) before this one was done, or before it started.
        case fetchTooLarge(limit: Int)
        case tooManyRedirects
        /// A redirect to a scheme that is not allowed (`https` → `http`, or anything but HTTP); the payload
        /// lists the allowed schemes.
        case disallowedRedirect(allowed: String)
        case badContentEncoding
        case tls
        case fileNotFound
        /// The task the transfer ran for was cancelled before it finished (or started).
        case cancelled
        case other
    }

    package let kind: Kind
    package let url: String
    /// The transport's own explanation (libcurl's, or the `URLError`'s).
    package let detail: String
    package let attempts: Int

    package var description: String {
        let tries = attempts > 1 ? " after \(attempts) attempts" : ""
        switch kind {
        case .timedOut(let seconds):
            return
                "Timed out after \(HTTPTransferError.format(seconds)) s fetching '\(url)'\(tries); check the network "
                + "or raise FetchOptions.timeout"
        case .connectionFailed:
            return "Cannot connect to '\(url)'\(tries) (\(detail)); check the network and FetchOptions.cdn"
        case .interrupted:
            return "The connection broke while receiving '\(url)'\(tries) (\(detail)); try again"
        case .tooLarge(let limit):
            return "The response from '\(url)' is larger than the \(HTTPTransferError.size(limit)) limit"
        case .fetchTooLarge(let limit):
            return
                "Did not finish '\(url)': the fetch as a whole reached its limit of \(HTTPTransferError.size(limit)) "
                + "(maximumTotalBytes)"
        case .tooManyRedirects:
            return "Too many redirects fetching '\(url)'; the CDN configuration loops"
        case .disallowedRedirect(let allowed):
            return "Refused a redirect from '\(url)' to another scheme (\(detail)); redirects may only go to "
                + allowed.split(separator: ",").joined(separator: " or ")
        case .badContentEncoding:
            return "The response from '\(url)' has a broken or unknown compression (\(detail))"
        case .tls:
            return
                "TLS verification failed for '\(url)' (\(detail)); for a private CA, name its certificate in FetchOptions.caCertificatePath"
        case .fileNotFound:
            return "No file at '\(url)'; check the directory FetchOptions.cdn names"
        case .cancelled:
            return "Cancelled before '\(url)' finished; nothing of it was stored"
        case .other:
            return "Fetching '\(url)' failed\(tries): \(detail)"
        }
    }

    /// A limit in bytes as messages write it: whole megabytes as `20 MB`, anything else in bytes.
    static func size(_ bytes: Int) -> String {
        bytes >= 1_000_000 && bytes % 1_000_000 == 0 ? "\(bytes / 1_000_000) MB" : "\(bytes) bytes"
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
