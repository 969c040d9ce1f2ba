#!/usr/bin/env bash
# Builds widget-i18n in release with the Swift runtime linked statically and installs it to PREFIX/bin.
# Usage: scripts/install.sh [PREFIX]        (default /usr/local)
# The build goes to .build/ unless WIDGET_I18N_BUILD_PATH names another directory.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-/usr/local}
case $prefix in
    -h | --help)
        sed -n '2,4p' "$0" | sed 's/^# //'
        exit 0
        ;;
    -*)
        echo "error: unknown option '$prefix'; usage: scripts/install.sh [PREFIX]" >&2
        exit 64
        ;;
esac
if ! mkdir -p "$prefix/bin" 2>/dev/null || [ ! -w "$prefix/bin" ]; then
    echo "error: cannot write to '$prefix/bin'; run 'sudo scripts/install.sh $prefix' or pass another PREFIX" >&2
    exit 1
fi
scripts/setup.sh --for build
build_path=${WIDGET_I18N_BUILD_PATH:-.build}
# The Swift runtime is part of macOS; elsewhere it is linked in, so the binary runs without the toolchain.
static=(--static-swift-stdlib)
if [ "$(uname -s)" = Darwin ]; then static=(); fi
swift build -c release --product widget-i18n "${static[@]}" --build-path "$build_path" >&2
binary="$(swift build -c release --product widget-i18n "${static[@]}" --build-path "$build_path" --show-bin-path)/widget-i18n"
# Copy next to the destination, then rename: a running widget-i18n is never replaced by half a file.
install -m 0755 "$binary" "$prefix/bin/.widget-i18n.tmp.$$"
mv -f "$prefix/bin/.widget-i18n.tmp.$$" "$prefix/bin/widget-i18n"
echo "installed $("$prefix/bin/widget-i18n" --version) to $prefix/bin/widget-i18n"
