import CCurl
import Foundation
import I18nCore
import WidgetI18nSupport

/// How the HTTP client talks to the CDN.
package struct HTTPClientConfiguration: Sendable, Hashable {
    package var connectTimeout: Double = 10
    /// The limit for one attempt, from connecting to the last body byte.
    package var timeout: Double = 30
    /// Responses larger than this are aborted (declared or not).
    package var maximumBodyBytes: Int = 20_000_000
    /// Transfers running at once; all share one libcurl multi handle, so connections are reused and HTTP/2
    /// streams multiplexed where the server offers it.
    package var maximumConcurrency: Int = 8
    package var maximumRedirects: Int = 5
    /// A CA bundle to verify TLS against, for a private CA. Verification itself is never turned off.
    package var caCertificatePath: String?
    package var retryPolicy = RetryPolicy()
    /// The URL schemes the client may use at all, such as `http,https` or `file`.
    package var allowedSchemes = "http,https"
    /// The schemes a redirect may go to: `https` for an https CDN, so a redirect can never downgrade.
    package var allowedRedirectSchemes = "https"
    package var userAgent = "widget-i18n/\(WidgetI18nVersion.current)"

    package init() {}
}

/// A small libcurl client: performs a batch of GETs in parallel over one multi handle, with retries.
///
/// The multi handle belongs to one `BlockingPool` of width 1: batches run there one after another, never on the
/// cooperative pool, and `perform` suspends until its batch is done. One client keeps its connections between
/// batches, so the manifest and the bundles after it share connections. A cancelled task's batch stops at the
/// next turn of the loop (`curl_multi_wakeup` ends the wait at once): its unfinished transfers are removed and
/// fail as `cancelled`, and requests not started are never made.
///
///     let client = HTTPClient(configuration: HTTPClientConfiguration())
///     let results = await client.perform([HTTPRequest(url: "https://cdn.example/acme/widgets/manifest.json")])
package final class HTTPClient: Sendable {
    package let configuration: HTTPClientConfiguration
    /// Touched only by `loop`'s one thread, except `curl_multi_wakeup`, which libcurl lets any thread call
    /// ("curl_multi_wakeup", libcurl's manual: "can be called from any thread").
    private let multi: MultiHandle
    private let loop = BlockingPool(name: "widget-i18n.http", width: 1)

    package init(configuration: HTTPClientConfiguration) {
        HTTPClient.initializeLibcurl
        self.configuration = configuration
        let handle = curl_multi_init()
        _ = widget_i18n_multi_setopt_long(handle, CURLMOPT_MAX_HOST_CONNECTIONS, configuration.maximumConcurrency)
        _ = widget_i18n_multi_setopt_long(handle, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        multi = MultiHandle(pointer: handle)
    }

    deinit {
        // Every batch holds the client until it is done, so no loop is running.
        curl_multi_cleanup(multi.pointer)
    }

    /// Performs `requests` in parallel; the results are in the order of the requests.
    /// - Parameters:
    ///   - budget: the most body bytes the requests may receive together, shared with other batches of the same
    ///     fetch; once it is spent the rest fail with `fetchTooLarge`, unstarted ones without a request.
    ///   - progress: called on the client's thread as transfers finish: (finished, total, body bytes).
    ///   - onResult: called on the client's thread with each request's final result as soon as it is known
    ///     (`cancelled` for those a cancellation cut short), so the caller can start on it while other transfers
    ///     run. Keep it short: hand work elsewhere.
    package func perform(
        _ requests: [HTTPRequest], budget: TransferBudget? = nil,
        progress: (@Sendable (_ finished: Int, _ total: Int, _ bytes: Int) -> Void)? = nil,
        onResult: (@Sendable (_ index: Int, _ result: Result<HTTPResponse, HTTPTransferError>) -> Void)? = nil
    ) async -> [Result<HTTPResponse, HTTPTransferError>] {
        guard !requests.isEmpty else { return [] }
        let cancellation = Cancellation()
        return await withTaskCancellationHandler {
            await loop.run { [self] in
                run(requests, budget: budget, cancellation: cancellation, progress: progress, onResult: onResult)
            }
        } onCancel: { [multi] in
            cancellation.cancel()
            curl_multi_wakeup(multi.pointer)
        }
    }

    /// The libcurl version string, such as `libcurl/7.88.1 OpenSSL/3.0.11 zlib/1.2.13 nghttp2/1.52.0`.
    package static var libcurlVersion: String { String(cString: curl_version()) }

    private static let initializeLibcurl: Void = {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    }()

    // MARK: - The multi loop

    private func run(
        _ requests: [HTTPRequest], budget: TransferBudget?, cancellation: Cancellation,
        progress: (@Sendable (Int, Int, Int) -> Void)?,
        onResult: (@Sendable (Int, Result<HTTPResponse, HTTPTransferError>) -> Void)?
    ) -> [Result<HTTPResponse, HTTPTransferError>] {
        let multi = multi.pointer
        var finished = 0
        var bytes = 0
        // What a request that never finishes reports: the loop ends with every request answered, unless it was
        // cancelled.
        var results: [Result<HTTPResponse, HTTPTransferError>] = requests.map {
            .failure(HTTPTransferError(kind: .cancelled, url: $0.url, detail: "not finished", attempts: 0))
        }
        var waiting: [(index: Int, notBefore: ContinuousClock.Instant)] = requests.indices.map { ($0, .now) }
        var transfers = requests.enumerated().map {
            Transfer(index: $0.offset, request: $0.element, limit: configuration.maximumBodyBytes, budget: budget)
        }
        var active: [UnsafeMutableRawPointer: Int] = [:]

        while !waiting.isEmpty || !active.isEmpty {
            if cancellation.isCancelled {
                // Checked after every wait, which `curl_multi_wakeup` ends: what runs is stopped, nothing new starts.
                for (easy, index) in active {
                    curl_multi_remove_handle(multi, easy)
                    results[index] = .failure(
                        HTTPTransferError(
                            kind: .cancelled, url: requests[index].url, detail: "stopped",
                            attempts: transfers[index].attempts))
                }
                for index in active.values.sorted() + waiting.map(\.index) {
                    finished += 1
                    progress?(finished, requests.count, bytes)
                    onResult?(index, results[index])
                }
                active.removeAll()
                waiting.removeAll()
                break
            }
            if let budget, budget.isSpent, !waiting.isEmpty {
                // The fetch has received all it may: what has not started (or waits to retry) fails unasked.
                for (index, _) in waiting {
                    let result = Result<HTTPResponse, HTTPTransferError>.failure(
                        HTTPTransferError(
                            kind: .fetchTooLarge(limit: budget.limit), url: requests[index].url,
                            detail: "not started", attempts: transfers[index].attempts))
                    results[index] = result
                    finished += 1
                    progress?(finished, requests.count, bytes)
                    onResult?(index, result)
                }
                waiting.removeAll()
                if active.isEmpty { break }
            }
            let now = ContinuousClock.now
            while active.count < configuration.maximumConcurrency,
                let next = waiting.firstIndex(where: { $0.notBefore <= now })
            {
                let index = waiting.remove(at: next).index
                let easy = transfers[index].start(configuration: configuration)
                active[easy] = index
                curl_multi_add_handle(multi, easy)
            }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var remaining: Int32 = 0
            while let message = curl_multi_info_read(multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                    let index = active.removeValue(forKey: easy)
                else { continue }
                let code = widget_i18n_message_result(message)
                curl_multi_remove_handle(multi, easy)
                let transfer = transfers[index]
                let outcome = transfer.finish(code: code, configuration: configuration)
                switch configuration.retryPolicy.decision(
                    afterAttempt: transfer.attempts, outcome: outcome.retryOutcome, jitter: Double.random(in: 0...1))
                {
                case .retry(let delay):
                    waiting.append((index, ContinuousClock.now + .milliseconds(Int(delay * 1000))))
                case .giveUp:
                    results[index] = outcome.result
                    finished += 1
                    if case .success(let response) = outcome.result { bytes += response.body.count }
                    progress?(finished, requests.count, bytes)
                    onResult?(index, outcome.result)
                }
            }
            if active.isEmpty, waiting.isEmpty { break }
            // Sleep until a socket is ready, or the next retry is due (at most 100 ms, to notice new work).
            var timeout: Int32 = 100
            if active.isEmpty, let soonest = waiting.map(\.notBefore).min() {
                let delay = ContinuousClock.now.duration(to: soonest)
                timeout = Int32(
                    max(
                        0,
                        min(
                            1000, delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000
                        )))
            }
            curl_multi_poll(multi, nil, 0, timeout, nil)
        }
        transfers.removeAll()
        return results
    }
}

/// The multi handle, which only the client's loop touches (and `curl_multi_wakeup`, from any thread).
private struct MultiHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer?
}

/// Whether the task a batch runs for was cancelled: set by the cancellation handler, read by the loop.
private final class Cancellation: Sendable {
    private let state = Locked(false)

    func cancel() { state.withLock { $0 = true } }

    var isCancelled: Bool { state.withLock { $0 } }
}
