import I18nCore
import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// ICU MessageFormat (MF1) rewritten as Unicode MessageFormat 2 (`spec/` of unicode-org/message-format-wg at
/// LDML48.2): a message that `MF2Formatter` formats, for every argument value and with bidi isolation off, to the
/// text `ICUMessageFormatter` prints for the MF1 one in the same locale, or a `Refusal` that names the construct MF2
/// cannot say. (With the default bidi strategy, as a translator formats, placeholders are also isolated.)
///
///     MF2Conversion.convert("{n, plural, one {# day} other {# days}}", locale: try LocaleTag("en"))
///     // .success(".input {$n :number roundingMode=halfEven}\n.match $n\none {{{$n} day}}\n* {{{$n} days}}")
///
/// - Every `plural`, `selectordinal` and `select`, nested or among text, becomes a selector of one top-level
///   `.match`, with a variant per combination of cases that can occur together, its pattern the whole message
///   for that combination. MF1 decides from the outside in, each selection taking its first matching case (an
///   exact `=N` before the category); MF2 takes, selector by selector from the first, the best key
///   (spec/formatting.md, "Pattern Selection"). So the selectors come in the order their selections first
///   appear, outside before inside, each offers every key it has wherever a selection reachable there reads it,
///   and only `*` where none does: the best variant is then MF1's choice. Selections of one argument and kind
///   share a selector when they have the same exact keys. More than 1,000 variants is a refusal.
/// - A plural's number is a `:number` that rounds as ICU does (`roundingMode=halfEven`, where MF2 rounds half away
///   from zero) and groups as `#` does (`useGrouping=always` where the locale's minimum grouping digits are 2);
///   `offset:K` is `:offset subtract=K`, a second selector for the categories, the exact keys staying on the
///   number as given. `#` is that variable. An argument read only by selections of one kind is declared with
///   `.input`; one that a placeholder also shows keeps its input untouched for it, and its selections are
///   `.local`s (`$n_plural`, `$g_select`), so that `{n}` still prints a string as MF1 does.
/// - `{n, number, …}` styles and skeletons are `:number`, `:percent`, `:currency` and `:unit` with the options that
///   print the same digits (spec/functions/number.md); dates are `:date`, `:time`, or, for a plain `{d}` (which
///   could be any value), the unannotated variable that `MF2Formatter` prints as MF1 does. Tags are markup.
package enum MF2Conversion {
    /// Why a message has no MF2 form; `reason` is a sentence naming the construct (quoted), e.g.
    /// "Number skeleton token 'compact-short' has no MF2 option".
    package struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        package let reason: String
        package var description: String { reason }

        init(_ reason: String) {
            self.reason = reason
        }
    }

    /// The most variants a converted message may have: the product of its selections' cases grows fast, and a
    /// translator cannot review more.
    package static let maximumVariants = 1000

    /// Parses `message` as MF1 and converts it; a message that does not parse is a refusal naming the parse error.
    /// - Parameters:
    ///   - message: an ICU MessageFormat message.
    ///   - locale: the message's locale, whose currency, number patterns and date patterns the conversion reads.
    package static func convert(_ message: String, locale: LocaleTag) -> Result<String, Refusal> {
        let elements: [MessageElement]
        do { elements = try MessageParser.parse(message) } catch {
            return .failure(Refusal("The message is not valid ICU MessageFormat: \(error)"))
        }
        let converted: String
        do { converted = try convert(elements, locale: locale) } catch { return .failure(error) }
        // What the conversion writes must be MF2 that parses and passes the data model checks.
        do { _ = try MF2Parser.parse(converted) } catch {
            return .failure(Refusal("The conversion made a message that is not valid MessageFormat 2: \(error)"))
        }
        return .success(converted)
    }

    /// The MF2 text of a parsed MF1 message.
    /// - Parameters:
    ///   - elements: the message as `MessageParser` parses it.
    ///   - locale: the message's locale, whose currency, number patterns and date patterns the conversion reads.
    /// - Throws: `Refusal` for the first construct MF2 cannot say as MF1 prints it.
    package static func convert(_ elements: [MessageElement], locale: LocaleTag) throws(Refusal) -> String {
        var converter = Converter(locale: locale, elements: elements)
        return try converter.message(elements)
    }
}

extension MF2Conversion {
    /// A key of a selector: an exact number (an integer, as MF2 serializes it), a plural category, or a string.
    private enum Key: Hashable {
        case exact(String)
        case category(PluralCategory)
        case string(String)
    }

    /// The key a selector matches best, while the variants are enumerated.
    private enum Outcome: Hashable {
        case key(Key)
        case catchAll
    }

    /// A variable of `.match`, its keys in order of appearance (`*` besides), and the selections that read it.
    private struct MatchSelector {
        var variable: String
        var keys: [Key] = []
        var readers: [Int] = []

        mutating func add(_ key: Key) {
            if !keys.contains(key) { keys.append(key) }
        }
    }

