#!/usr/bin/env python3
"""Generate WidgetI18n's calendar data from one CLDR release: CLDR 47, as ICU4C 77.1 ships it.

The calendars besides the Gregorian one that `LocaleData` formats: buddhist, japanese, persian, hebrew,
islamic-umalqura, islamic-civil, islamic (ICU's astronomical one; islamic-rgsa is the same), islamic-tbla, roc,
chinese, dangi, coptic, ethiopic, ethiopic-amete-alem, indian and iso8601: every calendar ICU 77 has. Reads ICU through PyICU (`pip install pyicu-wheels`,
ICU 77.1) and, where PyICU has no call for it, ICU's C API through ctypes (the supplemental data: calendar
preferences, the Japanese eras). Writes, byte for byte the same on every run:

  Sources/LocaleData/Calendar/CalendarData+Generated.swift   every calendar's names and patterns per locale,
                                                             packed, and the tables below
  Tests/LocaleDataTests/Data/calendar-fields.json            ICU's calendar fields on sample days, which
                                                             `CalendarSystemTests` compares with the Swift code

What the Swift file holds:

- Per locale and calendar, the values ICU formats with, as `SimpleDateFormat` and `DateTimePatternGenerator`
  resolve them (a calendar's own data, else CLDR's aliases to the `generic` or `gregorian` data, across the
  locale's parents): date and time patterns with their numbering overrides (`hebr` for `he`'s Hebrew dates,
  `y=jpanyear` for `ja`), the glue, month names in every context and width (Hebrew's 14), leap-month patterns
  (`{0}bis`, `闰{0}`), era names in every width (the 237 Japanese eras), cyclic year names, and the pattern
  generator's table. The records are `CLDRData`'s format (`key US value RS`, list items joined by U+001D,
  U+0018 for "no value"), under `locale/` + a calendar letter + `d` (dates) or `g` (pattern generator). A
  value is kept only where the lookup would not find it anyway: the lookup takes the nearest record of the
  locale's chain (`CLDRData.chain`) that has the key, else the same lookup in the calendar's base (`BASES`:
  most calendars share CLDR's `generic` patterns with the Buddhist one), else the locale's own Gregorian
  value (`CLDRData`'s `d` and `g` sections), which is what CLDR's aliases to the Gregorian data say. A list
  equal to another width's or context's is written `U+001A key`. Identical records are stored once. The generator checks that the lookup, done as `CalendarData.values` does it, gives back every value
  it read from ICU.
- The default calendar of a region (CLDR's calendarPreferenceData, first choice, where it is not Gregorian),
  which ICU 77 picks a locale's calendar with (the region is the tag's, else its likely one).
- The tables of what ICU computes astronomically or keeps as data, over 1900-01-01 to 2100-12-31 (Gregorian):
  Chinese and Korean (dangi) years (new year, 29- or 30-day months, the leap month), Umm al-Qura years and
  the years of ICU's astronomical Islamic calendar (the month lengths), with, for the latter, the instant of
  each month's start at which ICU's moon age turns positive (before it, on the month's first local day east of
  UTC, ICU still counts the month before); ICU's corrections of the arithmetic Persian calendar (years that start a day late);
  the Japanese era start dates.
- The algorithmic numbering systems date patterns ask for: `hebr` (0-999, the rest is composed as ICU's
  rules do), `hanidays`, `jpanyear`.

Usage: python3 scripts/generate/calendars.py [--check]   (--check: regenerate into memory and diff, exit 1 on change)
"""
import bisect
import datetime
import json
import math

import icu
import generated
from generated import ABSENT, LS, encode, swift_string, tag

import cldr  # the Gregorian values the lookup falls back to
SAME = "\x1a"  # a value `SAME + key`: the value of that key of the same locale and calendar

# ICU's calendar type, its BCP 47 name (`-u-ca-…`) and the letter of its records.
CALENDARS = [
    ("buddhist", "buddhist", "b"),
    ("japanese", "japanese", "j"),
    ("persian", "persian", "p"),
    ("hebrew", "hebrew", "h"),
    ("islamic-civil", "islamic-civil", "c"),
    ("islamic-umalqura", "islamic-umalqura", "u"),
    ("roc", "roc", "r"),
    ("chinese", "chinese", "z"),
    ("dangi", "dangi", "k"),
    ("islamic", "islamic", "l"),
    ("islamic-tbla", "islamic-tbla", "t"),
    ("islamic-rgsa", "islamic-rgsa", "s"),
    ("coptic", "coptic", "o"),
    ("ethiopic", "ethiopic", "e"),
    ("ethiopic-amete-alem", "ethioaa", "a"),
    ("indian", "indian", "i"),
    ("iso8601", "iso8601", "x"),
]
LUNISOLAR = ("chinese", "dangi")
# The calendar a calendar's lookup falls back to before the Gregorian data: most calendars share CLDR's
# `generic` patterns (as buddhist has them), the Islamic ones their month names, dangi chinese's cycles.
BASES = {"japanese": "buddhist", "persian": "buddhist", "hebrew": "buddhist", "islamic-civil": "buddhist",
         "islamic-umalqura": "islamic-civil", "roc": "buddhist", "dangi": "chinese", "islamic": "islamic-civil",
         "islamic-tbla": "islamic-civil", "islamic-rgsa": "islamic-civil", "coptic": "buddhist",
         "ethiopic": "buddhist", "ethiopic-amete-alem": "ethiopic", "indian": "buddhist"}
