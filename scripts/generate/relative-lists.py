#!/usr/bin/env python3
"""Generate WidgetI18n's relative-time and list data from one CLDR release: CLDR 47, as ICU4C 77.1 ships it.

What ICU's `RelativeDateTimeFormatter` and `ListFormatter` format with, for every locale ICU has (the locales,
parents and aliases of `cldr.py`, so `CLDRData.dataLocale` and `CLDRData.chain` walk this table too), read
through PyICU's `ResourceBundle` (`pip install pyicu-wheels==2.15.2`, ICU 77.1) and written, byte for byte the
same on every run, to

  Sources/LocaleData/Format/RelativeListData+Generated.swift

Two string literals read in place like `CLDRData`'s (`PackedRecords`): an index of fixed-width entries (keys
padded to KEY_WIDTH, as `generated.PackedRecords` writes them) sorted by key, and the records it points at, each a
list of `key US value RS` (US = U+001F, RS = U+001E; U+0018 says "no value here, do not inherit"). Records:

  <locale>/r   relative times, keyed by a unit letter (s second, m minute, h hour, d day, w week, M month,
               q quarter, y year), a style letter (l, s, n: ICU's long, short and narrow) and either an offset
               of -2..2, for the word ICU's `format` uses there (`dl-1` "yesterday", `sl0` "now"), or a
               direction (f future, p past) and a plural category letter (z zero, o one, t two, f few, m many,
               x other), for the pattern of a numeric time (`dspo` "{0} day ago", `dlfx` "in {0} days").
  <locale>/l   lists, keyed by a type letter (a `and`, CLDR's standard; o `or`; u `unit`), a style letter and
               the part: 2, s (start), m (middle), e (end): `al2` "{0} and {1}".

A value U+001A + a style letter is "this record's value of the same key in that style" (a short value equal to
the long one of the same locale is written once): it refers only to a value written out in the same record.

Each value is resolved as ICU resolves it: ResourceBundle's `getWithFallback` walks the locale's chain and
follows root's aliases from a narrow style to the short one and from short to long (`fields/day-narrow` ->
`day-short` -> `day`, `listPattern/or-narrow` -> `or-short` -> `or`), which is the fallback of ICU's data
sinks: a narrow value anywhere in the chain first, then a short one, then a long one. A locale keeps only the
values that differ from its parent's resolved ones. Where a plural category has no pattern at all ICU takes
the `other` one; the Swift lookup does the same, so nothing is stored for it.

The generator checks what it writes against ICU's formatters (through ctypes on the wheel's libicui18n, since
PyICU has no relative `format` with words): for every locale, style and unit, the word or numeric time ICU
prints at -2..2 and at a sample number of each plural category, past and future; and for every locale, type
and style, lists of two to four items, with the contextual forms of Spanish and Hebrew (`ListFormat.swift`
says what they are) applied by the same rules the Swift code applies. It also writes the code points whose
Script property is Hebrew (what ICU's `uscript_getScript` reads, which the Hebrew rule asks about). Languages
whose ICU bundle is an alias (`iw`, `sh`, `tl`) have no records: `RelativeListData.dataTag` reads their target's.

Usage: python3 scripts/generate/relative-lists.py [--check]
       (--check: regenerate into memory and diff, exit 1 on change)
"""
import ctypes
import math
import sys

import icu
import generated
from generated import ABSENT, CATEGORIES, ICU_VERSION, Bundle, tag

OUTPUT = "Sources/LocaleData/Format/RelativeListData+Generated.swift"

# URelativeDateTimeUnit's order (UDAT_REL_UNIT_YEAR = 0 … UDAT_REL_UNIT_SECOND = 7) is the C API's.
C_UNITS = ["year", "quarter", "month", "week", "day", "hour", "minute", "second"]
UNITS = ["second", "minute", "hour", "day", "week", "month", "quarter", "year"]
# The style letter, its ICU resource suffix, and UDateRelativeDateTimeFormatterStyle / UListFormatterWidth.
WIDTHS = [("l", "", 0), ("s", "-short", 1), ("n", "-narrow", 2)]
OFFSETS = ["-2", "-1", "0", "1", "2"]
DIRECTIONS = [("f", "future"), ("p", "past")]
UNIT_LETTERS = {"second": "s", "minute": "m", "hour": "h", "day": "d", "week": "w", "month": "M", "quarter": "q",
                "year": "y"}
