// A stand-in for the few App Intents declarations a configurable widget uses (its `WidgetConfigurationIntent`, the
// `@Parameter`s and `AppEntity`s the user picks from), so that scripts/docs/check-code.py can type-check the
// documentation's widget snippets on Linux, where AppIntents does not exist. It is not AppIntents: only the shapes,
// with the signatures Apple documents, simplified where Apple's generic machinery (`_IntentValue`,
// `EntityIdentifierConvertible`, a query's `Result` type) does not change what a call site may write. Its
// `LocalizedStringResource` is Foundation's (stand-ins/extensions/Foundation.swift). A snippet that needs another App
// Intents declaration adds it here, as Apple declares it. It re-exports Foundation, as Apple's does (see
// SwiftUI.swift).
@_exported import Foundation

/// `protocol AppIntent: PersistentlyIdentifiable, _SupportsAppDependencies, Sendable`, iOS 16.0: `static var title:
/// LocalizedStringResource { get }`, `static var description: IntentDescription? { get }`, `init()`. Its `perform()`
/// is left out: a `WidgetConfigurationIntent` need not write one.
/// https://developer.apple.com/documentation/appintents/appintent
public protocol AppIntent: Sendable {
    /// `static var title: LocalizedStringResource { get }`:
    /// https://developer.apple.com/documentation/appintents/appintent/title
    static var title: LocalizedStringResource { get }
    /// `static var description: IntentDescription? { get }`:
    /// https://developer.apple.com/documentation/appintents/appintent/description
    static var description: IntentDescription? { get }
    /// `init()`: https://developer.apple.com/documentation/appintents/appintent/init()
    init()
}

extension AppIntent {
    public static var description: IntentDescription? { nil }
    /// `typealias Parameter = IntentParameter`, what `@Parameter` names:
    /// https://developer.apple.com/documentation/appintents/appintent/parameter
    public typealias Parameter = IntentParameter
}

/// `protocol WidgetConfigurationIntent: AppIntent`, iOS 17.0: "An interface for configuring a WidgetKit widget."
/// https://developer.apple.com/documentation/appintents/widgetconfigurationintent
public protocol WidgetConfigurationIntent: AppIntent {}

/// `struct IntentDescription`, iOS 16.0: `init(_ descriptionText: LocalizedStringResource, categoryName:
/// LocalizedStringResource? = nil, searchKeywords: [LocalizedStringResource] = [])`, and `init(stringLiteral:)`.
/// https://developer.apple.com/documentation/appintents/intentdescription/init(_:categoryname:searchkeywords:)
public struct IntentDescription: Sendable, ExpressibleByStringLiteral {
    public var descriptionText: LocalizedStringResource
    public init(
        _ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
        searchKeywords: [LocalizedStringResource] = []
    ) { self.descriptionText = descriptionText }
    public init(stringLiteral value: String) { self.init(LocalizedStringResource(stringLiteral: value)) }
}

/// `@propertyWrapper final class IntentParameter<Value> where Value: _IntentValue, Value: Sendable`, iOS 16.0, an
/// `AnyIntentValue` (so `Sendable`). Its initializers take `default defaultValue: Value.UnwrappedType? = nil` (the
/// value without its `Optional`); here `Value?`, which takes the same arguments.
/// https://developer.apple.com/documentation/appintents/intentparameter
@propertyWrapper public final class IntentParameter<Value: Sendable>: @unchecked Sendable {
    private var value: Value?

    /// `convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default
    /// defaultValue: Value.UnwrappedType? = nil, …)`: "Creates an app intent parameter."
    /// https://developer.apple.com/documentation/appintents/intentparameter/init(title:description:default:requestvaluedialog:requestdisambiguationdialog:inputconnectionbehavior:)-tfj8
    public init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil
    ) { value = defaultValue }

    /// `final var wrappedValue: Value { get set }`:
    /// https://developer.apple.com/documentation/appintents/intentparameter/wrappedvalue
    public var wrappedValue: Value {
        get { value! }
        set { value = newValue }
    }
}

