#!/usr/bin/env bash
# check-imports.sh: every module a target imports is one it declares in Package.swift.
#
# Reads the targets and their dependencies from `swift package dump-package`, scans each
# target's .swift files for import lines (`import X`, `@testable import X`,
# `@preconcurrency import X`, `public import X`, `import struct X.Y`, …) and fails with one line
# per problem (target, file, module) when a module imported is neither a declared dependency
# (a target, or a product's module) nor one of the toolchain's own modules listed below. An
# import that builds only because another dependency re-exports it is such a problem: SwiftPM
# lets it through today, and a change elsewhere breaks it.
#
#   Scripts/check-imports.sh            (from anywhere; SWIFT names the swift to run)
set -euo pipefail
cd "$(dirname "$0")/.."
dump=$(mktemp)
trap 'rm -f "$dump"' EXIT
"${SWIFT:-swift}" package dump-package >"$dump"
exec python3 - "$dump" <<'PYTHON'
import json
import os
import re
import sys

# Modules of the toolchain and the system that any target may import without declaring them.
SYSTEM_MODULES = {
    "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization",
    "Observation", "Distributed", "Cxx", "CxxStdlib",
    "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "FoundationNetworking", "FoundationXML", "Dispatch",
    "Glibc", "Musl", "Bionic", "Android", "Darwin", "WinSDK", "os",
    "Testing", "XCTest",
}

# Products whose module is not named like the product (product name -> module names).
# Every other product's module is the product's own name.
PRODUCT_MODULES: dict[str, list[str]] = {}

IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)")


def declared_modules(target):
    modules = set()
    for dependency in target["dependencies"]:
        (kind, value), = dependency.items()
        if kind in ("byName", "target"):
            modules.add(module_name(value[0]))
        elif kind == "product":
            modules.update(PRODUCT_MODULES.get(value[0], [module_name(value[0])]))
    return modules


def module_name(target_name):
    """The module a target builds: its name with `-` (and spaces) as `_`."""
    return re.sub(r"[^A-Za-z0-9_]", "_", target_name)


def source_folder(target):
    if target.get("path"):
        return target["path"]
    return os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])


def swift_files(target):
    folder = source_folder(target)
    excluded = [os.path.normpath(os.path.join(folder, e)) for e in target.get("exclude", [])]
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if os.path.join(root, d) not in excluded)
        for name in sorted(files):
            path = os.path.join(root, name)
            if name.endswith(".swift") and path not in excluded:
                yield path


def imported_modules(path):
    """(line number, module) of each import outside comments and multi-line strings."""
    in_string = in_comment = False
    with open(path, encoding="utf-8") as source:
        for number, line in enumerate(source, 1):
            if in_comment:
                if "*/" in line:
                    in_comment = False
                continue
            if not in_string:
                found = IMPORT.match(line)
                if found:
                    yield number, found.group(1)
                elif line.lstrip().startswith("/*") and "*/" not in line:
                    in_comment = True
            if line.count('"""') % 2 == 1:
                in_string = not in_string


with open(sys.argv[1], encoding="utf-8") as dump:
    package = json.load(dump)
problems = 0
checked = 0
for target in package["targets"]:
    if target["type"] in ("system", "binary"):
        continue
    allowed = declared_modules(target) | SYSTEM_MODULES | {module_name(target["name"])}
    for path in swift_files(target):
        checked += 1
        for number, module in imported_modules(path):
            if module not in allowed:
                problems += 1
                print(f"check-imports: {target['name']}: {path}:{number}: imports {module}, "
                      "which the target does not declare in Package.swift")
if problems:
    print(f"check-imports: {problems} undeclared import(s)")
    sys.exit(1)
print(f"check-imports: every import of {checked} files is declared")
PYTHON
