/// One piece of an Apple format string (`String(format:)`, a catalog's `stringUnit` value), as the catalog
/// conversion reads and writes them.
enum FormatToken: Equatable, Sendable {
    /// Text shown as it is (`%%` already read as `%`).
    case text(String)
    /// `%@`, `%lld`, `%2$lf`: an argument, at an explicit 1-based position or at the next one.
    case argument(position: Int?, FormatConversion)
    /// `%#@name@`, `%2$#@name@`: the text of the substitution `name`.
    case substitution(position: Int?, name: String)
    /// `%arg`, inside a substitution's variations: the substitution's own number.
    case substitutedNumber
}

/// What an argument's specifier says it is, among those with an ICU MessageFormat equivalent.
enum FormatConversion: Hashable, Sendable {
    /// `%@`: an object, a string for these messages; `{name}`.
    case object
    /// `%lld`, `%ld`, `%d`, `%i`, `%u`, …: a whole number; `{name, number, integer}`.
    case integer
    /// `%lf`, `%f`: a floating-point number; `{name, number}`. With a precision (`%.2f`), the fraction digits.
    case double(precision: Int?)

    /// The conversion as written after the `%` and the position.
    var specifier: String {
        switch self {
        case .object: "@"
        case .integer: "lld"
        case .double(let precision?): ".\(precision)lf"
        case .double(nil): "lf"
        }
    }
}
