import I18nCore
import LocaleData

/// Converts better-i18n's ICU MessageFormat bundles into a String Catalog (`.xcstrings`, version 1.0): what
/// `widget-i18n catalog export` writes into a widget extension's `Localizable.xcstrings`, for the strings iOS
/// reads from the extension's bundle rather than from the App Group (the widget gallery's name and description,
/// App Intent titles and parameters).
///
/// The keys are the source locale's that start with one of ``keyPrefixes``; each localization is written in the
/// catalog's shapes (a string unit, a plural variation, or plural substitutions) with Apple's format specifiers,
/// as <doc:FromICUToStringCatalogs> describes, with which `=0` and `=1` cases become `zero` and `one`. A key or
/// localization with no catalog form is left out with a ``CatalogProblem`` naming the key and the construct; the
/// rest is written. Localization codes are Xcode's (``AppleLocale``).
///
/// With an existing catalog to merge into, only the exported keys change, and within them only the exported
/// localizations whose text changed: every other key, comment, extraction state and localization (and a
/// localization that reads the same, whatever its state or device variants) is kept byte for byte, except that
/// a changed source text marks the translations not exported `needs_review`; the file is written as Xcode writes
/// it (``XcodeKeyOrder``), so a diff shows what changed.
///
///     let export = CatalogExport(sourceLocale: .english, keyPrefixes: ["gallery", "intent"])
///     let catalog = try export.catalog(from: bundles, merging: existingCatalogBytes)
///     for problem in catalog.problems { print(problem) }
package struct CatalogExport: Sendable {
    /// The catalog's source language: its keys are this locale's, and its messages the source strings; `nil`
    /// for the source language of the catalog merged into (English without one).
    package var sourceLocale: LocaleTag?
    /// The keys to export: each prefix matches itself and the keys under it (`gallery` matches `gallery` and
    /// `gallery.title`, not `gallery2`); a prefix ending in `.` matches what it starts, and an empty one every
    /// key.
    package var keyPrefixes: [String]

    /// An export of the keys under `keyPrefixes`, with `sourceLocale` as the source language.
    /// - Parameters:
    ///   - sourceLocale: the source language, or `nil` for the merged catalog's.
    ///   - keyPrefixes: the prefixes of the keys to export.
    package init(sourceLocale: LocaleTag?, keyPrefixes: [String]) {
        self.sourceLocale = sourceLocale
        self.keyPrefixes = keyPrefixes
    }

    /// Whether `key` is one of the keys `prefix` selects.
    /// - Parameters:
    ///   - key: a message key.
    ///   - prefix: a prefix of ``keyPrefixes``.
    package static func matches(_ key: String, prefix: String) -> Bool {
        prefix.isEmpty || key == prefix || key.hasPrefix(prefix.hasSuffix(".") ? prefix : prefix + ".")
    }

    /// The source language of the catalog `bytes`, as it spells it: the one a merge into it exports from.
    /// - Parameter bytes: a `.xcstrings` file's bytes.
    /// - Throws: `CatalogError` when the bytes are no catalog this package reads.
    package static func sourceLanguage(ofCatalog bytes: [UInt8]) throws(CatalogError) -> String {
        try CatalogDocument(bytes: bytes).sourceLanguage
    }

    /// The catalog of the selected keys in every locale of `bundles`.
    /// - Parameters:
    ///   - bundles: the messages of each locale, the source locale's among them.
    ///   - existing: the bytes of a catalog to update, or `nil` for a new one.
    /// - Throws: `CatalogError` when the source locale has no messages or no selected key, when two locales
    ///   would share one localization code, and when `existing` is no catalog this package reads or has another
    ///   source language; nothing is exported then.
    package func catalog(from bundles: [LocaleTag: MessageBundle], merging existing: [UInt8]? = nil)
        throws(CatalogError) -> ExportedCatalog
    {
        let (exports, prepared, ordered) = try exports(from: bundles, merging: existing)
        var merge = prepared
        let bytes = merge.bytes()
        return ExportedCatalog(
            bytes: bytes, keys: exports.filter(\.isExported).map(\.key), locales: ordered,
            problems: exports.flatMap(\.problems) + merge.problems, added: merge.added, changed: merge.changed,
            unchanged: merge.unchanged, kept: merge.kept)
    }

    /// The arguments of `key` in the order of the positions its catalog entry gives them (`%1$@` first), as
    /// ``catalog(from:merging:)`` writes the entry: the order the app's code passes them to `String(localized:)`,
    /// and the order of a notification's `loc-args` (`ActivityAlert`), whatever the language.
    /// - Parameters:
    ///   - key: the key, one of the source locale's (the export's key prefixes need not select it).
    ///   - bundles: the messages, by locale, the source locale's among them.
    ///   - existing: the catalog the key's entry is merged into, whose positions win; `nil` for a new one.
    /// - Throws: `CatalogError` as ``catalog(from:merging:)`` does, and when the key cannot be exported (the
    ///   reason the export gives).
    package func arguments(of key: String, in bundles: [LocaleTag: MessageBundle], merging existing: [UInt8]? = nil)
        throws(CatalogError) -> [CatalogArgument]
    {
        let (exports, _, _) = try CatalogExport(sourceLocale: sourceLocale, keyPrefixes: [key]).exports(
            from: bundles, merging: existing, exactly: key)
        guard let export = exports.first, export.isExported else {
            let reason = exports.first?.problems.first?.description ?? "the source locale has no key '\(key)'"
            throw CatalogError(path: key, reason: reason)
        }
        return export.arguments
    }

    private func exports(
        from bundles: [LocaleTag: MessageBundle], merging existing: [UInt8]?, exactly only: String? = nil
    ) throws(CatalogError) -> (exports: [KeyExport], merge: CatalogMerge, locales: [String]) {
        let locales = try codes(of: bundles)
        let document = try existing.map { (bytes) throws(CatalogError) in try CatalogDocument(bytes: bytes) }
        let sourceCode = sourceLocale.map(AppleLocale.code(for:)) ?? document?.sourceLanguage ?? "en"
        if let document, document.sourceLanguage != sourceCode {
            throw CatalogError(
                path: "sourceLanguage",
                reason: "the catalog's source language is \(document.sourceLanguage), not \(sourceCode); export with "
                    + "that source locale")
        }
        guard let source = locales.first(where: { $0.code == sourceCode }) else {
            throw CatalogError(path: "", reason: "no messages for the source locale \(sourceCode) to export from")
        }
        var keys: [String] = []
        var seen: Set<[UInt8]> = []
        // A bundle's syntax declaration is no string to export.
        for key in source.bundle.keys
        where key != MessageSyntax.declarationKey
            && (only.map({ $0 == key }) ?? keyPrefixes.contains(where: { Self.matches(key, prefix: $0) }))
        {
            if seen.insert(Array(key.utf8)).inserted { keys.append(key) }
        }
        guard !keys.isEmpty else {
            throw CatalogError(
                path: "",
                reason: "no key of \(sourceCode) matches "
                    + keyPrefixes.map { "'\($0)'" }.joined(separator: ", "))
        }
        let ordered = [source] + locales.filter { $0.code != sourceCode }
        let entries = Dictionary(
            (document?.entries ?? []).map { (Array($0.name.utf8), $0.value) },
            uniquingKeysWith: { first, _ in first })
        let exports = try keys.map { (key) throws(CatalogError) in
            KeyExport(
                key: key,
                messages: ordered.compactMap { locale in
                    locale.bundle.message(forKey: key).map {
                        KeyExport.Source(
                            code: locale.code, tag: locale.tag, message: $0,
                            syntax: MessageSyntax(
                                declaration: locale.bundle.message(forKey: MessageSyntax.declarationKey)))
                    }
                },
                existing: try entries[Array(key.utf8)].map { (entry) throws(CatalogError) in
                    try Self.specifiers(of: key, entry: entry, sourceCode: sourceCode)
                } ?? [])
        }
        var merge = CatalogMerge(
            document: document, sourceCode: sourceCode,
            tags: Dictionary(uniqueKeysWithValues: locales.map { ($0.code, $0.tag) }))
        for export in exports where export.isExported { merge.add(export) }
        return (exports, merge, ordered.map(\.code))
    }

    /// The specifiers of the catalog's entry of `key` (positions and conversions, in order of use): its source
    /// localization's (the key itself where that is absent), else the first localization's that has any. The
    /// app's code passes the key's arguments in the order they give.
    /// - Throws: `CatalogError` naming the member when no localization of the entry can be read at all.
    private static func specifiers(of key: String, entry: JSONNode, sourceCode: String) throws(CatalogError)
        -> [(position: Int, conversion: FormatConversion?)]
    {
        let localizations = entry["localizations"]?.members ?? []
        let isFormat = CatalogImport.isFormat(key: key, localizations: localizations, source: sourceCode)
        guard isFormat else { return [] }
        var candidates: [(code: String, node: JSONNode?)] = [
            (sourceCode, localizations.first(where: { $0.name == sourceCode })?.value)
        ]
        candidates += localizations.filter { $0.name != sourceCode }.map { ($0.name, $0.value) }
        // One localization that cannot be read does not matter when another gives the positions; when none can,
        // the first's reason is the export's.
        var unreadable: CatalogError?
        var readAny = false
        let entryPath = CatalogPath.root.member("strings").member(key)
        for (code, node) in candidates {
            guard let tag = LocaleTag(parsing: code) else { continue }
            let reader = LocalizationReader(locale: tag, isFormat: isFormat)
            let result: Result<LocalizationReader.Reading, LocalizationReader.Inexpressible>
            do throws(CatalogError) {
                let path = entryPath.member("localizations").member(code)
                if let node {
                    result = try reader.read(node, at: path)
                } else {
                    result = try reader.readKey(key, at: entryPath)
                }
            } catch {
                unreadable = unreadable ?? error
                continue
            }
            readAny = true
            guard case .success(let reading) = result else { continue }
            var uses: [(position: Int, conversion: FormatConversion?)] = []
            MessagePiece.uses(in: reading.pieces, into: &uses)
            if !uses.isEmpty { return uses }
        }
        if let unreadable, !readAny { throw unreadable }
        return []
    }

    /// Each bundle with its localization code, in Xcode's order of codes.
    private func codes(of bundles: [LocaleTag: MessageBundle]) throws(CatalogError)
        -> [(code: String, tag: LocaleTag, bundle: MessageBundle)]
    {
        var byCode: [String: (tag: LocaleTag, bundle: MessageBundle)] = [:]
        for (tag, bundle) in bundles {
            let code = AppleLocale.code(for: tag)
            if let other = byCode[code] {
                let pair = [other.tag.displayForm, tag.displayForm].sorted()
                throw CatalogError(
                    path: "",
                    reason: "\(pair[0]) and \(pair[1]) would both be the localization \(code); export one of them")
            }
            byCode[code] = (tag, bundle)
        }
        return byCode.keys.sorted(by: XcodeKeyOrder.areInIncreasingOrder).map {
            ($0, byCode[$0]!.tag, byCode[$0]!.bundle)
        }
    }
}

