import I18nCore
import LocaleData

/// Converts a String Catalog (`.xcstrings`) into better-i18n's ICU MessageFormat bundles, one per localization:
/// what `widget-i18n catalog import` writes as `DIR/<locale>/translations.json`, to seed a project from an app's
/// catalog or to ship its translations as a widget's `BundledMessages`.
///
/// Each localization is read as ICU MessageFormat: `%@` becomes `{arg1}`, `%lld` `{arg1, number, integer}` and
/// `%lf` `{arg1, number}` (named by position, since a catalog has no argument names), a plural variation
/// `{arg1, plural, one {# day} other {# days}}`, and a substitution `%#@count@` a plural named after it; `zero`
/// becomes `=0` in a language without a CLDR zero category (see ``CatalogExport`` for the whole mapping).
/// Device variations keep the iPhone's text (else `other`'s) and report the others; a string unit whose state is
/// `needs_review` or `new` is imported and reported. A key whose source localization is absent has the key itself
/// as its source text, as Xcode reads it.
///
///     let imported = try CatalogImport().bundles(fromCatalog: Array(catalogData))
///     for locale in imported.locales { print(locale.code, locale.messages.count) }
///     for problem in imported.problems { print(problem) }
package struct CatalogImport: Sendable {
    /// The largest catalog read, 64 MiB: a catalog of every string of a large app is a few megabytes, and reading
    /// one takes about four times its size in memory (a 200 MB catalog took 806 MB), so a larger file is refused
    /// before it is read.
    package static let maximumCatalogSize = 64 * 1024 * 1024

    /// Why a catalog of `size` bytes is refused.
    package static func tooLarge(_ size: Int) -> String {
        "the catalog is \(size) bytes, larger than the \(maximumCatalogSize / 1024 / 1024) MiB a catalog may be"
    }

    /// The localizations to convert, in any spelling (`pt_br` finds `pt-BR`), or `nil` for all of them.
    package var locales: [LocaleTag]?

    /// An import of `locales`, or of every localization.
    /// - Parameter locales: the localizations to convert; `nil`, the default, converts all.
    package init(locales: [LocaleTag]? = nil) {
        self.locales = locales
    }

    /// The bundles the catalog's localizations make.
    /// - Parameter bytes: the `.xcstrings` file's bytes.
    /// - Throws: `CatalogError` when the file is not JSON, has a version other than 1.0 or 1.1, has a member of
    ///   the wrong shape or a malformed format specifier, or lacks a localization `locales` asks for; nothing is
    ///   converted then.
    package func bundles(fromCatalog bytes: [UInt8]) throws(CatalogError) -> ImportedCatalog {
        let document = try CatalogDocument(bytes: bytes)
        let codes = try chosenCodes(in: document)
        var problems: [CatalogProblem] = []
        var messages: [String: [(key: String, message: String)]] = [:]
        for entry in document.entries {
            for (code, message) in try convert(entry, document: document, codes: codes, problems: &problems) {
                messages[code, default: []].append((entry.name, message))
            }
        }
        let locales = codes.map { code in
            ImportedLocale(code: code.code, tag: code.tag, messages: messages[code.code] ?? [])
        }
        return ImportedCatalog(
            sourceLanguage: document.sourceLanguage, locales: try Self.mergingSpellings(locales), problems: problems)
    }

    /// One bundle per locale: localizations whose codes name one locale (`pt-BR`, `pt_BR`, `PT-br`) would all be
    /// written to `pt-br/translations.json`, the last one winning. Their messages are merged, in order, when no
    /// key has two different texts; else the import is refused, naming both codes and the key.
    static func mergingSpellings(_ locales: [ImportedLocale]) throws(CatalogError) -> [ImportedLocale] {
        var merged: [ImportedLocale] = []
        for locale in locales {
            guard let index = merged.firstIndex(where: { $0.tag.normalized == locale.tag.normalized }) else {
                merged.append(locale)
                continue
            }
            let first = merged[index]
            var messages = first.messages
            for (key, message) in locale.messages {
                if let existing = messages.first(where: { $0.key == key }) {
                    guard existing.message == message else {
                        throw CatalogError(
                            path: CatalogPath.root.member("strings").member(key).member("localizations").description,
                            reason:
                                "'\(first.code)' and '\(locale.code)' are one locale (\(locale.tag.displayForm)) but "
                                + "translate this key differently; keep one of the two localizations")
                    }
                    continue
                }
                messages.append((key, message))
            }
            merged[index] = ImportedLocale(
                code: first.code, tag: first.tag, messages: messages, mergedCodes: first.mergedCodes + [locale.code])
        }
        return merged
    }

    /// The localization codes to convert, each with its locale, in Xcode's order.
    private func chosenCodes(in document: CatalogDocument) throws(CatalogError) -> [(code: String, tag: LocaleTag)] {
        var codes: [String] = [document.sourceLanguage]
        for entry in document.entries {
            for localization in entry.value["localizations"]?.members ?? [] where !codes.contains(localization.name) {
                codes.append(localization.name)
            }
        }
        var chosen: [(code: String, tag: LocaleTag)] = []
        for code in codes.sorted(by: XcodeKeyOrder.areInIncreasingOrder) {
            guard let tag = LocaleTag(parsing: code) else {
                let path = CatalogPath.root.member("strings")
                throw CatalogError(
                    path: code == document.sourceLanguage ? "sourceLanguage" : path.description,
                    reason: "'\(code)' is not a locale code such as 'de' or 'pt-BR'")
            }
            chosen.append((code, tag))
        }
        guard let locales else { return chosen }
        var asked: [(code: String, tag: LocaleTag)] = []
        for locale in locales {
            let wanted = AppleLocale.code(for: locale)
            guard let found = chosen.first(where: { $0.code == wanted || AppleLocale.code(for: $0.tag) == wanted })
            else {
                throw CatalogError(
                    path: "",
                    reason: "the catalog has no localization for \(locale.displayForm) (\(wanted)); it has "
                        + chosen.map(\.code).joined(separator: ", "))
            }
            if !asked.contains(where: { $0.code == found.code }) { asked.append(found) }
        }
        return asked
    }

    /// One entry's messages by localization code, with its problems.
    private func convert(
        _ entry: JSONNode.Member, document: CatalogDocument, codes: [(code: String, tag: LocaleTag)],
        problems: inout [CatalogProblem]
    ) throws(CatalogError) -> [(code: String, message: String)] {
        let key = entry.name
        guard !key.isEmpty else {
            problems.append(
                CatalogProblem(.warning, key: key, locale: nil, "an empty key is no better-i18n key; left out"))
            return []
        }
        let path = CatalogPath.root.member("strings").member(key)
        let localizations = entry.value["localizations"]?.members ?? []
        let isFormat = Self.isFormat(key: key, localizations: localizations, source: document.sourceLanguage)
        var readings: [(code: String, reading: LocalizationReader.Reading)] = []
        for (code, tag) in codes {
            let reader = LocalizationReader(locale: tag, isFormat: isFormat)
            let result: Result<LocalizationReader.Reading, LocalizationReader.Inexpressible>
            if let localization = localizations.first(where: { $0.name == code }) {
                result = try reader.read(localization.value, at: path.member("localizations").member(code))
            } else if code == document.sourceLanguage,
                // The key is its source text only when no spelling of the source locale (`pt_BR` for a source
                // language of `pt-BR`) translates it.
                !localizations.contains(where: { LocaleTag(parsing: $0.name)?.normalized == tag.normalized })
            {
                result = try reader.readKey(key, at: path)
            } else {
                continue
            }
            switch result {
            case .failure(let inexpressible):
                problems.append(CatalogProblem(.error, key: key, locale: code, inexpressible.reason + "; left out"))
            case .success(let reading):
                if reading.pieces.isEmpty, !reading.states.isEmpty {
                    problems.append(
                        CatalogProblem(
                            .warning, key: key, locale: code,
                            "empty and '\(reading.states.joined(separator: "', '"))': not translated yet; left out"))
                    continue
                }
                if !reading.states.isEmpty {
                    problems.append(
                        CatalogProblem(
                            .warning, key: key, locale: code,
                            "state '\(reading.states.joined(separator: "', '"))': imported as it is; review it"))
                }
                if !reading.droppedDevices.isEmpty {
                    problems.append(
                        CatalogProblem(
                            .warning, key: key, locale: code,
                            "device variants \(reading.droppedDevices.joined(separator: ", ")) left out; kept the "
                                + "iPhone's (or other) text"))
                }
                readings.append((code, reading))
            }
        }
        guard
            let names = Self.names(
                for: readings.map(\.reading.pieces), key: key,
                commented: ArgumentComment.names(in: entry.value["comment"]?.string), problems: &problems)
        else { return [] }
        var converted: [(code: String, message: String)] = []
        for (code, reading) in readings {
            let elements = MessagePiece.elements(reading.pieces, names: names)
            guard let message = Self.message(of: elements) else {
                problems.append(
                    CatalogProblem(
                        .error, key: key, locale: code,
                        "the ICU message written for it (\(MessageElement.source(of: elements))) does not parse back "
                            + "to the catalog's text; left out"))
                continue
            }
            converted.append((code, message))
        }
        return converted
    }

    /// The ICU message of `elements`, or `nil` when it would not parse back to them (a bug in the writing, which
    /// an import reports rather than writing a message that means something else).
    static func message(of elements: [MessageElement]) -> String? {
        let message = MessageElement.source(of: elements)
        guard let parsed = try? MessageParser.parse(message), normalized(parsed) == normalized(elements) else {
            return nil
        }
        return message
    }

    /// `elements` without their source locations, with adjacent literals joined and empty ones dropped: what
    /// a message parsed back shares with the elements it was written from.
    private static func normalized(_ elements: [MessageElement]) -> [MessageElement] {
        let location = SourceLocation(offset: 0, line: 1, column: 1)
        var result: [MessageElement] = []
        for element in elements {
            let plain: MessageElement
            switch element {
            case .literal(let text):
                if text.isEmpty { continue }
                if case .literal(let previous) = result.last {
                    result[result.count - 1] = .literal(previous + text)
                    continue
                }
                plain = element
            case .argument(let name, _): plain = .argument(name: name, location: location)
            case .number(let name, let style, _): plain = .number(name: name, style: style, location: location)
            case .dateTime(let name, let isTime, let style, _):
                plain = .dateTime(name: name, isTime: isTime, style: style, location: location)
            case .pound: plain = .pound(location: location)
            case .plural(let plural):
                plain = .plural(
                    PluralElement(
                        name: plural.name, isOrdinal: plural.isOrdinal, offset: plural.offset,
                        cases: plural.cases.map { ($0.selector, normalized($0.message)) }, location: location))
            case .select, .tag:
                // An import writes neither: one parsed back keeps its location, so it never matches.
                plain = element
            }
            result.append(plain)
        }
        return result
    }

    /// Whether the key's values are format strings: one of them has an argument or a plural.
    static func isFormat(key: String, localizations: [JSONNode.Member], source: String) -> Bool {
        func hasArguments(_ node: JSONNode, inSubstitution: Bool) -> Bool {
            if node["substitutions"] != nil || node["variations"]?["plural"] != nil { return true }
            if let value = node["stringUnit"]?["value"]?.string,
                FormatStringReader.hasArguments(value, inSubstitution: inSubstitution)
            {
                return true
            }
            return (node["variations"]?["device"]?.members ?? []).contains {
                hasArguments($0.value, inSubstitution: false)
            }
        }
        if !localizations.contains(where: { $0.name == source }),
            FormatStringReader.hasArguments(key, inSubstitution: false)
        {
            return true
        }
        return localizations.contains { hasArguments($0.value, inSubstitution: false) }
    }

    /// A name for every argument position the readings use: a substitution's name where one has it, else the
    /// one the entry's comment gives (`commented`, ``ArgumentComment``), else `argN`, with a warning that says
    /// so; `nil`, with an error, when one position is a string in one place and a number in another.
    static func names(
        for readings: [[MessagePiece]], key: String, commented: [Int: String] = [:],
        problems: inout [CatalogProblem]
    ) -> [Int: String]? {
        var names: [Int: String] = [:]
        var uses: [(position: Int, conversion: FormatConversion?)] = []
        for pieces in readings {
            MessagePiece.names(in: pieces, into: &names)
            MessagePiece.uses(in: pieces, into: &uses)
        }
        for position in Set(uses.map(\.position)) {
            let conversions = uses.filter { $0.position == position }.map(\.conversion)
            let isObject = conversions.contains(.object)
            if isObject, conversions.contains(where: { $0 != .object }) {
                problems.append(
                    CatalogProblem(
                        .error, key: key, locale: nil,
                        "argument \(position) is a string (%@) in one place and a number in another; left out"))
                return nil
            }
        }
        var unnamed: [String] = []
        for position in Set(uses.map(\.position)).sorted() where names[position] == nil {
            if let name = commented[position], !names.values.contains(name) {
                names[position] = name
                continue
            }
            var name = "arg\(position)"
            while names.values.contains(name) { name += "_" }
            names[position] = name
            unnamed.append("{\(name)}")
        }
        if !unnamed.isEmpty {
            problems.append(
                CatalogProblem(
                    .warning, key: key, locale: nil,
                    "arguments named " + unnamed.joined(separator: ", ")
                        + " by position: the catalog gives no names (the key's comment has no 'Arguments:' line, "
                        + "as 'catalog export' writes)"))
        }
        return names
    }
}

