/// How large a preferences domain may grow: the system's limit, less a margin for what the writer does not see.
///
/// Since iOS 13, CFPreferences refuses to store a domain of 4,194,304 bytes or more ("Attempting to store >=
/// 4194304 bytes of data in CFPreferences/NSUserDefaults on this platform is invalid"), 1,048,576 on watchOS;
/// the write is then dropped without an error to the caller, and apps report other keys of the domain lost
/// (RevenueCat/purchases-ios issues 225, 5793 and 5912; cordova-plugin-openwith pull request 129 moved its
/// payloads into the App Group container for the same reason). The limit counts the domain as CFPreferences
/// encodes it, a binary property list, where a string with any character outside ASCII takes two bytes per
/// UTF-16 unit: one `ş` doubles an otherwise ASCII bundle. ``encodedSize(ofStrings:)`` counts exactly that.
///
/// The count equals Foundation's own binary encoding of the domain byte for byte (measured on swift-corelibs-
/// foundation for domains of 1 to 3,000 keys of ASCII, other strings and data). The margin covers what a writer
/// does not see: keys the system or other SDKs add between its check and its write, and how CFPreferences'
/// undocumented "approximate encoded size" may differ from the encoding. One sixteenth of the limit is 256 KiB
/// on iOS: some 2,000 keys of 100 bytes beside the ones counted (docs/architecture.md, "A suite's budget").
package struct PreferencesBudget: Hashable, Sendable, CustomStringConvertible {
    /// The size the system refuses, in bytes.
    package let limit: Int
    /// What is kept free below `limit`, in bytes.
    package let margin: Int

    /// A budget of `limit` bytes less `margin`.
    /// - Parameters:
    ///   - limit: the size the system refuses, in bytes.
    ///   - margin: what to keep free below it; a sixteenth of the limit by default.
    package init(limit: Int, margin: Int? = nil) {
        self.limit = max(0, limit)
        self.margin = min(self.limit, max(0, margin ?? limit / 16))
    }

    /// The most a writer may store: `limit - margin`.
    package var bytes: Int { limit - margin }

    /// iOS, iPadOS, macOS, tvOS and visionOS: 4 MiB.
    package static let iOS = PreferencesBudget(limit: 4_194_304)
    /// watchOS: 1 MiB.
    package static let watchOS = PreferencesBudget(limit: 1_048_576)
    /// This platform's: watchOS's on watchOS, else iOS's (Linux has no limit of its own; the budget is the
    /// phone's, so that what passes here fits there).
    package static var platform: PreferencesBudget {
        #if os(watchOS)
            return .watchOS
        #else
            return .iOS
        #endif
    }

    package var description: String { "\(bytes) bytes (\(limit) less a margin of \(margin))" }

    /// The size of a domain of string keys and string or byte values as a binary property list (Apple's
    /// `bplist00`): the header, each object's marker and length, a string's bytes (ASCII one byte a character,
    /// anything else two bytes per UTF-16 unit), the dictionary's references, the offset table and the trailer.
    /// A value of another type counts as its `otherSize` (see `PropertyListSize`).
    /// - Parameter entries: each key with its value's encoded bytes, as `PropertyListSize.string(_:)` and
    ///   `PropertyListSize.data(_:)` count them.
    package static func encodedSize(ofStrings entries: [(key: String, valueSize: Int)]) -> Int {
        PropertyListSize.dictionary(entries)
    }
}

/// Sizes of objects in a binary property list (`bplist00`), as CoreFoundation and swift-corelibs-foundation write
/// them: what a preferences domain's budget counts.
package enum PropertyListSize {
    /// The bytes a string object takes: its marker and length, then ASCII as one byte a character or, with any
    /// other character, UTF-16 as two bytes a unit.
    /// - Parameter text: the string.
    package static func string(_ text: String) -> Int {
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        let units = isASCII ? text.utf8.count : text.utf16.count
        return header(count: units) + (isASCII ? units : 2 * units)
    }

    /// The bytes a data object of `count` bytes takes: its marker and length, then the bytes.
    /// - Parameter count: the data's size.
    package static func data(_ count: Int) -> Int { header(count: count) + count }

    /// A marker byte, and for 15 or more an integer object holding the count.
    static func header(count: Int) -> Int {
        guard count >= 15 else { return 1 }
        return 1 + integer(count)
    }

    /// An integer object: its marker and 1, 2, 4 or 8 bytes.
    static func integer(_ value: Int) -> Int {
        switch value {
        case 0..<0x100: return 2
        case 0..<0x1_0000: return 3
        case 0..<0x1_0000_0000: return 5
        default: return 9
        }
    }

    /// A whole property list whose top object is a dictionary of `entries` (each key, and its value's object
    /// size): the `bplist00` header, the dictionary (marker, count, a reference per key and per value), every
    /// object, the offset table and the 32-byte trailer.
    static func dictionary(_ entries: [(key: String, valueSize: Int)]) -> Int {
        let objects = 1 + 2 * entries.count
        let referenceSize = objects < 0x100 ? 1 : objects < 0x1_0000 ? 2 : 4
        var body = header(count: entries.count) + 2 * entries.count * referenceSize
        for entry in entries { body += string(entry.key) + entry.valueSize }
        let offsetEnd = 8 + body
        // CoreFoundation writes offsets in 1, 2, 4 or 8 bytes, never 3.
        let offsetSize = offsetEnd < 0x100 ? 1 : offsetEnd < 0x1_0000 ? 2 : offsetEnd < 0x1_0000_0000 ? 4 : 8
        return 8 + body + objects * offsetSize + 32
    }
}
