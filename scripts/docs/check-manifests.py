#!/usr/bin/env python3
"""Builds the package manifests of the README and the DocC catalogs as a user would: exit 1 when any fails.

Usage: scripts/docs/check-manifests.py CATALOG-OR-PAGE...

A ```swift block that starts with `// Package.swift` is an excerpt of a user's manifest: the arguments of
`Package(…)` after its name (`platforms:`, `dependencies:`, `targets:`). For each one this script makes the
package a reader would make: the excerpt inside `Package(name: "MyApp", …)`, a source file per target that
imports every module of the products the target lists, and this repository reached through a folder with another name
(`wi18n-clone`, a symbolic link), since a clone is called whatever its owner called it and a path
dependency's identity is its folder's name. Only the dependency's path is rewritten, from the excerpt's
`../WidgetI18n` to that folder; the rest is built as written, warnings as errors. The builds share one
scratch folder (.build/docs-manifests), so a second run compiles only what changed.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BLOCK = re.compile(r"^```swift\n(// Package\.swift\n.*?)^```", re.S | re.M)
# What the README tells a reader to write: the clone beside their package, under the repository's name.
WRITTEN_PATH = '"../WidgetI18n"'
CLONE = "wi18n-clone"
TARGET = re.compile(r'\.(?:target|executableTarget)\(\s*name:\s*"([^"]+)"')
PRODUCT = re.compile(r'"([A-Za-z][A-Za-z0-9]*)"')
# The repository's library products and their modules (`main` reads them): a target imports a product's modules.
MODULES = {}


def product_modules():
    """Each library product of this repository with the modules it offers, from `swift package dump-package`."""
    with tempfile.TemporaryDirectory() as scratch:
        result = subprocess.run(["swift", "package", "--package-path", ROOT, "--scratch-path", scratch,
                                 "dump-package"], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("check-manifests: swift package dump-package failed:\n" + result.stderr)
    return {product["name"]: product["targets"] for product in json.loads(result.stdout)["products"]}


def targets_and_products(excerpt):
    """Each target's name with the product names listed in its `dependencies:` (to the next target)."""
    starts = [(m.start(), m.group(1)) for m in TARGET.finditer(excerpt)]
    result = []
    for index, (start, name) in enumerate(starts):
        end = starts[index + 1][0] if index + 1 < len(starts) else len(excerpt)
        body = excerpt[start:end]
        deps = body[body.index("dependencies:"):] if "dependencies:" in body else ""
        products = [p for p in PRODUCT.findall(deps) if p != "WidgetI18n"]
        result.append((name, sorted(set(products))))
    return result


def check(page, excerpt, work, scratch):
    if WRITTEN_PATH not in excerpt:
        return "its manifest does not depend on %s, the clone the page tells the reader to make" % WRITTEN_PATH
    package = os.path.join(work, "MyApp")
    shutil.rmtree(package, ignore_errors=True)
    body = excerpt.split("\n", 1)[1].replace(WRITTEN_PATH, '"../%s"' % CLONE)
    targets = targets_and_products(body)
    if not targets:
        return "its manifest declares no target"
    for name, products in targets:
        if not products:
            return "target '%s' lists no product of the package" % name
        unknown = [product for product in products if product not in MODULES]
        if unknown:
            return "target '%s' lists %s, which the package does not offer" % (name, ", ".join(unknown))
        modules = sorted({module for product in products for module in MODULES[product]})
        os.makedirs(os.path.join(package, "Sources", name))
        with open(os.path.join(package, "Sources", name, "Imports.swift"), "w") as file:
            file.write("".join("import %s\n" % module for module in modules))
    with open(os.path.join(package, "Package.swift"), "w") as file:
        file.write("// swift-tools-version:6.0\nimport PackageDescription\n\n"
                   "let package = Package(\n    name: \"MyApp\",\n%s)\n" % body.rstrip().rstrip(","))
    result = subprocess.run(["swift", "build", "--package-path", package, "--scratch-path", scratch,
                             "-Xswiftc", "-warnings-as-errors"], capture_output=True, text=True)
    if result.returncode != 0:
        lines = list(dict.fromkeys(line for line in (result.stdout + result.stderr).splitlines() if "error" in line))
        return "the package its manifest describes does not build:\n  " + "\n  ".join(lines[:8] or ["(no error line)"])
    return None


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    scratch = os.path.join(ROOT, ".build", "docs-manifests")
    MODULES.update(product_modules())
    failures = checked = 0
    with tempfile.TemporaryDirectory(prefix="docs-manifests-") as work:
        os.symlink(ROOT, os.path.join(work, CLONE))
        for catalog in sys.argv[1:]:
            pages = [catalog] if os.path.isfile(catalog) else glob.glob(os.path.join(catalog, "**", "*.md"),
                                                                         recursive=True)
            for page in sorted(pages):
                with open(page) as file:
                    excerpts = BLOCK.findall(file.read())
                for excerpt in excerpts:
                    checked += 1
                    problem = check(page, excerpt, work, scratch)
                    if problem:
                        failures += 1
                        print("%s: %s" % (os.path.relpath(page, ROOT), problem))
    if failures:
        sys.exit("check-manifests: %d of %d manifests failed" % (failures, checked))
    print("check-manifests: %d manifests build against a clone named '%s'" % (checked, CLONE))


if __name__ == "__main__":
    main()
