import I18nCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The keys a widget renders, in the `keys.txt` format of `Benchmarks/make-fixture.py`: a key per line,
/// then optional TAB-separated `name=value` arguments; `#` starts a comment line.
///
/// Shared by `widget-i18n-bench` and `widget-i18n-render`, and read with plain POSIX calls so that a
/// widget-sized process links nothing from Foundation for it.
package struct WidgetKeysFile: Sendable {
    package struct Key: Sendable {
        package let key: String
        package let arguments: MessageArguments
    }

    package let keys: [Key]

    /// Reads and parses the file at `path`; `nil` when it cannot be read.
    package init?(path: String) {
        guard let text = Self.contents(ofFile: path) else { return nil }
        self.init(text: text)
    }

    package init(text: String) {
        keys = text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), line.contains(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) else {
                return nil
            }
            let fields = line.split(separator: "\t")
            var arguments: MessageArguments = [:]
            for field in fields.dropFirst() {
                guard let equals = field.firstIndex(of: "=") else { continue }
                let value = field[field.index(after: equals)...].filter { $0 != "\r" }
                arguments[String(field[..<equals])] = MessageArgument(inferringFrom: String(value))
            }
            return Key(key: String(fields[0].filter { $0 != "\r" }), arguments: arguments)
        }
    }

    private static func contents(ofFile path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
