#!/usr/bin/env bash
# Sets up what the tests need and runs every test; warnings fail the build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --for test
swift format lint --strict --recursive Sources Tests Benchmarks Fuzz/Targets
# Every Markdown page as CommonMark reads it: no code block that swallows prose, no table split in two.
python3 scripts/check-markdown.py
scripts/check-c-declarations.sh
swift build --build-tests -Xswiftc -warnings-as-errors
# An iPhone app builds both library products: no system library (libcurl, libcrypto) may be reachable from them on
# iOS, macOS or watchOS; and every region under an Apple-only condition type-checks against the stand-ins.
python3 scripts/check-products.py
python3 scripts/check-apple-only.py
# The deployment floor: no symbol newer than Package.swift's platforms (read from that build's index store), the
# Apple-only lock compiled against its stand-in, and architecture.md's table of the APIs that set the floor.
python3 scripts/check-deployment.py --check docs/architecture.md
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
# Every generator of scripts/generate/registry.py regenerates byte for byte (its --check, one at a time) where
# what it needs is installed (ICU 77.1; g++ and libicu-dev; Unicode 15.0.0, Debian bookworm's unicode-data), each
# skipped with a message saying what it needs where not; and CONTRIBUTING.md's table of them is the registry's.
python3 scripts/generate/registry.py --check