/// `struct TypeDisplayRepresentation`, iOS 16.0: `init(name: LocalizedStringResource, numericFormat:
/// LocalizedStringResource? = nil)`, and a string literal for its name.
/// https://developer.apple.com/documentation/appintents/typedisplayrepresentation/init(name:numericformat:)
public struct TypeDisplayRepresentation: Sendable, ExpressibleByStringLiteral {
    public var name: LocalizedStringResource
    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) { self.name = name }
    public init(stringLiteral value: String) { self.init(name: LocalizedStringResource(stringLiteral: value)) }
}

/// `struct DisplayRepresentation`, iOS 16.0: "A type that describes the user interface presentation of a custom
/// type": `init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image:
/// DisplayRepresentation.Image? = nil)` (no image here), and `init(stringLiteral value: String)`.
/// https://developer.apple.com/documentation/appintents/displayrepresentation/init(title:subtitle:image:)
public struct DisplayRepresentation: Sendable, ExpressibleByStringLiteral {
    /// `var title: LocalizedStringResource`
    public var title: LocalizedStringResource
    /// `var subtitle: LocalizedStringResource?`
    public var subtitle: LocalizedStringResource?
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil) {
        (self.title, self.subtitle) = (title, subtitle)
    }
    public init(stringLiteral value: String) { self.init(title: LocalizedStringResource(stringLiteral: value)) }
}

/// `protocol AppEntity: AppValue, DisplayRepresentable, Identifiable where Self == Self.ValueType, Self.ID:
/// EntityIdentifierConvertible, Self.ID: Sendable`, iOS 16.0; `AppValue` is `Sendable`. Its requirements here:
/// `associatedtype DefaultQuery: EntityQuery` (whose `Entity` is `Self`), `static var defaultQuery: DefaultQuery`,
/// `static var typeDisplayRepresentation: TypeDisplayRepresentation` (from `TypeDisplayRepresentable`), `var
/// displayRepresentation: DisplayRepresentation` (from `InstanceDisplayRepresentable`).
/// https://developer.apple.com/documentation/appintents/appentity
public protocol AppEntity: Identifiable, Sendable where ID: Sendable {
    /// https://developer.apple.com/documentation/appintents/appentity/defaultquery-swift.associatedtype
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self
    static var defaultQuery: DefaultQuery { get }
    /// https://developer.apple.com/documentation/appintents/typedisplayrepresentable/typedisplayrepresentation
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// https://developer.apple.com/documentation/appintents/instancedisplayrepresentable/displayrepresentation
    var displayRepresentation: DisplayRepresentation { get }
}

/// `protocol EntityQuery: DynamicOptionsProvider, PersistentlyIdentifiable, Sendable`, iOS 16.0: "An interface for
/// locating app entity instances by identifier." `associatedtype Entity: AppEntity`; `func entities(for identifiers:
/// [Self.Entity.ID]) async throws -> [Self.Entity]`; `func suggestedEntities() async throws -> Self.Result` (`Result`
/// is `[Entity]` unless the query says otherwise; here always); `init()` and `func defaultResult() async ->
/// Self.DefaultValue?` (an `Entity`) from `DynamicOptionsProvider`. The last two have defaults here, so that a query
/// may implement `entities(for:)` alone.
/// https://developer.apple.com/documentation/appintents/entityquery
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity
    init()
    /// https://developer.apple.com/documentation/appintents/entityquery/entities(for:)
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    /// https://developer.apple.com/documentation/appintents/entityquery/suggestedentities()
    func suggestedEntities() async throws -> [Entity]
    /// https://developer.apple.com/documentation/appintents/dynamicoptionsprovider/defaultresult()
    func defaultResult() async -> Entity?
}

extension EntityQuery {
    public func suggestedEntities() async throws -> [Entity] { [] }
    public func defaultResult() async -> Entity? { nil }
}
