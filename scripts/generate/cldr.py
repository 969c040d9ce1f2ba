#!/usr/bin/env python3
"""Generate every locale datum of WidgetI18n from one CLDR release: CLDR 47, as ICU4C 77.1 ships it.

The one generator of I18nCore's locale data. It reads ICU's own data through PyICU (`pip install pyicu-wheels`,
ICU 77.1) -- values resolved with ICU's inheritance, so each locale's data is what ICU formats with -- and
writes, byte for byte the same on every run:

  Sources/LocaleData/Plural/PluralRules+Generated.swift   cardinal and ordinal plural rules as Swift functions
  Sources/LocaleData/CLDR/CLDRData+Generated.swift         numbers, compact, units, currencies, dates and the
                                                          date-time pattern generator's table, packed
  Tests/LocaleDataTests/Data/cldr-plural-samples.json      every sample number CLDR publishes with each rule

The packed tables are two string literals (read in place, never copied into Swift objects): an index of
fixed-width entries sorted by `locale/section`, and the records they point at. A record is a list of
`key US value RS` (US = U+001F, RS = U+001E); a list value joins its items with U+001D; U+0018 says "this
locale has no value here" so that a parent's is not inherited. Section `p` of a locale names its parent
when that is not the truncation of its tag, section `a` names the locale a tag is an alias of. Each locale
keeps only the values that differ from its parent's, so a lookup walks the parent chain as ICU does.

Usage: python3 scripts/generate/cldr.py [--check]   (--check: regenerate into memory and diff, exit 1 on change)
"""
import argparse
import json
import os
import re
import sys

import icu
import generated

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ICU_VERSION = "77.1"
CLDR_RELEASE = "47"
CATEGORIES = ["zero", "one", "two", "few", "many", "other"]
US, RS, LS, ABSENT = "\x1f", "\x1e", "\x1d", "\x18"

# The units widgets show, as `category/unit` in ICU's unit tree.
UNITS = [
    "duration/second", "duration/minute", "duration/hour", "duration/day", "duration/week", "duration/month",
    "duration/year", "length/meter", "length/kilometer", "length/mile", "length/foot", "mass/gram",
    "mass/kilogram", "mass/pound", "temperature/celsius", "temperature/fahrenheit", "energy/kilocalorie",
    "speed/kilometer-per-hour", "speed/mile-per-hour", "volume/liter", "digital/kilobyte", "digital/megabyte",
    "digital/gigabyte", "concentr/percent",
]
UNIT_WIDTHS = {"units": "long", "unitsShort": "short", "unitsNarrow": "narrow"}

# The most used ISO 4217 currencies (trade, travel and app-store prices).
CURRENCIES = [
    "USD", "EUR", "GBP", "JPY", "CNY", "INR", "KRW", "RUB", "TRY", "BRL", "MXN", "CAD", "AUD", "CHF", "SEK",
    "NOK", "DKK", "PLN", "CZK", "HUF", "ILS", "SAR", "AED", "EGP", "ZAR", "NGN", "IDR", "THB", "VND", "PHP",
    "MYR", "SGD", "HKD", "TWD", "NZD", "CLP", "COP", "ARS", "PEN", "UAH", "RON", "KZT", "PKR", "BDT", "QAR",
    "KWD", "MAD", "ISK",
]

NUMBER_SYMBOLS = {
    "decimal": icu.DecimalFormatSymbols.kDecimalSeparatorSymbol,
    "group": icu.DecimalFormatSymbols.kGroupingSeparatorSymbol,
    "minus": icu.DecimalFormatSymbols.kMinusSignSymbol,
    "plus": icu.DecimalFormatSymbols.kPlusSignSymbol,
    "percent": icu.DecimalFormatSymbols.kPercentSymbol,
    "infinity": icu.DecimalFormatSymbols.kInfinitySymbol,
    "nan": icu.DecimalFormatSymbols.kNaNSymbol,
}
DATE_STYLES = ["full", "long", "medium", "short"]


def tag(icu_id):
    """ICU's `zh_Hant_HK` as the normalised tag WidgetI18n looks up: `zh-hant-hk`."""
    return "root" if icu_id == "root" else icu_id.replace("_", "-").lower()


