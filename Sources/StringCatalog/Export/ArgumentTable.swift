/// The arguments of one key across its localizations: their positions in the format strings (the order of first
/// use in the source message, then in the translations) and the specifier each gets. The app passes the same
/// arguments whatever the language, so every localization of a key uses the same ones.
///
/// An argument is a whole number (`%lld`) when some message selects a plural on it or formats it as
/// `{n, number, integer}`, a floating-point number (`%lf`) when one formats it as `{n, number}`, and an object
/// (`%@`, a string) otherwise: `{count}` beside `{count, plural, …}` is `%lld` too.
struct ArgumentTable {
    /// The specifier kind of an argument.
    enum Kind {
        case object, integer, double

        var conversion: FormatConversion {
            switch self {
            case .object: .object
            case .integer: .integer
            case .double: .double(precision: nil)
            }
        }
    }

    /// The argument names by position, from 1.
    private(set) var names: [String] = []
    private var kinds: [String: Kind] = [:]

    /// The table of `usages`, the source message's first.
    init(_ usages: [MessageCheck.Usage]) {
        for usage in usages {
            for name in usage.names where !names.contains(name) { names.append(name) }
            for name in usage.names {
                let kind: Kind =
                    usage.integers.contains(name) ? .integer : usage.decimals.contains(name) ? .double : .object
                switch (kinds[name], kind) {
                case (nil, _), (.object, _), (.double, .integer): kinds[name] = kind
                default: break
                }
            }
        }
    }

    var isEmpty: Bool { names.isEmpty }
    var count: Int { names.count }

    /// The 1-based position of `name`.
    func position(of name: String) -> Int { names.firstIndex(of: name)! + 1 }

    /// The specifier kind of `name`.
    func kind(of name: String) -> Kind { kinds[name] ?? .object }
}
