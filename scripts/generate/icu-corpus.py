#!/usr/bin/env python3
"""Generate the differential test corpora of ICU MessageFormat outputs.

Formats a fixed set of MessageFormat messages (plurals, ordinals, numbers, number skeletons, units, currencies,
dates and times) in 48 locales with ICU4C 77.1 (CLDR 47) through PyICU, and writes one case per line to

  Tests/I18nCoreTests/Data/icu-corpus.jsonl

  {"locale": "de", "message": "...", "arguments": {...}, "timeZone": "Europe/Berlin", "expected": "..."}

and date messages in every calendar LocaleData formats, over days that cross their years, months, eras and leap
months, to

  Tests/I18nCoreTests/Data/calendar-corpus.jsonl

  {"locale": "he-u-ca-hebrew", "calendar": "hebrew", "message": "...", "arguments": {...}, "timeZone": "UTC",
   "expected": "..."}

where "calendar" is the calendar ICU formatted in (`Calendar::getType`). A case WidgetI18n deliberately does not
match carries "difference", the reason: a date outside the Chinese, dangi and Umm al-Qura tables, which ICU
computes (or extrapolates) and WidgetI18n reports as a problem instead of guessing.

"timeZone" is present only in cases with a date argument. Argument values are JSON numbers (an integer is passed
to ICU as int64, a number written with a fraction or exponent -- including 1.0 -- as a double) or
{"$date": <milliseconds since 1970-01-01T00:00:00Z>}, passed to ICU as a UDate. The first line is a comment
object without "expected", which readers skip. WidgetI18n's formatter must produce "expected" exactly.

Usage (from the repository root):  python3 scripts/generate/icu-corpus.py [--check]
(--check: regenerate into memory and compare with the committed files, exit 1 on a difference.)
Needs Python 3 and PyICU built against ICU 77.1 (pip install pyicu-wheels); refuses to run with any other ICU.
The output is deterministic: fixed orders, and the spreading of combinations over locales uses no randomness.

ICU notes:
- Number skeletons (`{n, number, ::...}`) and date skeletons (`{d, date, ::...}`) are formatted by MessageFormat
  itself. Of the grouping stems ICU accepts group-off, group-min2, group-auto, group-on-aligned and
  group-thousands; there is no `group-always` stem.
- Dates are formatted in the case's time zone by making it ICU's default zone before creating the MessageFormat
  (verified at startup against known instants). PyICU takes a UDate as float *seconds*, so every instant here
  is a whole second.
- Every locale's dates are in its own default calendar, as ICU picks it ("th": Buddhist, "fa": Persian).
"""
import argparse
import functools
import json
import math
import os
import sys
from datetime import datetime, timezone

import icu
import generated

ICU_VERSION = "77.1"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT = os.path.join(ROOT, "Tests", "I18nCoreTests", "Data", "icu-corpus.jsonl")
CALENDAR_OUTPUT = os.path.join(ROOT, "Tests", "I18nCoreTests", "Data", "calendar-corpus.jsonl")

LOCALES = [
    "en", "en-GB", "en-IN", "de", "de-CH", "fr", "fr-CA", "es", "es-419", "es-MX", "pt", "pt-PT", "it", "nl",
    "sv", "nb", "da", "fi", "pl", "cs", "ru", "uk", "tr", "ar", "ar-EG", "he", "fa", "hi", "bn", "th", "ja",
    "ko", "zh", "zh-Hant", "zh-Hant-HK", "id", "vi", "el", "hu", "ro", "is", "lt", "lv", "sl", "sr-Latn", "ga",
    "cy", "mt",
]

# --- 1, 2: plural categories -----------------------------------------------------------------------------------

PLURAL_MESSAGE = "{n, plural, zero {zero #} one {one #} two {two #} few {few #} many {many #} other {other #}}"
PLURAL_VALUES = [0, 1, 2, 3, 5, 11, 21, 101, 1000000, 0.0, 1.0, 1.5, 2.5, 0.1, 1.25, 10.0, 100.5, -1, -2.5]