class Bundle:
    """One locale's view of an ICU resource tree, leaves resolved with ICU's fallback."""

    def __init__(self, package, icu_id):
        self.bundle = icu.ResourceBundle(package, icu.Locale(icu_id))

    def get(self, path):
        try:
            return self.bundle.getWithFallback(path)
        except icu.ICUError:
            return None

    def string(self, path):
        resource = self.get(path)
        if resource is None or resource.getType() != 0:
            return None
        return resource.getString()

    def strings(self, path):
        resource = self.get(path)
        if resource is None:
            return None
        # A pattern may come as [pattern, override]; a currency's entry may end with an array of its own format.
        items = [resource.get(i) for i in range(resource.getSize())]
        if path.startswith("Currencies"):
            return [item.getString() for item in items if item.getType() == 0]
        return [item.getString() if item.getType() == 0 else item.get(0).getString() for item in items]


def gregorian_locale(icu_id):
    """The locale with the Gregorian calendar, whatever its default (`th` is Buddhist, `fa` Persian)."""
    return icu.Locale(icu_id + "@calendar=gregorian")


def number_section(icu_id):
    locale = icu.Locale(icu_id)
    main = Bundle("", icu_id)
    values = {}
    system = icu.NumberingSystem.createInstance(locale)
    values["nu"] = system.getName()
    values["digits"] = system.getDescription()
    if icu_id == "root":
        # The digits of every numbering system a locale defaults to, for `-u-nu-…` tags.
        systems = {icu.NumberingSystem.createInstance(icu.Locale(l)).getName() for l in icu.Locale.getAvailableLocales()}
        for name in sorted(systems | {"latn", "arab", "arabext", "deva", "beng", "thai", "hanidec", "fullwide"}):
            values["digits." + name] = icu.NumberingSystem.createInstanceByName(name).getDescription()
    symbols = icu.DecimalFormatSymbols(locale)
    for name, symbol in NUMBER_SYMBOLS.items():
        values["sym." + name] = symbols.getSymbol(symbol)
    # The symbols of the other numbering system a tag may ask for (`ar-u-nu-latn`, `ar-u-nu-arab`).
    for other in ("latn", "arab"):
        if other != system.getName():
            other_symbols = icu.DecimalFormatSymbols(icu.Locale(icu_id + "@numbers=" + other))
            for name in ("decimal", "group", "minus", "plus", "percent"):
                values["sym.%s.%s" % (other, name)] = other_symbols.getSymbol(NUMBER_SYMBOLS[name])
    for name in ["decimalFormat", "percentFormat", "currencyFormat", "currencyFormat%alphaNextToNumber"]:
        value = main.string("NumberElements/%s/patterns/%s" % (system.getName(), name))
        if value is None:
            value = main.string("NumberElements/latn/patterns/%s" % name)
        values["pattern." + name.replace("%", ".")] = value
    currency = icu.NumberFormat.createCurrencyInstance(locale).getCurrency()
    values["currency"] = currency if len(currency) == 3 and currency != "XXX" else None
    values["minimumGroupingDigits"] = main.string("NumberElements/minimumGroupingDigits") or "1"
    for width, key in (("short", "patternsShort"), ("long", "patternsLong")):
        for power in range(3, 15):
            # "1" is CLDR's explicit form for exactly one (`mille`, not `1 millier`).
            for category in CATEGORIES + ["1"]:
                value = None
                for ns in (system.getName(), "latn"):
                    value = main.string("NumberElements/%s/%s/decimalFormat/%d/%s" % (ns, key, 10**power, category))
                    if value is not None:
                        break
                if width == "long" and value is None:
                    # ICU's compact-long falls back to compact-short.
                    for ns in (system.getName(), "latn"):
                        value = main.string("NumberElements/%s/patternsShort/decimalFormat/%d/%s"
                                            % (ns, 10**power, category))
                        if value is not None:
                            break
                values["compact.%s.%d.%s" % (width, power, category)] = value
    return values


def unit_section(icu_id):
    units = Bundle("ICUDATA-unit", icu_id)
    values = {}
    for tree, width in UNIT_WIDTHS.items():
        for unit in UNITS:
            name = unit.split("/")[1]
            for category in CATEGORIES:
                values["%s.%s.%s" % (width, name, category)] = units.string("%s/%s/%s" % (tree, unit, category))
    return values


