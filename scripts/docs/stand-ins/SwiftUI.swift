// A stand-in for the few SwiftUI declarations a widget's views and configuration use, so that
// scripts/docs/check-code.py can type-check the documentation's widget snippets on Linux, where SwiftUI does not
// exist. It is not SwiftUI: only the shapes, with the signatures Apple documents (the isolation of the iOS 18 SDK's:
// `View`, `Widget` and `WidgetConfiguration` are `@MainActor @preconcurrency`, the views' initializers and modifiers
// `nonisolated`), simplified where Apple's generic machinery does not change what a call site may write. A built-in
// view's `body` is `Never`, as Apple's primitive views' is. A snippet that needs another SwiftUI declaration adds it
// here, as Apple declares it. It re-exports Foundation, as Apple's SwiftUI, App Intents and WidgetKit do: a file that
// imports only them uses `Date` (Xcode's widget template) and `LocalizedStringResource` (the example of
// https://developer.apple.com/documentation/appintents/widgetconfigurationintent imports AppIntents alone).
@_exported import Foundation

/// `@MainActor @preconcurrency protocol View`, iOS 13.0 (main-actor isolated since the iOS 18 SDK): `associatedtype
/// Body: View`, `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
/// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// `@resultBuilder struct ViewBuilder`, iOS 13.0: `buildBlock` for no view, one, and several (one variadic generic
/// here for Apple's `buildBlock<C0, C1>` … `buildBlock<C0, …, C9>`); `static func buildIf<Content>(_ content:
/// Content?) -> Content?` for an `if`; `static func buildEither<TrueContent, FalseContent>(first: TrueContent) ->
/// _ConditionalContent<TrueContent, FalseContent>` and `(second:)` for an `if`/`else`.
/// https://developer.apple.com/documentation/swiftui/viewbuilder,
/// https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:),
/// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
@resultBuilder public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(
        _ content: repeat each Content
    ) -> TupleView<(repeat each Content)> { TupleView((repeat each content)) }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent() }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent() }
}

/// `@frozen nonisolated struct EmptyView`, iOS 13.0, `nonisolated init()`:
/// https://developer.apple.com/documentation/swiftui/emptyview
nonisolated public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

/// `@frozen nonisolated struct TupleView<T>`, iOS 13.0, `nonisolated init(_ value: T)`:
/// https://developer.apple.com/documentation/swiftui/tupleview
nonisolated public struct TupleView<T>: View {
    public var value: T
    public init(_ value: T) { self.value = value }
    public var body: Never { fatalError() }
}

/// `_ConditionalContent<TrueContent, FalseContent>`, what `buildEither` returns (see `ViewBuilder`).
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    init() {}
    public var body: Never { fatalError() }
}

/// `extension Optional: View where Wrapped: View`, what `buildIf` returns (see `ViewBuilder`).
extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

/// `struct EnvironmentValues`, iOS 13.0, with the values a widget reads or sets:
/// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues {
    /// `init()`: https://developer.apple.com/documentation/swiftui/environmentvalues/init()
    public init() {}
    /// `var locale: Locale { get set }`, iOS 13.0: "The current locale that views should use."
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/locale
    public var locale: Locale = .current
    /// `var layoutDirection: LayoutDirection { get set }`, iOS 13.0: "The layout direction associated with the
    /// current environment."
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/layoutdirection
    public var layoutDirection: LayoutDirection = .leftToRight
}

/// `protocol DynamicProperty`, iOS 13.0: https://developer.apple.com/documentation/swiftui/dynamicproperty
/// `enum LayoutDirection`, iOS 13.0: "A direction in which SwiftUI can lay out content."
/// https://developer.apple.com/documentation/swiftui/layoutdirection
public enum LayoutDirection: Hashable, Sendable, CaseIterable {
    case leftToRight, rightToLeft
}

public protocol DynamicProperty {}

/// `@frozen @propertyWrapper struct Environment<Value>`, iOS 13.0: `init(_ keyPath: KeyPath<EnvironmentValues,
/// Value>)`, `var wrappedValue: Value { get }`. https://developer.apple.com/documentation/swiftui/environment
@propertyWrapper public struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

