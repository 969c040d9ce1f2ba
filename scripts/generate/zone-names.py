#!/usr/bin/env python3
"""Generate the time-zone display names of WidgetI18n from one CLDR release: CLDR 47, as ICU4C 77.1 ships it.

What ICU's `TimeZoneFormat` and `TimeZoneNames` format the zone fields of a date pattern with (`z`, `zzzz`, `v`,
`vvvv`, `V`…`VVVV`, `O`, `OOOO`, `ZZZZ`), read from ICU's own data (`pip install pyicu-wheels==2.15.2`, ICU 77.1)
and written, byte for byte the same on every run, to

  Sources/LocaleData/Time/ZoneNames+Generated.swift

Two string literals, read in place like `CLDRData`'s: an index of fixed-width entries (keys padded to
ZONE_KEY_WIDTH, as `generated.PackedRecords` writes them) sorted by key, and the records it points at, each a list
of `key US value RS` (US = U+001F, RS = U+001E; a list value joins its items with U+001D; U+0018 says "no value
here, do not inherit"). Records:

  z/<zone>     one CLDR canonical zone: n (its number, in ID order), s (its short ID, `uslax`), c (its region,
               when it has one), p (1 when its generic location format names the region rather than the city:
               the region's only zone, or its primary zone), m (its metazones from ICU's metaZones.res, each
               `name from to` in seconds since 1970).
  a/<id>       a zone ID ICU knows whose CLDR canonical ID differs (`US/Eastern` -> `America/New_York`,
               `Asia/Kolkata` -> `Asia/Calcutta`).
  m/<metazone> n (its number, in name order), then its golden zones by region (`001` the default), from
               mapTimezones.
  l/<locale>   one locale's names, only what differs from its parent (the parents of CLDRData, `generated.locales()`):
               gmt (the localized GMT format's text before and after the offset), gmtZero, hour (the six offset
               patterns ICU derives from hourFormat: +H, +H:mm, +H:mm:ss, then the negative ones), region and
               fallback (regionFormat and fallbackFormat), r (the region ICU's generic names prefer: the locale's
               own, else its likely one); m<n> and t<n> (a metazone's and a zone's long generic, long standard,
               long daylight, short generic, short standard and short daylight names; empty where the locale has
               none: CLDR 47 has EST for `en` but not for `en-GB`, whose `en-001` parent cancels it), e<n> (a
               zone's exemplar city, where it is not the ID's last part with `_` as space) and c<region> (region
               names), with the zone and metazone numbers above.

Names are resolved through ICU's TimeZoneNames, so inheritance and CLDR's no-inheritance marker are ICU's.
ICU 77 never formats regionFormatStandard or regionFormatDaylight (TimeZoneNames skips them), so they are
not generated.

Usage: python3 scripts/generate/zone-names.py [--check]   (--check: regenerate into memory and diff, exit 1 on change)
"""
from datetime import datetime, timezone

import icu
import generated
from generated import LS

OUTPUT = "Sources/LocaleData/Time/ZoneNames+Generated.swift"
NAME_TYPES = ["LONG_GENERIC", "LONG_STANDARD", "LONG_DAYLIGHT", "SHORT_GENERIC", "SHORT_STANDARD", "SHORT_DAYLIGHT"]


# --- zones -------------------------------------------------------------------------------------------------------

def seconds(text):
    """metaZones.res's "1970-01-01 00:00" (UTC) in seconds since 1970."""
    instant = datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=timezone.utc)
    return int(instant.timestamp())


