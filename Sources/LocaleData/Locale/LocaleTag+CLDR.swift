/// Likely subtags and the fallback chain as CLDR defines them, from the tables ICU 77.1 (CLDR 47) has
/// (`LikelySubtags+Generated.swift`).
extension LocaleTag {
    /// The tag with its likely script and region added: CLDR's Add Likely Subtags (UTS #35, section 4.4), as
    /// ICU 77.1's `addLikelySubtags` gives it.
    ///
    ///     LocaleTag(parsing: "zh-TW")!.maximized   // zh-Hant-TW
    ///     LocaleTag(parsing: "pt")!.maximized      // pt-Latn-BR
    ///     LocaleTag(parsing: "sr-ME")!.maximized   // sr-Latn-ME
    ///     LocaleTag(parsing: "en")!.maximized      // en-Latn-US
    ///
    /// A subtag the tag has is kept, but the aliases ICU replaces when maximizing are replaced (`iw` → `he`,
    /// `en-UK` → `en-Latn-GB`; `zh-yue` is `yue`); variants, extensions and private use follow unchanged
    /// (`de-CH-1996` → `de-Latn-CH-1996`). A language CLDR has no likely subtags for (`zxx`, `qaa`) is returned as
    /// it is, as ICU does; `und` takes the likely language of its script or region (`und-TW` → `zh-Hant-TW`).
    package var maximized: LocaleTag {
        let subtags = Subtags(self)
        var language = subtags.extendedLanguages.first ?? self.language
        let script = self.script == "Zzzz" ? nil : self.script
        let region = (self.region == "ZZ" ? nil : self.region).map(LikelySubtags.canonicalRegion)
        let result: (language: String, script: String, region: String)
        if language == "und", let found = LikelySubtags.undetermined(script: script, region: region) {
            result = found
        } else {
            language = LikelySubtags.canonicalLanguage(language)
            guard let defaults = LikelySubtags.defaults(of: language) else { return self }
            switch (script, region) {
            case (let script?, let region?):
                result = (language, script, region)
            case (let script?, nil):
                result = (language, script, LikelySubtags.region(of: language, in: script) ?? defaults.region)
            case (nil, let region?):
                result = (language, LikelySubtags.script(of: language, in: region) ?? defaults.script, region)
            case (nil, nil):
                result = (language, defaults.script, defaults.region)
            }
        }
        var text = result.language + "-" + result.script + "-" + result.region
        for subtag in subtags.rest { text += "-" + subtag }
        return LocaleTag(parsing: text) ?? self
    }

