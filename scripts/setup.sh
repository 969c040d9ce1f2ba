#!/usr/bin/env bash
# Installs what building and testing WidgetI18n needs, or stops with the exact command to run.
# Usage: scripts/setup.sh [--for demo|build|test]   (test also installs the test servers and tools)
set -euo pipefail

purpose=test
if [ "${1:-}" = "--for" ]; then purpose="${2:-test}"; fi

if ! command -v swift >/dev/null 2>&1; then
    if [ "$(uname -s)" = Darwin ]; then
        echo "error: the Swift toolchain is missing; install Xcode 16.3 or later (or run: xcode-select --install)" >&2
    else
        echo "error: the Swift toolchain is missing; install Swift 6 (https://www.swift.org/install/linux/) and retry" >&2
    fi
    exit 1
fi

has_pkg_config_module() { command -v pkg-config >/dev/null && pkg-config --exists "$1"; }

if [ "$(uname -s)" = Darwin ]; then
    # macOS: Xcode's toolchain builds everything but the drawing part (URLSession and CryptoKit replace libcurl and
    # libcrypto); Homebrew brings Pango and Cairo for `preview`, `check --layout` and the demo's pictures. Without
    # them those two commands say what to install and everything else works. Never apt-get here.
    if [ "$purpose" = test ]; then
        echo "error: scripts/test.sh runs on Linux, as CI does (nginx, Chromium, mount namespaces and Debian's" \
            "packages); it is not run on macOS. On a Mac, run ./scripts/demo.sh, or build with 'swift build'" >&2
        exit 1
    fi
    formulae=()
    has_pkg_config_module pangocairo || formulae+=(pango)
    has_pkg_config_module cairo || formulae+=(cairo)
    command -v pkg-config >/dev/null 2>&1 || formulae+=(pkg-config)
    if [ ${#formulae[@]} -gt 0 ] && [ "$purpose" = demo ]; then
        if command -v brew >/dev/null 2>&1; then
            echo "setup: installing ${formulae[*]} with Homebrew, for the demo's pictures" >&2
            brew install "${formulae[@]}" >&2
        else
            echo "error: the demo draws with Pango and Cairo; install Homebrew (https://brew.sh), then run:" \
                "brew install ${formulae[*]}" >&2
            exit 1
        fi
    fi
    exit 0
fi

# Debian packages, each with a command that proves it is usable.
packages=()
need() { # need PACKAGE CHECK-COMMAND…
    local package=$1; shift
    if ! "$@" >/dev/null 2>&1; then packages+=("$package"); fi
}
need pkg-config command -v pkg-config
need libcurl4-openssl-dev has_pkg_config_module libcurl       # the CDN fetcher (CCurl)
need libssl-dev has_pkg_config_module libcrypto               # SHA-256 of cached bundles (CCrypto)
need tzdata test -f /usr/share/zoneinfo/Europe/Berlin          # the IANA time zones dates are shown in
need python3 command -v python3                                # scripts/docs.sh's checks, the generators
# Previews (WidgetPreview): Pango with HarfBuzz and fontconfig, Cairo, and fonts for every script of Locales/.
need libpango1.0-dev test -e /usr/include/pango-1.0/pango/pangocairo.h
need libcairo2-dev test -e /usr/include/cairo/cairo.h
need fontconfig command -v fc-list
has_font() { command -v fc-list >/dev/null && [ -n "$(fc-list "$1" family)" ]; }
need fonts-noto-core has_font "Noto Sans"                       # Latin, Cyrillic, Hebrew…
need fonts-noto-ui-core has_font "Noto Sans Arabic UI"          # Arabic with UI line heights
need fonts-noto-cjk has_font "Noto Sans CJK TC"                 # Japanese, Chinese
if [ "$purpose" = test ]; then
    need nginx-light test -x /usr/sbin/nginx                   # the test CDN
    need curl command -v curl                                  # the fetch benchmark's reference, test helpers
    need chromium test -x /usr/bin/chromium                    # opens the preview contact sheet in tests
    need unicode-data test -f /usr/share/unicode/EastAsianWidth.txt  # the terminal width table's regeneration check
    need nodejs command -v node                                # the JavaScript bridge's tests (node --test, Node 18+)
fi

if [ ${#packages[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "setup: installing ${packages[*]}" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >&2
        apt-get install -y -qq --no-install-recommends "${packages[@]}" >&2
    else
        echo "error: missing packages; run: sudo apt-get install -y ${packages[*]}" >&2
        exit 1
    fi
fi

# The Markdown check's CommonMark parser (scripts/check-markdown.py), from PyPI.
if [ "$purpose" = test ] && ! python3 -c "import markdown_it" >/dev/null 2>&1; then
    echo "setup: installing markdown-it-py with pip" >&2
    scope=(--root-user-action=ignore)
    if [ "$(id -u)" != 0 ]; then scope=(--user); fi
    python3 -m pip install --quiet --disable-pip-version-check "${scope[@]}" markdown-it-py==4.0.0 >&2 ||
        { echo "error: could not install markdown-it-py; run: python3 -m pip install markdown-it-py==4.0.0" >&2; exit 1; }
fi
