#!/usr/bin/env python3
"""Type-checks every Apple-only `#if` region of the package on Linux, against stand-ins of Apple's modules; exit 1
unless every one type-checks.

Usage: scripts/check-apple-only.py [--list]

The package is built and tested on Linux only, so the code under a condition that only an Apple SDK meets
(`#if canImport(Darwin)`, the `#else` of `#if canImport(FoundationEssentials)` or of `#if canImport(CCurl)`,
`#if os(watchOS)`) is compiled by nothing here. This script compiles it:

1. It builds the modules the copies below are checked against, with the command scripts/test.sh runs before it
   (so a no-op there): `swift build --build-tests -Xswiftc -warnings-as-errors`.
2. It reads the targets of Package.swift and Benchmarks/Package.swift (`swift package dump-package`) and the
   `#if`/`#elseif`/`#else`/`#endif` clauses of their Swift files, and of Fuzz/Targets' (see `fuzzers`).
3. A region, the code of one clause, is Apple-only when an Apple platform compiles it and this machine does not.
   On an Apple platform `canImport` is `APPLE_CAN_IMPORT` below, `os()` is iOS, macOS or watchOS, and a Swift module
   of these packages is importable as it is here; on this machine, `canImport` is what the compiler answers with
   the target's module maps, and `os(Linux)` holds. `arch()`, `compiler()`, `swift()` are this machine's, and the
   `-D` flags (SWIFT_PACKAGE, DEBUG, the default traits such as `AllLocaleData`) the normal build's, on both.
4. Each module with an Apple-only region is copied to .build/apple-only/ with every condition replaced by its Apple
   value (`#if canImport(Darwin)` becomes `#if true`) and the lines of clauses not taken left blank, so that every
   line keeps its number and the compiler's diagnostics, printed with the original paths, point at the real file.
   The copy is type-checked alone (`swiftc -typecheck -wmo`, warnings as errors as in the build; `-emit-module` for
   Benchmarks' WidgetKeysFile, which the benchmarks' copies import) against the modules of step 1 and the
   stand-ins of scripts/docs/stand-ins/: `os`, `Darwin`, `CryptoKit`… are modules of Apple's signatures, built
   afresh each run, and extensions/Foundation.swift, the members of Apple's Foundation that
   swift-corelibs-foundation lacks, is the module `FoundationStandIns`, which every copy that imports Foundation and
   every stand-in import implicitly (`-import-module`): one declaration of each, which the stand-ins' API names. A
   module with an `os()` condition is checked once per platform whose copy differs (iOS, macOS, watchOS), any other
   once for the three. `AllLocaleData` (20 MB of generated tables) is left out of a copy in which no Apple-only
   region needs it, and a region it would leave out would not count as compiled.

It prints the diagnostics of the copies that do not type-check cleanly, then one line,
`apple-only: N regions in M files, K compiled`, K counting the regions of copies that type-checked; with `--list`,
each region before it (`file:line: clause [platforms]: compiled|not compiled`). Nothing is kept between runs but
the compiler's own module cache, which validates itself.

A region that needs an Apple declaration missing here fails with the compiler's "cannot find" or "no such module":
add the declaration to its module's stand-in (scripts/docs/stand-ins/<Module>.swift), as Apple's documentation
gives it, with the address of that page.
"""
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, ".build", "apple-only")
STAND_INS = os.path.join(ROOT, "scripts", "docs", "stand-ins")
FOUNDATION_STAND_INS = ["-Xfrontend", "-import-module", "-Xfrontend", "FoundationStandIns"]
BUILD = ["swift", "build", "--build-tests", "-Xswiftc", "-warnings-as-errors"]
VARIANTS = ("iOS", "macOS", "watchOS")
MANIFEST_PLATFORMS = {"ios", "macos", "watchos"}
# `canImport` on an Apple SDK (iOS, macOS and watchOS alike). A condition on a module not named here stops the
# check until it is added. FoundationEssentials is swift-foundation's module, which Apple's SDKs do not expose (their
# Foundation holds it); the C shims of this package's system libraries (CCurl, CCrypto, CPangoCairo) are Linux's.
# FoundationNetworking is not on Apple's SDKs either, yet stays true in the copies: there URLSession is Foundation's
# own, here it is FoundationNetworking's, so the copy that imports it where it exists keeps the URLSession that the
# Apple code uses.
APPLE_CAN_IMPORT = {
    "Darwin": True, "os": True, "Foundation": True, "Dispatch": True, "CryptoKit": True, "WidgetKit": True,
    "ActivityKit": True, "SwiftUI": True, "AppIntents": True, "UIKit": True, "AppKit": True, "Security": True,
    "Network": True, "FoundationNetworking": True,
    "Glibc": False, "Musl": False, "Android": False, "Bionic": False, "WinSDK": False, "WASILibc": False,
    "CCurl": False, "CCrypto": False, "CPangoCairo": False, "FoundationEssentials": False,
}
# `-D` flags a copy may leave out where no Apple-only region depends on them: it only makes the copy slower.
DROPPABLE_FLAGS = {"AllLocaleData"}
DIRECTIVE = re.compile(r"^(\s*)#(if|elseif|else|endif)\b(.*)$")
IMPORT = re.compile(
    r"^[ \t]*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)",
    re.M)


