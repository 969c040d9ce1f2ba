import I18nCore
import LocaleData
import StringCatalog

/// The String Catalog `CatalogExport` writes for `messages`: the one way the catalog tests export, each test
/// passing only what it varies.
/// - Parameters:
///   - messages: flat messages by locale tag, then by key.
///   - sourceLocale: the catalog's source language, a tag among `messages`' or `nil` for the merged catalog's.
///   - keyPrefixes: the prefixes of the keys to export; every key by default.
///   - existing: the bytes of a catalog to merge into, or `nil` for a new one.
/// - Throws: `CatalogError`, as `CatalogExport.catalog(from:merging:)` throws it.
package func exportCatalog(
    _ messages: [String: [String: String]], sourceLocale: String? = "en", keyPrefixes: [String] = [""],
    merging existing: [UInt8]? = nil
) throws -> ExportedCatalog {
    let bundles = Dictionary(
        uniqueKeysWithValues: messages.map { (LocaleTag(parsing: $0.key)!, MessageBundle(messages: $0.value)) })
    return try CatalogExport(sourceLocale: sourceLocale.map { LocaleTag(parsing: $0)! }, keyPrefixes: keyPrefixes)
        .catalog(from: bundles, merging: existing)
}
