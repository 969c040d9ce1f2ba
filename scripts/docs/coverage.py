#!/usr/bin/env python3
"""Lists the public symbols of the given modules that have no documentation comment; exit 1 when any.

Usage: scripts/docs/coverage.py SYMBOL-GRAPH-DIR MODULE...

Reads MODULE.symbols.json from SYMBOL-GRAPH-DIR or SYMBOL-GRAPH-DIR/MODULE/ (what swift-symbolgraph-extract
or `swift build -Xswiftc -emit-symbol-graph` writes). A symbol counts as
documented when it has its own `///` comment, when the compiler synthesised it, when it implements a
requirement of a protocol of the same module (DocC shows the requirement's documentation; the requirement
itself needs a comment), or when it is
one of the standard library's conformance members (==, hash(into:), description, init(rawValue:), ...),
which DocC documents from the standard library.
"""
import json
import os
import sys

STANDARD_MEMBERS = {
    "==(_:_:)", "!=(_:_:)", "<(_:_:)", "hash(into:)", "hashValue", "description", "debugDescription",
    "init(from:)", "encode(to:)", "init(rawValue:)", "rawValue", "errorDescription", "allCases",
    "init(stringLiteral:)", "init(integerLiteral:)", "init(floatLiteral:)", "init(booleanLiteral:)",
    "init(dictionaryLiteral:)", "init(arrayLiteral:)", "init(extendedGraphemeClusterLiteral:)",
    "init(unicodeScalarLiteral:)", "makeIterator()", "id",
}


def undocumented(directory, module):
    path = os.path.join(directory, module + ".symbols.json")
    if not os.path.exists(path):
        path = os.path.join(directory, module, module + ".symbols.json")
    with open(path) as file:
        graph = json.load(file)
    symbols = {symbol["identifier"]["precise"]: symbol for symbol in graph["symbols"]}
    requirements, requirement_ids = set(), set()
    for relationship in graph["relationships"]:
        if relationship["kind"] in ("requirementOf", "optionalRequirementOf") and relationship["source"] in symbols:
            requirements.add(symbols[relationship["source"]]["names"]["title"])
            requirement_ids.add(relationship["source"])
    missing = []
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open") or symbol.get("docComment"):
            continue
        title = symbol["names"]["title"]
        precise = symbol["identifier"]["precise"]
        # A requirement itself needs its own comment; an implementation of it shows the requirement's.
        implements = title in requirements and precise not in requirement_ids
        if "::SYNTHESIZED::" in precise or title in STANDARD_MEMBERS or implements:
            continue
        location = symbol.get("location", {})
        where = "%s:%s" % (os.path.relpath(location.get("uri", "?").replace("file://", "")),
                           location.get("position", {}).get("line", 0) + 1)
        missing.append("%s: %s %s" % (where, symbol["kind"]["displayName"].lower(), ".".join(symbol["pathComponents"])))
    return missing


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    directory, modules = sys.argv[1], sys.argv[2:]
    total = 0
    for module in modules:
        missing = undocumented(directory, module)
        total += len(missing)
        for line in missing:
            print("%s: undocumented public symbol (%s)" % (line, module))
    if total:
        print("coverage: %d public symbol%s without documentation" % (total, "" if total == 1 else "s"), file=sys.stderr)
        sys.exit(1)
    print("coverage: every public symbol of %s is documented" % ", ".join(modules))


if __name__ == "__main__":
    main()
