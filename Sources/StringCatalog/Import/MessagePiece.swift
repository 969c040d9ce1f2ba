import I18nCore
import LocaleData

/// A message read from a catalog, before its arguments have names: what the catalog says, by argument position.
/// Two localizations that read as equal pieces say the same, whatever their states, device variants or JSON
/// spelling.
indirect enum MessagePiece: Equatable, Sendable {
    case text(String)
    /// An argument at a 1-based position, with its specifier's conversion.
    case argument(position: Int, FormatConversion)
    /// The number of the plural it is in (`%arg`, or the number a top-level plural variation selects on).
    case pound
    /// A plural on the number at `position`: a substitution (which has a name) or a top-level variation.
    case plural(position: Int, name: String?, cases: [PluralCase])

    /// One variant of a plural, as an ICU case.
    struct PluralCase: Equatable, Sendable {
        let selector: PluralElement.Selector
        let pieces: [MessagePiece]
    }

    /// The pieces with substitution names left out, for comparing what two localizations say.
    static func unnamed(_ pieces: [MessagePiece]) -> [MessagePiece] {
        pieces.map { piece in
            guard case .plural(let position, _, let cases) = piece else { return piece }
            return .plural(
                position: position, name: nil,
                cases: cases.map { PluralCase(selector: $0.selector, pieces: unnamed($0.pieces)) })
        }
    }

    /// Every argument position the pieces use, with what uses it: a conversion, or `nil` for a plural's number.
    static func uses(in pieces: [MessagePiece], into uses: inout [(position: Int, conversion: FormatConversion?)]) {
        for piece in pieces {
            switch piece {
            case .text, .pound: break
            case .argument(let position, let conversion): uses.append((position, conversion))
            case .plural(let position, _, let cases):
                uses.append((position, nil))
                for pluralCase in cases { Self.uses(in: pluralCase.pieces, into: &uses) }
            }
        }
    }

    /// The substitution names the pieces give their plurals' positions.
    static func names(in pieces: [MessagePiece], into names: inout [Int: String]) {
        for piece in pieces {
            guard case .plural(let position, let name, let cases) = piece else { continue }
            if let name, names[position] == nil { names[position] = name }
            for pluralCase in cases { Self.names(in: pluralCase.pieces, into: &names) }
        }
    }

    /// The ICU MessageFormat elements of `pieces`, each position named by `names`.
    static func elements(_ pieces: [MessagePiece], names: [Int: String]) -> [MessageElement] {
        let location = SourceLocation(offset: 0, line: 1, column: 1)
        var elements: [MessageElement] = []
        for piece in pieces {
            switch piece {
            case .text(let text):
                if case .literal(let previous) = elements.last {
                    elements[elements.count - 1] = .literal(previous + text)
                } else {
                    elements.append(.literal(text))
                }
            case .argument(let position, let conversion):
                let name = names[position]!
                switch conversion {
                case .object: elements.append(.argument(name: name, location: location))
                case .integer: elements.append(.number(name: name, style: .integer, location: location))
                case .double(nil): elements.append(.number(name: name, style: .decimal, location: location))
                case .double(let digits?):
                    let skeleton = digits == 0 ? "precision-integer" : "." + String(repeating: "0", count: digits)
                    elements.append(.number(name: name, style: .skeleton(skeleton), location: location))
                }
            case .pound:
                elements.append(.pound(location: location))
            case .plural(let position, _, let cases):
                let plural = PluralElement(
                    name: names[position]!, isOrdinal: false, offset: 0,
                    cases: cases.map { ($0.selector, Self.elements($0.pieces, names: names)) }, location: location)
                elements.append(.plural(plural))
            }
        }
        return elements
    }
}
