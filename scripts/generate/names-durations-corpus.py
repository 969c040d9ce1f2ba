#!/usr/bin/env python3
"""Generate the differential corpora of durations and display names: ICU4C 77.1 (CLDR 47) outputs.

Writes, byte for byte the same on every run,

  Tests/LocaleDataTests/Data/duration-corpus.jsonl
  Tests/LocaleDataTests/Data/display-name-corpus.jsonl

Durations are ICU's `MeasureFormat(locale, width).formatMeasures(measures, n, …)` with one Measure per field
(year, month, week, day, hour, minute, second, largest first), at the four widths DurationStyle names: wide
(long), short, narrow, and numeric (digital); in 40 locales, over field sets that take every branch: hours and
minutes, with seconds, minutes and seconds, hours and seconds, days and hours, years and months, weeks and days,
each field alone, all seven, zeros, fractions on the last field and on the others, values that round up to the
next digit, plural forms (2, 3, 5, 11, 21, 22, 101), large values (grouping), a negative field. A line:

  {"locale": "de", "fields": {"hours": 1, "minutes": 30}, "expected": {"long": "...", "short": "...",
   "narrow": "...", "digital": "..."}}

Display names are ICU's `LocaleDisplayNames::createInstance(locale, ULDN_DIALECT_NAMES)` (long) and the same with
`UDISPCTX_LENGTH_SHORT` (short): `localeDisplayName` of about fifty tags, `regionDisplayName` of twenty regions and
`scriptDisplayName` of twelve scripts in the same 40 locales, and every ICU locale's name for itself (long and
short). A line:

  {"locale": "en", "type": "language", "code": "en-GB", "long": "British English", "short": "UK English"}

where a name is null when ICU has none: ICU would echo the code back (it returns no name with
`UDISPCTX_NO_SUBSTITUTE`), as DisplayNames returns nil. The first line of each file is a comment object, which
readers skip. A case WidgetI18n deliberately does not match carries "differences": {style or length: {"icu":
what ICU printed, "reason": why}}, and "expected" (or "long"/"short") holds what WidgetI18n prints.

MeasureFormat::formatMeasures, through a C++ shim. PyICU's `formatMeasures` raises InvalidArgsError on any
arguments and ICU has no C API for it, so `scripts/generate/measure-format-shim.cpp` calls it; this generator
compiles it on every run, into a temporary directory, with

  g++ -std=c++17 -O1 -o measure-format-shim scripts/generate/measure-format-shim.cpp \\
      <wheel>/libicui18n-*.so.77.1 <wheel>/libicuuc-*.so.77.1 <wheel>/libicudata-*.so.77.1 \\
      -Wl,--disable-new-dtags,-rpath,<wheel>

where <wheel> is the pyicu_wheels.libs directory beside PyICU's package (the libraries PyICU itself loads), and
the headers are Debian's ICU 72 ones in /usr/include/unicode (`apt-get install libicu-dev g++`). The shim renames
ICU's symbols to 77's itself (`#define U_ICU_ENTRY_POINT_RENAME(x) x##_77` before the first header: namespace
`icu_77`, C functions `…_77`), links the wheel's libraries by path with an RPATH (not RUNPATH, so libicuuc finds
libicudata too), and checks at start that ICU is 77.1 and that every class it allocates or passes in an array
(Measure, Formattable, UnicodeString, FieldPosition, Locale; MeasureFormat into a larger buffer) has the same size
in the ICU 72 headers as in the 77.1 library, or stops. It speaks one request a line on stdin and one answer a
line on stdout. Every one-field case is also formatted with PyICU's `MeasureFormat.formatMeasure`, which works,
and the two must agree.

Usage (from the repository root):  python3 scripts/generate/names-durations-corpus.py [--check]
(--check: regenerate into memory and compare with the committed files, exit 1 on a difference.) Needs Python 3,
PyICU with ICU 77.1 (pip install pyicu-wheels==2.15.2), g++ and libicu-dev.
"""
import json
import os
import subprocess
import sys
import tempfile

import icu
import generated

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(generated.ROOT, "Tests", "LocaleDataTests", "Data")
DURATION_OUTPUT = os.path.join(DATA, "duration-corpus.jsonl")
NAME_OUTPUT = os.path.join(DATA, "display-name-corpus.jsonl")
SHIM = os.path.join(HERE, "measure-format-shim.cpp")