class Zones:
    def __init__(self, resources):
        meta = resources.read("metaZones")
        types = resources.read("timezoneTypes")
        tzdata = resources.read("zoneinfo64")
        self.short_ids = {key.replace(":", "/"): value for key, value in types["typeMap"]["timezone"].items()}
        type_aliases = {key.replace(":", "/"): value for key, value in types["typeAlias"]["timezone"].items()}
        names = tzdata["Names"]
        links = {names[i]: names[zone] for i, zone in enumerate(tzdata["Zones"]) if isinstance(zone, int)}
        self.known = list(icu.TimeZone.createEnumeration())
        # ZoneMeta::getCanonicalCLDRID: the ID itself when keyTypeData has it, else its alias there, else the
        # tz database's link target (or the target's alias).
        self.canonical = {}
        for zone in self.known:
            if zone in self.short_ids:
                canonical = zone
            elif zone in type_aliases:
                canonical = type_aliases[zone]
            elif zone in links:
                canonical = type_aliases.get(links[zone], links[zone])
            else:
                continue
            self.canonical[zone] = canonical
        self.check_canonical_ids()
        self.metazones = {}
        for key, periods in meta["metazoneInfo"].items():
            zone = key.replace(":", "/")
            self.metazones[zone] = [
                (period[0], seconds(period[1]) if len(period) == 3 else seconds("1970-01-01 00:00"),
                 seconds(period[2]) if len(period) == 3 else seconds("9999-12-31 23:59"))
                for period in periods]
        self.golden = meta["mapTimezones"]
        self.primary = meta["primaryZones"]
        self.regions = {}
        for zone in self.short_ids:
            try:
                region = icu.TimeZone.getRegion(zone)
            except icu.ICUError:  # Etc/Unknown, and CLDR IDs the tz data lacks
                continue
            if region and region != "001":
                self.regions[zone] = region
        by_region = {}
        for zone, region in self.regions.items():
            by_region.setdefault(region, []).append(zone)
        # ZoneMeta::getCanonicalCountry's isPrimary: the region's only canonical zone, or its primary zone.
        self.number = {zone: number for number, zone in enumerate(sorted(self.short_ids))}
        used = {period[0] for periods in self.metazones.values() for period in periods} | set(self.golden)
        self.metazone_number = {metazone: number for number, metazone in enumerate(sorted(used))}
        self.names_region = {zone for zone, region in self.regions.items()
                             if len(by_region[region]) == 1 or self.primary.get(region) == zone}

    def check_canonical_ids(self):
        """Every canonical ID must be the one ICU formats: the zone's `V` is the short ID of its canonical ID."""
        formatter = icu.SimpleDateFormat("V", icu.Locale("en"))
        for zone in self.known:
            formatter.setTimeZone(icu.TimeZone.createTimeZone(zone))
            short = formatter.format(0.0)
            expected = self.short_ids.get(self.canonical.get(zone), "unk")
            if short != expected:
                raise SystemExit("zone-names.py: canonical ID of %s disagrees with ICU (%s, %s)" % (zone, short,
                                                                                                 expected))

    def records(self):
        records = {}
        for zone, short in self.short_ids.items():
            values = {"n": str(self.number[zone]), "s": short}
            if zone in self.regions:
                values["c"] = self.regions[zone]
            if zone in self.names_region:
                values["p"] = "1"
            if zone in self.metazones:
                values["m"] = LS.join("%s %d %d" % period for period in self.metazones[zone])
            records["z/" + zone] = values
        for zone, canonical in self.canonical.items():
            if zone != canonical:
                records["a/" + zone] = canonical
        for metazone, number in self.metazone_number.items():
            records["m/" + metazone] = dict(self.golden.get(metazone, {}), n=str(number))
        return records

    def location_regions(self):
        """The regions a generic location or partial location name can show: every zone's and the golden ones'."""
        regions = set(self.regions.values())
        for golden in self.golden.values():
            regions.update(region for region in golden if region != "001")
        return sorted(regions)


# --- locales -----------------------------------------------------------------------------------------------------

def default_exemplar(zone):
    """TimeZoneNamesImpl::getDefaultExemplarLocationName: the ID's last part, `_` as space (none for Etc/…)."""
    if zone.startswith("Etc/") or zone.startswith("SystemV/") or "Riyadh8" in zone or "/" not in zone:
        return None
    last = zone[zone.rindex("/") + 1:]
    return last.replace("_", " ") if last else None


def unquote(text):
    """TimeZoneFormat::unquote."""
    result, previous_quote = [], False
    for char in text:
        if char == "'":
            if previous_quote:
                result.append(char)
                previous_quote = False
            else:
                previous_quote = True
        else:
            previous_quote = False
            result.append(char)
    return "".join(result)


