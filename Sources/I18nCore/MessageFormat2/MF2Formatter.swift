import LocaleData
import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Unicode MessageFormat 2 (LDML 48, spec/formatting.md of unicode-org/message-format-wg): declarations, `.match`
/// with CLDR plural and ordinal rules, markup, the default functions `:string`, `:number`, `:integer`, `:offset`,
/// `:percent`, `:currency` and the draft `:unit`, `:datetime`, `:date` and `:time`, formatted in pure Swift from
/// the CLDR data of `LocaleData`.
///
/// Like `ICUMessageFormatter`, it never throws: a message always has an output. A value that cannot be formatted
/// shows as its fallback (`{$name}`), a message with a syntax or data model error as `{�}`, and each error is in
/// `MF2FormattedMessage.errors`, typed as the working group's test suite types them.
///
///     let formatter = MF2Formatter()
///     formatter.formatted(".input {$n :number} .match $n one {{{$n} gün}} * {{{$n} gün}}",
///                         locale: try LocaleTag("tr"), arguments: ["n": 3]).text
public struct MF2Formatter: MessageFormatting {
    /// How placeholders are isolated from the text around them (spec/formatting.md, "Handling Bidirectional
    /// Text").
    public enum BidiIsolation: Hashable, Sendable {
        /// The default bidi strategy: U+2068 before a placeholder of unknown direction, U+2067 before a
        /// right-to-left one, U+2066 before a left-to-right one in a right-to-left message or with `u:dir`, and
        /// U+2069 after each.
        case `default`
        /// No isolation characters.
        case none
    }

    /// The time zone of dates and times; the process's when `nil`.
    public var timeZone: ZoneInfo?
    /// The bidi strategy; `.default` unless a caller that adds its own isolation turns it off.
    public var bidiIsolation: BidiIsolation
    /// Whether `:test:function`, `:test:select` and `:test:format` of the working group's test suite exist.
    package var testFunctions = false

    /// A formatter for dates in `timeZone` (the process's when `nil`) with the given bidi strategy.
    /// - Parameters:
    ///   - timeZone: the zone for dates and times; the process's time zone when `nil`, the default.
    ///   - bidiIsolation: `.default` (the spec's default strategy) or `.none`.
    public init(timeZone: ZoneInfo? = nil, bidiIsolation: BidiIsolation = .default) {
        self.timeZone = timeZone
        self.bidiIsolation = bidiIsolation
    }

    public func format(_ message: String, locale: LocaleTag, arguments: MessageArguments) -> FormattedMessage {
        let result = formatted(message, locale: locale, arguments: arguments)
        return FormattedMessage(text: result.text, problems: result.errors.map { FormatProblem(.messageFormat2($0)) })
    }

    /// Formats `message` to a string, with the errors met on the way.
    /// - Parameters:
    ///   - message: the message in MessageFormat 2 syntax.
    ///   - locale: the locale of plural rules, numbers and dates.
    ///   - arguments: the values of the message's input variables, by name.
    public func formatted(_ message: String, locale: LocaleTag, arguments: MessageArguments) -> MF2FormattedMessage {
        // Text with no placeholder, escape or declaration is its own output: no parse, no cache lookup.
        if let first = message.utf8.first, first > 0x20, first < 0x80, first != UInt8(ascii: "."),
            !message.utf8.contains(where: {
                $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "\\") || $0 == 0
            })
        {
            return MF2FormattedMessage(text: message, errors: [])
        }
        let (parts, errors) = parts(message, locale: locale, arguments: arguments, numberPieces: false)
        var text = ""
        for part in parts {
            switch part {
            case .text(let value): text += value
            case .bidiIsolation(let scalar): text.unicodeScalars.append(scalar)
            case .markup: break
            case .fallback(let source): text += "{" + source + "}"
            case .value(let value): text += value.value
            }
        }
        return MF2FormattedMessage(text: text, errors: errors)
    }

    /// Formats `message` to parts: text, bidi isolation, markup, fallbacks and formatted values.
    /// - Parameters:
    ///   - message: the message in MessageFormat 2 syntax.
    ///   - locale: the locale of plural rules, numbers and dates.
    ///   - arguments: the values of the message's input variables, by name.
    public func formatToParts(_ message: String, locale: LocaleTag, arguments: MessageArguments) -> (
        parts: [MF2Part], errors: [MF2Error]
    ) {
        parts(message, locale: locale, arguments: arguments, numberPieces: true)
    }

    /// `numberPieces`: whether numbers are split into their pieces, which only parts need.
    private func parts(_ message: String, locale: LocaleTag, arguments: MessageArguments, numberPieces: Bool) -> (
        parts: [MF2Part], errors: [MF2Error]
    ) {
        let parsed: MF2Message
        switch Self.parsed.value(forKey: message, orMake: { Self.parse(message) }) {
        case .message(let message): parsed = message
        case .error(let error):
            // The message's fallback, `{�}` (spec/formatting.md, "Pattern Selection"), without isolation: it is
            // the whole message.
            return ([.fallback(source: "\u{FFFD}")], [error])
        }
        var resolver = MF2Resolver(message: parsed, locale: locale, arguments: arguments, formatter: self)
        resolver.numberPieces = numberPieces
        let parts = resolver.formatSelectedPattern()
        return (parts, resolver.errors)
    }

    /// A parse's outcome (not `Result`, whose metadata a widget process would pay for on its first render, as
    /// `MessageCache` says).
    enum Parsed: Sendable {
        case message(MF2Message)
        case error(MF2Error)
    }

    /// Parsed messages by source text, shared by every MF2 formatter in the process; bounded, as `MessageCache`.
    static let parsed = BoundedCache<Parsed>(capacity: 1024)

    static func parse(_ message: String) -> Parsed {
        do throws(MF2Error) { return .message(try MF2Parser.parse(message)) } catch { return .error(error) }
    }

    /// Checks `message` for syntax and data model errors, without formatting it.
    /// - Parameter message: the message in MessageFormat 2 syntax.
    /// - Throws: the first syntax or data model error.
    public static func validate(_ message: String) throws(MF2Error) {
        _ = try MF2Parser.parse(message)
    }
}

