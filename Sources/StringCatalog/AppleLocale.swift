import LocaleData

/// The locale codes Xcode gives a String Catalog's localizations, from a locale tag in any spelling: `pt-BR`
/// for `pt_br` or `PT-br`, `zh-Hant` for `zh-hant` or `zh-TW`, `es-419`, `en-GB`.
///
/// Xcode names localizations by language, script and region in their conventional casing (BCP 47's), and Chinese
/// by script: `zh-Hans` (Simplified: mainland China, Singapore), `zh-Hant` (Traditional: Taiwan) and `zh-HK`
/// (Hong Kong, also Macau's Traditional Chinese), the three Chinese localizations Xcode offers; a region other
/// than those is dropped. The retired codes `iw`, `in` and `ji` become `he`, `id` and `yi`, and `no` becomes
/// `nb` (Norwegian Bokmål), since Apple has no `no` localization. Extensions and private-use subtags
/// (`-u-ca-…`) are dropped: a localization has none.
///
///     AppleLocale.code(for: try LocaleTag("zh_TW"))    // "zh-Hant"
///     AppleLocale.code(for: try LocaleTag("pt-br"))    // "pt-BR"
package enum AppleLocale {
    private static let renamedLanguages = ["iw": "he", "in": "id", "ji": "yi", "no": "nb"]

    /// The code of `tag`'s localization in a String Catalog.
    /// - Parameter tag: a locale tag, as the CDN, the store or the user spelled it.
    package static func code(for tag: LocaleTag) -> String {
        let language = renamedLanguages[tag.language] ?? tag.language
        if language == "zh" { return chinese(script: tag.script, region: tag.region) }
        var code = language
        if let script = tag.script { code += "-" + script }
        if let region = tag.region { code += "-" + region }
        for variant in tag.variants { code += "-" + variant }
        return code
    }

    /// `zh-Hans`, `zh-Hant` or `zh-HK`.
    private static func chinese(script: String?, region: String?) -> String {
        let traditionalRegions: Set<String> = ["TW", "HK", "MO"]
        let isTraditional = script == "Hant" || (script == nil && traditionalRegions.contains(region ?? ""))
        guard isTraditional else { return "zh-Hans" }
        return region == "HK" || region == "MO" ? "zh-HK" : "zh-Hant"
    }
}
