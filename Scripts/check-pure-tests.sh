#!/usr/bin/env bash
# check-pure-tests.sh: the tests of the pure targets build on pure targets only.
#
# Reads the targets from `swift package dump-package` and follows the dependencies of
# FolioCoreTests and FolioUITests all the way down: none may reach a system-library target (a
# C library: Poppler and cairo, zlib, libsixel, ncurses, SyncTeX, the sandbox calls), a package
# product (GRDB and SQLite, TOMLKit, ArgumentParser) or a target that wraps one (FolioRuntime,
# FolioPoppler, FolioGraphics, FolioTerminal, FolioStore, …). Fails with the path to each one
# reached (issue 51: "swift build of FolioCoreTests and FolioUITests links no Poppler, cairo,
# libsixel or zlib").
#
#   Scripts/check-pure-tests.sh            (from anywhere; SWIFT names the swift to run)
set -euo pipefail
cd "$(dirname "$0")/.."
dump=$(mktemp)
trap 'rm -f "$dump"' EXIT
"${SWIFT:-swift}" package dump-package >"$dump"
python3 - "$dump" <<'PYTHON'
import json
import sys

package = json.load(open(sys.argv[1]))
targets = {t["name"]: t for t in package["targets"]}
ROOTS = ["FolioCoreTests", "FolioUITests", "FolioPixelsTests"]
# The viewer's loop may link C (ncurses through its terminal, SQLite for its places), but not
# what draws and encodes pages: Poppler and cairo, zlib and libsixel run in the page workers.
RUNTIME = "FolioRuntime"
RUNTIME_FORBIDDEN = {"CPoppler", "CZlib", "CSixel"}


def dependencies(target):
    for dependency in target.get("dependencies", []):
        if "target" in dependency:
            yield "target", dependency["target"][0]
        if "byName" in dependency:
            # A name is a target of the package or a product of another.
            name = dependency["byName"][0]
            yield ("target" if name in targets else "product"), name
        if "product" in dependency:
            yield "product", dependency["product"][0]


problems = []
for root in ROOTS:
    seen = set()
    stack = [(root, [root])]
    while stack:
        name, path = stack.pop()
        target = targets.get(name)
        if target is None:
            continue
        for kind, dependency in dependencies(target):
            reached = path + [dependency]
            if kind == "product" or targets.get(dependency, {}).get("type") == "system":
                problems.append(" → ".join(reached))
                continue
            if dependency not in seen:
                seen.add(dependency)
                stack.append((dependency, reached))
seen = set()
stack = [(RUNTIME, [RUNTIME])]
while stack:
    name, path = stack.pop()
    for kind, dependency in dependencies(targets.get(name, {})):
        reached = path + [dependency]
        if dependency in RUNTIME_FORBIDDEN:
            problems.append(" → ".join(reached) + " (drawing or encoding pages in the viewer)")
        elif dependency in targets and dependency not in seen:
            seen.add(dependency)
            stack.append((dependency, reached))
if problems:
    for problem in sorted(set(problems)):
        print(f"check-pure-tests: {problem} (a C library or a package in a pure target's tests)")
    sys.exit(1)
print(f"check-pure-tests: {', '.join(ROOTS)} build on pure targets only;"
      f" {RUNTIME} reaches none of {', '.join(sorted(RUNTIME_FORBIDDEN))}")
PYTHON
