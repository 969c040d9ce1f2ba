import I18nCore
import LocaleData
import StringCatalog
import TestSupport
import Testing

/// Both directions undo each other for everything the mapping can express.
@Suite struct RoundTripTests {
    /// The bundles an import of `bytes` makes, as a widget would read them.
    private func bundles(of imported: ImportedCatalog) throws -> [LocaleTag: MessageBundle] {
        Dictionary(
            uniqueKeysWithValues: try imported.locales.map { ($0.tag, try MessageBundle(jsonBytes: $0.jsonBytes)) })
    }

    /// import → export gives back the same file, byte for byte: a new catalog from an exported one's bundles.
    @Test(arguments: canonicalCatalogs) func importThenExportIsTheSameFile(_ name: String) throws {
        let bytes = try catalogData(name)
        let imported = try CatalogImport().bundles(fromCatalog: bytes)
        let exported = try CatalogExport(sourceLocale: tag(imported.sourceLanguage), keyPrefixes: [""]).catalog(
            from: try bundles(of: imported))
        #expect(exported.problems.isEmpty, "\(exported.problems)")
        #expect(text(exported.bytes) == text(bytes), "\(name)")
    }

    /// import → export into the same catalog leaves every byte: comments, states, device variants, keys that are
    /// their own source text, keys the import left out.
    @Test(arguments: validCatalogs) func importThenMergeIsTheSameFile(_ name: String) throws {
        let bytes = try catalogData(name)
        let imported = try CatalogImport().bundles(fromCatalog: bytes)
        let exported = try CatalogExport(sourceLocale: nil, keyPrefixes: [""]).catalog(
            from: try bundles(of: imported), merging: bytes)
        #expect(text(exported.bytes) == text(bytes), "\(name)")
        #expect(exported.changed == 0 && exported.added == 0, "\(name)")
    }

    /// Messages of every shape the mapping expresses, in several locales.
    static let messages: [String: [String: String]] = [
        "en": [
            "plain": "Days since",
            "string": "Hello, {name}!",
            "numbers": "{done, number, integer} of {total, number, integer} ({share, number}%)",
            "plural": "{count, plural, =0 {No events} one {# event} other {# events}}",
            "inline": "{name} has {count, plural, one {# photo} other {# photos}} in {album}",
            "two": "{files, plural, one {# file} other {# files}} in {dirs, plural, one {# folder} other {# folders}}",
            "quiet": "{n, plural, one {Keep it up} other {On a roll}}",
            "digits": "{km, number, ::.00} km in {h, number, ::precision-integer} h",
            "quoting": "It''s '{literally}' 100% {n, plural, one {# item} other {# items '#'}}",
            "🎉 odd key %": "Party",
        ],
        "ru": [
            "plural":
                "{count, plural, =0 {Нет событий} one {# событие} few {# события} many {# событий} other {# события}}",
            "inline": "У {name} {count, plural, one {# фото} few {# фото} many {# фото} other {# фото}} в {album}",
            "two":
                "{dirs, plural, one {# папке} few {# папках} many {# папках} other {# папки}}: {files, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}",
        ],
        "ar": [
            "plural":
                "{count, plural, zero {لا أحداث} one {حدث واحد} two {حدثان} few {# أحداث} many {# حدثًا} other {# حدث}}",
            "string": "مرحبًا يا {name}!",
        ],
        "pl": [
            "plural":
                "{count, plural, =0 {Brak} one {# wydarzenie} few {# wydarzenia} many {# wydarzeń} other {# wydarzenia}}"
        ],
        "ja": [
            "plural": "{count, plural, =0 {予定なし} other {#件}}",
            "numbers": "{total, number, integer}件中{done, number, integer}件（{share, number}%）",
            "string": "こんにちは、{name}さん！",
        ],
    ]

    /// export → import gives back every message, equal as parsed ICU, argument names aside where the catalog has
    /// none (they come back as arg1, arg2, … in the source message's order).
    @Test func exportThenImportGivesTheMessagesBack() throws {
        let exported = try exportCatalog(Self.messages)
        #expect(exported.problems.isEmpty, "\(exported.problems)")
        let imported = StringCatalogTests.messages(of: try CatalogImport().bundles(fromCatalog: exported.bytes))
        for (locale, messages) in Self.messages {
            let code = AppleLocale.code(for: tag(locale))
            for (key, message) in messages {
                let source = Self.messages["en"]![key]!
                let back = try #require(imported[code]?[key], "\(locale) \(key)")
                #expect(
                    try Self.canonical(back, source: imported["en"]![key]!) == Self.canonical(message, source: source),
                    "\(locale) \(key)")
            }
        }
    }

    /// `message` parsed and written back with its arguments renamed by their order of first use in the key's
    /// source message.
    static func canonical(_ message: String, source: String) throws -> String {
        let names = MessageElement.argumentNames(in: try MessageParser.parse(source))
        let renaming = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, "a\($0 + 1)") })
        return MessageElement.source(of: renamed(try MessageParser.parse(message), renaming))
    }

    private static func renamed(_ elements: [MessageElement], _ names: [String: String]) -> [MessageElement] {
        elements.map { element in
            switch element {
            case .argument(let name, let location): .argument(name: names[name] ?? name, location: location)
            case .number(let name, let style, let location):
                .number(name: names[name] ?? name, style: style, location: location)
            case .plural(let plural):
                .plural(
                    PluralElement(
                        name: names[plural.name] ?? plural.name, isOrdinal: plural.isOrdinal, offset: plural.offset,
                        cases: plural.cases.map { ($0.selector, renamed($0.message, names)) }, location: plural.location
                    ))
            default: element
            }
        }
    }
}
