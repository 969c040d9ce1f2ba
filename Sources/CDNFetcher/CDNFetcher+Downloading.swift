import Foundation
import GroupContract
import GroupStore
import I18nCore
import LocaleData
import WidgetI18nSupport

extension CDNFetcher {
    // MARK: - Downloading

    /// Downloads every plan's files and caches each locale as soon as all its files are in, so validation,
    /// hashing and writing overlap the transfers still running. A second round fetches what the first could
    /// not finish: the unchanged files of a namespaced locale that came back partly 304, and the namespace
    /// files of a batch answer that failed or lacked a namespace.
    ///
    /// Structured: the transfers and each locale's caching are child tasks of one group; the blocking parts run
    /// on threads of their own (the transport's, and `caching`'s). A cancelled task stops the transfers, and a
    /// locale whose caching had not begun is not written: its result says it was cancelled.
    func download(
        _ plans: [Plan], manifest: Manifest, progress: (@Sendable (Int, Int, Int) -> Void)?
    ) async -> [LocaleFetchResult] {
        var results = [LocaleFetchResult?](repeating: nil, count: plans.count)
        let budget = TransferBudget(limit: options.maximumTotalBytes)
        var round = Array(plans.enumerated()).map { (index: $0.offset, plan: $0.element) }
        // At most two rounds: the second only re-requests what the first could not finish.
        for isFirst in [true, false] where !round.isEmpty {
            let current = round
            let requests = current.flatMap { entry in
                entry.plan.urls.map { HTTPRequest(url: $0, headers: entry.plan.conditionalHeaders[$0] ?? [:]) }
            }
            let groupSizes = current.map(\.plan.urls.count)
            let (finishedLocales, feed) = AsyncStream.makeStream(of: (group: Int, results: [Transfer]).self)
            var next: [(index: Int, plan: Plan)] = []
            await withTaskGroup(of: (index: Int, completion: Completion)?.self) { group in
                group.addTask { [client] in
                    let collector = Locked(TransferCollector<Transfer>(groupSizes: groupSizes))
                    _ = await client.perform(requests, budget: budget, progress: isFirst ? progress : nil) {
                        index, result in
                        if let complete = collector.withLock({ $0.record(result, request: index) }) {
                            feed.yield(complete)
                        }
                    }
                    feed.finish()
                    return nil
                }
                // Iterated by hand: `for await` calls `next(isolation:)`, which needs iOS 18 (the floor is 16).
                var finished = finishedLocales.makeAsyncIterator()
                while let complete = await finished.next() {
                    let (planIndex, plan) = current[complete.group]
                    group.addTask { [caching] in
                        guard !Task.isCancelled else {
                            return (planIndex, .done(self.cancelled(plan, parts: complete.results)))
                        }
                        let completion = await caching.run {
                            self.complete(plan, parts: complete.results, isFirstRound: isFirst)
                        }
                        return (planIndex, completion)
                    }
                }
                while let done = await group.next() {
                    guard let (index, completion) = done else { continue }
                    switch completion {
                    case .done(let result): results[index] = result
                    case .again(let plan): next.append((index, plan))
                    }
                }
            }
            guard !Task.isCancelled else {
                // A cancelled task stops reading the stream too: every locale of the round without a result
                // (waiting for a second round, or never handed over) was cancelled.
                for (index, plan) in current where results[index] == nil { results[index] = cancelled(plan, parts: []) }
                break
            }
            round = next.sorted { $0.index < $1.index }
        }
        return results.compactMap { $0 }
    }

    /// The result of a locale that a cancellation kept from being cached.
    func cancelled(_ plan: Plan, parts: [Transfer]) -> LocaleFetchResult {
        let bytes = parts.reduce(0) { sum, part in
            if case .success(let response) = part { return sum + response.bytesReceived }
            return sum
        }
        return LocaleFetchResult(
            locale: plan.language.tag,
            outcome: .failed(
                "Cancelled before '\(plan.language.tag.displayForm)' was cached; nothing of it was stored"),
            bytesTransferred: bytes, urls: plan.urls)
    }

    typealias Transfer = Result<HTTPResponse, HTTPTransferError>

    /// What finishing a locale's transfers led to: a result, or a plan for a second round.
    enum Completion {
        case done(LocaleFetchResult)
        case again(Plan)
    }
}
