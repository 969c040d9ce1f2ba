#!/usr/bin/env python3
"""Generate every locale datum of WidgetI18n from one CLDR release: CLDR 47, as ICU4C 77.1 ships it.

The one generator of LocaleData's CLDR data. It reads ICU's own data through PyICU (`pip install pyicu-wheels`,
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
import functools
import json
import re

import icu
import generated
from generated import CATEGORIES, CLDR_RELEASE, Bundle, encode, tag

UNIT_WIDTHS = {"units": "long", "unitsShort": "short", "unitsNarrow": "narrow"}
# The keys of `compound` in ICU's unit tree that a compound unit (`meter-per-second`) is built with: the per and
# times patterns, and the SI and binary prefixes (`10p3` kilo, `1024p2` mebi).
UNIT_COMPOUNDS = (["per", "times"] + ["10p%d" % power for power in
                                      (-30, -27, -24, -21, -18, -15, -12, -9, -6, -3, -2, -1,
                                       1, 2, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30)]
                  + ["1024p%d" % power for power in range(1, 9)])
# The genders ICU chooses a power pattern by (LongNameHandler's getGenderString); any other is none.
UNIT_GENDERS = ["animate", "common", "feminine", "inanimate", "masculine", "neuter", "personal"]
# The cases a compound's power asks for: none, then what the derive rules request (root: nominative, de: accusative).
UNIT_CASES = ["", "nominative", "accusative"]
# The units every slice keeps in section `u` (what durations, percentages and a widget's everyday measures need);
# the other built-ins' names and the compound, prefix and power patterns are section `U`, the optional `units`
# family (~45 KB a locale).
CORE_UNITS = ["celsius", "day", "fahrenheit", "foot", "gigabyte", "gram", "hour", "kilobyte", "kilocalorie",
              "kilogram", "kilometer", "kilometer-per-hour", "liter", "megabyte", "meter", "mile", "mile-per-hour",
              "minute", "month", "percent", "permille", "pound", "second", "week", "year"]
UNIT_TREE = "ICUDATA-unit"

# The most used ISO 4217 currencies (trade, travel and app-store prices).
CURRENCIES = [
    "USD", "EUR", "GBP", "JPY", "CNY", "INR", "KRW", "RUB", "TRY", "BRL", "MXN", "CAD", "AUD", "CHF", "SEK",
    "NOK", "DKK", "PLN", "CZK", "HUF", "ILS", "SAR", "AED", "EGP", "ZAR", "NGN", "IDR", "THB", "VND", "PHP",
    "MYR", "SGD", "HKD", "TWD", "NZD", "CLP", "COP", "ARS", "PEN", "UAH", "RON", "KZT", "PKR", "BDT", "QAR",
    "KWD", "MAD", "ISK",
    # ICU's unknown currency: what `{n, number, currency}` shows in a locale without a region (`¤`, `XXX` in `de`).
    "XXX",
]

NUMBER_SYMBOLS = {
    "decimal": icu.DecimalFormatSymbols.kDecimalSeparatorSymbol,
    "group": icu.DecimalFormatSymbols.kGroupingSeparatorSymbol,
    "minus": icu.DecimalFormatSymbols.kMinusSignSymbol,
    "plus": icu.DecimalFormatSymbols.kPlusSignSymbol,
    "percent": icu.DecimalFormatSymbols.kPercentSymbol,
    "infinity": icu.DecimalFormatSymbols.kInfinitySymbol,
    "nan": icu.DecimalFormatSymbols.kNaNSymbol,
    "exponential": icu.DecimalFormatSymbols.kExponentialSymbol,
    "perMille": icu.DecimalFormatSymbols.kPerMillSymbol,
}
DATE_STYLES = ["full", "long", "medium", "short"]


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
        # The digits of every decimal numbering system ICU knows, for `-u-nu-…` tags (`tamldec`, `mymr`, …).
        for name in sorted(icu.NumberingSystem.getAvailableNames()):
            numbering = icu.NumberingSystem.createInstanceByName(name)
            if not numbering.isAlgorithmic() and numbering.getRadix() == 10:
                values["digits." + name] = numbering.getDescription()
    symbols = icu.DecimalFormatSymbols(locale)
    for name, symbol in NUMBER_SYMBOLS.items():
        values["sym." + name] = symbols.getSymbol(symbol)
    # The symbols of the other numbering systems a tag may ask for (`ar-u-nu-latn`, `fa-u-nu-arab`): the systems CLDR
    # gives symbols of their own (ICU 77: arab and arabext everywhere through root, khmr in km, mong in mn, deva in
    # sd); any other takes the locale's latn symbols, as ICU's DecimalFormatSymbols falls back per symbol.
    for other in ("latn", "arab", "arabext", "khmr", "mong", "deva"):
        if other != system.getName():
            other_symbols = icu.DecimalFormatSymbols(icu.Locale(icu_id + "@numbers=" + other))
            for name in ("decimal", "group", "minus", "plus", "percent", "exponential", "perMille"):
                values["sym.%s.%s" % (other, name)] = other_symbols.getSymbol(NUMBER_SYMBOLS[name])
    for name in ["decimalFormat", "percentFormat", "currencyFormat", "currencyFormat%alphaNextToNumber",
                 "accountingFormat"]:
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
    # Compact currency patterns, which place the symbol: ICU 77 formats both compact widths of a currency with the
    # short ones.
    for power in range(3, 15):
        for category in CATEGORIES + ["1"]:
            value = None
            for ns in (system.getName(), "latn"):
                value = main.string("NumberElements/%s/patternsShort/currencyFormat/%d/%s" % (ns, 10**power, category))
                if value is not None:
                    break
            values["compact.currency.%d.%s" % (power, category)] = value
    return values


@functools.lru_cache(None)
def resources():
    """ICU's resource files read directly (generated.Resources), opened once."""
    return generated.Resources()


