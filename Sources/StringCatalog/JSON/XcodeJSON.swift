/// A JSON value to write as Xcode writes a String Catalog.
indirect enum CatalogValue: Sendable, Equatable {
    /// An object; the writer sorts its members in `XcodeKeyOrder`.
    case object([CatalogMember])
    case string(String)
    case integer(Int)
    case bool(Bool)
    /// Bytes copied from the catalog being merged, written exactly as they are: a value at the same depth
    /// that the merge does not change.
    case verbatim([UInt8])
}

/// One member of a `CatalogValue.object`.
struct CatalogMember: Sendable, Equatable {
    let name: String
    /// How the name was spelled in the catalog being merged (quotes included), to write it exactly so; `nil`
    /// writes it as Xcode escapes it.
    var spelling: [UInt8]?
    let value: CatalogValue

    init(_ name: String, _ value: CatalogValue, spelling: [UInt8]? = nil) {
        self.name = name
        self.value = value
        self.spelling = spelling
    }
}

/// Writes JSON as Xcode writes `.xcstrings` files, which `JSONSerialization` on Linux cannot: two spaces of
/// indentation per level, `"name" : value` with a space on each side of the colon, members sorted in
/// `XcodeKeyOrder`, an empty object as `{`, an empty line and the closing brace indented, `/` not escaped, no
/// newline after the last `}`.
///
/// The format is that of Foundation's `JSONEncoder` with `.prettyPrinted` and `.withoutEscapingSlashes`
/// (swift-foundation's `JSONWriter.swift`: `serializeObject`, `serializeString`, `writeIndent`), which is what
/// the catalogs Xcode writes look like (CubeLabsNZ/CubeTime's `Localizable.xcstrings`, Aemi-Studio/Cami's).
enum XcodeJSON {
    /// The catalog's bytes; `indent` is the level the value sits at, for a value inside a catalog, and `newline`
    /// ends each line (a merged catalog's own, `\r\n` for one saved on Windows).
    static func bytes(of value: CatalogValue, indent: Int = 0, newline: [UInt8] = [0x0A]) -> [UInt8] {
        var output: [UInt8] = []
        write(value, indent: indent, newline: newline, to: &output)
        return output
    }

    /// `text` as a JSON string literal, escaped as Xcode escapes it.
    static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        appendQuoted(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func write(_ value: CatalogValue, indent: Int, newline: [UInt8], to output: inout [UInt8]) {
        switch value {
        case .string(let text): appendQuoted(text, to: &output)
        case .integer(let number): output.append(contentsOf: Array(String(number).utf8))
        case .bool(let flag): output.append(contentsOf: Array((flag ? "true" : "false").utf8))
        case .verbatim(let bytes): output.append(contentsOf: bytes)
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            output.append(contentsOf: newline)
            let sorted = members.sorted { XcodeKeyOrder.areInIncreasingOrder($0.name, $1.name) }
            for (index, member) in sorted.enumerated() {
                if index > 0 {
                    output.append(UInt8(ascii: ","))
                    output.append(contentsOf: newline)
                }
                appendIndent(indent + 1, to: &output)
                if let spelling = member.spelling {
                    output.append(contentsOf: spelling)
                } else {
                    appendQuoted(member.name, to: &output)
                }
                output.append(contentsOf: Array(" : ".utf8))
                write(member.value, indent: indent + 1, newline: newline, to: &output)
            }
            output.append(contentsOf: newline)
            appendIndent(indent, to: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func appendIndent(_ level: Int, to output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    /// Quotes, backslashes and control characters escaped: `\b`, `\f`, `\n`, `\r`, `\t`, the others as
    /// `\u00xx` in lower-case hexadecimal; everything else, `/` and non-ASCII included, as it is.
    private static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
