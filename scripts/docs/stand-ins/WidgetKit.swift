// A stand-in for the few WidgetKit declarations the documentation's Swift snippets use (README.md, the DocC
// catalogs), so that scripts/docs/check-code.py can type-check those snippets on Linux, where WidgetKit does
// not exist. It is not WidgetKit: only the shapes, with the signatures Apple documents. `Widget` and
// `WidgetConfiguration` are SwiftUI's (stand-ins/SwiftUI.swift) and `WidgetConfigurationIntent` is App Intents'
// (stand-ins/AppIntents.swift), as in Apple's SDK; WidgetKit adds the configurations and their modifiers. A snippet
// that needs another WidgetKit declaration adds it here, as Apple declares it. Its Live Activity configuration takes
// ActivityKit's `ActivityAttributes` (stand-ins/ActivityKit.swift), as Apple's does. It re-exports Foundation, as
// Apple's does (see SwiftUI.swift).
import ActivityKit
import AppIntents
@_exported import Foundation
import SwiftUI

public protocol TimelineEntry {
    var date: Date { get }
}

public struct TimelineProviderContext {
    /// `let family: WidgetFamily` and `let isPreview: Bool`: "The `WidgetFamily`", "Whether the widget appears as a
    /// preview in the widget gallery." https://developer.apple.com/documentation/widgetkit/timelineprovidercontext
    public var family: WidgetFamily { .systemSmall }
    public var isPreview: Bool { false }
}

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

/// `@preconcurrency enum WidgetFamily`, iOS 14.0: "Values that define the widget's size and shape." (The
/// `accessory` families are iOS 16.0.) https://developer.apple.com/documentation/widgetkit/widgetfamily
public enum WidgetFamily: Hashable, Sendable {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge
    case accessoryCircular, accessoryRectangular, accessoryInline
}

extension EnvironmentValues {
    /// `var widgetFamily: WidgetFamily { get }`, iOS 14.0, declared by WidgetKit on SwiftUI's `EnvironmentValues`:
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/widgetfamily
    public var widgetFamily: WidgetFamily { .systemSmall }
}

/// `protocol AppIntentTimelineProvider`, iOS 17.0: `associatedtype Entry: TimelineEntry`, `associatedtype Intent:
/// WidgetConfigurationIntent`, `typealias Context = TimelineProviderContext`, `placeholder(in:)`, `snapshot(for:in:)`,
/// `timeline(for:in:)`. https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider
public protocol AppIntentTimelineProvider {
    associatedtype Entry: TimelineEntry
    /// https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/intent
    associatedtype Intent: WidgetConfigurationIntent
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    /// `func snapshot(for configuration: Self.Intent, in context: Self.Context) async -> Self.Entry`:
    /// https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/snapshot(for:in:)
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    /// `func timeline(for configuration: Self.Intent, in context: Self.Context) async -> Timeline<Self.Entry>`:
    /// https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/timeline(for:in:)
    func timeline(for configuration: Intent, in context: Context) async -> Timeline<Entry>
}

/// `@MainActor @preconcurrency struct StaticConfiguration<Content> where Content: View`, iOS 14.0: `@MainActor
/// @preconcurrency init<Provider>(kind: String, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) ->
/// Content) where Provider: TimelineProvider`.
/// https://developer.apple.com/documentation/widgetkit/staticconfiguration/init(kind:provider:content:)
@MainActor @preconcurrency public struct StaticConfiguration<Content: View>: WidgetConfiguration {
    public init<Provider: TimelineProvider>(
        kind: String, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) {}
    public var body: Never { fatalError() }
}

/// `@MainActor @preconcurrency struct AppIntentConfiguration<Intent, Content> where Intent: WidgetConfigurationIntent,
/// Content: View`, iOS 17.0: `@MainActor @preconcurrency init<Provider>(kind: String, intent: Intent.Type =
/// Intent.self, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) -> Content) where Intent ==
/// Provider.Intent, Provider: AppIntentTimelineProvider`.
/// https://developer.apple.com/documentation/widgetkit/appintentconfiguration/init(kind:intent:provider:content:)
@MainActor @preconcurrency
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Content: View>: WidgetConfiguration {
    public init<Provider: AppIntentTimelineProvider>(
        kind: String, intent: Intent.Type = Intent.self, provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) where Intent == Provider.Intent {}
    public var body: Never { fatalError() }
}

