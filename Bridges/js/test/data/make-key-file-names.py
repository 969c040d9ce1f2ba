#!/usr/bin/env python3
"""Writes Tests/GroupStoreTests/Data/key-file-names.json: storage keys and the file names a file container gives
them, for the JavaScript bridge (Bridges/js/test/file-names.test.mjs) and the Swift tests (KeyFileName) alike.

A name is `urllib.parse.quote(key, safe="")`: the key's UTF-8 bytes, every byte outside `A-Z a-z 0-9 - . _ ~`
as `%XX` in upper-case hex, the rule of Sources/GroupStore/KeyFileName.swift. A key FileGroupStore refuses (empty,
`.`, `..`, a name longer than 255 bytes) has `"fileName": null`.
Run from anywhere: python3 Bridges/js/test/data/make-key-file-names.py
"""

import json
import os
from urllib.parse import quote

MAXIMUM = 255


def file_name(key):
    if key in ("", ".", ".."):
        return None
    name = quote(key, safe="")
    return name if len(name.encode("ascii")) <= MAXIMUM else None


KEYS = [
    "@better-i18n:locale:acme/widgets",
    "@better-i18n:messages:acme/widgets:pt-br",
    "@better-i18n:messages:3f2c8a9e-1b4d-4c6a-9e2f-7a8b9c0d1e2f:zh-hant-tw",
    "@better-i18n:acme/widgets:pt-BR:translations",
    "@better-i18n:widget-i18n:index:acme/widgets:tr",
    "@better-i18n:widget-i18n:reload:acme/widgets:today",
    "!'()*",
    "~",
    "-._~",
    "ABCXYZabcxyz0189",
    "%",
    "%41",
    "%tmp-1-ff",
    "/",
    "../etc/passwd",
    ":",
    "@",
    " ",
    "a b",
    "+&=?#[]$,;",
    '"<>\\^`{|}',
    "\t\n\r",
    "\u0000",
    "\u007f",
    "ş",
    "中",
    "😀",
    "Ünïcödé key ş中😀",
    "...",
    ".hidden",
    "a" * MAXIMUM,
    "@" * (MAXIMUM // 3),
    "中" * 28 + "abc",
    "",
    ".",
    "..",
    "a" * (MAXIMUM + 1),
    "@" * (MAXIMUM // 3) + "a",
    "中" * 28 + "abcd",
]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "..", "..", "..", "Tests", "GroupStoreTests", "Data", "key-file-names.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    vectors = [{"key": key, "fileName": file_name(key)} for key in KEYS]
    with open(os.path.normpath(path), "w", encoding="utf-8") as output:
        json.dump(vectors, output, indent=2, ensure_ascii=False)
        output.write("\n")


if __name__ == "__main__":
    main()
