#!/usr/bin/env python3
"""The registry of WidgetI18n's generators, and their runner: every generator under scripts/generate/, what it
needs and what it generates, written once. scripts/test.sh runs the checks from it, and CONTRIBUTING.md's table
of generators is written from it (between the two marker comments of its "Generated code" section), so neither
can list another set of generators.

Usage (from anywhere): python3 scripts/generate/registry.py [--check] [--docs] [--markdown] [GENERATOR …]

  (no option)  run every generator (or the ones named), each writing what changed, then CONTRIBUTING.md's table
  --check      run every generator's --check (or the named ones'), one a core, printed in the registry's order; skip a
               generator whose requirement is missing, with a message on stderr saying what it needs (once per
               requirement); hold the files each generator compares to the registry's list; then, when all are
               run, check that CONTRIBUTING.md's table is the registry's. Exits 1 when any of it fails.
  --docs       only CONTRIBUTING.md's table: write it (with --check: compare, write nothing)
  --markdown   print the table (what CONTRIBUTING.md holds between its markers)

To add a generator: write it with generated.py's `command_line` and `update` (so it takes --check and reports
what it generates), add it to GENERATORS below, then run `python3 scripts/generate/registry.py --docs`.
"""
import collections
import concurrent.futures
import functools
import os
import shutil
import subprocess
import sys
import tempfile

import generated

HERE = os.path.dirname(os.path.abspath(__file__))
CONTRIBUTING = "CONTRIBUTING.md"
BEGIN = "<!-- The generators: written by `python3 scripts/generate/registry.py --docs` from its registry. -->"
END = "<!-- End of the generators. -->"

# A requirement: what the table says a generator needs, whether it is there, and what scripts/test.sh says
# (once) when it is not and the generators that need it are skipped.
Requirement = collections.namedtuple("Requirement", "doc met skipped")


def icu_installed():
    """Whether PyICU is installed with ICU 77.1 (`import icu`), the ICU the generators of ICU data need."""
    return generated.icu is not None and generated.icu.ICU_VERSION == generated.ICU_VERSION


def compiler_installed():
    """Whether g++ and ICU's C++ headers (libicu-dev) are there, for names-durations-corpus.py's shim."""
    return shutil.which("g++") is not None and os.path.isfile("/usr/include/unicode/measfmt.h")


def unicode_installed():
    """Whether /usr/share/unicode holds Unicode 15.0.0's data (Debian bookworm's unicode-data)."""
    try:
        with open("/usr/share/unicode/EastAsianWidth.txt", encoding="utf-8") as file:
            return any(line.startswith("# EastAsianWidth-15.0.0.txt") for line in file)
    except OSError:
        return False


REQUIREMENTS = {
    "icu": Requirement(
        "ICU 77.1 (`%s`)" % generated.PYICU, icu_installed,
        "test: skipped the CLDR, likely subtags, zone-name, calendar and corpus regeneration checks "
        "(needs: pip install pyicu-wheels==2.15.2)"),
    "g++": Requirement(
        "g++ and ICU's C++ headers (`apt-get install g++ libicu-dev`)", compiler_installed,
        "test: skipped the duration and display-name corpus regeneration check "
        "(needs: apt-get install g++ libicu-dev)"),
    "unicode": Requirement(
        "Unicode 15.0.0's `EastAsianWidth.txt` and `UnicodeData.txt` in `/usr/share/unicode` (Debian bookworm's "
        "`unicode-data`)", unicode_installed,
        "test: skipped the terminal width table's regeneration check (needs Unicode 15.0.0 in /usr/share/unicode)"),
}

# A generator: its file in scripts/generate/, the requirements it needs (in the order they are tested), the
# files it generates (relative to the repository root), and what it generates, for CONTRIBUTING.md.
Generator = collections.namedtuple("Generator", "script needs generates about")

