import I18nCore
import LocaleData

/// What of an ICU message a String Catalog can hold, and how the message uses its arguments.
///
/// A catalog string is an Apple format string: text, `%@` and number specifiers, plural variations and plural
/// substitutions. So a message can have plain arguments (`{name}`), numbers in the decimal or integer style,
/// and cardinal plurals without an offset, one of them the whole message or any number of them side by side.
/// Everything else is refused, naming the construct:
///
/// - `select` (`{gender, select, …}`): catalogs vary by plural and by device only, and separate keys would be
///   keys the app's code never asks for, which an import could not tell from real ones; the message says to
///   split the key in better-i18n instead;
/// - `selectordinal`: catalog plurals are cardinal;
/// - a plural inside a plural's case (nested plurals), an `offset:`;
/// - dates and times (`{d, date, short}`, skeletons such as `{d, date, ::yMMMd}`): format specifiers have no
///   date; numbers in a style other than decimal and integer (percent, currency, patterns, skeletons other than
///   a fixed number of fraction digits, `::.00` and `::precision-integer`, which are `%.2lf` and `%.0lf`);
/// - rich-text tags (`<b>…</b>`).
enum MessageCheck {
    /// How a message uses its arguments.
    struct Usage {
        /// The arguments in order of first use.
        var names: [String] = []
        /// Arguments used where a whole number is meant: a plural's, or `{n, number, integer}`.
        var integers: Set<String> = []
        /// Arguments used as `{n, number}`.
        var decimals: Set<String> = []

        mutating func use(_ name: String) {
            if !names.contains(name) { names.append(name) }
        }
    }

    /// A construct with no String Catalog form, described for the user.
    struct Inexpressible: Error {
        let reason: String
    }

    /// How `elements` use their arguments.
    /// - Throws: `Inexpressible` naming the first construct a catalog cannot hold.
    static func usage(of elements: [MessageElement]) throws(Inexpressible) -> Usage {
        var usage = Usage()
        try visit(elements, inPlural: nil, usage: &usage)
        return usage
    }

    private static func visit(_ elements: [MessageElement], inPlural: String?, usage: inout Usage) throws(Inexpressible)
    {
        for element in elements {
            switch element {
            case .literal, .pound: break
            case .argument(let name, _): usage.use(name)
            case .number(let name, let style, _):
                usage.use(name)
                switch style {
                case .decimal: usage.decimals.insert(name)
                case .integer: usage.integers.insert(name)
                case .percent: throw refusal("{\(name), number, percent}", "a percentage has no format specifier")
                case .currency:
                    throw refusal("{\(name), number, currency}", "a currency amount has no format specifier")
                case .skeleton(let skeleton):
                    guard fractionDigits(ofSkeleton: skeleton) != nil else {
                        throw refusal(
                            "{\(name), number, ::\(skeleton)} (a number skeleton)",
                            "only plain numbers and a fixed number of fraction digits have specifiers")
                    }
                    usage.decimals.insert(name)
                case .pattern(let pattern):
                    throw refusal(
                        "{\(name), number, \(pattern)} (a number pattern)", "only plain numbers have specifiers")
                }
            case .dateTime(let name, let isTime, let style, _):
                let kind = isTime ? "time" : "date"
                switch style {
                case .skeleton(let skeleton):
                    throw refusal(
                        "{\(name), \(kind), ::\(skeleton)} (a date skeleton)", "format specifiers have no dates")
                case .pattern(let pattern):
                    throw refusal("{\(name), \(kind), \(pattern)} (a date pattern)", "format specifiers have no dates")
                default:
                    throw refusal("{\(name), \(kind), …}", "format specifiers have no dates or times")
                }
            case .plural(let plural):
                if plural.isOrdinal {
                    throw refusal("{\(plural.name), selectordinal, …}", "iOS plural variations are cardinal only")
                }
                if let outer = inPlural {
                    throw refusal(
                        "{\(plural.name), plural, …} inside {\(outer), plural, …} (nested plurals)",
                        "a substitution's variants cannot hold another plural")
                }
                if plural.offset != 0 {
                    throw refusal(
                        "{\(plural.name), plural, offset:\(plural.offset) …}", "catalog plurals have no offset")
                }
                usage.use(plural.name)
                usage.integers.insert(plural.name)
                for pluralCase in plural.cases { try visit(pluralCase.message, inPlural: plural.name, usage: &usage) }
            case .select(let select):
                let cases = select.cases.map { "'\($0.key)'" }.joined(separator: ", ")
                throw Inexpressible(
                    reason:
                        "{\(select.name), select, …} is refused: String Catalogs vary only by plural and by device; "
                        + "give each case (\(cases)) a key of its own in better-i18n and choose the key in the app")
            case .tag(let name, _, _, _):
                throw refusal("<\(name)>…</\(name)> (a rich-text tag)", "catalog strings have no tags")
            }
        }
    }

    /// The fraction digits a number skeleton fixes and says nothing else: 2 for `.00`, 0 for `precision-integer`,
    /// as `%.2lf` and `%.0lf` print them; `nil` for any other skeleton.
    static func fractionDigits(ofSkeleton skeleton: String) -> Int? {
        if skeleton == "precision-integer" { return 0 }
        guard skeleton.count > 1, skeleton.first == ".", skeleton.dropFirst().allSatisfy({ $0 == "0" }) else {
            return nil
        }
        return skeleton.count - 1
    }

    private static func refusal(_ construct: String, _ why: String) -> Inexpressible {
        Inexpressible(reason: "\(construct) has no String Catalog form: \(why)")
    }
}
