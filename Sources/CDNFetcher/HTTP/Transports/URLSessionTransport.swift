import Foundation
import WidgetI18nSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSession` transport: the system's HTTP stack on Apple platforms, FoundationNetworking's on Linux, where
/// the same code is built and tested against the same servers as libcurl's.
///
/// One ephemeral session per fetcher, so the manifest and the bundles share its connections. It keeps the
/// fetcher's rules where `URLSession` has other defaults:
/// - **No HTTP cache.** `urlCache` is `nil` and requests ignore local data: the store's validators are the one
///   source of truth, and a request the fetcher makes conditional (`If-None-Match`) gets the server's 304 back, as
///   Apple documents for requests that carry their own validators ("Accessing cached data", `URLRequest.CachePolicy`
///   `.reloadIgnoringLocalCacheData`).
/// - **Decompression.** `URLSession` asks for and decodes gzip, deflate and br by itself (Apple, "URLSession":
///   `Accept-Encoding` is one of the headers it sets; it must not be set by the app). A `Content-Encoding` it does
///   not decode is refused, as libcurl refuses it, where Apple's stack would hand the raw bytes over.
/// - **Redirects.** At most `maximumRedirects`, and only to the allowed schemes, checked in
///   `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)` (Apple: the delegate decides each
///   redirect); FoundationNetworking follows up to 20 and any scheme libcurl knows on its own.
/// - **Time.** `timeout` bounds the whole attempt (`timeoutIntervalForResource`) and the wait for each byte
///   (`timeoutIntervalForRequest`); `URLSession` has no connect timeout of its own, so `connectTimeout` is not
///   applied separately.
/// - **Files.** A `file://` CDN is read from disk: Apple's `URLSession` loads file URLs, FoundationNetworking's does
///   not ("unsupported URL"), so both read them the same way, within the same cap.
/// - **TLS.** The system's trust store; a private CA is trusted through the system (a configuration profile on
///   iOS), so `caCertificatePath` is refused (`FetchError` `invalidOptions`).
/// - **Wire size.** `bytesReceived` is the metrics' `countOfResponseBodyBytesReceived` (before decoding) where
///   the system reports transaction metrics (Apple platforms); FoundationNetworking reports none, so there it is
///   the decoded body's size.
final class URLSessionTransport: HTTPTransport {
    private let configuration: HTTPClientConfiguration
    private let session: URLSession
    private let delegate: SessionDelegate
    /// Where `file://` URLs are read.
    private let files: BlockingPool

