import I18nCore
import LocaleData
import MessageFormat2

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension MF2Conversion.Converter {
    // MARK: Building the parts

    /// `pound` is the variable `#` shows: the innermost plural's.
    mutating func parts(
        _ elements: [MessageElement], parent: (node: Int, branch: Int)?, pound: String?
    ) throws(Refusal) -> [Part] {
        var parts: [Part] = []
        for element in elements {
            switch element {
            case .literal(let text):
                parts.append(.source(try Self.escaped(text)))
            case .argument(let name, _):
                // Unannotated: `MF2Formatter` prints a string, a number or a date as MF1's `{name}` does.
                let variable = try Self.variable(name)
                parts.append(.source("{$\(variable)}"))
            case .number(let name, let style, _):
                parts.append(.source(try numberPlaceholder(Self.variable(name), style)))
            case .dateTime(let name, let isTime, let style, _):
                parts.append(.source(try datePlaceholder(Self.variable(name), isTime: isTime, style: style)))
            case .pound:
                // Outside a plural, MF1 prints `#` as it is.
                parts.append(.source(pound.map { "{$\($0)}" } ?? "#"))
            case .tag(let name, let attributes, let children, _):
                for identifier in [name] + attributes.map(\.name) where !Self.isName(identifier) {
                    throw Refusal(
                        "Tag name '\(QuotedExcerpt.of(identifier))' is not an MF2 identifier (spec/message.abnf, name)")
                }
                // An attribute is an option whose value is a quoted literal (spec/message.abnf, quoted-literal).
                let options = attributes.map { attribute in
                    let value = attribute.value.replacingOccurrences(of: "\\", with: "\\\\")
                        .replacingOccurrences(of: "|", with: "\\|")
                    return " \(attribute.name)=|\(value)|"
                }.joined()
                if children.isEmpty {
                    parts.append(.source("{#\(name)\(options)/}"))
                } else {
                    parts.append(.source("{#\(name)\(options)}"))
                    parts += try self.parts(children, parent: parent, pound: pound)
                    parts.append(.source("{/\(name)}"))
                }
            case .plural(let plural):
                parts.append(.selection(try selection(plural, parent: parent)))
            case .select(let select):
                parts.append(.selection(try selection(select, parent: parent, pound: pound)))
            }
        }
        return parts
    }

    mutating func selection(_ plural: PluralElement, parent: (node: Int, branch: Int)?)
        throws(Refusal) -> Int
    {
        _ = try Self.variable(plural.name)
        let kind = NumberKind(argument: plural.name, isOrdinal: plural.isOrdinal)
        var exact: [String: Int] = [:]
        var exactKeys: [String] = []
        var categories: [PluralCategory: Int] = [:]
        var categoryKeys: [PluralCategory] = []
        var other: Int?
        var unreachable: Set<Int> = []
        for (branch, pluralCase) in plural.cases.enumerated() {
            switch pluralCase.selector {
            case .exact(let number):
                let key = try Self.exactKey(number)
                // MF1 takes the first case equal to the number: a later one for the same number (`=1.0` after
                // `=1`) never shows.
                guard exact[key] == nil else {
                    unreachable.insert(branch)
                    continue
                }
                exact[key] = branch
                exactKeys.append(key)
            case .category(.other):
                if other == nil { other = branch }
            case .category(let category):
                guard categories[category] == nil else {
                    unreachable.insert(branch)
                    continue
                }
                categories[category] = branch
                categoryKeys.append(category)
            }
        }
        guard let other else {
            throw Refusal("The plural on '\(QuotedExcerpt.of(plural.name))' has no 'other' case")
        }
        let exactSelector: Int?
        let categorySelector: Int
        if plural.offset == 0 {
            exactSelector = numberSelector(kind, exactKeys: exactKeys)
            categorySelector = exactSelector!
        } else {
            // spec/functions/number.md, ":offset": a digit size option.
            guard plural.offset <= 99 else {
                throw Refusal(
                    "Plural offset 'offset:\(plural.offset)' has no MF2 form: ':offset subtract' takes 0 to 99")
            }
            exactSelector = exactKeys.isEmpty ? nil : numberSelector(kind, exactKeys: exactKeys)
            let base: String
            if let exactSelector {
                base = selectors[exactSelector].variable
            } else {
                base = numberVariable(kind, boundTo: nil)
            }
            categorySelector = offsetSelector(kind, offset: plural.offset, base: base)
        }
        let node = nodes.count
        if let exactSelector {
            for key in exactKeys { selectors[exactSelector].add(.exact(key)) }
            selectors[exactSelector].readers.append(node)
        }
        for category in categoryKeys { selectors[categorySelector].add(.category(category)) }
        if categorySelector != exactSelector { selectors[categorySelector].readers.append(node) }
        nodes.append(
            Node(
                parent: parent,
                choice: .plural(
                    exactSelector: exactSelector, categorySelector: categorySelector, exact: exact,
                    categories: categories, other: other)))
        // `#` is the number after the offset, as the plural's categories see it.
        let pound = selectors[categorySelector].variable
        var branches: [[Part]] = []
        for (branch, pluralCase) in plural.cases.enumerated() {
            // A case MF1 never shows is left empty: nothing in it is converted, or refused.
            if unreachable.contains(branch) {
                branches.append([])
            } else {
                branches.append(try parts(pluralCase.message, parent: (node, branch), pound: pound))
            }
        }
        nodes[node].branches = branches
        return node
    }

    mutating func selection(_ select: SelectElement, parent: (node: Int, branch: Int)?, pound: String?)
        throws(Refusal) -> Int
    {
        _ = try Self.variable(select.name)
        let selector = stringSelector(select.name)
        var branches: [String: Int] = [:]
        var other: Int?
        var unreachable: Set<Int> = []
        for (branch, selectCase) in select.cases.enumerated() {
            if selectCase.key == "other" {
                if other == nil { other = branch } else { unreachable.insert(branch) }
                continue
            }
            guard branches[selectCase.key] == nil else {
                unreachable.insert(branch)
                continue
            }
            _ = try Self.literal(selectCase.key)
            branches[selectCase.key] = branch
            selectors[selector].add(.string(selectCase.key))
        }
        guard let other else {
            throw Refusal("The select on '\(QuotedExcerpt.of(select.name))' has no 'other' case")
        }
        let node = nodes.count
        selectors[selector].readers.append(node)
        nodes.append(Node(parent: parent, choice: .select(selector: selector, branches: branches, other: other)))
        var parts: [[Part]] = []
        for (branch, selectCase) in select.cases.enumerated() {
            if unreachable.contains(branch) {
                parts.append([])
            } else {
                parts.append(try self.parts(selectCase.message, parent: (node, branch), pound: pound))
            }
        }
        nodes[node].branches = parts
        return node
    }
}
