#!/usr/bin/env python3
"""Type-checks every Apple-only `#if` region of the package on Linux, against stand-ins of Apple's modules; exit 1
unless every one type-checks.

Usage: scripts/check-apple-only.py [--list]

The package is built and tested on Linux only, so code under a condition that only an Apple SDK meets
(`#if canImport(Darwin)`, the `#else` of `#if canImport(FoundationEssentials)`, `#if os(watchOS)`) is compiled by
nothing here. This script compiles it:

1. It builds what the copies are checked against, with the command scripts/test.sh runs before it (so a no-op
   there): `swift build --build-tests -Xswiftc -warnings-as-errors`.
2. It reads the targets of Package.swift and of Benchmarks/Package.swift (`swift package dump-package`), and the
   fuzzers of Fuzz/Targets (compiled by Fuzz/run.sh into I18nCore's module, so checked with I18nCore's sources),
   and every `#if`/`#elseif`/`#else`/`#endif` of their Swift files.
3. A region (the code of one clause) is Apple-only when it is compiled under Apple's conditions (`APPLE_CAN_IMPORT`
   below; `os()` of iOS, macOS or watchOS) and not under this machine's (what this toolchain can import, found by
   asking the compiler; `os(Linux)`). `arch()`, `compiler()`, `swift()` and the target's `-D` flags (traits such as
   `AllLocaleData`) are this machine's and the normal build's under both.
4. Each target with an Apple-only region is copied to .build/apple-only/ with every condition replaced by its
   Apple value (`#if canImport(Darwin)` becomes `#if true`) and the code of clauses not taken blanked, line for
   line, so that a diagnostic's line is the real file's; and the copy is type-checked as one module against the
   modules of the build above and the stand-ins of scripts/docs/stand-ins/: `Darwin`, `os`, `CryptoKit`…, each
   a module of Apple's signatures, and extensions/Foundation.swift, the Apple Foundation members
   swift-corelibs-foundation lacks, compiled into each copy that imports Foundation. A target with an `os()`
   condition is checked once per platform whose copy differs (iOS, macOS, watchOS), any other once.
   `AllLocaleData` (the 20 MB of generated tables) is left out of a copy in which no Apple-only region depends on
   it. Compiler diagnostics name the original files.

It prints the diagnostics of any copy that does not type-check cleanly (warnings count, as in the build), then
`apple-only: N regions in M files, K compiled`, where K counts the regions of copies that type-checked; with
`--list`, each region first (`file:line: condition [platforms]: compiled|failed`). Nothing is cached between runs
but the compiler's own module cache, which checks itself: each run builds the stand-ins and the copies afresh.

A region whose code needs an Apple declaration that is missing here fails with the compiler's "cannot find"
error: add the declaration to the stand-in of its module (scripts/docs/stand-ins/<Module>.swift), with the
signature and the page of Apple's documentation that gives it.
"""
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, ".build", "apple-only")
STAND_INS = os.path.join(ROOT, "scripts", "docs", "stand-ins")
BUILD = ["swift", "build", "--build-tests", "-Xswiftc", "-warnings-as-errors"]
VARIANTS = ("iOS", "macOS", "watchOS")
OS_NAMES = {"OSX": "macOS"}
# What `canImport` is on an Apple SDK (iOS, macOS and watchOS alike). A module the package does not name here fails
# the check until it is added. FoundationEssentials is a module of swift-foundation that Apple's SDKs do not expose
# (their Foundation holds it); the C shims of system libraries (CCurl, CCrypto, CPangoCairo) are Linux's.
# FoundationNetworking stays true in the copies, although Apple's SDKs have no such module: there URLSession is
# Foundation's own, here it is FoundationNetworking's, so a copy that imports it where it exists keeps the
# URLSession it needs, and the `#if canImport(FoundationNetworking)` import is the same on both.
APPLE_CAN_IMPORT = {
    "Darwin": True, "os": True, "Foundation": True, "Dispatch": True, "CryptoKit": True, "WidgetKit": True,
    "ActivityKit": True, "SwiftUI": True, "AppIntents": True, "UIKit": True, "AppKit": True, "Security": True,
    "Network": True, "FoundationNetworking": True,
    "Glibc": False, "Musl": False, "Android": False, "WinSDK": False, "Bionic": False, "WASILibc": False,
    "CCurl": False, "CCrypto": False, "CPangoCairo": False, "FoundationEssentials": False,
}
# Flags whose code a copy may leave out when no Apple-only region depends on them (it only makes a copy slower).
DROPPABLE_FLAGS = {"AllLocaleData"}
DIRECTIVE = re.compile(r"^(\s*)#(if|elseif|else|endif)\b(.*)$")
IMPORT = re.compile(r"^\s*(?:@[\w()]+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)",
                    re.M)