    init(configuration: HTTPClientConfiguration) {
        self.configuration = configuration
        files = BlockingPool(name: "widget-i18n.files", width: max(1, configuration.maximumConcurrency))
        let settings = URLSessionConfiguration.ephemeral
        settings.urlCache = nil
        settings.requestCachePolicy = .reloadIgnoringLocalCacheData
        settings.httpCookieStorage = nil
        settings.httpShouldSetCookies = false
        settings.httpMaximumConnectionsPerHost = max(1, configuration.maximumConcurrency)
        settings.timeoutIntervalForRequest = configuration.timeout
        settings.timeoutIntervalForResource = configuration.timeout
        settings.httpAdditionalHeaders = ["User-Agent": configuration.userAgent]
        delegate = SessionDelegate(configuration: configuration)
        // A serial queue of the session's own for the delegate (Apple: `delegateQueue` nil).
        session = URLSession(configuration: settings, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        // A session keeps its delegate until it is invalidated (Apple, "URLSession": "The session object keeps a
        // strong reference to the delegate until your app exits or explicitly invalidates the session").
        session.invalidateAndCancel()
    }

    /// A failure of `request`'s attempt number `attempt` that another attempt would meet again.
    private static func failure(
        _ kind: HTTPTransferError.Kind, _ detail: String, request: HTTPRequest, attempt: Int
    ) -> HTTPAttempt {
        .failure(HTTPTransferError(kind: kind, url: request.url, detail: detail, attempts: attempt), isTransient: false)
    }

    func attempt(_ request: HTTPRequest, attempt: Int, body: BodyReceiver) async -> HTTPAttempt {
        func failure(_ kind: HTTPTransferError.Kind, _ detail: String) -> HTTPAttempt {
            Self.failure(kind, detail, request: request, attempt: attempt)
        }
        guard var url = URL(string: request.url), configuration.allows(scheme: url.scheme) else {
            return failure(
                .disallowedRedirect(allowed: configuration.allowedSchemes), "the URL's scheme is not allowed")
        }
        // Schemes are case-insensitive (RFC 3986, 3.1); FoundationNetworking finds no protocol for `HTTP://`.
        if var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme, scheme != scheme.lowercased()
        {
            components.scheme = scheme.lowercased()
            url = components.url ?? url
        }
        if url.isFileURL {
            // Reading waits on the disk: on a thread of the transport's own, never the cooperative pool's.
            let file = url
            return await files.run { Self.read(file, request: request, attempt: attempt, body: body) }
        }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        urlRequest.timeoutInterval = configuration.timeout
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: urlRequest)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.register(
                    task, TaskState(request: request, attempt: attempt, body: body, continuation: continuation))
                // A task cancelled before it is resumed completes at once as cancelled.
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// A `file://` URL read from disk, as libcurl reads one: its bytes within the cap, or `fileNotFound`.
    private static func read(_ url: URL, request: HTTPRequest, attempt: Int, body: BodyReceiver) -> HTTPAttempt {
        func failure(_ kind: HTTPTransferError.Kind, _ detail: String) -> HTTPAttempt {
            Self.failure(kind, detail, request: request, attempt: attempt)
        }
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            return failure(.fileNotFound, "cannot open '\(url.path)'")
        }
        defer { try? handle.close() }
        do {
            if let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int64,
                !body.accept(declaredLength: size)
            {
                return failure(.tooLarge(limit: body.limit), "the file has \(size) bytes")
            }
            while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                guard chunk.withUnsafeBytes({ body.receive($0) }) else {
                    return failure(body.refusal ?? .other, "stopped reading '\(url.path)'")
                }
            }
        } catch {
            return failure(.fileNotFound, "cannot read '\(url.path)': \(error.localizedDescription)")
        }
        return .response(
            HTTPResponse(
                status: 200, headers: [:], body: body.bytes, bytesReceived: body.bytes.count,
                effectiveURL: request.url, attempts: attempt))
    }
}

/// One data task's state, from its start to its completion.
private struct TaskState {
    let request: HTTPRequest
    let attempt: Int
    let body: BodyReceiver
    let continuation: CheckedContinuation<HTTPAttempt, Never>
    var response: HTTPURLResponse?
    var redirects = 0
    /// Why the transport stopped the task itself, when it did: a redirect or an encoding it refuses.
    var refusal: (kind: HTTPTransferError.Kind, detail: String)?
    var wireBytes: Int?
}