CATEGORY_LETTERS = {"zero": "z", "one": "o", "two": "t", "few": "f", "many": "m", "other": "x"}
# The list type's letter, its ICU resource name and UListFormatterType; the list types' names in the C calls.
LIST_TYPES = [("a", "standard", 0), ("o", "or", 1), ("u", "unit", 2)]
LIST_NAMES = {"and": "a", "or": "o", "unit": "u"}
LIST_PARTS = [("2", "2"), ("s", "start"), ("m", "middle"), ("e", "end")]
SAME = "\x1a"  # SAME + a style letter: the record's value of the same key in that style
UDISPCTX_CAPITALIZATION_NONE = 256


# --- ICU's C formatters, for what PyICU cannot call ---------------------------------------------------------------

class Formatters:
    """`ureldatefmt_*` and `ulistfmt_*` of the wheel's libicui18n (UChar strings are UTF-16)."""

    def __init__(self):
        function = generated.CLibrary("libicui18n").function
        pointer, int32, status = ctypes.c_void_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_int)
        uchars = ctypes.POINTER(ctypes.c_uint16)
        self.relative_open = function("ureldatefmt_open", pointer, ctypes.c_char_p, pointer, int32, int32, status)
        self.relative_format = function("ureldatefmt_format", int32, pointer, ctypes.c_double, int32, uchars, int32,
                                        status)
        self.relative_numeric = function("ureldatefmt_formatNumeric", int32, pointer, ctypes.c_double, int32, uchars,
                                         int32, status)
        self.list_open = function("ulistfmt_openForType", pointer, ctypes.c_char_p, int32, int32, status)
        self.list_format = function("ulistfmt_format", int32, pointer, ctypes.POINTER(uchars), ctypes.POINTER(int32),
                                    int32, uchars, int32, status)
        self.relative_formatters = {}
        self.list_formatters = {}

    @staticmethod
    def text(buffer, length, error, what):
        if error.value > 0:
            raise SystemExit("relative-lists.py: ICU failed (error %d) on %s" % (error.value, what))
        return bytes(buffer)[:2 * length].decode("utf-16-le")

    def relative(self, locale, value, unit, width, numeric):
        """ICU's `RelativeDateTimeFormatter(locale, nullptr, width, UDISPCTX_CAPITALIZATION_NONE)`
        `.format(value, unit)` (`numeric` False) or `.formatNumeric(value, unit)`. `locale` is an ICU locale ID
        (`en_GB`, `ar@numbers=arab`), `width` l, s or n."""
        key = (locale, width)
        if key not in self.relative_formatters:
            error = ctypes.c_int(0)
            style = next(number for letter, _, number in WIDTHS if letter == width)
            formatter = self.relative_open(locale.encode(), None, style, UDISPCTX_CAPITALIZATION_NONE,
                                           ctypes.byref(error))
            if error.value > 0:
                raise SystemExit("relative-lists.py: ureldatefmt_open(%s) failed (error %d)" % (locale, error.value))
            self.relative_formatters[key] = formatter
        buffer = (ctypes.c_uint16 * 1024)()
        error = ctypes.c_int(0)
        call = self.relative_numeric if numeric else self.relative_format
        length = call(self.relative_formatters[key], value, C_UNITS.index(unit), buffer, 1024, ctypes.byref(error))
        return self.text(buffer, length, error, "%s %r %s %s" % (locale, value, unit, width))

    def list(self, locale, items, list_type, width):
        """ICU's `ListFormatter::createInstance(locale, type, width).format(items)`: `locale` an ICU locale ID,
        `list_type` and, or or unit, `width` l, s or n."""
        key = (locale, list_type, width)
        if key not in self.list_formatters:
            error = ctypes.c_int(0)
            kind = next(number for letter, _, number in LIST_TYPES if letter == LIST_NAMES[list_type])
            style = next(number for letter, _, number in WIDTHS if letter == width)
            formatter = self.list_open(locale.encode(), kind, style, ctypes.byref(error))
            if error.value > 0:
                raise SystemExit("relative-lists.py: ulistfmt_openForType(%s) failed (error %d)"
                                 % (locale, error.value))
            self.list_formatters[key] = formatter
        count = len(items)
        strings = (ctypes.POINTER(ctypes.c_uint16) * max(count, 1))()
        lengths = (ctypes.c_int32 * max(count, 1))()
        kept = []
        for index, item in enumerate(items):
            data = item.encode("utf-16-le")
            units = (ctypes.c_uint16 * (len(data) // 2 + 1)).from_buffer_copy(data + b"\0\0")
            kept.append(units)
            strings[index] = ctypes.cast(units, ctypes.POINTER(ctypes.c_uint16))
            lengths[index] = len(data) // 2
        size = 4096 + sum(len(item) for item in items) * 2
        buffer = (ctypes.c_uint16 * size)()
        error = ctypes.c_int(0)
        length = self.list_format(self.list_formatters[key], strings, lengths, count, buffer, size,
                                  ctypes.byref(error))
        return self.text(buffer, length, error, "%s %r %s %s" % (locale, items, list_type, width))


# --- reading the data ------------------------------------------------------------------------------------------

def relative_values(icu_id):
    bundle = Bundle("", icu_id)
    values = {}
    for unit in UNITS:
        for letter, suffix, _ in WIDTHS:
            field = "fields/%s%s/" % (unit, suffix)
            for offset in OFFSETS:
                values[word_key(unit, letter, offset)] = bundle.string(field + "relative/" + offset)
            for short, direction in DIRECTIONS:
                for category in CATEGORIES:
                    values[pattern_key(unit, letter, short, category)] = bundle.string(
                        "%srelativeTime/%s/%s" % (field, direction, category))
    return values


def word_key(unit, width, offset):
    return UNIT_LETTERS[unit] + width + offset


def pattern_key(unit, width, direction, category):
    return UNIT_LETTERS[unit] + width + direction + CATEGORY_LETTERS[category]


def list_key(list_type, width, part):
    return list_type + width + part


def list_values(icu_id):
    bundle = Bundle("", icu_id)
    values = {}
    for name, resource, _ in LIST_TYPES:
        for letter, suffix, _ in WIDTHS:
            for short, part in LIST_PARTS:
                values[list_key(name, letter, short)] = bundle.string("listPattern/%s%s/%s" % (resource, suffix, part))
    return values


SECTIONS = {"r": relative_values, "l": list_values}


def check_pattern(pattern, where, placeholders):
    """The Swift code substitutes `{0}` (and `{1}`) verbatim: no pattern may need SimpleFormatter's quoting."""
    if pattern is None:
        return
    if "'" in pattern or any(pattern.count("{%d}" % n) > 1 for n in placeholders):
        raise SystemExit("relative-lists.py: %s has a pattern the Swift code would misread: %r" % (where, pattern))
    for n in range(2, 10):
        if "{%d}" % n in pattern:
            raise SystemExit("relative-lists.py: %s has an unexpected placeholder: %r" % (where, pattern))


def build_records():
    """Every locale's records (what differs from its parent's, with the parents of CLDRData), each pattern checked
    for what the Swift code can read; and the parents."""
    # The aliases (zh_TW -> zh_Hant_TW) are CLDRData's `a` records, which CLDRData.dataLocale resolves.
    parents, _ = generated.locales()

    def read(icu_id):
        sections = {}
        for section, values in SECTIONS.items():
            found = values(icu_id)
            for key, value in found.items():
                check_pattern(value, "%s %s" % (icu_id, key), (0,) if section == "r" else (0, 1))
            sections[section] = {key: generated.encode(value) for key, value in found.items()}
        return sections

    records = {}
    for icu_id, kept in generated.by_parents(parents, read):
        for section, own in kept.items():
            if own or icu_id == "root":
                records[tag(icu_id) + "/" + section] = with_references(own)
    return records, parents


def with_references(own):
    """`own` with a short or narrow value that equals the long (else short) one of the same record written as a
    reference to it (`SAME + style`); the style letter is a key's second character in both sections. A narrow value
    refers to the short one only when it differs from the long one, so what it refers to is written out."""
    written = {}
    for key, value in sorted(own.items()):
        if key[1] in "sn" and value != ABSENT:
            for style in "ls"[:"sn".index(key[1]) + 1]:
                if own.get(key[0] + style + key[2:]) == value:
                    value = SAME + style
                    break
        written[key] = value
    return written


def decoded(record):
    """A record's values with its references resolved, as `RelativeListData` decodes it."""
    return {key: (record[key[0] + value[1] + key[2:]] if value.startswith(SAME) else value)
            for key, value in record.items()}


def hebrew_ranges():
    """The code points whose Script property is Hebrew, as ICU 77.1 (Unicode 16) has it."""
    hebrew = icu.UnicodeSet("[:sc=Hebrew:]")
    return [(ord(hebrew.getRangeStart(i)), ord(hebrew.getRangeEnd(i))) for i in range(hebrew.getRangeCount())]


# --- checking the data against ICU's formatters -------------------------------------------------------------------

class Lookup:
    """The lookup of `RelativeListData` over the written records: the nearest value of the locale's chain."""

    def __init__(self, records, parents):
        self.records = {key: decoded(record) for key, record in records.items()}
        self.parents = parents

    def value(self, icu_id, section, key):
        """The value of `key` in the nearest record of the locale's chain that has it, or None."""
        for locale in generated.chain(self.parents, icu_id):
            record = self.records.get(tag(locale) + "/" + section, {})
            if key in record:
                return None if record[key] == ABSENT else record[key]
        return None


def number_text(icu_id, value):
    return icu.NumberFormat.createInstance(icu.Locale(icu_id)).format(value)


def sample_values(icu_id):
    """An integer (or, failing that, decimal) sample of each plural category of the locale, as ICU selects it."""
    rules = icu.PluralRules.forLocale(icu.Locale(icu_id))
    samples = {}
    # PyICU has no getSamples: the first of these numbers that the rules put in each category.
    for value in list(range(0, 200)) + [1000, 100000, 1000000, 0.5, 1.5, 2.5]:
        samples.setdefault(rules.select(float(value)), float(value))
    return samples


def contextual(icu_id, pattern, following, hebrew):
    """The pattern ICU joins `following` (the item after the conjunction) with: the rules of `ListFormat.swift`."""
    language = icu_id.split("_")[0]
    if language == "es":
        lower = following[:3].lower()
        if pattern == "{0} y {1}" and (lower[:1] == "i" or (lower[:2] == "hi" and lower[2:3] not in ("a", "e"))):
            return "{0} e {1}"
        if pattern == "{0} o {1}" and (lower[:1] in ("o", "8") or lower[:2] == "ho" or following == "11"
                                       or following.startswith("11 ")):
            return "{0} u {1}"
    if language in ("he", "iw") and pattern == "{0} \u05d5{1}" and following:
        if not any(low <= ord(following[0]) <= high for low, high in hebrew):
            return "{0} \u05d5-{1}"
    return pattern


def check_against_icu(records, parents):
    formatters = Formatters()
    lookup = Lookup(records, parents)
    mismatches = []
    for icu_id in ["root"] + sorted(parents):
        samples = sample_values(icu_id)
        rules = icu.PluralRules.forLocale(icu.Locale(icu_id))
        def numeric(unit, width, value):
            """The numeric time RelativeTimeFormat writes: the pattern of the sign and the number's category."""
            direction = "p" if math.copysign(1.0, value) < 0 else "f"  # -0.0 is past, as ICU's signbit
            pattern = lookup.value(icu_id, "r", pattern_key(unit, width, direction, rules.select(abs(value))))
            pattern = pattern or lookup.value(icu_id, "r", pattern_key(unit, width, direction, "other"))
            return pattern.replace("{0}", number_text(icu_id, abs(value)))

        for unit in UNITS:
            for width, _, _ in WIDTHS:
                for offset in OFFSETS:
                    # ICU's `format` takes a word for -2..2, but for seconds only "now".
                    word = lookup.value(icu_id, "r", word_key(unit, width, offset))
                    if unit == "second" and offset != "0":
                        word = None
                    expected = word or numeric(unit, width, float(offset))
                    got = formatters.relative(icu_id, float(offset), unit, width, numeric=False)
                    if got != expected:
                        mismatches.append((icu_id, unit, width, offset, got, expected))
                for value in samples.values():
                    for signed in (value, -value):
                        got = formatters.relative(icu_id, signed, unit, width, numeric=True)
                        if got != numeric(unit, width, signed):
                            mismatches.append((icu_id, unit, width, signed, got, numeric(unit, width, signed)))
        items = ["A", "B", "C", "D"]
        hebrew = hebrew_ranges()
        for name, letter in LIST_NAMES.items():
            for width, _, _ in WIDTHS:
                def part(short):
                    return lookup.value(icu_id, "l", list_key(letter, width, short))

                def join(pattern, first, second, last=False):
                    if last:
                        pattern = contextual(icu_id, pattern, second, hebrew)
                    return pattern.replace("{0}", "\x00").replace("{1}", second).replace("\x00", first)

                # Plain items, then the items that trigger the Spanish and Hebrew forms (in every locale: no other
                # language changes its conjunction before them).
                for last in ("D", "iglesia", "hielo", "Hola", "ocho", "11", "110", "b", "\u05d1", "1"):
                    for count in range(2, 5):
                        chosen = items[:count - 1] + [last]
                        if count == 2:
                            expected = join(part("2"), chosen[0], chosen[1], last=True)
                        else:
                            expected = join(part("s"), chosen[0], chosen[1])
                            for item in chosen[2:count - 1]:
                                expected = join(part("m"), expected, item)
                            expected = join(part("e"), expected, chosen[count - 1], last=True)
                        got = formatters.list(icu_id, chosen, name, width)
                        if got != expected:
                            mismatches.append((icu_id, name, width, chosen, got, expected))
    if mismatches:
        for mismatch in mismatches[:40]:
            print("relative-lists.py: ICU and the data differ: %r" % (mismatch,), file=sys.stderr)
        raise SystemExit("relative-lists.py: %d differences from ICU's formatters" % len(mismatches))


# --- the Swift file ----------------------------------------------------------------------------------------------

def data_file(records, locale_count):
    """RelativeListData+Generated.swift: the packed records and the Hebrew script's code points."""
    packed = generated.PackedRecords(records, generated.KEY_WIDTH, "relative-lists.py")
    ranges = ", ".join("0x%04X...0x%04X" % pair for pair in hebrew_ranges())
    return packed.swift_file("relative-lists.py", [
        "Source: the ICU data library (Unicode License V3): relative times and list patterns of %d locales; "
        "%d records, %d bytes of records." % (locale_count, packed.count, packed.size)], "RelativeListData", after=[
        "",
        "    /// The code points whose script is Hebrew (ICU %s, Unicode %s), which the Hebrew conjunction asks about."
        % (ICU_VERSION, icu.UNICODE_VERSION),
        "    static let hebrewScript: [ClosedRange<UInt32>] = [%s]" % ranges,
    ])


def main():
    args = generated.command_line(__doc__, "the committed file").parse_args()
    generated.require_icu("relative-lists.py")
    records, parents = build_records()
    check_against_icu(records, parents)
    text = data_file(records, len(parents) + 1)
    changed = generated.update("relative-lists.py", {OUTPUT: text}, args.check,
                               generated.current("the generated file is"))
    if not args.check:
        print("wrote %s (%d bytes)" % (OUTPUT, len(text.encode("utf-8"))) if changed else "wrote nothing (current)")


if __name__ == "__main__":
    main()
