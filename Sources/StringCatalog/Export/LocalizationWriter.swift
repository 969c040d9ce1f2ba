import I18nCore
import LocaleData

/// Writes one localization of a key (`strings[key].localizations[code]`) from its ICU message, in one of the
/// three shapes a catalog has:
///
/// - a message without plurals: a `stringUnit` whose value is the format string (`Hello %@`);
/// - a message that is one plural whose cases show its number, which is the key's only argument:
///   `variations.plural`, a variant per category (`%lld days`);
/// - any other message with plurals: a `stringUnit` with a `%#@name@` for each plural (named after its
///   argument) and a `substitutions` entry for each, with its `argNum`, `formatSpecifier` `lld` and its
///   variants, in which `%arg` is its number.
///
/// Arguments are `%@`, `%lld` or `%lf` (``ArgumentTable``); positional (`%2$@`, `%1$#@count@`) when the key has
/// more than one argument, so that translations may order them as they need, or when a string uses one twice.
/// A `%` of the text is written `%%` in a key with arguments, whose values are format strings; in a key without,
/// a value is text and stays as it is.
struct LocalizationWriter {
    let table: ArgumentTable
    let positional: Bool
    let locale: LocaleTag

    /// What one localization came to.
    struct Written {
        let value: CatalogValue
        /// Whether one of its strings uses an argument twice, which needs positional specifiers.
        let repeatsAnArgument: Bool
        /// ICU cases left out because the locale never picks them.
        let unusedCases: [String]
    }

    /// The localization of `elements`, which `MessageCheck` accepted.
    /// - Throws: `MessageCheck.Inexpressible` for an exact plural case with no variant, or two plurals on one
    ///   argument.
    func localization(_ elements: [MessageElement]) throws(MessageCheck.Inexpressible) -> Written {
        var context = Context()
        let value: CatalogValue
        if elements.count == 1, case .plural(let plural) = elements[0], isWholeMessagePlural(plural) {
            value = .object([
                CatalogMember(
                    "variations", .object([CatalogMember("plural", try variants(plural, own: nil, &context))]))
            ])
        } else if !elements.contains(where: { if case .plural = $0 { return true } else { return false } }) {
            value = .object([unit(render(elements, own: nil, &context))])
        } else {
            var substitutions: [CatalogMember] = []
            let outer = render(elements, own: nil, &context)
            for case .plural(let plural) in elements {
                guard !substitutions.contains(where: { $0.name == plural.name }) else {
                    throw MessageCheck.Inexpressible(
                        reason: "two plurals on {\(plural.name)} have no String Catalog form: a substitution is named "
                            + "after its argument")
                }
                substitutions.append(
                    CatalogMember(
                        plural.name,
                        .object([
                            CatalogMember("argNum", .integer(table.position(of: plural.name))),
                            CatalogMember("formatSpecifier", .string(FormatConversion.integer.specifier)),
                            CatalogMember(
                                "variations",
                                .object([CatalogMember("plural", try variants(plural, own: plural.name, &context))])),
                        ])))
            }
            value = .object([unit(outer), CatalogMember("substitutions", .object(substitutions))])
        }
        return Written(value: value, repeatsAnArgument: context.repeats, unusedCases: context.unused)
    }

    /// What rendering the strings of one localization found.
    private struct Context {
        var repeats = false
        var unused: [String] = []
    }

    /// Whether `plural` can be the localization's `variations.plural`: its number is the key's only argument (a
    /// variant with a second specifier leaves Apple to guess which one the variation counts) and its cases show
    /// it (Apple infers what a plural variation counts from its number specifier).
    private func isWholeMessagePlural(_ plural: PluralElement) -> Bool {
        guard table.names == [plural.name] else { return false }
        var showsNumber = false
        var otherNumber = false
        func visit(_ elements: [MessageElement]) {
            for element in elements {
                switch element {
                case .pound: showsNumber = true
                case .argument(let name, _), .number(let name, _, _):
                    if name == plural.name {
                        showsNumber = true
                    } else if table.kind(of: name) != .object {
                        otherNumber = true
                    }
                default: break
                }
            }
        }
        for pluralCase in plural.cases { visit(pluralCase.message) }
        return showsNumber && !otherNumber
    }

    private func unit(_ value: String) -> CatalogMember {
        CatalogMember(
            "stringUnit",
            .object([CatalogMember("state", .string("translated")), CatalogMember("value", .string(value))]))
    }

    /// The `plural` object of `plural`'s variants; `own` is the substitution's argument, written `%arg`.
    private func variants(_ plural: PluralElement, own: String?, _ context: inout Context) throws(MessageCheck
        .Inexpressible)
        -> CatalogValue
    {
        let chosen: PluralVariants
        do { chosen = try PluralVariants(plural, locale: locale) } catch {
            throw MessageCheck.Inexpressible(reason: error.reason)
        }
        context.unused += chosen.unused.map { "the plural case \($0) of {\(plural.name)} is left out" }
        return .object(
            chosen.variants.map { variant in
                CatalogMember(
                    variant.category.rawValue,
                    .object([unit(render(variant.message, own: own, pluralNumber: plural.name, &context))]))
            })
    }

    /// One format string. `own` is the substitution whose variant this is (its number is `%arg`);
    /// `pluralNumber` the argument a `#` stands for.
    private func render(
        _ elements: [MessageElement], own: String?, pluralNumber: String? = nil, _ context: inout Context
    ) -> String {
        var text = ""
        var used: Set<String> = []
        func specifier(_ name: String, fractionDigits: Int? = nil) -> String {
            if name == own { return "%arg" }
            if !used.insert(name).inserted { context.repeats = true }
            let position = positional ? "\(table.position(of: name))$" : ""
            if let fractionDigits, table.kind(of: name) == .double {
                return "%" + position + FormatConversion.double(precision: fractionDigits).specifier
            }
            return "%" + position + table.kind(of: name).conversion.specifier
        }
        for element in elements {
            switch element {
            case .literal(let literal):
                text += table.isEmpty ? literal : String(literal.flatMap { $0 == "%" ? "%%" : String($0) })
            case .number(let name, .skeleton(let skeleton), _):
                text += specifier(name, fractionDigits: MessageCheck.fractionDigits(ofSkeleton: skeleton))
            case .argument(let name, _), .number(let name, _, _):
                text += specifier(name)
            case .pound:
                text += specifier(pluralNumber!)
            case .plural(let plural):
                if !used.insert(plural.name).inserted { context.repeats = true }
                text += "%" + (positional ? "\(table.position(of: plural.name))$" : "") + "#@\(plural.name)@"
            case .dateTime, .select, .tag:
                preconditionFailure("MessageCheck refuses \(element)")
            }
        }
        return text
    }
}
