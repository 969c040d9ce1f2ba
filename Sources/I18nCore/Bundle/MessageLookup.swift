/// Something that answers message keys: a parsed `MessageBundle`, or a `StoredBundleIndex` over the JSON.
package protocol MessageLookup: Sendable {
    /// The message at the dotted `key`, or `nil`.
    func message(forKey key: String) -> String?
}

extension MessageBundle: MessageLookup {}
extension StoredBundleIndex: MessageLookup {}
