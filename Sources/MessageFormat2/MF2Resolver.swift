import I18nCore
import LocaleData
import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Resolution

/// A resolved value (spec/formatting.md, "Resolved Values").
enum MF2Value {
    /// A value that failed to resolve; `source` is shown in braces.
    case fallback(String)
    /// An argument used without a function.
    case input(MessageArgument)
    /// A literal used without a function: always a string.
    case literal(String)
    case string(MF2StringValue)
    case number(MF2NumberValue)
    case date(MF2DateValue)
    /// What a custom function made.
    case custom(MF2CustomValue)
}

/// What the `u:` options of an expression set (spec/u-namespace.md).
struct MF2Annotations {
    /// `u:dir`: `ltr`, `rtl` or `auto`; `nil` for `inherit` or none.
    var direction: String?
    var id: String?
    var locale: LocaleTag?
}

/// An option's resolved value, and whether a literal set it (`select` must be one).
struct MF2OptionValue {
    var value: MF2Value
    var isLiteral: Bool
}

struct MF2Resolver {
    let message: MF2Message
    let locale: LocaleTag
    let arguments: MessageArguments
    let formatter: MF2Formatter
    var errors: [MF2Error] = []
    /// Whether formatted numbers are split into pieces (`formatToParts`); a string does not need them.
    var numberPieces = true
    /// The message's direction, `ltr` or `rtl`, and its locale's tag, worked out once.
    let messageDirection: String
    let localeName: String
    /// Each declaration's value once evaluated, by its index in `message.declarations`.
    var values: [MF2Value?]
    /// The declarations' indices by name, for a message with more than `Self.scannedDeclarations`; fewer are
    /// scanned, which costs less than hashing the name.
    let declarationIndex: [String: Int]
    /// Whether each declaration's evaluation has begun: one that reads its own name reads the argument.
    var evaluated: [Bool]

    init(message: MF2Message, locale: LocaleTag, arguments: MessageArguments, formatter: MF2Formatter) {
        self.message = message
        self.locale = locale
        self.arguments = arguments
        self.formatter = formatter
        var index: [String: Int] = [:]
        if message.declarations.count > Self.scannedDeclarations {
            for (offset, declaration) in message.declarations.enumerated() { index[declaration.name] = offset }
        }
        declarationIndex = index
        values = Array(repeating: nil, count: message.declarations.count)
        evaluated = Array(repeating: false, count: message.declarations.count)
        messageDirection = locale.isRightToLeft ? "rtl" : "ltr"
        localeName = locale.description
    }

    mutating func error(_ code: MF2Error.Code, _ text: String) { errors.append(MF2Error(code, text)) }

    var zone: ZoneInfo { formatter.timeZone ?? .current }

    // MARK: Variables

    /// The value of `$name`: its declaration's (evaluated once, call-by-need), else the argument's.
    mutating func variable(_ name: String) -> MF2Value {
        if let target = declaration(named: name) {
            evaluate(through: target)
            // A variable whose declaration failed falls back to its own name (spec/formatting.md, "Variable
            // Resolution").
            if case .fallback? = values[target] { return .fallback("$" + name) }
            if let value = values[target] { return value }
        }
        if let argument = arguments[name] { return .input(argument) }
        error(.unresolvedVariable, "No value for '$\(name)'; pass it as an argument")
        return .fallback("$" + name)
    }

    /// Evaluates declaration `target` and the earlier ones it reads, in source order. A declaration reads only
    /// earlier ones (a later one would be a duplicate declaration), so this is a loop, not a recursion, and each
    /// declaration is visited once however many variables read it.
    /// The index of the declaration of `name`, if one declares it.
    func declaration(named name: String) -> Int? {
        guard message.declarations.count > Self.scannedDeclarations else {
            return message.declarations.firstIndex { $0.name == name }
        }
        return declarationIndex[name]
    }

    static let scannedDeclarations = 8

    mutating func evaluate(through target: Int) {
        guard !evaluated[target] else { return }
        let declaration = message.declarations[target]
        // The commonest declaration reads no earlier one (`.input {$n :number}`): evaluated at once, without the
        // work list.
        if declaration.expression.variables.allSatisfy({ declaration.isInput && $0 == declaration.name }) {
            evaluated[target] = true
            values[target] = resolve(declaration.expression, inputName: declaration.isInput ? declaration.name : nil)
            return
        }
        var needed: [Int] = []
        var pending = [target]
        var queued = Set([target])
        while let index = pending.popLast() {
            guard !evaluated[index] else { continue }
            needed.append(index)
            let declaration = message.declarations[index]
            for name in declaration.expression.variables where !(declaration.isInput && name == declaration.name) {
                if let earlier = self.declaration(named: name), earlier < index, queued.insert(earlier).inserted {
                    pending.append(earlier)
                }
            }
        }
        for index in needed.sorted() where !evaluated[index] {
            evaluated[index] = true
            let declaration = message.declarations[index]
            values[index] = resolve(declaration.expression, inputName: declaration.isInput ? declaration.name : nil)
        }
    }

