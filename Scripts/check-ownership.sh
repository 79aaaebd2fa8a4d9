#!/usr/bin/env bash
# check-ownership.sh: each sub-state of AppState, and the Session above them, changes only
# through its own methods.
#
# For each sub-state type (DocumentFacts, ViewState, …) reads the stored `var` fields from its
# declaration, then scans every .swift file under Sources/ and Tests/ for a write to one of them
# through the name AppState keeps the sub-state under (`search.query = …`,
# `state.view.zooms.grid += …`, `&status.message`, `navigation.jumps.append(…)`,
# `document.links[page] = …`). Writes inside the sub-state's own files (`Type.swift`,
# `Type+Concern.swift`) are its methods and pass; any other fails, one line per write
# (file:line: Type.field written outside its own files). Each stored field must also be declared
# `private(set)` (or `fileprivate(set)`, `private`), so that the compiler itself keeps writes out
# of other files; a looser one fails too.
#
#   Scripts/check-ownership.sh            (from anywhere)
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - <<'PYTHON'
import os
import re
import sys

# Each sub-state: the name AppState keeps it under, its type, and its declaration file.
SUB_STATES = [
    ("terminal", "TerminalFacts", "Sources/FolioUI/App/TerminalFacts.swift"),
    ("document", "DocumentFacts", "Sources/FolioUI/Document/DocumentFacts.swift"),
    ("view", "ViewState", "Sources/FolioUI/View/ViewState.swift"),
    ("drawing", "DrawingState", "Sources/FolioUI/Drawing/DrawingState.swift"),
    ("search", "SearchState", "Sources/FolioUI/Search/SearchState.swift"),
    ("navigation", "NavigationState", "Sources/FolioUI/Links/NavigationState.swift"),
    ("picking", "PickingState", "Sources/FolioUI/Picking/PickingState.swift"),
    ("reload", "ReloadState", "Sources/FolioUI/Reload/ReloadState.swift"),
    ("modes", "ModeStack", "Sources/FolioUI/Modes/ModeStack.swift"),
    ("status", "StatusState", "Sources/FolioUI/Status/StatusState.swift"),
    ("reading", "ReadingState", "Sources/FolioUI/Reading/ReadingState.swift"),
    # The root of the model: the loop keeps it as `session`.
    ("session", "Session", "Sources/FolioUI/Session/Session.swift"),
]

# Mutating calls through a field that change it as surely as an assignment.
MUTATING_CALLS = (
    "append|insert|remove|removeAll|removeFirst|removeLast|removeValue|popLast|formUnion|"
    "formIntersection|subtract|formSymmetricDifference|sort|reverse|toggle|merge|updateValue|"
    "swapAt"
)


def stored_fields(path, type_name):
    """The stored `var` fields of `type_name`'s declaration in `path` (depth one of its body)."""
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    fields = []
    depth = None
    for number, line in enumerate(lines, 1):
        code = re.sub(r"//.*", "", line)
        if depth is None:
            if re.search(r"\bstruct\s+" + type_name + r"\b", code):
                depth = 0
            else:
                continue
        if depth == 1:
            match = re.match(
                r"\s*(?:@\w+\s+)*(?:(?:public|internal|fileprivate|private)(?:\((?:set)\))?\s+)*"
                r"var\s+(\w+)\s*(:[^={]*)?(=)?[^{]*(\{)?",
                code,
            )
            # Stored: an initial value, or a type and no body (a body after `=` is an observer).
            if match and (match.group(3) or not match.group(4)):
                fields.append(match.group(1))
                if not re.search(r"\b(private|fileprivate)\b", code.split("var")[0]):
                    loose.append((path, number, type_name, match.group(1)))
        depth += code.count("{") - code.count("}")
        if depth <= 0 and "}" in code:
            break
    return fields


def own_files(type_name):
    return re.compile(r"(^|/)" + re.escape(type_name) + r"(\+\w+)?\.swift$")


def write_pattern(name, fields):
    path = r"(?:\.\w+|\[[^\]\n]*\]|\?)*"
    field = r"\b" + re.escape(name) + r"\??\.(" + "|".join(map(re.escape, fields)) + r")\b"
    assign = r"\s*(?:[-+*/%|&^]|<<|>>|&[-+*])?=(?!=)"
    return re.compile(
        r"(?:(?<![&\w])&(?!&)\s*(?:\w+\.)*" + field + path + r"(?![\w(]))"
        r"|(?:" + field + path + assign + r")"
        r"|(?:" + field + path + r"\.(?:" + MUTATING_CALLS + r")\()"
    )


def swift_files():
    for root in ("Sources", "Tests"):
        for folder, _, names in os.walk(root):
            for name in sorted(names):
                if name.endswith(".swift"):
                    yield os.path.join(folder, name)


checks = []
loose = []
for name, type_name, path in SUB_STATES:
    if not os.path.exists(path):
        sys.exit(f"check-ownership: {path} (the declaration of {type_name}) is missing")
    fields = stored_fields(path, type_name)
    if not fields:
        sys.exit(f"check-ownership: no stored fields of {type_name} found in {path}")
    checks.append((type_name, own_files(type_name), write_pattern(name, fields)))
    print(f"{type_name}: {', '.join(fields)}")

problems = 0
# The compiler keeps writes out only while each stored field's setter is private to its file.
for path, number, type_name, field in loose:
    print(f"{path}:{number}: {type_name}.{field} is settable outside its file: make it private(set)")
    problems += 1

for path in sorted(swift_files()):
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    for number, line in enumerate(lines, 1):
        code = re.sub(r"//.*", "", line)
        for type_name, owns, pattern in checks:
            if owns.search(path):
                continue
            for match in pattern.finditer(code):
                field = next(group for group in match.groups() if group)
                print(f"{path}:{number}: {type_name}.{field} written outside its own files")
                problems += 1

if problems:
    sys.exit(f"check-ownership: {problems} sub-state fields written or settable outside their own files")
print("check-ownership: every sub-state field is written only in its own files")
PYTHON
