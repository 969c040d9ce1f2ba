import I18nCore
import LocaleData
import MessageFormat2

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
    enum Key: Hashable {
        case exact(String)
        case category(PluralCategory)
        case string(String)
    }

    /// The key a selector matches best, while the variants are enumerated.
    enum Outcome: Hashable {
        case key(Key)
        case catchAll
    }

    /// A variable of `.match`, its keys in order of appearance (`*` besides), and the selections that read it.
    struct MatchSelector {
        var variable: String
        var keys: [Key] = []
        var readers: [Int] = []
        /// `keys` as a set: a select of thousands of cases adds each key once, not after a scan of the others.
        var added: Set<Key> = []

        mutating func add(_ key: Key) {
            if added.insert(key).inserted { keys.append(key) }
        }
    }

    /// One MF1 selection: where it sits, how its case follows from the selectors' outcomes, and each case's parts.
    struct Node {
        var parent: (node: Int, branch: Int)?
        var choice: Choice
        var branches: [[Part]] = []
    }

    enum Choice {
        case select(selector: Int, branches: [String: Int], other: Int)
        /// Without an offset both selectors are the same one.
        case plural(
            exactSelector: Int?, categorySelector: Int, exact: [String: Int], categories: [PluralCategory: Int],
            other: Int)
    }

    /// A piece of a pattern: MF2 source (text escaped, placeholders, markup), or a selection's chosen case.
    enum Part {
        case source(String)
        case selection(Int)
    }

    /// The `:number` declarations a plural reads: its argument's, cardinal or ordinal.
    struct NumberKind: Hashable {
        var argument: String
        var isOrdinal: Bool
    }

    struct ExactSelection: Hashable {
        var kind: NumberKind
        /// Sorted.
        var exactKeys: [String]
    }

    struct OffsetSelection: Hashable {
        var kind: NumberKind
        var offset: Int
    }

    enum SelectionKind: Hashable {
        case string, cardinal, ordinal
    }

    /// How a message reads an argument: shown by a placeholder, selected on.
    struct ArgumentUse {
        var isShown = false
        var kinds: Set<SelectionKind> = []
    }

    struct Converter {
        // The conversion's vocabulary by its short names in the extensions of `Converter` (MF2Conversion+*.swift),
        // whose scope is the file, not `MF2Conversion`'s.
        typealias Refusal = MF2Conversion.Refusal
        typealias Key = MF2Conversion.Key
        typealias Outcome = MF2Conversion.Outcome
        typealias MatchSelector = MF2Conversion.MatchSelector
        typealias Node = MF2Conversion.Node
        typealias Choice = MF2Conversion.Choice
        typealias Part = MF2Conversion.Part
        typealias NumberKind = MF2Conversion.NumberKind
        typealias ExactSelection = MF2Conversion.ExactSelection
        typealias OffsetSelection = MF2Conversion.OffsetSelection
        typealias SelectionKind = MF2Conversion.SelectionKind
        typealias ArgumentUse = MF2Conversion.ArgumentUse

        let locale: LocaleTag
        let profile: LocaleProfile
        /// The arguments and the variables made so far: a new variable is named after none of them.
        var names: Set<String>
        /// The arguments that only selections of one kind read (and `#`): the first such selection declares the
        /// argument itself, with `.input`.
        let inputs: Set<String>
        var declaredInputs: Set<String> = []
        var declarations: [String] = []
        var selectors: [MatchSelector] = []
        var nodes: [Node] = []
        var stringSelectors: [String: Int] = [:]
        /// Each `:number` variable of a kind, and the exact keys of the selector it is, if it is one.
        var numberVariables: [NumberKind: [(name: String, exactKeys: [String]?)]] = [:]
        var exactSelectors: [ExactSelection: Int] = [:]
        var offsetSelectors: [OffsetSelection: Int] = [:]
        /// While the variants are enumerated: each selector's outcome, `nil` until it is given one.
        var outcomes: [Outcome?] = []

        init(locale: LocaleTag, elements: [MessageElement]) {
            self.locale = locale
            profile = LocaleProfile.profile(for: locale)
            names = Set(MessageElement.argumentNames(in: elements))
            var uses: [String: ArgumentUse] = [:]
            Self.collectUses(elements, into: &uses)
            inputs = Set(uses.filter { !$0.value.isShown && $0.value.kinds.count == 1 }.keys)
        }

        static func collectUses(_ elements: [MessageElement], into uses: inout [String: ArgumentUse]) {
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
                case .tag(_, _, let children, _):
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

        static let tooManyVariants = Refusal(
            "The message needs more than \(MF2Conversion.maximumVariants) MF2 variants: its plural and select cases "
                + "multiply")

        /// Appends the variants whose keys for `matched[position...]` follow the outcomes given so far.
        mutating func enumerate(
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
        func isRelevant(_ selector: Int) -> Bool {
            selectors[selector].readers.contains { isReachable($0) && depends($0, on: selector) }
        }

        func isReachable(_ node: Int) -> Bool {
            var link = nodes[node].parent
            while case (let parent, let branch)? = link {
                if let chosen = choice(parent), chosen != branch { return false }
                link = nodes[parent].parent
            }
            return true
        }

        func depends(_ node: Int, on selector: Int) -> Bool {
            guard case .plural(let exactSelector?, let categorySelector, let exact, _, _) = nodes[node].choice,
                selector == categorySelector, exactSelector != categorySelector
            else { return true }
            // An exact key decides alone: the offset's categories count only when none matched.
            if case .key(.exact(let key))? = outcomes[exactSelector], exact[key] != nil { return false }
            return true
        }

        /// The case `node` takes under the outcomes, or `nil` while one it reads has none.
        func choice(_ node: Int) -> Int? {
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
        func render(_ parts: [Part]) -> String {
            var text = ""
            for part in parts {
                switch part {
                case .source(let source): text += source
                case .selection(let node): text += render(nodes[node].branches[choice(node)!])
                }
            }
            return text
        }

    }
}
