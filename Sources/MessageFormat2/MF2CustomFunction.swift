import I18nCore
import LocaleData

/// A function of an app's own, called from a message as `{$distance :acme:km}` beside the default functions:
/// `MF2Formatter(functions: ["acme:km": kilometres])`.
///
/// It is called as spec/formatting.md calls any function ("Function Resolution"): with its operand's value, its
/// options' values and the message's locale, after the operand resolved (a placeholder whose operand has no value
/// shows its fallback with `bad-operand`, and the function is not called). What it returns formats the
/// placeholder, selects in `.match`, or is the operand of another function; what it throws is reported under its
/// code and the placeholder shows its fallback, `{$distance}`.
///
///     let kilometres = MF2CustomFunction { operand, _, _ throws(MF2Error) in
///         guard case .number(let km)? = operand?.argument else { throw MF2Error(.badOperand, "not a number") }
///         return MF2CustomValue(argument: .number(km), format: { "\(km.text) km" })
///     }
public struct MF2CustomFunction: Sendable {
    let resolve:
        @Sendable (_ operand: MF2CustomValue?, _ options: [String: MF2CustomValue], _ locale: LocaleTag)
            throws(MF2Error) -> MF2CustomValue

    /// A function that makes its value from its operand (`nil` for `{:acme:now}`), its options by name and the
    /// message's locale, or throws what is wrong with them (`.badOperand`, `.badOption`).
    /// - Parameter resolve: makes the function's value.
    public init(
        _ resolve:
            @escaping @Sendable (
                _ operand: MF2CustomValue?, _ options: [String: MF2CustomValue], _ locale: LocaleTag
            ) throws(MF2Error) -> MF2CustomValue
    ) {
        self.resolve = resolve
    }
}

/// A value a custom function takes or makes: a literal, an argument, a default function's value, or what a custom
/// function returned, with how it formats and selects.
public struct MF2CustomValue: Sendable {
    /// The value as a message argument: text, a number or a date; `nil` when its function gave none.
    public var argument: MessageArgument?
    /// What the function that made the value keeps for a function that takes it as its operand (options it
    /// inherits, as `:number`'s do).
    public var payload: (any Sendable)?
    let format: (@Sendable () throws(MF2Error) -> String)?
    let select: (@Sendable (_ keys: [String]) throws(MF2Error) -> [String])?

    /// A value that formats with `format` and selects with `select`.
    /// - Parameters:
    ///   - argument: the value as text, a number or a date, for a function that takes it; `nil` for none.
    ///   - payload: what a function taking this value as its operand may read; `nil` by default.
    ///   - format: the placeholder's text, or what keeps it from formatting; `nil` for a value that cannot be
    ///     formatted (`not-formattable`).
    ///   - select: the keys of a `.match` column the value matches, most preferred first, or what keeps it from
    ///     selecting; `nil`, the default, for a value that cannot select (`bad-selector`).
    public init(
        argument: MessageArgument?, payload: (any Sendable)? = nil,
        format: (@Sendable () throws(MF2Error) -> String)?,
        select: (@Sendable (_ keys: [String]) throws(MF2Error) -> [String])? = nil
    ) {
        self.argument = argument
        self.payload = payload
        self.format = format
        self.select = select
    }
}
