// A stand-in for the members of Apple's Foundation that WidgetI18n's Apple-only code and the documentation's Swift
// snippets use and that swift-corelibs-foundation (Linux's Foundation) lacks. Not the Foundation module: a module named
// Foundation would hide the real one, so the scripts build this file into a module of its own, `FoundationStandIns`,
// which every compilation they make (the stand-ins beside this folder, the snippets of scripts/docs/check-code.py, the
// copies of scripts/check-apple-only.py) imports implicitly (`-Xfrontend -import-module -Xfrontend
// FoundationStandIns`), as each of them sees Foundation: one declaration of each type, which the AppIntents, SwiftUI
// and WidgetKit stand-ins name in their own API as Apple's do. Hence `public`. Only the shapes, with the signatures
// Apple documents; nothing runs against them. Code that needs another Foundation member that Linux lacks adds it here,
// as Apple declares it.
import Foundation

extension FileManager {
    /// `func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL?`, iOS 7.0,
    /// macOS 10.8, watchOS 2.0; `nil` when the process lacks the App Groups entitlement for the group:
    /// https://developer.apple.com/documentation/foundation/filemanager/containerurl(forsecurityapplicationgroupidentifier:)
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? { nil }
}

extension String {
    /// `struct LocalizationValue`, iOS 15.0, macOS 12.0, watchOS 8.0: "A reference to a localizable string, with
    /// optional string interpolation", `Equatable`, `ExpressibleByStringInterpolation`; `Sendable` here as
    /// `LocalizedStringResource` is. https://developer.apple.com/documentation/swift/string/localizationvalue
    /// The key it stands for is a format string: each interpolation becomes a format specifier (`%@`, `%lld`, `%lf`).
    /// Apple's `StringInterpolation` has more `appendInterpolation` overloads than this one (format styles,
    /// `AttributedString`, placeholders); a snippet that needs one adds it.
    public struct LocalizationValue: Equatable, Sendable, ExpressibleByStringInterpolation {
        let key: String

        /// `init(_ value: String)`: "Creating a `String.LocalizationValue` with this initializer creates a localized
        /// value with no interpolated values."
        /// https://developer.apple.com/documentation/swift/string/localizationvalue/init(_:)
        public init(_ value: String) { key = value }

        /// `init(stringLiteral value: String)`, from `ExpressibleByStringLiteral`.
        public init(stringLiteral value: String) { key = value }

        /// `init(stringInterpolation: String.LocalizationValue.StringInterpolation)`.
        public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.key }

        /// `struct StringInterpolation: StringInterpolationProtocol`.
        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            var key = ""
            public init(literalCapacity: Int, interpolationCount: Int) {}
            public mutating func appendLiteral(_ literal: String) { key += literal }
            /// `mutating func appendInterpolation(_ string: String)`: a `%@`.
            public mutating func appendInterpolation(_ string: String) { key += "%@" }
            /// `mutating func appendInterpolation<T>(_ value: T) where T: _FormatSpecifiable`, for the integer types:
            /// a `%lld` (an `Int`).
            public mutating func appendInterpolation<T: BinaryInteger & Sendable>(_ value: T) { key += "%lld" }
            /// The same for `Double` and `Float`: a `%lf`.
            public mutating func appendInterpolation<T: BinaryFloatingPoint & Sendable>(_ value: T) { key += "%lf" }
        }
    }
}

/// `struct LocalizedStringResource`, iOS 16.0, macOS 13.0, watchOS 9.0: "A reference to a localizable string,
/// accessible from another process", looked up when a `String` or a view resolves it (`String(localized:)`,
/// SwiftUI's `Text`), in the `locale` it carries; `ExpressibleByStringInterpolation`. `Sendable` here, so that an
/// intent's `static let title: LocalizedStringResource` type-checks in Swift 6; whether Apple's is `Sendable` its
/// documentation does not say, and of the iOS 17 SDK an Apple engineer wrote "It's not Sendable"
/// (https://developer.apple.com/forums/thread/732362): a snippet that passes one across actors may pass here only.
/// https://developer.apple.com/documentation/foundation/localizedstringresource
public struct LocalizedStringResource: Sendable, ExpressibleByStringInterpolation {
    /// `let key: String`, the key the table is searched for.
    public let key: String
    /// `let defaultValue: String.LocalizationValue`, used when the table has no entry for `key`:
    /// https://developer.apple.com/documentation/foundation/localizedstringresource/defaultvalue
    public let defaultValue: String.LocalizationValue
    /// `let table: String?`, `Localizable` when `nil`:
    /// https://developer.apple.com/documentation/foundation/localizedstringresource/table
    public let table: String?
    /// `var locale: Locale`, which a process may change before resolving the resource ("fixedTitle.locale =
    /// .current"): https://developer.apple.com/documentation/foundation/localizedstringresource/locale
    public var locale: Locale
    /// `var bundle: LocalizedStringResource.BundleDescription { get }`:
    /// https://developer.apple.com/documentation/foundation/localizedstringresource/bundle
    public let bundle: BundleDescription