class Failure(Exception):
    pass


# MARK: - Conditions

class Condition:
    """An `#if` condition: `||`, `&&`, `!`, parentheses, `name(argument)` and bare names (flags, true, false)."""

    TOKEN = re.compile(r"\s*(\|\||&&|!|\(|\)|[A-Za-z_][A-Za-z0-9_]*)")

    def __init__(self, text, where):
        self.text = re.sub(r"\s+", " ", re.sub(r"//.*|/\*.*?\*/", "", text)).strip()
        self.where = where
        self.position = 0
        self.tree = self.disjunction()
        if self.position != len(self.text.rstrip()):
            raise self.error()

    def error(self):
        return Failure("%s: cannot read the condition '%s'" % (self.where, self.text))

    def next(self, consume=True):
        match = self.TOKEN.match(self.text, self.position)
        if not match:
            return None
        if consume:
            self.position = match.end()
        return match.group(1)

    def disjunction(self):
        terms = [self.conjunction()]
        while self.next(consume=False) == "||":
            self.next()
            terms.append(self.conjunction())
        return ("or", terms) if len(terms) > 1 else terms[0]

    def conjunction(self):
        terms = [self.unary()]
        while self.next(consume=False) == "&&":
            self.next()
            terms.append(self.unary())
        return ("and", terms) if len(terms) > 1 else terms[0]

    def unary(self):
        token = self.next()
        if token == "!":
            return ("not", self.unary())
        if token == "(":
            tree = self.disjunction()
            if self.next() != ")":
                raise self.error()
            return tree
        if token is None or not re.match(r"[A-Za-z_]", token):
            raise self.error()
        if self.text.startswith("(", self.position):
            end = self.text.find(")", self.position)
            if end < 0:
                raise self.error()
            argument = self.text[self.position + 1:end].strip()
            self.position = end + 1
            return ("call", token, argument)
        return ("name", token)

    def value(self, platform):
        return self.evaluate(self.tree, platform)

    def evaluate(self, tree, platform):
        kind = tree[0]
        if kind == "or":
            return any(self.evaluate(term, platform) for term in tree[1])
        if kind == "and":
            return all(self.evaluate(term, platform) for term in tree[1])
        if kind == "not":
            return not self.evaluate(tree[1], platform)
        value = platform.value(tree)
        if value is None:
            raise Failure("%s: the condition '%s' has '%s', which this script cannot evaluate; teach it "
                          "(scripts/check-apple-only.py, class Platform)" % (
                              self.where, self.text, tree[1] + ("(%s)" % tree[2] if kind == "call" else "")))
        return value


class Machine:
    """What `arch`, `compiler`, `swift` and `_endian` are on this machine, the same under both platforms."""

    def __init__(self):
        info = json.loads(run(["swiftc", "-print-target-info"]).stdout)
        self.arch = info["target"]["arch"]
        version = re.search(r"Swift version (\d+(?:\.\d+)*)", run(["swiftc", "--version"]).stdout)
        self.version = tuple(int(part) for part in version.group(1).split("."))

    def value(self, tree):
        if tree[0] != "call":
            return None
        name, argument = tree[1], tree[2]
        if name == "arch":
            return argument == self.arch
        if name == "_endian":
            return argument == "little"
        if name in ("compiler", "swift"):
            match = re.match(r"(>=|<)\s*(\d+(?:\.\d+)*)$", argument)
            if not match:
                return None
            wanted = tuple(int(part) for part in match.group(2).split("."))
            return (self.version >= wanted) == (match.group(1) == ">=")
        if name == "targetEnvironment":
            return False  # neither a simulator nor Mac Catalyst: a device build, as here
        return None