/// A formatted MessageFormat 2 message: its text and every error met while formatting it (its parts are
/// `MF2Formatter.formatToParts`'s).
public struct MF2FormattedMessage: Hashable, Sendable, CustomStringConvertible {
    /// The text to show; fallbacks in braces where values could not be formatted.
    public var text: String
    /// The errors in the order they were met; empty when the message formatted cleanly.
    public var errors: [MF2Error]

    public var description: String { text }
}

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
    case test(MF2TestValue)
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
    private var values: [String: MF2Value] = [:]
    private let declarationIndex: [String: Int]
    private var evaluated: [Bool]

    init(message: MF2Message, locale: LocaleTag, arguments: MessageArguments, formatter: MF2Formatter) {
        self.message = message
        self.locale = locale
        self.arguments = arguments
        self.formatter = formatter
        var index: [String: Int] = [:]
        for (offset, declaration) in message.declarations.enumerated() { index[declaration.name] = offset }
        declarationIndex = index
        evaluated = Array(repeating: false, count: message.declarations.count)
        messageDirection = locale.isRightToLeft ? "rtl" : "ltr"
        localeName = locale.description
    }

    mutating func error(_ code: MF2Error.Code, _ text: String) { errors.append(MF2Error(code, text)) }

    var zone: ZoneInfo { formatter.timeZone ?? .current }

    // MARK: Variables

    /// The value of `$name`: its declaration's (evaluated once, call-by-need), else the argument's.
    mutating func variable(_ name: String) -> MF2Value {
        if declarationIndex[name] != nil {
            if values[name] == nil, let target = declarationIndex[name] { evaluate(through: target) }
            // A variable whose declaration failed falls back to its own name (spec/formatting.md, "Variable
            // Resolution").
            if case .fallback? = values[name] { return .fallback("$" + name) }
            if let value = values[name] { return value }
        }
        if let argument = arguments[name] { return .input(argument) }
        error(.unresolvedVariable, "No value for '$\(name)'; pass it as an argument")
        return .fallback("$" + name)
    }

    /// Evaluates declaration `target` and the earlier ones it reads, in source order. A declaration reads only
    /// earlier ones (a later one would be a duplicate declaration), so this is a loop, not a recursion, and each
    /// declaration is visited once however many variables read it.
    private mutating func evaluate(through target: Int) {
        var needed: [Int] = []
        var pending = [target]
        var queued = Set([target])
        while let index = pending.popLast() {
            guard !evaluated[index] else { continue }
            needed.append(index)
            let declaration = message.declarations[index]
            for name in declaration.expression.variables where !(declaration.isInput && name == declaration.name) {
                if let earlier = declarationIndex[name], earlier < index, queued.insert(earlier).inserted {
                    pending.append(earlier)
                }
            }
        }
        for index in needed.sorted() where !evaluated[index] {
            evaluated[index] = true
            let declaration = message.declarations[index]
            values[declaration.name] = resolve(
                declaration.expression, inputName: declaration.isInput ? declaration.name : nil)
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
        let source = Self.fallbackSource(expression)
        guard let function = expression.function else { return operand ?? .fallback(source) }
        guard let handler = MF2Function.Handler(name: function.name, testFunctions: formatter.testFunctions) else {
            error(.unknownFunction, "Unknown function ':\(function.name)'")
            return .fallback(source)
        }
        var options = resolveOptions(function.options)
        let annotations = resolveUOptions(&options, isMarkup: false)
        return call(
            handler, named: function.name, operand: operand, options: options, annotations: annotations,
            source: source)
            ?? .fallback(source)
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
        case .test(let test): return test.input.text
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
        for name in selectors {
            let value = variable(name)
            let selector = selector(for: value, name: name)
            resolved.append(selector)
        }
        var matches: [[String: Bool]] = Array(repeating: [:], count: selectors.count)
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

    private func isBetter(_ keys: [MF2Message.Key], than other: [MF2Message.Key], selectors: [MF2Selector?]) -> Bool {
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
        for part in pattern {
            switch part {
            case .text(let text): parts.append(.text(text))
            case .markup(let markup): parts.append(.markup(resolve(markup)))
            case .expression(let expression):
                let value = resolve(expression)
                parts += formatPlaceholder(value, source: Self.fallbackSource(expression))
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

    /// A placeholder's parts, isolated as the bidi strategy says.
    mutating func formatPlaceholder(_ value: MF2Value, source: String) -> [MF2Part] {
        guard let formatted = formatValue(value, source: source) else {
            return isolated(.fallback(source: source), direction: nil, isolate: false)
        }
        return isolated(formatted.part, direction: formatted.direction, isolate: formatted.isolate)
    }

    /// spec/formatting.md, "Handling Bidirectional Text": the Default Bidi Strategy. `direction` is `ltr`, `rtl`
    /// or `nil` (unknown).
    func isolated(_ part: MF2Part, direction: String?, isolate: Bool) -> [MF2Part] {
        guard formatter.bidiIsolation == .default else { return [part] }
        let opening: Unicode.Scalar
        switch direction {
        case "ltr"?:
            if messageDirection == "ltr" && !isolate { return [part] }
            opening = "\u{2066}"
        case "rtl"?: opening = "\u{2067}"
        default: opening = "\u{2068}"
        }
        return [.bidiIsolation(opening), part, .bidiIsolation("\u{2069}")]
    }
}