def currency_section(icu_id):
    curr = Bundle("ICUDATA-curr", icu_id)
    values = {}
    if icu_id == "root":
        # Fraction digits are the currency's, not the locale's: what ICU rounds an amount to (JPY 0, KWD 3).
        for code in CURRENCIES:
            formatter = icu.NumberFormatter.forSkeleton("currency/%s unit-width-iso-code" % code).locale(icu.Locale("en"))
            text = str(formatter.formatDouble(1.0))
            values["digits." + code] = str(len(text.split(".")[1]) if "." in text else 0)
    for code in CURRENCIES:
        names = curr.strings("Currencies/" + code)
        values[code + ".symbol"] = names[0] if names else None
        values[code + ".name"] = names[1] if names else None
        values[code + ".narrow"] = curr.string("Currencies%narrow/" + code)
        for category in CATEGORIES:
            values["%s.%s" % (code, category)] = curr.string("CurrencyPlurals/%s/%s" % (code, category))
    for category in CATEGORIES:
        values["unitPattern." + category] = curr.string("CurrencyUnitPatterns/" + category)
    for side in ("beforeCurrency", "afterCurrency"):
        for key in ("currencyMatch", "surroundingMatch", "insertBetween"):
            values["spacing.%s.%s" % (side, key)] = curr.string("currencySpacing/%s/%s" % (side, key))
    return values


def date_section(icu_id):
    main = Bundle("", icu_id)
    values = {}
    gregorian = "calendar/gregorian/"
    patterns = main.strings(gregorian + "DateTimePatterns")
    at_time = main.strings(gregorian + "DateTimePatterns%atTime")
    for index, style in enumerate(DATE_STYLES):
        values["time." + style] = patterns[index]
        values["date." + style] = patterns[4 + index]
        values["glue." + style] = patterns[9 + index]
        values["glueAtTime." + style] = at_time[index] if at_time else None
    for context in ("format", "stand-alone"):
        for width in ("abbreviated", "wide", "narrow"):
            values["months.%s.%s" % (context, width)] = main.strings("%smonthNames/%s/%s" % (gregorian, context, width))
        for width in ("abbreviated", "wide", "narrow", "short"):
            values["days.%s.%s" % (context, width)] = main.strings("%sdayNames/%s/%s" % (gregorian, context, width))
    for key, width in (("AmPmMarkersAbbr", "abbreviated"), ("AmPmMarkers", "wide"), ("AmPmMarkersNarrow", "narrow")):
        values["ampm." + width] = main.strings(gregorian + key)
    for width in ("abbreviated", "wide", "narrow"):
        values["eras." + width] = main.strings(gregorian + "eras/" + width)
    # Flexible day periods (`B`: "in the morning", 凌晨), as ICU resolves CLDR's rules: the name of each hour
    # (at half past), then of exact midnight and noon.
    utc = icu.TimeZone.createTimeZone("UTC")
    for letters, width in (("B", "abbreviated"), ("BBBB", "wide"), ("BBBBB", "narrow")):
        formatter = icu.SimpleDateFormat(letters, gregorian_locale(icu_id))
        formatter.setTimeZone(utc)
        names = [formatter.format(hour * 3600.0 + 1800) for hour in range(24)]
        values["dayPeriods." + width] = names + [formatter.format(0.0), formatter.format(12 * 3600.0)]
    return values