/// One argument of a key as its catalog entry has it: the message's name for it and the specifier its position
/// gets.
package struct CatalogArgument: Hashable, Sendable {
    /// How the format strings take the argument.
    package enum Specifier: String, Hashable, Sendable {
        /// `%@`: an object, a string.
        case string = "%@"
        /// `%lld`: a whole number (a plural's, `{n, number, integer}`).
        case integer = "%lld"
        /// `%lf`: a floating-point number (`{n, number}`).
        case floatingPoint = "%lf"
    }

    /// The argument's name in the ICU messages (`courier`).
    package let name: String
    /// Its specifier.
    package let specifier: Specifier
}

/// What ``CatalogExport`` wrote.
package struct ExportedCatalog: Sendable {
    /// The `.xcstrings` file, as Xcode would write it.
    package let bytes: [UInt8]
    /// The keys written, in the source bundle's order.
    package let keys: [String]
    /// The localization codes exported, the source language's first.
    package let locales: [String]
    /// Keys and localizations left out (errors), and cases dropped (warnings).
    package let problems: [CatalogProblem]
    /// Exported keys the merged catalog did not have (every key, without one).
    package let added: Int
    /// Exported keys whose entry changed.
    package let changed: Int
    /// Exported keys whose entry stayed byte for byte what it was.
    package let unchanged: Int
    /// The merged catalog's other keys, kept as they were.
    package let kept: Int
}