    /// The tag, then the locales it inherits from up to (not including) root: CLDR's inheritance chain as ICU
    /// 77.1's resource fallback walks it. This is the order in which a lookup tries locales.
    ///
    ///     LocaleTag(parsing: "zh-TW")!.fallbackChain   // zh-TW, zh-Hant-TW, zh-Hant
    ///     LocaleTag(parsing: "es-MX")!.fallbackChain   // es-MX, es-419, es
    ///     LocaleTag(parsing: "pt-AO")!.fallbackChain   // pt-AO, pt-PT, pt
    ///
    /// After the tag:
    ///
    /// - a tag without a script gets its likely script when that is not its language's own (`zh-TW` →
    ///   `zh-Hant-TW`, `sr-ME` → `sr-Latn-ME`), or when ICU keeps its data under that tag (`zh-CN` →
    ///   `zh-Hans-CN`);
    /// - a locale's parent is CLDR's (parentLocales: `es-MX` → `es-419`, `en-AU` → `en-001`, `pt-AO` → `pt-PT`,
    ///   `zh-Hant-MO` → `zh-Hant-HK`), else its truncation, dropping the script when it is the likely one
    ///   (`en-Latn-AU` → `en-AU`);
    /// - a `lang-Script` whose script is not the language's own has root as its parent, so the chain ends
    ///   there: `zh-Hant` never falls back to `zh`, which is Simplified Chinese, nor `sr-Latn` to `sr`, which is
    ///   Cyrillic.
    ///
    /// A language whose ICU data is another's is followed by that locale (`iw-IL` → `he-IL`, `tl` → `fil`, `sh` →
    /// `sr-Latn`). Variants, extensions and private use are removed from the end first, as ``parents`` does
    /// (`de-CH-1996` → `de-CH` → `de`); a tag with an extended language subtag (`zh-yue-HK`), `und`, or a
    /// language CLDR has no likely subtags for falls back by truncation only.
    package var fallbackChain: [LocaleTag] {
        var chain = [self]
        var current = self
        // A chain is a handful of steps; the bound only guards against a cycle in the data.
        while chain.count < 16, let parent = current.inheritanceParent, !chain.contains(parent) {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// The next locale of `fallbackChain`, or `nil` for root.
    var inheritanceParent: LocaleTag? {
        let subtags = Subtags(self)
        guard subtags.rest.isEmpty, subtags.extendedLanguages.isEmpty, language != "und" else { return parents.first }
        // `iw-IL` is `he-IL` to ICU, whose bundle for `iw` is an alias: the tag in the language ICU has data for.
        if let alias = LikelySubtags.bundleAlias(of: language), let target = LocaleTag(parsing: alias) {
            var text = target.language
            if let script = script ?? target.script { text += "-" + script }
            if let region = region ?? target.region { text += "-" + region }
            return LocaleTag(parsing: text)
        }
        let canonical = LikelySubtags.canonicalLanguage(language)
        guard let defaultScript = LikelySubtags.defaults(of: canonical)?.script else { return parents.first }
        if let parent = LikelySubtags.parent(of: normalized) {
            return parent == "root" ? nil : LocaleTag(parsing: parent)
        }
        let lower = language
        switch (script, region) {
        case (let script?, let region?):
            let likely = LikelySubtags.script(of: canonical, in: LikelySubtags.canonicalRegion(region))
            let regional = lower + "-" + region.lowercased()
            // ICU keeps `zh-Hans-CN`'s data under that tag (`zh-CN` is its alias): it falls back to `zh-Hans`.
            if script == likely, script == defaultScript, CLDRData.aliasTarget(of: regional) != normalized {
                return LocaleTag(parsing: regional)
            }
            return LocaleTag(parsing: lower + "-" + script)
        case (nil, let region?):
            guard let likely = LikelySubtags.script(of: canonical, in: LikelySubtags.canonicalRegion(region)) else {
                return LocaleTag(parsing: lower)
            }
            let scripted = lower + "-" + likely.lowercased() + "-" + region.lowercased()
            if likely != defaultScript || CLDRData.aliasTarget(of: normalized) == scripted {
                return LocaleTag(parsing: scripted)
            }
            let scriptLocale = lower + "-" + likely.lowercased()
            if LikelySubtags.hasScriptLocale(scriptLocale) { return LocaleTag(parsing: scriptLocale) }
            return LocaleTag(parsing: lower)
        case (let script?, nil):
            return script == defaultScript ? LocaleTag(parsing: lower) : nil
        case (nil, nil):
            return nil
        }
    }

    /// A tag's subtags by role, from its normalised form: extended languages, and what follows the region
    /// (variants, extensions, private use).
    struct Subtags {
        var extendedLanguages: [String] = []
        var rest: [String] = []

        init(_ tag: LocaleTag) {
            let parts = tag.normalized.split(separator: "-")
            var index = 1
            if tag.language.utf8.count <= 3 {
                while index < parts.count, extendedLanguages.count < 3, parts[index].utf8.count == 3,
                    parts[index].utf8.allSatisfy(ASCII.isLetter)
                {
                    extendedLanguages.append(String(parts[index]))
                    index += 1
                }
            }
            if tag.script != nil { index += 1 }
            if tag.region != nil { index += 1 }
            rest = parts[min(index, parts.count)...].map(String.init)
        }
    }
}
