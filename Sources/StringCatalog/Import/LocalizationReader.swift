import I18nCore
import LocaleData

/// Reads one localization of a catalog entry (`strings[key].localizations[code]`) into `MessagePiece`s: its
/// `stringUnit`, its `substitutions`, its `variations` (`plural`, and `device`, of which the iPhone's or the
/// `other` variant is kept), and the states it has.
struct LocalizationReader {
    /// A localization that is well formed but has no ICU MessageFormat form, and why.
    struct Inexpressible: Error {
        let reason: String
    }

    /// What a localization says, and what the user should know about how it was read.
    struct Reading {
        let pieces: [MessagePiece]
        /// The states of its string units other than `translated`, such as `needs_review` and `new`.
        let states: [String]
        /// The device variants left out (`ipad`, `mac`).
        let droppedDevices: [String]
    }

    /// The localization's language, whose plural categories decide what `zero` means.
    let locale: LocaleTag
    /// Whether the key's values are format strings (its values have arguments), so that `%%` is a percent sign;
    /// otherwise a value is text, `%` and all.
    let isFormat: Bool

    /// Reads the localization at `path`.
    /// - Throws: `CatalogError` for a member of the wrong shape or a malformed specifier; `Inexpressible` for
    ///   what has no ICU form (a specifier such as `%x`, width variations, a plural with two numbers).
    func read(_ node: JSONNode, at path: CatalogPath) throws(CatalogError) -> Result<Reading, Inexpressible> {
        var states: [String] = []
        var dropped: [String] = []
        do {
            let pieces = try content(node, at: path, states: &states, dropped: &dropped, allowsDevices: true)
            return .success(Reading(pieces: pieces, states: states, droppedDevices: dropped))
        } catch {
            switch error {
            case .malformed(let error): throw error
            case .inexpressible(let reason): return .failure(Inexpressible(reason: reason))
            }
        }
    }

    /// The pieces of a key whose source localization is absent: the key itself is the source text, as Xcode
    /// reads such an entry.
    func readKey(_ key: String, at path: CatalogPath) throws(CatalogError) -> Result<Reading, Inexpressible> {
        do {
            let pieces = try formatString(key, at: path, inSubstitution: false)
            return .success(Reading(pieces: try positioned(pieces), states: [], droppedDevices: []))
        } catch {
            switch error {
            case .malformed(let error): throw error
            case .inexpressible(let reason): return .failure(Inexpressible(reason: reason))
            }
        }
    }

    private enum ReadFailure: Error {
        case malformed(CatalogError)
        case inexpressible(String)
    }

    // MARK: - Localizations and variants

    private func content(
        _ node: JSONNode, at path: CatalogPath, states: inout [String], dropped: inout [String], allowsDevices: Bool
    ) throws(ReadFailure) -> [MessagePiece] {
        guard node.members != nil else {
            throw .malformed(path.error("expected an object, found \(node.kindDescription)"))
        }
        if let variations = node["variations"] {
            let variationsPath = path.member("variations")
            guard let kinds = variations.members else {
                throw .malformed(variationsPath.error("expected an object, found \(variations.kindDescription)"))
            }
            guard kinds.count == 1, let kind = kinds.first else {
                throw .inexpressible(
                    "variations by \(kinds.map(\.name).joined(separator: " and ")) at once have no ICU form")
            }
            switch kind.name {
            case "device":
                guard allowsDevices else { throw .inexpressible("device variations inside device variations") }
                return try device(kind.value, at: variationsPath.member("device"), states: &states, dropped: &dropped)
            case "plural":
                guard node["substitutions"] == nil else {
                    throw .inexpressible("plural variations beside substitutions have no ICU form")
                }
                return try topLevelPlural(kind.value, at: variationsPath.member("plural"), states: &states)
            default:
                throw .inexpressible(
                    "'\(kind.name)' variations have no ICU MessageFormat form (only plural and device ones are read)")
            }
        }
        guard let unit = node["stringUnit"] else {
            throw .malformed(path.error("a localization needs a stringUnit or variations"))
        }
        let value = try stringUnit(unit, at: path.member("stringUnit"), states: &states)
        let pieces = try formatString(value, at: path.member("stringUnit").member("value"), inSubstitution: false)
        let substitutions = node["substitutions"]
        if let substitutions, substitutions.members == nil {
            throw .malformed(
                path.member("substitutions").error("expected an object, found \(substitutions.kindDescription)"))
        }
        return try positioned(pieces, substitutions: substitutions, at: path.member("substitutions"), states: &states)
    }

