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
        guard let bytes = Self.contents(ofFile: path) else { return nil }
        self.init(bytes: bytes)
    }

    package init(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Parses the UTF-8 bytes of a keys file.
    package init(bytes: [UInt8]) {
        // On UTF-8 bytes: splitting by `Character` walks grapheme clusters, which cost a widget process more
        // than rendering the keys did. No `Set` either: its first use scans the binary's protocol conformances.
        keys = bytes.split(separator: 0x0A).compactMap { line in
            guard line.first != UInt8(ascii: "#"), line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D })
            else { return nil }
            let fields = line.split(separator: 0x09).map { String(decoding: $0.filter { $0 != 0x0D }, as: UTF8.self) }
            var arguments: MessageArguments = [:]
            for field in fields.dropFirst() {
                let bytes = Array(field.utf8)
                guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
                let name = String(decoding: bytes[..<equals], as: UTF8.self)
                arguments[name] = MessageArgument(
                    inferringFrom: String(decoding: bytes[(equals + 1)...], as: UTF8.self))
            }
            return Key(key: fields[0], arguments: arguments)
        }
    }

    private static func contents(ofFile path: String) -> [UInt8]? {
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
        return bytes
    }
}