class Failure(Exception):
    pass


def run(command, **options):
    return subprocess.run(command, capture_output=True, text=True, **options)


# MARK: - Conditions

class Condition:
    """An `#if` condition: `||`, `&&`, `!`, parentheses, `name(argument)` and bare names (flags, `true`, `false`)."""

    TOKEN = re.compile(r"\s*(\|\||&&|!|\(|\)|[A-Za-z_]\w*)")

    def __init__(self, text, where):
        self.text = re.sub(r"\s+", " ", re.sub(r"//.*|/\*.*?\*/", "", text)).strip()
        self.where, self.position = where, 0
        self.tree = self.disjunction()
        if self.position != len(self.text):
            raise self.unreadable()

    def unreadable(self):
        return Failure("%s: cannot read the condition '%s'" % (self.where, self.text))

    def token(self, consume=True):
        match = self.TOKEN.match(self.text, self.position)
        if match and consume:
            self.position = match.end()
        return match.group(1) if match else None

    def disjunction(self):
        terms = [self.conjunction()]
        while self.token(consume=False) == "||":
            self.token()
            terms.append(self.conjunction())
        return ("or", terms) if len(terms) > 1 else terms[0]

    def conjunction(self):
        terms = [self.unary()]
        while self.token(consume=False) == "&&":
            self.token()
            terms.append(self.unary())
        return ("and", terms) if len(terms) > 1 else terms[0]

    def unary(self):
        token = self.token()
        if token == "!":
            return ("not", self.unary())
        if token == "(":
            tree = self.disjunction()
            if self.token() != ")":
                raise self.unreadable()
            return tree
        if token is None or not re.match(r"[A-Za-z_]", token):
            raise self.unreadable()
        if self.text.startswith("(", self.position):
            end = self.text.find(")", self.position)
            if end < 0:
                raise self.unreadable()
            argument = self.text[self.position + 1:end].strip()
            self.position = end + 1
            return ("call", token, argument)
        return ("name", token)

    def calls(self, name, tree=None):
        """The arguments of the calls of `name` (`canImport`, `os`) in the condition."""
        tree = tree or self.tree
        if tree[0] in ("or", "and"):
            return [a for term in tree[1] for a in self.calls(name, term)]
        if tree[0] == "not":
            return self.calls(name, tree[1])
        return [tree[2]] if tree[0] == "call" and tree[1] == name else []

    def value(self, platform, tree=None):
        tree = tree or self.tree
        if tree[0] == "or":
            return any(self.value(platform, term) for term in tree[1])
        if tree[0] == "and":
            return all(self.value(platform, term) for term in tree[1])
        if tree[0] == "not":
            return not self.value(platform, tree[1])
        value = platform.value(tree)
        if value is None:
            raise Failure("%s: the condition '%s' has %s, which this script cannot evaluate; add it to "
                          "scripts/check-apple-only.py (APPLE_CAN_IMPORT, Platform or Machine)" % (
                              self.where, self.text, "%s(%s)" % tree[1:] if tree[0] == "call" else tree[1]))
        return value


