#!/usr/bin/env python3
"""What each library product adds to a binary, measured: prints docs/benchmarks.md's table, or checks it.

Usage: python3 Benchmarks/binary-sizes.py [--check docs/benchmarks.md] [--json]

Without an option it also prints what each of the app's HTTP transports (libcurl's, URLSession's) adds in symbols
of its own.

It measures the Size executables of the benchmark package (Benchmarks/Package.swift, Benchmarks/Sources/Size*):
one per library product that calls what its users call (so the linker keeps what a real caller keeps: the
widget's translator, the app's fetcher and writer) and a `print("hello")` baseline. The package's release build
(which scripts/test.sh makes before the tests, whose BenchmarkTests run the same build's benchmark executables;
built here when missing) links the Swift runtime and Foundation dynamically, as on iOS, where both are the
system's; it strips a copy of each and reports its size less the baseline's: the code and data the product puts
in a binary, with every locale's data. The rows that end in "10 locales" are the app's and the widget
extension's executables built again in a package of their own under .build/binary-sizes/sliced/ (their sources
symlinked), which turns the `AllLocaleData` trait off and installs the slice `widget-i18n data --locales …
--families all` writes for the sample project's ten locales (README, "Ship only your locales").

An iOS app and its widget extension are two binaries: each carries its own copy of what it links.

With `--check FILE`, the headline's two totals (an app and its widget extension, sliced and not) must be the sums of
the table's rows, and every figure of FILE's table (the rows under `| binary | adds (stripped) |`) must be within
10% (or 0.2 MB) of the measured one, so the page cannot go stale; exit 1 naming the row otherwise.
"""
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build", "binary-sizes")

# Each row: its name, the product it links and the benchmark package's executable that links it.
BINARIES = [
    ("hello", None, "SizeHello"),
    # A widget that reads the App Group's container alone, with no Foundation (what widget-i18n-render links).
    ("`WidgetI18nEssentials`", "WidgetI18nEssentials", "SizeEssentials"),
    # What a widget extension links (README, "Add it to your package"), and what the app links.
    ("a widget extension", "WidgetI18nWidget", "SizeWidgetExtension"),
    ("an app", "WidgetI18nApp", "SizeApp"),
]
BENCHMARKS = os.path.join(ROOT, "Benchmarks")
# The build of the benchmark package that scripts/test.sh makes (its flags, so that one does not undo the other).
RELEASE = ["swift", "build", "-c", "release", "--package-path", BENCHMARKS, "-Xswiftc", "-warnings-as-errors"]


# The binaries built again with only the sample project's locales (every family): the package's name and rows.
SLICED = ["a widget extension", "an app"]
SLICE_SUFFIX = ", 10 locales"
SAMPLE = os.path.join(ROOT, "Locales", "acme", "widgets")


def cli():
    """The debug `widget-i18n` (scripts/test.sh has built it), built here when it is missing."""
    binary = os.path.join(ROOT, ".build", "debug", "widget-i18n")
    if not os.path.exists(binary):
        subprocess.run(["swift", "build", "--product", "widget-i18n"], cwd=ROOT, check=True, capture_output=True)
    return binary


