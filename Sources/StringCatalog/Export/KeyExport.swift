import I18nCore
import LocaleData

/// One key exported: its localizations, by Xcode code, from its messages in each locale.
struct KeyExport {
    /// A locale's message of the key.
    struct Source {
        let code: String
        let tag: LocaleTag
        let message: String
        /// The syntax the message's bundle declares; a String Catalog is made from ICU MessageFormat only.
        var syntax = MessageSyntax.icu
    }

    let key: String
    /// The localizations written, by code.
    private(set) var localizations: [(code: String, value: CatalogValue)] = []
    private(set) var problems: [CatalogProblem] = []
    /// Whether the key's arguments make its values format strings.
    private(set) var isFormat = false
    /// The source message's argument names by position (from 1), which the entry's comment keeps
    /// (``ArgumentComment``); empty when the key has no arguments or they are named `arg1`, `arg2`, … in order,
    /// as an import names them anyway.
    private(set) var argumentNames: [String] = []
    /// The source message's arguments by position (from 1), with their specifiers: what the app's code (and an
    /// alert's `loc-args`) passes, in that order.
    private(set) var arguments: [CatalogArgument] = []

    /// Whether the key is exported: its source message could be written.
    var isExported: Bool { !localizations.isEmpty }

    /// The export with its text written as format strings (`%` as `%%`): what a key without arguments needs when
    /// the entry it is merged into stays a format string by what it keeps (a plural variation, a substitution, a
    /// specifier in another localization), which is how the import will read every one of its values.
    func writtenAsFormat() -> KeyExport {
        var copy = self
        copy.isFormat = true
        copy.localizations = localizations.map { ($0.code, Self.escapingPercent($0.value)) }
        return copy
    }

    private static func escapingPercent(_ value: CatalogValue) -> CatalogValue {
        guard case .object(let members) = value else { return value }
        return .object(
            members.map { member in
                if member.name == "value", case .string(let text) = member.value {
                    return CatalogMember(
                        member.name, .string(text.replacingOccurrences(of: "%", with: "%%")),
                        spelling: member.spelling)
                }
                return CatalogMember(member.name, escapingPercent(member.value), spelling: member.spelling)
            })
    }

    /// Exports `key` from `messages`, the source locale's first. A translation that cannot be written, or that
    /// uses an argument the source message lacks, is left out with an error; when the source message cannot be
    /// written, or its arguments disagree in kind with the `existing` specifiers of the catalog merged into (the
    /// positions and conversions its localization uses, in order), the whole key is.
    init(key: String, messages: [Source], existing: [(position: Int, conversion: FormatConversion?)] = []) {
        self.key = key
        let sourceCode = messages.first?.code
        var checked: [(source: Source, elements: [MessageElement], usage: MessageCheck.Usage)] = []
        for source in messages {
            guard source.syntax == .icu else {
                fail(
                    source, isSource: source.code == sourceCode,
                    "is MessageFormat 2 (its bundle declares \"\(MessageSyntax.declarationKey)\": \"2\"), which has no "
                        + "String Catalog form yet; export it from an ICU MessageFormat bundle")
                if checked.isEmpty { return }
                continue
            }
            do {
                let elements = try MessageParser.parse(source.message)
                checked.append((source, elements, try MessageCheck.usage(of: elements)))
            } catch let error as MessageParseError {
                fail(source, isSource: source.code == sourceCode, "does not parse as ICU MessageFormat: \(error)")
            } catch let error as MessageCheck.Inexpressible {
                fail(source, isSource: source.code == sourceCode, error.reason)
            } catch {
                fail(source, isSource: source.code == sourceCode, "\(error)")
            }
            if checked.isEmpty { return }
        }
        let sourceNames = checked[0].usage.names
        var accepted = [checked[0]]
        for entry in checked.dropFirst() {
            if let extra = entry.usage.names.first(where: { !sourceNames.contains($0) }) {
                fail(entry.source, isSource: false, "uses {\(extra)}, which the source message does not have")
            } else {
                accepted.append(entry)
            }
        }
        checked = accepted
        let table: ArgumentTable
        do {
            table = try ArgumentTable(
                source: checked[0].usage, translations: checked.dropFirst().map(\.usage), existing: existing)
        } catch {
            fail(checked[0].source, isSource: true, error.reason)
            return
        }
        isFormat = !table.isEmpty
        arguments = table.names.map { name in
            let kind = table.kind(of: name)
            return CatalogArgument(
                name: name, specifier: kind == .object ? .string : kind == .integer ? .integer : .floatingPoint)
        }
        var positional = table.count > 1
        var written = write(checked, table: table, positional: positional)
        if !positional, written.contains(where: { $0.written?.repeatsAnArgument == true }) {
            positional = true
            written = write(checked, table: table, positional: positional)
        }
        for (offset, outcome) in written.enumerated() {
            let source = checked[offset].source
            switch outcome {
            case .written(let localization):
                localizations.append((source.code, localization.value))
                for unused in localization.unusedCases {
                    problems.append(CatalogProblem(.warning, key: key, locale: source.code, unused))
                }
            case .inexpressible(let reason):
                fail(source, isSource: source.code == sourceCode, reason)
                if source.code == sourceCode { return }
            }
        }
        // The catalog itself carries a name that is a substitution's (`%#@days@`) or `argN` at position N (as an
        // import names an unnamed one); any other needs the comment.
        var carried = Set<String>()
        for localization in localizations { Self.substitutionNames(in: localization.value, into: &carried) }
        let needsComment = table.names.enumerated().contains { offset, name in
            name != "arg\(offset + 1)" && !carried.contains(name)
        }
        if needsComment { argumentNames = table.names }
    }

    /// The names of the `substitutions` members anywhere in `value`.
    private static func substitutionNames(in value: CatalogValue, into names: inout Set<String>) {
        guard case .object(let members) = value else { return }
        for member in members {
            if member.name == "substitutions", case .object(let substitutions) = member.value {
                names.formUnion(substitutions.map(\.name))
            }
            substitutionNames(in: member.value, into: &names)
        }
    }

    private enum Outcome {
        case written(LocalizationWriter.Written)
        case inexpressible(String)

        var written: LocalizationWriter.Written? {
            if case .written(let written) = self { return written }
            return nil
        }
    }

    private func write(
        _ checked: [(source: Source, elements: [MessageElement], usage: MessageCheck.Usage)], table: ArgumentTable,
        positional: Bool
    ) -> [Outcome] {
        checked.map { entry in
            let writer = LocalizationWriter(table: table, positional: positional, locale: entry.source.tag)
            do throws(MessageCheck.Inexpressible) { return .written(try writer.localization(entry.elements)) } catch {
                return .inexpressible(error.reason)
            }
        }
    }

    private mutating func fail(_ source: Source, isSource: Bool, _ reason: String) {
        let consequence = isSource ? "; the key is left out (its source message)" : "; this localization is left out"
        problems.append(CatalogProblem(.error, key: key, locale: source.code, reason + consequence))
    }
}