# Days (since 1970) that show each era, where the calendar has more than one or its era is not in 2000: raw day
# numbers, as `datetime.date` cannot hold the years before 1 AD.
ERA_DAYS = {"coptic": [-650000, 10744], "ethiopic": [-720000, 10744], "iso8601": [-800000, 10744]}
STYLES = [("full", icu.DateFormat.kFull), ("long", icu.DateFormat.kLong), ("medium", icu.DateFormat.kMedium),
          ("short", icu.DateFormat.kShort)]
SYMBOLS = icu.DateFormatSymbols
CONTEXTS = [("format", SYMBOLS.FORMAT), ("stand-alone", SYMBOLS.STANDALONE)]
WIDTHS = [("abbreviated", SYMBOLS.ABBREVIATED), ("wide", SYMBOLS.WIDE), ("narrow", SYMBOLS.NARROW)]
FIELDS = icu.UCalendarDateFields
IS_LEAP_MONTH = 22  # UCAL_IS_LEAP_MONTH, which PyICU does not name
UTC = icu.TimeZone.createTimeZone("UTC")
EPOCH_JULIAN_DAY = 2440588  # 1970-01-01

# The Islamic calendars kept as tables (islamic-rgsa is ICU's astronomical one, unchanged: it reads islamic's).
TABLE_CALENDARS = ("islamic-umalqura", "islamic", "islamic-rgsa")
DAY_MS = 86_400_000
# The tables' range: what the Chinese, dangi and table Islamic calendars can format, as Gregorian local days.
TABLE_FIRST = "1900-01-01"
TABLE_LAST = "2100-12-31"


def days_since_1970(iso):
    return datetime.date.fromisoformat(iso).toordinal() - datetime.date(1970, 1, 1).toordinal()


def seconds(days):
    """Noon UTC of a day, as PyICU takes a UDate (seconds)."""
    return days * 86400.0 + 43200.0


# --- what ICU formats with, per locale and calendar ---------------------------------------------------------------


def calendar_locale(icu_id, calendar):
    return icu.Locale((icu_id if icu_id != "root" else "") + "@calendar=" + calendar)


def formatter(pattern, locale):
    result = icu.SimpleDateFormat(pattern, locale)
    result.setTimeZone(UTC)
    return result


class Instants:
    """Days (since 1970) on which a calendar's fields take given values, found with ICU's own calendar."""

    def __init__(self, calendar):
        self.calendar = icu.Calendar.createInstance(UTC, icu.Locale("en@calendar=" + calendar))

    def day(self, **fields):
        calendar = self.calendar
        calendar.clear()
        for name, value in fields.items():
            calendar.set(IS_LEAP_MONTH if name == "IS_LEAP_MONTH" else getattr(FIELDS, name), value)
        result = calendar.getTime() / 86400.0
        return math.floor(result)

    def fields(self, day):
        calendar = self.calendar
        calendar.setTime(seconds(day))
        return {name: calendar.get(IS_LEAP_MONTH if name == "IS_LEAP_MONTH" else getattr(FIELDS, name))
                for name in ("ERA", "YEAR", "MONTH", "IS_LEAP_MONTH", "DATE", "DAY_OF_YEAR", "EXTENDED_YEAR")}


class CalendarFacts:
    """Days that show each era, each cyclic year and a leap month, per calendar, found once."""

    def __init__(self, resources):
        self.era_days = {}
        self.eras = japanese_eras(resources)
        for calendar, _, _ in CALENDARS:
            instants = Instants(calendar)
            if calendar == "japanese":
                # Each era's first day in ICU's own calendar (Julian before 1582, as ICU's Gregorian one is).
                days = [instants.day(ERA=era, YEAR=1, MONTH=start[1] - 1, DATE=start[2])
                        for era, start in enumerate(self.eras)]
            elif calendar == "roc":
                days = [days_since_1970("1900-06-01"), days_since_1970("2000-06-01")]
            elif calendar in LUNISOLAR:
                days = []
            elif calendar in ERA_DAYS:
                days = ERA_DAYS[calendar]
            else:
                days = [days_since_1970("2000-06-01")]
            for era, day in enumerate(days):
                if instants.fields(day)["ERA"] != era:
                    raise SystemExit("calendars.py: %s day %d is not in era %d" % (calendar, day, era))
            self.era_days[calendar] = days
        # 60 consecutive Chinese years (1984 is the first of a cycle), mid-year; and 2023's leap second month.
        instants = Instants("chinese")
        self.cyclic_days = [instants.day(ERA=78, YEAR=year, MONTH=5, DATE=15) for year in range(1, 61)]
        for year, day in enumerate(self.cyclic_days, start=1):
            if instants.fields(day)["YEAR"] != year:
                raise SystemExit("calendars.py: day %d is not in cyclic year %d" % (day, year))
        self.leap_day = days_since_1970("2023-04-01")
        self.regular_day = days_since_1970("2023-03-01")
        for calendar in LUNISOLAR:
            leap, regular = Instants(calendar).fields(self.leap_day), Instants(calendar).fields(self.regular_day)
            if not (leap["IS_LEAP_MONTH"] == 1 and regular["IS_LEAP_MONTH"] == 0 and leap["MONTH"] == regular["MONTH"]):
                raise SystemExit("calendars.py: 2023-04-01 is not in the leap month after 2023-03-01's (%s)" % calendar)


