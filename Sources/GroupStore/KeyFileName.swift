import WidgetI18nSupport

/// The file name of a key in a `FileGroupStore`: every UTF-8 byte outside `A-Z a-z 0-9 - . _ ~` is written
/// `%XX` with upper-case hex, as `urllib.parse.quote(key, safe="")` does. The mapping is one-to-one, so a
/// file name that is not the canonical encoding of some key (a temporary file, a stray file) is not a key.
package enum KeyFileName {
    /// Longest file name most file systems accept.
    package static let maximumLength = 255

    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    package static func encode(_ key: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(key.utf8.count + 16)
        for byte in key.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The key whose canonical encoding is `fileName`, or `nil` when there is none.
    package static func decode(_ fileName: String) -> String? {
        let bytes = Array(fileName.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = upperHexValue(bytes[index + 1]),
                    let low = upperHexValue(bytes[index + 2])
                else { return nil }
                let decoded = high << 4 | low
                guard !isUnreserved(decoded) else { return nil }
                output.append(decoded)
                index += 3
            } else {
                guard isUnreserved(byte) else { return nil }
                output.append(byte)
                index += 1
            }
        }
        guard !output.isEmpty, let key = String(validatingUTF8: output), key != ".", key != ".." else {
            return nil
        }
        return key
    }

    private static func upperHexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