class Platform:
    """The truth of conditions on one platform: `apple` (with `variant`, the OS) or Linux, with `flags` (-D)."""

    def __init__(self, machine, flags, linux_imports, variant=None, own_modules=frozenset()):
        self.machine, self.flags, self.linux_imports = machine, frozenset(flags), linux_imports
        self.variant, self.own_modules = variant, own_modules

    def value(self, tree):
        if tree[0] == "name":
            return {"true": True, "false": False}.get(tree[1], tree[1] in self.flags)
        name, argument = tree[1], tree[2]
        if name == "canImport":
            if not re.match(r"\w+$", argument):
                return None
            if self.variant and argument not in self.own_modules:
                return APPLE_CAN_IMPORT.get(argument)
            return self.linux_imports.get(argument)
        if name == "os":
            return OS_NAMES.get(argument, argument) == (self.variant or "Linux")
        return self.machine.value(tree)

    def without(self, flags):
        return Platform(self.machine, self.flags - set(flags), self.linux_imports, self.variant, self.own_modules)


# MARK: - Sources

class Clause:
    """One `#if`, `#elseif` or `#else` of a file and the lines it governs."""

    def __init__(self, path, line, kind, condition, block, parent):
        self.path, self.line, self.kind, self.condition = path, line, kind, condition
        self.block, self.parent = block, parent  # the clauses of its `#if … #endif`, the clause around it

    def describe(self):
        if self.kind == "else":
            return "#else of #if " + self.block[0].condition.text
        return "#%s %s" % (self.kind, self.condition.text)


class SourceFile:
    """A Swift file's lines and its conditional clauses; `owner[i]` is the innermost clause around line i."""

    def __init__(self, path):
        self.path = path  # relative to ROOT
        with open(os.path.join(ROOT, path), encoding="utf-8") as file:
            self.lines = file.read().split("\n")
        self.clauses, self.owner, self.directives = [], [], {}
        stack = []  # open blocks: lists of clauses
        in_string, comment_depth = False, 0
        for number, line in enumerate(self.lines, 1):
            match = DIRECTIVE.match(line) if not in_string and comment_depth == 0 else None
            if match:
                kind, rest = match.group(2), match.group(3)
                where = "%s:%d" % (path, number)
                if kind == "if":
                    block = []
                    clause = Clause(path, number, kind, Condition(rest, where), block,
                                    stack[-1][-1] if stack else None)
                    block.append(clause)
                    stack.append(block)
                elif kind in ("elseif", "else"):
                    if not stack or stack[-1][-1].kind == "else":
                        raise Failure("%s: #%s without its #if" % (where, kind))
                    block = stack[-1]
                    clause = Clause(path, number, kind, Condition(rest, where) if kind == "elseif" else None, block,
                                    block[0].parent)
                    block.append(clause)
                else:
                    if not stack:
                        raise Failure("%s: #endif without its #if" % where)
                    clause = stack.pop()[0]
                if kind != "endif":
                    self.clauses.append(clause)
                self.directives[number - 1] = (kind, clause)
                self.owner.append(clause.parent)
                continue
            self.owner.append(stack[-1][-1] if stack else None)
            if '"""' in line or "/*" in line or "*/" in line:
                in_string, comment_depth = scan(line, in_string, comment_depth)
        if stack:
            raise Failure("%s:%d: #if without its #endif" % (path, stack[-1][0].line))

    def has_os_condition(self):
        return any(c.condition and "os(" in c.condition.text.replace("canImport(", "") for c in self.clauses)


def scan(line, in_string, depth):
    """Whether a multi-line string literal, and how many block comments, are open after `line`."""
    single = False
    for match in re.finditer(r'\\.|"""|"|/\*|\*/|//', line):
        token = match.group()
        if in_string:
            in_string = token != '"""'
        elif depth:
            depth += {"/*": 1, "*/": -1}.get(token, 0)
        elif single:
            single = token != '"'
        elif token == '"""':
            in_string = True
        elif token == '"':
            single = True
        elif token == "/*":
            depth = 1
        elif token == "//":
            break
    return in_string, depth