def japanese_eras(resources):
    """The first day, [year, month, day], of each named Japanese era (supplementalData's calendarData)."""
    eras = resources.read("supplementalData", "calendarData", "japanese", "eras")
    starts = []
    for index in range(len(eras)):
        era = eras[str(index)]
        if era.get("named") == "false":
            break
        starts.append(era["start"])
    return starts


def resource_patterns(bundle, calendar):
    """`calendar/<calendar>/DateTimePatterns` as `SimpleDateFormat::construct` reads it: (pattern, override)."""
    resource = bundle.get("calendar/%s/DateTimePatterns" % calendar)
    if resource is None:
        resource = bundle.get("calendar/gregorian/DateTimePatterns")
    items = []
    for index in range(resource.getSize()):
        item = resource.get(index)
        if item.getType() == 0:
            items.append((item.getString(), None))
        else:
            items.append((item.get(0).getString(), item.get(1).getString()))
    return items


def at_time_patterns(bundle, calendar):
    for path in ("calendar/%s/DateTimePatterns%%atTime" % calendar, "calendar/gregorian/DateTimePatterns%atTime"):
        resource = bundle.get(path)
        if resource is not None:
            return [resource.get(index).getString() for index in range(resource.getSize())]
    return None


def date_values(icu_id, calendar, facts):
    """The `d` section of a locale's calendar, keyed as `CLDRData`'s Gregorian one."""
    locale = calendar_locale(icu_id, calendar)
    bundle = generated.Bundle("", icu_id)
    values = {}
    patterns = resource_patterns(bundle, calendar)
    at_time = at_time_patterns(bundle, calendar)
    for index, (style, icu_style) in enumerate(STYLES):
        time = icu.DateFormat.createTimeInstance(icu_style, locale).toPattern()
        date = icu.DateFormat.createDateInstance(icu_style, locale).toPattern()
        if patterns[index][0] != time or patterns[4 + index][0] != date:
            raise SystemExit("calendars.py: %s %s %s patterns are not the resource's" % (icu_id, calendar, style))
        values["time." + style] = time
        values["date." + style] = date
        values["timeOverride." + style] = patterns[index][1]
        values["dateOverride." + style] = patterns[4 + index][1]
        # `construct` glues a date style and a time style with the `%atTime` pattern where there is one.
        values["glue." + style] = patterns[9 + index][0]
        values["glueAtTime." + style] = at_time[index] if at_time and len(at_time) >= 4 else None
    # The time styles under `-u-hc-`, which ICU builds with the calendar's generator (`cldr.date_section`).
    values["hcTimes"] = [
        icu.DateFormat.createTimeInstance(icu_style, icu.Locale(
            (icu_id if icu_id != "root" else "") + "@calendar=%s;hours=%s" % (calendar, hc))).toPattern()
        for hc in ("h11", "h12", "h23", "h24") for _, icu_style in STYLES]
    combined = icu.DateFormat.createDateTimeInstance(icu.DateFormat.kShort, icu.DateFormat.kShort, locale).toPattern()
    glue = values["glueAtTime.short"] or values["glue.short"]
    expected = glue.replace("{0}", values["time.short"]).replace("{1}", values["date.short"])
    if combined != expected:
        raise SystemExit("calendars.py: %s %s: the short date-time is %r, not %r" % (icu_id, calendar, combined, expected))
    symbols = SYMBOLS(icu.Locale(icu_id), calendar)
    for context, icu_context in CONTEXTS:
        for width, icu_width in WIDTHS:
            values["months.%s.%s" % (context, width)] = symbols.getMonths(icu_context, icu_width)
            values["days.%s.%s" % (context, width)] = symbols.getWeekdays(icu_context, icu_width)[1:]
    # The short weekdays (`EEEEEE`), which PyICU does not read, as ICU prints them: a week from Sunday.
    sunday = days_since_1970("2000-01-02")
    for context, letter in (("format", "E"), ("stand-alone", "c")):
        shorter = formatter(letter * 6, locale)
        values["days.%s.short" % context] = [shorter.format(seconds(sunday + offset)) for offset in range(7)]
    if calendar in LUNISOLAR:
        # ICU formats a leap month with the month's name in a pattern (`{0}bis`, `闰{0}`); read it back from
        # what ICU prints for 2023's leap second month, per context and width, and for the numeric month.
        for context, icu_context, letter in (("format", SYMBOLS.FORMAT, "M"), ("stand-alone", SYMBOLS.STANDALONE, "L")):
            for width, icu_width in WIDTHS:
                count = {"abbreviated": 3, "wide": 4, "narrow": 5}[width]
                month = formatter(letter * count, locale)
                values["leap.%s.%s" % (context, width)] = leap_pattern(
                    month.format(seconds(facts.leap_day)), month.format(seconds(facts.regular_day)), icu_id)
        month = formatter("M", locale)
        values["leap.numeric"] = leap_pattern(
            month.format(seconds(facts.leap_day)), month.format(seconds(facts.regular_day)), icu_id)
        values["cyclicYears"] = [formatter("U", locale).format(seconds(day)) for day in facts.cyclic_days]
    else:
        # What `G` and `GGGG` print are the symbols' eras; the narrow ones, which PyICU does not read, as `GGGGG`
        # prints them on a day of each era.
        count = len(facts.era_days[calendar])
        values["eras.abbreviated"] = symbols.getEras()[:count]
        values["eras.wide"] = symbols.getEraNames()[:count]
        narrow = formatter("GGGGG", locale)
        values["eras.narrow"] = [narrow.format(seconds(day)) for day in facts.era_days[calendar]]
    for key, resource in (("ampm.abbreviated", "AmPmMarkersAbbr"), ("ampm.wide", "AmPmMarkers"),
                          ("ampm.narrow", "AmPmMarkersNarrow")):
        values[key] = bundle.strings("calendar/%s/%s" % (calendar, resource))
    for letters, width in (("B", "abbreviated"), ("BBBB", "wide"), ("BBBBB", "narrow")):
        period = formatter(letters, locale)
        names = [period.format(hour * 3600.0 + 1800) for hour in range(24)]
        values["dayPeriods." + width] = names + [period.format(0.0), period.format(12 * 3600.0)]
    return values