    /// The iPhone's variant, else `other`; the others are reported.
    private func device(
        _ node: JSONNode, at path: CatalogPath, states: inout [String], dropped: inout [String]
    ) throws(ReadFailure) -> [MessagePiece] {
        guard let variants = node.members else {
            throw .malformed(path.error("expected an object, found \(node.kindDescription)"))
        }
        guard let kept = variants.first(where: { $0.name == "iphone" }) ?? variants.first(where: { $0.name == "other" })
        else {
            throw .inexpressible(
                "device variations without an iphone or other variant (\(variants.map(\.name).joined(separator: ", ")))"
            )
        }
        dropped += variants.map(\.name).filter { $0 != kept.name && $0 != "other" }
        return try content(
            kept.value, at: path.member(kept.name), states: &states, dropped: &dropped, allowsDevices: false)
    }

    /// `variations.plural` of a whole localization: each variant a format string, one number selecting.
    private func topLevelPlural(_ node: JSONNode, at path: CatalogPath, states: inout [String]) throws(ReadFailure)
        -> [MessagePiece]
    {
        var variants: [(selector: PluralElement.Selector, pieces: [MessagePiece])] = []
        var selecting: Set<Int> = []
        for variant in try pluralVariants(node, at: path) {
            let unitPath = path.member(variant.name).member("stringUnit")
            guard let unit = variant.value["stringUnit"] else {
                throw .inexpressible("the plural variant '\(variant.name)' has no stringUnit")
            }
            let value = try stringUnit(unit, at: unitPath, states: &states)
            let pieces = try positioned(try formatString(value, at: unitPath.member("value"), inSubstitution: false))
            for case .argument(let position, let conversion) in pieces where conversion != .object {
                selecting.insert(position)
            }
            variants.append((variant.selector, pieces))
        }
        guard selecting.count == 1, let number = selecting.first else {
            throw .inexpressible(
                selecting.isEmpty
                    ? "a plural variation whose variants show no number: Apple cannot tell what it counts"
                    : "a plural variation with \(selecting.count) numbers: which one it counts is ambiguous")
        }
        let cases = variants.map { variant in
            MessagePiece.PluralCase(
                selector: variant.selector,
                pieces: variant.pieces.map { piece in
                    if case .argument(number, _) = piece { return .pound }
                    return piece
                })
        }
        return [.plural(position: number, name: nil, cases: cases)]
    }

    /// The variants of a `plural` object, each with the ICU selector its name stands for, in CLDR order.
    private func pluralVariants(_ node: JSONNode, at path: CatalogPath) throws(ReadFailure)
        -> [(name: String, selector: PluralElement.Selector, value: JSONNode)]
    {
        guard let members = node.members else {
            throw .malformed(path.error("expected an object, found \(node.kindDescription)"))
        }
        var variants: [(name: String, selector: PluralElement.Selector, value: JSONNode)] = []
        for member in members {
            guard let selector = PluralVariants.selector(forVariant: member.name, locale: locale) else {
                throw .malformed(
                    path.member(member.name).error(
                        "'\(member.name)' is not a plural variant: use zero, one, two, few, many or other"))
            }
            guard member.value.members != nil else {
                throw .malformed(
                    path.member(member.name).error("expected an object, found \(member.value.kindDescription)"))
            }
            if member.value["variations"] != nil {
                throw .inexpressible("variations inside the plural variant '\(member.name)'")
            }
            variants.append((member.name, selector, member.value))
        }
        guard variants.contains(where: { $0.name == "other" }) else {
            throw .inexpressible("a plural without an 'other' variant, which ICU MessageFormat requires")
        }
        let order = PluralCategory.allCases.map(\.rawValue)
        return variants.sorted { order.firstIndex(of: $0.name)! < order.firstIndex(of: $1.name)! }
    }

    /// The value of a `stringUnit`, and its state when it is not `translated`.
    private func stringUnit(_ node: JSONNode, at path: CatalogPath, states: inout [String]) throws(ReadFailure)
        -> String
    {
        guard node.members != nil else {
            throw .malformed(path.error("expected an object, found \(node.kindDescription)"))
        }
        guard let value = node["value"]?.string else {
            throw .malformed(path.member("value").error("a stringUnit needs a string value"))
        }
        if let state = node["state"] {
            guard let text = state.string else {
                throw .malformed(path.member("state").error("expected a string, found \(state.kindDescription)"))
            }
            if text != "translated", !states.contains(text) { states.append(text) }
        }
        return value
    }

    // MARK: - Format strings

    private func formatString(_ value: String, at path: CatalogPath, inSubstitution: Bool) throws(ReadFailure)
        -> [FormatToken]
    {
        guard isFormat else { return value.isEmpty ? [] : [.text(value)] }
        let result: FormatStringReader.Result
        do { result = try FormatStringReader.read(value, inSubstitution: inSubstitution, at: path) } catch {
            throw .malformed(error)
        }
        switch result {
        case .tokens(let tokens): return tokens
        case .unsupported(let unsupported):
            throw .inexpressible("the specifier '\(unsupported.specifier)': \(unsupported.reason)")
        }
    }