class Activity:
    """Which clauses of a set of files are taken on a platform: each block's first true clause, inside taken ones."""

    def __init__(self, files, platform):
        self.taken = {}
        for source in files:
            for clause in source.clauses:
                self.active(clause, platform)

    def active(self, clause, platform):
        key = id(clause)
        if key not in self.taken:
            taken = clause.parent is None or self.active(clause.parent, platform)
            if taken:
                for other in clause.block:
                    if other.kind == "else" or other.condition.value(platform):
                        taken = other is clause
                        break
                    if other is clause:
                        taken = False
                        break
            self.taken[key] = taken
        return self.taken[key]

    def __call__(self, clause):
        return clause is None or self.taken[id(clause)]


def copy_text(source, activity):
    """`source` with every condition its literal value on the platform and the code of clauses not taken blank."""
    lines = []
    for index, line in enumerate(source.lines):
        directive = source.directives.get(index)
        if directive:
            kind, clause = directive
            if not activity(clause.parent):
                lines.append("")
            elif kind in ("if", "elseif"):
                indent = DIRECTIVE.match(line).group(1)
                lines.append("%s#%s %s" % (indent, kind, "true" if activity(clause) else "false"))
            else:
                lines.append(line)
        else:
            lines.append(line if activity(source.owner[index]) else "")
    return "\n".join(lines)


# MARK: - Targets

class Module:
    """A module to check: its files (relative to ROOT), how SwiftPM compiles it, and where it stands."""

    def __init__(self, name, files, flags, package_name, kind, module_maps, linux_maps, extra, local_dependencies):
        self.name, self.files, self.flags, self.package_name = name, files, flags, package_name
        self.kind, self.extra, self.local_dependencies = kind, extra, local_dependencies
        # The module maps of the system libraries the copy reaches, and those the Linux build reaches.
        self.module_maps, self.linux_maps = module_maps, linux_maps


def run(command, **options):
    started = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, **options)
    if os.environ.get("APPLE_ONLY_TIMES"):
        print("%6.2f s  %s" % (time.monotonic() - started, " ".join(command)[:160]), file=sys.stderr)
    return result


def package_name(directory):
    """SwiftPM's `-package-name`: the package's identity (its directory's name, lower-cased) as an identifier."""
    name = re.sub(r"[^a-z0-9_]", "_", os.path.basename(os.path.abspath(directory)).lower())
    return "_" + name if name[:1].isdigit() else name


def swift_files(directory, excluded):
    found = []
    for path in sorted(glob.glob(os.path.join(directory, "**", "*.swift"), recursive=True)):
        relative = os.path.relpath(path, directory)
        if not any(relative == e or relative.startswith(e.rstrip("/") + "/") for e in excluded):
            found.append(os.path.relpath(path, ROOT))
    return found


def targets_of(directory, bin_path, root_dump=None):
    """The Swift modules of the package at `directory`, from `swift package dump-package`."""
    result = run(["swift", "package", "--package-path", directory, "dump-package"], cwd=ROOT)
    if result.returncode != 0:
        raise Failure("`swift package dump-package` failed for %s:\n%s" % (directory, result.stderr))
    dump = json.loads(result.stdout)
    targets = {t["name"]: t for t in dump["targets"]}
    products = {p["name"]: p["targets"] for p in dump.get("products", [])}
    if root_dump:
        products.update({p["name"]: p["targets"] for p in root_dump[0].get("products", [])})
    flags = ["SWIFT_PACKAGE", "DEBUG"]
    # The traits a build enables by default, with those they enable in turn, are `-D` flags of every target.
    traits = {t["name"]: t.get("enabledTraits", []) for t in dump.get("traits", [])}
    pending = list(traits.get("default", []))
    while pending:
        trait = pending.pop()
        if trait not in flags:
            flags.append(trait)
            pending += traits.get(trait, [])

    def dependencies(target):
        """(name, platforms or None, the package's own target?) of a target's dependencies."""
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            condition = value[-1] if isinstance(value[-1], dict) else None
            platforms = condition.get("platformNames") if condition else None
            if kind == "product":
                for name in products.get(value[0], []):
                    yield name, platforms, False
            else:
                yield value[0], platforms, value[0] in targets

    def module_maps(name, seen, platform_filter):
        """The module maps of the system libraries a module's compilation reaches."""
        maps = []
        target = targets.get(name) or (root_dump[1].get(name) if root_dump else None)
        if target is None or name in seen:
            return maps
        seen.add(name)
        base = directory if name in targets else ROOT
        if target["type"] == "system":
            path = os.path.join(base, target.get("path") or os.path.join("Sources", name), "module.modulemap")
            return [path]
        for dependency, platforms, _ in dependencies(target):
            if platform_filter(platforms):
                maps += module_maps(dependency, seen, lambda _: True)
        return maps

    modules = []
    for name, target in targets.items():
        if target["type"] not in ("regular", "executable", "test"):
            continue
        default = os.path.join("Tests" if target["type"] == "test" else "Sources", name)
        target_dir = os.path.join(directory, target.get("path") or default)
        excluded = list(target.get("exclude", [])) + [r["path"] for r in target.get("resources", [])]
        files = swift_files(target_dir, excluded)
        target_flags = list(flags)
        for setting in target.get("settings", []):
            kind = setting.get("kind", {})
            if setting.get("tool") == "swift" and "define" in kind:
                target_flags.append(next(iter(kind["define"].values())))
        extra = sorted(glob.glob(os.path.join(bin_path, name + ".build", "DerivedSources", "*.swift")))
        # Under Apple's conditions a dependency on Linux alone (CCurl) is gone; the Linux-built modules a copy
        # imports still reach theirs.
        apple_maps = []
        for dependency, platforms, _ in dependencies(target):
            if platforms is None or any(p in ("ios", "macos", "watchos") for p in platforms):
                apple_maps += module_maps(dependency, set(), lambda _: True)
        local = [d for d, _, own in dependencies(target) if own and targets[d]["type"] != "system"]
        modules.append(Module(name, files, target_flags, package_name(directory), target["type"],
                              sorted(set(apple_maps)), sorted(set(module_maps(name, set(), lambda _: True))), extra,
                              local))
    return modules, (dump, targets)