@functools.lru_cache(None)
def builtin_units():
    """Every unit ICU formats on its own (`MeasureUnit::getAvailable`, currencies aside), in byte order:
    [(subtype, type, the key of its data)]. The key is the subtype after metadata's alias (milligram-per-deciliter
    is milligram-ofglucose-per-deciliter) without `-person` (day-person is day), as LongNameHandler reads it."""
    aliases = resources().read("metadata", "alias", "unit")
    units = []
    for kind in icu.MeasureUnit.getAvailableTypes():
        if kind not in ("currency", "none"):
            for unit in icu.MeasureUnit.getAvailable(kind):
                subtype = unit.getSubtype()
                key = aliases.get(subtype, {}).get("replacement", subtype)
                units.append((subtype, kind, key[:-len("-person")] if key.endswith("-person") else key))
    return sorted(units, key=lambda unit: unit[0].encode())


@functools.lru_cache(None)
def own_unit_table(icu_id, path):
    """The table at `path` (a/b/c) of a locale's own unit data, none inherited, or None."""
    return resources().read(icu_id, *path.split("/"), package=UNIT_TREE, missing=True)


@functools.lru_cache(None)
def unit_chain(icu_id):
    """The locales ICU's unit tree inherits from, from the one ICU opens for `icu_id` (its valid locale) to root:
    the unit tree's own %%Parent, else the truncation."""
    chain = [icu.ResourceBundle(UNIT_TREE, icu.Locale(icu_id)).getLocale().getName() or "root"]
    while chain[-1] != "root":
        parent = own_unit_table(chain[-1], "%%Parent")
        chain.append(parent or (chain[-1].rsplit("_", 1)[0] if "_" in chain[-1] else "root"))
    return chain


def power_patterns(icu_id, tree, power, gender, case):
    """The plural forms of `compound/power<n>` for a unit's gender and case, chosen as getInflectedMeasureData does:
    per plural, the first table of the chain (then, for long and narrow, of the short chain: root's are aliases to
    it) that yields one, by gender (-> neuter -> `_`), then case (-> nominative -> `_`). Not the same as a
    per-key fallback: a child's `_` beats a parent's `feminine`."""
    chain = unit_chain(icu_id)
    tables = [own_unit_table(loc, "%s/compound/power%d" % (tree, power)) for loc in chain
              if loc != "root" or tree == "unitsShort"]
    if tree != "unitsShort":
        tables += [own_unit_table(loc, "unitsShort/compound/power%d" % power) for loc in chain]
    genders = ([gender] + (["neuter"] if gender != "neuter" else []) if gender else []) + ["_"]
    cases = ([case] + (["nominative"] if case != "nominative" else []) if case else []) + ["_"]
    found = {}
    for table in tables:
        for category, by_gender in (table or {}).items():
            for g in genders:
                value = next((by_gender[g][c] for c in cases if g in by_gender and c in by_gender[g]), None)
                if value is not None:
                    found.setdefault(category, value)
                    break
    return found