/// What ``CatalogImport`` made of a catalog: a bundle per localization, and what it could not carry across.
package struct ImportedCatalog: Sendable {
    /// The catalog's source language, as it spells it.
    package let sourceLanguage: String
    /// A bundle per localization converted, in Xcode's order of their codes.
    package let locales: [ImportedLocale]
    /// Keys or localizations left out (errors) and what was converted with a change to look at (warnings).
    package let problems: [CatalogProblem]
}

/// One localization of a catalog as a better-i18n bundle.
package struct ImportedLocale: Sendable {
    /// The localization's code as the catalog spells it (`pt-BR`).
    package let code: String
    /// The code as a locale tag.
    package let tag: LocaleTag
    /// Its messages in ICU MessageFormat, in the catalog's order of keys.
    package let messages: [(key: String, message: String)]
    /// The other codes of the catalog that name the same locale (`pt_BR` beside `pt-BR`), whose messages were
    /// merged into these; empty for most.
    package let mergedCodes: [String]

    init(code: String, tag: LocaleTag, messages: [(key: String, message: String)], mergedCodes: [String] = []) {
        self.code = code
        self.tag = tag
        self.messages = messages
        self.mergedCodes = mergedCodes
    }

    /// The directory the CDN layout keeps this locale in: the normalised tag (`pt-br`), as `Locales/` has it.
    package var directoryName: String { tag.normalized }

    /// `translations.json`: the messages nested by the dots of their keys where they can be, else flat.
    package var jsonBytes: [UInt8] { BundleJSON.bytes(messages) }
}
