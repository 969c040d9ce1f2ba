import Foundation
import I18nCore
import LocaleData

/// A value `format` writes beside messages, as `WidgetFormatter` writes it: a relative time, a list, a duration
/// or a display name. Read from a `--jsonl` line's `relativeTime`, `list`, `duration` or `displayName` object, or
/// from `--relative`, `--list`, `--duration` and `--display-name`, through the same checks.
enum FormatValue {
    case relativeTime(Double, RelativeTimeUnit, FormatLength, RelativeTimeNumeric)
    case list([String], ListType, FormatLength)
    case duration(DurationFields, DurationStyle)
    case displayName(String, DisplayNameType, FormatLength)

    /// The names of the value objects a `--jsonl` line may hold.
    static let kinds = ["relativeTime", "list", "duration", "displayName"]
    /// The most items a list value may have: joining is linear, but a list of more is no widget's text, and its
    /// output would be megabytes.
    static let maximumListItems = 100_000

    /// The value of a line's `kind` object, or a message naming what is wrong with it.
    static func parse(kind: String, _ json: Any) -> Result<FormatValue, FormatValueError> {
        guard let object = json as? [String: Any] else { return .failure(.init("\"\(kind)\" must be an object")) }
        do throws(FormatValueError) {
            switch kind {
            case "relativeTime":
                try known(object, ["value", "unit", "style", "numeric"], in: kind)
                guard let value = number(object["value"]) else {
                    throw .init("relativeTime needs \"value\", a number (negative in the past)")
                }
                guard let unitText = object["unit"] as? String else {
                    throw .init("relativeTime needs \"unit\": one of \(names(RelativeTimeUnit.self))")
                }
                // `Intl.RelativeTimeFormat`, which the app calls, takes plural units too ("minutes").
                let plural = unitText.hasSuffix("s") ? String(unitText.dropLast()) : unitText
                let unit: RelativeTimeUnit = try choice(
                    RelativeTimeUnit(rawValue: unitText) == nil && RelativeTimeUnit(rawValue: plural) != nil
                        ? plural : unitText, field: "unit", in: kind)
                let numeric: RelativeTimeNumeric = try choice(object["numeric"] ?? "always", field: "numeric", in: kind)
                return .success(
                    .relativeTime(
                        value.doubleValue, unit, try choice(object["style"] ?? "long", field: "style", in: kind),
                        numeric))
            case "list":
                try known(object, ["items", "type", "style"], in: kind)
                guard let items = object["items"] as? [Any], let strings = items as? [String] else {
                    throw .init("list needs \"items\", an array of strings")
                }
                guard strings.count <= Self.maximumListItems else {
                    throw .init(
                        "list has \(strings.count) items, more than the \(Self.maximumListItems) a widget's line could show"
                    )
                }
                return .success(
                    .list(
                        strings, try choice(object["type"] ?? "conjunction", field: "type", in: kind),
                        try choice(object["style"] ?? "long", field: "style", in: kind)))
            case "duration":
                try known(object, ["fields", "style"], in: kind)
                guard let fieldObject = object["fields"] as? [String: Any], !fieldObject.isEmpty else {
                    throw .init(
                        "duration needs \"fields\", an object of \(DurationFields.names.joined(separator: ", "))")
                }
                var fields = DurationFields()
                for (name, value) in fieldObject.sorted(by: { $0.key < $1.key }) {
                    guard DurationFields.names.contains(name) else {
                        throw .init(
                            "Unknown duration field '\(name)'; use \(DurationFields.names.joined(separator: ", "))")
                    }
                    guard let amount = number(value) else {
                        throw .init("Duration field '\(name)' must be a number")
                    }
                    fields[name] = amount.doubleValue
                }
                return .success(.duration(fields, try choice(object["style"] ?? "long", field: "style", in: kind)))
            default:
                try known(object, ["of", "type", "style"], in: kind)
                guard let code = object["of"] as? String, !code.isEmpty else {
                    throw .init("displayName needs \"of\": a language tag, region or script code")
                }
                return .success(
                    .displayName(
                        code, try choice(object["type"] ?? "language", field: "type", in: kind),
                        try choice(object["style"] ?? "long", field: "style", in: kind)))
            }
        } catch {
            return .failure(error)
        }
    }

    /// The value as `formatter` writes it; a display name CLDR has no data for is an error.
    func format(with formatter: WidgetFormatter) -> Result<String, FormatValueError> {
        switch self {
        case .relativeTime(let value, let unit, let style, let numeric):
            guard value.isFinite else { return .failure(.init("relativeTime \"value\" must be finite")) }
            return .success(formatter.relativeTime(value, unit: unit, style: style, numeric: numeric))
        case .list(let items, let type, let style):
            return .success(formatter.list(items, type: type, style: style))
        case .duration(let fields, let style):
            guard fields.present.allSatisfy({ $0.value.isFinite }) else {
                return .failure(.init("Duration fields must be finite"))
            }
            return .success(formatter.duration(fields, style: style))
        case .displayName(let code, let type, let style):
            guard let name = formatter.displayName(of: code, type: type, style: style) else {
                return .failure(.init("No \(type.rawValue) name for '\(code)' in \(formatter.locale.displayForm)"))
            }
            return .success(name)
        }
    }

    /// A JSON number: JSONSerialization's `true` is an `NSNumber` too (and any `NSNumber` of 0 or 1 casts to `Bool`
    /// on Linux), so booleans are told apart by their type.
    private static func number(_ json: Any?) -> NSNumber? {
        guard let number = json as? NSNumber, String(describing: type(of: number)) != "__NSCFBoolean" else {
            return nil
        }
        return number
    }

    private static func known(_ object: [String: Any], _ fields: [String], in kind: String) throws(FormatValueError) {
        if let unknown = object.keys.sorted().first(where: { !fields.contains($0) }) {
            throw .init("Unknown field '\(unknown)' in \"\(kind)\"; use \(fields.joined(separator: ", "))")
        }
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ json: Any, field: String, in kind: String)
        throws(FormatValueError) -> T where T.RawValue == String
    {
        guard let text = json as? String, let value = T(rawValue: text) else {
            let shown = json as? String ?? "\(json)"
            throw .init("Unknown \(kind) \(field) '\(shown)'; use \(names(T.self))")
        }
        return value
    }

    private static func names<T: RawRepresentable & CaseIterable>(_: T.Type) -> String where T.RawValue == String {
        T.allCases.map(\.rawValue).joined(separator: ", ")
    }
}

/// What is wrong with a value line or option, as the `{"error"}` reply says it.
struct FormatValueError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
