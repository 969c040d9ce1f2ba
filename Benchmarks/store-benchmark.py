#!/usr/bin/env python3
"""The App Group store benchmark: what a widget's cold render costs from each way an app can fill the group.

On the repository's fixture (Benchmarks/make-fixture.py: six locales of ~500 KB, stored locale tr, default en,
11 widget keys), or --generator PATH's:
  * a container the Swift fetcher filled (`widget-i18n fetch --all` from a file:// CDN tree of the fixture's
    bundles, then `locale set`), which holds the fetcher's lookup indexes, and one a Node app filled with the
    JavaScript bridge (`fileStorage` and `mirrorToWidget`, Benchmarks/js-mirror.mjs, over a core serving the same
    bundles), which holds the bundles, their stamps, the locale and a reload request and no index: the widget's
    first render after the bridge's write parses the bundles it reads and stores their indexes, and every render
    from the second on reads no bundle whole. For each: the cold render (widget-i18n-bench, a fresh process each)
    and the in-process peak RSS, and a whole one-render process (widget-i18n-render) under /usr/bin/time, --runs
    times alternately; the JavaScript container's first render each time on a fresh copy of what the bridge wrote,
    then its second render on that copy, both fresh processes. Every text is checked against the Swift
    container's;
  * a UserDefaults suite at its budget (iOS's 4 MiB less 1/16, counted as a binary property list): the fixture's
    bundles written in order of use while they fit (`widget-i18n-bench fill-suite`), rendered without a reader
    cache (every process parses) and with the suite's reader cache.
Builds widget-i18n-bench and widget-i18n-render in release with the Swift runtime linked statically, as
render-benchmark.py does, and widget-i18n in release. Needs node (Node 18+).
Usage: python3 Benchmarks/store-benchmark.py [--runs 9] [--generator PATH]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATOR = os.path.join(ROOT, "Benchmarks", "make-fixture.py")
PROJECT = "acme/widgets"


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit("failed: %s\n%s%s" % (" ".join(command), result.stdout, result.stderr))
    return result.stdout


def key_file(key):
    return urllib.parse.quote(key, safe="")


def read_key(store, key):
    path = os.path.join(store, key_file(key))
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def cdn_tree(fixture_store, out):
    """The fixture's bundles laid out as the CDN serves them, with its manifest."""
    base = os.path.join(out, PROJECT)
    manifest = json.loads(read_key(fixture_store, "@better-i18n:manifest:" + PROJECT))
    # The fixture's manifest names files on its own CDN: here each locale is at {locale}/translations.json.
    for entry in (manifest.get("files") or {}).values():
        if isinstance(entry, dict):
            entry.pop("url", None)
    os.makedirs(base, exist_ok=True)
    with open(os.path.join(base, "manifest.json"), "w", encoding="utf-8") as handle:
        json.dump(manifest, handle)
    prefix = "@better-i18n:messages:%s:" % PROJECT
    for name in os.listdir(fixture_store):
        key = urllib.parse.unquote(name)
        if key.startswith(prefix):
            directory = os.path.join(base, key[len(prefix):])
            os.makedirs(directory, exist_ok=True)
            shutil.copyfile(os.path.join(fixture_store, name), os.path.join(directory, "translations.json"))


def bench(binary, store, keys, *extra):
    line = run([binary, "--store-dir", store, "--project", PROJECT, "--keys", keys, "--default-locale", "en",
                "--iterations", "0", "--renders", "0", *extra]).splitlines()[0]
    return json.loads(line)


