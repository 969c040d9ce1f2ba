#!/usr/bin/env bash
# The demo on its embedded default: fetch every locale of the bundled Locales/ (a file:// CDN) through the
# real fetcher into a fresh group container, then switch between contrasting locales and render widget
# strings the way a widget process does. Set KEEP=1 to keep the container afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --for demo
swift build --product widget-i18n >&2
bin=$(swift build --show-bin-path)/widget-i18n

group=$(mktemp -d "${TMPDIR:-/tmp}/widget-i18n-demo.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then echo "group container kept at $group" >&2; else trap 'rm -rf "$group"' EXIT; fi
export WIDGET_I18N_PROJECT=acme/widgets WIDGET_I18N_GROUP_DIR=$group/group WIDGET_I18N_CDN=Locales

echo "\$ widget-i18n fetch --all --cdn Locales"
"$bin" fetch --all
echo

for locale in en ar ru ja zh-Hant-TW; do
    echo "\$ widget-i18n locale set $locale"
    "$bin" locale set "$locale"
    echo "== $("$bin" locale)"
    "$bin" t today.title
    "$bin" t today.greeting name=Ayşe
    "$bin" t today.nextUp
    "$bin" t daysSince.empty.title
    "$bin" t daysSince.updated time=09:41
    printf '%s   ' "$("$bin" t today.tip)"
    "$bin" t today.tip --explain | grep -m1 found | sed 's/^ *[0-9]*\. /(answered by /; s/: found$/)/'
    echo
done