def pattern_generator_section(icu_id):
    """The table ICU's DateTimePatternGenerator matches skeletons against, in its iteration order."""
    main = Bundle("", icu_id)
    generator = icu.DateTimePatternGenerator.createInstance(gregorian_locale(icu_id))
    values = {}
    hour = re.sub(r"'[^']*'", "", generator.getBestPattern("j"))
    values["hourCycle"] = next((c for c in hour if c in "hHkK"), "H")
    # ICU iterates its table grouped by the first letter of each base skeleton (A–Z, then a–z), each group in
    # insertion order; the one-letter canonical items (`E` → `ccc`), which `getSkeletons` leaves out, come
    # first in their group because ICU adds them first.
    groups = {}
    for skeleton, base in zip(generator.getSkeletons(), generator.getBaseSkeletons()):
        groups.setdefault(base[0], []).append(skeleton)
    for item in "GyQMwWEDFdaHmsSv":
        if generator.getPatternForSkeleton(item):
            groups.setdefault(item, []).insert(0, item)
    skeletons = [skeleton for letter in sorted(groups, key=lambda c: (c.islower(), c)) for skeleton in groups[letter]]
    values["skeletons"] = skeletons
    # A 12-hour skeleton is stored with its implied `a`, which `getPatternForSkeleton` does not find; the
    # exact match of `getBestPattern` is the stored pattern itself.
    values["patterns"] = [generator.getPatternForSkeleton(skeleton) or generator.getBestPattern(skeleton)
                          for skeleton in skeletons]
    values["appendItems"] = [generator.getAppendItemFormat(field) for field in range(16)]
    values["appendNames"] = [generator.getAppendItemName(field) for field in range(16)]
    at_time = main.strings("calendar/gregorian/DateTimePatterns%atTime")
    patterns = main.strings("calendar/gregorian/DateTimePatterns")
    values["glue"] = [(at_time[i] if at_time else patterns[9 + i]) for i in range(4)]
    return values


SECTIONS = {
    "n": number_section,
    "u": unit_section,
    "c": currency_section,
    "d": date_section,
    "g": pattern_generator_section,
}


def locales():
    """Every locale ICU has data for, with the parent ICU inherits from (`es_MX` → `es_419`)."""
    available = sorted(icu.Locale.getAvailableLocales().keys())
    def explicit_parent(icu_id):
        try:
            return icu.ResourceBundle("", icu.Locale(icu_id)).get("%%Parent").getString()
        except icu.ICUError:
            return None

    parents = {}
    for icu_id in available:
        truncated = icu_id.rsplit("_", 1)[0] if "_" in icu_id else "root"
        explicit = explicit_parent(icu_id)
        # `get` finds an ancestor's %%Parent too (zh_Hant_HK would get zh_Hant's "root"): only a locale's own counts.
        if explicit is not None and truncated != "root" and explicit_parent(truncated) == explicit:
            explicit = None
        parents[icu_id] = explicit or truncated
    for icu_id, parent in list(parents.items()):
        while parent != "root" and parent not in parents:
            parent = parent.rsplit("_", 1)[0] if "_" in parent else "root"
        parents[icu_id] = parent
    # `zh_TW` is ICU's alias of `zh_Hant_TW`: a language-region tag whose likely script is the one of a locale.
    aliases = {}
    for icu_id in available:
        parts = icu_id.split("_")
        if len(parts) == 3 and len(parts[1]) == 4:
            short = parts[0] + "_" + parts[2]
            if short not in parents and icu.Locale(short).addLikelySubtags().getScript() == parts[1]:
                aliases[short] = icu_id
    return parents, aliases


def encode(value):
    if value is None:
        return ABSENT
    if isinstance(value, list):
        return LS.join(value)
    return value


def build_tables():
    parents, aliases = locales()
    def depth(icu_id):
        return 0 if icu_id == "root" else 1 + depth(parents[icu_id])

    ordered = sorted(["root"] + list(parents), key=lambda icu_id: (depth(icu_id), icu_id))
    resolved = {}
    records = {}
    for section, read in SECTIONS.items():
        for icu_id in ordered:
            values = {key: encode(value) for key, value in read(icu_id).items()}
            resolved[(icu_id, section)] = values
            if icu_id == "root":
                own = {key: value for key, value in values.items() if value != ABSENT}
            else:
                # Resolved values are exact, so a locale keeps what differs from its parent's resolved values.
                inherited = resolved[(parents[icu_id], section)]
                own = {key: value for key, value in values.items() if inherited.get(key, ABSENT) != value}
            if own or icu_id == "root":
                records[tag(icu_id) + "/" + section] = "".join(k + US + v + RS for k, v in sorted(own.items()))
    for icu_id, parent in parents.items():
        truncated = icu_id.rsplit("_", 1)[0] if "_" in icu_id else "root"
        if parent != truncated:
            records[tag(icu_id) + "/p"] = tag(parent)
    for alias, target in aliases.items():
        records[tag(alias) + "/a"] = tag(target)
    return records, len(parents)