GENERATORS = [
    Generator("cldr.py", ["icu"], [
        "Sources/LocaleData/Plural/PluralRules+Generated.swift",
        "Sources/LocaleData/CLDR/CLDRData+Generated.swift",
        "Tests/LocaleDataTests/Data/cldr-plural-samples.json",
    ], "the locale data of CLDR 47: plural rules; numbers, compact forms, units, currencies, dates and the date-time "
       "pattern generator's table, packed; the plural samples test data "
       "([what it holds](docs/architecture.md#locale-data-one-cldr-release))"),
    Generator("likely-subtags.py", ["icu"], [
        "Sources/LocaleData/Locale/LikelySubtags+Generated.swift",
        "Tests/LocaleDataTests/Data/locale-chains.json",
        "Tests/LocaleDataTests/Data/locale-matching.json",
    ], "CLDR 47's likely subtags (derived by asking ICU's `addLikelySubtags` for every language, language × region, "
       "language × script and `und-…`, since ICU keeps the table as a trie PyICU cannot read) and parent locales "
       "(`supplementalData`, through ICU's C API); and the test vectors that hold `LocaleTag.maximized`, "
       "`fallbackChain` and `LocaleNegotiation.bestMatch` to ICU: maximized forms and ICU's resource fallback "
       "chains, and ICU `LocaleMatcher`'s choices, with each case where WidgetI18n deliberately differs and why "
       "(a new difference fails the test until the generator lists it) "
       "([what they hold](docs/architecture.md#likely-subtags-the-fallback-chain-and-matching))"),
    Generator("zone-names.py", ["icu"], [
        "Sources/LocaleData/Time/ZoneNames+Generated.swift",
    ], "the time-zone names of CLDR 47 (`metaZones.res`, `timezoneTypes` and `zoneinfo64` read through ICU's C API, "
       "where PyICU has no call) ([what it holds](docs/architecture.md#time-zone-names))"),
    Generator("zone-names-corpus.py", ["icu"], [
        "Tests/I18nCoreTests/Data/zone-names-corpus.jsonl",
    ], "the zone-name differential corpus, at instants where ICU's tz data (2025a) and the system's "
       "`/usr/share/zoneinfo` agree (it stops, naming the zone and instant, where they do not)"),
    Generator("calendars.py", ["icu"], [
        "Sources/LocaleData/Calendar/CalendarData+Generated.swift",
        "Tests/LocaleDataTests/Data/calendar-fields.json",
    ], "the calendars besides the Gregorian one: each calendar's names and patterns per locale, the calendar "
       "preferences, the Chinese, dangi and Umm al-Qura tables over 1900–2100, the Japanese eras, ICU's Persian "
       "corrections, the Hebrew and Chinese numerals (the supplemental data through ICU's C API); ICU's calendar "
       "fields on sample days. It checks what it writes against ICU as it goes and takes about a minute "
       "([what it holds](docs/architecture.md#calendars))"),
    Generator("icu-corpus.py", ["icu"], [
        "Tests/I18nCoreTests/Data/icu-corpus.jsonl",
        "Tests/I18nCoreTests/Data/calendar-corpus.jsonl",
    ], "the ICU differential corpora of MessageFormat, and of every calendar, with the cases WidgetI18n "
       "deliberately differs on marked and explained"),
    Generator("names-durations.py", ["icu"], [
        "Sources/LocaleData/Format/NamesAndDurationsData+Generated.swift",
    ], "display names and duration patterns, checked against ICU's `LocaleDisplayNames` and `ListFormatter` in "
       "every locale"),
    Generator("names-durations-corpus.py", ["icu", "g++"], [
        "Tests/LocaleDataTests/Data/duration-corpus.jsonl",
        "Tests/LocaleDataTests/Data/display-name-corpus.jsonl",
    ], "the duration and display-name corpora (`MeasureFormat::formatMeasures` through a C++ shim, "
       "`measure-format-shim.cpp`, compiled against the wheel's ICU on every run)"),
    Generator("relative-lists.py", ["icu"], [
        "Sources/LocaleData/Format/RelativeListData+Generated.swift",
    ], "relative-time words and patterns and list patterns, checked against ICU's formatters in every locale"),
    Generator("relative-lists-corpus.py", ["icu"], [
        "Tests/LocaleDataTests/Data/relative-time-corpus.jsonl",
        "Tests/LocaleDataTests/Data/list-corpus.jsonl",
    ], "the relative-time and list corpora"),
    Generator("east-asian-width.py", ["unicode"], [
        "Sources/CommandLineSupport/TerminalText+Generated.swift",
    ], "the CLI's terminal width table"),
]


@functools.lru_cache(maxsize=None)
def met(requirement):
    """Whether `requirement` (a key of REQUIREMENTS) is there, found out once."""
    return REQUIREMENTS[requirement].met()


def run(generator, check, capture=False):
    """Runs one generator (with `--check` where asked) in its own Python process, its output going to this one's,
    or, with `capture`, kept and returned. Returns what failed (its exit status, or the difference between the
    files it compared and the registry's list of what it generates; None when nothing did) and the captured
    (stdout, stderr)."""
    with tempfile.TemporaryDirectory() as directory:
        listing = os.path.join(directory, "outputs")
        open(listing, "w").close()
        environment = dict(os.environ, **{generated.OUTPUTS_ENVIRONMENT: listing})
        command = [sys.executable, os.path.join(HERE, generator.script)] + (["--check"] if check else [])
        completed = subprocess.run(command, cwd=generated.ROOT, env=environment, capture_output=capture, text=True)
        with open(listing, encoding="utf-8") as file:
            compared = sorted(set(file.read().splitlines()))
    output = (completed.stdout or "", completed.stderr or "")
    if completed.returncode != 0:
        return "exit status %d" % completed.returncode, output
    if compared != sorted(generator.generates):
        return "it generates %s, the registry says %s" % (", ".join(compared) or "nothing",
                                                          ", ".join(sorted(generator.generates))), output
    return None, output


