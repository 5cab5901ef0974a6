#!/usr/bin/env python3
"""Fail when a target imports a module of this package that Package.swift does not list as its dependency.

Swift on Linux lets a target import any module built before it, so a missing dependency compiles today and breaks
on the next reordering; this keeps Package.swift the true map of who imports whom. Toolchain modules (Foundation,
Glibc, Testing, ...) are not package targets and are ignored.

Usage: python3 scripts/check-imports.py [package-dir]   (CI runs it; exit status 1 lists every missing entry)
"""

import json
import os
import re
import subprocess
import sys

IMPORT = re.compile(
    r"^[ \t]*(?:@\w+(?:\([^)]*\))?[ \t]+)*(?:(?:public|internal|package|private|fileprivate)[ \t]+)?import[ \t]+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)[ \t]+)?([A-Za-z_]\w*)",
    re.MULTILINE,
)
MULTILINE_STRING = re.compile(r'#*""".*?"""#*', re.DOTALL)
BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
LINE_COMMENT = re.compile(r"//[^\n]*")


def imported_modules(source: str) -> set[str]:
    """The modules a Swift file imports, ignoring text inside string literals and comments."""
    source = MULTILINE_STRING.sub("", source)
    source = BLOCK_COMMENT.sub("", source)
    source = LINE_COMMENT.sub("", source)
    return set(IMPORT.findall(source))


def target_directory(root: str, target: dict) -> str:
    if target.get("path"):
        return os.path.join(root, target["path"])
    folder = "Tests" if target["type"] == "test" else "Sources"
    return os.path.join(root, folder, target["name"])


def dependency_names(target: dict) -> set[str]:
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def main() -> int:
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    dump = subprocess.run(
        ["swift", "package", "dump-package"], cwd=root, check=True, capture_output=True, text=True
    ).stdout
    package = json.loads(dump)
    targets = {target["name"]: target for target in package["targets"]}
    missing = []
    for name, target in sorted(targets.items()):
        declared = dependency_names(target)
        directory = target_directory(root, target)
        excluded = {os.path.normpath(os.path.join(directory, path)) for path in target.get("exclude", [])}
        for folder, subfolders, files in os.walk(directory):
            subfolders[:] = [s for s in subfolders if os.path.normpath(os.path.join(folder, s)) not in excluded]
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(folder, file)
                with open(path, encoding="utf-8") as handle:
                    modules = imported_modules(handle.read())
                for module in sorted(modules):
                    if module in targets and module != name and module not in declared:
                        missing.append(f"{os.path.relpath(path, root)}: {name} imports {module}, not in its dependencies")
    for line in missing:
        print(line)
    if missing:
        print(f"check-imports: {len(missing)} import(s) missing from Package.swift")
        return 1
    print(f"check-imports: every import of {len(targets)} targets is declared in Package.swift")
    return 0


if __name__ == "__main__":
    sys.exit(main())
