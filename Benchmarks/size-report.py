#!/usr/bin/env python3
"""What slicing the locale data buys, measured: widget-i18n-render built with every locale and sliced to a few.

Usage:
  python3 Benchmarks/size-report.py [--locales L,...] [--families F,...|all|none] --json
  python3 Benchmarks/size-report.py [--locales L,...]                  # docs/benchmarks.md's tables
  python3 Benchmarks/size-report.py --check docs/benchmarks.md         # the data table only: no release build

The locales default to the ten of the sample project (Locales/acme/widgets/), the families to all of them.

With --json it writes two packages of its own under .build/size-report/, each an app's build of the benchmark's
widget process (Benchmarks/Sources/WidgetI18nRender, linked to the sources by symlink): `full` depends on the
repository as it is (the default trait, every locale), `sliced` with `traits: []` and the file `widget-i18n data`
writes for the locales, installed by the render's first line (WIDGET_I18N_SLICE). It builds both in release with
the Swift runtime linked statically, as render-benchmark.py does, renders every locale with each (a store of one
message using numbers, plurals, dates, times and zone names, plus --today) and prints one JSON line:

  {"locales", "full_binary", "sliced_binary", "full_bytes", "sliced_bytes", "full_data_bytes",
   "sliced_data_bytes", "same_output"}

the two binaries, their sizes, the bytes of locale data each holds, and whether every locale rendered the same
text with both; it exits 1 when one did not.

Without --json it prints the table of what each optional family and each locale adds (from `widget-i18n data`,
which slices in memory: nothing is built in release); --check FILE fails when a figure of FILE's table under
`| slice | locale data |` differs from what is measured.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build", "size-report")
SAMPLE = os.path.join(ROOT, "Locales", "acme", "widgets")
FAMILIES = ["calendars", "zone-names", "display-names", "durations", "relative-times", "lists", "units"]
PROJECT = "acme/widgets"
# One message in every locale; the keys file passes its arguments (a date as ISO 8601, as an app sends one).
MESSAGE = ("{n, number} · {n, plural, one {# Tag} other {# Tage}} · {n, number, ::compact-short} · "
           "{d, date, full} · {d, time, full} · {d, date, ::yMMMMEEEEdjmmzzzz}")
KEYS = "# size-report\nm\tn=12345.5\td=2026-03-29T00:30:00Z\nm\tn=1\td=2026-10-25T23:59:59Z\n"


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit("size-report: failed: %s\n%s%s" % (" ".join(command), result.stdout, result.stderr[-4000:]))
    return result.stdout


def sample_locales():
    return sorted(name for name in os.listdir(SAMPLE) if os.path.isdir(os.path.join(SAMPLE, name)))


def cli():
    """The debug `widget-i18n` (scripts/test.sh has built it), built here when it is missing."""
    binary = os.path.join(ROOT, ".build", "debug", "widget-i18n")
    if not os.path.exists(binary):
        run(["swift", "build", "--product", "widget-i18n"], cwd=ROOT)
    return binary


def data_bytes(locales, families, out=None):
    """The bytes of locale data of the slice, and of every locale's tables, as `widget-i18n data` reports them."""
    with tempfile.TemporaryDirectory() as scratch:
        target = out or os.path.join(scratch, "slice.swift")
        line = run([cli(), "data", "--locales", ",".join(locales) or "und", "--families", families, "--out", target])
    match = re.search(r"; (\d+) bytes of locale data \(every locale: (\d+)\)", line)
    if not match:
        sys.exit("size-report: unexpected `widget-i18n data` output: " + line)
    return int(match.group(1)), int(match.group(2))


def package(name, sliced):
    """The package of one build of the render, its sources symlinked from Benchmarks/Sources."""
    directory = os.path.join(WORK, name)
    for target, source in (("WidgetI18nRender", "main.swift"), ("WidgetKeysFile", "WidgetKeysFile.swift")):
        os.makedirs(os.path.join(directory, "Sources", target), exist_ok=True)
        link = os.path.join(directory, "Sources", target, source)
        if not os.path.lexists(link):
            os.symlink(os.path.join(ROOT, "Benchmarks", "Sources", target, source), link)
    if not os.path.lexists(os.path.join(directory, "WidgetI18n")):
        os.symlink(ROOT, os.path.join(directory, "WidgetI18n"))
    products = '.product(name: "WidgetI18nEssentials", package: "WidgetI18n")'
    manifest = (
        "// swift-tools-version:6.1\n// Written by Benchmarks/size-report.py; not edited by hand.\n"
        "import PackageDescription\n\nlet package = Package(\n    name: \"SizeReport\",\n"
        "    platforms: [.iOS(.v16), .macOS(.v13), .watchOS(.v9)],\n"
        "    products: [.executable(name: \"widget-i18n-render\", targets: [\"WidgetI18nRender\"])],\n"
        "    dependencies: [.package(path: \"WidgetI18n\"%s)],\n    targets: [\n"
        "        .target(name: \"WidgetKeysFile\", dependencies: [%s]),\n"
        "        .executableTarget(\n            name: \"WidgetI18nRender\", dependencies: [\"WidgetKeysFile\", %s]%s),\n"
        "    ],\n    swiftLanguageModes: [.v6]\n)\n"
        % (", traits: []" if sliced else "", products, products,
           ",\n            swiftSettings: [.define(\"WIDGET_I18N_SLICE\")]" if sliced else ""))
    path = os.path.join(directory, "Package.swift")
    if not os.path.exists(path) or open(path).read() != manifest:
        with open(path, "w") as file:
            file.write(manifest)
    return directory


