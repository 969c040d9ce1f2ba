import LocaleData

/// Puts exported keys into a catalog: a new one, or the one being merged, whose other bytes it keeps.
///
/// In a merge the top-level members other than `strings`, the entries of keys not exported, and in an exported
/// key's entry every member but `localizations` (its `comment`, `extractionState`, `shouldTranslate`, …) are
/// copied byte for byte. In `localizations`, a locale not exported is copied (its `translated` string units
/// marked `needs_review`, with a warning, when the key's source text changed), and so is an exported one that reads
/// the same as its new text (``LocalizationReader``): its state, device variants and spelling stay. A source
/// localization that is absent because the key is the source text stays absent when the key reads as the new
/// source text. Everything is then written in Xcode's order and format, with the file's own line ending (`\r\n`
/// stays `\r\n`), so an untouched catalog comes out as it went in.
struct CatalogMerge {
    private let document: CatalogDocument?
    private let sourceCode: String
    private let tags: [String: LocaleTag]
    /// The exported entries, by the UTF-8 bytes of their key (keys that differ only by Unicode normalization
    /// are two keys in JSON).
    private var exported: [[UInt8]: KeyExport] = [:]
    private var order: [String] = []

    private(set) var added = 0
    private(set) var changed = 0
    private(set) var unchanged = 0
    /// Translations kept but marked `needs_review` because their key's source text changed (warnings).
    private(set) var problems: [CatalogProblem] = []

    init(document: CatalogDocument?, sourceCode: String, tags: [String: LocaleTag]) {
        self.document = document
        self.sourceCode = sourceCode
        self.tags = tags
    }

    /// The entries of the merged catalog's keys that were not exported.
    var kept: Int { (document?.entries ?? []).filter { exported[Array($0.name.utf8)] == nil }.count }

    mutating func add(_ export: KeyExport) {
        exported[Array(export.key.utf8)] = export
        order.append(export.key)
    }

    /// The whole catalog.
    mutating func bytes() -> [UInt8] {
        guard let document else {
            added = order.count
            return XcodeJSON.bytes(
                of: .object([
                    CatalogMember("sourceLanguage", .string(sourceCode)),
                    CatalogMember("strings", .object(order.map(newEntry))),
                    CatalogMember("version", .string(CatalogDocument.writtenVersion)),
                ]))
        }
        var strings: [CatalogMember] = []
        for entry in document.entries {
            guard let export = exported[Array(entry.name.utf8)] else {
                strings.append(document.copy(entry))
                continue
            }
            let reported = problems.count
            var merged = merge(export, into: entry.value, document: document)
            if !export.isFormat, Self.readsAsFormat(merged, key: entry.name, sourceCode: sourceCode) {
                problems.removeSubrange(reported...)
                merged = merge(export.writtenAsFormat(), into: entry.value, document: document)
            }
            if XcodeJSON.bytes(of: merged, indent: 2, newline: document.newline) == document.verbatim(entry.value) {
                unchanged += 1
                strings.append(document.copy(entry))
            } else {
                changed += 1
                strings.append(document.replacing(entry, with: merged))
            }
        }
        let present = Set(document.entries.map { Array($0.name.utf8) })
        for key in order where !present.contains(Array(key.utf8)) {
            added += 1
            strings.append(newEntry(key))
        }
        // What surrounds the object (a byte order mark, a newline at the end) stays as the file has it.
        return Array(document.bytes[..<document.root.range.lowerBound])
            + XcodeJSON.bytes(
                of: .object(
                    document.root.members!.map { member in
                        member.name == "strings"
                            ? document.replacing(member, with: .object(strings)) : document.copy(member)
                    }), newline: document.newline)
            + Array(document.bytes[document.root.range.upperBound...])
    }

    /// Whether the import reads the values of the merged `entry` as format strings (`CatalogImport.isFormat`).
    private static func readsAsFormat(_ entry: CatalogValue, key: String, sourceCode: String) -> Bool {
        guard let node = try? JSONReader.parse(XcodeJSON.bytes(of: entry)) else { return false }
        return CatalogImport.isFormat(
            key: key, localizations: node["localizations"]?.members ?? [], source: sourceCode)
    }

    /// The entry of a key the catalog did not have: marked `manual`, as Xcode marks a key it did not extract from
    /// the code (and does not remove as stale).
    /// The key's argument names go in its `comment` (``ArgumentComment``), for an import to read back.
    private func newEntry(_ key: String) -> CatalogMember {
        let export = exported[Array(key.utf8)]!
        var members = [
            CatalogMember("extractionState", .string("manual")),
            CatalogMember("localizations", .object(export.localizations.map { CatalogMember($0.code, $0.value) })),
        ]
        if !export.argumentNames.isEmpty {
            members.append(CatalogMember("comment", .string(ArgumentComment.comment(nil, with: export.argumentNames))))
        }
        return CatalogMember(key, .object(members))
    }