ORDINAL_MESSAGE = (
    "{n, selectordinal, zero {zero #} one {one #} two {two #} few {few #} many {many #} other {other #}}"
)
ORDINAL_VALUES = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111]

# --- 3: plain numbers ------------------------------------------------------------------------------------------

PLAIN_MESSAGES = ["{n}", "{n, number}", "{n, number, integer}", "{n, number, percent}"]
PLAIN_VALUES = [0, 1.0, -1, 1234, 12345.678, 1234567.891, 0.5, 1000, 10000, -1234.5, 0.000123, 123456789012]

# --- 4: number skeletons ---------------------------------------------------------------------------------------

COMPACT_SKELETONS = ["compact-short", "compact-long"]
COMPACT_VALUES = [
    0, 5, 999, 1000, 1234, 1500, 9999, 12345, 99999, 123456, 999999, 1000000, 1234567, 15000000, 1000000000,
    1500000000000, -1234, 0.5, 1.25,
]
SKELETONS = [
    "percent", "percent .00", "scale/100", ".00", ".0#", "@@#", "@@@", "precision-integer",
    "sign-always", "sign-except-zero", "sign-never",
    "group-off", "group-min2", "group-auto", "group-on-aligned", "group-thousands",
]
SKELETON_VALUES = PLAIN_VALUES
SKELETON_CASES_PER_LOCALE = 34

# --- 5: units --------------------------------------------------------------------------------------------------

UNITS = [
    "second", "minute", "hour", "day", "week", "month", "year", "meter", "kilometer", "mile", "foot", "gram",
    "kilogram", "pound", "celsius", "fahrenheit", "kilocalorie", "kilometer-per-hour", "mile-per-hour", "liter",
    "kilobyte", "megabyte", "gigabyte", "percent",
]
UNIT_WIDTHS = ["", "unit-width-short", "unit-width-narrow", "unit-width-full-name"]
UNIT_VALUES = [0, 1, 2, 5, 1.5, 21, 1234]
UNIT_CASES_PER_LOCALE = 36

# --- 6: currencies ---------------------------------------------------------------------------------------------

CURRENCIES = [
    "USD", "EUR", "GBP", "JPY", "CNY", "INR", "KRW", "RUB", "TRY", "BRL", "MXN", "CAD", "AUD", "CHF", "SEK",
    "NOK", "DKK", "PLN", "CZK", "HUF", "ILS", "SAR", "AED", "EGP", "ZAR", "NGN", "IDR", "THB", "VND", "PHP",
    "MYR", "SGD", "HKD", "TWD", "NZD", "CLP", "COP", "ARS", "PEN", "UAH", "RON", "KZT", "PKR", "BDT",
]
CURRENCY_WIDTHS = ["", "unit-width-short", "unit-width-narrow", "unit-width-iso-code", "unit-width-full-name"]
CURRENCY_VALUES = [0, 1, 1234.5, -12.345, 1000000]
CURRENCY_CASES_PER_LOCALE = 42

# --- 7: dates and times ----------------------------------------------------------------------------------------

DATE_MESSAGES = [
    "{d, date}", "{d, date, short}", "{d, date, medium}", "{d, date, long}", "{d, date, full}",
    "{d, time}", "{d, time, short}", "{d, time, medium}",
] + [
    "{d, time, ::%s}" % skeleton for skeleton in ["jm", "Hm", "hm", "jms"]
] + [
    "{d, date, ::%s}" % skeleton for skeleton in [
        "MMMd", "MMMEd", "yMMMd", "yMMMEd", "yMd", "MMMMd", "yMMMM", "EEEE", "EEE", "MMMM", "LLLL", "d", "Ed",
        "yMMMMEEEEd", "MMMEdjm", "yMMMdjms", "Md", "MEd",
    ]
]
INSTANTS_PER_DATE_MESSAGE = 3

TIME_ZONES = ["America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Sydney", "UTC"]