def timed_process(command):
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(command), result.stderr))
    return elapsed, int(result.stderr.strip().splitlines()[-1]), result.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--generator", default=GENERATOR)
    args = parser.parse_args()
    if shutil.which("node") is None:
        sys.exit("store-benchmark needs node (Node 18+): apt-get install nodejs")
    bench_build = os.path.join(tempfile.gettempdir(), "widget-i18n-benchmarks-build")
    for product in ("widget-i18n-bench", "widget-i18n-render"):
        run(["swift", "build", "--package-path", "Benchmarks", "-c", "release", "--product", product,
             "--static-swift-stdlib", "--disable-local-rpath", "--build-path", bench_build], cwd=ROOT)
    build = os.path.join(tempfile.gettempdir(), "widget-i18n-bench-build")
    run(["swift", "build", "-c", "release", "--product", "widget-i18n", "--build-path", build], cwd=ROOT)
    binary = os.path.join(bench_build, "release", "widget-i18n-bench")
    render = os.path.join(bench_build, "release", "widget-i18n-render")
    cli = os.path.join(build, "release", "widget-i18n")
    work = tempfile.mkdtemp(prefix="widget-i18n-store-bench-")
    suite = "widget-i18n-store-bench-%d" % os.getpid()
    config = os.environ.get("XDG_CONFIG_HOME") or os.path.expanduser("~/.config")
    try:
        fixture = os.path.join(work, "fixture")
        run([sys.executable, os.path.abspath(args.generator), "--out", fixture, "--size-kb", "500"])
        fixture_store, keys = os.path.join(fixture, "store"), os.path.join(fixture, "keys.txt")
        stored = read_key(fixture_store, "@better-i18n:locale:" + PROJECT)
        cdn = os.path.join(work, "cdn")
        cdn_tree(fixture_store, cdn)

        # The Swift fetcher's container, and the JavaScript bridge's, from the same bundles.
        swift_store, js_written = os.path.join(work, "swift"), os.path.join(work, "js")
        env = dict(os.environ, WIDGET_I18N_PROJECT=PROJECT, WIDGET_I18N_GROUP_DIR=swift_store,
                   WIDGET_I18N_CDN="file://" + cdn)
        run([cli, "fetch", "--all", "--quiet"], env=env)
        run([cli, "locale", "set", stored, "--offline"], env=env)
        start = time.perf_counter()
        mirrored = json.loads(run(["node", os.path.join(ROOT, "Benchmarks", "js-mirror.mjs"), "--from", fixture_store,
                                   "--to", js_written, "--project", PROJECT, "--locale", stored,
                                   "--default-locale", "en"]))
        mirror_ms = (time.perf_counter() - start) * 1000

        # Lookup indexes by file name, with their inodes: a render that rebuilt one would have rewritten its file.
        index_files = lambda store: {name: os.stat(os.path.join(store, name)).st_ino for name in os.listdir(store)
                                     if name.startswith(key_file("@better-i18n:widget-i18n:index:"))}
        if index_files(js_written):
            sys.exit("the bridge wrote lookup indexes: %s" % sorted(index_files(js_written)))
        js_store = os.path.join(work, "js-render")

        def fresh_js_store():
            """A copy of the container as the bridge left it, with no index: what the next render is the first of."""
            shutil.rmtree(js_store, ignore_errors=True)
            shutil.copytree(js_written, js_store)
            return js_store

        one = lambda store: [render, "--store-dir", store, "--project", PROJECT, "--keys", keys, "--default-locale", "en"]
        swift_texts = run(one(swift_store))
        js_first_texts = run(one(fresh_js_store()))
        derived = index_files(js_store)
        js_second_texts = run(one(js_store))
        for label, texts in (("first", js_first_texts), ("second", js_second_texts)):
            if texts != swift_texts:
                sys.exit("the two containers render different texts (the JavaScript one's %s render):\n%s\n%s"
                         % (label, swift_texts, texts))
        if not derived or index_files(js_store) != derived:
            sys.exit("the first render derived no index, or the second rebuilt one: %s" % derived)
        before = index_files(swift_store)

        labels = ("swift", "js first", "js second")
        rows = {label: [] for label in labels}
        processes = {label: [] for label in labels}
        for _ in range(args.runs):
            rows["swift"].append(bench(binary, swift_store, keys))
            processes["swift"].append(timed_process(one(swift_store))[:2])
            rows["js first"].append(bench(binary, fresh_js_store(), keys))
            rows["js second"].append(bench(binary, js_store, keys))
            processes["js first"].append(timed_process(one(fresh_js_store()))[:2])
            processes["js second"].append(timed_process(one(js_store))[:2])
        if before != index_files(swift_store):
            sys.exit("a render rebuilt the Swift fetcher's lookup index: %s" % before)
        med = lambda label, field: statistics.median(row[field] for row in rows[label])
        wall = lambda label: statistics.median(elapsed for elapsed, _ in processes[label]) * 1000
        peak = lambda label: max(kb for _, kb in processes[label])
        print("store benchmark: fixture from %s (6 locales x ~500 KB, stored locale %s, default en, 11 keys), "
              "%d runs, medians" % (os.path.relpath(os.path.abspath(args.generator), ROOT), stored, args.runs))
        print()
        print("| container written by | render | cold render | in-process peak RSS | one-render process | its peak RSS "
              "| keys resolved / missing |")
        print("|---|---|---:|---:|---:|---:|---:|")
        for label, name, which in (
                ("swift", "the Swift fetcher (`widget-i18n fetch --all`)", "any (the fetcher's indexes)"),
                ("js first", "the JavaScript bridge (`fileStorage` + `mirrorToWidget`)",
                 "first after the write (derives and stores the indexes)"),
                ("js second", "the JavaScript bridge", "second and later (the derived indexes)")):
            print("| %s | %s | %.3f ms | %d KB | %.1f ms | %d KB | %d / %d |"
                  % (name, which, med(label, "cold_first_render_ns") / 1e6, med(label, "peak_rss_kb"), wall(label),
                     peak(label), rows[label][0]["keys_resolved"], rows[label][0]["keys_missing"]))
        print()
        print("JavaScript container / Swift container, cold render: %.3fx the first after the write, %.3fx from the "
              "second on; one-render process: %.3fx, %.3fx. The bridge wrote %d locales (%d bytes, no index) in %.0f "
              "ms of node, start-up included."
              % (med("js first", "cold_first_render_ns") / med("swift", "cold_first_render_ns"),
                 med("js second", "cold_first_render_ns") / med("swift", "cold_first_render_ns"),
                 wall("js first") / wall("swift"), wall("js second") / wall("swift"),
                 len(mirrored["locales"]), mirrored["bytes"], mirror_ms))

        # A suite at its budget, filled in order of use by a process of its own.
        fill = json.loads(run([binary, "fill-suite", "--suite", suite, "--store-dir", fixture_store]))
        suite_rows = {}
        for label, extra in (("no reader cache", ["--no-reader-cache"]), ("reader cache", [])):
            bench(binary, fixture_store, keys, "--suite", suite, *extra)
            suite_rows[label] = [bench(binary, fixture_store, keys, "--suite", suite, *extra)
                                 for _ in range(max(3, args.runs // 2))]
        smed = lambda label, field: statistics.median(row[field] for row in suite_rows[label])
        print()
        print("A UserDefaults suite at its budget (%s; %d of the fixture's %d keys fit, %d bytes as a binary plist of "
              "a budget of %d):" % ("Foundation's plist under ~/.config" if sys.platform.startswith("linux")
                                    else "the App Group's suite", fill["keys"], fill["of"], fill["encoded_bytes"],
                                    fill["budget"]))
        print()
        print("| over the suite | cold first render | in-process peak RSS | keys resolved / missing |")
        print("|---|---:|---:|---:|")
        for label in ("no reader cache", "reader cache"):
            print("| %s | %.2f ms | %d KB | %d / %d |" % (label, smed(label, "cold_first_render_ns") / 1e6,
                                                         smed(label, "peak_rss_kb"), suite_rows[label][0]["keys_resolved"],
                                                         suite_rows[label][0]["keys_missing"]))
    finally:
        for leftover in (suite + ".plist", suite + ".widget-i18n-caches"):
            path = os.path.join(config, leftover)
            shutil.rmtree(path, ignore_errors=True) if os.path.isdir(path) else (os.path.exists(path) and os.remove(path))
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
