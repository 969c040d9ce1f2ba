#!/usr/bin/env python3
"""Where a widget process's time goes, next to a static Swift print("hello").

Builds widget-i18n-render as render-benchmark.py does (release, the Swift runtime linked statically, without
SwiftPM's $ORIGIN run path) and a static `print("hello")` (Benchmarks/hello.swift), writes the repository's
fixture (Benchmarks/make-fixture.py: six locales of ~500 KB, stored locale tr), and runs, alternately:

  hello             the static print("hello")
  render, no work   widget-i18n-render with no arguments: it loads, starts the runtime and exits (usage)
  render, texts     the 11 keys of keys.txt
  render, --today   the texts plus a compact count, a time, a date skeleton and a relative time

Each is started with posix_spawn and reaped with wait4, so the figures are the child's own: median wall
time, mean user and system time, median minor page faults. With valgrind installed it also counts each one's
instructions (callgrind, user space only, loader included).

Peak RSS is measured apart, through a launcher written in C (below) that forks and execs the process and
prints wait4's ru_maxrss: Linux carries the peak of the image a process replaced into its own (exec keeps
the larger), so a child spawned by this Python process would report Python's ~15 MiB, not its own.

With `--sliced PATH` (the sliced build `Benchmarks/size-report.py --json` prints as `sliced_binary`), the same
three renders of that binary join the alternation, so the two builds are measured side by side; `--render PATH`
measures a given build instead of building one.

  python3 Benchmarks/process-breakdown.py [--runs N] [--render PATH] [--sliced PATH]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# Forks, execs argv[1…] with stdout and stderr on /dev/null, and prints the child's peak RSS in KiB.
LAUNCHER = r"""
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
int main(int argc, char **argv) {
    if (argc < 2) return 2;
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1); dup2(null, 2);
        execv(argv[1], argv + 1);
        _exit(127);
    }
    int status; struct rusage usage;
    if (pid < 0 || wait4(pid, &status, 0, &usage) < 0) return 1;
    printf("%ld\n", usage.ru_maxrss);
    return 0;
}
"""


def launcher(work):
    source, binary = os.path.join(work, "peak-rss.c"), os.path.join(work, "peak-rss")
    with open(source, "w") as file:
        file.write(LAUNCHER)
    subprocess.run([shutil.which("cc") or "clang", "-O2", "-o", binary, source], check=True)
    return binary


def peak_rss(launch, command, runs=20):
    """The median peak RSS of `command`, in KiB, measured through the launcher."""
    return statistics.median(
        int(subprocess.run([launch] + command, capture_output=True, text=True, check=True).stdout)
        for _ in range(runs))


def build(work, render):
    hello = os.path.join(work, "hello-plain")
    subprocess.run(["swiftc", "-O", "-static-stdlib", os.path.join(ROOT, "Benchmarks", "hello.swift"), "-o", hello],
                   check=True)
    if render:
        return render, hello
    bench_build = os.path.join(tempfile.gettempdir(), "widget-i18n-benchmarks-build")
    subprocess.run(["swift", "build", "--package-path", "Benchmarks", "-c", "release", "--product",
                    "widget-i18n-render", "--static-swift-stdlib", "--disable-local-rpath", "--build-path",
                    bench_build], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return os.path.join(bench_build, "release", "widget-i18n-render"), hello


def spawn(command, null):
    start = time.perf_counter()
    pid = os.posix_spawn(command[0], command, os.environ, file_actions=[
        (os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)])
    _, _, usage = os.wait4(pid, 0)
    return time.perf_counter() - start, usage


def instructions(command):
    if shutil.which("valgrind") is None:
        return None
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "callgrind.out")
        result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + command,
                                capture_output=True, text=True)
        for line in result.stderr.splitlines():
            if "Collected :" in line:
                return int(line.split(":")[-1].strip())
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--render", help="a built widget-i18n-render to measure instead of building one")
    parser.add_argument("--sliced", help="a second build, sliced to its locales, measured alongside")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="widget-i18n-breakdown-")
    try:
        render, hello = build(work, args.render)
        fixture = os.path.join(work, "fixture")
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "make-fixture.py"), "--out", fixture],
                       check=True, stdout=subprocess.DEVNULL)
        arguments = ["--store-dir", os.path.join(fixture, "store"), "--project", "acme/widgets", "--keys",
                     os.path.join(fixture, "keys.txt"), "--default-locale", "en"]
        # The first render ever writes the stored indexes; the figures are of the renders after it.
        subprocess.run([render] + arguments, check=True, stdout=subprocess.DEVNULL)
        cases = [("hello", [hello])]
        for label, binary in [("render", render)] + ([("sliced", args.sliced)] if args.sliced else []):
            cases += [("%s, no work" % label, [binary]), ("%s, texts" % label, [binary] + arguments),
                      ("%s, --today" % label, [binary] + arguments + ["--today"])]
        launch = launcher(work)
        null = os.open(os.devnull, os.O_WRONLY)
        samples = {name: [] for name, _ in cases}
        for _ in range(args.runs):
            for name, command in cases:
                samples[name].append(spawn(command, null))
        hello_wall = statistics.median(wall for wall, _ in samples["hello"])
        print("process breakdown: %d runs each, alternating; %.1f MB widget-i18n-render, %.1f MB hello"
              % (args.runs, os.path.getsize(render) / 1e6, os.path.getsize(hello) / 1e6))
        print()
        if args.sliced:
            print("sliced: %.1f MB" % (os.path.getsize(args.sliced) / 1e6))
        print("| process | wall | ratio to hello | user | system | minor faults | peak RSS | instructions |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for name, command in cases:
            rows = samples[name]
            wall = statistics.median(w for w, _ in rows)
            user = statistics.mean(u.ru_utime for _, u in rows)
            system = statistics.mean(u.ru_stime for _, u in rows)
            faults = statistics.median(u.ru_minflt for _, u in rows)
            peak = peak_rss(launch, command)
            counted = instructions(command)
            print("| %s | %.2f ms | %.2fx | %.2f ms | %.2f ms | %d | %.1f MiB | %s |"
                  % (name, wall * 1e3, wall / hello_wall, user * 1e3, system * 1e3, faults, peak / 1024,
                     "{:,}".format(counted) if counted else "n/a"))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
