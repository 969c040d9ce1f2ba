import Synchronization

/// Parsed messages by source text, shared by every formatter in the process, so a message is parsed once.
/// Bounded: when full it starts over, which keeps a long-running host's memory flat.
final class MessageCache: Sendable {
    static let shared = MessageCache(capacity: 2048)

    private let capacity: Int
    private let entries = Mutex<[String: Result<[MessageElement], MessageParseError>]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    func parse(_ message: String) -> Result<[MessageElement], MessageParseError> {
        if let cached = entries.withLock({ $0[message] }) { return cached }
        let result: Result<[MessageElement], MessageParseError>
        do { result = .success(try MessageParser.parse(message)) } catch { result = .failure(error) }
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[message] = result
        }
        return result
    }
}
