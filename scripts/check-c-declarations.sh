#!/usr/bin/env bash
# Compiles Sources/CPangoCairo/shim.h's own declarations of Pango, Cairo and GLib against the real headers:
# a parameter or return type that differs, or an enum value that moved, is a compile error.
# Usage: scripts/check-c-declarations.sh   (needs libpango1.0-dev and libcairo2-dev: scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
shim=Sources/CPangoCairo/shim.h
checks=()
for name in $(grep -o 'WIDGET_I18N_[A-Z0-9_]*' "$shim" | sort -u); do
    real=${name#WIDGET_I18N_}
    [ "$real" = CPANGOCAIRO_SHIM_H ] && continue
    checks+=("_Static_assert((int)$name == (int)$real, \"$real\");")
done
# PangoRectangle: the shim's own struct (compiled alone) and Pango's have the same fields at the same offsets.
layout='#include <stddef.h>
_Static_assert(sizeof(PangoRectangle) == 4 * sizeof(int), "PangoRectangle size");
_Static_assert(offsetof(PangoRectangle, x) == 0 && offsetof(PangoRectangle, y) == sizeof(int), "x, y");
_Static_assert(offsetof(PangoRectangle, width) == 2 * sizeof(int), "width");
_Static_assert(offsetof(PangoRectangle, height) == 3 * sizeof(int), "height");'
gcc -fsyntax-only -Werror -x c - <<<"$(printf '#include "%s"\n%s\n' "$PWD/$shim" "$layout")"
source=$(printf '#include <pango/pangocairo.h>\n#include "%s"\n%s\n%s\n' \
    "$PWD/$shim" "$layout" "$(printf '%s\n' "${checks[@]}")")
# shellcheck disable=SC2046
gcc -fsyntax-only -Werror $(pkg-config --cflags pangocairo) -x c - <<<"$source"
echo "check-c-declarations: $shim matches the installed Pango and Cairo headers (${#checks[@]} constants)"
