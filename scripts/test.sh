#!/usr/bin/env bash
# Sets up what the tests need and runs every test; warnings fail the build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --for test
swift format lint --strict --recursive Sources Tests Benchmarks Fuzz/Targets
scripts/check-c-declarations.sh
swift build --build-tests -Xswiftc -warnings-as-errors
# The deployment floor: no symbol newer than Package.swift's platforms (read from that build's index store), the
# Apple-only lock compiled against its stand-in, and the README's table of the APIs that set the floor.
python3 scripts/check-deployment.py --check README.md
# The benchmark package (Benchmarks/Package.swift), whose executables Tests/BenchmarkTests run. SwiftPM keeps the
# root package's file list in Benchmarks/.build until that manifest changes, so a source file added to the root
# since the last build would be missing from it: touching the manifest makes it look again.
touch Benchmarks/Package.swift
swift build --package-path Benchmarks -Xswiftc -warnings-as-errors
# The JavaScript bridge (Bridges/js), end to end against the widget-i18n just built; Node's own test runner.
WIDGET_I18N_CLI="$(swift build --show-bin-path)/widget-i18n" node --test Bridges/js/test/
swift test --skip-build "$@"
# What each product adds to a binary (release builds of one executable per product): docs/benchmarks.md's table
# within 10% of it, with every locale and sliced; then the table of what each data family and locale adds.
python3 Benchmarks/binary-sizes.py --check docs/benchmarks.md
python3 Benchmarks/size-report.py --check docs/benchmarks.md
# The documentation: every catalog with zero DocC warnings, then WidgetTranslator's page in a real browser.
scripts/docs.sh .build/docs-site
python3 scripts/docs/check-site.py .build/docs-site --screenshot .build/test-artifacts/docs-widgettranslator.png
# The generated CLDR data, likely subtags, zone names, the calendar data, the relative-time and list data and the
# ICU corpora regenerate byte for byte where their generators' dependency (ICU 77.1) is installed.
if python3 -c 'import icu, sys; sys.exit(icu.ICU_VERSION != "77.1")' 2>/dev/null; then
    python3 scripts/generate/cldr.py --check
    python3 scripts/generate/likely-subtags.py --check
    python3 scripts/generate/zone-names.py --check
    python3 scripts/generate/zone-names-corpus.py --check
    python3 scripts/generate/calendars.py --check
    python3 scripts/generate/icu-corpus.py --check
    python3 scripts/generate/names-durations.py --check
    # The duration corpus compiles a C++ shim against ICU's headers (libicu-dev) with g++.
    if command -v g++ >/dev/null 2>&1 && [ -f /usr/include/unicode/measfmt.h ]; then
        python3 scripts/generate/names-durations-corpus.py --check
    else
        echo "test: skipped the duration and display-name corpus regeneration check (needs: apt-get install g++ libicu-dev)" >&2
    fi
    python3 scripts/generate/relative-lists.py --check
    python3 scripts/generate/relative-lists-corpus.py --check
else
    echo "test: skipped the CLDR, likely subtags, zone-name, calendar and corpus regeneration checks (needs: pip install pyicu-wheels==2.15.2)" >&2
fi
# The terminal width table regenerates byte for byte from the Unicode release it was made from (Debian
# bookworm's unicode-data, Unicode 15.0.0).
if grep -qs '^# EastAsianWidth-15.0.0.txt' /usr/share/unicode/EastAsianWidth.txt; then
    python3 scripts/generate/east-asian-width.py --check
else
    echo "test: skipped the terminal width table's regeneration check (needs Unicode 15.0.0 in /usr/share/unicode)" >&2
fi
