#!/usr/bin/env python3
"""Generate the display names and the duration patterns of WidgetI18n from one CLDR release: CLDR 47, as ICU4C
77.1 ships it.

What `DisplayNames` (ICU's `LocaleDisplayNames` with dialect names) and `DurationFormat` (ICU's
`MeasureFormat::formatMeasures`) need beyond `CLDRData`, read from ICU's own data through PyICU
(`pip install pyicu-wheels==2.15.2`, ICU 77.1) with `icu.ResourceBundle`, and written, byte for byte the same on
every run, to

  Sources/LocaleData/Format/NamesAndDurationsData+Generated.swift

Two string literals read in place, in the format of `CLDRData` (`PackedRecords`: an index of `locale/section`
padded to KEY_WIDTH, sorted; records of `key US value RS`; U+0018 says "no value here, do not inherit"). Each
locale keeps only the values that differ from its parent's resolved values, with the parents of CLDRData
(`generated.locales()`, so `CLDRData.chain(from:)` walks them); locales are the ones ICU has data for
(`icu.Locale.getAvailableLocales()`) and root. Sections:

  l  ICUDATA-lang  Languages/<code>             L  Languages%short/<code>
  s  ICUDATA-lang  Scripts/<code>               S  Scripts%short/<code>
  r  ICUDATA-region  Countries/<code>           R  Countries%short/<code>
  x  ICUDATA-lang  localeDisplayPattern: `pattern` and `separator`
  d  ICUDATA-unit  durationUnits: `hm`, `hms`, `ms`; and the main tree's listPattern: `unit.2`, `unit.start`,
     `unit.middle`, `unit.end`, the same for `unit-short` and `unit-narrow`

Values are resolved as ICU resolves them (`getWithFallback` per item, so a locale's own table is completed by its
parents'; CLDR's no-inheritance marker, U+2205 three times, is no value). `Scripts%stand-alone` is not read:
`LocaleDisplayNames` never uses it (its `scriptDisplayName` and the script in a locale's name read `Scripts`;
only `Locale::getDisplayScript` reads the stand-alone form).

The names are a bounded set (the header of the generated file gives the counts):

  languages  the language of every locale ICU has data for, and every dialect key (`en_GB`, `zh_Hant`,
             `es_419`…) of any locale's Languages table
  regions    every key of any locale's Countries table: the two-letter regions and CLDR's numeric ones
             (`001`, `419`), which tags such as `es-419` name
  scripts    the script of every such locale, written or likely (`sr_Latn`, `ja` → Jpan), and of the dialect keys

It checks as it goes: every language, region and script name of every locale, long and short, read through the
packed records as the Swift reader reads them, must be what ICU's `LocaleDisplayNames` returns (without
substitution: ICU returns no name where the Swift side returns nil), dialect keys included; and the unit list
patterns joined as `DurationFormat` joins them must be what ICU's `ListFormatter` prints for 2, 3, 4 and 7 items.

Usage: python3 scripts/generate/names-durations.py [--check]   (--check: regenerate into memory and diff, exit 1
on change)
"""
import icu
import generated
from generated import ABSENT, RS, US, tag

OUTPUT = "Sources/LocaleData/Format/NamesAndDurationsData+Generated.swift"
NO_INHERITANCE = "\u2205\u2205\u2205"
LIST_WIDTHS = ["unit", "unit-short", "unit-narrow"]
LIST_KEYS = ["2", "start", "middle", "end"]
LIST_FORMAT_WIDTHS = {"unit": "WIDE", "unit-short": "SHORT", "unit-narrow": "NARROW"}
# uloc_getTableStringWithFallback's replacements, tried when a deprecated code has no name of its own.
DEPRECATED_LANGUAGES = {"in": "id", "iw": "he", "ji": "yi", "jw": "jv", "mo": "ro"}
DEPRECATED_REGIONS = {
    "AN": "CW", "BU": "MM", "CS": "RS", "DD": "DE", "DY": "BJ", "FX": "FR", "HV": "BF", "NH": "VU", "RH": "ZW",
    "SU": "RU", "TP": "TL", "UK": "GB", "VD": "VN", "YD": "YE", "YU": "RS", "ZR": "CD",
}
# ICU's UDISPCTX_NO_SUBSTITUTE: no name instead of the code echoed back.
NO_SUBSTITUTE = 0x301


class Bundle(generated.Bundle):
    """One locale's view of an ICU resource tree, items resolved with ICU's fallback; CLDR's no-inheritance
    marker is no value."""

    def string(self, path):
        """The string at `path`, or None where there is none or it is the no-inheritance marker."""
        value = super().string(path)
        return None if value == NO_INHERITANCE else value


