import I18nCore
import LocaleData
@_spi(WidgetI18nSupport) import WidgetI18nSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Unicode MessageFormat 2 (LDML 48, spec/formatting.md of unicode-org/message-format-wg): declarations, `.match`
/// with CLDR plural and ordinal rules, markup, the stable default functions `:string`, `:number`, `:integer` and
/// `:offset`, formatted in pure Swift from the CLDR data of `LocaleData`; with `draftFunctions`, the functions
/// LDML 48 marks Draft too (`:currency`, `:percent`, `:unit`, `:datetime`, `:date`, `:time`); and an app's own
/// (`functions`).
///
/// Like `ICUMessageFormatter`, it never throws: a message always has an output. A value that cannot be formatted
/// shows as its fallback (`{$name}`), a message with a syntax or data model error as `{�}`, and each error is a
/// problem of the output, its description ending with its type as the working group's test suite names it.
///
///     let formatter = MF2Formatter()
///     formatter.format(".input {$n :number} .match $n one {{{$n} gün}} * {{{$n} gün}}",
///                      locale: try LocaleTag("tr"), arguments: ["n": 3]).text
public struct MF2Formatter: MessageFormatting, MarkupFormatting {
    /// `:number`'s one option of WidgetI18n's own (spec/functions/README.md: "Implementations MAY implement
    /// additional options … Such options MUST use an implementation-specific namespace"; other implementations
    /// ignore it): `=operand` makes the operand's visible fraction digits, when they fit the maximum, the minimum,
    /// as ICU MessageFormat's plural and `#` take them (de `1.0` is "other 1,0", not "one 1").
    /// `MF2Conversion` writes it on the `:number` of every plural it converts.
    package static let operandDigitsOption = "widget-i18n:minimumFractionDigits"

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
    package var timeZone: ZoneInfo?
    /// The bidi strategy; `.default` unless a caller that adds its own isolation turns it off.
    package var bidiIsolation: BidiIsolation
    /// Whether the default functions LDML 48 marks Draft exist: `:currency`, `:percent`, `:unit`, `:datetime`,
    /// `:date` and `:time` (spec/functions/). Off by default, as a draft may still change; a bundle that
    /// `widget-i18n convert mf2` wrote from ICU messages with dates, currencies or units needs them.
    package var draftFunctions: Bool
    /// An app's own functions by name (`acme:km`), beside the default ones; a default function's name is not
    /// replaced.
    package var functions: [String: MF2CustomFunction]

    /// A formatter for dates in `timeZone` (the process's when `nil`) with the given bidi strategy and functions.
    /// - Parameters:
    ///   - timeZone: the zone for dates and times; the process's time zone when `nil`, the default.
    ///   - bidiIsolation: `.default` (the spec's default strategy) or `.none`.
    ///   - draftFunctions: whether the draft default functions exist; `false` by default.
    ///   - functions: an app's own functions by name; none by default.
    public init(
        timeZone: ZoneInfo? = nil, bidiIsolation: BidiIsolation = .default, draftFunctions: Bool = false,
        functions: [String: MF2CustomFunction] = [:]
    ) {
        self.timeZone = timeZone
        self.bidiIsolation = bidiIsolation
        self.draftFunctions = draftFunctions
        self.functions = functions
    }

    public func format(_ message: String, locale: LocaleTag, arguments: MessageArguments) -> FormattedMessage {
        let result = formatted(message, locale: locale, arguments: arguments)
        return FormattedMessage(
            text: result.text,
            problems: result.errors.map {
                FormatProblem(.messageFormat2(message: $0.description, type: $0.code.description))
            })
    }

    /// Formats `message` to a string, with the errors met on the way.
    /// - Parameters:
    ///   - message: the message in MessageFormat 2 syntax.
    ///   - locale: the locale of plural rules, numbers and dates.
    ///   - arguments: the values of the message's input variables, by name.
    package func formatted(_ message: String, locale: LocaleTag, arguments: MessageArguments) -> MF2FormattedMessage {
        // Text with no placeholder, escape or declaration is its own output: no parse, no cache lookup.
        if let first = message.utf8.first, first > 0x20, first < 0x80, first != UInt8(ascii: "."),
            !message.utf8.contains(where: {
                $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "\\") || $0 == 0
            })
        {
            return MF2FormattedMessage(text: message, errors: [])
        }
        let (parts, errors) = parts(message, locale: locale, arguments: arguments, numberPieces: false)
        return MF2FormattedMessage(text: Self.assemble(parts).text, errors: errors)
    }

    /// Formats `message` as `format` does, with its markup (`{#b}`, `{/b}`, `{#a href=|…|}`) as marks beside the text.
    /// - Parameters:
    ///   - message: the message in MessageFormat 2 syntax.
    ///   - locale: the locale of plural rules, numbers and dates.
    ///   - arguments: the values of the message's input variables, by name.
    package func formatMarked(_ message: String, locale: LocaleTag, arguments: MessageArguments) -> MarkedText {
        let (parts, errors) = parts(message, locale: locale, arguments: arguments, numberPieces: false)
        let (text, marks) = Self.assemble(parts)
        return MarkedText(
            text: text, marks: marks,
            problems: errors.map { FormatProblem(.messageFormat2(message: $0.description, type: $0.code.description)) })
    }

    /// The text of `parts`, as a string shows them (markup is nothing, a fallback its source in braces), and the
    /// markup where it stands in that text.
    private static func assemble(_ parts: [MF2Part]) -> (text: String, marks: [MarkedText.Mark]) {
        var text = ""
        var marks: [MarkedText.Mark] = []
        var count = 0
        for part in parts {
            switch part {
            case .text(let value): count += value.utf8.count
            case .bidiIsolation: count += 3
            case .markup: break
            case .fallback(let source): count += source.utf8.count + 2
            case .value(let value): count += value.value.utf8.count
            }
        }
        text.reserveCapacity(count)
        for part in parts {
            switch part {
            case .text(let value): text += value
            // Each isolation character is three bytes of UTF-8, appended as a string: a scalar is appended by way
            // of its UTF-8 buffer, at several times the cost.
            case .bidiIsolation(let scalar): text += String(scalar)
            case .markup(let markup):
                let kind = MarkedText.Mark.Kind(rawValue: markup.kind.rawValue) ?? .standalone
                marks.append(.init(offset: text.utf8.count, kind: kind, name: markup.name, attributes: markup.options))
            case .fallback(let source): text += "{" + source + "}"
            case .value(let value): text += value.value
            }
        }
        return (text, marks)
    }

    /// Formats `message` to parts: text, bidi isolation, markup, fallbacks and formatted values.
    /// - Parameters:
    ///   - message: the message in MessageFormat 2 syntax.
    ///   - locale: the locale of plural rules, numbers and dates.
    ///   - arguments: the values of the message's input variables, by name.
    package func formatToParts(_ message: String, locale: LocaleTag, arguments: MessageArguments) -> (
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
    package static func validate(_ message: String) throws(MF2Error) {
        _ = try MF2Parser.parse(message)
    }
}

/// A formatted MessageFormat 2 message: its text and every error met while formatting it (its parts are
/// `MF2Formatter.formatToParts`'s).
package struct MF2FormattedMessage: Hashable, Sendable, CustomStringConvertible {
    /// The text to show; fallbacks in braces where values could not be formatted.
    package var text: String
    /// The errors in the order they were met; empty when the message formatted cleanly.
    package var errors: [MF2Error]

    package var description: String { text }
}