@functools.lru_cache(None)
def unit_values(icu_id):
    """What LongNameHandler formats `unit/<identifier>` with: each built-in unit's plural forms and `per` form
    (`long.hour.one`, `short.second.per`) per width, its gender (`gender.meter`) and accusative forms
    (`long.second.acc.one`, de), the compound patterns and prefixes (`long.compound.per`, `short.compound.10p3`)
    and the power patterns (`long.power2.one.feminine.accusative`, none as an empty part). Root adds the tables
    the identifier parser sorts units by. Each value resolved with ICU's per-key fallback (long and narrow fall
    back to short), except the power patterns (`power_patterns`)."""
    units = Bundle(UNIT_TREE, icu_id)
    language = icu.Locale(icu_id).getLanguage()
    values = {}
    genders = set()
    for subtype, kind, key in builtin_units():
        path = "%s/%s" % (kind, key)
        for tree, width in UNIT_WIDTHS.items():
            for category in CATEGORIES + ["per"]:
                values["%s.%s.%s" % (width, subtype, category)] = units.string("%s/%s/%s" % (tree, path, category))
        gender = values["gender." + subtype] = units.string("units/%s/gender" % path)
        genders.add(gender if gender in UNIT_GENDERS else "")
        # The accusative, which only de's derive rules ask for (a denominator's case), merged over the plain forms:
        # kept where it differs from them. (ta, lt, hu… have case forms too, which ICU 77 never reads.)
        if language == "de" and units.get("units/%s/case/accusative" % path) is not None:
            for category in CATEGORIES:
                form = units.string("units/%s/case/accusative/%s" % (path, category))
                values["long.%s.acc.%s" % (subtype, category)] = (
                    form if form != values["long.%s.%s" % (subtype, category)] else None)
    for tree, width in UNIT_WIDTHS.items():
        for key in UNIT_COMPOUNDS:
            values["%s.compound.%s" % (width, key)] = (units.string("%s/compound/%s" % (tree, key))
                                                       or units.string("unitsShort/compound/" + key))
        for power in (2, 3):
            for gender in sorted(genders | {""}):
                for case in UNIT_CASES:
                    found = power_patterns(icu_id, tree, power, gender, case)
                    for category in CATEGORIES:
                        values["%s.power%d.%s.%s.%s" % (width, power, category, gender, case)] = found.get(category)
    if icu_id == "root":
        # The identifier parser's simple units in ICU's order, each with the index of its quantity (what a compound's
        # units are sorted by), and the built-ins with their types.
        simple = resources().read("units", "convertUnits")
        quantities = [base for entry in resources().read("units", "unitQuantities") for base in entry]
        values["units.simple"] = list(simple)
        values["units.quantity"] = [str(quantities.index(simple[unit]["target"])) for unit in simple]
        values["units.builtin"] = [subtype for subtype, _, _ in builtin_units()]
        values["units.builtinType"] = [kind for _, kind, _ in builtin_units()]
        assert set(CORE_UNITS) <= set(values["units.builtin"]), "a core unit is not built in"
        values["units.core"] = CORE_UNITS
    return values


def is_core_unit_key(key):
    """Whether a key of `unit_values` is read for the core units alone: their forms, gender and accusative, and the
    root tables."""
    parts = key.split(".")
    return parts[0] == "units" or (parts[1] if parts[0] in ("long", "short", "narrow", "gender") else "") in CORE_UNITS


def unit_section(icu_id):
    """Section `u`: the core units' names, and root's tables of the identifier grammar."""
    return {key: value for key, value in unit_values(icu_id).items() if is_core_unit_key(key)}


def more_unit_section(icu_id):
    """Section `U`, the `units` family: every other built-in unit's names and the compound, prefix and power
    patterns."""
    return {key: value for key, value in unit_values(icu_id).items() if not is_core_unit_key(key)}


