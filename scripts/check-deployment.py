#!/usr/bin/env python3
"""Checks that the package runs on the Apple versions its manifest names, and prints or checks the table of the
Apple APIs that set that floor (docs/architecture.md, "The deployment floor"); exit 1 on any finding.

Usage: scripts/check-deployment.py [--check docs/architecture.md]

Apple's SDKs do not exist on Linux, but the toolchain's own modules carry Apple's availability: the standard
library, `_Concurrency`, `Synchronization` and swift-foundation declare `@available(macOS 15.0, iOS 18.0, …)`
on what each release added, on every platform. So the check reads:

1. the manifest's platforms (`swift package dump-package`): the floor;
2. every symbol each target of this package refers to, from the index store of the last debug build (a use of
   `Locked`, which is `Mutex` on Linux, counts as WidgetI18nSupport's Apple struct of the same API)
   (`swift build` writes it; read with the toolchain's libIndexStore), with the file and line of one use;
3. the availability of those symbols, from symbol graphs of the toolchain's modules (cached under
   .build/deployment/). An accessor counts as its property; a protocol requirement added later counts as
   its oldest default implementation, which is what a call on a concrete type compiles to;
4. `APPLE_ONLY` below: the calls inside `#if canImport(Darwin)` / `#if canImport(os)`, which Linux never
   compiles, with the versions Apple's documentation gives. The `os` branch of `Locked` is compiled here
   against `scripts/docs/stand-ins/os.swift` (Apple's signatures), diagnostics included.

A use newer than the floor fails, naming the API, its version and where it is used. With `--check FILE`, FILE's
table (the rows under its `| module | iOS | macOS | watchOS |` header) must equal the one printed.
"""
import collections
import ctypes
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOMAINS = ("iOS", "macOS", "watchOS")
MANIFEST_NAMES = {"ios": "iOS", "macos": "macOS", "watchos": "watchOS"}
TOOLCHAIN_MODULES = ["Swift", "_Concurrency", "Synchronization", "_StringProcessing", "Foundation",
                     "FoundationEssentials", "FoundationInternationalization", "Dispatch"]
# The modules a user links, in the order of that table (the CLI, the tests and the C shims are not listed).
LISTED = ["WidgetI18nSupport", "LocaleData", "I18nCore", "GroupStore", "GroupStoreUserDefaults", "GroupContract",
          "WidgetTranslator", "TimelineEngine", "HomeScreenSimulator", "SampleWidgets", "CDNFetcher", "WidgetPreview", "StringCatalog"]
# Calls compiled only by an Apple SDK, each with the versions of Apple's documentation page for it.
APPLE_ONLY = [
    # developer.apple.com/documentation/os/osallocatedunfairlock (Sources/WidgetI18nSupport/Locked.swift)
    ("WidgetI18nSupport", "OSAllocatedUnfairLock", {"iOS": (16, 0), "macOS": (13, 0), "watchOS": (9, 0)}),
    # developer.apple.com/documentation/foundation/filemanager/containerurl(forsecurityapplicationgroupidentifier:)
    ("GroupStore", "FileManager.containerURL(forSecurityApplicationGroupIdentifier:)",
     {"iOS": (7, 0), "macOS": (10, 8), "watchOS": (2, 0)}),
    ("GroupStoreUserDefaults", "FileManager.containerURL(forSecurityApplicationGroupIdentifier:)",
     {"iOS": (7, 0), "macOS": (10, 8), "watchOS": (2, 0)}),
    # developer.apple.com/documentation/foundation/locale/preferredlanguages
    ("LocaleData", "Locale.preferredLanguages", {"iOS": (2, 0), "macOS": (10, 5), "watchOS": (2, 0)}),
    # developer.apple.com/documentation/foundation/timezone (secondsFromGMT(for:), isDaylightSavingTime(for:),
    # abbreviation(for:), nextDaylightSavingTimeTransition(after:))
    ("LocaleData", "TimeZone", {"iOS": (8, 0), "macOS": (10, 10), "watchOS": (2, 0)}),
]
ACCESSOR = re.compile(r"(v|ci)[gsMrxywWalu](Z?)$")
SYMBOL_ROLE_REFERENCE = 1 << 2


