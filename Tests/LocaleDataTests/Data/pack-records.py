#!/usr/bin/env python3
"""Packs each table of packed-records.json (beside this file) with the generators' writer, `PackedRecords` of
scripts/generate/generated.py, and prints {table: {"index": …, "records": …}} as JSON on stdout: what
PackedRecordsTests reads with the Swift reader and cuts with the slicer, so that both languages keep to the one
layout (`PackedRecords.Layout` in Sources/LocaleData/CLDR/PackedRecords.swift).

A "locale" table has `locale/section` keys (KEY_WIDTH), a "zone" table the zone names' (ZONE_KEY_WIDTH).
Needs no PyICU. Run from anywhere: python3 Tests/LocaleDataTests/Data/pack-records.py
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "scripts", "generate"))
import generated  # (after the path it is found on)

KEY_WIDTHS = {"locale": generated.KEY_WIDTH, "zone": generated.ZONE_KEY_WIDTH}

with open(os.path.join(HERE, "packed-records.json"), encoding="utf-8") as file:
    tables = json.load(file)
packed = {}
for name, table in tables.items():
    records = generated.PackedRecords(table["records"], KEY_WIDTHS[name], "pack-records.py", share=table["share"])
    packed[name] = {"index": records.index, "records": records.text}
json.dump(packed, sys.stdout, ensure_ascii=False)