    /// One MF1 selection: where it sits, how its case follows from the selectors' outcomes, and each case's parts.
    private struct Node {
        var parent: (node: Int, branch: Int)?
        var choice: Choice
        var branches: [[Part]] = []
    }

    private enum Choice {
        case select(selector: Int, branches: [String: Int], other: Int)
        /// Without an offset both selectors are the same one.
        case plural(
            exactSelector: Int?, categorySelector: Int, exact: [String: Int], categories: [PluralCategory: Int],
            other: Int)
    }

    /// A piece of a pattern: MF2 source (text escaped, placeholders, markup), or a selection's chosen case.
    private enum Part {
        case source(String)
        case selection(Int)
    }

    /// The `:number` declarations a plural reads: its argument's, cardinal or ordinal.
    private struct NumberKind: Hashable {
        var argument: String
        var isOrdinal: Bool
    }

    private struct ExactSelection: Hashable {
        var kind: NumberKind
        /// Sorted.
        var exactKeys: [String]
    }

    private struct OffsetSelection: Hashable {
        var kind: NumberKind
        var offset: Int
    }

    private enum SelectionKind: Hashable {
        case string, cardinal, ordinal
    }

    /// How a message reads an argument: shown by a placeholder, selected on.
    private struct ArgumentUse {
        var isShown = false
        var kinds: Set<SelectionKind> = []
    }

    private struct Converter {
        let locale: LocaleTag
        let profile: LocaleProfile
        /// The arguments and the variables made so far: a new variable is named after none of them.
        private var names: Set<String>
        /// The arguments that only selections of one kind read (and `#`): the first such selection declares the
        /// argument itself, with `.input`.
        private let inputs: Set<String>
        private var declaredInputs: Set<String> = []
        private var declarations: [String] = []
        private var selectors: [MatchSelector] = []
        private var nodes: [Node] = []
        private var stringSelectors: [String: Int] = [:]
        /// Each `:number` variable of a kind, and the exact keys of the selector it is, if it is one.
        private var numberVariables: [NumberKind: [(name: String, exactKeys: [String]?)]] = [:]
        private var exactSelectors: [ExactSelection: Int] = [:]
        private var offsetSelectors: [OffsetSelection: Int] = [:]
        /// While the variants are enumerated: each selector's outcome, `nil` until it is given one.
        private var outcomes: [Outcome?] = []

        init(locale: LocaleTag, elements: [MessageElement]) {
            self.locale = locale
            profile = LocaleProfile.profile(for: locale)
            names = Set(MessageElement.argumentNames(in: elements))
            var uses: [String: ArgumentUse] = [:]
            Self.collectUses(elements, into: &uses)
            inputs = Set(uses.filter { !$0.value.isShown && $0.value.kinds.count == 1 }.keys)
        }

        private static func collectUses(_ elements: [MessageElement], into uses: inout [String: ArgumentUse]) {
            for element in elements {
                switch element {
                case .literal, .pound: break
                case .argument(let name, _), .number(let name, _, _), .dateTime(let name, _, _, _):
                    uses[name, default: ArgumentUse()].isShown = true
                case .plural(let plural):
                    uses[plural.name, default: ArgumentUse()].kinds.insert(plural.isOrdinal ? .ordinal : .cardinal)
                    for pluralCase in plural.cases { collectUses(pluralCase.message, into: &uses) }
                case .select(let select):
                    uses[select.name, default: ArgumentUse()].kinds.insert(.string)
                    for selectCase in select.cases { collectUses(selectCase.message, into: &uses) }
                case .tag(_, let children, _):
                    collectUses(children, into: &uses)
                }
            }
        }

        // MARK: The message

        mutating func message(_ elements: [MessageElement]) throws(Refusal) -> String {
            let pattern = try parts(elements, parent: nil, pound: nil)
            // A selector without keys (a plural with `other` alone) always takes `*`: it is declared, for `#`, but
            // not matched.
            let matched = selectors.indices.filter { !selectors[$0].keys.isEmpty }
            outcomes = selectors.map { $0.keys.isEmpty ? Outcome.catchAll : nil }
            guard !matched.isEmpty else {
                let body = render(pattern)
                if declarations.isEmpty { return Self.isSimple(body) ? body : "{{" + body + "}}" }
                return (declarations + ["{{" + body + "}}"]).joined(separator: "\n")
            }
            // Each selector matched adds at least one variant: a quick refusal before any is made.
            guard matched.count < MF2Conversion.maximumVariants else { throw Self.tooManyVariants }
            var lines = declarations
            lines.append(".match " + matched.map { "$" + selectors[$0].variable }.joined(separator: " "))
            var count = 0
            try enumerate(0, matched: matched, pattern: pattern, into: &lines, count: &count)
            return lines.joined(separator: "\n")
        }

        private static let tooManyVariants = Refusal(
            "The message needs more than \(MF2Conversion.maximumVariants) MF2 variants: its plural and select cases "
                + "multiply")

