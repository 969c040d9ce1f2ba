import I18nCore

/// Writes a locale's messages as a better-i18n bundle, `translations.json` as the CDN serves it: nested by the
/// dots of the keys (`{"today": {"title": "…"}}`), two spaces of indentation, in the order given; flat
/// (`{"today.title": "…"}`) when the keys cannot nest (a key that is also another's prefix, an empty part as in
/// `Done.`, more parts than `MessageBundle.maximumDepth`). `MessageBundle` reads both shapes alike.
package enum BundleJSON {
    /// One level of the nested shape: members in order of first appearance.
    private final class Level {
        var names: [String] = []
        var messages: [String: String] = [:]
        var levels: [String: Level] = [:]
    }

    /// The bundle's bytes, ending with a newline.
    package static func bytes(_ messages: [(key: String, message: String)]) -> [UInt8] {
        var output: [UInt8] = []
        if let root = nested(messages) {
            write(root, indent: 0, to: &output)
        } else {
            let flat = Level()
            for (key, message) in messages where flat.messages[key] == nil {
                flat.names.append(key)
                flat.messages[key] = message
            }
            write(flat, indent: 0, to: &output)
        }
        output.append(0x0A)
        return output
    }

    /// The nested tree, or `nil` when a key cannot take its place in it.
    private static func nested(_ messages: [(key: String, message: String)]) -> Level? {
        let root = Level()
        for (key, message) in messages {
            let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !parts.contains(where: \.isEmpty) else { return nil }
            // A widget refuses a bundle nested deeper than it reads, every message of it: such a key stays flat,
            // and so the bundle, as the fetcher stores what it cannot nest.
            guard parts.count <= MessageBundle.maximumDepth else { return nil }
            var level = root
            for part in parts.dropLast() {
                guard level.messages[part] == nil else { return nil }
                if let next = level.levels[part] {
                    level = next
                } else {
                    let next = Level()
                    level.levels[part] = next
                    level.names.append(part)
                    level = next
                }
            }
            let last = parts[parts.count - 1]
            guard level.messages[last] == nil, level.levels[last] == nil else { return nil }
            level.messages[last] = message
            level.names.append(last)
        }
        return root
    }

    private static func write(_ level: Level, indent: Int, to output: inout [UInt8]) {
        guard !level.names.isEmpty else {
            output.append(contentsOf: Array("{}".utf8))
            return
        }
        output.append(contentsOf: [UInt8(ascii: "{"), 0x0A])
        for (index, name) in level.names.enumerated() {
            if index > 0 { output.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * (indent + 1)))
            JSONEscaping.appendQuoted(name, to: &output)
            output.append(contentsOf: Array(": ".utf8))
            if let message = level.messages[name] {
                JSONEscaping.appendQuoted(message, to: &output)
            } else {
                write(level.levels[name]!, indent: indent + 1, to: &output)
            }
        }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
        output.append(UInt8(ascii: "}"))
    }
}
