#!/usr/bin/env bash
# Builds the DocC documentation of every library product, offline, into OUT (default .build/docs-site), a
# static site to serve from its root: OUT/documentation/<module>/. Fails on any DocC warning, on a public
# symbol without documentation, on Swift code in the catalogs or README.md that does not type-check, on a
# manifest excerpt there that does not build, and on a public type of a module a widget extension links that has
# the name of a WidgetKit, SwiftUI or AppIntents type.
# Usage: scripts/docs.sh [OUT]
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s%N)
out=${1:-.build/docs-site}
modules=(LocaleData I18nCore MessageFormat2 GroupStore GroupStoreUserDefaults GroupContract WidgetTranslator TimelineEngine LiveActivities HomeScreenSimulator CDNFetcher WidgetPreview SampleWidgets StringCatalog ActivityPush)
# What a widget extension links (and the sample widgets written like one): imported next to WidgetKit.
tool_modules=(HomeScreenSimulator WidgetPreview SampleWidgets StringCatalog ActivityPush)
widget_modules=(LocaleData I18nCore MessageFormat2 GroupStore GroupStoreUserDefaults GroupContract WidgetTranslator TimelineEngine LiveActivities SampleWidgets)
scripts/setup.sh --for build
command -v docc >/dev/null || { echo "error: docc is missing; it ships with the Swift 6 toolchain" >&2; exit 1; }

# 1. Symbol graphs of the public API, extracted from the modules of an ordinary debug build.
# The flags of scripts/test.sh's build, so that one does not undo the other's.
swift build -Xswiftc -warnings-as-errors --product widget-i18n >&2
swift build -Xswiftc -warnings-as-errors --target GroupStoreUserDefaults >&2
modules_dir="$(swift build --show-bin-path)/Modules"
triple=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
work=$(mktemp -d "${TMPDIR:-/tmp}/widget-i18n-docs-XXXXXX")
trap 'rm -rf "$work"' EXIT
graphs=$work/symbol-graphs
for module in "${modules[@]}"; do
    mkdir -p "$graphs/$module"
    # The CLI's modules (no product exports them) declare their API `package`: that is what their catalogs document.
    level=public
    for tool in "${tool_modules[@]}"; do [ "$module" = "$tool" ] && level=package; done
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -minimum-access-level "$level" -emit-extension-block-symbols \
        -I "$modules_dir" -I Sources/CCurl -I Sources/CCrypto -I Sources/CPangoCairo -output-dir "$graphs/$module"
done

# 2. Every public symbol documented; no widget-side type named like one of WidgetKit, SwiftUI or AppIntents
# (scripts/docs/apple-type-names.txt); the Swift code of the catalogs and of README.md type-checks against the
# modules just built (WidgetKit's few types from scripts/docs/stand-ins/).
python3 scripts/docs/coverage.py "$graphs" "${modules[@]}"
python3 scripts/docs/apple-names.py "$graphs" "${widget_modules[@]}"
catalogs=()
for module in "${modules[@]}"; do catalogs+=("Sources/$module/$module.docc"); done
python3 scripts/docs/check-code.py "$modules_dir" "${catalogs[@]}" README.md
# The manifest excerpts (`// Package.swift`) of the same pages, built as packages that depend on a clone of this
# repository in a folder with another name.
python3 scripts/docs/check-manifests.py "${catalogs[@]}" README.md

# 3. One archive per module, warnings as errors, then one site with a landing page for them all.
# The conversions are independent: they run side by side, one a core, and are checked in order afterwards.
convert() { # convert MODULE: its archive, and its log with the exit status on the last line
    docc convert "Sources/$1/$1.docc" --additional-symbol-graph-dir "$graphs/$1" \
        --fallback-display-name "$1" --fallback-bundle-identifier "org.widgeti18n.$1" \
        --output-dir "$work/$1.doccarchive" --warnings-as-errors --transform-for-static-hosting > "$work/$1.log" 2>&1
    echo "exit $?" >> "$work/$1.log"
}
export -f convert
export graphs work
printf '%s\n' "${modules[@]}" | xargs -P "$(nproc)" -I{} bash -c 'convert "$1"' _ {}
archives=()
for module in "${modules[@]}"; do
    if [ "$(tail -n 1 "$work/$module.log")" != "exit 0" ]; then
        cat "$work/$module.log" >&2
        echo "error: DocC failed for $module" >&2
        exit 1
    fi
    if grep -q "warning:" "$work/$module.log"; then
        cat "$work/$module.log" >&2
        echo "error: DocC warned for $module" >&2
        exit 1
    fi
    archives+=("$work/$module.doccarchive")
done
docc merge "${archives[@]}" --output-path "$work/WidgetI18n.doccarchive" \
    --synthesized-landing-page-name WidgetI18n --synthesized-landing-page-kind Package > "$work/merge.log" 2>&1 ||
    { cat "$work/merge.log" >&2; echo "error: docc merge failed" >&2; exit 1; }
if grep -q "warning:" "$work/merge.log"; then cat "$work/merge.log" >&2; echo "error: docc merge warned" >&2; exit 1; fi
# DocC's renderer asks for /theme-settings.json; an empty theme keeps its defaults (and the console quiet).
echo '{}' > "$work/WidgetI18n.doccarchive/theme-settings.json"
# OUT is replaced only when it is ours: absent, empty, or an earlier site (marked by .widget-i18n-docs).
if [ -e "$out" ] && [ -n "$(ls -A "$out" 2>/dev/null)" ] && [ ! -e "$out/.widget-i18n-docs" ]; then
    echo "error: '$out' holds other files, not an earlier documentation site; choose an empty or new OUT" >&2
    exit 1
fi
touch "$work/WidgetI18n.doccarchive/.widget-i18n-docs"
rm -rf "$out"
mkdir -p "$(dirname "$out")"
mv "$work/WidgetI18n.doccarchive" "$out"
elapsed=$((($(date +%s%N) - started) / 1000000))
printf 'docs: %d modules in %s (serve it from its root: /documentation/<module>/) in %d.%01d s\n' \
    "${#modules[@]}" "$out" $((elapsed / 1000)) $((elapsed % 1000 / 100))