def swift_literal(text):
    out = []
    for char in text:
        code = ord(char)
        if char == "\\":
            out.append("\\\\")
        elif char == '"':
            out.append('\\"')
        elif code < 0x20 or code == 0x7F or (0x80 <= code and not char.isprintable()) or code in (0xA0, 0x202F):
            out.append("\\u{%X}" % code)
        else:
            out.append(char)
    return "".join(out)


def data_file(records, locale_count):
    keys = sorted(records)
    index, blob, offset = [], [], 0
    for key in keys:
        data = records[key].encode("utf-8")
        if len(key) > 24:
            raise SystemExit("locale key too long for the index: " + key)
        index.append("%-24s%08d%07d" % (key, offset, len(data)))
        blob.append(records[key])
        offset += len(data)
    lines = [
        "// Generated by scripts/generate/cldr.py from ICU %s (CLDR %s); do not edit by hand." % (ICU_VERSION, CLDR_RELEASE),
        "// Source: the ICU data library (Unicode License V3): %d locales, %d records, %d bytes of records."
        % (locale_count + 1, len(keys), offset),
        "// swift-format-ignore-file",
        "",
        "extension CLDRData {",
        "    /// The CLDR release every locale datum of I18nCore comes from.",
        '    public static let release = "%s"' % CLDR_RELEASE,
        "",
        "    /// %d entries of %d bytes: `locale/section` padded to 24, the record's offset (8) and length (7)."
        % (len(keys), 39),
        "    #if AllLocaleData",
        '    static let index: StaticString = "%s"' % "".join(index),
        "",
        "    /// The records, in index order.",
        '    static let records: StaticString = "%s"' % swift_literal("".join(blob)),
        "    #endif",
        "}",
        "",
    ]
    return "\n".join(lines)


# Plural rules ---------------------------------------------------------------------------------------------------


def tokenize(condition):
    return re.findall(r"\.\.|!=|[=%,]|[a-z]+|\d+", condition)


class ConditionParser:
    """condition = and ('or' and)*; and = relation ('and' relation)*; relation = expr ('='|'!=') ranges."""

    def __init__(self, text):
        self.tokens = tokenize(text)
        self.index = 0

    def peek(self):
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self):
        token = self.peek()
        self.index += 1
        return token

    def parse(self):
        result = self.joined("or", " || ", self.and_condition, parenthesise=True)
        if self.peek() is not None:
            raise ValueError("trailing tokens %r" % self.tokens[self.index:])
        return result

    def and_condition(self):
        return self.joined("and", " && ", self.relation, parenthesise=False)

    def joined(self, word, operator, parse_part, parenthesise):
        parts = [parse_part()]
        while self.peek() == word:
            self.take()
            parts.append(parse_part())
        if len(parts) == 1:
            return parts[0]
        return operator.join(("(%s)" % part) if parenthesise else part for part in parts)

    def relation(self):
        operand = self.take()
        if operand not in "nivwftce":
            raise ValueError("unknown operand %r" % operand)
        modulus = None
        if self.peek() == "%":
            self.take()
            modulus = int(self.take())
        operator = self.take()
        if operator not in ("=", "!="):
            raise ValueError("unsupported operator %r" % operator)
        ranges = []
        while True:
            low = high = int(self.take())
            if self.peek() == "..":
                self.take()
                high = int(self.take())
            ranges.append((low, high))
            if self.peek() != ",":
                break
            self.take()
        if operand == "n":
            value = "o.n" if modulus is None else "o.n.truncatingRemainder(dividingBy: %d)" % modulus
            # n can have a fraction: a range matches whole values only (n = 2..4 holds for 3 but not 3.5).
            tests = ["%s == %d" % (value, low) if low == high
                     else "PluralOperands.isWhole(%s, in: %d...%d)" % (value, low, high) for low, high in ranges]
        else:
            name = "e" if operand == "c" else operand
            value = "o.%s" % name if modulus is None else "o.%s %% %d" % (name, modulus)
            tests = ["%s == %d" % (value, low) if low == high else "(%d...%d).contains(%s)" % (low, high, value)
                     for low, high in ranges]
        test = " || ".join(tests)
        if len(tests) > 1:
            test = "(%s)" % test
        return "!%s" % (test if len(tests) > 1 else "(%s)" % test) if operator == "!=" else test