    /// `enum BundleDescription` (`Sendable`): the bundle whose table holds the string.
    /// https://developer.apple.com/documentation/foundation/localizedstringresource/bundledescription
    public enum BundleDescription: Sendable {
        /// `case main`: "The app's main bundle."
        case main
        /// `case atURL(URL)`: "A bundle located at a specific file URL."
        case atURL(URL)
    }

    /// `init(_ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current, bundle:
    /// LocalizedStringResource.BundleDescription = .main, comment: StaticString? = nil)`: the key is its own default.
    /// https://developer.apple.com/documentation/foundation/localizedstringresource/init(_:table:locale:bundle:comment:)-69k32
    public init(
        _ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
        bundle: BundleDescription = .main, comment: StaticString? = nil
    ) {
        self.init(key: keyAndValue.key, defaultValue: keyAndValue, table: table, locale: locale, bundle: bundle)
    }

    /// `init(_ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale =
    /// .current, bundle: LocalizedStringResource.BundleDescription = .main, comment: StaticString? = nil)`: "A
    /// localization value to use if `key` doesn't exist in `table`."
    /// https://developer.apple.com/documentation/foundation/localizedstringresource/init(_:defaultvalue:table:locale:bundle:comment:)-1apqa
    public init(
        _ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
        bundle: BundleDescription = .main, comment: StaticString? = nil
    ) {
        self.init(key: "\(key)", defaultValue: defaultValue, table: table, locale: locale, bundle: bundle)
    }

    /// `init(stringLiteral value: String)`: the literal is the key, with the defaults of `init(_:table:locale:bundle:
    /// comment:)`. https://developer.apple.com/documentation/foundation/localizedstringresource/init(stringliteral:)
    public init(stringLiteral value: String) { self.init(String.LocalizationValue(value)) }

    /// `init(stringInterpolation: String.LocalizationValue.StringInterpolation)`:
    /// https://developer.apple.com/documentation/foundation/localizedstringresource/init(stringinterpolation:)
    public init(stringInterpolation: String.LocalizationValue.StringInterpolation) {
        self.init(String.LocalizationValue(stringInterpolation: stringInterpolation))
    }

    private init(
        key: String, defaultValue: String.LocalizationValue, table: String?, locale: Locale, bundle: BundleDescription
    ) {
        (self.key, self.defaultValue, self.table, self.locale, self.bundle) = (key, defaultValue, table, locale, bundle)
    }

    public typealias StringInterpolation = String.LocalizationValue.StringInterpolation
}

/// `struct InlinePresentationIntent: OptionSet`, iOS 15.0, macOS 12.0, watchOS 8.0, `rawValue: UInt`: "The type of
/// inline presentation intents", such as Markdown's emphasis, which SwiftUI's `Text` draws.
/// https://developer.apple.com/documentation/foundation/inlinepresentationintent
public struct InlinePresentationIntent: OptionSet, Codable, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `static var emphasized: InlinePresentationIntent`, rendered italic.
    public static let emphasized = InlinePresentationIntent(rawValue: 1 << 0)
    /// `static var stronglyEmphasized: InlinePresentationIntent`, rendered bold.
    public static let stronglyEmphasized = InlinePresentationIntent(rawValue: 1 << 1)
}

extension AttributeScopes.FoundationAttributes {
    /// `enum InlinePresentationIntentAttribute: CodableAttributedStringKey, ObjectiveCConvertibleAttributedStringKey`,
    /// iOS 15.0, named `NSInlinePresentationIntent`; `AttributedString`'s `inlinePresentationIntent`.
    /// https://developer.apple.com/documentation/foundation/attributescopes/foundationattributes/inlinepresentationintentattribute
    public enum InlinePresentationIntentAttribute: CodableAttributedStringKey {
        public typealias Value = InlinePresentationIntent
        public static let name = "NSInlinePresentationIntent"
    }
}
