#!/usr/bin/env python3
"""Generate CLDR's likely subtags and parent locales as ICU4C 77.1 (CLDR 47) has them, and the test vectors
that hold WidgetI18n's locale matching to ICU's.

ICU keeps likely subtags as a BytesTrie in langInfo.res that PyICU cannot read, so the table is derived by
asking ICU itself (`icu.Locale.addLikelySubtags`, through PyICU: `pip install pyicu-wheels==2.15.2`):

  languages        every language ICU knows (its ISO languages and those of its locales): likely script and
                   region (`zh` -> Hans CN)
  languageRegions  every language x every region: the script, only where it is not the language's
                   (`zh-TW` -> Hant, `sr-ME` -> Latn, `pa-PK` -> Arab)
  languageScripts  every language x every ISO 15924 script: the region, only where it is not the language's
                   (`zh-Hant` -> TW, `pa-Arab` -> PK)
  scripts          `und-Script`: language and region (`und-Cyrl` -> ru RU)
  regions          `und-Region`: language and script, only where they are not en Latn (`und-TW` -> zh Hant)
  scriptRegions    `und-Script-Region` for the script and region of each ICU locale: the language, only where
                   `und-Region` (when it writes the script) and then `und-Script` would give another
  languageAliases  ICU's language aliases that change what a tag maximizes to (`iw` -> he, `tl` -> fil)
  regionAliases    ICU's region aliases (`UK` -> GB)
  parents          CLDR's parentLocales (supplementalData, read through ctypes: PyICU cannot open it)
  scriptLocales    the `lang-Script` locales ICU has data for whose script is the language's own (`zh-Hans`),
                   where a `lang-Region` without data falls back to, as ICU's resource fallback does
  bundleAliases    languages whose ICU bundle is an alias of another locale (`iw` -> he, `sh` -> sr-Latn)
  paradigms        CLDR's paradigm locales (langInfo's paradigmnum: en-GB, es-419, pt-PT, ...), which the
                   matcher prefers among equally near regional locales, as ICU's LocaleMatcher does

Every table is one string literal of fixed-width entries sorted by key, read in place by a binary search.
The generator checks that every `%%Parent` of ICU's locale bundles is either in `parents` or the root parent
a `lang-Script` with a script other than the language's gets by rule, and that the language aliases
maximize as their targets do.

It also writes, from ICU:

  Tests/LocaleDataTests/Data/locale-chains.json    maximized forms and ICU's resource fallback chain (the
                                                   bundles ICU opens) for every locale of Locales/ and more
  Tests/LocaleDataTests/Data/locale-matching.json  ICU's LocaleMatcher's choice for desired x supported cases,
                                                   with the cases where WidgetI18n deliberately differs and why

Usage: python3 scripts/generate/likely-subtags.py [--check]
       (--check: regenerate into memory and compare with the committed files, exit 1 when one differs)
"""
import json
import os
import sys

import icu
import generated
from generated import ROOT

SWIFT_OUTPUT = "Sources/LocaleData/Locale/LikelySubtags+Generated.swift"
CHAINS_OUTPUT = "Tests/LocaleDataTests/Data/locale-chains.json"
MATCHING_OUTPUT = "Tests/LocaleDataTests/Data/locale-matching.json"

# The macro-regions of UN M.49 that CLDR names (territoryContainment), and the groupings it treats as regions;
# ICU's ISO country list has none of them.
MACRO_REGIONS = (
    "001 002 003 005 009 011 013 014 015 017 018 019 021 029 030 034 035 039 053 054 057 061 142 143 145 150 "
    "151 154 155 202 419 EU EZ UN QO XK"
).split()


# ICU ----------------------------------------------------------------------------------------------------------


def maximize(tag):
    """ICU's Add Likely Subtags of a BCP 47 tag, as (language, script, region)."""
    locale = icu.Locale.forLanguageTag(tag)
    locale.addLikelySubtags()
    return locale.getLanguage(), locale.getScript(), locale.getCountry()