def leap_pattern(text, name, icu_id):
    if name not in text:
        raise SystemExit("calendars.py: %s: the leap month %r does not contain %r" % (icu_id, text, name))
    pattern = text.replace(name, "{0}", 1)
    if pattern.replace("{0}", name) != text:
        raise SystemExit("calendars.py: %s: cannot read a leap-month pattern from %r" % (icu_id, text))
    return pattern


def pattern_generator_values(icu_id, calendar):
    """The `g` section: the generator's table for the calendar, in ICU's order, as `cldr.py` reads it."""
    locale = calendar_locale(icu_id, calendar)
    generator = icu.DateTimePatternGenerator.createInstance(locale)
    values = generated.pattern_generator_table(generator)
    values["glue"] = [generator.getDateTimeFormat(style) for _, style in STYLES]
    return values


SECTIONS = {"d": date_values, "g": lambda icu_id, calendar, facts: pattern_generator_values(icu_id, calendar)}
GREGORIAN_SECTIONS = {"d": cldr.date_section, "g": cldr.pattern_generator_section}


def build_records(facts):
    """Every locale's records per calendar and section, each keeping only what the lookup would not find."""
    parents, _ = generated.locales()

    def chain(icu_id):
        return generated.chain(parents, icu_id)

    ordered = generated.locale_order(parents)
    records = {}
    kept = 0
    for section in SECTIONS:
        gregorian = {icu_id: {key: encode(value) for key, value in GREGORIAN_SECTIONS[section](icu_id).items()}
                     for icu_id in ordered}
        stored = {}

        def lookup(icu_id, calendar, key, itself):
            for ancestor in chain(icu_id)[0 if itself else 1:]:
                if key in stored[calendar][ancestor]:
                    return stored[calendar][ancestor][key]
            if calendar in BASES:
                return lookup(icu_id, BASES[calendar], key, True)
            return gregorian[icu_id].get(key, ABSENT)

        def merged(icu_id, calendar):
            """What `CalendarData.values` computes: the Gregorian values, each layer's records from root down
            (the farthest base first), then the references resolved."""
            layers = [calendar]
            while layers[0] in BASES:
                layers.insert(0, BASES[layers[0]])
            values = dict(gregorian[icu_id])
            for layer in layers:
                for locale in reversed(chain(icu_id)):
                    for key, value in stored[layer][locale].items():
                        if value == ABSENT:
                            values.pop(key, None)
                        else:
                            values[key] = value
            for _ in range(8):
                references = {key: value[1:] for key, value in values.items() if value.startswith(SAME)}
                if not references:
                    break
                for key, target in references.items():
                    if target in values:
                        values[key] = values[target]
                    else:
                        del values[key]
            return values

        for calendar, _, letter in CALENDARS:
            own = stored[calendar] = {}
            for icu_id in ordered:
                literal = {key: encode(value) for key, value in SECTIONS[section](icu_id, calendar, facts).items()}
                actual = with_references(literal)
                own[icu_id] = {}
                for key, value in actual.items():
                    # A reference found by the lookup means the named key's value here, which is `literal`'s.
                    found = lookup(icu_id, calendar, key, False)
                    if found.startswith(SAME):
                        found = literal.get(found[1:], ABSENT)
                    if found != literal[key]:
                        own[icu_id][key] = value
                kept += len(own[icu_id])
                # The Swift lookup gives back every value ICU has (ABSENT: none).
                values = merged(icu_id, calendar)
                for key, value in literal.items():
                    if values.get(key, ABSENT) != value:
                        raise SystemExit("calendars.py: %s %s %s: the lookup gives %r, ICU %r" % (
                            icu_id, calendar, key, values.get(key, ABSENT)[:80], value[:80]))
                if own[icu_id]:
                    records["%s/%s%s" % (tag(icu_id), letter, section)] = generated.record_text(own[icu_id])
    return records, len(ordered), kept