/// `@MainActor @preconcurrency struct ActivityConfiguration<Attributes> where Attributes: ActivityAttributes`, iOS
/// 16.1: "An object that describes the content of a Live Activity." `@MainActor @preconcurrency init<Content>(for
/// attributesType: Attributes.Type, @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
/// dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland) where Content: View`.
/// https://developer.apple.com/documentation/widgetkit/activityconfiguration/init(for:content:dynamicisland:)
@MainActor @preconcurrency
public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfiguration {
    public init<Content: View>(
        for attributesType: Attributes.Type,
        @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
        dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland
    ) {}
    public var body: Never { fatalError() }
}

/// `struct ActivityViewContext<Attributes> where Attributes: ActivityAttributes`, iOS 16.1: "A structure that
/// describes the view context for creating the views of a Live Activity." The system makes it; `isStale` (iOS 16.2)
/// and `activityID` are left out. https://developer.apple.com/documentation/widgetkit/activityviewcontext
public struct ActivityViewContext<Attributes: ActivityAttributes> {
    /// `let state: Attributes.ContentState`: "The dynamic content of a Live Activity at the time of its creation."
    /// https://developer.apple.com/documentation/widgetkit/activityviewcontext/state
    public let state: Attributes.ContentState
    /// `let attributes: Attributes`: "A set of attributes that describe a Live Activity and its content at the time
    /// of its creation." https://developer.apple.com/documentation/widgetkit/activityviewcontext/attributes
    public let attributes: Attributes
}

/// `struct DynamicIsland`, iOS 16.1: "The layout and configuration for a Live Activity that appears in the Dynamic
/// Island." `init<Expanded, CompactLeading, CompactTrailing, Minimal>(@DynamicIslandExpandedContentBuilder expanded:
/// @escaping () -> DynamicIslandExpandedContent<Expanded>, @ViewBuilder compactLeading: @escaping () ->
/// CompactLeading, @ViewBuilder compactTrailing: @escaping () -> CompactTrailing, @ViewBuilder minimal: @escaping () ->
/// Minimal) where Expanded: View, CompactLeading: View, CompactTrailing: View, Minimal: View`.
/// https://developer.apple.com/documentation/widgetkit/dynamicisland/init(expanded:compactleading:compacttrailing:minimal:)
public struct DynamicIsland {
    public init<Expanded: View, CompactLeading: View, CompactTrailing: View, Minimal: View>(
        @DynamicIslandExpandedContentBuilder expanded: @escaping () -> DynamicIslandExpandedContent<Expanded>,
        @ViewBuilder compactLeading: @escaping () -> CompactLeading,
        @ViewBuilder compactTrailing: @escaping () -> CompactTrailing,
        @ViewBuilder minimal: @escaping () -> Minimal
    ) {}
}

/// `struct DynamicIslandExpandedRegionPosition`, iOS 16.1: "View positions of an expanded Live Activity that appears
/// in the Dynamic Island": `static let leading`, `trailing`, `center` ("right below the TrueDepth camera") and
/// `bottom` ("below leading, trailing, and center content"), each a `DynamicIslandExpandedRegionPosition`.
/// https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedregionposition
public struct DynamicIslandExpandedRegionPosition: Sendable {
    private let name: String
    public static let leading = Self(name: "leading"), trailing = Self(name: "trailing")
    public static let center = Self(name: "center"), bottom = Self(name: "bottom")
}

/// `struct DynamicIslandExpandedRegion<Content> where Content: View`, iOS 16.1: "A structure that defines and
/// positions the content of an expanded Live Activity in the Dynamic Island." `init(_ position:
/// DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content)`.
/// https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedregion/init(_:priority:content:)
public struct DynamicIslandExpandedRegion<Content: View> {
    private let content: Content
    public init(
        _ position: DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content
    ) { self.content = content() }
}

/// `struct DynamicIslandExpandedContent<Content> where Content: View`, iOS 16.1: "A view that describes the expanded
/// presentation of a Live Activity that appears in the Dynamic Island", what `DynamicIslandExpandedContentBuilder`
/// builds. https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedcontent
public struct DynamicIslandExpandedContent<Content: View> {}

