/// How much a binary property list (`bplist00`) comes to once read, counted from its bytes before it is parsed.
///
/// A binary property list names its objects by reference, so keys can share one object: 5,000 keys that share
/// one string of 1 MiB make a file of 1.1 MB that Foundation reads as 5,000 strings, 5 GB. The count walks the
/// objects from the top one as a reader copies them, each reference as a copy of its own, and stops as soon as it
/// passes the limit, so the work is bounded by the limit too: every object counts at least `objectCost` bytes, so
/// a walk visits at most `limit / objectCost` objects, whatever the file's references (cycles included).
///
/// What counts: a string's text as UTF-8 at most (an ASCII string its length, a UTF-16 one three bytes a unit),
/// data its bytes, and `objectCost` bytes for every object read and every element of a collection: what a reader
/// holds for it beside its contents.
enum PropertyListExpansion {
    /// What each object, and each element of an array, a set or a dictionary, counts beside its contents.
    static let objectCost = 16

    /// What the property list `bytes` comes to once read.
    enum Verdict: Equatable {
        /// Its objects come to at most the limit, or it is not a binary property list (XML writes every object
        /// out each time it occurs: it comes to about its own size).
        case fits
        /// A binary property list whose objects come to more than the limit.
        case pastLimit
        /// A binary property list with an object, a reference or a length outside the file: no property list.
        case malformed
    }

    /// What the property list `bytes` comes to once read, against `limit`.
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - limit: the most its objects may come to.
    static func verdict(_ bytes: [UInt8], limit: Int) -> Verdict {
        guard bytes.starts(with: Array("bplist0".utf8)) else { return .fits }
        guard let table = ObjectTable(bytes) else { return .malformed }
        var total = 0
        var pending: [Int] = [table.top]
        while let reference = pending.popLast() {
            guard let object = table.object(reference) else { return .malformed }
            total += objectCost + object.contents + objectCost * object.references.count
            guard total <= limit else { return .pastLimit }
            pending.append(contentsOf: object.references)
        }
        return .fits
    }

    /// The trailer, offset table and objects of a `bplist00` file, each read with its bounds checked.
    private struct ObjectTable {
        let bytes: [UInt8]
        let offsetSize: Int
        let referenceSize: Int
        let count: Int
        let top: Int
        let tableOffset: Int

        /// The table of `bytes`, or `nil` when they are not a binary property list whose trailer and offset table
        /// lie within the file.
        init?(_ bytes: [UInt8]) {
            guard bytes.count >= 8 + 32 else { return nil }
            self.bytes = bytes
            let trailer = bytes.count - 32
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
                let count = Self.integer(bytes, at: trailer + 8, size: 8),
                let top = Self.integer(bytes, at: trailer + 16, size: 8),
                let tableOffset = Self.integer(bytes, at: trailer + 24, size: 8),
                count > 0, top < count, tableOffset >= 8, tableOffset <= trailer,
                count <= (trailer - tableOffset) / offsetSize
            else { return nil }
            self.count = count
            self.top = top
            self.tableOffset = tableOffset
        }

        /// An object's contents (bytes of text or data) and the references it holds, or `nil` when it cannot be
        /// read within the file.
        func object(_ reference: Int) -> (contents: Int, references: [Int])? {
            guard reference < count,
                let offset = Self.integer(bytes, at: tableOffset + reference * offsetSize, size: offsetSize),
                offset >= 8, offset < tableOffset
            else { return nil }
            let marker = bytes[offset]
            switch marker >> 4 {
            case 0x4, 0x5, 0x7:  // data, ASCII string, UTF-8 string: a byte each
                guard let (length, start) = length(at: offset), length <= tableOffset - start else { return nil }
                return (length, [])
            case 0x6:  // UTF-16 string: two bytes a unit, at most three bytes of UTF-8
                guard let (length, start) = length(at: offset), length <= (tableOffset - start) / 2 else { return nil }
                return (3 * length, [])
            case 0xA, 0xB, 0xC, 0xD:  // array, ordered set, set, dictionary (keys, then values)
                guard let (length, start) = length(at: offset) else { return nil }
                let references = marker >> 4 == 0xD ? 2 * length : length
                guard references <= (tableOffset - start) / referenceSize else { return nil }
                var found: [Int] = []
                found.reserveCapacity(references)
                for index in 0..<references {
                    guard let element = Self.integer(bytes, at: start + index * referenceSize, size: referenceSize)
                    else { return nil }
                    found.append(element)
                }
                return (0, found)
            default:  // null, booleans, integers, reals, dates, UIDs: their size is their own
                return (0, [])
            }
        }

        /// The count of the object at `offset` (the marker's low four bits, or the integer object after it when
        /// they are all set) and where its contents start.
        private func length(at offset: Int) -> (Int, start: Int)? {
            let low = Int(bytes[offset] & 0x0F)
            guard low == 0x0F else { return (low, offset + 1) }
            guard offset + 1 < tableOffset, bytes[offset + 1] >> 4 == 0x1 else { return nil }
            let size = 1 << Int(bytes[offset + 1] & 0x0F)
            guard size <= 8, let value = Self.integer(bytes, at: offset + 2, size: size) else { return nil }
            return (value, offset + 2 + size)
        }

        /// The big-endian unsigned integer of `size` bytes at `offset`, or `nil` past the end or past `Int.max`.
        static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
            guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else { return nil }
            var value: UInt64 = 0
            for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }
    }
}