        /// Appends the variants whose keys for `matched[position...]` follow the outcomes given so far.
        private mutating func enumerate(
            _ position: Int, matched: [Int], pattern: [Part], into lines: inout [String], count: inout Int
        ) throws(Refusal) {
            guard position < matched.count else {
                count += 1
                guard count <= MF2Conversion.maximumVariants else { throw Self.tooManyVariants }
                let keys = matched.map { Self.keyText(outcomes[$0]!) }.joined(separator: " ")
                lines.append(keys + " {{" + render(pattern) + "}}")
                return
            }
            let selector = matched[position]
            var choices: [Outcome] = [.catchAll]
            if isRelevant(selector) { choices = selectors[selector].keys.map(Outcome.key) + choices }
            for outcome in choices {
                outcomes[selector] = outcome
                try enumerate(position + 1, matched: matched, pattern: pattern, into: &lines, count: &count)
            }
            outcomes[selector] = nil
        }

        /// Whether a selection that may be reached under the outcomes so far still depends on `selector`; a
        /// selection under a selector not yet given an outcome may be reached.
        private func isRelevant(_ selector: Int) -> Bool {
            selectors[selector].readers.contains { isReachable($0) && depends($0, on: selector) }
        }

        private func isReachable(_ node: Int) -> Bool {
            var link = nodes[node].parent
            while case (let parent, let branch)? = link {
                if let chosen = choice(parent), chosen != branch { return false }
                link = nodes[parent].parent
            }
            return true
        }

        private func depends(_ node: Int, on selector: Int) -> Bool {
            guard case .plural(let exactSelector?, let categorySelector, let exact, _, _) = nodes[node].choice,
                selector == categorySelector, exactSelector != categorySelector
            else { return true }
            // An exact key decides alone: the offset's categories count only when none matched.
            if case .key(.exact(let key))? = outcomes[exactSelector], exact[key] != nil { return false }
            return true
        }

        /// The case `node` takes under the outcomes, or `nil` while one it reads has none.
        private func choice(_ node: Int) -> Int? {
            switch nodes[node].choice {
            case .select(let selector, let branches, let other):
                guard let outcome = outcomes[selector] else { return nil }
                if case .key(.string(let key)) = outcome { return branches[key] ?? other }
                return other
            case .plural(let exactSelector, let categorySelector, let exact, let categories, let other):
                if let exactSelector {
                    guard let outcome = outcomes[exactSelector] else { return nil }
                    if case .key(.exact(let key)) = outcome, let branch = exact[key] { return branch }
                }
                guard let outcome = outcomes[categorySelector] else { return nil }
                if case .key(.category(let category)) = outcome { return categories[category] ?? other }
                return other
            }
        }

        /// The MF2 source of `parts` with every selection's chosen case.
        private func render(_ parts: [Part]) -> String {
            var text = ""
            for part in parts {
                switch part {
                case .source(let source): text += source
                case .selection(let node): text += render(nodes[node].branches[choice(node)!])
                }
            }
            return text
        }

        // MARK: Building the parts

