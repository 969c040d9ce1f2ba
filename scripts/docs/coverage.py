#!/usr/bin/env python3
"""Lists public symbols of the given modules without documentation, and parameters a doc comment does not
describe; exit 1 when there is any.

Usage: scripts/docs/coverage.py SYMBOL-GRAPH-DIR MODULE...

Reads every MODULE.symbols.json and MODULE@OTHER.symbols.json (extensions of other modules' types) from
SYMBOL-GRAPH-DIR or SYMBOL-GRAPH-DIR/MODULE/, as swift-symbolgraph-extract writes them.

A symbol is documented when it has its own `///` comment, when the compiler synthesised it, when it
implements a protocol requirement of one of the given modules (DocC shows the requirement's documentation;
the requirement itself needs a comment), or when it is one of the standard library's conformance members
(==, hash(into:), description, init(rawValue:), ...), which DocC documents from the standard library.

A documented function, initializer or subscript must describe each parameter, in `- Parameter name:` or a
`- Parameters:` list: DocC itself only complains when a list is there but incomplete. Implementations of a
requirement are exempt when they have no comment of their own.
"""
import glob
import json
import os
import re
import sys

STANDARD_MEMBERS = {
    "==(_:_:)", "!=(_:_:)", "<(_:_:)", "hash(into:)", "hashValue", "description", "debugDescription",
    "init(from:)", "encode(to:)", "init(rawValue:)", "rawValue", "errorDescription", "allCases",
    "init(stringLiteral:)", "init(integerLiteral:)", "init(floatLiteral:)", "init(booleanLiteral:)",
    "init(dictionaryLiteral:)", "init(arrayLiteral:)", "init(extendedGraphemeClusterLiteral:)",
    "init(unicodeScalarLiteral:)", "makeIterator()", "id",
}


def graphs(directory, module):
    found = []
    for base in (directory, os.path.join(directory, module)):
        found += glob.glob(os.path.join(base, module + ".symbols.json"))
        found += glob.glob(os.path.join(base, module + "@*.symbols.json"))
    if not any(path.endswith("/" + module + ".symbols.json") for path in found):
        sys.exit("coverage: no symbol graph for %s in %s" % (module, directory))
    for path in sorted(set(found)):
        with open(path) as file:
            yield json.load(file)


def requirements_of(all_graphs):
    """Titles of every protocol requirement, and the identifiers of the requirements themselves."""
    titles, identifiers = set(), set()
    for graph in all_graphs:
        symbols = {symbol["identifier"]["precise"]: symbol for symbol in graph["symbols"]}
        for relationship in graph["relationships"]:
            if relationship["kind"] in ("requirementOf", "optionalRequirementOf") and relationship["source"] in symbols:
                titles.add(symbols[relationship["source"]]["names"]["title"])
                identifiers.add(relationship["source"])
    return titles, identifiers


def described_parameters(text):
    names = set(re.findall(r"^\s*-\s*Parameter\s+(\w+)\s*:", text, re.M))
    block = re.search(r"^\s*-\s*Parameters\s*:\s*$(.*?)(?=^\s*-\s*(?:Returns|Throws|Note|Important)\b|\Z)", text,
                      re.M | re.S)
    if block:
        names |= set(re.findall(r"^\s+-\s*(\w+)\s*:", block.group(1), re.M))
    return names


def problems(graph, requirements, requirement_ids):
    found = []
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        precise = symbol["identifier"]["precise"]
        title = symbol["names"]["title"]
        if "::SYNTHESIZED::" in precise or symbol["kind"]["identifier"] == "swift.extension":
            continue
        location = symbol.get("location", {})
        where = "%s:%s" % (os.path.relpath(location.get("uri", "?").replace("file://", "")),
                           location.get("position", {}).get("line", 0) + 1)
        name = "%s %s" % (symbol["kind"]["displayName"].lower(), ".".join(symbol["pathComponents"]))
        implements = title in requirements and precise not in requirement_ids
        comment = symbol.get("docComment")
        if not comment:
            if title not in STANDARD_MEMBERS and not implements:
                found.append("%s: %s: undocumented public symbol" % (where, name))
            continue
        # The name a comment describes is the internal one (`forKey key` is described as `key`).
        signature = symbol.get("functionSignature", {})
        parameters = [p.get("internalName", p["name"]) for p in signature.get("parameters", [])]
        text = "\n".join(line["text"] for line in comment["lines"])
        missing = [p for p in parameters if p not in described_parameters(text)]
        if missing and not (implements or title in STANDARD_MEMBERS):
            found.append("%s: %s: parameter%s %s not described" % (
                where, name, "" if len(missing) == 1 else "s", ", ".join(missing)))
    return found


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    directory, modules = sys.argv[1], sys.argv[2:]
    loaded = {module: list(graphs(directory, module)) for module in modules}
    requirements, requirement_ids = requirements_of([g for gs in loaded.values() for g in gs])
    total = 0
    for module, module_graphs in loaded.items():
        for graph in module_graphs:
            for line in problems(graph, requirements, requirement_ids):
                total += 1
                print("%s (%s)" % (line, module))
    if total:
        print("coverage: %d problem%s" % (total, "" if total == 1 else "s"), file=sys.stderr)
        sys.exit(1)
    print("coverage: every public symbol and parameter of %s is documented" % ", ".join(modules))


if __name__ == "__main__":
    main()
