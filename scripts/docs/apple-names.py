#!/usr/bin/env python3
"""Fails when a public top-level type of the given modules has the name of a WidgetKit, SwiftUI or AppIntents
type; exit 1 listing each one, with the module and the Apple framework.

Usage: scripts/docs/apple-names.py SYMBOL-GRAPH-DIR MODULE...

The modules are those a widget extension links: a widget file imports them next to WidgetKit, SwiftUI and
AppIntents, and a name two imported modules declare is ambiguous there. Reads MODULE.symbols.json from
SYMBOL-GRAPH-DIR or SYMBOL-GRAPH-DIR/MODULE/, as swift-symbolgraph-extract writes them, and the names from
apple-type-names.txt beside this script. Only top-level names are compared: a nested type is reached through
its owner (`EntryTimeline.ReloadPolicy`) and cannot clash. Structures, classes and actors, enumerations,
protocols and type aliases count.
"""
import json
import os
import re
import sys

NAMES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "apple-type-names.txt")
FRAMEWORKS = ("WidgetKit", "SwiftUI", "AppIntents")
TYPE_KINDS = {"swift.struct", "swift.class", "swift.actor", "swift.enum", "swift.protocol", "swift.typealias"}
LINE = re.compile(r"^(\w+)\.([A-Za-z_]\w*)$")


def apple_names(path):
    """Each listed name with the frameworks that declare it; exits on a line that is not `Framework.Name`."""
    frameworks_of, problems = {}, []
    with open(path) as file:
        for number, line in enumerate(file, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            match = LINE.match(line)
            if not match or match.group(1) not in FRAMEWORKS:
                problems.append("%s:%d: '%s' is not Framework.Name with a framework of %s" % (
                    os.path.relpath(path), number, line, ", ".join(FRAMEWORKS)))
                continue
            framework, name = match.groups()
            if framework in frameworks_of.get(name, []):
                problems.append("%s:%d: '%s' is listed twice" % (os.path.relpath(path), number, line))
                continue
            frameworks_of.setdefault(name, []).append(framework)
    if problems:
        sys.exit("\n".join(problems))
    return frameworks_of


def top_level_types(directory, module):
    for base in (directory, os.path.join(directory, module)):
        path = os.path.join(base, module + ".symbols.json")
        if os.path.exists(path):
            break
    else:
        sys.exit("apple-names: no symbol graph for %s in %s" % (module, directory))
    with open(path) as file:
        graph = json.load(file)
    for symbol in graph["symbols"]:
        if (symbol.get("accessLevel") in ("public", "open") and symbol["kind"]["identifier"] in TYPE_KINDS
                and len(symbol["pathComponents"]) == 1):
            yield symbol


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    directory, modules = sys.argv[1], sys.argv[2:]
    frameworks_of = apple_names(NAMES)
    clashes = checked = 0
    for module in modules:
        for symbol in top_level_types(directory, module):
            checked += 1
            name = symbol["names"]["title"]
            if name not in frameworks_of:
                continue
            clashes += 1
            location = symbol.get("location", {})
            where = "%s:%s" % (os.path.relpath(location.get("uri", "?").replace("file://", "")),
                               location.get("position", {}).get("line", 0) + 1)
            apple = " and ".join(framework + ("'" if framework.endswith("s") else "'s")
                                 for framework in frameworks_of[name])
            print("%s: %s's %s '%s' has the name of %s '%s'; a widget file importing both cannot name it "
                  "unqualified, so rename it" % (where, module, symbol["kind"]["displayName"].lower(), name, apple,
                                                 name))
    if clashes:
        print("apple-names: %d public type%s of the widget-side modules share%s a name with WidgetKit, SwiftUI or "
              "AppIntents" % (clashes, "" if clashes == 1 else "s", "s" if clashes == 1 else ""), file=sys.stderr)
        sys.exit(1)
    print("apple-names: none of the %d public types of %s has the name of one of the %d WidgetKit, SwiftUI and "
          "AppIntents types listed" % (checked, ", ".join(modules), len(frameworks_of)))


if __name__ == "__main__":
    main()