        /// `pound` is the variable `#` shows: the innermost plural's.
        private mutating func parts(
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
                case .tag(let name, let children, _):
                    guard Self.isName(name) else {
                        throw Refusal(
                            "Tag name '\(QuotedExcerpt.of(name))' is not an MF2 identifier (spec/message.abnf, name)")
                    }
                    if children.isEmpty {
                        parts.append(.source("{#\(name)/}"))
                    } else {
                        parts.append(.source("{#\(name)}"))
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

        private mutating func selection(_ plural: PluralElement, parent: (node: Int, branch: Int)?)
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

        private mutating func selection(_ select: SelectElement, parent: (node: Int, branch: Int)?, pound: String?)
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

        // MARK: Selectors and their declarations

        /// The selector of `kind` with these exact keys; selections of one argument and kind share one only when
        /// their exact keys are the same, since a variant that matched an exact key cannot tell another selection's
        /// category (MF2 matches `1` for `1.0` too, whose category may differ from 1's).
        private mutating func numberSelector(_ kind: NumberKind, exactKeys: [String]) -> Int {
            let identity = ExactSelection(kind: kind, exactKeys: exactKeys.sorted())
            if let existing = exactSelectors[identity] { return existing }
            let variable = numberVariable(kind, boundTo: identity.exactKeys)
            selectors.append(MatchSelector(variable: variable))
            exactSelectors[identity] = selectors.count - 1
            return selectors.count - 1
        }

        /// A `:number` variable of `kind`: for `exactKeys`, one not yet a selector's (or a new one); for `nil` (the
        /// operand of an `:offset`, which takes its options), any.
        private mutating func numberVariable(_ kind: NumberKind, boundTo exactKeys: [String]?) -> String {
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
            // rounded half to even, grouped from the first group on (LocaleProfile.formatPound, pluralNumber).
            var options: [(String, String)] = kind.isOrdinal ? [("select", "ordinal")] : []
            let maximum = profile.numberFormats.decimalPattern.maximumFractionDigits
            if maximum != 3 { options.append(("maximumFractionDigits", String(maximum))) }
            options += styleTail
            let expression = Self.expression(kind.argument, "number", options)
            declare(name, expression, isInput: isInput)
            variables.append((name, exactKeys))
            numberVariables[kind] = variables
            return name
        }

        private mutating func offsetSelector(_ kind: NumberKind, offset: Int, base: String) -> Int {
            let identity = OffsetSelection(kind: kind, offset: offset)
            if let existing = offsetSelectors[identity] { return existing }
            let name = fresh(kind.argument + "_offset")
            // The operand is a `:number` variable: `:offset` keeps its options (rounding, grouping, `select`).
            declare(name, "{$\(base) :offset subtract=\(offset)}", isInput: false)
            selectors.append(MatchSelector(variable: name))
            offsetSelectors[identity] = selectors.count - 1
            return selectors.count - 1
        }

        private mutating func stringSelector(_ argument: String) -> Int {
            if let existing = stringSelectors[argument] { return existing }
            let isInput = inputs.contains(argument) && !declaredInputs.contains(argument)
            let name = isInput ? argument : fresh(argument + "_select")
            declare(name, "{$\(argument) :string}", isInput: isInput)
            selectors.append(MatchSelector(variable: name))
            stringSelectors[argument] = selectors.count - 1
            return selectors.count - 1
        }

        /// Every declaration comes before `.match`, in the order made: a variable is declared before one reads it.
        private mutating func declare(_ name: String, _ expression: String, isInput: Bool) {
            if isInput {
                declaredInputs.insert(name)
                declarations.append(".input " + expression)
            } else {
                declarations.append(".local $\(name) = " + expression)
            }
        }

        /// `base`, else `base_2`, `base_3`, …: a name no argument and no variable has.
        private mutating func fresh(_ base: String) -> String {
            var name = base
            var suffix = 2
            while names.contains(name) {
                name = "\(base)_\(suffix)"
                suffix += 1
            }
            names.insert(name)
            return name
        }

        // MARK: Numbers

        /// What MF1's styles (`{n, number}`, `integer`, `percent`, `currency`, `#`) do that MF2's defaults do not:
        /// they group from the first group on, where MF2's `auto` follows the locale's minimum grouping digits (2 in
        /// pl, es, …), and they round half to even, where MF2 rounds half away from zero (`halfExpand`).
        private var styleTail: [(String, String)] {
            (profile.numberFormats.minimumGroupingDigits > 1 ? [("useGrouping", "always")] : [])
                + [("roundingMode", "halfEven")]
        }

        private func numberPlaceholder(_ name: String, _ style: NumberStyle) throws(Refusal) -> String {
            let formats = profile.numberFormats
            /// A style's fraction digits are its pattern's; MF2's defaults are 0…3 for `:number`, 0 for `:percent`.
            func digits(of pattern: NumberPattern, defaultMaximum: Int) -> [(String, String)] {
                var options: [(String, String)] = []
                if pattern.minimumFractionDigits != 0 {
                    options.append(("minimumFractionDigits", String(pattern.minimumFractionDigits)))
                }
                if pattern.maximumFractionDigits != defaultMaximum {
                    options.append(("maximumFractionDigits", String(pattern.maximumFractionDigits)))
                }
                return options
            }
            switch style {
            case .decimal:
                return Self.expression(
                    name, "number", digits(of: formats.decimalPattern, defaultMaximum: 3) + styleTail)
            case .integer:
                return Self.expression(name, "number", [("maximumFractionDigits", "0")] + styleTail)
            case .percent:
                return Self.expression(
                    name, "percent", digits(of: formats.percentPattern, defaultMaximum: 0) + styleTail)
            case .currency:
                // ICU prints the region's currency, else its unknown one (ICUMessageFormatter's `currency` style).
                return Self.expression(name, "currency", [("currency", formats.regionCurrency ?? "XXX")] + styleTail)
            case .pattern(let pattern):
                throw Refusal(
                    "Number pattern '\(QuotedExcerpt.of(pattern))' has no MF2 form; write it as a skeleton, such as "
                        + "'::.00'")
            case .skeleton(let skeleton):
                return try skeletonPlaceholder(name, skeleton)
            }
        }

        private enum NumberFunction {
            case number, percent
            case currency(String)
            case unit(String)
        }

        private static let roundingIncrements: Set<Int> = [
            1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000,
        ]

        /// `{name, number, ::skeleton}`: each setting of the skeleton as the MF2 option that prints the same
        /// (spec/functions/number.md), or a refusal naming the token that sets what no option does.
        private func skeletonPlaceholder(_ name: String, _ text: String) throws(Refusal) -> String {
            let skeleton: NumberSkeleton
            do { skeleton = try NumberSkeleton.cached(text) } catch {
                throw Refusal(
                    "Number skeleton token '\(QuotedExcerpt.of(error.token))' is invalid: \(error.reason)")
            }
            let formats = profile.numberFormats
            let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
            // The token that sets what `sets` tests, found by reading each token alone.
            func refusal(_ detail: String = "", where sets: (NumberSkeleton) -> Bool) -> Refusal {
                let token = tokens.first { (try? NumberSkeleton(parsing: $0)).map(sets) ?? false } ?? text
                return Refusal("Number skeleton token '\(QuotedExcerpt.of(token))' has no MF2 option\(detail)")
            }
            guard skeleton.notation == .simple else { throw refusal(where: { $0.notation != .simple }) }
            if let system = skeleton.numberingSystem, system != formats.numberingSystem {
                throw refusal(
                    " (MF2 prints the locale's digits, \(formats.numberingSystem))",
                    where: { $0.numberingSystem != nil })
            }
            guard !skeleton.showsDecimalSeparator else { throw refusal(where: { $0.showsDecimalSeparator }) }
            let scales: (NumberSkeleton) -> Bool = { $0.scale != 0 || $0.scaleFactor != nil }
            guard skeleton.scaleFactor == nil else { throw refusal(where: scales) }

            let function: NumberFunction
            switch skeleton.unit {
            case .none:
                guard skeleton.scale == 0 else { throw refusal(where: scales) }
                function = .number
            case .percent:
                // spec/functions/number.md, ":percent": the value is multiplied by 100, always.
                guard skeleton.scale != 0 else {
                    throw refusal(
                        " without 'scale/100': MF2's :percent multiplies by 100", where: { $0.unit == .percent })
                }
                guard skeleton.scale == 2 else { throw refusal(where: scales) }
                function = .percent
            case .permille:
                throw refusal(where: { $0.unit == .permille })
            case .currency(let code):
                guard skeleton.scale == 0 else { throw refusal(where: scales) }
                function = .currency(code)
            case .measure(let unit):
                // ICU prints these as the `percent` and `permille` stems do (the percent pattern, unscaled) unless
                // spelled out: no `:unit` says which.
                guard unit != "percent", unit != "permille" else {
                    throw refusal(where: { $0.unit != NumberSkeleton.Unit.none })
                }
                guard skeleton.scale == 0 else { throw refusal(where: scales) }
                function = .unit(unit)
            }

            var options: [(String, String)] = []
            let (isAccounting, signDisplay): (Bool, String?) =
                switch skeleton.sign {
                case .auto: (false, nil)
                case .always: (false, "always")
                case .never: (false, "never")
                case .exceptZero: (false, "exceptZero")
                case .negative: (false, "negative")
                case .accounting: (true, nil)
                case .accountingAlways: (true, "always")
                case .accountingExceptZero: (true, "exceptZero")
                case .accountingNegative: (true, "negative")
                }
            let widths: (NumberSkeleton) -> Bool = { $0.unitWidth != .short }
            switch function {
            case .number, .percent: break  // ICU reads no unit width without a unit.
            case .currency(let code):
                options.append(("currency", code))
                switch skeleton.unitWidth {
                case .short: break
                case .narrow: options.append(("currencyDisplay", "narrowSymbol"))
                case .fullName: options.append(("currencyDisplay", "name"))
                case .isoCode: options.append(("currencyDisplay", "code"))
                case .hidden: options.append(("currencyDisplay", "never"))
                case .formal, .variant: throw refusal(where: widths)
                }
                // ICU's accounting pattern is a symbol's: with the full name it prints the plain sign, as MF2 does.
                if isAccounting, skeleton.unitWidth != .fullName { options.append(("currencySign", "accounting")) }
            case .unit(let unit):
                options.append(("unit", unit))
                switch skeleton.unitWidth {
                case .short: break
                case .narrow: options.append(("unitDisplay", "narrow"))
                case .fullName: options.append(("unitDisplay", "long"))
                case .isoCode, .hidden, .formal, .variant: throw refusal(where: widths)
                }
            }

            if let width = skeleton.integerWidth {
                let integerWidths: (NumberSkeleton) -> Bool = { $0.integerWidth != nil }
                guard width.maximum == nil else {
                    throw refusal(" (MF2 never drops integer digits)", where: integerWidths)
                }
                if case .percent = function { throw refusal(" for a percentage (:percent)", where: integerWidths) }
                guard width.minimum <= 99 else { throw refusal(where: integerWidths) }
                if width.minimum != 1 { options.append(("minimumIntegerDigits", String(width.minimum))) }
            }

            let precisions: (NumberSkeleton) -> Bool = { $0.precision != .standard }
            let isCurrency: Bool
            if case .currency = function { isCurrency = true } else { isCurrency = false }
            /// Fraction digits, as `:currency` takes them (one count) or the others do (a range).
            func fraction(minimum: Int, maximum: Int) throws(Refusal) -> [(String, String)] {
                guard maximum <= 99 else { throw refusal(" (MF2's fraction digits stop at 99)", where: precisions) }
                if isCurrency {
                    guard minimum == maximum else {
                        throw refusal(" for a currency (:currency takes one fractionDigits)", where: precisions)
                    }
                    return [("fractionDigits", String(minimum))]
                }
                return (minimum == 0 ? [] : [("minimumFractionDigits", String(minimum))])
                    + [("maximumFractionDigits", String(maximum))]
            }
            func significant(minimum: Int, maximum: Int) throws(Refusal) -> [(String, String)] {
                guard maximum <= 99 else { throw refusal(" (MF2's significant digits stop at 99)", where: precisions) }
                return [("minimumSignificantDigits", String(minimum)), ("maximumSignificantDigits", String(maximum))]
            }
            switch skeleton.precision {
            case .standard:
                // A skeleton without a precision shows up to six fraction digits (NumberFormats), a currency its own.
                if !isCurrency { options.append(("maximumFractionDigits", "6")) }
            case .unlimited, .currencyCash:
                throw refusal(where: precisions)
            case .currencyStandard:
                // Without a currency ICU takes two digits, the unknown currency's.
                if !isCurrency { options += try fraction(minimum: 2, maximum: 2) }
            case .digits(let digits):
                switch digits {
                case .fraction(let minimum, let maximum):
                    options += try fraction(minimum: minimum, maximum: maximum)
                case .significant(let minimum, let maximum):
                    options += try significant(minimum: minimum, maximum: maximum)
                case .fractionSignificant(
                    let minimumFraction, let maximumFraction, let minimumSignificant, let maximumSignificant,
                    let relaxed,
                    let retain):
                    // `@@#r` and `@@#s` are ECMA-402's morePrecision and lessPrecision, which ICU implements; the forms
                    // without a priority (`.00/@@@+`, `.00/@##`) show the larger minimum, which no MF2 option does.
                    guard !retain else { throw refusal(where: precisions) }
                    options += try fraction(minimum: minimumFraction, maximum: maximumFraction)
                    options += try significant(minimum: minimumSignificant, maximum: maximumSignificant)
                    options.append(("roundingPriority", relaxed ? "morePrecision" : "lessPrecision"))
                case .increment(let step):
                    // `precision-increment/0.05`: multiples of 5 in the last of two fraction digits.
                    let places = step.fraction.count
                    let increment = (step.integer + step.fraction).reduce(0) { $0 * 10 + Int($1) }
                    guard Self.roundingIncrements.contains(increment) else {
                        throw refusal(
                            " (MF2's roundingIncrement is 1, 2, 5, 10, 20, 25, 50, 100, … 5000 of the last digit)",
                            where: precisions)
                    }
                    if case .percent = function, increment != 1 {
                        throw refusal(" for a percentage (:percent has no roundingIncrement)", where: precisions)
                    }
                    options += try fraction(minimum: places, maximum: places)
                    if increment != 1 { options.append(("roundingIncrement", String(increment))) }
                case .compact:
                    throw refusal(where: precisions)
                }
            }
            if skeleton.hidesFractionWhenWhole {
                if case .unit = function {
                    throw refusal(
                        " for a unit (:unit has no trailingZeroDisplay)", where: { $0.hidesFractionWhenWhole })
                }
                options.append(("trailingZeroDisplay", "stripIfInteger"))
            }
            if let signDisplay { options.append(("signDisplay", signDisplay)) }

            switch skeleton.grouping {
            case .auto: break
            case .off: options.append(("useGrouping", "never"))
            case .min2: options.append(("useGrouping", "min2"))
            case .onAligned: options.append(("useGrouping", "always"))
            case .thousands:
                // Groups of three, where `always` groups as the locale's pattern does (two by two in hi after the first).
                let pattern: NumberPattern
                switch function {
                case .percent: pattern = formats.percentPattern
                case .currency where skeleton.unitWidth != .fullName:
                    pattern = isAccounting ? formats.accountingPattern : formats.currencyPattern
                default: pattern = formats.decimalPattern
                }
                guard pattern.primaryGrouping == 3, pattern.secondaryGrouping == 3 else {
                    throw refusal(
                        " in '\(locale)', whose numbers do not group by threes", where: { $0.grouping == .thousands })
                }
                options.append(("useGrouping", "always"))
            }

            let roundingMode: String
            switch skeleton.roundingMode {
            case .ceiling: roundingMode = "ceil"
            case .floor: roundingMode = "floor"
            case .down: roundingMode = "trunc"
            case .up: roundingMode = "expand"
            case .halfEven: roundingMode = "halfEven"
            case .halfCeiling: roundingMode = "halfCeil"
            case .halfFloor: roundingMode = "halfFloor"
            case .halfDown: roundingMode = "halfTrunc"
            case .halfUp: roundingMode = "halfExpand"
            case .halfOdd, .unnecessary: throw refusal(where: { $0.roundingMode != .halfEven })
            }
            options.append(("roundingMode", roundingMode))

            switch function {
            case .number: return Self.expression(name, "number", options)
            case .percent: return Self.expression(name, "percent", options)
            case .currency: return Self.expression(name, "currency", options)
            case .unit: return Self.expression(name, "unit", options)
            }
        }

        /// An exact plural key as MF2 serializes the number it matches: an integer without leading zeros
        /// (spec/functions/number.md, "Exact Literal Match Serialization"). MF1 compares values, so `=01`, `=1.0` and
        /// `=-0` are `1`, `1` and `0`; MF2 leaves other numbers' serialization to the implementation.
        private static func exactKey(_ number: MessageNumber) throws(Refusal) -> String {
            let decimal = DecimalText(number.text)
            guard decimal.fraction.allSatisfy({ $0 == 0 }) else {
                throw Refusal(
                    "Plural case '=\(QuotedExcerpt.of(number.text))' has no MF2 form: MF2 matches only whole numbers "
                        + "exactly")
            }
            // ICU compares doubles, which hold whole numbers exactly to 2^53.
            guard decimal.integer.count <= 15 else {
                throw Refusal(
                    "Plural case '=\(QuotedExcerpt.of(number.text))' has no MF2 form: MF1 compares it as a double")
            }
            let digits = String(decoding: decimal.integer.map { $0 + 0x30 }, as: UTF8.self)
            return decimal.isNegative && digits != "0" ? "-" + digits : digits
        }

        // MARK: Dates

        private func datePlaceholder(_ name: String, isTime: Bool, style: DateTimeStyle) throws(Refusal)
            -> String
        {
            switch style {
            case .short, .medium, .long, .full:
                let entry = Self.styleEntries.first(where: { $0.style == style && $0.isTime == isTime })!
                return Self.expression(name, entry.function, entry.options)
            case .skeleton(let skeleton):
                return try dateSkeletonPlaceholder(name, skeleton)
            case .pattern(let pattern):
                throw Refusal(
                    "Date pattern '\(QuotedExcerpt.of(pattern))' has no MF2 form: MF2's dates take options, not patterns"
                )
            }
        }

        /// An MF2 date or time expression's function and options.
        private struct DateEntry: Sendable {
            var skeleton: String
            var function: String
            var options: [(String, String)]
            /// The MF1 style `MF2Formatter` prints for these options, where it prints one (spec/functions/datetime.md:
            /// `length=short` is the short date style); `nil` where it prints the skeleton's pattern.
            var style: DateTimeStyle?
            var isTime: Bool
        }

        /// The locale's styles, as MF1's `{d, date, short}` … `{d, time, full}` print them, and a skeleton that
        /// prints the same where the locale says so.
        private static let styleEntries: [DateEntry] = [
            DateEntry(skeleton: "yMd", function: "date", options: [("length", "short")], style: .short, isTime: false),
            DateEntry(skeleton: "yMMMd", function: "date", options: [], style: .medium, isTime: false),
            DateEntry(skeleton: "yMMMMd", function: "date", options: [("length", "long")], style: .long, isTime: false),
            DateEntry(
                skeleton: "yMMMMEEEEd", function: "date",
                options: [("fields", "year-month-day-weekday"), ("length", "long")], style: .full, isTime: false),
            DateEntry(skeleton: "jm", function: "time", options: [], style: .short, isTime: true),
            DateEntry(
                skeleton: "jms", function: "time", options: [("precision", "second")], style: .medium, isTime: true),
            DateEntry(
                skeleton: "jmsz", function: "time", options: [("precision", "second"), ("timeZoneStyle", "short")],
                style: .long, isTime: true),
            DateEntry(
                skeleton: "jmszzzz", function: "time", options: [("precision", "second"), ("timeZoneStyle", "long")],
                style: .full, isTime: true),
        ]

        /// The options `MF2Formatter` prints through a date skeleton's pattern, with that skeleton: a MF1 skeleton
        /// with the same pattern prints the same.
        private static let skeletonEntries: [DateEntry] = {
            var entries: [DateEntry] = []
            for (fields, spellings) in [
                ("weekday", ["EEE", "EEE", "EEEE"]), ("day-weekday", ["Ed", "Ed", "EEEEd"]),
                ("month-day", ["Md", "MMMd", "MMMMd"]), ("month-day-weekday", ["MEd", "MMMEd", "MMMMEEEEd"]),
                ("year-month-day-weekday", ["yMEd", "yMMMEd", ""]),
            ] {
                for (length, skeleton) in zip(["short", "medium", "long"], spellings) where !skeleton.isEmpty {
                    // A short spelling that is the medium one (`EEE`, `Ed`) is left to the medium, the default.
                    guard length != "short" || skeleton != spellings[1] else { continue }
                    let options: [(String, String)] =
                        [("fields", fields)] + (length == "medium" ? [] : [("length", length)])
                    entries.append(DateEntry(skeleton: skeleton, function: "date", options: options, isTime: false))
                }
            }
            for hour in ["j", "h", "H"] {
                for (precision, fields) in [("hour", ""), ("minute", "m"), ("second", "ms")] {
                    for (zone, zoneFields) in [(nil, ""), ("short", "z"), ("long", "zzzz")] as [(String?, String)] {
                        // The combinations that are styles (`:time` is the short time style): `styleEntries`.
                        if hour == "j", precision == "second" || (precision == "minute" && zone == nil) { continue }
                        var options: [(String, String)] = precision == "minute" ? [] : [("precision", precision)]
                        if let zone { options.append(("timeZoneStyle", zone)) }
                        if hour != "j" { options.append(("hour12", hour == "h" ? "true" : "false")) }
                        entries.append(
                            DateEntry(
                                skeleton: hour + fields + zoneFields, function: "time", options: options, isTime: true))
                    }
                }
            }
            return entries
        }()

        /// `{d, date, ::skeleton}`: the MF2 options whose pattern in this locale is the skeleton's, the skeleton as
        /// written first.
        private func dateSkeletonPlaceholder(_ name: String, _ skeleton: String) throws(Refusal) -> String {
            let pattern = profile.datePattern(forSkeleton: skeleton)
            if let entry = Self.skeletonEntries.first(where: { $0.skeleton == skeleton }) {
                return Self.expression(name, entry.function, entry.options)
            }
            let style = Self.styleEntries.first { $0.skeleton == skeleton }
            if let style, printsStyle(style, skeletonPattern: pattern) {
                return Self.expression(name, style.function, style.options)
            }
            if let entry = Self.skeletonEntries.first(where: {
                profile.datePattern(forSkeleton: $0.skeleton) == pattern
            }) {
                return Self.expression(name, entry.function, entry.options)
            }
            if let entry = Self.styleEntries.first(where: { printsStyle($0, skeletonPattern: pattern) }) {
                return Self.expression(name, entry.function, entry.options)
            }
            if let style {
                let stylePattern = profile.dateFormats.pattern(isTime: style.isTime, style: style.style)
                throw Refusal(
                    "Date skeleton '\(skeleton)' has no MF2 option in '\(locale)': it prints '\(pattern)', and "
                        + "'\(Self.annotation(style.function, style.options))' prints the "
                        + "locale's style '\(stylePattern)'")
            }
            throw Refusal(
                "Date skeleton '\(QuotedExcerpt.of(skeleton))' has no MF2 option: MF2's :date and :time take fields, "
                    + "length and precision, not any skeleton")
        }

        /// Whether the style of `entry` prints what MF1 prints with a skeleton's `pattern` in this locale: the same
        /// pattern, and none of the numbering overrides (`d=hanidec`, `y=jpanyear`) a style may carry and a skeleton
        /// does not.
        private func printsStyle(_ entry: DateEntry, skeletonPattern pattern: String) -> Bool {
            guard let style = entry.style else { return false }
            let formats = profile.dateFormats
            guard formats.pattern(isTime: entry.isTime, style: style) == pattern else { return false }
            // 2019-05-01, the first day of a Japanese era, and a day with every field unlike the others.
            for seconds in [1_556_668_800.0, 1_741_874_709] {
                let date = Date(timeIntervalSince1970: seconds)
                guard
                    formats.formatted(date, isTime: entry.isTime, style: style, zone: .utc)
                        == formats.format(date, pattern: pattern, zone: .utc)
                else { return false }
            }
            return true
        }

        // MARK: Syntax

        /// `{$name :function option=value …}`.
        private static func expression(_ argument: String, _ function: String, _ options: [(String, String)]) -> String
        {
            "{$\(argument) \(annotation(function, options))}"
        }

        /// `:function option=value …`; the values are the converter's own, never text that needs quoting.
        private static func annotation(_ function: String, _ options: [(String, String)]) -> String {
            var text = ":" + function
            for (name, value) in options { text += " \(name)=\((try? literal(value)) ?? value)" }
            return text
        }

        /// A key or an option value: unquoted where it is a `name-char` run (and does not start like a keyword),
        /// else `|…|` with `\` and `|` escaped.
        private static func literal(_ text: String) throws(Refusal) -> String {
            if let first = text.unicodeScalars.first, first != ".", text.unicodeScalars.allSatisfy(MF2Parser.isNameChar)
            {
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

        private static func keyText(_ outcome: Outcome) -> String {
            switch outcome {
            case .catchAll: return "*"
            case .key(.exact(let key)): return key
            case .key(.category(let category)): return category.rawValue
            case .key(.string(let key)): return (try? literal(key)) ?? key
            }
        }

        /// Pattern text: `\`, `{` and `}` escaped (spec/syntax.md, "Text").
        private static func escaped(_ text: String) throws(Refusal) -> String {
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
        private static func isSimple(_ pattern: String) -> Bool {
            pattern.unicodeScalars.first { !isSpaceOrBidi($0) } != "."
        }

        private static func isSpaceOrBidi(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x20, 0x09, 0x0D, 0x0A, 0x3000, 0x061C, 0x200E, 0x200F, 0x2066...0x2069: true
            default: false
            }
        }

        /// An argument's name as a variable's, or a refusal.
        private static func variable(_ name: String) throws(Refusal) -> String {
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
}