def version(text):
    parts = [int(p) for p in text.split(".")]
    return tuple(parts + [0] * (2 - len(parts)))[:2]


def shown(v):
    return "%d" % v[0] if v[1] == 0 else "%d.%d" % v


def manifest():
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout)
    floor = {MANIFEST_NAMES[p["platformName"]]: version(p["version"]) for p in dump.get("platforms", [])
             if p["platformName"] in MANIFEST_NAMES}
    missing = [d for d in DOMAINS if d not in floor]
    if missing:
        sys.exit("check-deployment: Package.swift names no %s version" % ", ".join(missing))
    targets = {t["name"]: t for t in dump["targets"]}
    return floor, targets


def symbol_graphs():
    """USR -> {domain: introduced}, USR -> parent USR, requirement USR -> its default implementations, names."""
    toolchain = subprocess.run(["swiftc", "--version"], capture_output=True, text=True).stdout
    triple = json.loads(subprocess.run(["swiftc", "-print-target-info"], capture_output=True,
                                       text=True).stdout)["target"]["triple"]
    cache = os.path.join(ROOT, ".build", "deployment", hashlib.sha256(toolchain.encode()).hexdigest()[:16])
    os.makedirs(cache, exist_ok=True)
    for module in TOOLCHAIN_MODULES:
        if not os.path.exists(os.path.join(cache, module + ".symbols.json")):
            subprocess.run(["swift-symbolgraph-extract", "-module-name", module, "-target", triple,
                            "-minimum-access-level", "public", "-output-dir", cache], check=True,
                           capture_output=True)
    availability, parents, defaults, names = {}, {}, collections.defaultdict(list), {}
    for path in glob.glob(os.path.join(cache, "*.symbols.json")):
        with open(path) as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            usr = symbol["identifier"]["precise"]
            names[usr] = ".".join(symbol.get("pathComponents", [symbol["names"]["title"]]))
            introduced = {}
            for entry in symbol.get("availability", []):
                if entry.get("domain") in DOMAINS and "introduced" in entry:
                    i = entry["introduced"]
                    introduced[entry["domain"]] = (i["major"], i.get("minor", 0))
            availability[usr] = introduced
        for relation in graph.get("relationships", []):
            if relation["kind"] == "defaultImplementationOf":
                defaults[relation["target"]].append(relation["source"])
            elif relation["kind"] in ("memberOf", "requirementOf", "optionalRequirementOf", "extensionTo"):
                parents.setdefault(relation["source"], relation["target"])

    def lookup(usr):
        if usr not in availability and ACCESSOR.search(usr):
            usr = ACCESSOR.sub(lambda m: m.group(1) + "p" + m.group(2), usr)
        name = names.get(usr)
        # Availability written on an enclosing extension or type holds for its members.
        for _ in range(8):
            introduced = availability.get(usr)
            if introduced:
                break
            if usr not in parents:
                return None, name
            usr = parents[usr]
        for implementation in defaults.get(usr, []):
            other = availability.get(implementation, {})
            introduced = {d: min(v, other.get(d, (0, 0))) for d, v in introduced.items()}
        return introduced, name

    return lookup


