import Foundation
import I18nCore
import LocaleData
import StringCatalog

/// The bytes of a catalog in this test target's `Data/` folder.
func catalogData(_ name: String) throws -> [UInt8] {
    guard let url = Bundle.module.url(forResource: "Data/\(name)", withExtension: nil) else {
        throw CocoaError(.fileNoSuchFile)
    }
    return Array(try Data(contentsOf: url))
}

/// The test catalogs of `Data/` that are valid, each named by its file.
let validCatalogs = [
    "plurals.xcstrings", "substitutions.xcstrings", "positional.xcstrings", "unusual-keys.xcstrings",
    "devices.xcstrings", "states.xcstrings", "xcode-substitutions.xcstrings",
]

/// The ones written exactly as an export writes them: every state `translated`, every key `manual`, no comments,
/// no device variants, every source localization present.
let canonicalCatalogs = [
    "plurals.xcstrings", "substitutions.xcstrings", "positional.xcstrings", "unusual-keys.xcstrings",
]

/// A locale tag from a literal.
func tag(_ text: String) -> LocaleTag { LocaleTag(parsing: text)! }

/// The catalog's text, for comparing with an expected excerpt.
func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// The messages an import gave each localization, by code, then by key.
func messages(of imported: ImportedCatalog) -> [String: [String: String]] {
    var result: [String: [String: String]] = [:]
    for locale in imported.locales {
        result[locale.code] = Dictionary(locale.messages.map { ($0.key, $0.message) }, uniquingKeysWith: { $1 })
    }
    return result
}

/// `problems` without the warnings that a key's arguments were named by position because the catalog gives no
/// names (``ArgumentNamesTests`` checks those): for tests about something else in catalogs Xcode wrote.
func withoutPositionalNames(_ problems: [CatalogProblem]) -> [CatalogProblem] {
    problems.filter { !$0.message.hasPrefix("arguments named ") }
}
