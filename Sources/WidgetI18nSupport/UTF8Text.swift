extension String {
    /// The text `bytes` spell when they are well-formed UTF-8, or `nil`: what `String(validating:as: UTF8.self)`
    /// does, on the deployment floor (that initializer needs iOS 18, macOS 15 and watchOS 11).
    ///
    /// `String(decoding:as:)` validates and replaces each ill-formed sequence with U+FFFD; the bytes were
    /// well-formed exactly when the decoded text spells them back unchanged (a replacement is three bytes, so a
    /// length check alone would pass a truncated three-byte sequence).
    @inlinable package init?(validatingUTF8 bytes: some Collection<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.count == bytes.count else { return nil }
        let same =
            bytes.withContiguousStorageIfAvailable { input in
                var text = text
                return text.withUTF8 { decoded in decoded.elementsEqual(input) }
            } ?? text.utf8.elementsEqual(bytes)
        guard same else { return nil }
        self = text
    }
}
