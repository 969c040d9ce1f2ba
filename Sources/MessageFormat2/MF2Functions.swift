import I18nCore
import LocaleData

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The default functions of spec/functions/ (unicode-org/message-format-wg, LDML 48) over LocaleData's number, plural
// and date formatters, and the calls of an app's own (`MF2CustomFunction`).

extension MF2Function {
    enum Handler {
        case string, number, integer, offset, percent, currency, unit, datetime, date, time
        case custom(MF2CustomFunction)

        /// The function `name` of `formatter`: a default one, a draft one where the formatter has them, or one of
        /// its own; `nil` for none.
        init?(name: String, in formatter: MF2Formatter) {
            switch name {
            case "string": self = .string
            case "number": self = .number
            case "integer": self = .integer
            case "offset": self = .offset
            case "percent" where formatter.draftFunctions: self = .percent
            case "currency" where formatter.draftFunctions: self = .currency
            case "unit" where formatter.draftFunctions: self = .unit
            case "datetime" where formatter.draftFunctions: self = .datetime
            case "date" where formatter.draftFunctions: self = .date
            case "time" where formatter.draftFunctions: self = .time
            default:
                guard let function = formatter.functions[name] else { return nil }
                self = .custom(function)
            }
        }
    }
}

/// The value of `:string`: text, or a fallback that selects nothing (`:string` of an unresolved variable).
struct MF2StringValue {
    var text: String
    var fallbackSource: String?
    var annotations: MF2Annotations
}

/// The value of `:number`, `:integer`, `:offset`, `:percent`, `:currency` and `:unit`.
struct MF2NumberValue {
    enum Kind: Equatable { case number, integer, percent, currency, unit }
    /// The operand's value (the integer for `:integer`, the offset one for `:offset`); not ×100 for `:percent`.
    var value: MessageNumber
    var kind: Kind
    /// The options that passed their checks, as text; an operand's pass on to the function that takes it.
    var options: [String: String]
    var currency: String?
    var unit: String?
    /// Whether `.match` can use it: not a currency, nor a `select` from a variable or an operand.
    var isSelectable: Bool
    var annotations: MF2Annotations
}

/// The value of `:datetime`, `:date` and `:time`.
struct MF2DateValue {
    enum Kind: Equatable { case datetime, date, time }
    var date: Date
    /// The literal's UTC offset in seconds (`Z`, `+02:00`); `nil` for a floating time or a `Date` argument.
    var offset: Int?
    var kind: Kind
    var options: [String: String]
    var annotations: MF2Annotations
}

/// A selector's value that supports selection.
enum MF2Selector {
    case string(String)
    /// `exact` is the number's serialization, `category` its plural or ordinal category (`nil` for
    /// `select=exact`).
    case number(exact: String, category: PluralCategory?)
    /// A custom value's keys, most preferred first.
    case ranked([String])
}

extension MF2Resolver {
    // MARK: Calling functions

    mutating func call(
        _ handler: MF2Function.Handler, named name: String, operand: MF2Value?, options: [String: MF2OptionValue],
        annotations: MF2Annotations, source: @autoclosure () -> String
    ) -> MF2Value? {
        if case .string = handler {
            return stringValue(operand, annotations: annotations)
        }
        // A function of the app's own may take no operand (`{:acme:now}`).
        if case .custom(let function) = handler, case .none = operand {
            return customValue(function, operand: nil, options: options)
        }
        guard let operand else {
            error(.badOperand, "':\(name)' needs an operand, such as '{$count :\(name)}'")
            return nil
        }
        if case .fallback = operand {
            error(.badOperand, "':\(name)' has no operand: '\(source())' has no value")
            return nil
        }
        switch handler {
        case .string: return nil
        case .number, .integer, .percent, .currency, .unit:
            return numberValue(handler, operand: operand, options: options, annotations: annotations)
        case .offset: return offsetValue(operand: operand, options: options)
        case .datetime, .date, .time:
            return dateValue(handler, operand: operand, options: options, annotations: annotations)
        case .custom(let function): return customValue(function, operand: operand, options: options)
        }
    }

    mutating func stringValue(_ operand: MF2Value?, annotations: MF2Annotations) -> MF2Value? {
        let text: String
        switch operand {
        case nil:
            error(.badOperand, "':string' needs an operand")
            return nil
        // The suite's `:string` of an unresolved variable is a value that matches no key, without more errors.
        case .fallback(let source)?:
            return .string(MF2StringValue(text: "", fallbackSource: source, annotations: annotations))
        case .input(let argument)?: text = argument.description
        case .literal(let value)?: text = value
        case .string(let string)?:
            return .string(
                MF2StringValue(text: string.text, fallbackSource: string.fallbackSource, annotations: annotations))
        case .number(let number)?: text = number.value.text
        case .custom(let custom)?:
            guard let argument = custom.argument, case .date = argument else {
                text = custom.argument?.description ?? ""
                break
            }
            error(.badOperand, "':string' takes text, not a date")
            return nil
        case .date?:
            error(.badOperand, "':string' takes text, not a date")
            return nil
        }
        return .string(MF2StringValue(text: text, fallbackSource: nil, annotations: annotations))
    }

    // MARK: Custom functions

    /// What `function` makes of `operand` and `options`, or `nil` after the error it threw.
    mutating func customValue(_ function: MF2CustomFunction, operand: MF2Value?, options: [String: MF2OptionValue])
        -> MF2Value?
    {
        do throws(MF2Error) {
            return .custom(
                try function.resolve(
                    operand.map(Self.customValue(of:)), options.mapValues { Self.customValue(of: $0.value) }, locale))
        } catch {
            errors.append(error)
            return nil
        }
    }

    /// A resolved value as a custom function takes it: text, a number or a date, formatting as it is written.
    static func customValue(of value: MF2Value) -> MF2CustomValue {
        let argument: MessageArgument?
        switch value {
        case .custom(let custom): return custom
        case .input(let input): argument = input
        case .literal(let text): argument = .string(text)
        case .string(let string): argument = string.fallbackSource == nil ? .string(string.text) : nil
        case .number(let number): argument = .number(number.value)
        case .date(let date): argument = .date(date.date)
        case .fallback: argument = nil
        }
        guard let text = argument?.description else { return MF2CustomValue(argument: nil, format: nil) }
        return MF2CustomValue(argument: argument, format: { @Sendable () throws(MF2Error) -> String in text })
    }
}
