#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - TZif

extension ZoneInfo.TransitionTable {
    /// Reads a TZif file, or returns `nil` when the bytes are truncated, inconsistent or not TZif.
    init?(tzif bytes: [UInt8]) {
        var reader = ByteReader(bytes: bytes)
        guard let header = reader.header() else { return nil }
        if header.version == 0 {
            guard let block = reader.dataBlock(header, timeSize: 4) else { return nil }
            self = block
            // A version 1 file has no footer; bytes after the block are ignored.
            return
        }
        // Skip the version 1 block, then read the 64-bit one announced by a second header.
        guard reader.skip(header.blockSize(timeSize: 4)), let header64 = reader.header(),
            var table = reader.dataBlock(header64, timeSize: 8)
        else { return nil }
        // The footer: a POSIX TZ string between newlines, possibly empty.
        guard reader.byte() == UInt8(ascii: "\n"), let footer = reader.take(until: UInt8(ascii: "\n")) else {
            return nil
        }
        if !footer.isEmpty {
            guard let rule = ZoneInfo.PosixRule(footer) else { return nil }
            table.footer = rule
        }
        self = table
    }

    /// The counts of a TZif header.
    struct Header {
        var version: UInt8
        var isUTCCount: Int
        var isStandardCount: Int
        var leapCount: Int
        var timeCount: Int
        var typeCount: Int
        var characterCount: Int

        /// Bytes in the data block that follows; counts are below 2³², so this cannot overflow a 64-bit `Int`.
        func blockSize(timeSize: Int) -> Int {
            timeCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
                + isStandardCount + isUTCCount
        }
    }

    /// A bounds-checked cursor over the file's bytes; every read returns `nil` (or `false`) past the end.
    struct ByteReader {
        let bytes: [UInt8]
        var offset = 0

        var remaining: Int { bytes.count - offset }

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, count <= remaining else { return false }
            offset += count
            return true
        }

        mutating func byte() -> UInt8? {
            guard remaining >= 1 else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func uint32() -> UInt32? {
            guard remaining >= 4 else { return nil }
            defer { offset += 4 }
            return Self.uint32(bytes, at: offset)
        }

        /// The bytes before the next `delimiter`, consuming both; `nil` when there is no delimiter.
        mutating func take(until delimiter: UInt8) -> [UInt8]? {
            guard let end = bytes[offset...].firstIndex(of: delimiter) else { return nil }
            defer { offset = end + 1 }
            return Array(bytes[offset..<end])
        }

        static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
            UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
                | UInt32(bytes[offset + 3])
        }

        static func int64(_ bytes: [UInt8], at offset: Int) -> Int64 {
            Int64(bitPattern: UInt64(uint32(bytes, at: offset)) << 32 | UInt64(uint32(bytes, at: offset + 4)))
        }

        /// Reads and checks a 44-byte header.
        mutating func header() -> Header? {
            guard remaining >= 44, bytes[offset..<offset + 4].elementsEqual("TZif".utf8) else { return nil }
            let version = bytes[offset + 4]
            guard version == 0 || version >= UInt8(ascii: "2") else { return nil }
            offset += 20
            var counts: [Int] = []
            counts.reserveCapacity(6)
            for _ in 0..<6 {
                guard let count = uint32() else { return nil }
                counts.append(Int(count))
            }
            let header = Header(
                version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
                timeCount: counts[3], typeCount: counts[4], characterCount: counts[5])
            // RFC 8536 §3.1: at least one type and one abbreviation byte, types indexed by one byte, and
            // indicator counts either zero or the number of types.
            guard header.typeCount >= 1, header.typeCount <= 256, header.characterCount >= 1,
                header.isUTCCount == 0 || header.isUTCCount == header.typeCount,
                header.isStandardCount == 0 || header.isStandardCount == header.typeCount
            else { return nil }
            return header
        }

        /// Reads and checks the data block described by `header`, with `timeSize`-byte transition times.
        mutating func dataBlock(_ header: Header, timeSize: Int) -> ZoneInfo.TransitionTable? {
            guard header.blockSize(timeSize: timeSize) <= remaining else { return nil }
            let start = offset
            var transitions: [Int64] = []
            transitions.reserveCapacity(header.timeCount)
            for index in 0..<header.timeCount {
                let at = start + index * timeSize
                let time =
                    timeSize == 8 ? Self.int64(bytes, at: at) : Int64(Int32(bitPattern: Self.uint32(bytes, at: at)))
                if let previous = transitions.last, time <= previous { return nil }
                transitions.append(time)
            }
            let indexStart = start + header.timeCount * timeSize
            let typeIndexes = Array(bytes[indexStart..<indexStart + header.timeCount])
            guard typeIndexes.allSatisfy({ Int($0) < header.typeCount }) else { return nil }

            let typeStart = indexStart + header.timeCount
            let characterStart = typeStart + header.typeCount * 6
            let characters = bytes[characterStart..<characterStart + header.characterCount]
            var types: [ZoneInfo.LocalTimeType] = []
            types.reserveCapacity(header.typeCount)
            for index in 0..<header.typeCount {
                let at = typeStart + index * 6
                let offset = Int32(bitPattern: Self.uint32(bytes, at: at))
                let isDST = bytes[at + 4]
                let abbreviationIndex = Int(bytes[at + 5])
                // RFC 8536 §3.2: offsets within (−25 h, +26 h), flags 0 or 1, abbreviations inside the table.
                guard (-89_999...93_599).contains(offset), isDST <= 1, abbreviationIndex < header.characterCount else {
                    return nil
                }
                let from = characterStart + abbreviationIndex
                let to = characters[from...].firstIndex(of: 0) ?? characters.endIndex
                let abbreviation = String(decoding: bytes[from..<to], as: UTF8.self)
                types.append(ZoneInfo.LocalTimeType(offset: Int(offset), isDST: isDST == 1, abbreviation))
            }
            // Leap-second records and the standard/wall and UT/local indicators follow; civil time needs neither.
            offset = start + header.blockSize(timeSize: timeSize)
            return ZoneInfo.TransitionTable(
                transitions: transitions, typeIndexes: typeIndexes, types: types, footer: nil)
        }
    }
}
