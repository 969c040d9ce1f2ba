import I18nCore
import LocaleData
import MessageFormat2

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension MF2Conversion.Converter {
    // MARK: Selectors and their declarations

    /// The selector of `kind` with these exact keys; selections of one argument and kind share one only when
    /// their exact keys are the same, since a variant that matched an exact key cannot tell another selection's
    /// category (MF2 matches `1` for `1.0` too, whose category may differ from 1's).
    mutating func numberSelector(_ kind: NumberKind, exactKeys: [String]) -> Int {
        let identity = ExactSelection(kind: kind, exactKeys: exactKeys.sorted())
        if let existing = exactSelectors[identity] { return existing }
        let variable = numberVariable(kind, boundTo: identity.exactKeys)
        selectors.append(MatchSelector(variable: variable))
        exactSelectors[identity] = selectors.count - 1
        return selectors.count - 1
    }

    /// A `:number` variable of `kind`: for `exactKeys`, one not yet a selector's (or a new one); for `nil` (the
    /// operand of an `:offset`, which takes its options), any.
    mutating func numberVariable(_ kind: NumberKind, boundTo exactKeys: [String]?) -> String {
        var variables = numberVariables[kind, default: []]
        if let exactKeys, let unbound = variables.firstIndex(where: { $0.exactKeys == nil }) {
            variables[unbound].exactKeys = exactKeys
            numberVariables[kind] = variables
            return variables[unbound].name
        }
        if exactKeys == nil, let first = variables.first { return first.name }
        let isInput = inputs.contains(kind.argument) && !declaredInputs.contains(kind.argument)
        let name = isInput ? kind.argument : fresh(kind.argument + (kind.isOrdinal ? "_ordinal" : "_plural"))
        // ICU's plural formats `#` and picks the category from the number in the locale's decimal pattern,
        // rounded half to even, grouped from the first group on, keeping the fraction digits the argument shows
        // (LocaleProfile.formatPound, pluralNumber).
        var options: [(String, String)] = kind.isOrdinal ? [("select", "ordinal")] : []
        let maximum = profile.numberFormats.decimalPattern.maximumFractionDigits
        if maximum != 3 { options.append(("maximumFractionDigits", String(maximum))) }
        options += styleTail + [(MF2Formatter.operandDigitsOption, "operand")]
        let expression = Self.expression(kind.argument, "number", options)
        declare(name, expression, isInput: isInput)
        variables.append((name, exactKeys))
        numberVariables[kind] = variables
        return name
    }

    mutating func offsetSelector(_ kind: NumberKind, offset: Int, base: String) -> Int {
        let identity = OffsetSelection(kind: kind, offset: offset)
        if let existing = offsetSelectors[identity] { return existing }
        let name = fresh(kind.argument + "_offset")
        // The operand is a `:number` variable: `:offset` keeps its options (rounding, grouping, `select`).
        declare(name, "{$\(base) :offset subtract=\(offset)}", isInput: false)
        selectors.append(MatchSelector(variable: name))
        offsetSelectors[identity] = selectors.count - 1
        return selectors.count - 1
    }

    mutating func stringSelector(_ argument: String) -> Int {
        if let existing = stringSelectors[argument] { return existing }
        let isInput = inputs.contains(argument) && !declaredInputs.contains(argument)
        let name = isInput ? argument : fresh(argument + "_select")
        declare(name, "{$\(argument) :string}", isInput: isInput)
        selectors.append(MatchSelector(variable: name))
        stringSelectors[argument] = selectors.count - 1
        return selectors.count - 1
    }

    /// Every declaration comes before `.match`, in the order made: a variable is declared before one reads it.
    mutating func declare(_ name: String, _ expression: String, isInput: Bool) {
        if isInput {
            declaredInputs.insert(name)
            declarations.append(".input " + expression)
        } else {
            declarations.append(".local $\(name) = " + expression)
        }
    }

    /// `base`, else `base_2`, `base_3`, …: a name no argument and no variable has.
    mutating func fresh(_ base: String) -> String {
        var name = base
        var suffix = 2
        while names.contains(name) {
            name = "\(base)_\(suffix)"
            suffix += 1
        }
        names.insert(name)
        return name
    }
}
