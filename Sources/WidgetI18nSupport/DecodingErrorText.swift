extension DecodingError {
    /// What went wrong decoding a value, in a sentence: where (`status.key: `) and what.
    package var sentence: String {
        switch self {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return (path.isEmpty ? "" : "\(path): ") + context.debugDescription
        case .keyNotFound(let key, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return (path.isEmpty ? "" : "\(path): ") + "no '\(key.stringValue)'"
        @unknown default: return "\(self)"
        }
    }
}
