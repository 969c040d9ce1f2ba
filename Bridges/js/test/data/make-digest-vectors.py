#!/usr/bin/env python3
"""Writes digest-vectors.json: the three 64-bit hashes of WidgetI18n's stored lookup index for a set of inputs.

A port, line for line, of the Swift functions (Python integers masked to 64 bits, so every wrap-around is exact):
- FNV1a.combine (Sources/I18nCore/Bundle/BundleIndex.swift): the hash of a message's dotted key;
- StoredBundleIndex.fingerprint (Sources/I18nCore/Bundle/StoredBundleIndex.swift): FNV-1a of the size as a u64
  little-endian, then of the whole value up to 2048 bytes, else of 64 samples of 32 bytes;
- ContentDigest.of (same file): two lanes of 8-byte words, the tail, a final mix.

Both the JavaScript bridge (Bridges/js/test/storage-index.test.mjs) and the Swift tests check their own functions
against the file. Run from anywhere: python3 Bridges/js/test/data/make-digest-vectors.py
"""

import json
import os

MASK = (1 << 64) - 1
FNV_OFFSET_BASIS = 0xCBF29CE484222325
FNV_PRIME = 0x00000100000001B3


def fnv1a(data, hash_value=FNV_OFFSET_BASIS):
    for byte in data:
        hash_value = ((hash_value ^ byte) * FNV_PRIME) & MASK
    return hash_value


def fingerprint(data):
    hash_value = fnv1a(len(data).to_bytes(8, "little"))
    sample = 32
    samples = 64
    if len(data) <= sample * samples:
        return fnv1a(data, hash_value)
    for index in range(samples):
        start = index * (len(data) - sample) // (samples - 1)
        hash_value = fnv1a(data[start:start + sample], hash_value)
    return hash_value


def content_digest(data):
    multiplier = 0x9E3779B97F4A7C15
    first = (len(data) * multiplier) & MASK
    second = first ^ 0x2545F4914F6CDD1D
    offset = 0
    while offset + 16 <= len(data):
        first = ((first ^ int.from_bytes(data[offset:offset + 8], "little")) * multiplier) & MASK
        second = ((second ^ int.from_bytes(data[offset + 8:offset + 16], "little")) * multiplier) & MASK
        first ^= first >> 29
        second ^= second >> 31
        offset += 16
    tail = 0
    shift = 0
    while offset < len(data):
        tail |= data[offset] << shift
        shift += 8
        offset += 1
        if shift == 64:
            first = ((first ^ tail) * multiplier) & MASK
            tail = 0
            shift = 0
    first = ((first ^ tail ^ ((second * 0xC2B2AE3D27D4EB4F) & MASK)) * multiplier) & MASK
    return first ^ (first >> 32)


PATTERN = "i*31+7 mod 256"


def pattern_bytes(length):
    return bytes((index * 31 + 7) % 256 for index in range(length))


def vector(data, description=None):
    entry = description if description is not None else {"hex": data.hex()}
    entry.update(
        {
            "fnv1a": format(fnv1a(data), "016x"),
            "fingerprint": format(fingerprint(data), "016x"),
            "digest": format(content_digest(data), "016x"),
        }
    )
    return entry


def main():
    small = [
        b"",
        b"a",
        b"\xff",
        b"today.title",
        bytes(range(15)),
        bytes(range(16)),
        bytes(range(17)),
        bytes(range(0xF0, 0x100)) + bytes(range(8)),  # 24: one lane pass, then a whole tail word
        '{"today":{"title":"Bugün"}}'.encode(),
        "ş中😀".encode(),
    ]
    vectors = [vector(data) for data in small]
    for length in [2047, 2048, 2049, 4096, 100000]:
        vectors.append(vector(pattern_bytes(length), {"pattern": PATTERN, "length": length}))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "digest-vectors.json")
    with open(path, "w", encoding="utf-8") as output:
        json.dump(vectors, output, indent=2)
        output.write("\n")


if __name__ == "__main__":
    main()