/// `@resultBuilder struct DynamicIslandExpandedContentBuilder`, iOS 16.1: "A result builder that constructs the
/// content of an expanded Live Activity in the Dynamic Island", from regions alone: `static func
/// buildPartialBlock<C>(first: DynamicIslandExpandedRegion<C>) -> DynamicIslandExpandedContent<some View> where C:
/// View`, the same `(first: DynamicIslandExpandedContent<C>)`, and `static func buildPartialBlock<C0, C1>(accumulated:
/// DynamicIslandExpandedContent<C0>, next: DynamicIslandExpandedRegion<C1>) -> DynamicIslandExpandedContent<some View>
/// where C0: View, C1: View`, the same with `next: DynamicIslandExpandedContent<C1>`.
/// https://developer.apple.com/documentation/widgetkit/dynamicislandexpandedcontentbuilder
@resultBuilder public struct DynamicIslandExpandedContentBuilder {
    public static func buildPartialBlock<C: View>(
        first: DynamicIslandExpandedRegion<C>
    ) -> DynamicIslandExpandedContent<some View> { DynamicIslandExpandedContent<C>() }
    public static func buildPartialBlock<C: View>(
        first: DynamicIslandExpandedContent<C>
    ) -> DynamicIslandExpandedContent<some View> { first }
    public static func buildPartialBlock<C0: View, C1: View>(
        accumulated: DynamicIslandExpandedContent<C0>, next: DynamicIslandExpandedRegion<C1>
    ) -> DynamicIslandExpandedContent<some View> { DynamicIslandExpandedContent<TupleView<(C0, C1)>>() }
    public static func buildPartialBlock<C0: View, C1: View>(
        accumulated: DynamicIslandExpandedContent<C0>, next: DynamicIslandExpandedContent<C1>
    ) -> DynamicIslandExpandedContent<some View> { DynamicIslandExpandedContent<TupleView<(C0, C1)>>() }
}

/// The modifiers WidgetKit declares on SwiftUI's `WidgetConfiguration`, each `@MainActor @preconcurrency func …(…) ->
/// some WidgetConfiguration`, iOS 14.0 (a `LocalizedStringResource`, iOS 16.0).
extension WidgetConfiguration {
    /// `configurationDisplayName(_ displayNameKey: LocalizedStringKey)`; a string literal comes here:
    /// https://developer.apple.com/documentation/swiftui/widgetconfiguration/configurationdisplayname(_:)-4v9q
    public func configurationDisplayName(_ displayNameKey: LocalizedStringKey) -> some WidgetConfiguration {
        ModifiedConfiguration(content: self)
    }
    /// `configurationDisplayName<S>(_ displayName: S) where S: StringProtocol`:
    /// https://developer.apple.com/documentation/swiftui/widgetconfiguration/configurationdisplayname(_:)-2c3zv
    @_disfavoredOverload
    public func configurationDisplayName<S: StringProtocol>(_ displayName: S) -> some WidgetConfiguration {
        ModifiedConfiguration(content: self)
    }
    /// `configurationDisplayName(_ displayName: Text)`:
    /// https://developer.apple.com/documentation/swiftui/widgetconfiguration/configurationdisplayname(_:)-3sbn4
    public func configurationDisplayName(_ displayName: Text) -> some WidgetConfiguration {
        ModifiedConfiguration(content: self)
    }
    /// `configurationDisplayName(_ displayName: LocalizedStringResource)`, iOS 16.0:
    /// https://developer.apple.com/documentation/swiftui/widgetconfiguration/configurationdisplayname(_:)
    @_disfavoredOverload
    public func configurationDisplayName(_ displayName: LocalizedStringResource) -> some WidgetConfiguration {
        ModifiedConfiguration(content: self)
    }
    /// `description(_ descriptionKey: LocalizedStringKey)`; a string literal comes here:
    /// https://developer.apple.com/documentation/swiftui/widgetconfiguration/description(_:)-4q9pa
    public func description(_ descriptionKey: LocalizedStringKey) -> some WidgetConfiguration {
        ModifiedConfiguration(content: self)
    }
    /// `description<S>(_ description: S) where S: StringProtocol`:
    /// https://developer.apple.com/documentation/swiftui/widgetconfiguration/description(_:)-2bfr
    @_disfavoredOverload
    public func description<S: StringProtocol>(_ description: S) -> some WidgetConfiguration {
        ModifiedConfiguration(content: self)
    }
    /// `description(_ description: Text)`:
    /// https://developer.apple.com/documentation/swiftui/widgetconfiguration/description(_:)-1bvuj
    public func description(_ description: Text) -> some WidgetConfiguration { ModifiedConfiguration(content: self) }
    /// `supportedFamilies(_ families: [WidgetFamily])`:
    /// https://developer.apple.com/documentation/swiftui/widgetconfiguration/supportedfamilies(_:)
    public func supportedFamilies(_ families: [WidgetFamily]) -> some WidgetConfiguration {
        ModifiedConfiguration(content: self)
    }
}

/// What a modifier returns, behind `some WidgetConfiguration`.
struct ModifiedConfiguration<Content: WidgetConfiguration>: WidgetConfiguration {
    let content: Content
    var body: Never { fatalError() }
}
