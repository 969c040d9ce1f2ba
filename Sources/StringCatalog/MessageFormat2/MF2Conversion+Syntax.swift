import I18nCore
import LocaleData
import MessageFormat2

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension MF2Conversion.Converter {
    // MARK: Syntax

    /// `{$name :function option=value …}`.
    static func expression(_ argument: String, _ function: String, _ options: [(String, String)]) -> String {
        "{$\(argument) \(annotation(function, options))}"
    }

    /// `:function option=value …`; the values are the converter's own, never text that needs quoting.
    static func annotation(_ function: String, _ options: [(String, String)]) -> String {
        var text = ":" + function
        for (name, value) in options { text += " \(name)=\((try? literal(value)) ?? value)" }
        return text
    }

    /// A key or an option value: unquoted where it is a `name-char` run (and does not start like a keyword),
    /// else `|…|` with `\` and `|` escaped.
    static func literal(_ text: String) throws(Refusal) -> String {
        if let first = text.unicodeScalars.first, first != ".", text.unicodeScalars.allSatisfy(MF2Parser.isNameChar) {
            return text
        }
        var quoted = "|"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{0}": throw Refusal("Key '\(QuotedExcerpt.of(text))' has U+0000, which MF2 cannot hold")
            case "\\", "|": quoted += "\\" + String(scalar)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "|"
    }

    static func keyText(_ outcome: Outcome) -> String {
        switch outcome {
        case .catchAll: return "*"
        case .key(.exact(let key)): return key
        case .key(.category(let category)): return category.rawValue
        case .key(.string(let key)): return (try? literal(key)) ?? key
        }
    }

    /// Pattern text: `\`, `{` and `}` escaped (spec/syntax.md, "Text").
    static func escaped(_ text: String) throws(Refusal) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{0}": throw Refusal("Text with U+0000 has no MF2 form: MF2 text cannot hold it")
            case "\\", "{", "}": escaped += "\\" + String(scalar)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A message with no declarations is a simple message unless it would read as a complex one: one whose first
    /// character past optional whitespace is `.` (spec/syntax.md, "Messages"). Leading and trailing whitespace
    /// are the pattern's in a simple message.
    static func isSimple(_ pattern: String) -> Bool {
        pattern.unicodeScalars.first { !isSpaceOrBidi($0) } != "."
    }

    static func isSpaceOrBidi(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0D, 0x0A, 0x3000, 0x061C, 0x200E, 0x200F, 0x2066...0x2069: true
        default: false
        }
    }

    /// An argument's name as a variable's, or a refusal.
    static func variable(_ name: String) throws(Refusal) -> String {
        guard isName(name) else {
            throw Refusal(
                "Argument name '\(QuotedExcerpt.of(name))' is not an MF2 name: a name starts with a letter or '_' "
                    + "(spec/message.abnf)")
        }
        return name
    }

    /// `name` of spec/message.abnf, without the bidi marks around it that MF2 ignores.
    static func isName(_ text: String) -> Bool { MF2Parser.isName(text) }
}
