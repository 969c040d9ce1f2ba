#!/usr/bin/env bash
# Sets up what the tests need and runs every test; warnings fail the build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --for test
swift format lint --strict --recursive Sources Tests Benchmarks Fuzz/Targets
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build "$@"
