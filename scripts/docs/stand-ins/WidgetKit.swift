// A stand-in for the few WidgetKit declarations the documentation's Swift snippets use (README.md, the DocC
// catalogs), so that scripts/docs/check-code.py can type-check those snippets on Linux, where WidgetKit does
// not exist. It is not WidgetKit: only the shapes, with the signatures Apple documents. A snippet that needs
// another WidgetKit declaration adds it here, as Apple declares it.
import Foundation

public protocol TimelineEntry {
    var date: Date { get }
}

public struct TimelineProviderContext {}

public struct TimelineReloadPolicy: Sendable {
    public static let atEnd = TimelineReloadPolicy()
    public static let never = TimelineReloadPolicy()
    public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy() }
}

public struct Timeline<EntryType: TimelineEntry> {
    public let entries: [EntryType]
    public let policy: TimelineReloadPolicy

    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

public protocol TimelineProvider {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}

public final class WidgetCenter: @unchecked Sendable {
    public static let shared = WidgetCenter()
    public func reloadTimelines(ofKind kind: String) {}
    public func reloadAllTimelines() {}
}
