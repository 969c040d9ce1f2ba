#!/usr/bin/env bash
# Sets up what the tests need and runs every test; warnings fail the build. Each step prints its wall time and the
# CPU time it used (`step: NAME 12.3 s, CPU 20.1 s`) and the run ends with the totals, so that a slower run shows
# which step it came from, and the CPU total over the cores is the least wall time the work could take here.
# Arguments are passed to `swift test` (`scripts/test.sh --filter Suite`); CONTRIBUTING.md has the quicker loops.
set -euo pipefail
cd "$(dirname "$0")/.."

logs=.build/test-steps
mkdir -p "$logs"
now() { date +%s%N; }
started=$(now)
seconds() { # seconds SINCE: the wall time since SINCE (nanoseconds), to a tenth
    local tenths=$((($(now) - $1) / 100000000))
    printf '%d.%d' $((tenths / 10)) $((tenths % 10))
}
cpu() { # sets `cpu` to the CPU time (user and system, in tenths of a second) of the processes this shell waited for
    local file=$logs/times.$BASHPID
    times > "$file" # (in this shell: a subshell's `times` would count its own children only)
    # Its second line is the children's user and system times, such as `1m2.345s 0m0.678s`.
    cpu=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/)
                         printf "%d", (u[1] * 60 + u[2] + s[1] * 60 + s[2]) * 10 }' "$file")
}
tenths() { printf '%d.%d' $(($1 / 10)) $(($1 % 10)); }
measure() { # measure NAME COMMAND…: runs the command, then writes its exit status, wall time and CPU time to NAME.done
    local name=$1 start status=0 cpu
    shift
    start=$(now)
    "$@" || status=$?
    cpu
    echo "$status $(seconds "$start") $cpu" > "$logs/$name.done"
}
report() { # report NAME: prints the step line of NAME.done; stops the run when the step failed or left no status
    local name=$1 status elapsed cpu
    if [ ! -f "$logs/$name.done" ]; then
        echo "step: $name ended without its status; total $(seconds "$started") s" >&2
        exit 1
    fi
    read -r status elapsed cpu < "$logs/$name.done"
    if [ "$status" -ne 0 ]; then
        echo "step: $name failed (exit $status) after $elapsed s; total $(seconds "$started") s" >&2
        exit "$status"
    fi
    echo "step: $name $elapsed s, CPU $(tenths "$cpu") s"
}
# Each step is measured in a subshell, whose `times` count its command alone: this shell's would also count a
# spawned step that ended meanwhile.
step() { # step NAME COMMAND…: runs the command, then prints the step's times; stops the run when it fails
    rm -f "$logs/$1.done"
    (measure "$@") || true
    report "$1"
}
# Steps that each keep one core busy run beside others: `spawn` starts one, its output kept, and `finish` waits for
# it, prints that output and its step line.
spawn() { # spawn NAME COMMAND…
    rm -f "$logs/$1.done"
    (measure "$@" > "$logs/$1.log" 2>&1) &
    echo $! > "$logs/$1.pid"
}
finish() { # finish NAME: stops the run when the step failed
    wait "$(cat "$logs/$1.pid")" || true
    cat "$logs/$1.log"
    report "$1"
}

step setup scripts/setup.sh --for test
step format swift format lint --strict --parallel --recursive Sources Tests Benchmarks Fuzz/Targets
# Every Markdown page as CommonMark reads it: no code block that swallows prose, no table split in two.
step markdown python3 scripts/check-markdown.py
step c-declarations scripts/check-c-declarations.sh
step build swift build --build-tests -Xswiftc -warnings-as-errors
# Every generator of scripts/generate/registry.py regenerates byte for byte (its --check, one a core) where
# what it needs is installed (ICU 77.1; g++ and libicu-dev; Unicode 15.0.0, Debian bookworm's unicode-data), each
# skipped with a message saying what it needs where not; and CONTRIBUTING.md's table of them is the registry's.
# The checks write nothing and build nothing: they run beside the steps up to the tests, which keep a core or a
# core and a half busy, and end before the tests start, which then have the cores to themselves.
spawn generators python3 scripts/generate/registry.py --check
# An iPhone app builds both library products: no system library (libcurl, libcrypto) may be reachable from them on
# iOS, macOS or watchOS; and every region under an Apple-only condition type-checks against the stand-ins.
step products python3 scripts/check-products.py
# (It type-checks one copy at a time, as the next step extracts one module at a time: the two run side by side.)
spawn apple-only python3 scripts/check-apple-only.py
# The deployment floor: no symbol newer than Package.swift's platforms (read from that build's index store), the
# Apple-only lock compiled against its stand-in, and architecture.md's table of the APIs that set the floor.
spawn deployment python3 scripts/check-deployment.py --check docs/architecture.md
finish apple-only
finish deployment
# The JavaScript bridge (Bridges/js), end to end against the widget-i18n just built; Node's own test runner. One
# core's work, beside the next step.
spawn js-bridge env WIDGET_I18N_CLI="$(swift build --show-bin-path)/widget-i18n" node --test Bridges/js/test/
# The benchmark package (Benchmarks/Package.swift), in release: Tests/BenchmarkTests runs its benchmark executables
# and binary-sizes (below) measures its Size ones, so the root's library graph is compiled once for both. SwiftPM
# keeps the root package's file list in Benchmarks/.build until that manifest changes, so a source file added to the
# root since the last build would be missing from it: touching the manifest makes it look again.
touch Benchmarks/Package.swift
step benchmarks-build swift build -c release --package-path Benchmarks -Xswiftc -warnings-as-errors
finish js-bridge
finish generators
step swift-test swift test --skip-build "$@"
# The documentation, beside the next two steps (its own build and DocC's conversions, in .build/docs-manifests and
# a temporary folder): every catalog with zero DocC warnings; then WidgetTranslator's page in a real browser.
spawn docs scripts/docs.sh .build/docs-site
# What each product adds to a binary (the benchmark package's Size executables, and the sliced package it builds):
# docs/benchmarks.md's table within 10% of it, with every locale and sliced; then the table of what each data family
# and locale adds.
step binary-sizes python3 Benchmarks/binary-sizes.py --check docs/benchmarks.md
step size-report python3 Benchmarks/size-report.py --check docs/benchmarks.md
finish docs
step docs-browser python3 scripts/docs/check-site.py .build/docs-site \
    --screenshot .build/test-artifacts/docs-widgettranslator.png
cpu
echo "total: $(seconds "$started") s, CPU $(tenths "$cpu") s on $(nproc) cores"
