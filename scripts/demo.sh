#!/usr/bin/env bash
# The demo on its embedded default: `widget-i18n demo` fetches every locale of the bundled Locales/ (a
# file:// CDN) through the real fetcher into a temporary group container, writes sample events, then for
# en, ar, ru and ja switches the locale and prints both sample widgets' timelines across a midnight, then
# draws both widgets in every locale and family into widget-previews/ and prints the contact sheet's URL.
# Extra arguments go to the command (e.g. --time-zone Europe/Istanbul, --keep, --previews DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --for demo
swift build --product widget-i18n >&2
exec "$(swift build --show-bin-path)/widget-i18n" demo "$@"
