import Foundation
import I18nCore

/// How the HTTP client talks to the CDN.
package struct HTTPClientConfiguration: Sendable, Hashable {
    /// The transport below the client: libcurl on Linux by default, `URLSession` on Apple platforms.
    package var transport = HTTPTransportKind.platformDefault
    package var connectTimeout: Double = 10
    /// The limit for one attempt, from connecting to the last body byte.
    package var timeout: Double = 30
    /// Responses larger than this are aborted (declared or not).
    package var maximumBodyBytes: Int = 20_000_000
    /// Transfers running at once; the transport keeps its connections between them, so they are reused and
    /// HTTP/2 streams multiplexed where the server offers it.
    package var maximumConcurrency: Int = 8
    package var maximumRedirects: Int = 5
    /// A CA bundle to verify TLS against, for a private CA (libcurl only). Verification itself is never turned off.
    package var caCertificatePath: String?
    package var retryPolicy = RetryPolicy()
    /// The URL schemes the client may use at all, such as `http,https` or `file`.
    package var allowedSchemes = "http,https"
    /// The schemes a redirect may go to: `https` for an https CDN, so a redirect can never downgrade.
    package var allowedRedirectSchemes = "https"
    package var userAgent = "widget-i18n/\(WidgetI18nVersion.current)"

    package init() {}
}

/// The fetcher's HTTP client: performs a batch of GETs in parallel with retries, over a transport
/// (``HTTPTransport``) that performs single attempts.
///
/// Everything above one attempt is here, once for both transports: at most `maximumConcurrency` transfers at
/// once, retries on network errors, timeouts, 5xx and 429 only with backoff (`RetryPolicy`), the fetch's byte
/// budget, and cancellation: a cancelled task's transfers stop (the transport ends each attempt), a retry that
/// waits is not made, and requests not started are never made. One client keeps one transport, so the manifest
/// and the bundles after it share connections.
///
///     let client = HTTPClient(configuration: HTTPClientConfiguration())
///     let results = await client.perform([HTTPRequest(url: "https://cdn.example/acme/widgets/manifest.json")])
package final class HTTPClient: Sendable {
    package let configuration: HTTPClientConfiguration
    private let transport: any HTTPTransport

    package init(configuration: HTTPClientConfiguration) {
        self.configuration = configuration
        transport = configuration.transport.makeTransport(configuration)
    }

    /// Performs `requests` in parallel; the results are in the order of the requests.
    /// - Parameters:
    ///   - budget: the most body bytes the requests may receive together, shared with other batches of the same
    ///     fetch; once it is spent the rest fail with `fetchTooLarge`, unstarted ones without a request.
    ///   - progress: called as transfers finish, one call at a time: (finished, total, body bytes).
    ///   - onResult: called, one call at a time, with each request's final result as soon as it is known
    ///     (`cancelled` for those a cancellation cut short), so the caller can start on it while other transfers
    ///     run. Keep it short: hand work elsewhere.
    package func perform(
        _ requests: [HTTPRequest], budget: TransferBudget? = nil,
        progress: (@Sendable (_ finished: Int, _ total: Int, _ bytes: Int) -> Void)? = nil,
        onResult: (@Sendable (_ index: Int, _ result: Result<HTTPResponse, HTTPTransferError>) -> Void)? = nil
    ) async -> [Result<HTTPResponse, HTTPTransferError>] {
        guard !requests.isEmpty else { return [] }
        var results = [Result<HTTPResponse, HTTPTransferError>?](repeating: nil, count: requests.count)
        await withTaskGroup(of: (Int, Result<HTTPResponse, HTTPTransferError>).self) { group in
            var next = 0
            func startNext() {
                guard next < requests.count else { return }
                let index = next
                next += 1
                group.addTask { [self] in (index, await transfer(requests[index], budget: budget)) }
            }
            for _ in 0..<max(1, configuration.maximumConcurrency) { startNext() }
            var finished = 0
            var bytes = 0
            // Iterated by hand: `for await` calls `next(isolation:)`, which needs iOS 18 (the floor is 16).
            while let (index, result) = await group.next() {
                results[index] = result
                finished += 1
                if case .success(let response) = result { bytes += response.body.count }
                progress?(finished, requests.count, bytes)
                onResult?(index, result)
                startNext()
            }
        }
        return results.map { $0! }
    }

    /// One request's attempts, until it succeeds, fails for good, the budget is spent or the task is cancelled.
    private func transfer(_ request: HTTPRequest, budget: TransferBudget?) async -> Result<
        HTTPResponse, HTTPTransferError
    > {
        var attempts = 0
        while true {
            guard !Task.isCancelled else {
                return .failure(
                    HTTPTransferError(
                        kind: .cancelled, url: request.url, detail: attempts == 0 ? "not started" : "stopped",
                        attempts: attempts))
            }
            if let budget, budget.isSpent {
                // The fetch has received all it may: what has not started (or waits to retry) fails unasked.
                return .failure(
                    HTTPTransferError(
                        kind: .fetchTooLarge(limit: budget.limit), url: request.url, detail: "not started",
                        attempts: attempts))
            }
            attempts += 1
            let body = BodyReceiver(limit: configuration.maximumBodyBytes, budget: budget)
            let outcome = await transport.attempt(request, attempt: attempts, body: body)
            let result: Result<HTTPResponse, HTTPTransferError>
            let retryOutcome: RetryPolicy.Outcome
            switch outcome {
            case .response(let response):
                result = .success(response)
                retryOutcome = .response(status: response.status, retryAfter: response.retryAfter)
            case .failure(let error, let isTransient):
                result = .failure(error)
                retryOutcome = .transportFailure(isTransient: isTransient)
            }
            if case .failure(let error) = result, error.kind == .cancelled { return result }
            switch configuration.retryPolicy.decision(
                afterAttempt: attempts, outcome: retryOutcome, jitter: Double.random(in: 0...1))
            {
            case .giveUp:
                return result
            case .retry(let delay):
                // The retry starts the body again: what this attempt received no longer counts against the fetch.
                body.giveBack()
                try? await Task.sleep(for: .milliseconds(Int(delay * 1000)))
            }
        }
    }
}
