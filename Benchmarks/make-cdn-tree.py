#!/usr/bin/env python3
"""Generate a CDN tree for the fetch benchmark: {out}/{org}/{project}/manifest.json and
{out}/{org}/{project}/{locale}/translations.json for N locales of about S KB each.

Deterministic for a given --seed. Stdlib only.
"""
import argparse
import json
import os
import random

LOCALES = ["en", "tr", "de", "fr", "es", "it", "pt-br", "pt-pt", "nl", "sv", "da", "nb", "fi", "pl", "cs", "sk",
           "hu", "ro", "ru", "uk", "el", "he", "ar", "fa", "hi", "th", "vi", "id", "ja", "ko", "zh-hans", "zh-hant",
           "ms", "bg", "hr", "sr", "sl", "lt", "lv", "et"]
WORDS = ("event calendar reminder today tomorrow schedule meeting update settings notification account profile "
         "weather forecast team project deadline task completed pending upcoming daily weekly summary open view "
         "share invite sync refresh available please try again later saved changes privacy security language "
         "théme ünïcode 日本語 العربية ελληνικά").split()


def bundle(rng, target_bytes):
    messages = {}
    size = 2
    index = 0
    while size < target_bytes:
        namespace = "ns%d" % (index % 12)
        section = "section%d" % (index // 12 % 40)
        key = "key%d" % index
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 14)))
        if index % 17 == 0:
            words = "{count, plural, one {# %s} other {# %ss}}" % (rng.choice(WORDS), rng.choice(WORDS))
        messages.setdefault(namespace, {}).setdefault(section, {})[key] = words
        size += len(key) + len(words.encode("utf-8")) + 8
        index += 1
    return messages


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", required=True)
    parser.add_argument("--project", default="acme/widgets")
    parser.add_argument("--locales", type=int, default=30)
    parser.add_argument("--size-kb", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-version", action="store_true",
                        help="a manifest without a version: every fetch revalidates each locale")
    args = parser.parse_args()
    root = os.path.join(args.out, *args.project.split("/"))
    os.makedirs(root, exist_ok=True)
    codes = LOCALES[: args.locales]
    for code in codes:
        rng = random.Random("%s:%s" % (args.seed, code))
        os.makedirs(os.path.join(root, code), exist_ok=True)
        with open(os.path.join(root, code, "translations.json"), "w", encoding="utf-8") as f:
            json.dump(bundle(rng, args.size_kb * 1024), f, ensure_ascii=False, separators=(",", ":"))
    manifest = {"sourceLanguage": "en",
                "languages": [{"code": c, "name": c, "nativeName": c, "isSource": c == "en"} for c in codes]}
    if not args.no_version:
        manifest["updatedAt"] = "2026-11-30T00:00:%02dZ" % (args.seed % 60)
    with open(os.path.join(root, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f)
    print(root)


if __name__ == "__main__":
    main()