def name_order(key):
    """The order in which names refer to their siblings: wide before abbreviated before narrow, format first."""
    parts = key.split(".")
    rank = {"wide": 0, "abbreviated": 1, "narrow": 2, "short": 3, "numeric": 4}
    return (parts[0], parts[1] != "format" if len(parts) > 2 else False, rank.get(parts[-1], 5), key)


def with_references(values):
    """A list of names equal to an earlier sibling's (era, month, weekday, leap-pattern, AM/PM, day-period
    names of another width or context) becomes `SAME + that key`: the Japanese eras' 237 names once, not thrice."""
    result = dict(values)
    families = {}
    for key in sorted(values, key=name_order):
        family = key.split(".")[0]
        if family not in ("eras", "months", "days", "leap", "ampm", "dayPeriods") or values[key] == ABSENT:
            continue
        first = families.setdefault(family, {}).setdefault(values[key], key)
        if first != key and len(values[key]) > len(first) + 1:
            result[key] = SAME + first
    return result


# --- the default calendar -----------------------------------------------------------------------------------------


def calendar_preferences(resources):
    """The regions whose first calendar is not the Gregorian one.

    ICU 77 takes a locale's calendar from `-u-ca-` when it names one, else from the region (`-u-rg-`, the region
    subtag, else the likely region of the language and script: `LocaleTag.maximized`, generated by
    likely-subtags.py from the same ICU) and CLDR's calendarPreferenceData. The check: every locale ICU has data
    for, every language and every language-script pair of them gets ICU's calendar by that rule.
    """
    preferences = resources.read("supplementalData", "calendarPreferenceData")
    regions = {region: calendars[0] for region, calendars in preferences.items() if calendars[0] != "gregorian"}
    available = sorted(icu.Locale.getAvailableLocales().keys())
    candidates = set(icu.Locale.getISOLanguages()) | {"und_Thai", "und_Arab"}
    scripts = set()
    for icu_id in available:
        locale = icu.Locale(icu_id)
        candidates.add(locale.getLanguage())
        if locale.getScript():
            scripts.add(locale.getScript())
    for language in list(candidates):
        for script in scripts:
            candidates.add(language + "_" + script)
    for icu_id in available + sorted(candidates):
        locale = icu.Locale(icu_id)
        region = locale.getCountry() or locale.addLikelySubtags().getCountry()
        expected = icu.Calendar.createInstance(locale).getType()
        if regions.get(region, "gregorian") != expected:
            raise SystemExit("calendars.py: %s: the rule gives %s, ICU %s" % (
                icu_id, regions.get(region, "gregorian"), expected))
    return regions


# --- the tables -----------------------------------------------------------------------------------------------------


def month_starts(calendar, first, last):
    """(day, fields) of every month start from the month that holds `first` to the one after `last`'s."""
    instants = Instants(calendar)
    starts = []
    day = first
    while instants.fields(day)["DATE"] != 1:
        day -= 1
    while True:
        fields = instants.fields(day)
        if fields["DATE"] == 1:
            starts.append((day, fields))
            if day > last:
                break
            day += 28  # no month is shorter than 29 days
        day += 1
    return starts


def year_table(calendar):
    """The years that cover the range: each year's first day, its months' lengths, the leap month's place."""
    first, last = days_since_1970(TABLE_FIRST), days_since_1970(TABLE_LAST)
    # Whole years: from the new year at or before `first` to the one after `last`.
    starts = month_starts(calendar, first - 400, last + 400)
    years = []
    for index, (day, fields) in enumerate(starts):
        if fields["MONTH"] == 0 and fields["IS_LEAP_MONTH"] == 0:
            years.append(index)
    table = []
    for number, start in enumerate(years[:-1]):
        end = years[number + 1]
        if starts[end][0] <= first or starts[start][0] > last:
            continue
        lengths = [starts[index + 1][0] - starts[index][0] for index in range(start, end)]
        leap = [index - start + 1 for index in range(start, end) if starts[index][1]["IS_LEAP_MONTH"] == 1]
        table.append({"day": starts[start][0], "year": starts[start][1]["EXTENDED_YEAR"], "lengths": lengths,
                      "leap": leap[0] if leap else 0})
    for previous, following in zip(table, table[1:]):
        if previous["day"] + sum(previous["lengths"]) != following["day"] or previous["year"] + 1 != following["year"]:
            raise SystemExit("calendars.py: %s: the years are not consecutive" % calendar)
    return table


def encode_years(table):
    """Each year as 4 hex digits: bit i (from the first month) set for a 30-day month, then the leap month's
    place (0: none) as one hex digit. The first day and first year are given apart."""
    text = []
    for year in table:
        mask = 0
        for index, length in enumerate(year["lengths"]):
            if length not in (29, 30):
                raise SystemExit("calendars.py: a month of %d days" % length)
            if length == 30:
                mask |= 1 << index
        text.append("%04X%X" % (mask, year["leap"]))
    return "".join(text)


