#!/usr/bin/env python3
"""Generate the display-width table the CLI lays out columns with, from the Unicode Character Database.

Writes Sources/CommandLineSupport/TerminalText+Generated.swift: two sorted lists of code point ranges, as
a terminal draws them (UAX #11, and wcwidth's reading of it):

  wide        East_Asian_Width W or F (two cells), with the unassigned code points the file's header says
              default to W (the CJK ideograph blocks, planes 2 and 3)
  zeroWidth   General_Category Mn, Me or Cf (but U+00AD SOFT HYPHEN, which terminals draw), and the Hangul
              medial vowels and final consonants U+1160..U+11FF and U+D7B0..U+D7FF, which join the syllable
              before them (no cells); these win over `wide`

Every other code point takes one cell. Adjacent ranges are merged, so the table stays short.

Reads /usr/share/unicode/EastAsianWidth.txt and UnicodeData.txt (Debian's `unicode-data` package, which
scripts/setup.sh installs for tests). The output is deterministic.

Usage: python3 scripts/generate/east-asian-width.py [--check] [--data DIR]
       (--check: regenerate into memory and compare with the committed file, exit 1 when it differs)
"""
import os
import re
import sys

import generated

OUTPUT = "Sources/CommandLineSupport/TerminalText+Generated.swift"

# EastAsianWidth.txt's header: unassigned code points in these ranges default to W.
DEFAULT_WIDE = [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD)]
ZERO_WIDTH_CATEGORIES = {"Mn", "Me", "Cf"}
DRAWN_FORMAT_CHARACTERS = {0x00AD}
CONJOINING_JAMO = [(0x1160, 0x11FF), (0xD7B0, 0xD7FF)]


def parse_ranges(field):
    first, _, last = field.partition("..")
    return int(first, 16), int(last or first, 16)


def east_asian_widths(path):
    """The version of the file and every code point's explicit East_Asian_Width value."""
    version = None
    widths = {}
    with open(path, encoding="utf-8") as file:
        for line in file:
            match = re.match(r"# EastAsianWidth-(\d+\.\d+\.\d+)\.txt", line)
            if match:
                version = match.group(1)
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            field, value = (part.strip() for part in data.split(";"))
            first, last = parse_ranges(field)
            for code in range(first, last + 1):
                widths[code] = value
    if version is None:
        sys.exit("east-asian-width.py: %s names no Unicode version" % path)
    return version, widths


def general_categories(path):
    """Every assigned code point's General_Category, with UnicodeData.txt's <…, First>/<…, Last> ranges."""
    categories = {}
    start = None
    with open(path, encoding="utf-8") as file:
        for line in file:
            fields = line.split(";")
            code, name, category = int(fields[0], 16), fields[1], fields[2]
            if name.endswith(", First>"):
                start = code
                continue
            if name.endswith(", Last>"):
                for each in range(start, code + 1):
                    categories[each] = category
                continue
            categories[code] = category
    return categories


def merged(codes):
    ranges = []
    for code in sorted(codes):
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])
    return ranges


def swift_array(name, doc, ranges):
    lines = ["    /// %s" % line for line in doc] + ["    static let %s: [UInt32] = [" % name]
    items = ["0x%04X, 0x%04X," % (first, last) for first, last in ranges]
    row = "       "
    for item in items:
        if len(row) + 1 + len(item) > 120:
            lines.append(row)
            row = "       "
        row += " " + item
    lines.append(row)
    lines.append("    ]")
    return lines


def generate(data):
    version, widths = east_asian_widths(os.path.join(data, "EastAsianWidth.txt"))
    categories = general_categories(os.path.join(data, "UnicodeData.txt"))
    zero = {code for code, category in categories.items() if category in ZERO_WIDTH_CATEGORIES}
    zero -= DRAWN_FORMAT_CHARACTERS
    for first, last in CONJOINING_JAMO:
        zero.update(range(first, last + 1))
    wide = {code for code, value in widths.items() if value in ("W", "F")}
    for first, last in DEFAULT_WIDE:
        wide.update(code for code in range(first, last + 1) if code not in widths)
    wide -= zero
    lines = generated.swift_header("east-asian-width.py", [
        "Source: the Unicode Character Database (Unicode License V3); zero-width code points from the same",
        "release's UnicodeData.txt (see the generator).",
    ], origin="Unicode %s EastAsianWidth.txt" % version) + [
        "extension TerminalText {",
    ]
    lines += swift_array(
        "wideRanges",
        ["Code points a terminal draws in two cells (East_Asian_Width W and F): first, last, first, last, …"],
        merged(wide))
    lines.append("")
    lines += swift_array(
        "zeroWidthRanges",
        ["Code points a terminal draws in no cell (marks, format characters, conjoining jamo): first, last, …"],
        merged(zero))
    lines.append("}")
    return "\n".join(lines) + "\n", version


def main():
    parser = generated.command_line(__doc__, "the committed file")
    parser.add_argument("--data", default="/usr/share/unicode", help="the directory of the UCD files")
    args = parser.parse_args()
    text, version = generate(args.data)
    changed = generated.update("east-asian-width.py", {OUTPUT: text}, args.check,
                               "%s is current (Unicode %s)" % (OUTPUT, version))
    if not args.check:
        print("east-asian-width.py: wrote %s (Unicode %s)" % (OUTPUT, version) if changed
              else "east-asian-width.py: wrote nothing (current)")


if __name__ == "__main__":
    main()
