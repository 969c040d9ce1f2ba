#!/usr/bin/env python3
"""Type-checks the Swift code of the DocC catalogs and of Markdown pages against the built modules; exit 1 when
any fails.

Usage: scripts/docs/check-code.py MODULES-DIR CATALOG-OR-PAGE-OR-SWIFT-FILE...

(MODULES-DIR: `$(swift build --show-bin-path)/Modules`, after `swift build`.)

Every ```swift block of an article, landing page or Markdown page (README.md) is code a reader may paste: the
blocks of one page are joined in order into one file (a later block may use what an earlier one declared)
and type-checked as a main file, so top-level `try` and `await` are fine. A block that starts with
`// Package.swift` is a manifest excerpt and is skipped.

Apple frameworks do not exist here. stand-ins/ beside this script declares, with Apple's signatures and the
addresses of their pages, the WidgetKit, SwiftUI, AppIntents and ActivityKit types the pages use, and
stand-ins/extensions/Foundation.swift the members of Apple's Foundation that Linux's lacks (`LocalizedStringResource`,
`InlinePresentationIntent`, …) as the module `FoundationStandIns`, which every compilation here imports implicitly:
so a widget's provider, entity query and view type-check against this package's API (and `#if canImport(SwiftUI)`
is true while checking). The package's own Apple-only API, which the Linux build of its module leaves out
(`View.widgetLocale(_:)`, `WidgetTranslator.localizedStringResource(_:)`), is compiled from its source beside code
that imports an Apple UI framework. Code that needs a framework without a stand-in goes inside
`#if canImport(Framework)`, which is then not checked; add the declarations it needs to the stand-ins instead.

Each block is also held to one import per side: of this package it imports one product's module
(`WidgetI18nWidget`, `WidgetI18nApp`, `WidgetI18nEssentials`, each re-exporting its side) and nothing else, as
the target a reader pastes it into depends on one product; a block that imports `WidgetTranslator` itself, or the
app's module beside the widget's, is refused. A block that imports a module no product re-exports
(`SampleWidgets`, `StringCatalog`, …) is code for a target of this package itself, and is exempt.

A `.swift` file is type-checked as it is, the same way: the README's widget code saved to a file compiles on
Linux with this script (README, "The widget side").
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BLOCK = re.compile(r"^```swift\n(.*?)^```", re.S | re.M)
IMPORT = re.compile(r"^\s*(?:@testable\s+)?import\s+(\w+)", re.M)
# Foundation's members that swift-corelibs-foundation lacks (stand-ins/extensions/Foundation.swift) are a module of
# their own, which every other compilation imports implicitly, as each of them sees Foundation.
FOUNDATION_STAND_INS = ["-Xfrontend", "-import-module", "-Xfrontend", "FoundationStandIns"]
# The package's public API that only Apple platforms compile (a SwiftUI modifier, Foundation conversions).
APPLE_ONLY_EXTENSIONS = ["Sources/WidgetTranslator/WidgetTranslator+Apple.swift"]


def products():
    """The library products of Package.swift: each product's module -> the modules it re-exports (its target's
    dependencies), and every target of the package. Read from the manifest's text, not `swift package
    dump-package`, which waits on the build directory's lock that a running `swift test` (whose tests call this
    script) holds."""
    with open(os.path.join(ROOT, "Package.swift")) as file:
        manifest = file.read()
    modules = [module for _, targets in re.findall(
        r'\.library\(\s*name:\s*"(\w+)",\s*targets:\s*\[(.*?)\]', manifest, re.S)
        for module in re.findall(r'"(\w+)"', targets)]
    libraries = {}
    for module in modules:
        declaration = re.search(
            r'\.target\(\s*name:\s*"%s",\s*dependencies:\s*\[(.*?)\]' % module, manifest, re.S)
        libraries[module] = set(re.findall(r'"(\w+)"', declaration.group(1))) if declaration else set()
    targets = set(re.findall(r'\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*"(\w+)"', manifest))
    if not libraries or not targets:
        sys.exit("check-code: found no library products in Package.swift")
    return libraries, targets


def product_problem(block, libraries, targets):
    """Why `block`'s imports of this package are not one product's module alone, or None."""
    imported = {name for name in IMPORT.findall(block) if name in targets}
    shipped = set(libraries).union(*libraries.values())
    # A block that imports a module no product ships (SampleWidgets, StringCatalog, …) is the package's own code,
    # for a target of this package.
    if not imported or not imported <= shipped or (len(imported) == 1 and imported <= set(libraries)):
        return None
    fits = [name for name, modules in sorted(libraries.items()) if imported - {name} <= modules]
    return "it imports %s; import %s alone, which re-exports what a side uses" % (
        ", ".join(sorted(imported)), " or ".join(fits) if fits else "one product's module")


def package_access(blocks, libraries, targets, modules):
    """`-package-name` of the build for a page whose code imports a module no product exports (SampleWidgets,
    HomeScreenSimulator, StringCatalog, …): those modules declare their API `package`, for this package's own
    targets, which such code is. Code that imports a product's module alone gets no such access: it is what an app
    or a widget can write."""
    shipped = set(libraries).union(*libraries.values())
    imported = {name for block in blocks for name in IMPORT.findall(block) if name in targets}
    if imported <= shipped:
        return []
    directory = os.path.abspath(modules)
    while directory != os.path.dirname(directory):
        description = os.path.join(directory, "debug.yaml")
        if os.path.exists(description):
            with open(description) as file:
                found = re.search(r'"-package-name","([^"]+)"', file.read())
            return ["-package-name", found.group(1)] if found else []
        directory = os.path.dirname(directory)
    return []


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    modules, catalogs = sys.argv[1], sys.argv[2:]
    include = ["-I", modules] + [arg for name in ("CCurl", "CCrypto", "CPangoCairo")
                                 for arg in ("-I", os.path.join(ROOT, "Sources", name))]
    failures = checked = 0
    libraries, targets = products()
    with tempfile.TemporaryDirectory(prefix="docs-code-") as work:
        include += ["-I", stand_ins(work)]
        for catalog in catalogs:
            pages = [catalog] if os.path.isfile(catalog) else glob.glob(os.path.join(catalog, "**", "*.md"),
                                                                         recursive=True)
            for page in sorted(pages):
                with open(page) as file:
                    text = file.read()
                blocks = [text] if page.endswith(".swift") else [
                    b for b in BLOCK.findall(text) if not b.startswith("// Package.swift")]
                if not blocks:
                    continue
                for number, block in enumerate(blocks, 1):
                    problem = product_problem(block, libraries, targets)
                    if problem:
                        failures += 1
                        print("%s: Swift block %d: %s" % (os.path.relpath(page, ROOT), number, problem))
                source = os.path.join(work, "main.swift")
                with open(source, "w") as file:
                    file.write("\n".join(blocks))
                result = subprocess.run(
                    ["swiftc", "-typecheck", "-swift-version", "6", "-module-cache-path",
                     os.path.join(work, "cache")] + include + FOUNDATION_STAND_INS
                    + package_access(blocks, libraries, targets, modules) + [source] + apple_sources(blocks),
                    capture_output=True, text=True)
                checked += 1
                if result.returncode != 0 or "warning:" in result.stderr:
                    failures += 1
                    # Line numbers count from the page's first Swift line, its blocks joined.
                    print("%s: its Swift code does not type-check cleanly:\n%s" % (
                        os.path.relpath(page, ROOT), result.stderr.replace(
                            source, page if page.endswith(".swift") else "<swift blocks of the page>")))
    if failures:
        sys.exit("check-code: %d of %d pages with Swift code failed" % (failures, checked))
    print("check-code: the Swift code of %d pages type-checks" % checked)


def apple_sources(blocks):
    """The package's Apple-only extensions, for code that imports an Apple UI framework: the Linux build of their
    module compiles them out (`#if canImport(SwiftUI)`), so the code is type-checked with their source beside it,
    the same text the Apple build compiles into the module (scripts/check-apple-only.py checks it there)."""
    imported = {name for block in blocks for name in IMPORT.findall(block)}
    if not imported & {"SwiftUI", "WidgetKit", "ActivityKit", "AppIntents"}:
        return []
    # They extend their module's types, which the code's module imports implicitly, as their own module sees them.
    modules = sorted({path.split("/")[1] for path in APPLE_ONLY_EXTENSIONS})
    return [arg for name in modules for arg in ("-Xfrontend", "-import-module", "-Xfrontend", name)] + [
        os.path.join(ROOT, path) for path in APPLE_ONLY_EXTENSIONS]


def stand_ins(work):
    """Builds the modules of stand-ins/ into a directory of `work` and returns it."""
    out = os.path.join(work, "stand-ins")
    os.makedirs(out)
    directory = os.path.join(os.path.dirname(os.path.abspath(__file__)), "stand-ins")
    # FoundationStandIns first, then the others in name order, so that one may import another built before it
    # (WidgetKit imports AppIntents and SwiftUI): `-I out`.
    sources = [("FoundationStandIns", os.path.join(directory, "extensions", "Foundation.swift"), [])] + [
        (os.path.splitext(os.path.basename(source))[0], source, FOUNDATION_STAND_INS)
        for source in sorted(glob.glob(os.path.join(directory, "*.swift")))]
    for name, source, implicit in sources:
        result = subprocess.run(
            ["swiftc", "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", name, "-I", out]
            + implicit + ["-module-cache-path", os.path.join(work, "cache"), "-emit-module-path",
                          os.path.join(out, name + ".swiftmodule"), source],
            capture_output=True, text=True)
        if result.returncode != 0 or "warning:" in result.stderr:
            sys.exit("check-code: the stand-in %s does not compile cleanly:\n%s" % (
                os.path.relpath(source, ROOT), result.stderr))
    return out


if __name__ == "__main__":
    main()
