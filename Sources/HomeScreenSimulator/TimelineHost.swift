import GroupContract
import GroupStore
import I18nCore
import TimelineEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a host did in one step, for its owner to print or render.
package enum TimelineHostEvent<Entry: DatedEntry>: Sendable {
    /// A new timeline was loaded, and why.
    case reloaded(reason: String)
    /// A reload was asked for but the daily budget is spent; it happens at `until`.
    case deferred(reason: String, until: Date)
    /// The entry on screen changed.
    case show(Entry)
    /// A reload request in the store could not be read (it counts as absent); reported once per message.
    case problem(String)
}

/// The home screen for one widget: holds its timeline, shows the right entry as time passes, asks the
/// provider again when the policy says so, and honours reload requests from the group store within its
/// daily budget. Time is injected (`step(at:)`), so tests drive it through midnights and DST changes.
///
///     let host = TimelineHost(provider: TodayWidget(...), store: store, project: project, context: context)
///     for event in await host.step(at: Date()) { print(event) }
package actor TimelineHost<Provider: EntryTimelineProvider> where Provider.Entry: Equatable {
    /// The widget's timeline provider.
    package let provider: Provider
    /// The group store the host reads reload requests from.
    package let store: any GroupStore
    /// The project whose reload requests the host honours.
    package let project: ProjectID
    /// The context passed to the provider; its `date` is the time of the last `step(at:)`.
    package private(set) var context: EntryTimelineContext
    /// The daily reload allowance and how much of it is spent.
    package private(set) var budget: ReloadBudget
    /// The provider's current timeline, or `nil` before the first `step(at:)`.
    package private(set) var timeline: EntryTimeline<Provider.Entry>?
    /// The entry shown last: a new one (another date, or the same date with other content after a reload) is shown.
    private var shown: Provider.Entry?
    private var seenRequestID: String?
    private var deferredUntil: Date?
    private var pendingReason: String?
    private var reportedProblems: [String] = []

    /// A host for `provider` that loads its first timeline at the first `step(at:)`. Reload requests already in
    /// `store` are treated as seen; the first load does not count against `budget` (72 reloads a day by default).
    /// - Parameters:
    ///   - provider: the widget's timeline provider.
    ///   - store: the group store to read reload requests from.
    ///   - project: the project whose reload requests to honour.
    ///   - context: the context to pass the provider; each `step(at:)` sets its `date`.
    ///   - budget: the daily reload allowance; 72 reloads a day by default.
    package init(
        provider: Provider, store: any GroupStore, project: ProjectID, context: EntryTimelineContext,
        budget: ReloadBudget = ReloadBudget(dailyLimit: 72)
    ) {
        self.provider = provider
        self.store = store
        self.project = project
        self.context = context
        self.budget = budget
        // Requests made before the host started are already reflected in its first timeline.
        seenRequestID = ContractReader(store: store, project: project).latestReloadRequest(kind: provider.kind)?.id
    }

    /// Advances the host to `now`: reloads when due, and reports what changed on screen.
    /// - Parameter now: the time the host moves to.
    package func step(at now: Date) async -> [TimelineHostEvent<Provider.Entry>] {
        var events: [TimelineHostEvent<Provider.Entry>] = []
        context.date = now
        let zone = context.timeZone
        var reason: String?
        var problems: [String] = []
        let request = ContractReader(store: store, project: project).latestReloadRequest(
            kind: provider.kind, problems: &problems)
        for problem in problems where !reportedProblems.contains(problem) {
            reportedProblems.append(problem)
            events.append(.problem(problem))
        }
        if timeline == nil {
            reason = "first load"
        } else if let request, request.id != seenRequestID {
            seenRequestID = request.id
            reason = "reload requested: \(request.reason)"
        } else if let due = timeline?.reloadDate, now >= due {
            reason = "policy: timeline ended"
        }
        if let pending = pendingReason, let until = deferredUntil, now >= until {
            reason = reason ?? pending
        }
        if let reason {
            if timeline == nil || budget.consume(at: now, timeZone: zone) {
                timeline = await provider.timeline(in: context)
                pendingReason = nil
                deferredUntil = nil
                events.append(.reloaded(reason: reason))
            } else if pendingReason == nil || reason != pendingReason {
                let until = budget.renewal(after: now, timeZone: zone)
                pendingReason = reason
                deferredUntil = until
                events.append(.deferred(reason: reason, until: until))
            }
        }
        if let entry = timeline?.entry(at: now), entry != shown {
            shown = entry
            events.append(.show(entry))
        }
        return events
    }

    /// When something can next change without a reload request: the next entry or the policy's reload.
    /// - Parameter now: the instant to look from.
    package func nextWake(after now: Date) -> Date? {
        [timeline?.nextEntryDate(after: now), timeline?.reloadDate.flatMap { $0 > now ? $0 : nil }, deferredUntil]
            .compactMap { $0 }.min()
    }
}