def expand_samples(text):
    """'@integer 0, 2~16, 100, … @decimal 0.0~1.5, 1c6' -> ['0', '2', ..., '0.0', '0.1', ..., '1c6']"""
    result = []
    for kind in ("integer", "decimal"):
        match = re.search(r"@%s([^@]*)" % kind, text)
        if not match:
            continue
        for item in match.group(1).split(","):
            item = item.strip()
            if not item or item in ("…", "..."):
                continue
            if "~" in item:
                start, end = item.split("~")
                digits = len(start.split(".")[1]) if "." in start else 0
                step = 10 ** digits
                low, high = round(float(start) * step), round(float(end) * step)
                for value in range(low, high + 1):
                    result.append(("%d" % value) if digits == 0 else ("%.*f" % (digits, value / step)))
            else:
                result.append(item)
    return result


def plural_files():
    plurals = icu.ResourceBundle("", icu.Locale("plurals"))
    rule_sets = plurals.get("rules")
    functions = {}
    tables = {"cardinal": {}, "ordinal": {}}
    samples = {"cldrVersion": CLDR_RELEASE, "cardinal": {}, "ordinal": {}}
    for kind, table_key in (("cardinal", "locales"), ("ordinal", "locales_ordinals")):
        table = plurals.get(table_key)
        for i in range(table.getSize()):
            entry = table.get(i)
            rules = rule_sets.get(entry.getString())
            entries = []
            for j in range(rules.getSize()):
                rule = rules.get(j)
                text = rule.getString().strip()
                entries.append((rule.getKey(), text.split("@")[0].strip(), expand_samples(text)))
            entries.sort(key=lambda item: CATEGORIES.index(item[0]))
            lines = ["        if %s { return .%s }" % (ConditionParser(condition).parse(), category)
                     for category, condition, _ in entries if category != "other" and condition]
            lines.append("        return .other")
            body = "\n".join(lines)
            if body not in functions:
                functions[body] = "%s%d" % (kind, len([n for n in functions.values() if n.startswith(kind)]))
            locale = tag(entry.getKey())
            tables[kind][locale] = functions[body]
            samples[kind][locale] = {category: values for category, _, values in entries}
    out = [
        "// Generated by scripts/generate/cldr.py from ICU %s (CLDR %s); do not edit by hand." % (ICU_VERSION, CLDR_RELEASE),
        "// Source: ICU's plurals resource, CLDR's plurals.xml and ordinals.xml (Unicode License V3).",
        "// swift-format-ignore-file",
        "",
        "extension PluralRules {",
    ]
    for kind in ("cardinal", "ordinal"):
        out.append("    static let %sRules: [String: @Sendable (PluralOperands) -> PluralCategory] = [" % kind)
        for locale in sorted(tables[kind]):
            out.append('        "%s": %s,' % (locale, tables[kind][locale]))
        out.append("    ]")
        out.append("")
    for body, name in sorted(functions.items(), key=lambda item: (item[1][0], int(re.sub(r"\D", "", item[1])))):
        out.append("    private static func %s(_ o: PluralOperands) -> PluralCategory {" % name)
        out.append(body)
        out.append("    }")
        out.append("")
    out[-1:] = ["}", ""]
    return "\n".join(out), json.dumps(samples, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    args = parser.parse_args()
    if icu.ICU_VERSION != ICU_VERSION:
        raise SystemExit("cldr.py needs ICU %s (CLDR %s), found ICU %s: pip install pyicu-wheels==2.15.2"
                         % (ICU_VERSION, CLDR_RELEASE, icu.ICU_VERSION))
    plural_swift, plural_samples = plural_files()
    records, locale_count = build_tables()
    outputs = {
        "Sources/LocaleData/Plural/PluralRules+Generated.swift": plural_swift,
        "Tests/LocaleDataTests/Data/cldr-plural-samples.json": plural_samples,
        "Sources/LocaleData/CLDR/CLDRData+Generated.swift": data_file(records, locale_count),
    }
    changed = generated.update("cldr.py", outputs, args.check,
                               "the generated files are current (ICU %s, CLDR %s)" % (ICU_VERSION, CLDR_RELEASE))
    if not args.check:
        print("wrote %s" % (", ".join(changed) if changed else "nothing (all current)"))


if __name__ == "__main__":
    main()
