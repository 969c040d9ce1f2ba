#!/usr/bin/env python3
"""The preview benchmark: how long `widget-i18n preview` and `check --layout` take on the bundled Locales/.

Builds widget-i18n in release, fetches every locale of Locales/ (a file:// CDN) into a temporary group
container with two events and a profile, as the demo does, then times --runs runs of each of:
  * preview --all-locales: both sample widgets x 3 families x 10 locales, the entry shown now (60 PNGs,
    report.json, index.html);
  * preview --all-locales --entries all: every entry of each timeline;
  * check --layout: every entry laid out and measured, nothing drawn;
and prints the median and fastest wall time of each, and the median per image.
Usage: python3 Benchmarks/preview-benchmark.py [--runs 5]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MOMENT = ["--from", "2026-11-30T17:00:00Z", "--time-zone", "Europe/Berlin"]


def run(command, stdin=None):
    result = subprocess.run(command, input=stdin, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("failed: %s\n%s%s" % (" ".join(command), result.stdout, result.stderr))
    return result.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="widget-i18n-preview-bench") as work:
        run(["swift", "build", "-c", "release", "--product", "widget-i18n", "--package-path", ROOT])
        cli = os.path.join(run(["swift", "build", "-c", "release", "--show-bin-path", "--package-path", ROOT]).strip(),
                           "widget-i18n")
        store = ["--group-dir", os.path.join(work, "group"), "--project", "acme/widgets"]
        run([cli, "fetch", "--all", "--quiet", "--cdn", os.path.join(ROOT, "Locales")] + store)
        run([cli, "store", "put", "events"] + store,
            stdin='[{"id": "run", "title": "Marathon", "startDate": "2026-10-09T00:00:00Z"},'
                  ' {"id": "sync", "title": "Team sync", "startDate": "2026-11-30T19:00:00Z"}]')
        run([cli, "store", "put", "profile"] + store, stdin='{"name": "Ayşe"}')
        out = os.path.join(work, "previews")
        cases = [
            ("preview --all-locales", ["preview", "--all-locales", "--out", out]),
            ("preview --all-locales --entries all", ["preview", "--all-locales", "--entries", "all", "--out", out]),
            ("check --layout", ["check", "--layout"]),
        ]
        print("widget-i18n on the bundled Locales/ (10 locales), %d runs each, release build" % args.runs)
        for name, command in cases:
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                run([cli] + command + MOMENT + store)
                times.append(time.perf_counter() - start)
            images = ""
            if command[0] == "preview":
                with open(os.path.join(out, "report.json")) as report:
                    count = len(json.load(report)["images"])
                images = ", %d images, %.1f ms per image" % (count, statistics.median(times) * 1000 / count)
            print("  %-38s median %7.1f ms, fastest %7.1f ms%s"
                  % (name, statistics.median(times) * 1000, min(times) * 1000, images))


if __name__ == "__main__":
    main()