class Machine:
    """What `arch`, `compiler`, `swift`, `_endian` and `targetEnvironment` are: this machine's, on both sides."""

    def __init__(self):
        self.arch = json.loads(run(["swiftc", "-print-target-info"]).stdout)["target"]["arch"]
        version = re.search(r"Swift version (\d+(?:\.\d+)*)", run(["swiftc", "--version"]).stdout)
        # Swift 6 mode on a 6.x compiler: `swift()` compares with the compiler's version, as `compiler()` does.
        self.version = tuple(int(part) for part in version.group(1).split("."))

    def value(self, tree):
        if tree[0] != "call":
            return None
        name, argument = tree[1], tree[2]
        if name == "arch":
            return argument == self.arch
        if name == "_endian":
            return argument == "little"
        if name == "targetEnvironment":
            return False  # a device build, as here: neither a simulator nor Mac Catalyst
        if name in ("compiler", "swift"):
            match = re.match(r"(>=|<)\s*(\d+(?:\.\d+)*)$", argument)
            if match:
                wanted = tuple(int(part) for part in match.group(2).split("."))
                return (self.version >= wanted) == (match.group(1) == ">=")
        return None


class Platform:
    """The values of conditions on this machine (`variant` None) or on an Apple one, for a module's `-D` flags."""

    def __init__(self, machine, flags, linux_imports, variant=None, own_modules=frozenset()):
        self.machine, self.flags, self.linux_imports = machine, frozenset(flags), linux_imports
        self.variant, self.own_modules = variant, own_modules

    def value(self, tree):
        if tree[0] == "name":
            return {"true": True, "false": False}.get(tree[1], tree[1] in self.flags)
        name, argument = tree[1], tree[2]
        if name == "canImport":
            if not re.match(r"\w+$", argument):
                return None  # `_version:` and `_underlyingVersion:` are not read
            if self.variant and argument not in self.own_modules:
                return APPLE_CAN_IMPORT.get(argument)
            return self.linux_imports.get(argument)
        if name == "os":
            return {"OSX": "macOS"}.get(argument, argument) == (self.variant or "Linux")
        return self.machine.value(tree)

    def without(self, flags):
        return Platform(self.machine, self.flags - set(flags), self.linux_imports, self.variant, self.own_modules)


# MARK: - Sources

class Clause:
    """One `#if`, `#elseif` or `#else` of a file, which governs the lines up to the next clause of its block."""

    def __init__(self, path, line, kind, condition, block, parent):
        self.path, self.line, self.kind, self.condition = path, line, kind, condition
        self.block, self.parent = block, parent  # the clauses of its `#if … #endif`; the clause around it, or None

    def describe(self):
        if self.kind == "else":
            return "#else of #if " + self.block[0].condition.text
        return "#%s %s" % (self.kind, self.condition.text)


class SourceFile:
    """A Swift file's lines, its clauses, and for each line the innermost clause around it (`owner`)."""

    def __init__(self, path):
        self.path = path  # relative to ROOT
        with open(os.path.join(ROOT, path), encoding="utf-8") as file:
            self.lines = file.read().split("\n")
        self.clauses, self.owner, self.directives = [], [], {}
        stack = []  # the open blocks, each a list of clauses
        in_string, comment_depth = False, 0
        for number, line in enumerate(self.lines, 1):
            match = DIRECTIVE.match(line) if not in_string and comment_depth == 0 else None
            if not match:
                self.owner.append(stack[-1][-1] if stack else None)
                if '"""' in line or "/*" in line or "*/" in line:
                    in_string, comment_depth = scan(line, in_string, comment_depth)
                continue
            kind, rest = match.group(2), match.group(3)
            where = "%s:%d" % (path, number)
            if kind == "if":
                block = []
                clause = Clause(path, number, kind, Condition(rest, where), block, stack[-1][-1] if stack else None)
                block.append(clause)
                stack.append(block)
            elif kind == "endif":
                if not stack:
                    raise Failure("%s: #endif without its #if" % where)
                clause = stack.pop()[0]
            else:
                if not stack or stack[-1][-1].kind == "else":
                    raise Failure("%s: #%s without its #if" % (where, kind))
                block = stack[-1]
                clause = Clause(path, number, kind, Condition(rest, where) if kind == "elseif" else None, block,
                                block[0].parent)
                block.append(clause)
            if kind != "endif":
                self.clauses.append(clause)
            self.directives[number - 1] = (kind, clause)
            self.owner.append(clause.parent)
        if stack:
            raise Failure("%s:%d: #if without its #endif" % (path, stack[-1][0].line))

    def calls(self, name):
        return {a for clause in self.clauses if clause.condition for a in clause.condition.calls(name)}


