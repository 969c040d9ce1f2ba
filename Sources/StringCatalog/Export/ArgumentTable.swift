/// The arguments of one key: their positions in the format strings and the specifier each gets. The app passes
/// the same arguments, in the same order, whatever the language, so every localization of a key uses the
/// source message's arguments at the same positions.
///
/// The positions are the catalog's when a merge finds the key's specifiers there (the order the app's code
/// passes them in); otherwise an argument named `argN`, as an import names the one at position N, has position
/// N, and the others fill the free positions in the order the source message first uses them.
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

        /// The kind of a catalog's specifier: `nil` is a plural's number.
        init(_ conversion: FormatConversion?) {
            switch conversion {
            case .object: self = .object
            case .double: self = .double
            case .integer, nil: self = .integer
            }
        }

        var description: String {
            switch self {
            case .object: "a string (%@)"
            case .integer: "a whole number (%lld)"
            case .double: "a floating-point number (%lf)"
            }
        }
    }

    /// An argument whose kind is not the catalog's at its position, described for the user.
    struct Disagreement: Error {
        let reason: String
    }

    /// The argument names by position, from 1.
    private(set) var names: [String] = []
    private var kinds: [String: Kind] = [:]

    /// The table of the source message's `source` usage, its kinds also from `translations`; `existing` are the
    /// uses of the catalog's localization being merged into (positions and conversions, in order), if any.
    /// - Throws: `Disagreement` when the catalog's positions are taken and one has another kind than the
    ///   message gives its argument.
    init(
        source: MessageCheck.Usage, translations: [MessageCheck.Usage],
        existing: [(position: Int, conversion: FormatConversion?)] = []
    ) throws(Disagreement) {
        for usage in [source] + translations {
            for name in usage.names where source.names.contains(name) {
                let kind: Kind =
                    usage.integers.contains(name) ? .integer : usage.decimals.contains(name) ? .double : .object
                switch (kinds[name], kind) {
                case (nil, _), (.object, _), (.double, .integer): kinds[name] = kind
                default: break
                }
            }
        }
        let count = source.names.count
        var existingOrder: [Int] = []
        var existingKinds: [Int: Kind] = [:]
        for use in existing where existingKinds[use.position] == nil {
            existingOrder.append(use.position)
            existingKinds[use.position] = Kind(use.conversion)
        }
        var positions: [String: Int] = [:]
        if count > 0, existingOrder.count == count, Set(existingOrder) == Set(1...count) {
            for (name, position) in zip(source.names, existingOrder) {
                positions[name] = position
                let kind = kinds[name] ?? .object
                if kind != existingKinds[position] {
                    throw Disagreement(
                        reason: "{\(name)} is \(kind.description) here but \(existingKinds[position]!.description) "
                            + "at position \(position) in the catalog")
                }
            }
        } else {
            var taken: Set<Int> = []
            for name in source.names {
                if let number = Self.argNumber(name), number <= count, taken.insert(number).inserted {
                    positions[name] = number
                }
            }
            var next = 1
            for name in source.names where positions[name] == nil {
                while taken.contains(next) { next += 1 }
                positions[name] = next
                taken.insert(next)
            }
        }
        names = source.names.sorted { positions[$0]! < positions[$1]! }
    }

    /// N of an argument named `argN` (N from 1, no leading zero), as an import names the one at position N.
    private static func argNumber(_ name: String) -> Int? {
        guard name.hasPrefix("arg"), let first = name.dropFirst(3).first, first != "0",
            let number = Int(name.dropFirst(3)), String(number) == name.dropFirst(3)
        else { return nil }
        return number
    }

    var isEmpty: Bool { names.isEmpty }
    var count: Int { names.count }

    /// Whether `name` is one of the key's arguments.
    func contains(_ name: String) -> Bool { names.contains(name) }

    /// The 1-based position of `name`.
    func position(of name: String) -> Int { names.firstIndex(of: name)! + 1 }

    /// The specifier kind of `name`.
    func kind(of name: String) -> Kind { kinds[name] ?? .object }
}