def offset_patterns(hour_format):
    """TimeZoneFormat's six GMT offset patterns from CLDR's hourFormat ("+HH:mm;-HH:mm"), or its defaults."""
    def expand(hm):
        minutes = hm.index("mm")
        hour = hm[:minutes].rfind("H")
        separator = hm[hour + 1:minutes] if hour >= 0 else ""
        return hm[:minutes + 2] + separator + "ss" + hm[minutes + 2:]

    def truncate(hm):
        minutes = hm.index("mm")
        hours = hm[:minutes].rfind("HH")
        if hours >= 0:
            return hm[:hours + 2]
        return hm[:hm[:minutes].rindex("H") + 1]

    if hour_format and ";" in hour_format:
        positive, negative = hour_format.split(";", 1)
        try:
            return [truncate(positive), positive, expand(positive), truncate(negative), negative, expand(negative)]
        except ValueError:
            pass
    return ["+H", "+H:mm", "+H:mm:ss", "-H", "-H:mm", "-H:mm:ss"]


class LocaleNames:
    def __init__(self, zones):
        self.zones = zones
        self.regions = zones.location_regions()

    def values(self, icu_id):
        locale = icu.Locale(icu_id)
        names = icu.TimeZoneNames.createInstance(locale)
        types = [getattr(icu.UTimeZoneNameType, name) for name in NAME_TYPES]
        strings = icu.ResourceBundle("ICUDATA-zone", locale)

        def zone_string(key):
            try:
                value = strings.getWithFallback("zoneStrings/" + key).getString()
            except icu.ICUError:
                return None
            return value or None

        values = {}
        gmt = zone_string("gmtFormat") or "GMT{0}"
        prefix, suffix = gmt.split("{0}", 1)
        values["gmt"] = [unquote(prefix), unquote(suffix)]
        values["gmtZero"] = zone_string("gmtZeroFormat")
        values["hour"] = offset_patterns(zone_string("hourFormat"))
        values["region"] = zone_string("regionFormat") or "{0}"
        values["fallback"] = zone_string("fallbackFormat") or "{1} ({0})"
        region = locale.getCountry() or icu.Locale(icu_id).addLikelySubtags().getCountry()
        values["r"] = region or None
        for metazone, number in self.zones.metazone_number.items():
            found = [names.getMetaZoneDisplayName(metazone, kind) or "" for kind in types]
            values["m%d" % number] = found if any(found) else None
        for zone, number in self.zones.number.items():
            found = [names.getTimeZoneDisplayName(zone, kind) or "" for kind in types]
            values["t%d" % number] = found if any(found) else None
            city = names.getExemplarLocationName(zone)
            values["e%d" % number] = None if city == default_exemplar(zone) else (city or None)
        display = icu.LocaleDisplayNames.createInstance(locale)
        for code in self.regions:
            values["c" + code] = display.regionDisplayName(code)
        return values


def build_records(zones):
    """The records of the zones, aliases and metazones, and of every locale's names (what differs from its
    parent's, with the parents of CLDRData); and how many locales there are, root included."""
    # The aliases (zh_TW -> zh_Hant_TW) are CLDRData's `a` records, which the formatter resolves before reading.
    parents, _ = generated.locales()
    reader = LocaleNames(zones)

    def read(icu_id):
        return {"l": {key: generated.encode(value) for key, value in reader.values(icu_id).items()}}

    records = zones.records()
    for icu_id, kept in generated.by_parents(parents, read):
        if kept["l"] or icu_id == "root":
            records["l/" + generated.tag(icu_id)] = kept["l"]
    return records, len(parents) + 1


def data_file(records, locale_count, zones):
    """ZoneNames+Generated.swift: the packed records."""
    packed = generated.PackedRecords(records, generated.ZONE_KEY_WIDTH, "zone-names.py")
    return packed.swift_file("zone-names.py", [
        "Source: the ICU data library (Unicode License V3): zone names of %d locales, %d zones, %d metazones; "
        "%d records, %d bytes of records." % (locale_count, len(zones.short_ids), len(zones.metazone_number),
                                              packed.count, packed.size)], "ZoneNameData", keys="the key")


def main():
    args = generated.command_line(__doc__, "the committed file").parse_args()
    generated.require_icu("zone-names.py")
    zones = Zones(generated.Resources())
    records, locale_count = build_records(zones)
    text = data_file(records, locale_count, zones)
    changed = generated.update("zone-names.py", {OUTPUT: text}, args.check,
                               generated.current("the generated file is"))
    if not args.check:
        generated.wrote(changed)


if __name__ == "__main__":
    main()