def currency_section(icu_id):
    curr = Bundle("ICUDATA-curr", icu_id)
    values = {}
    if icu_id == "root":
        # Fraction digits are the currency's, not the locale's: what ICU rounds an amount to (JPY 0, KWD 3).
        for code in CURRENCIES:
            formatter = icu.NumberFormatter.forSkeleton("currency/%s unit-width-iso-code" % code).locale(icu.Locale("en"))
            text = str(formatter.formatDouble(1.0))
            values["digits." + code] = str(len(text.split(".")[1]) if "." in text else 0)
            # The cash rounding (`precision-currency-cash`) where it is not the standard one: the smallest
            # positive amount ICU rounds a small amount to (CHF 0.05, SEK 1), as ICU writes it (DKK 0.5).
            cash = icu.NumberFormatter.forSkeleton(
                "currency/%s precision-currency-cash unit-width-hidden group-off" % code).locale(icu.Locale("en"))
            cash_text = str(cash.formatDouble(1.0))
            cash_digits = len(cash_text.split(".")[1]) if "." in cash_text else 0
            amounts = [str(cash.formatDouble(step * 10.0 ** -cash_digits)) for step in range(1, 101)]
            increment = min((amount for amount in amounts if float(amount) > 0), key=float)
            digits = int(values["digits." + code])
            if increment != ("0." + "0" * (digits - 1) + "1" if digits else "1"):
                values["cash." + code] = increment
    for code in CURRENCIES:
        names = curr.strings("Currencies/" + code)
        values[code + ".symbol"] = names[0] if names else None
        values[code + ".name"] = names[1] if names else None
        values[code + ".narrow"] = curr.string("Currencies%narrow/" + code)
        values[code + ".formal"] = curr.string("Currencies%formal/" + code)
        values[code + ".variant"] = curr.string("Currencies%variant/" + code)
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
        for width in ("abbreviated", "wide", "narrow"):
            values["quarters.%s.%s" % (context, width)] = main.strings("%squarters/%s/%s" % (gregorian, context, width))
    for key, width in (("AmPmMarkersAbbr", "abbreviated"), ("AmPmMarkers", "wide"), ("AmPmMarkersNarrow", "narrow")):
        values["ampm." + width] = main.strings(gregorian + key)
    for width in ("abbreviated", "wide", "narrow"):
        values["eras." + width] = main.strings(gregorian + "eras/" + width)
    if icu_id == "root":
        # CLDR's week data, as ICU reads it for a region: the first day of the week (1 is Sunday) and the minimal
        # days of the first week, "d,m", for each region that differs from the world's (Monday, 1).
        # One list ("GB 2 4", …), not a key each: every date reads this section, few read the weeks.
        weeks = []
        for region in sorted(icu.Locale.getISOCountries()):
            calendar = icu.Calendar.createInstance(icu.Locale("und_" + region + "@calendar=gregorian"))
            if (calendar.getFirstDayOfWeek(), calendar.getMinimalDaysInFirstWeek()) != (2, 1):
                weeks.append("%s %d %d" % (region, calendar.getFirstDayOfWeek(), calendar.getMinimalDaysInFirstWeek()))
        values["weeks"] = weeks
    # The time styles under `-u-hc-`: ICU then builds them with a generator without the standard patterns from
    # `jmm`, `jmmss`, `jmmssz`, `jmmsszzzz` and the keyword's hour letter (SimpleDateFormat::construct).
    # One list, h11's full to h24's short, as a value read only under `-u-hc-`.
    styles = [icu.DateFormat.kFull, icu.DateFormat.kLong, icu.DateFormat.kMedium, icu.DateFormat.kShort]
    values["hcTimes"] = [
        icu.DateFormat.createTimeInstance(style, icu.Locale(
            (icu_id if icu_id != "root" else "") + "@calendar=gregorian;hours=" + hc)).toPattern()
        for hc in ("h11", "h12", "h23", "h24") for style in styles]
    # Flexible day periods (`B`: "in the morning", 凌晨), as ICU resolves CLDR's rules: the name of each hour
    # (at half past), then of exact midnight and noon.
    utc = icu.TimeZone.createTimeZone("UTC")
    # (With a minute field in the pattern: without one ICU takes the minute as 0, and all of 12:xx is "noon".)
    for letters, width in (("B", "abbreviated"), ("BBBB", "wide"), ("BBBBB", "narrow")):
        formatter = icu.SimpleDateFormat(letters + "'\x01'mm", gregorian_locale(icu_id))
        formatter.setTimeZone(utc)
        names = [formatter.format(hour * 3600.0 + 1800).split("\x01")[0] for hour in range(24)]
        exact = [formatter.format(seconds).split("\x01")[0] for seconds in (0.0, 12 * 3600.0)]
        values["dayPeriods." + width] = names + exact
    return values


