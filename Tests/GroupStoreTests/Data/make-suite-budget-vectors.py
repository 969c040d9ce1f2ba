#!/usr/bin/env python3
"""Writes suite-budget-vectors.json: preferences domains of string keys and string values, each with the size of its
binary property list as Python's plistlib writes it (`len(plistlib.dumps(domain, fmt=plistlib.FMT_BINARY))`).

A suite's budget counts a domain as that encoding (docs/architecture.md, "A suite's budget"): the Swift side with
`PropertyListSize.dictionary` (Sources/GroupStore/PreferencesBudget.swift), the JavaScript bridge with its port
(Bridges/js/lib/suite-budget.mjs). Both are checked against this file; plistlib computes the sizes independently.
plistlib and CoreFoundation write the same format for these domains: ASCII strings as one byte a character, any
other as UTF-16 (two bytes a unit, a character beyond the BMP two units), a length integer object from 15 units on,
references of 1, 2 or 4 bytes by the number of objects, offsets of 1, 2, 4 or 8 bytes by where the offset table
starts, a 32-byte trailer. Both write an equal string once, where PropertyListSize counts it at every use (never
less than the system stores): no case holds a string twice, so the three agree exactly.

Each case: `entries`, a list of [key, value]; when `generated` is there, `count` entries more, the i-th (from 0)
[key + str(i), value * repeat + str(i)] (long domains without a long file); `bytes`, the encoded size; and, read
from the trailer, `referenceSize`, `offsetSize` and `offsetTableStart`, what the boundary cases are about.
Run from anywhere: python3 Tests/GroupStoreTests/Data/make-suite-budget-vectors.py
"""

import json
import os
import plistlib


def expand(case):
    """The case's entries, its generated ones included."""
    entries = [tuple(entry) for entry in case["entries"]]
    generated = case.get("generated")
    if generated:
        for index in range(generated["count"]):
            value = generated["value"] * generated.get("repeat", 1) + str(index)
            entries.append((generated["key"] + str(index), value))
    return entries


def encode(entries):
    strings = [text for entry in entries for text in entry]
    if len(set(strings)) != len(strings):
        raise SystemExit("a case holds a string twice, which plistlib writes once: %r" % entries[:3])
    return plistlib.dumps(dict(entries), fmt=plistlib.FMT_BINARY)


def measured(case):
    """The case with its size and what its trailer says (offset size, reference size, offset table start)."""
    data = encode(expand(case))
    trailer = data[-32:]
    return dict(case, bytes=len(data), referenceSize=trailer[7], offsetSize=trailer[6],
                offsetTableStart=int.from_bytes(trailer[24:32], "big"))


def padded_to(case, table_start):
    """`case` with a last entry ["pad", "p" * n] for the n that makes the offset table start at `table_start`."""
    for length in range(0, 70000):
        trial = dict(case, entries=case["entries"] + [["pad", "p" * length]])
        if measured(trial)["offsetTableStart"] == table_start:
            return trial
    raise SystemExit("no padding makes %s start its offset table at %d" % (case["name"], table_start))


def cases():
    single = lambda name, key, value: {"name": name, "entries": [[key, value]]}
    listed = [
        {"name": "an empty domain", "entries": []},
        single("one entry", "k", "v"),
        single("a value of 14 units: one header byte", "key", "a" * 14),
        single("a value of 15 units: a length object", "key", "a" * 15),
        single("a value of 16 units", "key", "a" * 16),
        single("a key of 14 units", "k" * 14, "value"),
        single("a key of 15 units", "k" * 15, "value"),
        single("a value of 255 units: a one-byte length", "key", "b" * 255),
        single("a value of 256 units: a two-byte length", "key", "b" * 256),
        {"name": "a value of 65535 units: a two-byte length", "entries": [],
         "generated": {"count": 1, "key": "key", "value": "c", "repeat": 65534}},
        {"name": "a value of 65536 units: a four-byte length", "entries": [],
         "generated": {"count": 1, "key": "key", "value": "c", "repeat": 65535}},
        single("one non-ASCII character makes every unit two bytes", "key", "a" * 13 + "ş"),
        single("14 units of ş", "key", "ş" * 14),
        single("15 units of ş", "key", "ş" * 15),
        single("255 units of ş", "key", "ş" * 255),
        single("256 units of ş", "key", "ş" * 256),
        single("a non-ASCII key", "anahtar-ş", "value"),
        single("7 emoji are 14 UTF-16 units", "key", "😀" * 7),
        single("8 emoji are 16 UTF-16 units", "key", "😀" * 8),
        single("emoji and ASCII", "key", "a😀b中c"),
        {"name": "a bundle, its stamp and a locale", "entries": [
            ["@better-i18n:messages:acme/widgets:tr", '{"today":{"title":"Bugün","subtitle":"Merhaba {name}"}}'],
            ["@better-i18n:widget-i18n:written:acme/widgets:tr",
             '{"size":58,"writer":"@widget-i18n/bridge","writtenAt":1764620400000}'],
            ["@better-i18n:locale:acme/widgets", "tr"],
        ]},
        {"name": "127 entries: 255 objects, one-byte references", "entries": [],
         "generated": {"count": 127, "key": "key-", "value": "value-"}},
        {"name": "128 entries: 257 objects, two-byte references", "entries": [],
         "generated": {"count": 128, "key": "key-", "value": "value-"}},
        {"name": "32767 entries: 65535 objects, two-byte references", "entries": [],
         "generated": {"count": 32767, "key": "k", "value": "v"}},
        {"name": "32768 entries: 65537 objects, four-byte references", "entries": [],
         "generated": {"count": 32768, "key": "k", "value": "v"}},
    ]
    boundaries = [
        ({"name": "the offset table at 255: one-byte offsets", "entries": []}, 255),
        ({"name": "the offset table at 256: two-byte offsets", "entries": []}, 256),
        ({"name": "300 entries, the offset table at 65535: two-byte offsets", "entries": [],
          "generated": {"count": 300, "key": "key-", "value": "x", "repeat": 200}}, 65535),
        ({"name": "300 entries, the offset table at 65536: four-byte offsets", "entries": [],
          "generated": {"count": 300, "key": "key-", "value": "x", "repeat": 200}}, 65536),
    ]
    return listed + [padded_to(case, start) for case, start in boundaries]


def main():
    vectors = [measured(case) for case in cases()]
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "suite-budget-vectors.json")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("[\n" + ",\n".join(json.dumps(vector, ensure_ascii=False) for vector in vectors) + "\n]\n")
    print("wrote %d cases to %s" % (len(vectors), os.path.relpath(path)))


if __name__ == "__main__":
    main()