def write_sliced_package(work):
    """The sliced package: SLICED's executables, their main.swift symlinked from Benchmarks/Sources, each beside
    the slice `widget-i18n data` writes, installed by its first lines (WIDGET_I18N_SLICE)."""
    locales = sorted(entry for entry in os.listdir(SAMPLE) if os.path.isdir(os.path.join(SAMPLE, entry)))
    targets = []
    for name, product, executable in BINARIES:
        if name not in SLICED:
            continue
        directory = os.path.join(work, "Sources", executable)
        shutil.rmtree(directory, ignore_errors=True)
        os.makedirs(directory)
        os.symlink(os.path.join(BENCHMARKS, "Sources", executable, "main.swift"), os.path.join(directory, "main.swift"))
        subprocess.run([cli(), "data", "--locales", ",".join(locales), "--families", "all", "--out",
                        os.path.join(directory, "LocaleData+Slice.swift")], check=True, capture_output=True)
        targets.append('        .executableTarget(\n            name: "%s", dependencies: [.product(name: "%s", '
                       'package: "WidgetI18n")],\n            swiftSettings: [.define("WIDGET_I18N_SLICE")]),'
                       % (executable, product))
    # The repository, reached by path as an app reaches it (README, "Add it to your package").
    if not os.path.lexists(os.path.join(work, "wi18n")):
        os.symlink(ROOT, os.path.join(work, "wi18n"))
    manifest = (
        "// swift-tools-version:6.1\n// Written by Benchmarks/binary-sizes.py; not edited by hand.\n"
        "import PackageDescription\n\nlet package = Package(\n    name: \"BinarySizes\",\n"
        "    platforms: [.iOS(.v16), .macOS(.v13), .watchOS(.v9)],\n"
        "    dependencies: [.package(name: \"WidgetI18n\", path: \"wi18n\", traits: [])],\n"
        "    targets: [\n%s\n    ]\n)\n"
        % "\n".join(targets))
    path = os.path.join(work, "Package.swift")
    if not os.path.exists(path) or open(path).read() != manifest:
        with open(path, "w") as file:
            file.write(manifest)
    # SwiftPM keeps the repository's file list in the build until this manifest changes, so a source file moved or
    # added there since the last run would be missing (as scripts/test.sh touches Benchmarks/Package.swift).
    os.utime(path)


def build(command):
    """Builds a package with COMMAND and returns its products directory."""
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("binary-sizes: %s does not build:\n%s" % (command[command.index("--package-path") + 1],
                                                            (result.stdout + result.stderr)[-4000:]))
    return subprocess.run(command + ["--show-bin-path"], capture_output=True, text=True).stdout.strip()


def measure():
    sizes = {}
    sliced_work = os.path.join(WORK, "sliced")
    os.makedirs(sliced_work, exist_ok=True)
    write_sliced_package(sliced_work)
    sliced_build = ["swift", "build", "-c", "release", "--package-path", sliced_work, "-Xswiftc", "-warnings-as-errors"]
    for bin_path, sliced in ((build(RELEASE), False), (build(sliced_build), True)):
        for name, _, executable in BINARIES:
            if sliced and name not in SLICED:
                continue
            binary = os.path.join(bin_path, executable)
            stripped = os.path.join(WORK, executable + (".sliced" if sliced else "") + ".stripped")
            subprocess.run(["strip", "-o", stripped, binary], check=True)
            sizes[name + (SLICE_SUFFIX if sliced else "")] = (os.path.getsize(binary), os.path.getsize(stripped))
    return sizes


# The types of each HTTP transport, as their mangled names spell them (`CurlTransport` is 13 letters).
TRANSPORTS = [("curl", ["13CurlTransport", "12CurlTransfer"]),
              ("urlsession", ["19URLSessionTransport", "15SessionDelegate"])]


def transport_sizes():
    """The bytes of each transport's own symbols (code and data) in the app's unstripped release binary: what
    choosing it adds on top of what both share. libcurl and FoundationNetworking are shared libraries here, and on
    Apple platforms URLSession is the system's, so neither library counts."""
    binary = os.path.join(subprocess.run(RELEASE + ["--show-bin-path"], capture_output=True, text=True).stdout.strip(),
                          "SizeApp")
    symbols = subprocess.run(["nm", "-S", binary], capture_output=True, text=True, check=True).stdout
    sizes = {name: 0 for name, _ in TRANSPORTS}
    for line in symbols.split("\n"):
        fields = line.split()
        if len(fields) != 4:
            continue
        for name, markers in TRANSPORTS:
            if any(marker in fields[3] for marker in markers):
                sizes[name] += int(fields[1], 16)
    return sizes


def mb(count):
    return "%.1f MB" % (count / 1e6)


