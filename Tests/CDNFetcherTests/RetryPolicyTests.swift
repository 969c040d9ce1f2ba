import CDNFetcher
import Testing

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(maximumRetries: 3, baseDelay: 0.25, maximumDelay: 1, maximumRetryAfter: 60)

    @Test(arguments: [500, 502, 503, 504, 429])
    func retriesServerErrorsAndRateLimits(_ status: Int) {
        #expect(
            policy.decision(afterAttempt: 1, outcome: .response(status: status, retryAfter: nil), jitter: 1)
                == .retry(after: 0.25))
    }

    @Test(arguments: [200, 304, 400, 401, 403, 404, 410, 418])
    func neverRetriesOtherStatuses(_ status: Int) {
        #expect(
            policy.decision(afterAttempt: 1, outcome: .response(status: status, retryAfter: nil), jitter: 1) == .giveUp)
    }

    @Test func backsOffExponentiallyWithJitterUpToTheCap() {
        let outcome = RetryPolicy.Outcome.transportFailure(isTransient: true)
        #expect(policy.decision(afterAttempt: 1, outcome: outcome, jitter: 1) == .retry(after: 0.25))
        #expect(policy.decision(afterAttempt: 2, outcome: outcome, jitter: 1) == .retry(after: 0.5))
        #expect(policy.decision(afterAttempt: 3, outcome: outcome, jitter: 1) == .retry(after: 1))
        #expect(policy.decision(afterAttempt: 3, outcome: outcome, jitter: 0.5) == .retry(after: 0.5))
        #expect(policy.decision(afterAttempt: 4, outcome: outcome, jitter: 1) == .giveUp)
    }

    @Test func permanentTransportFailuresAreNotRetried() {
        #expect(policy.decision(afterAttempt: 1, outcome: .transportFailure(isTransient: false), jitter: 1) == .giveUp)
    }

    @Test func honoursRetryAfter() {
        #expect(
            policy.decision(afterAttempt: 1, outcome: .response(status: 429, retryAfter: 5), jitter: 1)
                == .retry(after: 5))
        #expect(
            policy.decision(afterAttempt: 1, outcome: .response(status: 503, retryAfter: 0), jitter: 1)
                == .retry(after: 0.25))
        #expect(
            policy.decision(afterAttempt: 1, outcome: .response(status: 503, retryAfter: 3600), jitter: 1) == .giveUp)
    }

    @Test func zeroRetriesMeansOneAttempt() {
        let none = RetryPolicy(maximumRetries: 0)
        #expect(none.decision(afterAttempt: 1, outcome: .response(status: 503, retryAfter: nil), jitter: 1) == .giveUp)
    }
}