LOCALES = [
    "en", "en-GB", "en-IN", "tr", "de", "de-CH", "fr", "es", "es-419", "it", "pt", "pt-PT", "ru", "uk", "pl", "cs",
    "ar", "ar-EG", "he", "fa", "hi", "bn", "ja", "zh", "zh-Hant", "ko", "th", "vi", "id", "nl", "sv", "fi", "el",
    "ro", "hu", "sr-Latn", "sw", "ur", "my", "nb",
]

# DurationStyle -> UMeasureFormatWidth.
STYLES = {"long": 0, "short": 1, "narrow": 2, "digital": 3}
FIELDS = ["years", "months", "weeks", "days", "hours", "minutes", "seconds"]

FIELD_SETS = [
    {"hours": 1, "minutes": 30}, {"hours": 0, "minutes": 5}, {"hours": 12, "minutes": 0}, {"hours": 2, "minutes": 1},
    {"hours": 1, "minutes": 2, "seconds": 3}, {"hours": 0, "minutes": 0, "seconds": 0},
    {"hours": 1, "minutes": 30, "seconds": 5.5}, {"minutes": 5, "seconds": 7}, {"minutes": 0, "seconds": 45},
    {"minutes": 61, "seconds": 5}, {"hours": 1, "seconds": 5}, {"days": 2, "hours": 5}, {"days": 1, "hours": 0},
    {"years": 1, "months": 6}, {"years": 2, "months": 0}, {"weeks": 3, "days": 1}, {"weeks": 1, "days": 2},
    {"seconds": 1}, {"seconds": 42}, {"seconds": 0}, {"seconds": 1.5}, {"minutes": 1}, {"hours": 3}, {"days": 1},
    {"weeks": 2}, {"months": 11}, {"years": 5},
    {"years": 1, "months": 2, "weeks": 3, "days": 4, "hours": 5, "minutes": 6, "seconds": 7},
    {"years": 0, "months": 0, "weeks": 0, "days": 0, "hours": 0, "minutes": 0, "seconds": 0},
    # Fractions: the last field keeps the pattern's digits, the others are truncated (and their plural with them).
    {"hours": 1.5}, {"hours": 1.5, "minutes": 30}, {"hours": 2, "minutes": 1.5}, {"hours": 1.75, "minutes": 10.25},
    {"hours": 1.75, "minutes": 10, "seconds": 30.25}, {"minutes": 1.5, "seconds": 2.25}, {"days": 1.9, "hours": 2.5},
    {"hours": 1, "minutes": 9.9996}, {"hours": 1.9, "minutes": 59.9, "seconds": 59.9996}, {"seconds": 0.1234},
    # Plural forms and grouping.
    {"hours": 21, "minutes": 22}, {"days": 5, "hours": 11}, {"years": 101, "months": 2}, {"weeks": 3, "days": 2},
    {"hours": 1234, "minutes": 5}, {"minutes": 12345, "seconds": 6}, {"years": 12345.678},
    {"days": 1000000, "hours": 1},
    # A negative field: no clock in digital.
    {"hours": -1, "minutes": 30},
]

# (locale, fields as sorted items, style) -> (what WidgetI18n prints, why it differs from ICU): none today.
DURATION_DIFFERENCES = {}

NAME_TAGS = [
    "en", "en-GB", "en-US", "en-CA", "en-AU", "en-001", "en-Latn-US", "zh", "zh-Hans", "zh-Hant", "zh-Hant-HK",
    "zh-Hans-CN", "zh-TW", "pt-BR", "pt-PT", "es-419", "es-MX", "es-ES", "fr-CA", "fr-CH", "de-CH", "de-AT", "nl-BE",
    "sr-Latn", "sr-Cyrl", "sr-ME", "az-Latn", "az-Arab", "uz-Arab", "ar-EG", "ar-001", "fa-AF", "ja", "ko", "tr",
    "ku", "ckb", "yue", "yue-Hant", "nb", "nn", "no", "hi-Latn", "und", "my-MM", "iw", "in-ID", "sw-CD", "ro-MD",
    "nds-NL", "qaa", "en-XY", "ca-ES-valencia",
]
REGIONS = ["GB", "US", "DE", "HK", "MO", "TW", "CN", "PS", "CI", "AX", "MM", "419", "001", "150", "EU", "UN", "ZZ",
           "XY", "UK", "BU"]
SCRIPTS = ["Latn", "Cyrl", "Arab", "Hans", "Hant", "Jpan", "Kore", "Deva", "Hebr", "Thai", "Cans", "Abcd"]

