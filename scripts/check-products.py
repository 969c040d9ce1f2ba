#!/usr/bin/env python3
"""Fails when a system library (a C library target such as CCurl or CCrypto) is reachable from a library
product on an Apple platform: Xcode builds every target of a product an app adds, and no Apple SDK ships libcurl's
or OpenSSL's headers, so one such edge breaks an iPhone app's first build.

Reads `swift package dump-package` (the manifest as SwiftPM resolves it) and follows each library product's
targets through their dependencies, keeping an edge only where its condition includes the platform. Prints one
line per platform family and exits 1 on any system library reached.

Usage: scripts/check-products.py [--package-path DIR]
"""
import argparse
import json
import subprocess
import sys

APPLE_PLATFORMS = ["ios", "macos", "watchos"]


def dependencies(target, platform):
    """The names of the targets `target` depends on when built for `platform`."""
    for dependency in target.get("dependencies", []):
        (kind, value), = dependency.items()
        if kind not in ("target", "byName"):
            continue  # products of other packages: this package depends on none
        name, condition = value[0], value[1] if len(value) > 1 else None
        platforms = (condition or {}).get("platformNames") or []
        if platforms and platform not in platforms:
            continue
        yield name


def reachable(package, roots, platform):
    targets = {target["name"]: target for target in package["targets"]}
    seen, stack = set(), list(roots)
    while stack:
        name = stack.pop()
        if name in seen or name not in targets:
            continue
        seen.add(name)
        stack.extend(dependencies(targets[name], platform))
    return {name: targets[name] for name in seen}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package-path", default=".")
    arguments = parser.parse_args()
    dump = subprocess.run(
        ["swift", "package", "--package-path", arguments.package_path, "dump-package"],
        check=True, capture_output=True, text=True)
    package = json.loads(dump.stdout)
    libraries = [product for product in package["products"] if "library" in product["type"]]
    failures = []
    for platform in APPLE_PLATFORMS + ["linux"]:
        for product in libraries:
            systems = sorted(
                name for name, target in reachable(package, product["targets"], platform).items()
                if target["type"] == "system")
            if platform == "linux":
                if systems:
                    print(f"products: {product['name']} links {', '.join(systems)} on Linux")
            elif systems:
                failures.append(f"{product['name']} reaches {', '.join(systems)} on {platform}")
    names = ", ".join(product["name"] for product in libraries)
    if failures:
        for failure in failures:
            print(f"error: {failure}; make the dependency conditional (.when(platforms: [.linux]))", file=sys.stderr)
        sys.exit(1)
    print(f"products: no system library reachable from {names} on {', '.join(APPLE_PLATFORMS)}")


if __name__ == "__main__":
    main()