def scan(line, in_string, depth):
    """Whether a multi-line string literal is open after `line`, and how many block comments."""
    single = False
    for match in re.finditer(r'\\.|"""|"|/\*|\*/|//', line):
        token = match.group()
        if in_string:
            in_string = token != '"""'
        elif depth:
            depth += {"/*": 1, "*/": -1}.get(token, 0)
        elif single:
            single = token != '"'
        elif token == "//":
            break
        else:
            in_string, single, depth = token == '"""', token == '"', 1 if token == "/*" else 0
    return in_string, depth


class Activity:
    """Which clauses of some files a platform takes: in each block the first whose condition holds, inside taken
    clauses. Called with a clause (None for a file's top level), says whether its lines are compiled."""

    def __init__(self, files, platform):
        self.platform, self.taken = platform, {}
        for source in files:
            for clause in source.clauses:
                self(clause)

    def __call__(self, clause):
        if clause is None:
            return True
        if id(clause) not in self.taken:
            taken = self(clause.parent)
            if taken:
                for other in clause.block:
                    if other.kind == "else" or other.condition.value(self.platform):
                        taken = other is clause
                        break
                    if other is clause:
                        taken = False
                        break
            self.taken[id(clause)] = taken
        return self.taken[id(clause)]


def copy_text(source, activity):
    """`source` with each condition the literal value it has for `activity`, and the lines not compiled blank."""
    lines = []
    for index, line in enumerate(source.lines):
        directive = source.directives.get(index)
        if not directive:
            lines.append(line if activity(source.owner[index]) else "")
            continue
        kind, clause = directive
        if not activity(clause.parent):
            lines.append("")
        elif kind in ("if", "elseif"):
            lines.append("%s#%s %s" % (DIRECTIVE.match(line).group(1), kind, "true" if activity(clause) else "false"))
        else:
            lines.append(line)
    return "\n".join(lines)


# MARK: - Modules

class Module:
    """A module to check: its files (relative to ROOT) and how SwiftPM compiles it."""

    def __init__(self, name, kind, files, flags, package_name, **more):
        self.name, self.kind, self.files, self.flags, self.package_name = name, kind, files, flags, package_name
        self.extra = more.get("extra", [])  # generated sources (a test target's resource accessor)
        self.local_dependencies = more.get("local_dependencies", [])  # modules of this script's copies
        # The module maps of the system libraries the Apple copy reaches, and those the Linux build does.
        self.apple_maps, self.linux_maps = more.get("apple_maps", []), more.get("linux_maps", [])


def package_name(directory):
    """SwiftPM's `-package-name`: the package's identity (its directory's name, lower-cased) as an identifier."""
    name = re.sub(r"\W", "_", os.path.basename(os.path.abspath(directory)).lower(), flags=re.A)
    return "_" + name if name[:1].isdigit() else name