def fuzzers(core):
    """The fuzzers of Fuzz/Targets that Fuzz/run.sh compiles into I18nCore's module, as files to check with I18nCore's
    own: those with an Apple-only region, and the helpers (files without a libFuzzer entry point) they share. (The
    catalog fuzzer is compiled with StringCatalog's sources as well, which I18nCore's copy does not hold; it has no
    Apple-only region.)"""
    found = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Fuzz", "Targets", "*.swift"))):
        with open(path, encoding="utf-8") as file:
            entry = "LLVMFuzzerTestOneInput" in file.read()
        found.append((os.path.relpath(path, ROOT), entry))
    return found


# MARK: - Compiling

class Compiler:
    def __init__(self, modules_dir):
        self.modules_dir = modules_dir
        self.cache = os.path.join(SCRATCH, "ModuleCache")  # clang's and Swift's own, validated on every use
        self.stand_ins_dir = os.path.join(SCRATCH, "stand-ins")
        self.built = {}
        self.linux_imports = {}

    def base(self):
        return ["swiftc", "-swift-version", "6", "-module-cache-path", self.cache]

    def stand_in(self, name):
        """Builds stand-ins/<name>.swift into a module, once a run; True when there is one."""
        if name not in self.built:
            source = os.path.join(STAND_INS, name + ".swift")
            self.built[name] = os.path.exists(source)
            if self.built[name]:
                with open(source) as file:
                    for imported in IMPORT.findall(file.read()):
                        self.stand_in(imported)
                result = run(self.base() + ["-parse-as-library", "-emit-module", "-module-name", name,
                                            "-emit-module-path", os.path.join(self.stand_ins_dir, name + ".swiftmodule"),
                                            "-I", self.stand_ins_dir, source])
                if result.returncode != 0 or "warning:" in result.stderr:
                    raise Failure("the stand-in %s does not compile cleanly:\n%s" % (
                        os.path.relpath(source, ROOT), result.stderr))
        return self.built[name]

    def check(self, module, files, texts, platform, label, emit, emitted):
        """Writes the copy `texts` of `module`'s `files` and type-checks it (emitting its module when `emit`, for
        the copies that import it): (clean, diagnostics, the copy's directory)."""
        directory = os.path.join(SCRATCH, label, module.name)
        paths = []
        for source, text in zip(files, texts):
            path = os.path.join(directory, source.path)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            paths.append(path)
        imported = {name for text in texts for name in IMPORT.findall(text)}
        extra = list(module.extra)
        if "Foundation" in imported:
            extra.append(os.path.join(STAND_INS, "extensions", "Foundation.swift"))
        for name in sorted(imported):
            self.stand_in(name)
        command = self.base() + ["-module-name", module.name, "-package-name", module.package_name,
                                 "-warnings-as-errors", "-I", self.stand_ins_dir, "-I", self.modules_dir]
        command += [a for d in module.local_dependencies if d in emitted for a in ("-I", emitted[d])]
        command += ["-D" + flag for flag in sorted(platform.flags)]
        command += [a for m in module.module_maps for a in ("-Xcc", "-fmodule-map-file=" + m)]
        if module.kind == "test":
            command += ["-Xfrontend", "-enable-cross-import-overlays"]
        if not (module.kind == "executable" and any(os.path.basename(p) == "main.swift" for p in paths)):
            command.append("-parse-as-library")
        if emit:
            output = os.path.join(SCRATCH, label, "modules")
            os.makedirs(output, exist_ok=True)
            command += ["-emit-module", "-wmo", "-emit-module-path", os.path.join(output, module.name + ".swiftmodule")]
            emitted[module.name] = output
        else:
            command += ["-typecheck", "-wmo"]
        result = run(command + paths + extra, cwd=ROOT)
        diagnostics = result.stdout + result.stderr
        return result.returncode == 0 and "warning:" not in diagnostics, diagnostics, directory

    def can_import(self, names, module_maps):
        """What this toolchain can import with a module's module maps, as its compiler answers `canImport`."""
        key = tuple(module_maps)
        known = self.linux_imports.setdefault(key, {})
        missing = sorted(set(names) - set(known))
        if missing:
            probe = os.path.join(SCRATCH, "can-import.swift")
            with open(probe, "w") as file:
                for name in missing:
                    file.write('#if canImport(%s)\n#warning("can-import %s")\n#endif\n' % (name, name))
            result = run(self.base() + ["-typecheck", "-I", self.modules_dir, probe]
                         + [a for m in module_maps for a in ("-Xcc", "-fmodule-map-file=" + m)])
            found = set(re.findall(r"warning: can-import (\w+)", result.stderr))
            if result.returncode != 0:
                raise Failure("the canImport probe failed:\n" + result.stderr)
            for name in missing:
                known[name] = name in found
        return known