def rows(sizes):
    hello = sizes["hello"]
    lines = ["| binary | adds (stripped) | adds (unstripped) | links |", "|---|---|---|---|"]
    rows_ = [(name, product) for name, product, _ in BINARIES[1:]]
    rows_ += [(name + SLICE_SUFFIX, product) for name, product, _ in BINARIES if name in SLICED]
    for name, product in rows_:
        unstripped, stripped = sizes[name]
        lines.append("| %s | %s | %s | `%s` |" % (name, mb(stripped - hello[1]), mb(unstripped - hello[0]), product))
    return lines


def check(path, sizes):
    measured = {}
    for line in rows(sizes)[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        measured[cells[0]] = cells
    with open(path) as file:
        text = file.read().split("\n")
    start = next((i for i, line in enumerate(text) if line.startswith("| binary | adds (stripped) |")), None)
    if start is None:
        return ["%s has no `| binary | adds (stripped) |` table" % path]
    problems, seen = [], set()
    for line in text[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        name = cells[0]
        seen.add(name)
        if name not in measured:
            problems.append("%s: the row '%s' is no binary this script measures" % (path, name))
            continue
        for column, stated, found in zip(("stripped", "unstripped"), cells[1:3], measured[name][1:3]):
            a, b = float(stated.split()[0]), float(found.split()[0])
            if abs(a - b) > max(0.2, 0.1 * b):
                problems.append("%s: '%s' says %s %s, measured %s" % (path, name, stated, column, found))
        if cells[3] != measured[name][3]:
            problems.append("%s: '%s' links %s, not %s" % (path, name, measured[name][3], cells[3]))
    for name in measured:
        if name not in seen:
            problems.append("%s: no row for '%s'" % (path, name))
    return problems + headline_problems(path, text, start)


HEADLINE = "| what an app and its widget extension add to their two binaries"


def headline_problems(path, text, start):
    """The headline row's two totals are the table's: an app's and a widget extension's stripped sizes added, sliced
    (first figure) and with every locale (the figure after `every locale:`)."""
    stated = {}
    for line in text[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        stated[cells[0]] = float(cells[1].split()[0])
    row = next((line for line in text if line.startswith(HEADLINE)), None)
    if row is None:
        return ["%s has no headline row '%s'" % (path, HEADLINE.strip("| "))]
    cells = [c.strip() for c in row.strip("|").split("|")]
    sliced = float(re.match(r"([\d.]+) MB", cells[1]).group(1))
    full = float(re.search(r"every locale: ([\d.]+) MB", cells[2]).group(1))
    want_sliced = stated["a widget extension" + SLICE_SUFFIX] + stated["an app" + SLICE_SUFFIX]
    want_full = stated["a widget extension"] + stated["an app"]
    problems = []
    for name, found, want in (("sliced", sliced, want_sliced), ("every locale", full, want_full)):
        if abs(found - want) > 0.051:
            problems.append("%s: the headline says %.1f MB %s, the table adds up to %.1f MB" % (path, found, name, want))
    return problems


def main():
    arguments = sys.argv[1:]
    target_file = None
    if arguments[:1] == ["--check"] and len(arguments) == 2:
        target_file = arguments[1]
    elif arguments not in ([], ["--json"]):
        sys.exit(__doc__)
    sizes = measure()
    if arguments == ["--json"]:
        print(json.dumps({name: {"unstripped": u, "stripped": s} for name, (u, s) in sizes.items()}))
        return
    if target_file:
        problems = check(target_file, sizes)
        if problems:
            sys.exit("binary-sizes:\n" + "\n".join(problems) + "\nmeasured:\n" + "\n".join(rows(sizes)))
        print("binary-sizes: %s's table is within 10%% of what was measured" % target_file)
        return
    print("\n".join(rows(sizes)))
    print("(hello: %s stripped, %s unstripped)" % (mb(sizes["hello"][1]), mb(sizes["hello"][0])))
    print("(the app's HTTP transports, their own symbols: %s)" % ", ".join(
        "%s %.1f KB" % (name, size / 1e3) for name, size in transport_sizes().items()))


if __name__ == "__main__":
    main()
