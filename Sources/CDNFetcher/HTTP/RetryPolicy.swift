/// When a failed transfer is tried again: on connection errors, timeouts, HTTP 5xx and 429 only, with
/// exponential backoff and full jitter, honouring `Retry-After`. Pure, so every decision is testable.
package struct RetryPolicy: Sendable, Hashable {
    /// How many times a transfer is retried after its first attempt.
    package var maximumRetries: Int
    /// The backoff before the first retry; each later retry doubles it, up to `maximumDelay`.
    package var baseDelay: Double
    package var maximumDelay: Double
    /// The longest `Retry-After` honoured; a server asking for longer is not retried.
    package var maximumRetryAfter: Double

    package init(
        maximumRetries: Int = 3, baseDelay: Double = 0.25, maximumDelay: Double = 8, maximumRetryAfter: Double = 60
    ) {
        self.maximumRetries = maximumRetries
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// How one attempt ended, as far as retrying is concerned.
    package enum Outcome: Hashable, Sendable {
        /// The server answered with `status`, optionally asking to wait `retryAfter` seconds.
        case response(status: Int, retryAfter: Double?)
        /// The transfer failed below HTTP; `isTransient` for connection errors and timeouts.
        case transportFailure(isTransient: Bool)
    }

    package enum Decision: Hashable, Sendable {
        case giveUp
        case retry(after: Double)
    }

    /// What to do after attempt number `attempt` (1 for the first) ended with `outcome`.
    /// - Parameter jitter: a random fraction in `0...1`; the delay is `jitter × backoff` (full jitter).
    package func decision(afterAttempt attempt: Int, outcome: Outcome, jitter: Double) -> Decision {
        guard attempt <= maximumRetries else { return .giveUp }
        let backoff = min(maximumDelay, baseDelay * Double(1 << min(attempt - 1, 30)))
        switch outcome {
        case .transportFailure(let isTransient):
            return isTransient ? .retry(after: backoff * jitter) : .giveUp
        case .response(let status, let retryAfter):
            guard status == 429 || (500...599).contains(status) else { return .giveUp }
            if let retryAfter {
                guard retryAfter <= maximumRetryAfter else { return .giveUp }
                return .retry(after: max(retryAfter, backoff * jitter))
            }
            return .retry(after: backoff * jitter)
        }
    }
}
