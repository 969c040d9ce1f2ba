#!/usr/bin/env python3
"""The widget render benchmark: widget-i18n-bench against its naive baseline, on a generated fixture.

Generates the fixture with Benchmarks/make-fixture.py (six locales, stored locale tr, default en, 11 widget
keys), or with --generator PATH, any generator with the same command line (--out, --size-kb, ...) that writes
the same store/ + keys.txt layout;
builds widget-i18n-bench and widget-i18n-render from the benchmark package (Benchmarks/Package.swift) in
release with the Swift runtime linked statically (as a widget extension ships), and widget-i18n from the root,
then:
  * runs the widget path and the naive baseline alternately --runs times on the ~500 KB fixture and prints
    medians and ratios of cold first render, warm lookup and re-render;
  * the same widget path with the stored index hidden (a store another SDK wrote, first render ever);
  * peak RSS and wall time of a one-render process (/usr/bin/time): widget-i18n-render, a widget-sized
    executable that links the library and nothing else, next to a Swift hello world that imports Foundation;
  * cold render for ~50 KB, ~500 KB and ~5 MB bundles;
  * checks every string that process rendered against `widget-i18n t`.
Usage: python3 Benchmarks/render-benchmark.py [--runs 9] [--generator PATH]
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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATOR = os.path.join(ROOT, "Benchmarks", "make-fixture.py")


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit("failed: %s\n%s%s" % (" ".join(command), result.stdout, result.stderr))
    return result.stdout


def fixture(generator, work, size_kb):
    out = os.path.join(work, "fixture-%d" % size_kb)
    run([sys.executable, generator, "--out", out, "--size-kb", str(size_kb)])
    return out


def bench(binary, out, *extra):
    line = run([binary, "--store-dir", os.path.join(out, "store"), "--project", "acme/widgets",
                "--keys", os.path.join(out, "keys.txt"), "--default-locale", "en", *extra]).splitlines()[0]
    return json.loads(line)


def timed_process(command):
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(command), result.stderr))
    return elapsed, int(result.stderr.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--generator", default=GENERATOR,
                        help="fixture generator with the command line of Benchmarks/make-fixture.py (default: that one)")
    args = parser.parse_args()
    generator = os.path.abspath(args.generator)
    if not os.path.isfile(generator):
        sys.exit("no fixture generator at %s" % generator)
    generator_name = os.path.relpath(generator, ROOT) if generator.startswith(ROOT + os.sep) else generator
    # Two packages, two build directories: one package's build would replace the other's build description.
    bench_build = os.path.join(tempfile.gettempdir(), "widget-i18n-benchmarks-build")
    # Static and without SwiftPM's `$ORIGIN` run path, as a shipped binary is: with it, the dynamic loader looks
    # for libc, libm, libstdc++ and libgcc_s in ~40 hardware-capability folders of the build directory first.
    for product in ("widget-i18n-bench", "widget-i18n-render"):
        run(["swift", "build", "--package-path", "Benchmarks", "-c", "release", "--product", product,
             "--static-swift-stdlib", "--disable-local-rpath", "--build-path", bench_build], cwd=ROOT)
    build = os.path.join(tempfile.gettempdir(), "widget-i18n-bench-build")
    run(["swift", "build", "-c", "release", "--product", "widget-i18n", "--build-path", build], cwd=ROOT)
    binary = os.path.join(bench_build, "release", "widget-i18n-bench")
    render = os.path.join(bench_build, "release", "widget-i18n-render")
    cli = os.path.join(build, "release", "widget-i18n")
    work = tempfile.mkdtemp(prefix="widget-i18n-render-bench-")
    try:
        hello = os.path.join(work, "hello")
        run(["swiftc", "-O", "-static-stdlib", os.path.join(ROOT, "Benchmarks", "hello-foundation.swift"), "-o", hello])
        plain_hello = os.path.join(work, "hello-plain")
        run(["swiftc", "-O", "-static-stdlib", os.path.join(ROOT, "Benchmarks", "hello.swift"), "-o", plain_hello])
        main_fixture = fixture(generator, work, 500)
        # The first widget process ever on this store parses the JSON and writes the lookup indexes.
        first_ever = bench(binary, main_fixture, "--iterations", "0", "--renders", "0")
        ours, naive, unindexed = [], [], []
        for _ in range(args.runs):
            ours.append(bench(binary, main_fixture))
            naive.append(bench(binary, main_fixture, "--baseline", "naive"))
            unindexed.append(bench(binary, main_fixture, "--no-stored-index", "--iterations", "200", "--renders", "20"))
        med = lambda rows, field: statistics.median(row[field] for row in rows)
        print("render benchmark: fixture from %s (6 locales x ~500 KB, stored locale tr, default en, 11 keys), %d runs, medians"
              % (generator_name, args.runs))
        print()
        print("| figure | widget-i18n | naive baseline | ratio |")
        print("|---|---:|---:|---:|")
        for field, label in (("cold_first_render_ns", "cold first render (fresh process)"), ("warm_lookup_ns", "warm lookup, per key"),
                             ("rerender_ns", "re-render after a reload")):
            a, b = med(ours, field), med(naive, field)
            unit = "ns" if field == "warm_lookup_ns" else "ms"
            scale = 1 if unit == "ns" else 1e6
            print("| %s | %.3g %s | %.3g %s | %.1fx |" % (label, a / scale, unit, b / scale, unit, b / a))
        print("| peak RSS in-process | %d KB | %d KB | |" % (med(ours, "peak_rss_kb"), med(naive, "peak_rss_kb")))
        print("| keys resolved / missing | %d / %d | %d / %d | |" % (ours[0]["keys_resolved"], ours[0]["keys_missing"],
                                                              naive[0]["keys_resolved"], naive[0]["keys_missing"]))
        print()
        print("Without a stored index (JSON written by another SDK): cold first render %.2f ms (first process ever, "
              "which also writes the index: %.2f ms); re-render %.2f ms." % (med(unindexed, "cold_first_render_ns") / 1e6,
                                                                             first_ever["cold_first_render_ns"] / 1e6,
                                                                             med(unindexed, "rerender_ns") / 1e6))
        # Whole processes: one render, then exit.
        walls, rss, hello_walls, hello_rss = [], [], [], []
        one = [render, "--store-dir", os.path.join(main_fixture, "store"), "--project", "acme/widgets", "--keys",
               os.path.join(main_fixture, "keys.txt"), "--default-locale", "en"]
        for _ in range(max(args.runs, 15)):
            elapsed, kb = timed_process(one)
            walls.append(elapsed)
            rss.append(kb)
            elapsed, kb = timed_process([hello])
            hello_walls.append(elapsed)
            hello_rss.append(kb)
        print("One-render process (widget-i18n-render, %.1f MB binary): peak RSS %d KB (%.1f MiB), wall %.1f ms; "
              "Swift hello world importing Foundation (%.1f MB): %d KB, %.1f ms (%.2fx)."
              % (os.path.getsize(render) / 1e6, max(rss), max(rss) / 1024, statistics.median(walls) * 1000,
                 os.path.getsize(hello) / 1e6, max(hello_rss),
                                           statistics.median(hello_walls) * 1000,
                                           statistics.median(walls) / statistics.median(hello_walls)))
        # The today widget as it ships: texts plus a compact count, a time and a date, in a real zone.
        today_walls, today_rss, plain_walls, plain_rss = [], [], [], []
        for _ in range(max(args.runs, 15)):
            elapsed, kb = timed_process(one + ["--today"])
            today_walls.append(elapsed)
            today_rss.append(kb)
            elapsed, kb = timed_process([plain_hello])
            plain_walls.append(elapsed)
            plain_rss.append(kb)
        print("Today widget process (--today: times, dates, a compact number; no Foundation formatter): peak RSS %d KB "
              "(%.1f MiB), wall %.1f ms; static Swift hello world print(\"hello\") (%.1f MB): %d KB, %.1f ms (%.2fx)."
              % (max(today_rss), max(today_rss) / 1024, statistics.median(today_walls) * 1000,
                 os.path.getsize(plain_hello) / 1e6, max(plain_rss), statistics.median(plain_walls) * 1000,
                 statistics.median(today_walls) / statistics.median(plain_walls)))
        print()
        print("| bundle | cold first render (stored index) | cold first render (no index) |")
        print("|---|---:|---:|")
        for size in (50, 500, 4000):
            out = main_fixture if size == 500 else fixture(generator, work, size)
            bench(binary, out, "--iterations", "0", "--renders", "0")
            indexed = [bench(binary, out, "--iterations", "0", "--renders", "0")["cold_first_render_ns"] for _ in range(args.runs)]
            plain = [bench(binary, out, "--iterations", "0", "--renders", "0", "--no-stored-index")["cold_first_render_ns"]
                     for _ in range(max(3, args.runs // 3))]
            print("| ~%d KB | %.2f ms | %.2f ms |" % (size, statistics.median(indexed) / 1e6, statistics.median(plain) / 1e6))
        # The largest bundle a reader accepts (4 MiB, MessageBundle.maximumStoredSize): a widget's whole process
        # with the stored index, and parsing the JSON without one (writing none, as over a UserDefaults suite).
        limit_fixture = fixture(generator, work, 4000)
        store_dir = os.path.join(limit_fixture, "store")
        largest = max(os.path.getsize(os.path.join(store_dir, name)) for name in os.listdir(store_dir))
        if largest > 4 * 1024 * 1024:
            sys.exit("the limit fixture's largest bundle is %d bytes, over 4 MiB" % largest)
        at_limit = [render, "--store-dir", store_dir, "--project", "acme/widgets", "--keys",
                    os.path.join(limit_fixture, "keys.txt"), "--default-locale", "en"]
        run(at_limit)
        indexed_rss = [timed_process(at_limit)[1] for _ in range(5)]
        # The lookup indexes' files: keys under WithoutStoredIndexes.indexKeyPrefix (RenderBenchmark.swift).
        for name in os.listdir(store_dir):
            if name.startswith("%40better-i18n%3Awidget-i18n%3Aindex%3A"):
                os.remove(os.path.join(store_dir, name))
        unindexed = [timed_process(at_limit + ["--read-only"]) for _ in range(5)]
        print()
        print("At the size limit (bundles of %.2f MiB, two locales read): one-render process peak RSS %d KB (%.1f MiB) "
              "with the stored index; %d KB (%.1f MiB), wall %.1f ms, parsing without one."
              % (largest / 1048576, max(indexed_rss), max(indexed_rss) / 1024, max(kb for _, kb in unindexed),
                 max(kb for _, kb in unindexed) / 1024, statistics.median(t for t, _ in unindexed) * 1000))
        # Over a UserDefaults suite (on Linux a plist under ~/.config), filled by a process of its own so that the
        # measured ones load it from disk, with and without the suite's reader cache.
        suite = "widget-i18n-bench-%d" % os.getpid()
        config = os.environ.get("XDG_CONFIG_HOME") or os.path.expanduser("~/.config")
        try:
            run([binary, "fill-suite", "--suite", suite, "--store-dir", os.path.join(main_fixture, "store")])
            suite_rows = {}
            for label, extra in (("no reader cache", ["--no-reader-cache"]), ("reader cache", [])):
                bench(binary, main_fixture, "--suite", suite, *extra, "--iterations", "0", "--renders", "0")
                suite_rows[label] = [bench(binary, main_fixture, "--suite", suite, *extra, "--iterations", "0",
                                           "--renders", "3") for _ in range(max(3, args.runs // 2))]
            print()
            print("Over a UserDefaults suite (%s): cold first render %.2f ms without a reader cache, %.2f ms with the "
                  "suite's reader cache (the file store: %.3f ms); re-render %.2f / %.2f ms."
                  % ("Foundation's plist under ~/.config" if sys.platform.startswith("linux") else "the App Group's suite",
                     med(suite_rows["no reader cache"], "cold_first_render_ns") / 1e6,
                     med(suite_rows["reader cache"], "cold_first_render_ns") / 1e6,
                     med(ours, "cold_first_render_ns") / 1e6,
                     med(suite_rows["no reader cache"], "rerender_ns") / 1e6,
                     med(suite_rows["reader cache"], "rerender_ns") / 1e6))
        finally:
            for leftover in (suite + ".plist", suite + ".widget-i18n-caches"):
                path = os.path.join(config, leftover)
                shutil.rmtree(path, ignore_errors=True) if os.path.isdir(path) else (os.path.exists(path) and os.remove(path))
        # Correctness first: the benchmark renders what `widget-i18n t` prints.
        printed = run(one).splitlines()
        bench_printed = run([binary, "--store-dir", os.path.join(main_fixture, "store"), "--project", "acme/widgets", "--keys",
                             os.path.join(main_fixture, "keys.txt"), "--iterations", "0", "--renders", "0", "--print"]).splitlines()[1:]
        if bench_printed != printed:
            sys.exit("widget-i18n-bench and widget-i18n-render rendered different texts:\n%s\n%s" % (bench_printed, printed))
        env = dict(os.environ, WIDGET_I18N_PROJECT="acme/widgets", WIDGET_I18N_GROUP_DIR=os.path.join(main_fixture, "store"))
        mismatches = 0
        for line, spec in zip(printed, [l for l in open(os.path.join(main_fixture, "keys.txt"), encoding="utf-8") if not l.startswith("#")]):
            key, text = line.split("\t", 1)
            fields = spec.rstrip("\n").split("\t")
            result = subprocess.run([cli, "t", fields[0]] + fields[1:], capture_output=True, text=True, env=env)
            if result.stdout.rstrip("\n") != text:
                mismatches += 1
                print("MISMATCH %s: bench %r, widget-i18n t %r" % (key, text, result.stdout))
        print()
        print("Outputs checked against `widget-i18n t`: %d keys, %d mismatches." % (len(printed), mismatches))
        if mismatches:
            sys.exit(1)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