/// The session's delegate: receives every task's events on the session's serial queue.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let configuration: HTTPClientConfiguration
    private let tasks = Locked([Int: TaskState]())

    init(configuration: HTTPClientConfiguration) {
        self.configuration = configuration
    }

    func register(_ task: URLSessionTask, _ state: TaskState) {
        tasks.withLock { $0[task.taskIdentifier] = state }
    }

    private func update<Value>(_ task: URLSessionTask, _ body: (inout TaskState) -> Value) -> Value? {
        tasks.withLock { tasks in
            guard var state = tasks[task.taskIdentifier] else { return nil }
            defer { tasks[task.taskIdentifier] = state }
            return body(&state)
        }
    }

    /// The encodings `URLSession` decodes by itself, and none: anything else is refused, as libcurl refuses it.
    private static let decodedEncodings: Set<String> = ["", "identity", "gzip", "x-gzip", "deflate", "br"]

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let encoding = (http?.value(forHTTPHeaderField: "Content-Encoding") ?? "").lowercased()
        let allowed = update(dataTask) { state -> Bool in
            state.response = http
            if !Self.decodedEncodings.contains(encoding.trimmingCharacters(in: .whitespaces)) {
                state.refusal = (.badContentEncoding, "unknown Content-Encoding '\(encoding)'")
                return false
            }
            // A declared length past the cap is refused before its body arrives (libcurl: CURLOPT_MAXFILESIZE).
            let declared = response.expectedContentLength
            if encoding.isEmpty || encoding == "identity", declared > 0, !state.body.accept(declaredLength: declared) {
                return false
            }
            return true
        }
        completionHandler(allowed == false ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let accepted = update(dataTask) { state in data.withUnsafeBytes { state.body.receive($0) } }
        if accepted == false { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The target as the server named it: FoundationNetworking resolves a `Location` in another scheme
        // (`file:///etc/passwd`) against the current URL's before the delegate sees it.
        let location = response.value(forHTTPHeaderField: "Location").flatMap {
            URL(string: $0, relativeTo: response.url)
        }
        let targetURL = location ?? request.url
        let follows = update(task) { state -> Bool in
            state.redirects += 1
            let target = targetURL?.absoluteString ?? "?"
            if state.redirects > configuration.maximumRedirects {
                state.refusal = (.tooManyRedirects, "more than \(configuration.maximumRedirects) redirects")
                return false
            }
            if !configuration.allowsRedirect(toScheme: targetURL?.scheme)
                || !configuration.allowsRedirect(toScheme: request.url?.scheme)
            {
                state.refusal = (
                    .disallowedRedirect(allowed: configuration.allowedRedirectSchemes), "to '\(target)'"
                )
                return false
            }
            return true
        }
        if follows == true {
            completionHandler(request)
        } else {
            completionHandler(nil)
            task.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        // Before decoding (Apple, "countOfResponseBodyBytesReceived"); FoundationNetworking reports no transactions.
        guard let received = metrics.transactionMetrics.last?.countOfResponseBodyBytesReceived else { return }
        _ = update(task) { $0.wireBytes = Int(received) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let state = tasks.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        state.continuation.resume(returning: outcome(state, error: error, url: task.currentRequest?.url))
    }

    private func outcome(_ state: TaskState, error: Error?, url: URL?) -> HTTPAttempt {
        func failure(_ kind: HTTPTransferError.Kind, _ detail: String, transient: Bool = false) -> HTTPAttempt {
            .failure(
                HTTPTransferError(kind: kind, url: state.request.url, detail: detail, attempts: state.attempt),
                isTransient: transient)
        }
        if let refusal = state.body.refusal { return failure(refusal, "stopped receiving") }
        if let refusal = state.refusal { return failure(refusal.kind, refusal.detail) }
        guard let error else {
            guard let response = state.response else { return failure(.other, "no response") }
            var headers: [String: String] = [:]
            for case (let name as String, let value as String) in response.allHeaderFields {
                headers[name.lowercased()] = value
            }
            return .response(
                HTTPResponse(
                    status: response.statusCode, headers: headers, body: state.body.bytes,
                    bytesReceived: state.wireBytes ?? state.body.bytes.count,
                    effectiveURL: (response.url ?? url)?.absoluteString ?? state.request.url, attempts: state.attempt))
        }
        let detail = error.localizedDescription
        switch (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code) {
        case .cancelled:
            return failure(.cancelled, "stopped")
        case .timedOut:
            return failure(.timedOut(seconds: configuration.timeout), detail, transient: true)
        case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed, .notConnectedToInternet,
            .internationalRoamingOff, .callIsActive, .dataNotAllowed:
            return failure(.connectionFailed, detail, transient: true)
        case .networkConnectionLost, .badServerResponse, .zeroByteResource:
            return failure(.interrupted, detail, transient: true)
        case .httpTooManyRedirects:
            return failure(.tooManyRedirects, detail)
        case .cannotDecodeContentData, .cannotDecodeRawData:
            return failure(.badContentEncoding, detail)
        case .unknown where state.response?.value(forHTTPHeaderField: "Content-Encoding") != nil:
            // FoundationNetworking reports libcurl's failure to decode as an unknown error.
            return failure(.badContentEncoding, detail)
        case .secureConnectionFailed:
            return failure(.tls, detail, transient: true)
        case .serverCertificateHasBadDate, .serverCertificateUntrusted, .serverCertificateHasUnknownRoot,
            .serverCertificateNotYetValid, .clientCertificateRejected, .clientCertificateRequired:
            return failure(.tls, detail)
        case .dataLengthExceedsMaximum:
            return failure(.tooLarge(limit: state.body.limit), detail)
        case .unsupportedURL:
            return failure(.disallowedRedirect(allowed: configuration.allowedRedirectSchemes), detail)
        default:
            return failure(.other, detail)
        }
    }
}
