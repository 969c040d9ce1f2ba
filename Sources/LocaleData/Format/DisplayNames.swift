/// The names of languages, regions and scripts in a locale, as ICU4C 77.1's `LocaleDisplayNames` gives them with
/// dialect names (`ULDN_DIALECT_NAMES`), long (`UDISPCTX_LENGTH_FULL`) or short (`UDISPCTX_LENGTH_SHORT`; `narrow`
/// is short): "British English", "UK English" short; "Chinese (Traditional, Hong Kong SAR China)"; 繁體中文 in
/// `zh-Hant`.
///
/// The names are a bounded set, `scripts/generate/names-durations.py`'s: the language of every locale ICU has data
/// for and the dialects CLDR names (`en_GB`, `es_419`, `zh_Hant`), every region CLDR names, and the scripts those
/// locales are written in. Outside it, and wherever ICU would echo a code back for want of a name, the answer is
/// `nil`: for a tag with variants, extensions or private use too, whose parts ICU would name from tables this set
/// does not hold.
package enum DisplayNames {
    /// The name of `code` (a language tag, a region code or a script code, by `type`) in `locale`, as ICU's
    /// `LocaleDisplayNames` with dialect names gives it; `nil` when CLDR has no name for it.
    package static func name(of code: String, type: DisplayNameType, length: FormatLength, in locale: LocaleTag)
        -> String?
    {
        let names = Names(locale: locale, short: length != .long)
        switch type {
        case .language: return names.locale(code)
        case .region: return region(code).flatMap(names.region)
        case .script: return script(code).flatMap(names.script)
        }
    }

    /// A region code in CLDR's spelling (`gb` → `GB`), or `nil` when it is none.
    private static func region(_ code: String) -> String? {
        let bytes = Array(code.utf8)
        if bytes.count == 2, bytes.allSatisfy(ASCII.isLetter) { return code.uppercased() }
        if bytes.count == 3, bytes.allSatisfy(ASCII.isDigit) { return code }
        return nil
    }

    /// A script code in CLDR's spelling (`HANT` → `Hant`), or `nil` when it is none.
    private static func script(_ code: String) -> String? {
        guard code.utf8.count == 4, code.utf8.allSatisfy(ASCII.isLetter) else { return nil }
        return code.prefix(1).uppercased() + code.dropFirst().lowercased()
    }

    /// `uloc_getTableStringWithFallback`'s replacements for deprecated codes, tried when one has no name of its own.
    private static let replacedLanguages = ["in": "id", "iw": "he", "ji": "yi", "jw": "jv", "mo": "ro"]
    private static let replacedRegions = [
        "AN": "CW", "BU": "MM", "CS": "RS", "DD": "DE", "DY": "BJ", "FX": "FR", "HV": "BF", "NH": "VU", "RH": "ZW",
        "SU": "RU", "TP": "TL", "UK": "GB", "VD": "VN", "YD": "YE", "YU": "RS", "ZR": "CD",
    ]

    /// One locale's tables at one length; each section is read only when a name needs it.
    private struct Names {
        let locale: LocaleTag
        let short: Bool

        private func values(_ section: NamesAndDurationsData.Section) -> PackedRecords.Chain {
            NamesAndDurationsData.values(section, for: locale)
        }

        /// `Languages%short` when short and it has the code, else `Languages` (`localeIdName`).
        func language(_ code: String, replacing: Bool) -> String? {
            if short, let name = values(.shortLanguages)[code] { return name }
            let languages = values(.languages)
            if let name = languages[code] { return name }
            guard replacing, let replacement = DisplayNames.replacedLanguages[code] else { return nil }
            return languages[replacement]
        }

        func region(_ code: String) -> String? {
            if short, let name = values(.shortRegions)[code] { return name }
            let regions = values(.regions)
            if let name = regions[code] { return name }
            return DisplayNames.replacedRegions[code].flatMap { regions[$0] }
        }

        func script(_ code: String) -> String? {
            if short, let name = values(.shortScripts)[code] { return name }
            return values(.scripts)[code]
        }

        /// `LocaleDisplayNamesImpl::localeDisplayName` with dialect names: the dialect's own name where CLDR has
        /// one, else the language with the script and region in the locale's pattern, "English (Canada)".
        func locale(_ code: String) -> String? {
            guard let tag = LocaleTag(parsing: code), tag.variants.isEmpty else { return nil }
            // Only language, script and region: anything else (an extended language, extensions) is not named.
            var plain = tag.language
            if let script = tag.script { plain += "-" + script.lowercased() }
            if let region = tag.region { plain += "-" + region.lowercased() }
            guard plain == tag.normalized else { return nil }
            // ICU reads `und` as the empty language, which it names as `root`.
            let language = tag.language == "und" ? "root" : tag.language
            var script = tag.script
            var region = tag.region
            var name: String?
            if let scriptCode = script, let regionCode = region {
                // ICU 77 tries `lang_Script_REGION`, then appends `lang_Script` and `lang_REGION` to the same
                // buffer without clearing it, so neither of those is found after a miss: "Chinese (Traditional,
                // Hong Kong SAR China)", not "Traditional Chinese (…)".
                name = dialect(language + "_" + scriptCode + "_" + regionCode)
                if name != nil {
                    script = nil
                    region = nil
                }
            } else if let scriptCode = script {
                name = dialect(language + "_" + scriptCode)
                if name != nil { script = nil }
            } else if let regionCode = region {
                name = dialect(language + "_" + regionCode)
                if name != nil { region = nil }
            }
            if name?.isEmpty ?? true {
                guard let found = self.language(language, replacing: true) else { return nil }
                name = found
            }
            var remainder = ""
            if let script {
                guard let scriptName = self.script(script) else { return nil }
                remainder = scriptName
            }
            if let region {
                guard let regionName = self.region(region) else { return nil }
                remainder = remainder.isEmpty ? regionName : join(remainder, regionName)
            }
            guard let name, !remainder.isEmpty else { return name }
            let patterns = values(.patterns)
            let pattern = patterns["pattern"] ?? "{0} ({1})"
            // Parentheses inside the parenthesised part become brackets: "Burmese (Myanmar [Burma])".
            if pattern.contains("\u{FF08}") {
                remainder = remainder.replacing("\u{FF08}", with: "\u{FF3B}").replacing("\u{FF09}", with: "\u{FF3D}")
            } else {
                remainder = remainder.replacing("(", with: "[").replacing(")", with: "]")
            }
            return ListFormat.join(pattern, name, remainder)
        }

        /// A dialect's own name (`en_GB`, `zh_Hant`): no deprecated-code replacement, no echo.
        private func dialect(_ key: String) -> String? {
            language(key, replacing: false)
        }

        private func join(_ first: String, _ second: String) -> String {
            ListFormat.join(values(.patterns)["separator"] ?? "{0}, {1}", first, second)
        }
    }
}
