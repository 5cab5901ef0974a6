#!/usr/bin/env python3
"""Runs every SCXML chart of some corpus folders through `segue import scxml` and `segue validate`, and counts.

usage: python3 scripts/scxml-corpora.py [--segue PATH] [--details] NAME=DIR [NAME=DIR …]

Each DIR is searched for `.scxml` and `.txml` files and for `.xml` files whose root element is `<scxml>`. Every
chart is imported (`segue import scxml FILE -o OUT`, from the chart's own folder, so `src` files beside it are read)
and the written flow validated. A chart ends in one of:

- `valid`: imported, and `segue validate` reports no error;
- `refused Ixxx`: the importer stopped at a positioned diagnostic (the first error's code counts);
- `importer bug`: the importer wrote a flow that does not validate ("a bug in the importer"), or validate refused
  the written flow, or the importer crashed or ran past 60 s.

Prints one table row per corpus (Markdown, as docs/conformance.md shows it), then with --details each chart that is
not `valid` with its first diagnostic. Exit status 1 when any chart hits an importer bug.
"""
import os
import re
import subprocess
import sys
import tempfile

ERROR = re.compile(r"error\[(I\d{3}|[A-Z]\d{3})\]")


def charts(directory):
    found = []
    for root, _, files in os.walk(directory):
        for name in files:
            path = os.path.join(root, name)
            if name.endswith((".scxml", ".txml")):
                found.append(path)
            elif name.endswith(".xml"):
                with open(path, "rb") as handle:
                    head = handle.read(4096)
                if re.search(rb"<(\w+:)?scxml[\s>]", head):
                    found.append(path)
    return sorted(found)


def run(command, cwd):
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=60)
        return done.returncode, done.stderr
    except subprocess.TimeoutExpired:
        return -1, "timed out after 60 s"


def outcome(segue, chart, scratch):
    folder, name = os.path.split(os.path.abspath(chart))
    flow = os.path.join(scratch, "chart.yaml")
    if os.path.exists(flow):
        os.remove(flow)
    status, errors = run([segue, "import", "scxml", name, "-o", flow, "--root", folder], folder)
    first = next((line for line in errors.splitlines() if ERROR.search(line)), errors.strip()[:200])
    if "a bug in the importer" in errors or status < 0 or status > 2:
        return "importer bug", first
    if status != 0:
        match = ERROR.search(errors)
        return ("refused " + match.group(1)) if match else "unreadable", first
    status, errors = run([segue, "validate", flow, "--quiet"], scratch)
    if status != 0:
        return "importer bug", "validate: " + next((line for line in errors.splitlines() if ERROR.search(line)), "")
    return "valid", ""


def main(arguments):
    segue = os.path.abspath(".build/debug/segue")
    details = False
    corpora = []
    while arguments:
        argument = arguments.pop(0)
        if argument == "--segue":
            segue = os.path.abspath(arguments.pop(0))
        elif argument == "--details":
            details = True
        elif "=" in argument:
            name, directory = argument.split("=", 1)
            corpora.append((name, directory))
        else:
            sys.exit(__doc__)
    if not corpora:
        sys.exit(__doc__)
    print("| corpus | charts | imported and valid | refused (by code) | importer bug |")
    print("|---|---|---|---|---|")
    totals = {"charts": 0, "valid": 0, "refused": 0, "bug": 0}
    notes = []
    with tempfile.TemporaryDirectory(prefix="scxml-corpora-") as scratch:
        for name, directory in corpora:
            counts = {}
            for chart in charts(directory):
                result, message = outcome(segue, chart, scratch)
                counts[result] = counts.get(result, 0) + 1
                if result != "valid":
                    notes.append(f"{result}: {os.path.relpath(chart, directory)} ({name}): {message}")
            refused = {k[len("refused ") :]: v for k, v in counts.items() if k.startswith("refused ")}
            refused_total = sum(refused.values()) + counts.get("unreadable", 0)
            total = sum(counts.values())
            by_code = ", ".join(f"{code} {count}" for code, count in sorted(refused.items()))
            if counts.get("unreadable"):
                by_code += f", unreadable {counts['unreadable']}"
            print(
                f"| {name} | {total} | {counts.get('valid', 0)} | {refused_total}"
                + (f" ({by_code})" if by_code else "")
                + f" | {counts.get('importer bug', 0)} |"
            )
            totals["charts"] += total
            totals["valid"] += counts.get("valid", 0)
            totals["refused"] += refused_total
            totals["bug"] += counts.get("importer bug", 0)
    print(f"| all | {totals['charts']} | {totals['valid']} | {totals['refused']} | {totals['bug']} |")
    if details:
        print()
        for note in notes:
            print(note)
    return 1 if totals["bug"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