def pattern_generator_section(icu_id):
    """The table ICU's DateTimePatternGenerator matches skeletons against, in its iteration order."""
    main = Bundle("", icu_id)
    generator = icu.DateTimePatternGenerator.createInstance(gregorian_locale(icu_id))
    values = generated.pattern_generator_table(generator)
    at_time = main.strings("calendar/gregorian/DateTimePatterns%atTime")
    patterns = main.strings("calendar/gregorian/DateTimePatterns")
    values["glue"] = [(at_time[i] if at_time else patterns[9 + i]) for i in range(4)]
    # The first of the region's allowed hour formats (CLDR's timeData), which a skeleton's `C` takes whatever the
    # tag's `-u-hc-`: its hour letter and day-period letter as ICU's generator maps `C` to them ("hB" in `hi`).
    shown = re.sub(r"'[^']*'", "", generator.getBestPattern("C"))
    hour = next((c for c in shown if c in "hHkK"), "H")
    period = next((c for c in shown if c in "Bb"), "")
    values["allowedHour"] = hour + period
    return values


SECTIONS = {
    "n": number_section,
    "u": unit_section,
    "U": more_unit_section,
    "c": currency_section,
    "d": date_section,
    "g": pattern_generator_section,
}


def build_tables():
    """The packed records of every locale: each section's values that differ from its parent's, the parents that
    are not a tag's truncation (`p`) and the aliases (`a`); and how many locales ICU has."""
    parents, aliases = generated.locales()

    def read(icu_id):
        return {section: {key: encode(value) for key, value in values(icu_id).items()}
                for section, values in SECTIONS.items()}

    records = {}
    for icu_id, kept in generated.by_parents(parents, read):
        for section, own in kept.items():
            if own or icu_id == "root":
                records[tag(icu_id) + "/" + section] = generated.record_text(own)
    for icu_id, parent in parents.items():
        truncated = icu_id.rsplit("_", 1)[0] if "_" in icu_id else "root"
        if parent != truncated:
            records[tag(icu_id) + "/p"] = tag(parent)
    for alias, target in aliases.items():
        records[tag(alias) + "/a"] = tag(target)
    return records, len(parents)


def data_file(records, locale_count):
    """CLDRData+Generated.swift: the release and the packed records."""
    packed = generated.PackedRecords(records, generated.KEY_WIDTH, "cldr.py")
    return packed.swift_file("cldr.py", [
        "Source: the ICU data library (Unicode License V3): %d locales, %d records, %d bytes of records."
        % (locale_count + 1, packed.count, packed.size)], "CLDRData", before=[
        "    /// The CLDR release every locale datum of LocaleData comes from.",
        '    public static let release = "%s"' % CLDR_RELEASE,
        "",
    ])


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
    out = generated.swift_header(
        "cldr.py", ["Source: ICU's plurals resource, CLDR's plurals.xml and ordinals.xml (Unicode License V3)."]) + [
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
    args = generated.command_line(__doc__).parse_args()
    generated.require_icu("cldr.py")
    plural_swift, plural_samples = plural_files()
    records, locale_count = build_tables()
    outputs = {
        "Sources/LocaleData/Plural/PluralRules+Generated.swift": plural_swift,
        "Tests/LocaleDataTests/Data/cldr-plural-samples.json": plural_samples,
        "Sources/LocaleData/CLDR/CLDRData+Generated.swift": data_file(records, locale_count),
    }
    changed = generated.update("cldr.py", outputs, args.check, generated.current())
    if not args.check:
        generated.wrote(changed)


if __name__ == "__main__":
    main()