def main():
    arguments = sys.argv[1:]
    if arguments not in ([], ["--list"]):
        sys.exit(__doc__)
    started = time.monotonic()
    try:
        problems, regions, results = check()
    except Failure as failure:
        sys.exit("check-apple-only: %s" % failure)
    compiled = [(clause, variants) for clause, variants in regions
                if all(results.get((id(clause), v)) for v in variants)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if arguments == ["--list"]:
        for clause, variants in sorted(regions, key=lambda r: (r[0].path, r[0].line)):
            print("%s:%d: %s [%s]: %s" % (clause.path, clause.line, clause.describe(), ", ".join(variants),
                                          "compiled" if all(results.get((id(clause), v)) for v in variants)
                                          else "not compiled"))
    print("apple-only: %d regions in %d files, %d compiled" % (
        len(regions), len({clause.path for clause, _ in regions}), len(compiled)))
    print("check-apple-only: %.1f s" % (time.monotonic() - started), file=sys.stderr)
    sys.exit(0 if len(compiled) == len(regions) else 1)


def check():
    """(diagnostics, [(clause, variants where it is Apple-only)], {(id(clause), variant): compiled})."""
    build = run(BUILD, cwd=ROOT)
    if build.returncode != 0:
        raise Failure("`%s` failed:\n%s%s" % (" ".join(BUILD), build.stdout, build.stderr))
    bin_path = run(["swift", "build", "--show-bin-path"], cwd=ROOT).stdout.strip()
    modules_dir = os.path.join(bin_path, "Modules")
    if os.path.isdir(SCRATCH):
        for entry in os.listdir(SCRATCH):
            if entry != "ModuleCache":
                path = os.path.join(SCRATCH, entry)
                shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    os.makedirs(os.path.join(SCRATCH, "stand-ins"), exist_ok=True)
    machine = Machine()
    compiler = Compiler(modules_dir)
    root_modules, root_dump = targets_of(ROOT, bin_path)
    benchmark_modules, _ = targets_of(os.path.join(ROOT, "Benchmarks"), bin_path, root_dump)
    # A Swift module of these packages is built from the same manifests on an Apple platform: what a module can import
    # of them is what it can here. (Their system libraries are Linux's: APPLE_CAN_IMPORT.)
    own_modules = frozenset(m.name for m in root_modules + benchmark_modules)
    sources = {}

    def source(path):
        if path not in sources:
            sources[path] = SourceFile(path)
        return sources[path]

    problems, all_regions, results = [], [], {}
    emitted = {}  # a module other copies import (Benchmarks' WidgetKeysFile) -> the directory of its Apple copy's
    for module in root_modules + benchmark_modules:
        files = [source(path) for path in module.files]
        names = {call[2] for f in files for c in f.clauses if c.condition for call in calls(c.condition.tree)
                 if call[1] == "canImport"}
        candidates = [(source(path), entry) for path, entry in (fuzzers(module) if module.name == "I18nCore"
                                                                and module in root_modules else [])]
        names |= {call[2] for f, _ in candidates for c in f.clauses if c.condition
                  for call in calls(c.condition.tree) if call[1] == "canImport"}
        linux_imports = compiler.can_import(names, module.linux_maps)
        linux = Platform(machine, module.flags, linux_imports)
        variants = VARIANTS if any(f.has_os_condition() for f in files + [f for f, _ in candidates]) else VARIANTS[:1]
        apple = {v: Platform(machine, module.flags, linux_imports, v, own_modules) for v in variants}

        def apple_only(files):
            linux_activity = Activity(files, linux)
            activity = {v: Activity(files, apple[v]) for v in variants}
            found = {}
            for f in files:
                for clause in f.clauses:
                    for v in variants:
                        if activity[v](clause) and not linux_activity(clause):
                            found.setdefault(id(clause), (clause, []))[1].append(v)
            return found

        if candidates:
            checked = [f for f, entry in candidates if apple_only([f])]
            if checked:
                files += checked + [f for f, entry in candidates if not entry and f not in checked]
        regions = apple_only(files)
        needed_by_others = any(module.name in m.local_dependencies for m in benchmark_modules)
        if not regions and not needed_by_others:
            continue
        # Without an `os()` condition every Apple platform compiles the same code: one copy stands for the three.
        all_regions += [(clause, vs if len(variants) > 1 else list(VARIANTS)) for clause, vs in regions.values()]
        # One copy per distinct text: the platforms whose conditions give the same code share it.
        copies = {}
        for v in variants:
            platform = apple[v]
            activity = Activity(files, platform)
            dropped = platform.without(DROPPABLE_FLAGS & platform.flags)
            if dropped.flags != platform.flags:
                lighter = Activity(files, dropped)
                if all(lighter(clause) for clause, vs in regions.values() if v in vs):
                    platform, activity = dropped, lighter
            texts = tuple(copy_text(f, activity) for f in files)
            digest = hashlib.sha256("\0".join(texts).encode()).hexdigest()
            copies.setdefault(digest, (texts, platform, activity, []))[3].append(v)
        for texts, platform, activity, group in copies.values():
            label = "+".join(group) if len(variants) > 1 else "apple"
            ok, diagnostics, directory = compiler.check(module, files, texts, platform, label, needed_by_others,
                                                        emitted)
            for clause, vs in regions.values():
                for v in set(vs) & set(group):
                    # A region in a block the copy leaves out (a dropped flag's) is not compiled by it.
                    results[(id(clause), v)] = ok and activity(clause)
            for v in group if len(variants) > 1 else VARIANTS:
                for clause, vs in regions.values():
                    if len(variants) == 1:
                        results[(id(clause), v)] = results[(id(clause), VARIANTS[0])]
            if not ok:
                problems.append("error: the Apple copy of %s (%s) does not type-check cleanly:\n%s" % (
                    module.name, ", ".join(group) if len(variants) > 1 else "every platform",
                    diagnostics.replace(directory + os.sep, "").rstrip()))
    return problems, all_regions, results


def calls(tree):
    if tree[0] in ("or", "and"):
        for term in tree[1]:
            yield from calls(term)
    elif tree[0] == "not":
        yield from calls(tree[1])
    else:
        yield tree if tree[0] == "call" else ("name", tree[1], None)


if __name__ == "__main__":
    main()