def maximized_tag(tag):
    locale = icu.Locale.forLanguageTag(tag)
    locale.addLikelySubtags()
    return locale.toLanguageTag()


def parent_locales(resources):
    """supplementalData/parentLocales as child -> parent, ICU ids (`en_AU` -> `en_001`); a parent with one child
    has it as a plain string."""
    parents = {}
    for parent, children in resources.read("supplementalData", "parentLocales").items():
        for child in [children] if isinstance(children, str) else children:
            parents[child] = parent
    return parents


def paradigm_locales(resources):
    """CLDR's paradigm locales (languageInfo's paradigmLocales), from langInfo/match/paradigmnum: each an int of
    language (base 27, three letters), region (base 27, two letters, or an index into likely/m49 below 27) and
    script (a UScriptCode in the top byte), as ICU's LikelySubtagsData decodes them."""
    m49 = resources.read("langInfo", "likely", "m49")
    out = []
    for encoded in resources.read("langInfo", "match", "paradigmnum"):
        low = encoded & 0xFFFFFF
        code = low % 27**3
        language = "".join(chr(ord("a") + digit - 1) for digit in (code % 27, code // 27 % 27, code // 27**2) if digit)
        code = low // 27**3 % 27**2
        region = m49[code] if code < 27 else chr(ord("A") + code % 27 - 1) + chr(ord("A") + code // 27 - 1)
        script = icu.Script((encoded >> 24) & 0xFF).getShortName()
        out.append("%s-%s-%s" % (language, script, region))
    if not out or any(maximized_tag(tag) != tag for tag in out):
        sys.exit("likely-subtags.py: cannot read the paradigm locales: %s" % out)
    return out


def pairs(strings):
    return dict(zip(strings[::2], strings[1::2]))


def bundle_parent(icu_id):
    """A locale bundle's own `%%Parent`, or None (an ancestor's does not count)."""
    bundle = icu.ResourceBundle("ICUDATA", icu.Locale(icu_id))
    bundle.resetIterator()
    while bundle.hasNext():
        item = bundle.getNext()
        if item.getKey() == "%%Parent":
            return item.getString()
    return None


def icu_chain(tag):
    """The bundles ICU's resource fallback opens for `tag`, without root: ICU's own fallback finds the first
    bundle (through aliases, zh_TW -> zh_Hant_TW), then each bundle's `%%Parent` or its truncation."""
    start = icu.ResourceBundle("ICUDATA", icu.Locale(icu.Locale.forLanguageTag(tag).getName()))
    current = start.getLocale().getName() or "root"
    chain = []
    while current != "root":
        actual = icu.ResourceBundle("ICUDATA", icu.Locale(current)).getLocale().getName() or "root"
        if actual != current:
            current = actual
            continue
        chain.append(current)
        parent = bundle_parent(current)
        current = parent if parent is not None else (current.rsplit("_", 1)[0] if "_" in current else "root")
    return [normalized(icu_id) for icu_id in chain]


def icu_match(desired, supported):
    """ICU's LocaleMatcher with its defaults and no default locale: the supported tag chosen, or None."""
    builder = icu.LocaleMatcherBuilder()
    builder.setSupportedLocales([icu.Locale.forLanguageTag(bcp47(tag)) for tag in supported])
    builder.setNoDefaultLocale()
    result = builder.build().getBestMatchResult(icu.Locale.forLanguageTag(bcp47(desired)))
    index = result.getSupportedIndex()
    return supported[index] if index >= 0 else None


def bcp47(spelling):
    """A spelling WidgetI18n accepts (`pt_BR`) as the BCP 47 tag ICU's forLanguageTag reads."""
    return spelling.replace("_", "-")


def normalized(icu_id):
    return icu_id.replace("_", "-").lower()


# The tables ----------------------------------------------------------------------------------------------------


def iso_scripts():
    """Every ISO 15924 code ICU has a UScriptCode for (PyICU's constants miss a few, such as Nkoo)."""
    scripts = set()
    for code in range(1000):
        try:
            name = icu.Script(code).getShortName()
        except (icu.ICUError, ValueError):
            continue
        if len(name) == 4 and name.isalpha() and name not in ("Zzzz", "Zyyy", "Zinh"):
            scripts.add(name)
    return sorted(scripts)


def build_tables(resources):
    available = sorted(icu.Locale.getAvailableLocales().keys())
    available_locales = [icu.Locale(icu_id) for icu_id in available]
    languages = sorted(
        (set(icu.Locale.getISOLanguages()) | {locale.getLanguage() for locale in available_locales}) - {"und"})
    regions = sorted(set(icu.Locale.getISOCountries()) | {l.getCountry() for l in available_locales if l.getCountry()}
                     | set(MACRO_REGIONS))
    scripts = iso_scripts()

    likely = {}
    for language in languages:
        found = maximize(language)
        # ICU has nothing for a few (`zxx`, `mul`, `tlh`): it returns them unchanged, and so does WidgetI18n.
        if found[0] == language and found[1] and found[2]:
            likely[language] = found
    tables = {"languages": {}, "languageRegions": {}, "languageScripts": {}, "scripts": {}, "regions": {},
              "scriptRegions": {}, "languageAliases": {}, "regionAliases": {}, "parents": {}, "scriptLocales": {},
              "bundleAliases": {}, "paradigms": {}}
    for language, (_, script, region) in likely.items():
        tables["languages"][language] = script + region
        for other in regions:
            found = maximize(language + "-" + other)
            if found[0] != language or found[2] != other:
                sys.exit("likely-subtags.py: ICU changed the language or region of %s-%s: %s" % (language, other, found))
            if found[1] != script:
                tables["languageRegions"][language.ljust(3) + other] = found[1]
        for other in scripts:
            found = maximize(language + "-" + other)
            if found[0] != language or found[1] != other:
                sys.exit("likely-subtags.py: ICU changed the language or script of %s-%s: %s" % (language, other, found))
            if found[2] != region:
                tables["languageScripts"][language.ljust(3) + other] = found[2]

    default = maximize("und")
    if default != ("en", "Latn", "US"):
        sys.exit("likely-subtags.py: und maximizes to %s, the reader expects en-Latn-US" % (default,))
    und_scripts, und_regions = {}, {}
    for script in scripts:
        found = maximize("und-" + script)
        if found[1] != script:
            sys.exit("likely-subtags.py: ICU changed the script of und-%s: %s" % (script, found))
        und_scripts[script] = found
        tables["scripts"][script] = found[0].ljust(3) + found[2]
    for region in regions:
        found = maximize("und-" + region)
        if found[2] != region:
            sys.exit("likely-subtags.py: ICU changed the region of und-%s: %s" % (region, found))
        und_regions[region] = found
        if found[:2] != ("en", "Latn"):
            tables["regions"][region] = found[0].ljust(3) + found[1]
    # `und-Script-Region` for the script and region of each ICU locale (every pair would be 57,000 calls and
    # thousands of entries for combinations nobody writes).
    located = set()
    for locale in available_locales:
        maximized = icu.Locale(locale.getName())
        maximized.addLikelySubtags()
        located.add((maximized.getScript(), maximized.getCountry()))
    for script, region in sorted(located):
        found = maximize("und-%s-%s" % (script, region))
        # What the reader concludes without an entry: `und-Region`'s language when it writes the script,
        # else `und-Script`'s.
        guess = und_regions[region][0] if und_regions[region][1] == script else und_scripts[script][0]
        if found[0] != guess:
            tables["scriptRegions"][script + region] = found[0]

    language_aliases = pairs(resources.read("langInfo", "likely", "languageAliases"))
    for alias, target in sorted(language_aliases.items()):
        if len(alias) > 3 or alias in likely:
            continue
        found = maximize(alias)
        # Only aliases that ICU applies when maximizing, and that land on a language of the table.
        if found[0] != alias and found[0] in likely and found == likely[found[0]]:
            tables["languageAliases"][alias] = found[0]
    tables["languageAliases"]["und"] = "en"
    for alias, target in pairs(resources.read("langInfo", "likely", "regionAliases")).items():
        if maximize("und-" + alias)[2] == target:
            tables["regionAliases"][alias] = target

    parents = parent_locales(resources)
    for child, parent in parents.items():
        tables["parents"][normalized(child)] = normalized(parent)

    # Every bundle's own %%Parent is CLDR's parentLocales, or root for a lang-Script whose script is not the
    # language's: the rule LocaleTag.fallbackChain applies without a table.
    for icu_id in available:
        parent = bundle_parent(icu_id)
        if parent is None:
            continue
        parts = icu_id.split("_")
        if parent == "root":
            if len(parts) != 2 or len(parts[1]) != 4 or likely[parts[0]][1] == parts[1]:
                sys.exit("likely-subtags.py: %s has root as its parent, which no rule explains" % icu_id)
        elif parents.get(icu_id) != parent:
            sys.exit("likely-subtags.py: %s's parent %s is not in parentLocales" % (icu_id, parent))
    # A language whose bundle is ICU's alias of another locale (`iw` → `he`, `sh` → `sr_Latn`).
    for language in sorted(set(icu.Locale.getISOLanguages()) | set(language_aliases) | {"sh"}):
        if len(language) > 3 or language in available or language in parents:
            continue
        opened = icu.ResourceBundle("ICUDATA", icu.Locale(language)).getLocale().getName()
        if opened and opened != language:
            tables["bundleAliases"][language] = normalized(opened)
    for tag in paradigm_locales(resources):
        tables["paradigms"][tag.lower()] = ""
    for icu_id in available:
        parts = icu_id.split("_")
        if len(parts) == 2 and len(parts[1]) == 4 and likely.get(parts[0], ("", ""))[1] == parts[1]:
            tables["scriptLocales"][normalized(icu_id)] = ""
    return tables, len(available)


# Fixed widths: key and value of each table, in bytes. The reader in LikelySubtags.swift has the same.
LAYOUT = {
    "languages": (3, 7), "languageRegions": (6, 4), "languageScripts": (7, 3), "scripts": (4, 6),
    "regions": (3, 7), "scriptRegions": (7, 3), "languageAliases": (3, 3), "regionAliases": (3, 3),
    "parents": (10, 10), "scriptLocales": (8, 0), "bundleAliases": (3, 10), "paradigms": (11, 0),
}

DOCS = {
    "languages": "language (3) → likely script (4) and region (3): `zh   ` → `HansCN `",
    "languageRegions": "language (3), region (3) → script (4), where it is not the language's: `zh TW ` → `Hant`",
    "languageScripts": "language (3), script (4) → region (3), where it is not the language's: `zh Hant` → `TW `",
    "scripts": "`und-Script`: script (4) → language (3) and region (3): `Cyrl` → `ru RU `",
    "regions": "`und-Region`: region (3) → language (3) and script (4), where not `en Latn`: `TW ` → `zh Hant`",
    "scriptRegions": "`und-Script-Region`: script (4), region (3) → language (3), where `und-Region` (when it "
                     "writes the script) and then `und-Script` would give another",
    "languageAliases": "language (3) → the language ICU maximizes it as: `iw ` → `he `",
    "regionAliases": "region (3) → the region ICU maximizes it as: `UK ` → `GB `",
    "parents": "CLDR's parentLocales, normalised: locale (10) → parent (10): `es-mx     ` → `es-419    `",
    "scriptLocales": "`lang-Script` locales ICU has data for, whose script is the language's own (8): `zh-hans `",
    "bundleAliases": "languages whose ICU bundle is an alias of another locale, language (3) → that locale (10): "
                     "`iw ` → `he        `",
    "paradigms": "CLDR's paradigm locales, maximized and normalised (11), which the matcher prefers on a tie: "
                 "`en-latn-gb`",
}

ORDER = ["languages", "languageRegions", "languageScripts", "scripts", "regions", "scriptRegions",
         "languageAliases", "regionAliases", "parents", "scriptLocales", "bundleAliases", "paradigms"]


def packed(name, entries):
    key_width, value_width = LAYOUT[name]
    out = []
    for key in sorted(entries, key=lambda key: key.ljust(key_width).encode()):
        value = entries[key]
        if len(key) > key_width or len(value) > value_width:
            sys.exit("likely-subtags.py: %s entry %r → %r is wider than its layout" % (name, key, value))
        out.append(key.ljust(key_width) + value.ljust(value_width))
    return "".join(out)


def swift_file(tables, locale_count):
    total_entries = sum(len(tables[name]) for name in ORDER)
    total_bytes = sum(len(tables[name]) * sum(LAYOUT[name]) for name in ORDER)
    lines = generated.swift_header("likely-subtags.py", [
        "Source: the ICU data library (Unicode License V3), asked through ICU's own addLikelySubtags for every",
        "language, language-region, language-script and und- combination, and supplementalData's parentLocales",
        "(%d ICU locales): %d entries, %d bytes." % (locale_count, total_entries, total_bytes),
    ]) + [
        "extension LikelySubtags {",
    ]
    for name in ORDER:
        key_width, value_width = LAYOUT[name]
        lines.append("    /// %d entries of %d bytes; %s." % (len(tables[name]), key_width + value_width, DOCS[name]))
        lines.append("    static let %s = Table(entries: %s, keyWidth: %d, valueWidth: %d)"
                     % (name, generated.swift_string(packed(name, tables[name])), key_width, value_width))
        if name != ORDER[-1]:
            lines.append("")
    lines += ["}", ""]
    return "\n".join(lines), total_entries, total_bytes


# Test vectors -------------------------------------------------------------------------------------------------


def repository_locales():
    """The locales of the sample project in Locales/, as its folders spell them."""
    project = os.path.join(ROOT, "Locales", "acme", "widgets")
    return sorted(name for name in os.listdir(project) if os.path.isdir(os.path.join(project, name)))


SPELLINGS = ["pt-BR", "pt_BR", "zh-Hant", "zh-TW", "zh-HK", "TR", "de-AT", "pt"]

CHAIN_TAGS = [
    "zh-TW", "zh-HK", "zh", "zh-Hant", "pt", "pt-PT", "pt-AO", "sr-ME", "es-MX", "en-AU", "de-AT", "zh-MO",
    "de-CH-1996", "hi-Latn", "az-Arab", "en-150", "en-GB", "en-IN", "en-US", "en-Latn-AU", "es-419", "es-JP",
    "es-ES", "zh-CN", "zh-SG", "zh-Hans", "zh-Hans-CN", "zh-Hans-US", "zh-Hant-US", "zh-US", "zh-DE", "zh-Hant-HK",
    "zh-Hant-MO", "yue", "yue-Hans", "yue-CN", "sr", "sr-Latn", "sr-Latn-RS", "sr-Cyrl-BA", "sr-XK", "sr-RS", "uz-AF",
    "uz-Arab", "pa-PK", "pa-IN", "pa-GB", "nb", "nn", "no", "ht", "ms-CC", "az-AZ", "az-IR", "ku-LB", "mn-CN",
    "fr-CA", "fr-HT", "de-CH", "ca-ES-valencia", "ja-JP", "ar-EG", "ar-001", "he", "iw", "tl", "en-UK", "my-BU",
    "ko-KP", "en-Cyrl", "en-Shaw", "ff-Adlm", "ks-IN", "und", "und-TW", "und-Cyrl", "und-Latn-RS", "zxx", "qaa",
]

MAXIMIZE_ONLY = ["und-419", "und-Arab", "und-Hant", "und-IN", "und-Arab-IN", "en-Zzzz", "en-ZZ", "zh-yue-HK",
                 "en-US-u-ca-gregory", "en-a-bbb-x-a-ccc", "de-CH-1996", "sgn-BE", "in", "mo", "ji", "jw"]

REPOSITORY = "Locales/acme/widgets"
SUPPORTED_SETS = {
    REPOSITORY: None,  # filled in from the folders
    "en zh-Hans zh-Hant": ["en", "zh-Hans", "zh-Hant"],
    "en pt-BR pt-PT": ["en", "pt-BR", "pt-PT"],
    "en es es-419": ["en", "es", "es-419"],
    "sr-Latn sr-Cyrl en": ["sr-Latn", "sr-Cyrl", "en"],
    "en pt": ["en", "pt"],
    "en en-GB": ["en", "en-GB"],
    "en-US en-GB": ["en-US", "en-GB"],
    "en de": ["en", "de"],
    "en no": ["en", "no"],
    "en es": ["en", "es"],
    "en zh-Hant": ["en", "zh-Hant"],
    "region-only": ["en-US", "es-ES", "pt-BR", "zh-CN", "zh-TW", "fr-FR", "de-DE"],
    "app store": ["en", "en-GB", "en-AU", "fr", "fr-CA", "de", "es", "es-MX", "pt-BR", "pt-PT", "it", "ja", "ko",
                  "zh-Hans", "zh-Hant", "zh-HK", "ar", "he", "tr", "nl", "sv", "da", "nb", "fi", "pl", "ru"],
}

# (desired, supported set) from the issue's table: (desired, supported) pairs.
ISSUE_CASES = [
    ("zh-TW", "en zh-Hans zh-Hant"), ("pt", "en pt-BR pt-PT"), ("pt-AO", "en pt-BR pt-PT"), ("es-MX", "en es es-419"),
    ("sr-ME", "sr-Latn sr-Cyrl en"), ("zh-HK", "en zh-Hans zh-Hant"), ("zh", "en zh-Hans zh-Hant"),
    ("pt-PT", "en pt"), ("en-AU", "en en-GB"), ("en-AU", "en-US en-GB"), ("en-IN", "en en-GB"), ("de-AT", "en de"),
    ("sr", "sr-Latn sr-Cyrl en"), ("nb", "en no"), ("es-MX", "en es"), ("ja", "en zh-Hant"),
]

MATCH_DESIRED = [
    "pt-BR", "pt_BR", "zh-Hant", "zh-TW", "zh-HK", "TR", "de-AT", "pt", "en", "en-US", "en-GB", "en-AU", "en-IN",
    "en-CA", "en-001", "fr", "fr-CA", "fr-CH", "fr-BE", "de", "de-CH", "de-CH-1996", "es", "es-ES", "es-MX", "es-AR",
    "es-US", "es-419", "pt-PT", "pt-AO", "pt-MZ", "zh", "zh-CN", "zh-SG", "zh-MO", "zh-Hans", "zh-Hans-US",
    "zh-Hant-HK", "zh-US", "yue", "sr", "sr-ME", "sr-Latn", "ja", "ja-JP", "ko-KR", "ar", "ar-EG", "ar-SA", "ar-MA",
    "he", "iw", "tr-TR", "ru", "ru-UA", "pl", "pl-PL", "nb", "nn", "no", "it-CH", "nl-BE", "sv-FI", "ca", "hi-Latn",
]
MATCH_SETS = [REPOSITORY, "region-only", "app store"]

LANGUAGE = ("WidgetI18n matches within one language (or a macrolanguage's child, nb for no); CLDR's language "
            "distances also pair {desired} with {icu}, and answering in another language is the default locale's job")
CHAIN = ("the fallback chain follows CLDR's parent locales, hi-Latn → en-IN → en-001 → en, so English answers; "
         "ICU's matcher compares languages and finds none")
REGION = ("the chain's step en-001 is answered by a locale that falls back to it (en-GB, CLDR's paradigm) before "
          "the step en is reached; ICU weighs region distances over the whole list and picks en (en-Latn-US)")

# Where WidgetI18n deliberately differs from ICU's LocaleMatcher: (desired, supported set) → (WidgetI18n's
# choice, reason). A case that differs and is not listed fails the test, so each difference is a decision.
DIFFERENCES = {
    ("yue", REPOSITORY): (None, LANGUAGE),
    ("yue", "region-only"): (None, LANGUAGE),
    ("yue", "app store"): (None, LANGUAGE),
    ("ca", "region-only"): (None, LANGUAGE),
    ("ca", "app store"): (None, LANGUAGE),
    ("hi-Latn", REPOSITORY): ("en", CHAIN),
    ("hi-Latn", "region-only"): ("en-US", CHAIN),
    ("hi-Latn", "app store"): ("en-GB", CHAIN),
    ("en-001", "app store"): ("en-GB", REGION),
}


def chains_file():
    tags = []
    for tag in repository_locales() + SPELLINGS + CHAIN_TAGS:
        if tag not in tags:
            tags.append(tag)
    cases = []
    for tag in tags:
        cases.append({"input": tag, "maximized": maximized_tag(bcp47(tag)), "icuChain": icu_chain(bcp47(tag))})
    for tag in MAXIMIZE_ONLY:
        cases.append({"input": tag, "maximized": maximized_tag(bcp47(tag))})
    bundles = sorted(normalized(icu_id) for icu_id in icu.Locale.getAvailableLocales().keys())
    document = {
        "about": "Generated by %s; do not edit by hand. `maximized` is ICU's addLikelySubtags; `icuChain` the "
                 "bundles ICU's resource fallback opens, without root. LocaleTag.fallbackChain keeps the tags "
                 "between them that ICU has no bundle for, so a test compares it with `icuChain` after dropping "
                 "the tags that are not in `bundles`." % generated.generated_by("likely-subtags.py"),
        "cases": cases,
        "bundles": bundles,
    }
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def matching_file():
    sets = dict(SUPPORTED_SETS)
    sets[REPOSITORY] = repository_locales()
    pending = list(ISSUE_CASES) + [(desired, name) for name in MATCH_SETS for desired in MATCH_DESIRED]
    cases, seen = [], set()
    for desired, name in pending:
        if (desired, name) in seen:
            continue
        seen.add((desired, name))
        case = {"desired": desired, "supported": name, "icu": icu_match(desired, sets[name])}
        difference = DIFFERENCES.get((desired, name))
        if difference is not None:
            if difference[0] == case["icu"]:
                sys.exit("likely-subtags.py: %s among %s is listed as a difference, but ICU agrees" % (desired, name))
            case["widgetI18n"] = difference[0]
            case["reason"] = difference[1].format(desired=desired, icu=case["icu"])
        cases.append(case)
    used = {(case["desired"], case["supported"]) for case in cases}
    for key in DIFFERENCES:
        if key not in used:
            sys.exit("likely-subtags.py: the difference %s is for no case" % (key,))
    document = {
        "about": "Generated by %s; do not edit by hand. `icu` is ICU LocaleMatcher's choice (its defaults, no "
                 "default locale) among the named supported set; `widgetI18n` and `reason` say where "
                 "LocaleNegotiation.bestMatch deliberately chooses otherwise."
                 % generated.generated_by("likely-subtags.py"),
        "supported": sets,
        "cases": cases,
    }
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def main():
    args = generated.command_line(__doc__).parse_args()
    generated.require_icu("likely-subtags.py")
    # A bundle ICU has no data for falls back to the default locale: root, so that the chains are the same on
    # every machine.
    icu.Locale.setDefault(icu.Locale.getRoot())
    tables, locale_count = build_tables(generated.Resources())
    swift, entries, size = swift_file(tables, locale_count)
    outputs = {SWIFT_OUTPUT: swift, CHAINS_OUTPUT: chains_file(), MATCHING_OUTPUT: matching_file()}
    changed = generated.update("likely-subtags.py", outputs, args.check, generated.current())
    if not args.check:
        print("%d entries, %d bytes; wrote %s" % (entries, size, ", ".join(changed) if changed else
                                                   "nothing (all current)"))


if __name__ == "__main__":
    main()
