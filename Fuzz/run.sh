#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address over I18nCore's sources) and runs each on
# its seed corpus. Usage: Fuzz/run.sh [RUNS] [TARGET…]   (RUNS default 1000000; targets: message-format,
# bundle, locale-tag). New inputs libFuzzer finds are kept in .build/fuzz/corpus/<target>, crashers in
# .build/fuzz/crashes/<target>; copy a crasher into Tests/I18nCoreTests/Data/fuzz-regressions/ to keep it.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1000000}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(message-format bundle locale-tag)
mkdir -p .build/fuzz
sources=$(find Sources/I18nCore -name '*.swift' | sort)
for target in "${targets[@]}"; do
    case $target in
        message-format) entry=Fuzz/Targets/MessageFormatFuzzer.swift ;;
        bundle) entry=Fuzz/Targets/BundleFuzzer.swift ;;
        locale-tag) entry=Fuzz/Targets/LocaleTagFuzzer.swift ;;
        *) echo "error: unknown target '$target'; use message-format, bundle or locale-tag" >&2; exit 64 ;;
    esac
    binary=.build/fuzz/$target
    # shellcheck disable=SC2086
    swiftc -swift-version 6 -sanitize=fuzzer,address -parse-as-library -O -package-name widgeti18n -module-name I18nCore \
        $sources "$entry" -o "$binary" 2> ".build/fuzz/$target.build.log" \
        || { cat ".build/fuzz/$target.build.log" >&2; exit 1; }
    mkdir -p ".build/fuzz/corpus/$target" ".build/fuzz/crashes/$target"
    echo "== $target: $runs runs" >&2
    # Swift keeps process-wide caches alive until exit, which LeakSanitizer would report as leaks.
    ASAN_OPTIONS=detect_leaks=0 "$binary" -runs="$runs" -max_len=4096 -detect_leaks=0 -artifact_prefix=".build/fuzz/crashes/$target/" \
        ".build/fuzz/corpus/$target" "Fuzz/Corpus/$target" 2>&1 | grep -E "^(#[0-9]+ +DONE|Done|==[0-9]+==ERROR|SUMMARY|stat::)" || true
done
