import Foundation
import WidgetI18nSupport

/// Where the fetcher's blocking work runs: caching (parsing, hashing, `fsync`). Swift's cooperative pool has one
/// thread per core and must never block, so this goes to threads of its own, and async code awaits them, one
/// continuation per job.
///
/// The pool starts a thread for a job when fewer than `width` are running and stops each thread as soon as the
/// queue is empty: nothing idles. Jobs start in the order they were submitted.
///
///     let pool = BlockingPool(name: "widget-i18n.cache", width: 8)
///     let digest = await pool.run { SHA256.hexDigest(of: bytes) }
///
/// Why a pool of its own threads for caching rather than the cooperative pool or GCD's: caching waits on
/// `fsync`, and behind a thread per core those waits queued one after another (measured: the last locale was
/// cached 30–40 ms after the last transfer).
package final class BlockingPool: Sendable {
    /// A name for the pool's threads, as debuggers and `top -H` show them.
    package let name: String
    /// The most jobs that run at once.
    package let width: Int
    private let state = Locked(State())

    private struct State {
        var queue: [@Sendable () -> Void] = []
        var next = 0
        var running = 0
    }

    /// - Parameters:
    ///   - name: the threads' name.
    ///   - width: the most jobs that run at once; at least 1.
    package init(name: String, width: Int) {
        self.name = name
        self.width = max(1, width)
    }

    /// Runs `body` on one of the pool's threads and returns what it returns.
    package func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            submit { continuation.resume(returning: body()) }
        }
    }

    private func submit(_ job: @escaping @Sendable () -> Void) {
        let startsThread = state.withLock { state in
            state.queue.append(job)
            guard state.running < width else { return false }
            state.running += 1
            return true
        }
        guard startsThread else { return }
        let thread = Thread { [self] in
            while let job = nextJob() { job() }
        }
        thread.name = name
        thread.start()
    }

    /// The next job, or `nil` (and one thread fewer) when the queue is empty.
    private func nextJob() -> (@Sendable () -> Void)? {
        state.withLock { state in
            guard state.next < state.queue.count else {
                state.queue.removeAll()
                state.next = 0
                state.running -= 1
                return nil
            }
            defer { state.next += 1 }
            return state.queue[state.next]
        }
    }
}
