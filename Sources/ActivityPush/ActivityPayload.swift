import LiveActivities
import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An APNs Live Activity payload whose text is all keys: the state as keys and arguments, and an alert the
/// system shows from the app's own strings, in the user's language.
///
/// The fields are those of Apple's "Starting and updating Live Activities with ActivityKit push notifications":
/// `aps.timestamp` (seconds since 1970), `aps.event` (`start`, `update`, `end`), `aps.content-state` (the
/// `ContentState`, encoded as ActivityKit decodes it: see `ActivityStateSize`), `aps.stale-date` and
/// `aps.dismissal-date`, and `aps.attributes-type` with `aps.attributes` to start one; the alert is that
/// article's localized alert, a `title` and a `body` each with a `loc-key` and its `loc-args` (ActivityKit's
/// `AlertConfiguration` has the same title and body).
///
///     let alert = try ActivityAlert(
///         titleKey: "delivery.alert.title", key: "delivery.alert.arrived",
///         arguments: ["courier": "Ayşe", "store": "Acme"], order: ["courier", "store"])
///     let payload = try ActivityPayload(event: .update, state: state, timestamp: now, alert: alert)
///     send(payload.json)  // to APNs, with the activity's push token
package struct ActivityPayload: Sendable {
    /// What the push does to the activity.
    package enum Event: String, Codable, Hashable, Sendable, CaseIterable {
        /// Starts an activity (push-to-start, iOS 17.2): needs the attributes and their type.
        case start
        /// Updates its state.
        case update
        /// Ends it, showing the state until the dismissal date.
        case end
    }

    /// The payload, JSON-encoded: what APNs is sent.
    package let json: [UInt8]
    /// The bytes the content state takes, as ActivityKit measures it.
    package let stateSize: Int

    /// The payload for `event` with `state`.
    /// - Parameters:
    ///   - event: what the push does.
    ///   - state: the activity's `ContentState`: keys and arguments.
    ///   - timestamp: when the state was made; ActivityKit ignores a push older than the state it has.
    ///   - alert: the alert to show with an update, from the app's strings; none by default.
    ///   - staleDate: when the system marks the state out of date; none by default.
    ///   - dismissalDate: for `end`, when the system removes the ended activity; none by default.
    ///   - attributes: for `start`, the static data and its type's name (`DeliveryAttributes`); `nil` otherwise.
    /// - Throws: `ActivityStateTooLarge` when the state (with the attributes, to start) is over 4 KB;
    ///   ``ActivityPayloadError`` when `start` lacks attributes, or the whole payload is over APNs' 4 KB.
    package init<State: Encodable & Sendable>(
        event: Event, state: State, timestamp: Date, alert: ActivityAlert? = nil, staleDate: Date? = nil,
        dismissalDate: Date? = nil, attributes: (type: String, value: any Encodable & Sendable)? = nil
    ) throws {
        // The attributes go with a start only, and count towards its 4 KB.
        var starting: AnyEncodable?
        if event == .start {
            guard let attributes else { throw ActivityPayloadError(.startNeedsAttributes) }
            starting = AnyEncodable(attributes.value)
        }
        stateSize = try ActivityStateSize.check(state, attributes: starting)
        func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }
        let aps = APS(
            timestamp: seconds(timestamp), event: event.rawValue, contentState: state,
            staleDate: staleDate.map(seconds), dismissalDate: dismissalDate.map(seconds),
            attributesType: event == .start ? attributes?.type : nil, attributes: starting, alert: alert)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        json = Array(try encoder.encode(Envelope(aps: aps)))
        guard json.count <= Self.apnsLimit else { throw ActivityPayloadError(.payloadTooLarge, size: json.count) }
    }

    /// APNs' limit on a notification's payload: 4 KB ("Generating a remote notification").
    package static let apnsLimit = 4096

    private struct Envelope<State: Encodable>: Encodable {
        let aps: APS<State>
    }

    private struct APS<State: Encodable>: Encodable {
        let timestamp: Int
        let event: String
        let contentState: State
        let staleDate: Int?
        let dismissalDate: Int?
        let attributesType: String?
        let attributes: AnyEncodable?
        let alert: ActivityAlert?

        enum CodingKeys: String, CodingKey {
            case timestamp, event, alert, attributes
            case contentState = "content-state"
            case staleDate = "stale-date"
            case dismissalDate = "dismissal-date"
            case attributesType = "attributes-type"
        }
    }

    private struct AnyEncodable: Encodable {
        let value: any Encodable
        init(_ value: any Encodable) { self.value = value }
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }
}