def name_sets(available):
    """The languages, regions and scripts of the bounded set, each sorted."""
    languages = {icu_id.split("_")[0] for icu_id in available}
    scripts = set()
    regions = set()
    for icu_id in available:
        locale = icu.Locale(icu_id)
        scripts.update(s for s in (locale.getScript(), locale.addLikelySubtags().getScript()) if s)
    for icu_id in ["root"] + available:
        lang = Bundle("ICUDATA-lang", icu_id)
        for key in lang.keys("Languages") + lang.keys("Languages%short"):
            if "_" in key:
                languages.add(key)
                scripts.update(part for part in key.split("_")[1:] if len(part) == 4)
        region = Bundle("ICUDATA-region", icu_id)
        regions.update(region.keys("Countries"))
    return sorted(languages), sorted(regions), sorted(scripts)


def sections(icu_id, languages, regions, scripts):
    lang = Bundle("ICUDATA-lang", icu_id)
    region = Bundle("ICUDATA-region", icu_id)
    unit = Bundle("ICUDATA-unit", icu_id)
    main = Bundle("", icu_id)
    values = {
        "l": {code: lang.string("Languages/" + code) for code in languages},
        "L": {code: lang.string("Languages%short/" + code) for code in languages},
        "s": {code: lang.string("Scripts/" + code) for code in scripts},
        "S": {code: lang.string("Scripts%short/" + code) for code in scripts},
        "r": {code: region.string("Countries/" + code) for code in regions},
        "R": {code: region.string("Countries%short/" + code) for code in regions},
        "x": {key: lang.string("localeDisplayPattern/" + key) for key in ("pattern", "separator")},
        "d": {key: unit.string("durationUnits/" + key) for key in ("hm", "hms", "ms")},
    }
    for width in LIST_WIDTHS:
        for key in LIST_KEYS:
            values["d"]["%s.%s" % (width, key)] = main.string("listPattern/%s/%s" % (width, key))
    return values


def build_records():
    """Every locale's records (what differs from its parent's, with the parents of CLDRData), the parents, and
    the bounded set of names."""
    parents, _ = generated.locales()  # the aliases (zh_TW -> zh_Hant_TW) are CLDRData's `a` records
    available = sorted(parents)
    languages, regions, scripts = name_sets(available)

    def read(icu_id):
        return {section: {key: generated.encode(value) for key, value in found.items()}
                for section, found in sections(icu_id, languages, regions, scripts).items()}

    records = {}
    for icu_id, kept in generated.by_parents(parents, read):
        for section, own in kept.items():
            for value in own.values():
                if US in value or RS in value:
                    raise SystemExit("names-durations.py: a separator in a value of " + icu_id)
            if own:
                records[tag(icu_id) + "/" + section] = generated.record_text(own)
    return records, parents, (languages, regions, scripts)


# --- the checks: the packed records read as the Swift side reads them, against ICU ---------------------------------

class Reader:
    """NamesAndDurationsData.values as Swift does it: a locale's records over its parents', up to root."""

    def __init__(self, records, parents):
        self.records = records
        self.parents = parents
        self.cache = {}

    def values(self, icu_id, section):
        if (icu_id, section) in self.cache:
            return self.cache[(icu_id, section)]
        merged = {}
        for locale in reversed(generated.chain(self.parents, icu_id)):
            text = self.records.get(tag(locale) + "/" + section, "")
            for item in text.split(RS)[:-1]:
                key, value = item.split(US)
                if value == ABSENT:
                    merged.pop(key, None)
                else:
                    merged[key] = value
        self.cache[(icu_id, section)] = merged
        return merged


def join_list(items, patterns, language):
    """DurationFormat's joining of unit lists: ListFormatter's patterns, with its Spanish and Hebrew handlers."""
    def pattern(key, following):
        text = patterns[key]
        if language == "es" and text == "{0} y {1}" and should_change_to_e(following):
            return "{0} e {1}"
        if language == "es" and text == "{0} o {1}" and should_change_to_u(following):
            return "{0} u {1}"
        if language in ("he", "iw") and text == "{0} \u05d5{1}" and following and not is_hebrew(following[0]):
            return "{0} \u05d5-{1}"
        return text

    def apply(text, first, second):
        return text.replace("{0}", "\x00").replace("{1}", second).replace("\x00", first)

    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return apply(pattern("2", items[1]), items[0], items[1])
    result = apply(patterns["start"], items[0], items[1])
    for item in items[2:-1]:
        result = apply(patterns["middle"], result, item)
    return apply(pattern("end", items[-1]), result, items[-1])