def modules_of(directory, bin_path, root=None):
    """The Swift targets of the package at `directory` as modules, and its targets and products by name (`root`:
    the root package's, whose products and system libraries a package beside it uses)."""
    result = run(["swift", "package", "--package-path", directory, "dump-package"], cwd=ROOT)
    if result.returncode != 0:
        raise Failure("`swift package dump-package` failed for %s:\n%s" % (directory, result.stderr))
    dump = json.loads(result.stdout)
    targets = {t["name"]: dict(t, directory=directory) for t in dump["targets"]}
    products = {p["name"]: p["targets"] for p in dump.get("products", [])}
    if root:
        targets, products = dict(root[0], **targets), dict(root[1], **products)
    # SwiftPM's own conditions, and the traits a build enables by default with those they enable in turn.
    flags = ["SWIFT_PACKAGE", "DEBUG"]
    traits = {t["name"]: t.get("enabledTraits", []) for t in dump.get("traits", [])}
    pending = list(traits.get("default", []))
    while pending:
        trait = pending.pop()
        if trait not in flags:
            flags.append(trait)
            pending += traits.get(trait, [])

    def dependencies(target):
        """(target name, its platforms or None for all) of each dependency of `target`."""
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            condition = next((v for v in value if isinstance(v, dict)), None) or {}
            platforms = condition.get("platformNames")
            for name in products.get(value[0], []) if kind == "product" else [value[0]]:
                yield name, platforms

    def linux_maps(name, seen):
        """The module maps of the system libraries that compiling `name` on Linux reaches."""
        target = targets.get(name)
        if target is None or name in seen:
            return []
        seen.add(name)
        if target["type"] == "system":
            path = target.get("path") or os.path.join("Sources", name)
            return [os.path.join(target["directory"], path, "module.modulemap")]
        return [m for d, platforms in dependencies(target) if platforms is None or "linux" in platforms
                for m in linux_maps(d, seen)]

    modules = []
    for name, target in targets.items():
        if target["directory"] != directory or target["type"] not in ("regular", "executable", "test"):
            continue
        path = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", name)
        excluded = [os.path.join(directory, path, p) for p in target.get("exclude", [])] + [
            os.path.join(directory, path, r["path"]) for r in target.get("resources", [])]
        files = [os.path.relpath(f, ROOT) for f in sorted(glob.glob(os.path.join(directory, path, "**", "*.swift"),
                                                                    recursive=True))
                 if not any(f == e or f.startswith(e + os.sep) for e in excluded)]
        defines = [next(iter(s["kind"]["define"].values())) for s in target.get("settings", [])
                   if s.get("tool") == "swift" and "define" in s.get("kind", {})]
        # A dependency on Linux alone (CCurl) is gone on an Apple platform; the Linux-built modules that a copy
        # imports still reach their own system libraries.
        apple_maps = [m for d, platforms in dependencies(target)
                      if platforms is None or MANIFEST_PLATFORMS & set(platforms) for m in linux_maps(d, set())]
        extra = sorted(glob.glob(os.path.join(bin_path, name + ".build", "DerivedSources", "*.swift"))) \
            if directory == ROOT else []
        local = [d for d, _ in dependencies(target)
                 if targets.get(d, {}).get("directory") == directory and targets[d]["type"] != "system"]
        modules.append(Module(name, target["type"], files, flags + defines, package_name(directory),
                              extra=extra, local_dependencies=local, apple_maps=sorted(set(apple_maps)),
                              linux_maps=sorted(set(linux_maps(name, set())))))
    return modules, (targets, products)


# The fuzzers checked in another module's copy than I18nCore's: the one whose formatter is that module's.
FUZZER_MODULES = {"Fuzz/Targets/MessageFormat2Fuzzer.swift": "MessageFormat2"}


def fuzzers(module):
    """Fuzz/run.sh compiles the fuzzers into one module with I18nCore's sources (and LocaleData's, which a copy of
    I18nCore imports instead), so they are checked in I18nCore's copy: those with an Apple-only region, with the
    helpers (files without a libFuzzer entry point) they share; the MessageFormat 2 fuzzer in MessageFormat2's
    copy, which imports I18nCore as the fuzzer does (run.sh drops those imports). The catalog fuzzer needs
    StringCatalog's sources too, which no copy holds; it is left out while it has no Apple-only region.
    (path, has an entry point) of `module`'s."""
    found = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Fuzz", "Targets", "*.swift"))):
        relative = os.path.relpath(path, ROOT)
        if FUZZER_MODULES.get(relative, "I18nCore") != module:
            continue
        with open(path, encoding="utf-8") as file:
            found.append((relative, "LLVMFuzzerTestOneInput" in file.read()))
    return found