class IndexStore:
    """The few calls of libIndexStore (indexstore.h, in the toolchain) that list each unit's references."""

    class Ref(ctypes.Structure):
        _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def __init__(self, path):
        library = glob.glob(os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(
            subprocess.run(["which", "swiftc"], capture_output=True, text=True).stdout.strip()))),
            "lib", "libIndexStore.so*"))
        if not library:
            sys.exit("check-deployment: the toolchain has no libIndexStore.so")
        lib = self.lib = ctypes.CDLL(library[0])
        p, ref = ctypes.c_void_p, self.Ref
        self.unit_callback = ctypes.CFUNCTYPE(ctypes.c_bool, p, ref)
        self.callback = ctypes.CFUNCTYPE(ctypes.c_bool, p, p)
        for name, result, arguments in [
            ("store_create", p, [ctypes.c_char_p, ctypes.POINTER(p)]),
            ("store_units_apply_f", ctypes.c_bool, [p, ctypes.c_uint, p, self.unit_callback]),
            ("unit_reader_create", p, [p, ctypes.c_char_p, ctypes.POINTER(p)]),
            ("unit_reader_dispose", None, [p]),
            ("unit_reader_get_module_name", ref, [p]),
            ("unit_reader_get_main_file", ref, [p]),
            ("unit_reader_dependencies_apply_f", ctypes.c_bool, [p, p, self.callback]),
            ("unit_dependency_get_kind", ctypes.c_int, [p]),
            ("unit_dependency_get_name", ref, [p]),
            ("unit_dependency_get_filepath", ref, [p]),
            ("record_reader_create", p, [p, ctypes.c_char_p, ctypes.POINTER(p)]),
            ("record_reader_dispose", None, [p]),
            ("record_reader_occurrences_apply_f", ctypes.c_bool, [p, p, self.callback]),
            ("occurrence_get_symbol", p, [p]),
            ("occurrence_get_roles", ctypes.c_uint64, [p]),
            ("occurrence_get_line_col", None, [p, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
            ("symbol_get_usr", ref, [p]),
        ]:
            function = getattr(lib, "indexstore_" + name)
            function.restype, function.argtypes = result, arguments
        error = ctypes.c_void_p()
        self.store = lib.indexstore_store_create(path.encode(), ctypes.byref(error))
        if not self.store:
            sys.exit("check-deployment: cannot open the index store at %s" % path)

    @staticmethod
    def text(ref):
        return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ""

    def references(self, modules):
        """(module, USR) -> (file, line) of one reference, for units of `modules` whose source file exists."""
        lib, found, units, seen = self.lib, {}, [], set()
        lib.indexstore_store_units_apply_f(self.store, 0, None,
                                           self.unit_callback(lambda _, name: units.append(self.text(name)) or True))
        for unit in units:
            error = ctypes.c_void_p()
            reader = lib.indexstore_unit_reader_create(self.store, unit.encode(), ctypes.byref(error))
            if not reader:
                continue
            module = self.text(lib.indexstore_unit_reader_get_module_name(reader))
            main = self.text(lib.indexstore_unit_reader_get_main_file(reader))
            records = []

            def dependency(_, handle):
                if lib.indexstore_unit_dependency_get_kind(handle) == 2:  # INDEXSTORE_UNIT_DEPENDENCY_RECORD
                    records.append((self.text(lib.indexstore_unit_dependency_get_name(handle)),
                                    self.text(lib.indexstore_unit_dependency_get_filepath(handle))))
                return True

            lib.indexstore_unit_reader_dependencies_apply_f(reader, None, self.callback(dependency))
            lib.indexstore_unit_reader_dispose(reader)
            if module not in modules or not os.path.exists(main):
                continue
            for record, path in records:
                if not path.startswith(ROOT + os.sep) or (module, record) in seen:
                    continue
                seen.add((module, record))
                reader = lib.indexstore_record_reader_create(self.store, record.encode(), ctypes.byref(error))
                if not reader:
                    continue

                def occurrence(_, handle, module=module, path=path):
                    if lib.indexstore_occurrence_get_roles(handle) & SYMBOL_ROLE_REFERENCE:
                        usr = self.text(lib.indexstore_symbol_get_usr(lib.indexstore_occurrence_get_symbol(handle)))
                        if (module, usr) not in found:
                            line, column = ctypes.c_uint(), ctypes.c_uint()
                            lib.indexstore_occurrence_get_line_col(handle, ctypes.byref(line), ctypes.byref(column))
                            found[(module, usr)] = (os.path.relpath(path, ROOT), line.value)
                    return True

                lib.indexstore_record_reader_occurrences_apply_f(reader, None, self.callback(occurrence))
                lib.indexstore_record_reader_dispose(reader)
        return found


# What `#if` conditions are on an Apple SDK; a condition of any other module or OS is unknown (both branches
# may be compiled), so only code that is certainly not compiled there (`#else` of `canImport(Darwin)`) is skipped.
APPLE_CONDITIONS = {"canImport(Darwin)": True, "canImport(os)": True, "canImport(Glibc)": False,
                    "canImport(Musl)": False, "os(Linux)": False, "os(Windows)": False}
CONDITION = re.compile(r"#(if|elseif|else|endif)\b\s*(.*)")


def evaluate(expression):
    """True, False or None (unknown) for an `#if` condition built of the names above, `!`, `&&` and `||`."""
    expression = expression.split("//")[0].strip()
    if "||" in expression:
        values = [evaluate(part) for part in expression.split("||")]
        return True if True in values else (None if None in values else False)
    if "&&" in expression:
        values = [evaluate(part) for part in expression.split("&&")]
        return False if False in values else (None if None in values else True)
    if expression.startswith("!"):
        value = evaluate(expression[1:])
        return None if value is None else not value
    return APPLE_CONDITIONS.get(re.sub(r"\s+", "", expression))


def lines_not_compiled_on_apple(path, cache={}):
    """The line numbers of `path` inside a branch an Apple SDK certainly does not compile."""
    if path in cache:
        return cache[path]
    skipped, stack = set(), []  # each: [any earlier branch taken (True/None/False), this branch's value]
    with open(os.path.join(ROOT, path)) as file:
        for number, line in enumerate(file, 1):
            match = CONDITION.match(line.strip())
            if match:
                kind, expression = match.groups()
                if kind == "if":
                    value = evaluate(expression)
                    stack.append([value, value])
                elif kind == "elseif" and stack:
                    earlier, value = stack[-1][0], evaluate(expression)
                    this = False if earlier is True else (None if earlier is None or value is None else value)
                    stack[-1] = [True if True in (earlier, value) else (None if None in (earlier, value) else False),
                                 this]
                elif kind == "else" and stack:
                    earlier = stack[-1][0]
                    stack[-1] = [True, None if earlier is None else not earlier]
                elif kind == "endif" and stack:
                    stack.pop()
                continue
            if any(value is False for _, value in stack):
                skipped.add(number)
    cache[path] = skipped
    return skipped


def compile_apple_branches():
    """The `canImport(os)` branch of Locked, compiled (SIL diagnostics too) against the `os` stand-in."""
    with tempfile.TemporaryDirectory(prefix="check-deployment-") as work:
        stand_in = os.path.join(ROOT, "scripts", "docs", "stand-ins", "os.swift")
        steps = [
            ["swiftc", "-swift-version", "6", "-parse-as-library", "-emit-module", "-module-name", "os",
             "-emit-module-path", os.path.join(work, "os.swiftmodule"), stand_in],
            ["swiftc", "-swift-version", "6", "-parse-as-library", "-package-name", "widgeti18n", "-warnings-as-errors",
             "-module-name", "WidgetI18nSupport", "-I", work, "-wmo", "-c", "-o", os.path.join(work, "support.o")]
            + sorted(glob.glob(os.path.join(ROOT, "Sources", "WidgetI18nSupport", "*.swift"))),
        ]
        for step in steps:
            result = subprocess.run(step, capture_output=True, text=True, cwd=work)
            if result.returncode != 0:
                return "the Apple branch of WidgetI18nSupport does not compile against the os stand-in:\n" + \
                    result.stderr
    return None


def table(floor, uses):
    lines = ["| module | iOS | macOS | watchOS | the newest Apple APIs it calls |", "|---|---|---|---|---|"]
    for module in LISTED:
        # An availability of 0 (the standard library's `&*`) is no floor at all.
        found = {name: v for name, v in uses.get(module, {}).items() if any(v.get(d, (0, 0)) > (0, 0) for d in DOMAINS)}
        if not found:
            lines.append("| `%s` | — | — | — | none with an availability |" % module)
            continue
        newest = {d: max(v[d] for v in found.values() if d in v) for d in DOMAINS}
        apis = sorted(name for name, v in found.items() if any(v.get(d) == newest[d] for d in DOMAINS))
        # Several members of one type are shown as the type: `Duration`, not each of its members.
        owners = collections.Counter(api.split(".")[0] for api in apis)
        apis = sorted({api.split(".")[0] if owners[api.split(".")[0]] > 1 else api for api in apis})
        lines.append("| `%s` | %s | %s | %s | %s |" % (
            module, shown(newest["iOS"]), shown(newest["macOS"]), shown(newest["watchOS"]),
            ", ".join("`%s` (Apple only)" % api[:-len(" (Apple only)")] if api.endswith(" (Apple only)")
                      else "`%s`" % api for api in apis)))
    return lines


def main():
    arguments = sys.argv[1:]
    check = None
    if arguments[:1] == ["--check"] and len(arguments) == 2:
        check = arguments[1]
    elif arguments:
        sys.exit(__doc__)
    floor, targets = manifest()
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True,
                              text=True).stdout.strip()
    store = os.path.join(bin_path, "index", "store")
    if not os.path.isdir(store):
        sys.exit("check-deployment: no index store at %s; run `swift build --build-tests` first" % store)
    lookup = symbol_graphs()
    references = IndexStore(store).references(set(targets))
    problems = []
    uses = collections.defaultdict(dict)  # module -> API name -> {domain: introduced}
    # On Linux `Locked` is `Synchronization.Mutex` itself (a type alias), so the index sees Mutex wherever a module
    # uses a `Locked`; on Apple platforms that is WidgetI18nSupport's own struct of the same API, over
    # OSAllocatedUnfairLock. Those uses count as Locked's, provided no module but WidgetI18nSupport imports
    # Synchronization itself.
    for path in glob.glob(os.path.join(ROOT, "Sources", "*", "**", "*.swift"), recursive=True) + glob.glob(
            os.path.join(ROOT, "Tests", "**", "*.swift"), recursive=True):
        if "/Sources/WidgetI18nSupport/" in path:
            continue
        with open(path) as file:
            if re.search(r"^\s*import\s+Synchronization\b", file.read(), re.M):
                problems.append("%s imports Synchronization: use WidgetI18nSupport's Locked, which exists on the "
                                "deployment floor" % os.path.relpath(path, ROOT))
    for (module, usr), (path, line) in sorted(references.items()):
        # Locked.swift itself is where Mutex is named; every other use, in WidgetI18nSupport too, is a Locked's.
        if usr.startswith("s:15Synchronization5MutexV") and not path.endswith("/WidgetI18nSupport/Locked.swift"):
            continue
        introduced, name = lookup(usr)
        if not introduced or line in lines_not_compiled_on_apple(path):
            continue
        for domain in DOMAINS:
            if domain in introduced and introduced[domain] > floor[domain]:
                problems.append("%s:%d: %s uses %s, which needs %s %s (the floor is %s %s)" % (
                    path, line, module, name, domain, shown(introduced[domain]), domain, shown(floor[domain])))
        if module in LISTED:
            uses[module][name] = {d: max(introduced.get(d, (0, 0)), uses[module].get(name, {}).get(d, (0, 0)))
                                  for d in DOMAINS if d in introduced}
    for module, name, introduced in APPLE_ONLY:
        for domain in DOMAINS:
            if introduced[domain] > floor[domain]:
                problems.append("%s uses %s (Apple only), which needs %s %s" % (module, name, domain,
                                                                                shown(introduced[domain])))
        uses[module][name + " (Apple only)"] = introduced
    problem = compile_apple_branches()
    if problem:
        problems.append(problem)
    rows = table(floor, uses)
    if check:
        with open(check) as file:
            text = file.read().split("\n")
        header = [i for i, line in enumerate(text) if line.startswith("| module | iOS | macOS | watchOS |")]
        if not header:
            problems.append("%s has no `| module | iOS | macOS | watchOS |` table" % check)
        else:
            start = header[0]
            end = start
            while end < len(text) and text[end].startswith("|"):
                end += 1
            if text[start:end] != rows:
                problems.append("%s's table of Apple APIs differs from what the package calls; it should read:\n%s"
                                % (check, "\n".join(rows)))
        floors = "iOS %s, macOS %s and watchOS %s" % (shown(floor["iOS"]), shown(floor["macOS"]),
                                                   shown(floor["watchOS"]))
        if floors not in "\n".join(text):
            problems.append("%s does not name the manifest's platforms as '%s'" % (check, floors))
    else:
        print("\n".join(rows))
    if problems:
        sys.exit("check-deployment:\n" + "\n".join(problems))
    print("check-deployment: %d symbols used by %d targets, none newer than iOS %s, macOS %s, watchOS %s" % (
        len(references), len({m for m, _ in references}), shown(floor["iOS"]), shown(floor["macOS"]),
        shown(floor["watchOS"])), file=sys.stderr)


if __name__ == "__main__":
    main()