# Wall-clock times, each taken in every zone.
LOCAL_TIMES = [
    "2024-01-01 00:00:00", "2024-02-29 12:00:00", "2024-07-04 00:30:00", "2024-12-31 23:59:59",
    "2025-01-15 12:30:00", "2025-06-21 08:05:09", "2025-09-10 17:45:00", "2026-05-01 06:07:08",
    "2026-12-25 20:00:00",
]

# The 2025 DST transitions (UTC instant at which the offset changes) and the zone's local date of each: cases
# take the second before, the instant itself and noon that day.
DST_TRANSITIONS = [
    ("America/New_York", "2025-03-09T07:00:00Z", "2025-03-09"),
    ("America/New_York", "2025-11-02T06:00:00Z", "2025-11-02"),
    ("Europe/Berlin", "2025-03-30T01:00:00Z", "2025-03-30"),
    ("Europe/Berlin", "2025-10-26T01:00:00Z", "2025-10-26"),
    ("Australia/Sydney", "2025-04-05T16:00:00Z", "2025-04-06"),
    ("Australia/Sydney", "2025-10-04T16:00:00Z", "2025-10-05"),
]

# Dates outside 2024-2026: UTC instants, and wall-clock times in a given zone.
HISTORIC_INSTANTS = [
    ("UTC", "1970-01-01T00:00:00Z"),
    ("America/New_York", "1970-01-01T00:00:00Z"),
    ("Asia/Kolkata", "1970-01-01T00:00:00Z"),
    ("Europe/Berlin", "1970-07-20T20:17:40Z"),
    ("Australia/Sydney", "1970-12-31T13:00:00Z"),
    ("UTC", "2038-01-19T03:14:07Z"),
    ("Europe/Berlin", "2038-01-19T03:14:07Z"),
]
HISTORIC_LOCAL_TIMES = [
    ("America/New_York", "2000-02-29 12:00:00"),
    ("Europe/Berlin", "2000-02-29 00:00:00"),
    ("Asia/Kolkata", "2000-02-29 23:59:59"),
    ("Australia/Sydney", "2100-07-04 12:00:00"),
    ("America/New_York", "2100-07-04 00:30:00"),
    ("UTC", "2100-07-04 12:30:00"),
]

# For verify_time_zones(): 2025-01-15T12:00:00Z as HH:mm in each zone.
ZONE_CHECK_INSTANT = "2025-01-15T12:00:00Z"
ZONE_CHECK_EXPECTED = {
    "America/New_York": "07:00", "Europe/Berlin": "13:00", "Asia/Kolkata": "17:30", "Australia/Sydney": "23:00",
    "UTC": "12:00",
}


# --- ICU --------------------------------------------------------------------------------------------------------

class Date:
    """A date argument: milliseconds since 1970-01-01T00:00:00Z."""

    def __init__(self, milliseconds):
        self.milliseconds = milliseconds

    def to_json(self):
        return {"$date": self.milliseconds}