/// Why a payload was refused, beside a state over 4 KB (`ActivityStateTooLarge`).
package struct ActivityPayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of refusal it is: `startNeedsAttributes`, `payloadTooLarge`.
    package typealias Code = ErrorCode<ActivityPayloadError>

    /// What kind of refusal it is.
    package let code: Code
    /// The bytes the payload takes, for `payloadTooLarge`.
    package let size: Int?

    package init(_ code: Code, size: Int? = nil) {
        self.code = code
        self.size = size
    }

    package var description: String {
        if code == .payloadTooLarge, let size {
            return "The payload takes \(size) bytes, more than APNs' limit of 4 KB (\(ActivityPayload.apnsLimit) bytes)"
        }
        return "A start event needs the activity's attributes and their type (aps.attributes-type, aps.attributes)"
    }
}

extension ErrorCode where Domain == ActivityPayloadError {
    /// `start` was asked for without the activity's attributes.
    package static var startNeedsAttributes: Self { Self("startNeedsAttributes") }
    /// The payload is over APNs' 4 KB.
    package static var payloadTooLarge: Self { Self("payloadTooLarge") }
}

/// A Live Activity alert shown from the app's own strings: `{"title": {"loc-key"}, "body": {"loc-key",
/// "loc-args"}, "sound"}`. The system looks each `loc-key` up in the String Catalog of the widget extension and the
/// app, in the user's language, and fills its specifiers with `loc-args` by position, as `String(format:)` does.
///
/// The arguments are given by name and put in `order`, the positions the catalog's entry gives them
/// (`CatalogExport.arguments(of:in:merging:)`, the mapping `widget-i18n catalog export` writes), so a
/// translation that puts them in another order (`%2$@ … %1$@`) still gets each in its place.
package struct ActivityAlert: Encodable, Hashable, Sendable {
    /// The title's key, with no arguments; none by default.
    package let titleKey: String?
    /// The body's key.
    package let key: String
    /// The body's arguments by position: `loc-args`.
    package let arguments: [String]
    /// A sound to play (`default`, or a file in the app's bundle); none by default.
    package let sound: String?

    /// The alert of `key` with `arguments` in `order`.
    /// - Parameters:
    ///   - titleKey: the title's key, which takes no arguments; none by default.
    ///   - key: the body's key.
    ///   - arguments: the body's arguments, by the names its message uses.
    ///   - order: the names in the order of the catalog entry's positions (position 1 first).
    ///   - sound: a sound to play; none by default.
    /// - Throws: ``ActivityAlertError`` when an argument of `order` is missing from `arguments`, or `arguments`
    ///   names one the key does not have.
    package init(
        titleKey: String? = nil, key: String, arguments: [String: String], order: [String], sound: String? = nil
    ) throws(ActivityAlertError) {
        if let missing = order.first(where: { arguments[$0] == nil }) {
            throw ActivityAlertError(.missingArgument, key: key, name: missing, expected: order)
        }
        if let extra = arguments.keys.sorted().first(where: { !order.contains($0) }) {
            throw ActivityAlertError(.unknownArgument, key: key, name: extra, expected: order)
        }
        self.titleKey = titleKey
        self.key = key
        self.arguments = order.map { arguments[$0]! }
        self.sound = sound
    }

    private enum CodingKeys: String, CodingKey {
        case title, body, sound
    }

    private enum TextKeys: String, CodingKey {
        case key = "loc-key"
        case arguments = "loc-args"
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let titleKey {
            var title = container.nestedContainer(keyedBy: TextKeys.self, forKey: .title)
            try title.encode(titleKey, forKey: .key)
        }
        var body = container.nestedContainer(keyedBy: TextKeys.self, forKey: .body)
        try body.encode(key, forKey: .key)
        if !arguments.isEmpty { try body.encode(arguments, forKey: .arguments) }
        try container.encodeIfPresent(sound, forKey: .sound)
    }
}

/// Why an alert's arguments do not fit its key.
package struct ActivityAlertError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What does not fit: `missingArgument`, `unknownArgument`.
    package typealias Code = ErrorCode<ActivityAlertError>

    /// What does not fit.
    package let code: Code
    /// The alert's key.
    package let key: String
    /// The argument missing, or given and unknown.
    package let name: String
    /// The key's arguments, in the catalog's order.
    package let expected: [String]

    package init(_ code: Code, key: String, name: String, expected: [String]) {
        self.code = code
        self.key = key
        self.name = name
        self.expected = expected
    }

    package var description: String {
        let list = expected.isEmpty ? "none" : expected.enumerated().map { "\($1) (\($0 + 1))" }.joined(separator: ", ")
        if code == .unknownArgument {
            return "The alert '\(key)' has no argument '\(name)'; its arguments are \(list)"
        }
        return "The alert '\(key)' needs \(name)=…; its arguments are \(list)"
    }
}

extension ErrorCode where Domain == ActivityAlertError {
    /// The key takes an argument that was not given.
    package static var missingArgument: Self { Self("missingArgument") }
    /// An argument was given that the key does not take.
    package static var unknownArgument: Self { Self("unknownArgument") }
}
