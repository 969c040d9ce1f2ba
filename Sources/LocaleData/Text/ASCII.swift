/// Byte classification for the hand-written scanners of this module; they work on UTF-8 bytes to stay off
/// `Character` and Foundation on the widget's hot path.
package enum ASCII {
    @inlinable package static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    @inlinable package static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    @inlinable package static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }

    @inlinable package static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }

    @inlinable package static func lowercased(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte | 0x20 : byte }

    @inlinable package static func uppercased(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte & ~0x20 : byte }
}