def ascii_lower(text):
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text)


def should_change_to_e(text):
    lower = ascii_lower(text[:3])
    return lower.startswith("i") or (lower.startswith("hi") and (len(lower) == 2 or lower[2] not in "ae"))


def should_change_to_u(text):
    lower = ascii_lower(text[:2])
    return lower[:1] in ("o", "8") or lower.startswith("ho") or text == "11" or text.startswith("11 ")


def is_hebrew(char):
    return 0x0591 <= ord(char) <= 0x05F4 or 0xFB1D <= ord(char) <= 0xFB4F


def check(records, parents, name_set):
    languages, regions, scripts = name_set
    reader = Reader(records, parents)
    for icu_id in sorted(parents):
        locale = icu.Locale(icu_id)
        for short in (False, True):
            contexts = [icu.UDisplayContext.DIALECT_NAMES, NO_SUBSTITUTE]
            if short:
                contexts.append(icu.UDisplayContext.LENGTH_SHORT)
            names = icu.LocaleDisplayNames.createInstance(locale, contexts)

            def lookup(section, code, replacements=None):
                if short and code in reader.values(icu_id, section.upper()):
                    return reader.values(icu_id, section.upper())[code]
                value = reader.values(icu_id, section).get(code)
                if value is None and replacements and code in replacements:
                    value = reader.values(icu_id, section).get(replacements[code])
                return value

            def expect(what, code, ours, theirs):
                if ours != theirs:
                    raise SystemExit("names-durations.py: the %s name of %s in %s%s is %r in ICU, %r in the records"
                                     % (what, code, icu_id, " (short)" if short else "", theirs, ours))

            for code in languages:
                if "_" in code:
                    # A dialect's own name, where it has one; otherwise ICU composes it (the corpus checks that).
                    ours = lookup("l", code)
                    if ours is not None:
                        expect("dialect", code, ours, names.localeDisplayName(code))
                else:
                    expect("language", code, lookup("l", code, DEPRECATED_LANGUAGES), names.localeDisplayName(code))
            for code in DEPRECATED_LANGUAGES:
                expect("language", code, lookup("l", code, DEPRECATED_LANGUAGES), names.localeDisplayName(code))
            for code in regions:
                expect("region", code, lookup("r", code, DEPRECATED_REGIONS), names.regionDisplayName(code))
            for code in scripts:
                expect("script", code, lookup("s", code), names.scriptDisplayName(code))
        patterns = reader.values(icu_id, "x")
        for key in ("pattern", "separator"):
            if "'" in patterns[key]:
                raise SystemExit("names-durations.py: a quote in %s's %s pattern" % (icu_id, key))
        durations = reader.values(icu_id, "d")
        for width in LIST_WIDTHS:
            patterns = {key: durations["%s.%s" % (width, key)] for key in LIST_KEYS}
            formatter = icu.ListFormatter.createInstance(
                locale, icu.UListFormatterType.UNITS, getattr(icu.UListFormatterWidth, LIST_FORMAT_WIDTHS[width]))
            for items in (["1 a", "2 b"], ["3 c", "4 d", "5 e"], ["1", "2", "3", "4"], list("ABCDEFG"),
                          ["1 x", "ia"], ["1 x", "\u05e9"]):
                ours, theirs = join_list(items, patterns, icu_id.split("_")[0]), formatter.format(items)
                if ours != theirs:
                    raise SystemExit("names-durations.py: the %s list %r in %s is %r in ICU, %r here"
                                     % (width, items, icu_id, theirs, ours))


def data_file(records, locale_count, name_set):
    """NamesAndDurationsData+Generated.swift: the packed records."""
    languages, regions, scripts = name_set
    packed = generated.PackedRecords(records, generated.KEY_WIDTH, "names-durations.py")
    return packed.swift_file("names-durations.py", [
        "Source: the ICU data library (Unicode License V3): %d locales; names of %d languages and dialects, %d "
        "regions, %d scripts; %d records, %d bytes of records."
        % (locale_count, len(languages), len(regions), len(scripts), packed.count, packed.size)],
        "NamesAndDurationsData")


def main():
    args = generated.command_line(__doc__, "the committed file").parse_args()
    generated.require_icu("names-durations.py")
    records, parents, name_set = build_records()
    check(records, parents, name_set)
    text = data_file(records, len(parents) + 1, name_set)
    changed = generated.update("names-durations.py", {OUTPUT: text}, args.check,
                               generated.current("the generated file is"))
    if not args.check:
        generated.wrote(changed)


if __name__ == "__main__":
    main()