extension View {
    /// `nonisolated func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View`,
    /// iOS 13.0: https://developer.apple.com/documentation/swiftui/view/environment(_:_:)
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        ModifiedView(content: self)
    }

    /// `nonisolated func font(_ font: Font?) -> some View`, iOS 13.0:
    /// https://developer.apple.com/documentation/swiftui/view/font(_:)
    nonisolated public func font(_ font: Font?) -> some View { ModifiedView(content: self) }
}

/// What a modifier returns (Apple's `ModifiedContent<Content, Modifier>`, behind `some View`).
nonisolated struct ModifiedView<Content: View>: View {
    let content: Content
    var body: Never { fatalError() }
}

/// `struct Font`, iOS 13.0, with three of its text styles, `static let headline: Font`, `body`, `caption`:
/// https://developer.apple.com/documentation/swiftui/font/headline
public struct Font: Hashable, Sendable {
    private let style: String
    public static let headline = Font(style: "headline"), body = Font(style: "body"), caption = Font(style: "caption")
}

/// `@frozen struct LocalizedStringKey`, iOS 13.0, "The key used to look up an entry in a strings file or strings
/// dictionary file"; `ExpressibleByStringLiteral` (Apple's also takes interpolations, which here fall to
/// `Text(_: some StringProtocol)`). https://developer.apple.com/documentation/swiftui/localizedstringkey
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringLiteral {
    private let key: String
    /// `init(_ value: String)`: https://developer.apple.com/documentation/swiftui/localizedstringkey/init(_:)
    public init(_ value: String) { key = value }
    public init(stringLiteral value: String) { key = value }
}

/// `@frozen struct Text`, iOS 13.0, a view (`extension Text: View`) that displays read-only text:
/// https://developer.apple.com/documentation/swiftui/text
public struct Text: Equatable, Sendable {
    private let content: String

    /// `init(verbatim content: String)`, iOS 13.0, without localization:
    /// https://developer.apple.com/documentation/swiftui/text/init(verbatim:)
    public init(verbatim content: String) { self.content = content }

    /// `init<S>(_ content: S) where S: StringProtocol`, iOS 13.0: "Creates a text view that displays a stored string
    /// without localization." https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) { self.content = String(content) }

    /// `init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? =
    /// nil)`, iOS 13.0: "a string literal triggers" it.
    /// https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:)
    public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil
    ) { content = "\(key)" }

    /// `init(_ attributedContent: AttributedString)`, iOS 15.0:
    /// https://developer.apple.com/documentation/swiftui/text/init(_:)-1a4oh
    public init(_ attributedContent: AttributedString) { content = String(attributedContent.characters) }

    /// `init(_ date: Date, style: Text.DateStyle)`, iOS 14.0: "Creates an instance that displays localized dates
    /// and times using a specific style." https://developer.apple.com/documentation/swiftui/text/init(_:style:)
    public init(_ date: Date, style: Text.DateStyle) { content = "\(date)" }

    /// `init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool =
    /// true)`, iOS 16.0:
    /// https://developer.apple.com/documentation/swiftui/text/init(timerinterval:pausetime:countsdown:showshours:)
    public init(
        timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true
    ) { content = "\(timerInterval)" }

    /// `init<F>(_ input: F.FormatInput, format: F) where F: FormatStyle, F.FormatInput: Equatable, F.FormatOutput ==
    /// String`, iOS 15.0: https://developer.apple.com/documentation/swiftui/text/init(_:format:)
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F)
    where F.FormatInput: Equatable, F.FormatOutput == String { content = format.format(input) }

    /// `struct DateStyle`, iOS 14.0: "A predefined style used to display a `Date`."
    /// https://developer.apple.com/documentation/swiftui/text/datestyle
    public struct DateStyle: Sendable {
        private let name: String
        /// `static let date`: "A style displaying a date." `time`: "only the time component"; `relative`: "a date as
        /// relative to now"; `offset`: "as offset from now"; `timer`: "as timer counting from now".
        public static let date = DateStyle(name: "date"), time = DateStyle(name: "time")
        public static let relative = DateStyle(name: "relative"), offset = DateStyle(name: "offset")
        public static let timer = DateStyle(name: "timer")
    }
}