def build(directory):
    command = ["swift", "build", "-c", "release", "--package-path", directory, "--product", "widget-i18n-render",
               "--static-swift-stdlib", "--disable-local-rpath", "-Xswiftc", "-warnings-as-errors"]
    run(command)
    return os.path.join(run(command + ["--show-bin-path"]).strip(), "widget-i18n-render")


def store(directory, locales):
    """A store with MESSAGE in every locale, as FileGroupStore names its files."""
    os.makedirs(directory, exist_ok=True)
    for locale in locales:
        key = "@better-i18n:messages:%s:%s" % (PROJECT, locale)
        with open(os.path.join(directory, urllib.parse.quote(key, safe="")), "w") as file:
            file.write(json.dumps({"m": MESSAGE}, ensure_ascii=False))
    return os.path.join(directory, urllib.parse.quote("@better-i18n:locale:" + PROJECT, safe=""))


def render(binary, scratch, locale):
    environment = dict(os.environ, TZ="America/New_York")
    return run([binary, "--store-dir", os.path.join(scratch, "store"), "--project", PROJECT, "--keys",
                os.path.join(scratch, "keys.txt"), "--today"], env=environment)


def report(locales, families):
    os.makedirs(WORK, exist_ok=True)
    full_dir, sliced_dir = package("full", False), package("sliced", True)
    sliced_data, full_data = data_bytes(
        locales, families, os.path.join(sliced_dir, "Sources", "WidgetI18nRender", "LocaleData+Slice.swift"))
    full, sliced = build(full_dir), build(sliced_dir)
    same = {}
    with tempfile.TemporaryDirectory() as scratch:
        stored = store(os.path.join(scratch, "store"), locales)
        with open(os.path.join(scratch, "keys.txt"), "w") as file:
            file.write(KEYS)
        for locale in locales:
            with open(stored, "w") as file:
                file.write(locale)
            # --today reads the clock: a render either side of the sliced one guards a minute's turn.
            before, after_slicing, after = (render(binary, scratch, locale) for binary in (full, sliced, full))
            same[locale] = after_slicing in (before, after)
            if not same[locale]:
                print("size-report: %s differs:\n  full:   %s\n  sliced: %s" % (locale, before, after_slicing),
                      file=sys.stderr)
    return {"locales": locales, "full_binary": full, "sliced_binary": sliced, "full_bytes": os.path.getsize(full),
            "sliced_bytes": os.path.getsize(sliced), "full_data_bytes": full_data, "sliced_data_bytes": sliced_data,
            "same_output": all(same.values())}


def table(locales):
    """Rows of docs/benchmarks.md's table: the slice, its bytes of locale data, what the row adds."""
    base, every = data_bytes(locales, "none")
    rows = [("every locale, every family", every, "")]
    names = ", ".join(locales)
    rows.append(("%s, no optional family" % names, base, ""))
    for family in FAMILIES:
        size, _ = data_bytes(locales, family)
        rows.append(("+ `%s`" % family, size, "+%s" % "{:,}".format(size - base)))
    total, _ = data_bytes(locales, "all")
    rows.append(("%s, every family" % names, total, ""))
    # What a locale adds is what the slice loses without it: its own records and the parents no other one reads.
    for locale in locales:
        size, _ = data_bytes([other for other in locales if other != locale], "all")
        rows.append(("every family, without `%s`" % locale, size, "+%s" % "{:,}".format(total - size)))
    return ["| slice | locale data | adds |", "|---|---:|---:|"] + [
        "| %s | %s | %s |" % (name, "{:,}".format(size), adds) for name, size, adds in rows]


def check(path, locales):
    measured = table(locales)
    with open(path) as file:
        text = file.read().split("\n")
    start = next((i for i, line in enumerate(text) if line.startswith("| slice | locale data |")), None)
    if start is None:
        return ["%s has no `| slice | locale data |` table" % path]
    stated = []
    for line in text[start:]:
        if not line.startswith("|"):
            break
        stated.append(line)
    if stated == measured:
        return []
    return ["%s's table is not what was measured; measured:\n%s" % (path, "\n".join(measured))]


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("--locales", default=",".join(sample_locales()))
    parser.add_argument("--families", default="all")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--check", metavar="FILE")
    args = parser.parse_args()
    locales = [locale for locale in args.locales.split(",") if locale]
    if args.check:
        problems = check(args.check, locales)
        if problems:
            sys.exit("size-report:\n" + "\n".join(problems))
        print("size-report: %s's locale data table is what `widget-i18n data` measures" % args.check)
    elif args.json:
        result = report(locales, args.families)
        print(json.dumps(result))
        if not result["same_output"]:
            sys.exit(1)
    else:
        print("\n".join(table(locales)))


if __name__ == "__main__":
    main()
