/// A value from a store, a CDN or the command line as an error message quotes it: at most a short prefix, so
/// a megabyte-sized locale or key never fills a log or a terminal.
package enum QuotedExcerpt {
    /// How many Unicode scalars of a value a message quotes.
    package static let defaultLength = 64

    /// The first `length` scalars of `text`, followed by `…` and the total size in bytes when it was longer.
    /// - Parameters:
    ///   - text: the value to quote.
    ///   - length: how many scalars to keep; `defaultLength` by default.
    package static func of(_ text: String, length: Int = defaultLength) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > length else { return text }
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: scalars.prefix(length))
        return String(prefix) + "… (\(text.utf8.count) bytes)"
    }
}
