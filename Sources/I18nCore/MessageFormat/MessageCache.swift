import LocaleData
@_spi(WidgetI18nSupport) import WidgetI18nSupport

/// Parsed messages by source text, shared by every formatter in the process, so a message is parsed once.
/// Bounded: when full it starts over, which keeps a long-running host's memory flat.
final class MessageCache: Sendable {
    static let shared = MessageCache(capacity: 2048)

    /// A parse's outcome. Not `Result`: instantiating `Result`'s metadata checks `Failure: Error` with a scan of
    /// every protocol conformance in the binary, which a widget process would pay on its first render.
    enum Parsed {
        case elements([MessageElement])
        case error(MessageParseError)

        var result: Result<[MessageElement], MessageParseError> {
            switch self {
            case .elements(let elements): return .success(elements)
            case .error(let error): return .failure(error)
            }
        }
    }

    private let entries: BoundedCache<Parsed>

    init(capacity: Int) {
        entries = BoundedCache(capacity: capacity)
    }

    /// Whether `message` was parsed and is still cached.
    func contains(_ message: String) -> Bool {
        entries.value(forKey: message) != nil
    }

    func parse(_ message: String) -> Parsed {
        entries.value(forKey: message) {
            do throws(MessageParseError) { return .elements(try MessageParser.parse(message)) } catch {
                return .error(error)
            }
        }
    }
}
