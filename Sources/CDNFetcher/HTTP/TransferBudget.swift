import WidgetI18nSupport

/// How many body bytes a group of transfers may receive together (`FetchOptions.maximumTotalBytes`), shared by
/// the rounds of one fetch so that no manifest can make a fetch download without end.
///
/// Transfers take from it as their bodies arrive, and give back what a retry throws away; once a chunk would
/// pass the limit it is spent: that transfer fails, and transfers not yet started fail without a request.
package final class TransferBudget: Sendable {
    /// The most body bytes, after decompression, the transfers may receive together.
    package let limit: Int
    private let state = Locked((used: 0, isSpent: false))

    /// - Parameter limit: the most body bytes the transfers may receive together.
    package init(limit: Int) {
        self.limit = limit
    }

    /// Takes `count` bytes; `false`, taking nothing and spending the budget, when that would pass the limit.
    func take(_ count: Int) -> Bool {
        state.withLock { state in
            guard !state.isSpent, state.used + count <= limit else {
                state.isSpent = true
                return false
            }
            state.used += count
            return true
        }
    }

    /// Gives back `count` bytes a transfer received and then threw away (before a retry).
    func giveBack(_ count: Int) {
        state.withLock { $0.used -= count }
    }

    /// Whether a transfer was refused: nothing more may start.
    var isSpent: Bool { state.withLock { $0.isSpent } }
}
