#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address over LocaleData's and I18nCore's sources, as one module, with
# MessageFormat2's for `message-format-2` and `mf2-arguments`, StringCatalog's and MessageFormat2's for `catalog` and
# `convert-mf2`, I18nCore holding WidgetFormatter for `widget-format`; over WidgetI18nSupport's, GroupStore's and
# GroupStoreUserDefaults' alone for `suite-plist`) and runs each on its seed corpus.
# Usage: Fuzz/run.sh [RUNS] [TARGET…]   (RUNS default 1000000; targets: message-format, message-format-2, arguments,
# widget-format, catalog, bundle, locale-tag, suite-plist, mf2-arguments, convert-mf2; self-test, which crashes on
# purpose, checks this script). A RUNS of `600s` runs each
# target for that many seconds instead (libFuzzer's -max_total_time). New inputs libFuzzer finds are
# kept in .build/fuzz/corpus/<target>, crashers in .build/fuzz/crashes/<target>; copy a crasher into
# Tests/I18nCoreTests/Data/fuzz-regressions/ to keep it. A target that crashes fails the script (exit 1) and
# names the input it kept; the other targets still run. WIDGET_I18N_FUZZ_DIR replaces .build/fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1000000}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(message-format message-format-2 arguments widget-format catalog bundle locale-tag
    suite-plist mf2-arguments convert-mf2)
if [[ $runs == *s ]]; then limit=(-max_total_time="${runs%s}" -runs=-1); else limit=(-runs="$runs"); fi
# Where builds, corpora, crashers and logs go; a test points it at a directory of its own.
out=${WIDGET_I18N_FUZZ_DIR:-.build/fuzz}
mkdir -p "$out"
failed=()
# The fuzzers build their modules as one, so the sources are copied without their imports of each other.
rm -rf "$out/sources" && mkdir -p "$out/sources"
while IFS= read -r file; do
    sed -E '/^import (LocaleData|I18nCore|MessageFormat2|WidgetI18nSupport|GroupStore)$/d' "$file" \
        > "$out/sources/$(echo "${file#Sources/}" | tr / _)"
done < <(find Sources/WidgetI18nSupport Sources/LocaleData Sources/I18nCore Sources/MessageFormat2 Sources/StringCatalog \
    Sources/GroupStore Sources/GroupStoreUserDefaults Fuzz/Targets -name '*.swift' | sort)
for target in "${targets[@]}"; do
    sources=$(find "$out/sources" -name 'WidgetI18nSupport_*.swift' -o -name 'LocaleData_*.swift' -o -name 'I18nCore_*.swift' | sort)
    case $target in
        message-format) entry=$out/sources/Fuzz_Targets_MessageFormatFuzzer.swift ;;
        message-format-2)
            entry="$out/sources/Fuzz_Targets_MessageFormat2Fuzzer.swift"
            entry+=" $(find "$out/sources" -name 'MessageFormat2_*.swift' | sort | tr '\n' ' ')" ;;
        arguments) entry="$out/sources/Fuzz_Targets_ArgumentsFuzzer.swift $out/sources/Fuzz_Targets_FuzzInput.swift" ;;
        widget-format)
            entry="$out/sources/Fuzz_Targets_WidgetFormatFuzzer.swift $out/sources/Fuzz_Targets_FuzzInput.swift" ;;
        catalog)
            entry="$out/sources/Fuzz_Targets_CatalogFuzzer.swift $out/sources/Fuzz_Targets_FuzzInput.swift"
            entry+=" $(find "$out/sources" -name 'StringCatalog_*.swift' -o -name 'MessageFormat2_*.swift' | sort | tr '\n' ' ')" ;;
        bundle) entry=$out/sources/Fuzz_Targets_BundleFuzzer.swift ;;
        locale-tag) entry=$out/sources/Fuzz_Targets_LocaleTagFuzzer.swift ;;
        suite-plist)
            sources=$(find "$out/sources" -name 'WidgetI18nSupport_*.swift' -o -name 'GroupStore_*.swift' \
                -o -name 'GroupStoreUserDefaults_*.swift' | sort)
            entry=$out/sources/Fuzz_Targets_SuitePlistFuzzer.swift ;;
        mf2-arguments)
            entry="$out/sources/Fuzz_Targets_MF2ArgumentsFuzzer.swift $out/sources/Fuzz_Targets_FuzzInput.swift"
            entry+=" $(find "$out/sources" -name 'MessageFormat2_*.swift' | sort | tr '\n' ' ')" ;;
        convert-mf2)
            entry="$out/sources/Fuzz_Targets_MF2ConversionFuzzer.swift $out/sources/Fuzz_Targets_FuzzInput.swift"
            entry+=" $(find "$out/sources" -name 'StringCatalog_*.swift' -o -name 'MessageFormat2_*.swift' | sort | tr '\n' ' ')" ;;
        self-test) entry=$out/sources/Fuzz_Targets_SelfTestFuzzer.swift; sources="" ;;
        *) echo "error: unknown target '$target'; use message-format, message-format-2, arguments, widget-format, catalog, bundle, locale-tag, suite-plist, mf2-arguments, convert-mf2 or self-test" >&2; exit 64 ;;
    esac
    binary=$out/$target
    # shellcheck disable=SC2086
    swiftc -swift-version 6 -sanitize=fuzzer,address -parse-as-library -O -package-name widgeti18n -D AllLocaleData -module-name I18nCore \
        $sources $entry -o "$binary" 2> "$out/$target.build.log" \
        || { cat "$out/$target.build.log" >&2; exit 1; }
    mkdir -p "$out/corpus/$target" "$out/crashes/$target"
    if [[ $runs == *s ]]; then echo "== $target: $runs" >&2; else echo "== $target: $runs runs" >&2; fi
    log=$out/$target.log
    status=0
    # Swift keeps process-wide caches alive until exit, which LeakSanitizer would report as leaks; Swift's own
    # backtracer would hold a crashing fuzzer up for seconds.
    ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no "$binary" "${limit[@]}" -max_len=4096 -detect_leaks=0 \
        -artifact_prefix="$out/crashes/$target/" "$out/corpus/$target" "Fuzz/Corpus/$target" \
        > "$log" 2>&1 || status=$?
    grep -E "^(#[0-9]+ +DONE|Done|==[0-9]+==ERROR|SUMMARY|stat::)" "$log" >&2 || true
    if [ "$status" -ne 0 ]; then
        echo "error: $target failed (exit $status); the input is kept in $out/crashes/$target/, the log in $log:" >&2
        grep -E "(Fatal error|ERROR|Test unit written to|artifact_prefix)" "$log" | head -5 >&2 || true
        failed+=("$target")
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "error: ${#failed[@]} fuzz target(s) failed: ${failed[*]}" >&2
    exit 1
fi