    /// The pieces of one format string, positions resolved: explicit ones as written, the others counted from 1
    /// in order (a substitution takes the next position, unless its `argNum` says another). A string mixing the
    /// two is refused, as `String(format:)` leaves it undefined; a substitution placed by its `argNum` is neither.
    private func positioned(
        _ tokens: [FormatToken], substitutions: JSONNode? = nil, at path: CatalogPath = .root,
        states: inout [String]
    ) throws(ReadFailure) -> [MessagePiece] {
        var next = 1
        var explicit = false
        var implicit = false
        var pieces: [MessagePiece] = []
        func take(_ given: Int?) -> Int {
            if let given {
                explicit = true
                return given
            }
            implicit = true
            defer { next += 1 }
            return next
        }
        for token in tokens {
            switch token {
            case .text(let text): pieces.append(.text(text))
            case .substitutedNumber: pieces.append(.pound)
            case .argument(let position, let conversion): pieces.append(.argument(position: take(position), conversion))
            case .substitution(let position, let name):
                guard let node = substitutions?[name] else {
                    throw .malformed(path.member(name).error("'%#@\(name)@' names no substitution"))
                }
                let substitutionPath = path.member(name)
                let argNum = try argumentNumber(node, at: substitutionPath)
                let resolved: Int
                if position == nil, let argNum {
                    // `%#@miles@` is a reference, placed by its `argNum`: neither plain nor positional, so it sits
                    // beside either (Xcode writes `%1$@ walked %#@miles@` when one argument of several is a
                    // plural). In a plain string it still uses up the next argument.
                    next += 1
                    resolved = argNum
                } else {
                    let taken = take(position)
                    resolved = argNum ?? taken
                }
                pieces.append(
                    try substitution(node, name: name, position: resolved, at: substitutionPath, states: &states))
            }
        }
        if explicit, implicit {
            throw .inexpressible("a value that mixes positional (%1$@) and plain (%@) specifiers")
        }
        return pieces
    }

    private func positioned(_ tokens: [FormatToken]) throws(ReadFailure) -> [MessagePiece] {
        var states: [String] = []
        return try positioned(tokens, states: &states)
    }

    private func argumentNumber(_ node: JSONNode, at path: CatalogPath) throws(ReadFailure) -> Int? {
        guard let argNum = node["argNum"] else { return nil }
        guard case .number(let text) = argNum.kind, let number = Int(text), number > 0 else {
            throw .malformed(path.member("argNum").error("expected a whole number from 1"))
        }
        return number
    }

    /// A substitution: its plural variants, `%arg` its number, other arguments by explicit position only.
    private func substitution(
        _ node: JSONNode, name: String, position: Int, at path: CatalogPath, states: inout [String]
    ) throws(ReadFailure) -> MessagePiece {
        guard node.members != nil else {
            throw .malformed(path.error("expected an object, found \(node.kindDescription)"))
        }
        if let specifier = node["formatSpecifier"] {
            guard let text = specifier.string else {
                throw .malformed(path.member("formatSpecifier").error("expected a string such as \"lld\""))
            }
            let numeric = ["lld", "ld", "d", "i", "u", "lu", "llu", "qd", "lf", "f"]
            guard numeric.contains(text) else {
                throw .inexpressible("a substitution over '%\(text)', which no plural can count")
            }
        }
        guard let plural = node["variations"]?["plural"] else {
            throw .inexpressible("the substitution '\(name)' has no plural variations")
        }
        var cases: [MessagePiece.PluralCase] = []
        let pluralPath = path.member("variations").member("plural")
        for variant in try pluralVariants(plural, at: pluralPath) {
            let unitPath = pluralPath.member(variant.name).member("stringUnit")
            guard let unit = variant.value["stringUnit"] else {
                throw .inexpressible("the plural variant '\(variant.name)' has no stringUnit")
            }
            let value = try stringUnit(unit, at: unitPath, states: &states)
            let tokens = try formatString(value, at: unitPath.member("value"), inSubstitution: true)
            var pieces: [MessagePiece] = []
            for token in tokens {
                switch token {
                case .text(let text): pieces.append(.text(text))
                case .substitutedNumber: pieces.append(.pound)
                case .argument(let given?, let conversion): pieces.append(.argument(position: given, conversion))
                case .argument(nil, _):
                    throw .inexpressible(
                        "a plain specifier inside the substitution '\(name)': other arguments need their position "
                            + "there, such as %1$@")
                case .substitution:
                    throw .inexpressible("a substitution inside the substitution '\(name)'")
                }
            }
            cases.append(MessagePiece.PluralCase(selector: variant.selector, pieces: pieces))
        }
        return .plural(position: position, name: name, cases: cases)
    }
}