# Why WidgetI18n prints nil where ICU names a tag: its variant or extension keywords (ICU's `Variants`, `Keys` and
# `Types` tables) are outside the bounded set of scripts/generate/names-durations.py.
OUTSIDE_THE_SET = ("a tag with a variant or extension keywords: DisplayNames names languages, scripts and regions "
                   "only (the bounded set of scripts/generate/names-durations.py), so it returns nil where ICU also "
                   "names the variant or keywords")
NO_SUBSTITUTE = 0x301


# --- durations ---------------------------------------------------------------------------------------------------

def build_shim(directory):
    found = [os.path.realpath(generated.wheel_library(name)) for name in ("libicui18n", "libicuuc", "libicudata")]
    if not os.path.exists("/usr/include/unicode/measfmt.h"):
        sys.exit("names-durations-corpus.py: needs ICU's C++ headers: apt-get install libicu-dev g++")
    binary = os.path.join(directory, "measure-format-shim")
    command = (["g++", "-std=c++17", "-O1", "-o", binary, SHIM] + found
               + ["-Wl,--disable-new-dtags,-rpath," + os.path.dirname(found[0])])
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("names-durations-corpus.py: compiling the shim failed:\n%s\n%s" % (" ".join(command), result.stderr))
    return binary


def number(value):
    """A field value as the shim's strtod and the corpus read it (integers without a fraction)."""
    return repr(float(value))


def format_durations(requests):
    """[(ICU locale ID, width, [(unit, value)])] -> ICU's texts, through the shim."""
    with tempfile.TemporaryDirectory() as directory:
        binary = build_shim(directory)
        text = "".join("%s\t%d\t%s\n" % (locale, width, ";".join("%s:%s" % (unit, number(value))
                                                                  for unit, value in fields))
                       for locale, width, fields in requests)
        result = subprocess.run([binary], input=text, capture_output=True, text=True, encoding="utf-8")
    if result.returncode != 0:
        sys.exit("names-durations-corpus.py: the shim failed: " + result.stderr)
    outputs = result.stdout.split("\n")[:-1]
    if len(outputs) != len(requests):
        sys.exit("names-durations-corpus.py: the shim answered %d of %d requests" % (len(outputs), len(requests)))
    for output, request in zip(outputs, requests):
        if output.startswith("ERROR "):
            sys.exit("names-durations-corpus.py: ICU failed on %r: %s" % (request, output))
    return outputs


UNIT_FACTORIES = {
    "year": "createYear", "month": "createMonth", "week": "createWeek", "day": "createDay", "hour": "createHour",
    "minute": "createMinute", "second": "createSecond",
}
WIDTHS = ["WIDE", "SHORT", "NARROW", "NUMERIC"]


def single_measure(icu_id, width, unit, value):
    """PyICU's MeasureFormat.formatMeasure, the cross-check of the shim's one-field cases."""
    formatter = icu.MeasureFormat(icu.Locale(icu_id), getattr(icu.UMeasureFormatWidth, WIDTHS[width]))
    return formatter.formatMeasure(icu.Measure(float(value), getattr(icu.MeasureUnit, UNIT_FACTORIES[unit])()))


def json_number(value):
    return int(value) if float(value).is_integer() and abs(value) < 1e15 else value


def duration_lines():
    requests = []
    for tag in LOCALES:
        icu_id = icu.Locale.forLanguageTag(tag).getName()
        for fields in FIELD_SETS:
            ordered = [(name[:-1], fields[name]) for name in FIELDS if name in fields]
            for width in STYLES.values():
                requests.append((icu_id, width, ordered))
    outputs = iter(format_durations(requests))
    checked = 0
    yield json.dumps({
        "comment": "generated by %s: MeasureFormat::formatMeasures through measure-format-shim.cpp; do not edit"
                   % generated.generated_by("names-durations-corpus.py"),
        "styles": {style: "UMEASFMT_WIDTH_" + WIDTHS[width] for style, width in STYLES.items()},
    }, ensure_ascii=False)
    for tag in LOCALES:
        icu_id = icu.Locale.forLanguageTag(tag).getName()
        for fields in FIELD_SETS:
            ordered = [(name, fields[name]) for name in FIELDS if name in fields]
            expected, differences = {}, {}
            for style, width in STYLES.items():
                text = next(outputs)
                if len(ordered) == 1:
                    single = single_measure(icu_id, width, ordered[0][0][:-1], ordered[0][1])
                    if single != text:
                        sys.exit("names-durations-corpus.py: the shim and PyICU disagree on %s %s %r: %r, %r"
                                 % (tag, style, fields, text, single))
                    checked += 1
                key = (tag, tuple(ordered), style)
                if key in DURATION_DIFFERENCES:
                    ours, reason = DURATION_DIFFERENCES[key]
                    differences[style] = {"icu": text, "reason": reason}
                    text = ours
                expected[style] = text
            line = {"locale": tag, "fields": {name: json_number(value) for name, value in ordered},
                    "expected": expected}
            if differences:
                line["differences"] = differences
            yield json.dumps(line, ensure_ascii=False)
    if checked == 0:
        sys.exit("names-durations-corpus.py: no one-field case to check the shim with")