    /// The entry of `export`'s key, from the catalog's `entry`.
    /// A translation the export does not replace is kept; when the key's source text changed, it is marked
    /// `needs_review`, as Xcode marks the translations of a source string that changed, with a warning.
    private mutating func merge(_ export: KeyExport, into entry: JSONNode, document: CatalogDocument)
        -> CatalogValue
    {
        let existing = entry["localizations"]?.members ?? []
        var sourceChanged = false
        if let new = export.localizations.first(where: { $0.code == sourceCode }) {
            let old = existing.first(where: { $0.name == sourceCode })
            sourceChanged = !readsTheSame(
                { (reader) throws(CatalogError) in
                    if let old { return try reader.read(old.value, at: .root) }
                    return try reader.readKey(export.key, at: .root)
                },
                as: new.value, code: sourceCode, isFormat: export.isFormat)
        }
        // A localization the catalog spells another way (`pt_BR` for the exported `pt-BR`) is the same one: it is
        // updated in its own spelling, not joined by a second one that an import would refuse as a conflict.
        func exported(as name: String) -> (code: String, value: CatalogValue)? {
            if let exact = export.localizations.first(where: { $0.code == name }) { return exact }
            guard let tag = LocaleTag(parsing: name) else { return nil }
            return export.localizations.first { tags[$0.code]?.normalized == tag.normalized }
        }
        var localizations: [CatalogMember] = []
        for member in existing {
            if sourceChanged, member.name != sourceCode, exported(as: member.name) == nil {
                var marked = false
                let value = Self.markedForReview(member.value, document, marked: &marked)
                guard marked else {
                    localizations.append(document.copy(member))
                    continue
                }
                localizations.append(document.replacing(member, with: value))
                problems.append(
                    CatalogProblem(
                        .warning, key: export.key, locale: member.name,
                        "the source text changed and this translation was not exported: kept, marked needs_review"))
                continue
            }
            guard let new = exported(as: member.name),
                !readsTheSame(
                    { (reader) throws(CatalogError) in try reader.read(member.value, at: .root) },
                    as: new.value, code: new.code, isFormat: export.isFormat)
            else {
                localizations.append(document.copy(member))
                continue
            }
            localizations.append(document.replacing(member, with: new.value))
        }
        for new in export.localizations where !existing.contains(where: { exported(as: $0.name)?.code == new.code }) {
            if new.code == sourceCode,
                readsTheSame(
                    { (reader) throws(CatalogError) in try reader.readKey(export.key, at: .root) },
                    as: new.value, code: sourceCode, isFormat: export.isFormat)
            {
                continue
            }
            localizations.append(CatalogMember(new.code, new.value))
        }
        // The comment gets the arguments line (a comment of the user's own stays above it) when the entry changes
        // anyway, or when its line names other arguments; an entry that is otherwise untouched stays byte for byte.
        let written = entry["comment"]?.string
        let changes =
            localizations.count != existing.count
            || localizations.contains { if case .verbatim = $0.value { false } else { true } }
        let stale =
            !ArgumentComment.names(in: written).isEmpty
            && ArgumentComment.names(in: written) != ArgumentComment.positions(export.argumentNames)
        let comment =
            export.argumentNames.isEmpty || !(changes || stale)
            ? nil : ArgumentComment.comment(written, with: export.argumentNames)
        var members = entry.members!.map { member in
            if member.name == "localizations" { return document.replacing(member, with: .object(localizations)) }
            if member.name == "comment", let comment, member.value.string != comment {
                return document.replacing(member, with: .string(comment))
            }
            return document.copy(member)
        }
        if entry["localizations"] == nil, !localizations.isEmpty {
            members.append(CatalogMember("localizations", .object(localizations)))
        }
        if entry["comment"] == nil, let comment { members.append(CatalogMember("comment", .string(comment))) }
        return .object(members)
    }

    /// `node` with the `state` of every translated string unit in it `needs_review` (a `new` one stays `new`), and
    /// everything else as the file has it; `marked` tells whether one was.
    private static func markedForReview(_ node: JSONNode, _ document: CatalogDocument, marked: inout Bool)
        -> CatalogValue
    {
        guard let members = node.members else { return .verbatim(document.verbatim(node)) }
        var result: [CatalogMember] = []
        for member in members {
            guard member.name == "stringUnit", let unit = member.value.members else {
                result.append(
                    document.replacing(member, with: markedForReview(member.value, document, marked: &marked)))
                continue
            }
            let state = unit.first(where: { $0.name == "state" })
            guard state == nil || state?.value.string == "translated" else {
                result.append(document.copy(member))
                continue
            }
            marked = true
            var fields = unit.filter { $0.name != "state" }.map { document.copy($0) }
            fields.append(
                state.map { document.replacing($0, with: .string("needs_review")) }
                    ?? CatalogMember("state", .string("needs_review")))
            result.append(document.replacing(member, with: .object(fields)))
        }
        return .object(result)
    }

    /// Whether what `existing` reads (a localization of the catalog, or the key as its own source text) says what
    /// `value` says, as an import reads both.
    private func readsTheSame(
        _ existing: (LocalizationReader) throws(CatalogError) -> Result<
            LocalizationReader.Reading, LocalizationReader.Inexpressible
        >,
        as value: CatalogValue, code: String, isFormat: Bool
    ) -> Bool {
        guard let tag = tags[code] else { return false }
        let reader = LocalizationReader(locale: tag, isFormat: isFormat)
        guard case .success(let old)? = try? existing(reader),
            case .success(let new)? = try? reader.read(try JSONReader.parse(XcodeJSON.bytes(of: value)), at: .root)
        else { return false }
        return MessagePiece.unnamed(old.pieces) == MessagePiece.unnamed(new.pieces)
    }
}