    // MARK: Expressions

    /// The fallback text of an expression (spec/formatting.md, "Fallback Resolution").
    static func fallbackSource(_ expression: MF2Expression) -> String {
        switch expression.operand {
        case .variable(let name)?: return "$" + name
        case .literal(let value)?:
            var escaped = ""
            for character in value {
                if character == "\\" || character == "|" { escaped.append("\\") }
                escaped.append(character)
            }
            return "|" + escaped + "|"
        case nil: return expression.function.map { ":" + $0.name } ?? "\u{FFFD}"
        }
    }

    /// `inputName` is set for an `.input` declaration, whose operand is the argument of that name.
    mutating func resolve(_ expression: MF2Expression, inputName: String? = nil) -> MF2Value {
        var operand: MF2Value?
        switch expression.operand {
        case .literal(let value)?: operand = .literal(value)
        case .variable(let name)?:
            if let inputName, inputName == name {
                if let argument = arguments[name] {
                    operand = .input(argument)
                } else {
                    error(.unresolvedVariable, "No value for '$\(name)'; pass it as an argument")
                    operand = .fallback("$" + name)
                }
            } else {
                operand = variable(name)
            }
        case nil: break
        }
        // The fallback's text is made only when a fallback needs it.
        guard let function = expression.function else { return operand ?? .fallback(Self.fallbackSource(expression)) }
        guard let handler = MF2Function.Handler(name: function.name, in: formatter) else {
            error(.unknownFunction, "Unknown function ':\(function.name)'")
            return .fallback(Self.fallbackSource(expression))
        }
        var options = resolveOptions(function.options)
        let annotations = resolveUOptions(&options, isMarkup: false)
        return call(
            handler, named: function.name, operand: operand, options: options, annotations: annotations,
            source: Self.fallbackSource(expression))
            ?? .fallback(Self.fallbackSource(expression))
    }

    /// Option values by name; one whose variable fails to resolve is left out (spec/formatting.md, "Option
    /// Resolution").
    mutating func resolveOptions(_ options: [MF2Option]) -> [String: MF2OptionValue] {
        var resolved: [String: MF2OptionValue] = [:]
        for option in options {
            switch option.value {
            case .literal(let value): resolved[option.name] = MF2OptionValue(value: .literal(value), isLiteral: true)
            case .variable(let name):
                let value = variable(name)
                if case .fallback = value { continue }
                resolved[option.name] = MF2OptionValue(value: value, isLiteral: false)
            }
        }
        return resolved
    }

    /// Takes the `u:` options out of `options`.
    mutating func resolveUOptions(_ options: inout [String: MF2OptionValue], isMarkup: Bool) -> MF2Annotations {
        var annotations = MF2Annotations()
        guard !options.isEmpty else { return annotations }
        if let value = options.removeValue(forKey: "u:dir") {
            let text = Self.text(of: value.value)
            if isMarkup {
                error(.badOption, "'u:dir' does not apply to markup")
            } else if let text, ["ltr", "rtl", "auto", "inherit"].contains(text) {
                annotations.direction = text == "inherit" ? nil : text
            } else {
                error(.badOption, "'u:dir' is ltr, rtl, auto or inherit, not '\(text ?? "?")'")
            }
        }
        if let value = options.removeValue(forKey: "u:id") {
            if let text = Self.text(of: value.value) {
                annotations.id = text
            } else {
                error(.badOption, "'u:id' must be a string")
            }
        }
        if let value = options.removeValue(forKey: "u:locale") {
            if let text = Self.text(of: value.value), let tag = LocaleTag(parsing: text), !isMarkup {
                annotations.locale = tag
            } else if !isMarkup {
                error(.badOption, "'u:locale' must be a locale tag")
            }
        }
        return annotations
    }

    /// A value as option text: literals and strings as they are, numbers in their decimal spelling.
    static func text(of value: MF2Value) -> String? {
        switch value {
        case .literal(let text): return text
        case .input(.string(let text)): return text
        case .input(.number(let number)): return number.text
        case .input(.date): return nil
        case .string(let string): return string.fallbackSource == nil ? string.text : nil
        case .number(let number): return number.value.text
        case .custom(let custom):
            guard let argument = custom.argument, case .date = argument else { return custom.argument?.description }
            return nil
        case .date, .fallback: return nil
        }
    }

    // MARK: Pattern selection

    mutating func formatSelectedPattern() -> [MF2Part] {
        switch message.body {
        case .pattern(let pattern): return format(pattern)
        case .matcher(let selectors, let variants): return format(select(selectors: selectors, variants: variants))
        }
    }