extension Text: View {
    public var body: Never { fatalError() }
}

/// `struct HorizontalAlignment`, iOS 13.0: https://developer.apple.com/documentation/swiftui/horizontalalignment
public struct HorizontalAlignment: Equatable, Sendable {
    private let edge: Int
    public static let leading = Self(edge: 0), center = Self(edge: 1), trailing = Self(edge: 2)
}

/// `struct VerticalAlignment`, iOS 13.0: https://developer.apple.com/documentation/swiftui/verticalalignment
public struct VerticalAlignment: Equatable, Sendable {
    private let edge: Int
    public static let top = Self(edge: 0), center = Self(edge: 1), bottom = Self(edge: 2)
}

/// `@frozen struct VStack<Content> where Content: View`, iOS 13.0: `nonisolated init(alignment: HorizontalAlignment =
/// .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)`.
/// https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
nonisolated public struct VStack<Content: View>: View {
    private let content: Content
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) { self.content = content() }
    public var body: Never { fatalError() }
}

/// `@frozen struct HStack<Content> where Content: View`, iOS 13.0: `nonisolated init(alignment: VerticalAlignment =
/// .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)`, as `VStack`'s.
/// https://developer.apple.com/documentation/swiftui/hstack
nonisolated public struct HStack<Content: View>: View {
    private let content: Content
    public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) { self.content = content() }
    public var body: Never { fatalError() }
}

/// `struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable`, iOS 13.0: "A structure that
/// computes views on demand from an underlying collection of identified data", a view (`extension ForEach: View where
/// Content: View`). https://developer.apple.com/documentation/swiftui/foreach
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    /// `var data: Data`: https://developer.apple.com/documentation/swiftui/foreach/data
    public var data: Data
    /// `var content: (Data.Element) -> Content`: https://developer.apple.com/documentation/swiftui/foreach/content
    public var content: (Data.Element) -> Content
}

extension ForEach: View where Content: View {
    public var body: Never { fatalError() }
}

extension ForEach where Content: View {
    /// `nonisolated init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element)
    /// -> Content)`, iOS 13.0: the views of `data`'s elements, each identified by the value at `id` (`\.self` for
    /// strings). https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)
    nonisolated public init(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {
        self.data = data
        self.content = content
    }
}

/// `@frozen struct Image`, iOS 13.0, "A view that displays an image" (`extension Image: View`):
/// https://developer.apple.com/documentation/swiftui/image
public struct Image: Equatable, Sendable {
    private let name: String

    /// `init(systemName: String)`, iOS 13.0: "Creates a system symbol image."
    /// https://developer.apple.com/documentation/swiftui/image/init(systemname:)
    public init(systemName: String) { name = systemName }
}

extension Image: View {
    public var body: Never { fatalError() }
}

/// `@MainActor @preconcurrency protocol Widget`, iOS 14.0, declared in SwiftUI: `associatedtype Body:
/// WidgetConfiguration`, `init()`, `var body: Self.Body { get }`. https://developer.apple.com/documentation/swiftui/widget
@MainActor @preconcurrency public protocol Widget {
    associatedtype Body: WidgetConfiguration
    init()
    var body: Self.Body { get }
}

/// `@MainActor @preconcurrency protocol WidgetConfiguration`, iOS 14.0, declared in SwiftUI: `associatedtype Body:
/// WidgetConfiguration`, `var body: Self.Body { get }`; its modifiers (`configurationDisplayName(_:)`, …) are
/// WidgetKit's. https://developer.apple.com/documentation/swiftui/widgetconfiguration
@MainActor @preconcurrency public protocol WidgetConfiguration {
    associatedtype Body: WidgetConfiguration
    var body: Self.Body { get }
}

/// `extension Never: View` and `extension Never: WidgetConfiguration`: the `Body` of a view or configuration with no
/// body of its own. https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
extension Never: View, WidgetConfiguration {
    public var body: Never { fatalError() }
}
