import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The size ActivityKit gives an activity's data, and its 4 KB limit.
///
/// "The updated dynamic data for both ActivityKit updates and ActivityKit push notifications can't exceed 4 KB in
/// size", and "the combined size of static and dynamic data can't exceed 4 KB" (Apple, ActivityKit, "Displaying
/// live data with Live Activities"). ActivityKit encodes `ContentState` with JSON; the size is measured the same
/// way: a `JSONEncoder` with its default settings (no pretty printing, no sorted keys, `deferredToDate` dates,
/// which writes seconds since 2001 as `Date`'s `Codable` does, the strategy ActivityKit decodes a push's
/// `content-state` with: "Starting and updating Live Activities with ActivityKit push notifications"). The
/// encoder escapes `/` (`\/`) and every non-ASCII character stays UTF-8, so a state in Greek or Arabic costs two
/// bytes a letter; what is measured is those bytes. (Foundation on Apple platforms may re-encode a state into a
/// larger form, Apple developer forums thread 845605: leave room under the limit.)
public enum ActivityStateSize {
    /// ActivityKit's limit, in bytes: 4 KB.
    public static let limit = 4096

    /// The bytes ActivityKit's JSON encoding of `value` takes.
    /// - Parameter value: the activity's state or attributes.
    /// - Throws: the encoder's error when `value` cannot be encoded.
    package static func encoded(_ value: some Encodable) throws -> [UInt8] {
        Array(try JSONEncoder().encode(value))
    }

    /// Checks that `state`, with `attributes` when they are sent too (an activity's start), fits in 4 KB.
    /// - Parameters:
    ///   - state: the activity's dynamic data (`ContentState`).
    ///   - attributes: its static data, when they are sent with it; `nil` for an update.
    /// - Returns: the bytes they take together.
    /// - Throws: ``ActivityStateTooLarge`` over the limit; the encoder's error when one cannot be encoded.
    @discardableResult
    public static func check(_ state: some Encodable, attributes: (any Encodable)? = nil) throws -> Int {
        var size = try encoded(state).count
        if let attributes { size += try encoded(attributes).count }
        guard size <= limit else { throw ActivityStateTooLarge(size: size, includesAttributes: attributes != nil) }
        return size
    }
}

/// An activity's data over ActivityKit's 4 KB.
public struct ActivityStateTooLarge: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is: `tooLarge`, the one this error has.
    public typealias Code = ErrorCode<ActivityStateTooLarge>

    /// What kind of failure it is.
    public var code: Code { .tooLarge }
    /// The bytes the data takes, JSON-encoded as ActivityKit encodes it.
    public let size: Int
    /// Whether the size counts the static attributes as well as the state.
    package let includesAttributes: Bool

    public var description: String {
        let what = includesAttributes ? "attributes and content state together take" : "content state takes"
        return "The activity's \(what) \(size) bytes as JSON, more than ActivityKit's limit of 4 KB "
            + "(\(ActivityStateSize.limit) bytes); send keys and arguments, not text, and fewer of them"
    }
}

extension ErrorCode where Domain == ActivityStateTooLarge {
    /// The data is over ActivityKit's 4 KB.
    public static var tooLarge: Self { Self("tooLarge") }
}