# MARK: - Compiling

class Compiler:
    def __init__(self, modules_dir):
        self.modules_dir = modules_dir
        self.stand_ins = os.path.join(SCRATCH, "stand-ins")
        self.built = {}
        self.linux_imports = {}

    def swiftc(self):
        # The compiler's own module cache, which checks what it holds against its inputs on every use.
        return ["swiftc", "-swift-version", "6", "-module-cache-path", os.path.join(SCRATCH, "ModuleCache")]

    def stand_in(self, name):
        """Builds scripts/docs/stand-ins/<name>.swift into a module of that name, once a run; `FoundationStandIns`
        from extensions/Foundation.swift, which the others import implicitly."""
        if name not in self.built:
            foundation = name == "FoundationStandIns"
            source = os.path.join(STAND_INS, "extensions", "Foundation.swift") if foundation else \
                os.path.join(STAND_INS, name + ".swift")
            self.built[name] = os.path.exists(source)
            if self.built[name]:
                if not foundation:
                    self.stand_in("FoundationStandIns")
                with open(source, encoding="utf-8") as file:
                    for imported in IMPORT.findall(file.read()):
                        self.stand_in(imported)
                result = run(self.swiftc() + [
                    "-parse-as-library", "-emit-module", "-module-name", name, "-I", self.stand_ins]
                    + ([] if foundation else FOUNDATION_STAND_INS) + [
                    "-emit-module-path", os.path.join(self.stand_ins, name + ".swiftmodule"), source])
                if result.returncode != 0 or "warning:" in result.stderr:
                    raise Failure("the stand-in %s does not compile cleanly:\n%s" % (
                        os.path.relpath(source, ROOT), result.stderr))

    def can_import(self, names, module_maps):
        """Whether this machine's compiler can import each of `names` with `module_maps`, as `canImport` says."""
        known = self.linux_imports.setdefault(tuple(module_maps), {})
        missing = sorted(set(names) - set(known))
        if missing:
            probe = os.path.join(SCRATCH, "can-import.swift")
            with open(probe, "w", encoding="utf-8") as file:
                file.writelines('#if canImport(%s)\n#warning("can-import %s")\n#endif\n' % (n, n) for n in missing)
            result = run(self.swiftc() + ["-typecheck", "-I", self.modules_dir, probe]
                         + [a for m in module_maps for a in ("-Xcc", "-fmodule-map-file=" + m)])
            if result.returncode != 0:
                raise Failure("the canImport probe does not compile:\n" + result.stderr)
            found = set(re.findall(r"warning: can-import (\w+)", result.stderr))
            known.update((name, name in found) for name in missing)
        return known

    def check(self, module, files, texts, flags, label, emitted):
        """Writes the copy `texts` of `module`'s `files` under .build/apple-only/<label>/ and type-checks it, emitting
        its module for the copies that import it when `emitted` asks for it: (clean, diagnostics, its directory)."""
        directory = os.path.join(SCRATCH, label, module.name)
        paths = []
        for source, text in zip(files, texts):
            path = os.path.join(directory, source.path)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            paths.append(path)
        imported = {name for text in texts for name in IMPORT.findall(text)}
        for name in sorted(imported):
            self.stand_in(name)
        extra = module.extra
        command = self.swiftc() + [
            "-module-name", module.name, "-package-name", module.package_name, "-warnings-as-errors",
            "-I", self.stand_ins, "-I", self.modules_dir]
        if "Foundation" in imported:
            self.stand_in("FoundationStandIns")
            command += FOUNDATION_STAND_INS
        for dependency in module.local_dependencies:
            # Its copy for the same platforms, else its only one.
            found = [path for (name, its), path in emitted.items() if name == dependency and its in (label, "Apple")]
            command += ["-I", found[0]] if found else []
        command += ["-D" + flag for flag in sorted(flags)]
        command += [a for m in module.apple_maps for a in ("-Xcc", "-fmodule-map-file=" + m)]
        if module.kind == "test":
            command += ["-Xfrontend", "-enable-cross-import-overlays"]
        if module.kind != "executable" or all(os.path.basename(p) != "main.swift" for p in paths):
            command.append("-parse-as-library")
        if (module.name, label) in emitted:
            os.makedirs(emitted[(module.name, label)], exist_ok=True)
            command += ["-wmo", "-emit-module", "-emit-module-path",
                        os.path.join(emitted[(module.name, label)], module.name + ".swiftmodule")]
        else:
            command += ["-wmo", "-typecheck"]
        result = run(command + paths + extra, cwd=ROOT)
        diagnostics = result.stdout + result.stderr
        return result.returncode == 0 and "warning:" not in diagnostics, diagnostics, directory