# --- display names -----------------------------------------------------------------------------------------------

class Names:
    """One locale's LocaleDisplayNames: long and short, with and without substitution."""

    def __init__(self, tag):
        locale = icu.Locale.forLanguageTag(tag)
        self.instances = {}
        for length in ("long", "short"):
            contexts = [icu.UDisplayContext.DIALECT_NAMES]
            if length == "short":
                contexts.append(icu.UDisplayContext.LENGTH_SHORT)
            self.instances[length] = (icu.LocaleDisplayNames.createInstance(locale, contexts),
                                      icu.LocaleDisplayNames.createInstance(locale, contexts + [NO_SUBSTITUTE]))

    def name(self, kind, code, length):
        substituting, strict = self.instances[length]
        if kind == "language":
            name, found = (substituting.localeDisplayName(icu.Locale.forLanguageTag(code)),
                           strict.localeDisplayName(icu.Locale.forLanguageTag(code)))
        elif kind == "region":
            name, found = substituting.regionDisplayName(code), strict.regionDisplayName(code)
        else:
            name, found = substituting.scriptDisplayName(code), strict.scriptDisplayName(code)
        if found is not None and found != name:
            sys.exit("names-durations-corpus.py: ICU names %s %s %r and %r" % (kind, code, name, found))
        return found


def name_line(tag, names, kind, code):
    line = {"locale": tag, "type": kind, "code": code}
    differences = {}
    values = {length: names.name(kind, code, length) for length in ("long", "short")}
    if kind == "language":
        locale = icu.Locale.forLanguageTag(code)
        if locale.getVariant() or "@" in locale.getName():
            for length in ("long", "short"):
                if values[length] is not None:
                    differences[length] = {"icu": values[length], "reason": OUTSIDE_THE_SET}
                    values[length] = None
    line.update(values)
    if differences:
        line["differences"] = differences
    return json.dumps(line, ensure_ascii=False)


def name_lines():
    yield json.dumps({
        "comment": "generated by %s: LocaleDisplayNames with ULDN_DIALECT_NAMES, long and UDISPCTX_LENGTH_SHORT; "
                   "null where ICU has no name (UDISPCTX_NO_SUBSTITUTE); do not edit"
                   % generated.generated_by("names-durations-corpus.py"),
    }, ensure_ascii=False)
    for tag in LOCALES:
        names = Names(tag)
        for code in NAME_TAGS + [tag]:
            yield name_line(tag, names, "language", code)
        for code in REGIONS:
            yield name_line(tag, names, "region", code)
        for code in SCRIPTS:
            yield name_line(tag, names, "script", code)
    # Every locale ICU has data for, named in itself.
    for icu_id in sorted(icu.Locale.getAvailableLocales()):
        tag = icu.Locale(icu_id).toLanguageTag()
        yield name_line(tag, Names(tag), "language", tag)


def main():
    args = generated.command_line(__doc__, "the committed corpora").parse_args()
    generated.require_icu("names-durations-corpus.py")
    outputs = {DURATION_OUTPUT: "\n".join(duration_lines()) + "\n", NAME_OUTPUT: "\n".join(name_lines()) + "\n"}
    durations = (outputs[DURATION_OUTPUT].count("\n") - 1) * len(STYLES)
    names = (outputs[NAME_OUTPUT].count("\n") - 1) * 2
    changed = generated.update("names-durations-corpus.py", outputs, args.check,
                               "the corpora are current (%d duration cases, %d name cases)" % (durations, names))
    if args.check:
        return
    print("wrote %d duration cases and %d name cases%s" % (
        durations, names, "" if changed else " (unchanged)"))


if __name__ == "__main__":
    main()