    /// spec/formatting.md, "Pattern Selection": the best variant of those whose keys all match.
    mutating func select(selectors: [String], variants: [MF2Message.Variant]) -> MF2Pattern {
        var resolved: [MF2Selector?] = []
        resolved.reserveCapacity(selectors.count)
        for (column, name) in selectors.enumerated() {
            // The column's literal keys, which only a custom function's selection reads.
            let keys = {
                var keys: [String] = []
                for variant in variants {
                    if case .literal(let key) = variant.keys[column], !keys.contains(key) { keys.append(key) }
                }
                return keys
            }
            resolved.append(selector(for: variable(name), name: name, keys: keys))
        }
        // Each key is matched once per column (a bad key's error is reported once).
        var matches = Array(repeating: MatchedKeys(), count: selectors.count)
        var best: MF2Message.Variant?
        for variant in variants {
            var allMatch = true
            for (column, key) in variant.keys.enumerated() {
                guard case .literal(let text) = key else { continue }
                if let known = matches[column][text] {
                    allMatch = known
                } else {
                    let matched = resolved[column].map { match($0, key: text) } ?? false
                    matches[column][text] = matched
                    allMatch = matched
                }
                if !allMatch { break }
            }
            guard allMatch else { continue }
            guard let current = best else {
                best = variant
                continue
            }
            if isBetter(variant.keys, than: current.keys, selectors: resolved) { best = variant }
        }
        // The data model check guarantees a variant of `*` keys, which always matches.
        return best?.pattern ?? []
    }

    /// A column's keys and whether each matched: the first few in a list, which costs less than hashing them, the
    /// rest in a dictionary, so that thousands of keys stay linear.
    struct MatchedKeys {
        /// A struct, not a tuple: an array of tuples looks up its type's metadata at run time on every call.
        struct Key {
            var key: String
            var matched: Bool
        }
        var few: [Key] = []
        var more: [String: Bool] = [:]

        subscript(key: String) -> Bool? {
            get { few.first { $0.key == key }?.matched ?? (more.isEmpty ? nil : more[key]) }
            set {
                guard let newValue else { return }
                if few.count < 8 { few.append(Key(key: key, matched: newValue)) } else { more[key] = newValue }
            }
        }
    }

    func isBetter(_ keys: [MF2Message.Key], than other: [MF2Message.Key], selectors: [MF2Selector?]) -> Bool {
        for (column, key) in keys.enumerated() {
            let otherKey = other[column]
            switch (key, otherKey) {
            case (.catchAll, .catchAll): continue
            case (.catchAll, .literal): return false
            case (.literal, .catchAll): return true
            case (.literal(let first), .literal(let second)):
                if first == second { continue }
                guard let selector = selectors[column] else { return false }
                return betterThan(selector, first, second)
            }
        }
        return false
    }

    // MARK: Formatting

    mutating func format(_ pattern: MF2Pattern) -> [MF2Part] {
        var parts: [MF2Part] = []
        parts.reserveCapacity(pattern.count * 3)
        for part in pattern {
            switch part {
            case .text(let text): parts.append(.text(text))
            case .markup(let markup): parts.append(.markup(resolve(markup)))
            case .expression(let expression):
                let value = resolve(expression)
                appendPlaceholder(value, of: expression, to: &parts)
            }
        }
        return parts
    }

    mutating func resolve(_ markup: MF2Markup) -> MF2Part.Markup {
        var options = resolveOptions(markup.options)
        let annotations = resolveUOptions(&options, isMarkup: true)
        var texts: [String: String] = [:]
        for (name, option) in options where !name.hasPrefix("u:") { texts[name] = Self.text(of: option.value) ?? "" }
        let kind: MF2Part.Markup.Kind =
            switch markup.kind {
            case .open: .open
            case .standalone: .standalone
            case .close: .close
            }
        return MF2Part.Markup(kind: kind, name: markup.name, options: texts, id: annotations.id)
    }

    /// Adds a placeholder's parts to `parts`, isolated as the bidi strategy says.
    mutating func appendPlaceholder(_ value: MF2Value, of expression: MF2Expression, to parts: inout [MF2Part]) {
        guard let formatted = formatValue(value) else {
            let fallback = MF2Part.fallback(source: Self.fallbackSource(expression))
            return append(fallback, direction: nil, isolate: false, to: &parts)
        }
        append(formatted.part, direction: formatted.direction, isolate: formatted.isolate, to: &parts)
    }

    /// spec/formatting.md, "Handling Bidirectional Text": the Default Bidi Strategy. `direction` is `ltr`, `rtl`
    /// or `nil` (unknown).
    func append(_ part: MF2Part, direction: String?, isolate: Bool, to parts: inout [MF2Part]) {
        guard formatter.bidiIsolation == .default else { return parts.append(part) }
        let opening: Unicode.Scalar
        switch direction {
        case "ltr"?:
            if messageDirection == "ltr" && !isolate { return parts.append(part) }
            opening = "\u{2066}"
        case "rtl"?: opening = "\u{2067}"
        default: opening = "\u{2068}"
        }
        parts.append(.bidiIsolation(opening))
        parts.append(part)
        parts.append(.bidiIsolation("\u{2069}"))
    }
}