def check():
    """The diagnostics of the copies that failed, and each Apple-only region with its platforms and whether it
    compiled: ([str], [(clause, [variant], compiled)])."""
    build = run(BUILD, cwd=ROOT)
    if build.returncode != 0:
        raise Failure("`%s` failed:\n%s%s" % (" ".join(BUILD), build.stdout, build.stderr))
    bin_path = run(["swift", "build", "--show-bin-path"], cwd=ROOT).stdout.strip()
    if os.path.isdir(SCRATCH):
        for entry in os.listdir(SCRATCH):
            if entry != "ModuleCache":
                path = os.path.join(SCRATCH, entry)
                shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    os.makedirs(os.path.join(SCRATCH, "stand-ins"), exist_ok=True)
    machine, compiler = Machine(), Compiler(os.path.join(bin_path, "Modules"))
    root_modules, root = modules_of(ROOT, bin_path)
    benchmark_modules, _ = modules_of(os.path.join(ROOT, "Benchmarks"), bin_path, root)
    # Each package's modules after those of its own that they import (Benchmarks' WidgetKeysFile first).
    ordered, pending = [], root_modules + benchmark_modules
    while pending:
        ready = [m for m in pending if not set(m.local_dependencies) - {o.name for o in ordered}] or pending[:1]
        ordered += ready
        pending = [m for m in pending if m not in ready]
    imported_by_copies = {d for m in benchmark_modules for d in m.local_dependencies}
    own_modules = frozenset(m.name for m in root_modules + benchmark_modules)
    sources, checked_paths = {}, set()

    def source(path):
        if path not in sources:
            sources[path] = SourceFile(path)
        return sources[path]

    problems, regions, emitted = [], [], {}
    for module in ordered:
        if not module.files:
            continue  # a C target (the benchmarks' AllocationCounter): no Swift to copy
        files = [source(path) for path in module.files]
        candidates = [(source(p), entry) for p, entry in fuzzers(module.name)] if module in root_modules else []
        every = files + [f for f, _ in candidates]
        linux_imports = compiler.can_import({n for f in every for n in f.calls("canImport")}, module.linux_maps)
        linux = Platform(machine, module.flags, linux_imports)
        # Without an `os()` condition every Apple platform compiles the same code: iOS stands for the three.
        variants = VARIANTS if any(f.calls("os") for f in every) else VARIANTS[:1]
        apple = {v: Platform(machine, module.flags, linux_imports, v, own_modules) for v in variants}

        def apple_only(files):
            """{id: (clause, [variants])} of the clauses some Apple platform takes and this machine does not."""
            on_linux, found = Activity(files, linux), {}
            on_apple = {v: Activity(files, apple[v]) for v in variants}
            for f in files:
                for clause in f.clauses:
                    for v in variants:
                        if on_apple[v](clause) and not on_linux(clause):
                            found.setdefault(id(clause), (clause, []))[1].append(v)
            return found

        checked = [f for f, _ in candidates if apple_only([f])]
        if checked:
            files += checked + [f for f, entry in candidates if not entry and f not in checked]
        checked_paths.update(f.path for f in files)
        found = apple_only(files)
        if not found and module.name not in imported_by_copies:
            continue
        # One copy per distinct text: the platforms whose conditions give the same code share it.
        copies = {}
        for v in variants:
            platform, activity = apple[v], Activity(files, apple[v])
            lighter = platform.without(DROPPABLE_FLAGS)
            if lighter.flags != platform.flags:
                lighter_activity = Activity(files, lighter)
                if all(lighter_activity(clause) for clause, vs in found.values() if v in vs):
                    platform, activity = lighter, lighter_activity
            texts = [copy_text(f, activity) for f in files]
            digest = hashlib.sha256("\0".join(texts).encode()).hexdigest()
            copies.setdefault(digest, (texts, platform, activity, []))[3].append(v)
        compiled = {key: True for key in found}
        for texts, platform, activity, group in copies.values():
            label = "+".join(group) if len(variants) > 1 else "Apple"
            if module.name in imported_by_copies:
                emitted[(module.name, label)] = os.path.join(SCRATCH, label, "Modules")
            clean, diagnostics, directory = compiler.check(module, files, texts, platform.flags, label, emitted)
            for key, (clause, vs) in found.items():
                if set(vs) & set(group):
                    # A region of a block the copy leaves out (a dropped flag's) is not compiled by it.
                    compiled[key] = compiled[key] and clean and activity(clause)
            if not clean:
                problems.append(
                    "error: the Apple copy of %s (%s) does not type-check cleanly; fix the code, or declare what "
                    "Apple's SDK has and Linux lacks in its stand-in (scripts/docs/stand-ins/):\n%s" % (
                        module.name, ", ".join(group) if len(variants) > 1 else "every platform",
                        diagnostics.replace(directory + os.sep, "").rstrip()))
        regions += [(clause, vs if len(variants) > 1 else list(VARIANTS), compiled[key])
                    for key, (clause, vs) in found.items()]
    # A file of Sources/, Tests/, Benchmarks/Sources/ or Fuzz/Targets/ in none of the copies above: its Apple-only
    # regions count, as not compiled.
    for pattern in ("Sources/**/*.swift", "Tests/**/*.swift", "Benchmarks/Sources/**/*.swift", "Fuzz/Targets/*.swift"):
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            orphan = source(os.path.relpath(path, ROOT))
            if orphan.path in checked_paths or not orphan.clauses:
                continue
            flags = root_modules[0].flags if root_modules else []
            imports = compiler.can_import(orphan.calls("canImport"), [])
            on_linux = Activity([orphan], Platform(machine, flags, imports))
            on_apple = [Activity([orphan], Platform(machine, flags, imports, v, own_modules)) for v in VARIANTS]
            for clause in orphan.clauses:
                variants = [v for v, activity in zip(VARIANTS, on_apple) if activity(clause) and not on_linux(clause)]
                if variants:
                    regions.append((clause, variants, False))
            if any(clause.path == orphan.path for clause, _, _ in regions):
                problems.append("error: %s has Apple-only regions but is in no module this script checks; add "
                                "its module to scripts/check-apple-only.py" % orphan.path)
    return problems, regions


def main():
    arguments = sys.argv[1:]
    if arguments not in ([], ["--list"]):
        sys.exit(__doc__)
    try:
        problems, regions = check()
    except Failure as failure:
        sys.exit("check-apple-only: %s" % failure)
    for problem in problems:
        print(problem, file=sys.stderr)
    if arguments == ["--list"]:
        for clause, variants, compiled in sorted(regions, key=lambda r: (r[0].path, r[0].line)):
            print("%s:%d: %s [%s]: %s" % (clause.path, clause.line, clause.describe(), ", ".join(variants),
                                          "compiled" if compiled else "not compiled"))
    compiled = sum(1 for _, _, ok in regions if ok)
    print("apple-only: %d regions in %d files, %d compiled" % (
        len(regions), len({clause.path for clause, _, _ in regions}), compiled))
    sys.exit(0 if compiled == len(regions) else 1)


if __name__ == "__main__":
    main()
