import Foundation

/// What performs one attempt of one GET: the seam between the fetcher's HTTP client, which owns everything
/// above a single attempt (concurrency, retries and their backoff, the fetch's byte budget, cancellation), and
/// the system's HTTP stack below it.
///
/// Two transports implement it: ``URLSessionTransport`` everywhere (the one an app uses on Apple platforms) and,
/// where the package links libcurl (Linux), `CurlTransport`. Both keep the same rules, tested against the same
/// servers: the body cap (``BodyReceiver``), the schemes a request and a redirect may use, at most
/// `maximumRedirects` redirects, no HTTP cache of their own (the store's validators are the only ones), and
/// decompression of what they ask for.
package protocol HTTPTransport: Sendable {
    /// Performs one attempt of `request`, delivering its body into `body`, and says how it ended. Returns
    /// promptly with a `cancelled` failure once the calling task is cancelled, the transfer stopped.
    func attempt(_ request: HTTPRequest, attempt: Int, body: BodyReceiver) async -> HTTPAttempt
}

/// How one attempt ended: a response (any status), or a failure below HTTP that may be worth retrying.
package enum HTTPAttempt: Sendable {
    case response(HTTPResponse)
    /// `isTransient` for what another attempt may not meet again: a refused or broken connection, a timeout, a
    /// TLS handshake that did not complete.
    case failure(HTTPTransferError, isTransient: Bool)
}

/// Which transport a fetcher uses.
public struct HTTPTransportKind: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Hashable { case curl, urlSession }
    private let kind: Kind

    /// Foundation's `URLSession`: the system's HTTP stack on Apple platforms (HTTP/2 and 3, proxies, App Transport
    /// Security), FoundationNetworking's elsewhere.
    public static let urlSession = HTTPTransportKind(kind: .urlSession)
    #if canImport(CCurl)
        /// libcurl, through one multi handle per fetcher; linked on Linux only.
        public static let curl = HTTPTransportKind(kind: .curl)
    #endif

    /// libcurl where the package links it (Linux), else `URLSession`.
    public static var platformDefault: HTTPTransportKind {
        #if canImport(CCurl)
            return .curl
        #else
            return .urlSession
        #endif
    }

    /// The transports this platform has, by name.
    public static var available: [HTTPTransportKind] {
        #if canImport(CCurl)
            return [.curl, .urlSession]
        #else
            return [.urlSession]
        #endif
    }

    /// The transport called `name`, or `nil` when this platform has none by that name.
    /// - Parameter name: `curl` or `urlsession`, in any case (the CLI's `--http-client`).
    public init?(named name: String) {
        guard let kind = Self.available.first(where: { $0.description == name.lowercased() }) else { return nil }
        self = kind
    }

    private init(kind: Kind) { self.kind = kind }

    /// `curl` or `urlsession`.
    public var description: String { kind == .curl ? "curl" : "urlsession" }

    /// A transport of this kind for `configuration`.
    func makeTransport(_ configuration: HTTPClientConfiguration) -> any HTTPTransport {
        #if canImport(CCurl)
            if kind == .curl { return CurlTransport(configuration: configuration) }
        #endif
        return URLSessionTransport(configuration: configuration)
    }
}

/// Receives one attempt's body for a transport, within the per-response cap and the fetch's budget: the one
/// rule both transports apply as bytes arrive, so that neither holds more than the cap in memory.
package final class BodyReceiver: @unchecked Sendable {
    // @unchecked: a transport delivers one attempt's bytes from one thread at a time (libcurl's loop, or the
    // URLSession delegate queue, which is serial), and reads the result only after the last delivery.
    /// The most body bytes one response may have.
    package let limit: Int
    /// What the whole fetch may still receive, when it has a limit.
    package let budget: TransferBudget?
    package private(set) var bytes: [UInt8] = []
    /// The body passed `limit`: the transfer must stop and fail as `tooLarge`.
    package private(set) var exceededLimit = false
    /// The fetch's budget was spent: the transfer must stop and fail as `fetchTooLarge`.
    package private(set) var exceededBudget = false

    package init(limit: Int, budget: TransferBudget?) {
        self.limit = limit
        self.budget = budget
    }

    /// Takes `chunk`; `false` (keeping nothing of it) when it would pass the cap or the budget.
    package func receive(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count + chunk.count <= limit else {
            exceededLimit = true
            return false
        }
        if let budget, !budget.take(chunk.count) {
            exceededBudget = true
            return false
        }
        bytes.append(contentsOf: chunk)
        return true
    }

    /// Refuses a body whose declared length passes the cap before any of it arrives; `false` when it does.
    package func accept(declaredLength: Int64) -> Bool {
        guard declaredLength <= Int64(limit) else {
            exceededLimit = true
            return false
        }
        return true
    }

    /// The failure a transfer stopped by `receive` or `accept` ends with, or `nil` when neither stopped it.
    package var refusal: HTTPTransferError.Kind? {
        if exceededLimit { return .tooLarge(limit: limit) }
        if exceededBudget { return .fetchTooLarge(limit: budget?.limit ?? 0) }
        return nil
    }

    /// Gives the bytes received back to the fetch's budget: the attempt is thrown away before a retry.
    package func giveBack() {
        if let budget, !bytes.isEmpty { budget.giveBack(bytes.count) }
    }
}

extension HTTPResponse {
    /// `Retry-After` as seconds: a number of seconds or an HTTP date; `nil` when absent or neither.
    var retryAfter: Double? {
        guard let value = headers["retry-after"] else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, date.timeIntervalSinceNow)
    }
}

extension HTTPClientConfiguration {
    /// Whether `scheme` may be requested at all (`allowedSchemes`).
    func allows(scheme: String?) -> Bool {
        guard let scheme = scheme?.lowercased() else { return false }
        return allowedSchemes.split(separator: ",").contains { $0 == scheme }
    }

    /// Whether a redirect may go to `scheme` (`allowedRedirectSchemes`).
    func allowsRedirect(toScheme scheme: String?) -> Bool {
        guard let scheme = scheme?.lowercased() else { return false }
        return allowedRedirectSchemes.split(separator: ",").contains { $0 == scheme }
    }
}
