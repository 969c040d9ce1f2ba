/// What looking a key up found.
package enum MessageLookupResult: Hashable, Sendable {
    case found(String)
    /// No message at that key.
    case missing
    /// A stored index found that the JSON changed under it: parse the JSON and ask again.
    case stale
}

/// Something that answers message keys: a parsed `MessageBundle`, or a `StoredBundleIndex` over the JSON.
package protocol MessageLookup: Sendable {
    func lookUp(_ key: String) -> MessageLookupResult
}

extension MessageBundle: MessageLookup {
    package func lookUp(_ key: String) -> MessageLookupResult {
        message(forKey: key).map(MessageLookupResult.found) ?? .missing
    }
}

extension StoredBundleIndex: MessageLookup {}