def utc_milliseconds(iso):
    """"2025-03-09T07:00:00Z" -> milliseconds since 1970."""
    instant = datetime.strptime(iso, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    return int(instant.timestamp()) * 1000


def local_milliseconds(zone, wall_time):
    """"2025-03-09 12:00:00" in zone -> milliseconds since 1970, by ICU's own zone data."""
    date, time = wall_time.split(" ")
    year, month, day = (int(part) for part in date.split("-"))
    hour, minute, second = (int(part) for part in time.split(":"))
    calendar = icu.GregorianCalendar(time_zone(zone))
    calendar.clear()
    calendar.set(year, month - 1, day, hour, minute, second)
    seconds = calendar.getTime()  # PyICU: a UDate is float seconds
    assert seconds == int(seconds), (zone, wall_time, seconds)
    return int(seconds) * 1000


def time_zone(zone):
    result = icu.TimeZone.createTimeZone(zone)
    if result.getID() != zone:
        sys.exit("ICU does not know the time zone %s" % zone)
    return result


def gregorian(tag):
    """`tag` itself when its default calendar is the Gregorian one, else `tag-u-ca-gregory`. This corpus formats
    every locale in its own calendar; zone-names-corpus.py asks for the Gregorian one (its subject is zones)."""
    calendar = icu.Calendar.createInstance(icu.Locale.forLanguageTag(tag))
    return tag if calendar.getType() == "gregorian" else tag + "-u-ca-gregory"


@functools.lru_cache(maxsize=None)
def icu_locale(tag):
    locale = icu.Locale.forLanguageTag(tag)
    available = icu.Locale.getAvailableLocales()
    # An alias such as zh_TW (zh_Hant_TW) is data ICU has too.
    if locale.getBaseName() not in available and icu.Locale(locale.getBaseName()).addLikelySubtags().getName() not in available:
        sys.exit("ICU has no data for %s (%s)" % (tag, locale.getName()))
    return locale


def formattable(value):
    if isinstance(value, Date):
        # PyICU takes a UDate as float seconds; with whole seconds the conversion back to milliseconds is exact.
        seconds = value.milliseconds / 1000
        assert value.milliseconds % 1000 == 0 and seconds * 1000 == value.milliseconds, value.milliseconds
        return icu.Formattable(seconds, icu.Formattable.kIsDate)
    result = icu.Formattable()
    if isinstance(value, int) and not isinstance(value, bool):
        result.setInt64(value)  # icu.Formattable(int) would make a double
    elif isinstance(value, float):
        result.setDouble(value)
    else:
        raise TypeError(value)
    return result


def format_message(tag, message, arguments, zone):
    """ICU MessageFormat's output for named arguments; date arguments in zone."""
    icu.TimeZone.setDefault(time_zone(zone))  # MessageFormat's date formats take the default zone when created
    formatter = icu.MessageFormat(message, icu_locale(tag))
    names = list(arguments)
    return formatter.format(names, [formattable(arguments[name]) for name in names])


def verify_time_zones():
    instant = Date(utc_milliseconds(ZONE_CHECK_INSTANT))
    for zone, expected in ZONE_CHECK_EXPECTED.items():
        actual = format_message("en", "{d, time, ::Hm}", {"d": instant}, zone)
        if actual != expected:
            sys.exit("time zone check failed: %s in %s formats as %r, not %r" % (ZONE_CHECK_INSTANT, zone, actual,
                                                                                 expected))
    for zone, iso, _ in DST_TRANSITIONS:
        seconds = utc_milliseconds(iso) / 1000
        before = sum(time_zone(zone).getOffset(seconds - 1, False))
        after = sum(time_zone(zone).getOffset(seconds, False))
        if before == after:
            sys.exit("%s is not a DST transition in %s" % (iso, zone))


# --- cases ------------------------------------------------------------------------------------------------------

class Dealer:
    """Deals a list of combinations out in hands, cycling through all of them in a scattered fixed order.

    The k-th combination dealt is items[k * step % n] with step coprime to n (near n / golden ratio), so every
    combination is dealt equally often (+-1) and each hand mixes the values of every dimension of the product.
    """

    def __init__(self, items):
        self.items = items
        count = len(items)
        self.step = next(step for step in range(round(count * 0.618), 2 * count) if math.gcd(step, count) == 1)
        self.dealt = 0

    def deal(self, size):
        hand = [self.items[(self.dealt + index) * self.step % len(self.items)] for index in range(size)]
        self.dealt += size
        return hand


def date_instants():
    """(zone, Date) pairs, sorted by zone and instant."""
    instants = set()
    for zone in TIME_ZONES:
        for wall_time in LOCAL_TIMES:
            instants.add((zone, local_milliseconds(zone, wall_time)))
    for zone, iso, local_date in DST_TRANSITIONS:
        milliseconds = utc_milliseconds(iso)
        instants.add((zone, milliseconds - 1000))
        instants.add((zone, milliseconds))
        instants.add((zone, local_milliseconds(zone, local_date + " 12:00:00")))
    for zone, iso in HISTORIC_INSTANTS:
        instants.add((zone, utc_milliseconds(iso)))
    for zone, wall_time in HISTORIC_LOCAL_TIMES:
        instants.add((zone, local_milliseconds(zone, wall_time)))
    return [(zone, Date(milliseconds)) for zone, milliseconds in sorted(instants)]


def in_list_order(*lists):
    """A sort key putting dealt combinations in the order of the lists they were taken from."""
    return lambda combination: tuple(values.index(value) for values, value in zip(lists, combination))


def number_skeleton(*stems):
    return "{n, number, ::%s}" % " ".join(stem for stem in stems if stem)


def cases():
    """(locale, message, arguments, zone or None), in a fixed order."""
    skeletons = Dealer([(skeleton, value) for skeleton in SKELETONS for value in SKELETON_VALUES])
    units = Dealer([(unit, width, value) for unit in UNITS for width in UNIT_WIDTHS for value in UNIT_VALUES])
    currencies = Dealer([(currency, width, value) for currency in CURRENCIES for width in CURRENCY_WIDTHS
                         for value in CURRENCY_VALUES])
    instants = Dealer(date_instants())

    for locale in LOCALES:
        for value in PLURAL_VALUES:
            yield locale, PLURAL_MESSAGE, {"n": value}, None
        for value in ORDINAL_VALUES:
            yield locale, ORDINAL_MESSAGE, {"n": value}, None
        for message in PLAIN_MESSAGES:
            for value in PLAIN_VALUES:
                yield locale, message, {"n": value}, None
        for skeleton in COMPACT_SKELETONS:
            for value in COMPACT_VALUES:
                yield locale, number_skeleton(skeleton), {"n": value}, None
        hand = skeletons.deal(SKELETON_CASES_PER_LOCALE)
        for skeleton, value in sorted(hand, key=in_list_order(SKELETONS, SKELETON_VALUES)):
            yield locale, number_skeleton(skeleton), {"n": value}, None
        hand = units.deal(UNIT_CASES_PER_LOCALE)
        for unit, width, value in sorted(hand, key=in_list_order(UNITS, UNIT_WIDTHS, UNIT_VALUES)):
            yield locale, number_skeleton("unit/" + unit, width), {"n": value}, None
        hand = currencies.deal(CURRENCY_CASES_PER_LOCALE)
        for currency, width, value in sorted(hand, key=in_list_order(CURRENCIES, CURRENCY_WIDTHS, CURRENCY_VALUES)):
            yield locale, number_skeleton("currency/" + currency, width), {"n": value}, None
        for message in DATE_MESSAGES:
            for zone, date in instants.deal(INSTANTS_PER_DATE_MESSAGE):
                yield locale, message, {"d": date}, zone


# --- the calendar corpus ------------------------------------------------------------------------------------------

CALENDAR_MESSAGES = [
    "{d, date, short}", "{d, date, medium}", "{d, date, long}", "{d, date, full}", "{d}", "{d, time, short}",
    "{d, time, medium}",
] + [
    "{d, date, ::%s}" % skeleton for skeleton in [
        "yMMMd", "yMMMEd", "GyMMMd", "yM", "MMMd", "yMMMM", "yMMMMEEEEd", "yMd", "GyMMMEd", "MMMMd", "LLLL", "y",
        "Gy", "yMMMEdjm", "MEd",
    ]
] + ["{d, time, ::jm}", "{d, time, ::jms}"] + [
    # Every calendar field, at each width, through a pattern of the message's own. Written right after the comma:
    # ICU4C keeps the space of `{d, date, y}` in the pattern (" 2026"), which WidgetI18n's parser trims.
    "{d, date,G GGGG GGGGG}", "{d, date,y yy yyyy u r}", "{d, date,U UUUU r}", "{d, date,M MM MMM MMMM MMMMM}",
    "{d, date,L LL LLL LLLL LLLLL}", "{d, date,d dd D l}",
]
MESSAGES_PER_CALENDAR_INSTANT = 6

# (calendar as ICU names it, the other zone of its cases, the tags). Each tag must make ICU use the calendar.
CALENDAR_GROUPS = [
    ("buddhist", "Asia/Bangkok", ["th", "th-TH", "en-u-ca-buddhist", "th-u-nu-thai", "th-TH-u-ca-buddhist"]),
    ("persian", "Asia/Tehran", ["fa", "fa-AF", "ps", "ps-AF", "uz-Arab", "ckb-IR", "en-u-ca-persian",
                                "fa-u-nu-latn"]),
    ("japanese", "Asia/Tokyo", ["ja-u-ca-japanese", "ja-JP-u-ca-japanese", "en-u-ca-japanese", "de-u-ca-japanese"]),
    ("hebrew", "Asia/Jerusalem", ["he-u-ca-hebrew", "he-IL-u-ca-hebrew", "en-u-ca-hebrew", "yi-u-ca-hebrew",
                                  "ru-u-ca-hebrew"]),
    ("islamic-umalqura", "Asia/Riyadh", ["ar-SA-u-ca-islamic-umalqura", "en-u-ca-islamic-umalqura",
                                         "ar-SA-u-ca-islamic-umalqura-nu-latn", "ur-u-ca-islamic-umalqura"]),
    ("islamic-civil", "Asia/Riyadh", ["ar-u-ca-islamic-civil", "ar-SA-u-ca-islamic-civil", "en-u-ca-islamic-civil",
                                      "tr-u-ca-islamic-civil", "en-u-ca-islamicc"]),
    ("roc", "Asia/Taipei", ["zh-TW-u-ca-roc", "zh-Hant-u-ca-roc", "en-u-ca-roc"]),
    ("chinese", "Asia/Shanghai", ["zh-u-ca-chinese", "zh-Hant-u-ca-chinese", "en-u-ca-chinese", "ja-u-ca-chinese",
                                  "yue-u-ca-chinese", "vi-u-ca-chinese"]),
    ("dangi", "Asia/Seoul", ["ko-u-ca-dangi", "en-u-ca-dangi"]),
    ("gregorian", "America/New_York", ["ar-SA", "th-u-ca-gregory", "fa-u-ca-gregory", "en-u-ca-gregory",
                                       "ja-u-ca-gregory"]),
]

# The tables of the Chinese, dangi and Umm al-Qura calendars cover these local days (LocaleData's CalendarData).
TABLE_FIRST, TABLE_LAST = "1900-01-01", "2100-12-31"
TABLE_DIFFERENCE = ("outside the %s calendar's table (local days 1900-01-01 to 2100-12-31): ICU computes it, "
                    "WidgetI18n reports a problem instead of guessing")


def gregorian_day(iso):
    return datetime.strptime(iso, "%Y-%m-%d").date()


class CalendarDays:
    """Days on which a calendar's fields take given values, found with ICU's own calendar (as ISO dates)."""

    def __init__(self, calendar):
        self.calendar = icu.Calendar.createInstance(icu.TimeZone.createTimeZone("UTC"),
                                                    icu.Locale("en@calendar=" + calendar))

    def day(self, **fields):
        calendar = self.calendar
        calendar.clear()
        for name, value in fields.items():
            calendar.set(22 if name == "IS_LEAP_MONTH" else getattr(icu.UCalendarDateFields, name), value)
        return datetime.fromtimestamp(calendar.getTime(), timezone.utc).strftime("%Y-%m-%d")

    def month_starts(self, first, last):
        """(ISO day, MONTH, IS_LEAP_MONTH) of each month start from `first` to `last`."""
        result = []
        day = gregorian_day(first)
        end = gregorian_day(last)
        fields = icu.UCalendarDateFields
        while day <= end:
            self.calendar.setTime(datetime(day.year, day.month, day.day, 12, tzinfo=timezone.utc).timestamp())
            if self.calendar.get(fields.DATE) == 1:
                result.append((day.isoformat(), self.calendar.get(fields.MONTH), self.calendar.get(22)))
            day = day.fromordinal(day.toordinal() + 1)
        return result


def boundary_days(calendar):
    """The days each calendar's cases cross into (a case the second before midnight, one at midnight), and
    other days (a case at noon)."""
    days = CalendarDays(calendar)
    if calendar in ("gregorian", "buddhist", "roc"):
        boundaries = ["2026-01-01", "2027-01-01", "2024-03-01", "1912-01-01", "2000-01-01"]
        others = ["2026-11-30", "2024-02-29", "1970-01-01", "1911-12-31", "2100-07-04"]
    elif calendar == "japanese":
        # Heisei to Reiwa, Showa to Heisei, Taisho to Showa, Meiji to Taisho, Reiwa 1 to 2, the start of Meiji.
        boundaries = ["2019-05-01", "1989-01-08", "1926-12-25", "1912-07-30", "2020-01-01",
                      days.day(ERA=232, YEAR=1, MONTH=8, DATE=8)]
        others = ["2026-11-30", "2019-04-15", "1989-06-01", "1873-01-01", "1945-08-15"]
    elif calendar == "persian":
        # Nowruz of 1403-1406, the 31- to 30-day months, the leap day of 1403, and ICU's corrected year 1503.
        boundaries = [days.day(EXTENDED_YEAR=year, MONTH=0, DATE=1) for year in (1403, 1404, 1405, 1406, 1503, 1504)]
        boundaries += [days.day(EXTENDED_YEAR=1404, MONTH=6, DATE=1), days.day(EXTENDED_YEAR=1403, MONTH=11, DATE=30)]
        # Year -521 too, whose minus sign is the locale's (U+200E U+2212 in Persian).
        others = ["2026-11-30", "1979-02-11", "1900-01-01", "3000-01-01", "0100-03-01"]
    elif calendar == "hebrew":
        # Rosh Hashanah 5785-5787; Adar I, Adar II and Nisan of the leap years 5784 and 5787; Adar of 5785.
        boundaries = [days.day(EXTENDED_YEAR=year, MONTH=0, DATE=1) for year in (5785, 5786, 5787)]
        boundaries += [days.day(EXTENDED_YEAR=year, MONTH=month, DATE=1) for year in (5784, 5787) for month in (5, 6, 7)]
        boundaries += [days.day(EXTENDED_YEAR=5785, MONTH=6, DATE=1), days.day(EXTENDED_YEAR=5785, MONTH=7, DATE=1)]
        others = ["2026-11-30", "1948-05-14", "2239-09-01", "1900-01-01", days.day(EXTENDED_YEAR=5784, MONTH=5, DATE=30)]
    elif calendar in ("islamic-umalqura", "islamic-civil"):
        # Ramadan, Shawwal and Muharram of 1445-1448, and where Umm al-Qura and the civil calendar part.
        boundaries = [days.day(EXTENDED_YEAR=year, MONTH=month, DATE=1) for year in (1445, 1446, 1447)
                      for month in (0, 8, 9)] + [days.day(EXTENDED_YEAR=1448, MONTH=0, DATE=1)]
        others = ["2026-11-30", "2024-06-16"]
        if calendar == "islamic-umalqura":
            others += [TABLE_FIRST, TABLE_LAST]
        else:
            # Before the Hijra too: a negative year, with Arabic's minus sign (U+061C, then '-').
            others += ["1900-01-01", "0622-07-19", "3000-01-01", "0500-06-01"]
    else:
        # New years and leap months (with the month after) from 2020 to 2034, 2033's leap eleventh month included.
        starts = days.month_starts("2020-01-01", "2034-12-31")
        boundaries = []
        for index, (day, month, leap) in enumerate(starts):
            if (month == 0 and leap == 0) or leap == 1 or (index > 0 and starts[index - 1][2] == 1):
                boundaries.append(day)
        others = ["2026-11-30", TABLE_FIRST, TABLE_LAST, "1970-01-01"]
    return boundaries, others


def calendar_instants(calendar, zone):
    """(zone, Date, difference or None) for a calendar's cases: boundaries and other days in UTC and in `zone`
    (from 1970, where ICU's and the system's zone histories agree), and the days just outside a table."""
    boundaries, others = boundary_days(calendar)
    instants = []
    for name in ("UTC", zone):
        for day in boundaries:
            if name != "UTC" and day < "1970-01-01":
                continue
            previous = gregorian_day(day).fromordinal(gregorian_day(day).toordinal() - 1).isoformat()
            instants.append((name, Date(local_milliseconds(name, previous + " 23:59:59")), None))
            instants.append((name, Date(local_milliseconds(name, day + " 00:00:00")), None))
        for day in others:
            if name != "UTC" and (day < "1970-01-01" or day in (TABLE_FIRST, TABLE_LAST)):
                continue
            instants.append((name, Date(local_milliseconds(name, day + " 12:00:00")), None))
    if calendar in ("chinese", "dangi", "islamic-umalqura"):
        for day in ("1899-12-31", "2101-01-01"):
            instants.append(("UTC", Date(local_milliseconds("UTC", day + " 12:00:00")), TABLE_DIFFERENCE % calendar))
    return instants


def calendar_cases():
    """(tag, calendar, message, arguments, zone, difference), in a fixed order."""
    for calendar, zone, tags in CALENDAR_GROUPS:
        instants = calendar_instants(calendar, zone)
        for tag in tags:
            actual = icu.Calendar.createInstance(icu.Locale.forLanguageTag(tag)).getType()
            if actual != calendar:
                sys.exit("icu-corpus.py: ICU formats %s in the %s calendar, not %s" % (tag, actual, calendar))
            messages = Dealer(CALENDAR_MESSAGES)
            for zone_name, date, difference in instants:
                hand = messages.deal(MESSAGES_PER_CALENDAR_INSTANT)
                for message in sorted(hand, key=CALENDAR_MESSAGES.index):
                    yield tag, calendar, message, {"d": date}, zone_name, difference


def calendar_corpus():
    lines = [json.dumps({"comment": "generated by scripts/generate/icu-corpus.py from ICU %s (CLDR 47); do not edit"
                                    % ICU_VERSION})]
    for tag, calendar, message, arguments, zone, difference in calendar_cases():
        case = {"locale": tag, "calendar": calendar, "message": message,
                "arguments": {name: value.to_json() for name, value in arguments.items()}, "timeZone": zone,
                "expected": format_message(tag, message, arguments, zone)}
        if difference:
            case["difference"] = difference
        lines.append(json.dumps(case, ensure_ascii=False))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    args = parser.parse_args()
    if icu.ICU_VERSION != ICU_VERSION:
        sys.stderr.write("icu-corpus.py: needs ICU %s (CLDR 47), but PyICU uses ICU %s\n"
                         % (ICU_VERSION, icu.ICU_VERSION))
        sys.exit(1)
    verify_time_zones()

    lines = [json.dumps({"comment": "generated by scripts/generate/icu-corpus.py from ICU %s (CLDR 47); do not edit"
                                    % ICU_VERSION})]
    for locale, message, arguments, zone in cases():
        case = {"locale": locale, "message": message,
                "arguments": {name: value.to_json() if isinstance(value, Date) else value
                              for name, value in arguments.items()}}
        if zone is not None:
            case["timeZone"] = zone
        case["expected"] = format_message(locale, message, arguments, zone or "UTC")
        lines.append(json.dumps(case, ensure_ascii=False))

    outputs = {OUTPUT: "\n".join(lines) + "\n", CALENDAR_OUTPUT: "\n".join(calendar_corpus()) + "\n"}
    generated.update("icu-corpus.py", outputs, args.check, "the corpora are current (ICU %s, CLDR 47)" % ICU_VERSION)
    if not args.check:
        for path, text in outputs.items():
            print("%s: %d cases" % (os.path.relpath(path, ROOT), text.count("\n") - 1))


if __name__ == "__main__":
    main()