def run_all(generators, check):
    """Runs `generators`, skipping the ones whose requirement is missing with that requirement's message on stderr
    (once each); returns the failures, as `script: what failed`. Generating runs them one after the other (a
    generator may read what an earlier one wrote); checking writes nothing, so the checks run side by side, one a
    core, each one's output printed whole and in the registry's order."""
    failures, reported, runnable = [], set(), []
    for generator in generators:
        missing = next((name for name in generator.needs if not met(name)), None)
        if missing is not None:
            if missing not in reported:
                print(REQUIREMENTS[missing].skipped, file=sys.stderr)
                reported.add(missing)
            continue
        runnable.append(generator)
    if check:
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            outcomes = pool.map(lambda generator: run(generator, True, capture=True), runnable)
            for generator, (failure, (stdout, stderr)) in zip(runnable, outcomes):
                sys.stdout.write(stdout)
                sys.stdout.flush()
                sys.stderr.write(stderr)
                if failure is not None:
                    failures.append("%s: %s" % (generator.script, failure))
        return failures
    for generator in runnable:
        failure, _ = run(generator, False)
        if failure is not None:
            failures.append("%s: %s" % (generator.script, failure))
    return failures


def markdown():
    """The table of the generators, as CONTRIBUTING.md holds it between its markers."""
    lines = ["| generator | needs | writes | what it holds |", "|---|---|---|---|"]
    for generator in GENERATORS:
        lines.append("| `scripts/generate/%s` | %s | %s | %s |" % (
            generator.script, "; ".join(REQUIREMENTS[name].doc for name in generator.needs),
            ", ".join("`%s`" % path for path in generator.generates), generator.about))
    return "\n".join(lines) + "\n"


def contributing():
    """CONTRIBUTING.md with the registry's table between its markers. Stops when a marker is missing."""
    with open(os.path.join(generated.ROOT, CONTRIBUTING), encoding="utf-8") as file:
        text = file.read()
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        sys.exit("registry.py: %s has no %r followed by %r" % (CONTRIBUTING, BEGIN, END))
    return text[:start + len(BEGIN)] + "\n" + markdown() + text[end:]


def docs_current():
    """Whether CONTRIBUTING.md's table is the registry's; says on stderr how to fix it when not."""
    with open(os.path.join(generated.ROOT, CONTRIBUTING), encoding="utf-8") as file:
        if file.read() == contributing():
            print("registry.py --check: %s's table of generators is the registry's" % CONTRIBUTING)
            return True
    print("registry.py --check: %s's table of generators is not the registry's (python3 scripts/generate/"
          "registry.py --docs writes it)" % CONTRIBUTING, file=sys.stderr)
    return False


def main():
    parser = generated.command_line(__doc__)
    parser.add_argument("--docs", action="store_true", help="only CONTRIBUTING.md's table of generators")
    parser.add_argument("--markdown", action="store_true", help="print the table of generators, nothing else")
    parser.add_argument("generators", nargs="*", metavar="GENERATOR", help="run only these (`cldr.py`)")
    args = parser.parse_args()
    if args.markdown:
        sys.stdout.write(markdown())
        return
    if args.docs:
        if args.check:
            sys.exit(0 if docs_current() else 1)
        changed = generated.update("registry.py", {CONTRIBUTING: contributing()}, False, "")
        print("registry.py: wrote %s" % (", ".join(changed) if changed else "nothing (current)"))
        return
    known = {generator.script: generator for generator in GENERATORS}
    unknown = [name for name in args.generators if name not in known]
    if unknown:
        sys.exit("registry.py: no generator %s in the registry (%s)" % (", ".join(unknown), ", ".join(known)))
    chosen = [known[name] for name in args.generators] or GENERATORS
    failures = run_all(chosen, args.check)
    if not args.generators:
        if not args.check:
            generated.update("registry.py", {CONTRIBUTING: contributing()}, False, "")
        elif not docs_current():
            failures.append("%s: its table of generators is not the registry's" % CONTRIBUTING)
    if failures:
        print("registry.py: %d failed: %s" % (len(failures), "; ".join(failures)), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