def decode_years(first_day, first_year, text):
    """The Swift decoding of `encode_years`, for the check: [(first day, extended year, [month lengths], leap)]."""
    years = []
    day = first_day
    for number in range(len(text) // 5):
        mask, leap = int(text[number * 5:number * 5 + 4], 16), int(text[number * 5 + 4], 16)
        count = 13 if leap else 12
        lengths = [30 if mask & (1 << index) else 29 for index in range(count)]
        years.append((day, first_year + number, lengths, leap))
        day += sum(lengths)
    return years


def table_fields(years, day, calendar):
    """The fields the Swift lookup computes for `day`, for the check."""
    index = bisect.bisect_right([year[0] for year in years], day) - 1
    if index < 0 or day >= years[index][0] + sum(years[index][2]):
        return None
    start, year, lengths, leap = years[index]
    offset = day - start
    ordinal = 0
    while offset >= lengths[ordinal]:
        offset -= lengths[ordinal]
        ordinal += 1
    fields = {"MONTH": ordinal - (1 if leap and ordinal + 1 >= leap else 0),
              "IS_LEAP_MONTH": 1 if leap and ordinal + 1 == leap else 0, "DATE": offset + 1,
              "DAY_OF_YEAR": day - start + 1, "EXTENDED_YEAR": year}
    if calendar in LUNISOLAR:
        cycle_year = year - (2637 if calendar == "chinese" else 2333) + 2636
        fields["ERA"] = cycle_year // 60 + 1
        fields["YEAR"] = cycle_year % 60 + 1
    else:
        fields["ERA"], fields["YEAR"] = 0, year
    return fields


def check_table(calendar, first_day, first_year, text):
    years = decode_years(first_day, first_year, text)
    instants = Instants(calendar)
    for day in range(days_since_1970(TABLE_FIRST), days_since_1970(TABLE_LAST) + 1):
        if table_fields(years, day, calendar) != instants.fields(day):
            raise SystemExit("calendars.py: %s day %d: the table gives %r, ICU %r" % (
                calendar, day, table_fields(years, day, calendar), instants.fields(day)))


def moon_crossings(calendar, table):
    """Per month of the table, in order: the milliseconds from the instant ICU's moon age turns positive to 00:00
    UTC of the month's first day (0 to one day). ICU's astronomical calendar moves to a month on its first local
    day only from that instant, so east of UTC the first hours of the day can still be the previous month's 30th."""
    def icu_month(instant, local_day):
        # A fixed-offset zone that puts `instant` at local noon of `local_day`.
        zone = icu.SimpleTimeZone(int(local_day * DAY_MS + DAY_MS // 2 - instant), "X")
        calendar_instance = icu.Calendar.createInstance(zone, icu.Locale("en@calendar=" + calendar))
        calendar_instance.setTime(instant / 1000.0)
        return (calendar_instance.get(FIELDS.EXTENDED_YEAR), calendar_instance.get(FIELDS.MONTH),
                calendar_instance.get(FIELDS.DATE))
    offsets = []
    for year in table:
        day = year["day"]
        for month, length in enumerate(year["lengths"]):
            wanted = (year["year"], month, 1)
            low, high = (day - 2) * DAY_MS, day * DAY_MS
            if not (icu_month(low, day) != wanted and icu_month(high, day) == wanted):
                raise SystemExit("calendars.py: %s %d/%d: the moon does not cross in the day before" % (
                    calendar, year["year"], month))
            while high - low > 1:
                middle = (low + high) // 2
                if icu_month(middle, day) == wanted:
                    high = middle
                else:
                    low = middle
            offsets.append(day * DAY_MS - high)
            day += length
    return offsets


def persian_corrections():
    """The Persian years ICU 77 starts a day earlier than the 33-year arithmetic does (its astronomical
    corrections: the year before is a day shorter), over the years JavaScript's dates reach."""
    instants = Instants("persian")
    years = []
    for year in range(-272_000, 276_000):
        arithmetic = 365 * (year - 1) + (8 * year + 21) // 33 + 1948320 - EPOCH_JULIAN_DAY
        actual = instants.day(EXTENDED_YEAR=year, MONTH=0, DATE=1)
        if actual != arithmetic:
            if actual != arithmetic - 1:
                raise SystemExit("calendars.py: Persian year %d starts %d days off" % (year, actual - arithmetic))
            years.append(year)
    return years


# --- numbering systems -------------------------------------------------------------------------------------------


def numbering(system, values):
    number_format = icu.NumberFormat.createInstance(icu.Locale("en@numbers=" + system))
    return [number_format.format(value) for value in values]


def hebrew_numeral(value, table):
    """The Swift composition of `hebr` beyond 999, as ICU's `%hebrew` rules compose it; for the check."""
    if value < 0:
        return "−" + hebrew_numeral(-value, table)
    if value < 1000:
        return table[value]
    if value == 1000:
        return "אלף"
    if value == 2000:
        return "אלפיים"
    if value == 1_000_000:
        return "אלף אלפים"
    if value > 1_000_000:
        return "{:,}".format(value)
    thousands, rest = divmod(value, 1000)
    if rest == 0 and thousands >= 3:
        return table[thousands] + " אלפים"
    prefix = table[thousands] + ("׳" if 11 <= thousands <= 99 or thousands >= 101 else "")
    return prefix + table[rest]


def numbering_tables():
    hebrew = numbering("hebr", range(1000))
    check = list(range(-3000, 20000)) + list(range(20000, 1_100_000, 997)) + [1_000_000, 1_000_001, 999_999]
    icu_values = numbering("hebr", check)
    for value, expected in zip(check, icu_values):
        if hebrew_numeral(value, hebrew) != expected:
            raise SystemExit("calendars.py: hebr %d is %r, the composition gives %r" % (
                value, expected, hebrew_numeral(value, hebrew)))
    days = numbering("hanidays", range(1, 32))
    years = numbering("jpanyear", range(-2000, 2001))
    for value, text in zip(range(-2000, 2001), years):
        expected = "元" if abs(value) == 1 else str(value)
        if text != expected:
            raise SystemExit("calendars.py: jpanyear %d is %r, not %r" % (value, text, expected))
    return hebrew, days


# --- the test data: ICU's fields on sample days ---------------------------------------------------------------------


def sample_days(calendar):
    first, last = days_since_1970(TABLE_FIRST), days_since_1970(TABLE_LAST)
    if calendar in LUNISOLAR or calendar in TABLE_CALENDARS:
        days = set(range(first, last + 1, 97)) | {first, last}
    else:
        days = set(range(days_since_1970("1583-01-01"), days_since_1970("2600-01-01"), 389))
        days |= set(range(-100_000_000, 100_000_001, 4_999_999))
        days |= {-100_000_000, 100_000_000}
    # Both sides of every month start from 2019 to 2027.
    instants = Instants(calendar)
    for day in range(days_since_1970("2019-01-01"), days_since_1970("2027-12-31")):
        if instants.fields(day)["DATE"] == 1:
            days |= {day - 1, day}
    if calendar == "persian":
        # Around the first years ICU corrects (1503 and 1602 start a day early).
        for year in (1502, 1503, 1504, 1601, 1602, 1603):
            start = instants.day(EXTENDED_YEAR=year, MONTH=0, DATE=1)
            days |= set(range(start - 3, start + 3))
    if calendar == "japanese":
        days |= {days_since_1970("1989-01-07"), days_since_1970("1989-01-08"), days_since_1970("2019-04-30"),
                 days_since_1970("2019-05-01"), days_since_1970("1926-12-24"), days_since_1970("1926-12-25"),
                 days_since_1970("1912-07-29"), days_since_1970("1912-07-30"), days_since_1970("1868-10-23")}
    return sorted(days)


def fields_data():
    """{calendar: [[day, era, year, month, leap, date, day of year, extended year, related year], …]}"""
    data = {"comment": "generated by %s; do not edit. Days are since 1970-01-01 (proleptic Gregorian, as LocaleData "
                       "counts them); the fields are ICU's Calendar fields at noon UTC of that day: ERA, YEAR, MONTH "
                       "(0-based), IS_LEAP_MONTH, DATE, DAY_OF_YEAR, EXTENDED_YEAR, and the related Gregorian year "
                       "('r')." % generated.generated_by("calendars.py")}
    for calendar, bcp47, _ in [("gregorian", "gregory", "g")] + CALENDARS:
        instants = Instants(calendar)
        related = formatter("r", icu.Locale("en@calendar=" + calendar))
        rows = []
        for day in sample_days(calendar):
            if calendar in ("gregorian", "buddhist", "japanese", "roc", "iso8601") and day < days_since_1970(
                    "1582-10-15"):
                continue  # ICU is Julian before the Gregorian reform; LocaleData is proleptic Gregorian
            fields = instants.fields(day)
            rows.append([day, fields["ERA"], fields["YEAR"], fields["MONTH"], fields["IS_LEAP_MONTH"], fields["DATE"],
                         fields["DAY_OF_YEAR"], fields["EXTENDED_YEAR"],
                         int(related.format(seconds(day)).replace("-", "-"))])
        data[bcp47] = rows
    return data


def fields_json(data):
    lines = ["{"]
    keys = list(data)
    for number, key in enumerate(keys):
        value = data[key]
        ending = "," if number + 1 < len(keys) else ""
        if isinstance(value, str):
            lines.append("  %s: %s%s" % (json.dumps(key), json.dumps(value, ensure_ascii=False), ending))
        else:
            lines.append("  %s: [" % json.dumps(key))
            lines.extend("    %s%s" % (json.dumps(row), "," if index + 1 < len(value) else "")
                         for index, row in enumerate(value))
            lines.append("  ]%s" % ending)
    lines.append("}")
    return "\n".join(lines) + "\n"


# --- the Swift file -------------------------------------------------------------------------------------------------


def data_file(records, locale_count, kept, regions, eras, corrections, tables, moon, hebrew, days):
    """CalendarData+Generated.swift: the packed records (identical ones once), and the tables."""
    lines = [
        "",
        "    /// The regions whose preferred calendar is not the Gregorian one (CLDR's calendarPreferenceData).",
        "    static let regionCalendars: [String: CalendarSystem] = [",
    ]
    bcp47 = {calendar: name for calendar, name, _ in CALENDARS}
    for region in sorted(regions):
        lines.append('        "%s": .%s,' % (region, swift_case(bcp47[regions[region]])))
    lines += [
        "    ]",
        "",
        "    /// The first day of each Japanese era, `yyyymmdd` (proleptic Gregorian), in ICU's order: era 0 is Taika,",
        "    /// %d is Reiwa." % (len(eras) - 1),
        "    static let japaneseEraStarts: [Int32] = [",
    ]
    row = []
    for start in eras:
        row.append("%d%02d%02d" % tuple(start))
        if len(row) == 12:
            lines.append("        " + ", ".join(row) + ",")
            row = []
    if row:
        lines.append("        " + ", ".join(row) + ",")
    lines += [
        "    ]",
        "",
        "    /// The Persian years that ICU starts a day earlier than the arithmetic 33-year rule does.",
        "    static let persianEarlyYears: [Int32] = [",
    ]
    for start in range(0, len(corrections), 16):
        lines.append("        " + ", ".join(str(year) for year in corrections[start:start + 16]) + ",")
    lines += ["    ]", ""]
    first_day, last_day = days_since_1970(TABLE_FIRST), days_since_1970(TABLE_LAST)
    lines += [
        "    /// The local days the tables below cover: %s to %s." % (TABLE_FIRST, TABLE_LAST),
        "    static let tableDays: ClosedRange<Int64> = %d...%d" % (first_day, last_day),
        "",
    ]
    for calendar, (start, year, text) in tables.items():
        lines += [
            "    /// %s years from %d (extended year; day %d since 1970), 5 hex digits each: a bit per month from the" % (
                calendar.capitalize(), year, start),
            "    /// first, set for 30 days, then the leap month's place (0: none).",
            "    static let %sYears = YearTable(firstDay: %d, firstYear: %d, encoded: %s)" % (
                swift_case(calendar.replace("islamic-", "")), start, year, swift_string(text)),
            "",
        ]
    lines += [
        "    /// Per month of `islamicYears`, 7 hex digits: the milliseconds from the instant ICU's moon age turns",
        "    /// positive to 00:00 UTC of the month's first day. Before that instant ICU counts the month before.",
        "    static let islamicMoonCrossings: StaticString = %s" % swift_string(moon),
        "",
        "    /// `hebr` numerals 0-999, as ICU's `%hebrew` rules spell them; larger numbers are composed from these.",
        "    static let hebrewNumerals: StaticString = %s" % swift_string(LS.join(hebrew)),
        "",
        "    /// `hanidays`, 1-31.",
        "    static let chineseDayNumerals: StaticString = %s" % swift_string(LS.join(days)),
    ]
    packed = generated.PackedRecords(records, generated.KEY_WIDTH, "calendars.py", share=True)
    return packed.swift_file("calendars.py", [
        "Source: the ICU data library (Unicode License V3): %d locales x %d calendars, %d values kept, %d records "
        "(%d distinct, %d bytes)." % (locale_count, len(CALENDARS), kept, packed.count, packed.distinct, packed.size)
    ], "CalendarData", after=lines, doc=[
        "%d entries of %d bytes: `locale/` + calendar letter + section, padded to %d, then the record's"
        % (packed.count, packed.entry_width, packed.key_width),
        "offset (%d) and length (%d)." % (generated.OFFSET_DIGITS, generated.LENGTH_DIGITS),
    ], records_doc="The records, in index order; records with the same text are stored once.")


def swift_case(name):
    parts = name.split("-")
    return parts[0] + "".join(part.capitalize() for part in parts[1:])


def main():
    args = generated.command_line(__doc__).parse_args()
    generated.require_icu("calendars.py")
    resources = generated.Resources()
    facts = CalendarFacts(resources)
    regions = calendar_preferences(resources)
    tables = {}
    for calendar in ("chinese", "dangi", "islamic-umalqura", "islamic"):
        table = year_table(calendar)
        text = encode_years(table)
        check_table(calendar, table[0]["day"], table[0]["year"], text)
        tables[calendar] = (table[0]["day"], table[0]["year"], text)
        if calendar == "islamic":
            check_table("islamic-rgsa", table[0]["day"], table[0]["year"], text)
            moon = "".join("%07X" % offset for offset in moon_crossings(calendar, table))
    corrections = persian_corrections()
    hebrew, days = numbering_tables()
    records, locale_count, kept = build_records(facts)
    outputs = {
        "Sources/LocaleData/Calendar/CalendarData+Generated.swift": data_file(
            records, locale_count, kept, regions, facts.eras, corrections, tables, moon, hebrew, days),
        "Tests/LocaleDataTests/Data/calendar-fields.json": fields_json(fields_data()),
    }
    changed = generated.update("calendars.py", outputs, args.check, generated.current())
    if not args.check:
        generated.wrote(changed)


if __name__ == "__main__":
    main()
