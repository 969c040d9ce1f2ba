#!/usr/bin/env bash
# Sets up what the tests need and runs every test; warnings fail the build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --for test
swift format lint --strict --recursive Sources Tests Benchmarks Fuzz/Targets
scripts/check-c-declarations.sh
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build "$@"
# The documentation: every catalog with zero DocC warnings, then WidgetTranslator's page in a real browser.
scripts/docs.sh .build/docs-site
python3 scripts/docs/check-site.py .build/docs-site --screenshot .build/test-artifacts/docs-widgettranslator.png
# The generated CLDR data regenerates byte for byte where its generator's dependency (ICU 77.1) is installed.
if python3 -c 'import icu, sys; sys.exit(icu.ICU_VERSION != "77.1")' 2>/dev/null; then
    python3 scripts/generate/cldr.py --check
else
    echo "test: skipped the CLDR regeneration check (needs: pip install pyicu-wheels==2.15.2)" >&2
fi
