#!/usr/bin/env python3
"""Writes docs/conformance.md from a run of `segue import scxml --test` over the W3C IRP suite.

usage: segue import scxml --test SUITE/txml --manifest SUITE/manifest.xml > run.txt
       python3 scripts/gen-conformance.py SUITE run.txt

SUITE is uscxml's test/w3c directory (fetched, never committed). Each row's summary is what the test asserts, in
Segue's words, from scripts/conformance-summaries.tsv (a test missing there falls back to the first sentence of its
author's comment); the result and reason are the runner's.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def summary(path):
    text = open(path, encoding="utf-8").read()
    match = re.search(r"<!--(.*?)-->", text, re.S)
    if not match:
        return ""
    words = " ".join(match.group(1).split())
    sentence = re.split(r"(?<=[.!?])\s", words)[0]
    return (sentence[:157] + "…" if len(sentence) > 160 else sentence).replace("|", "\\|")


def summaries():
    """scripts/conformance-summaries.tsv: `test<TAB>summary` lines; `#` starts a comment."""
    table = {}
    for line in open(os.path.join(ROOT, "scripts/conformance-summaries.tsv"), encoding="utf-8"):
        if line.startswith("#") or "\t" not in line:
            continue
        test, text = line.rstrip("\n").split("\t", 1)
        table[test] = text.replace("|", "\\|")
    return table


def escape(text):
    """`<` outside code spans would read as HTML."""
    parts = text.split("`")
    return "`".join(part if index % 2 else part.replace("<", "&lt;") for index, part in enumerate(parts))


def main():
    suite, run = sys.argv[1], sys.argv[2]
    manifest = open(os.path.join(suite, "manifest.xml"), encoding="utf-8").read()
    sections = {}
    for specnum, body in re.findall(r'<assert id="[^"]*"\s+specnum="([^"]*)"[^>]*>(.*?)</assert>', manifest, re.S):
        for test in re.findall(r'<test id="([^"]+)" conformance="mandatory" manual="false"', body):
            sections[test] = specnum
    results = {}
    for line in open(run, encoding="utf-8"):
        match = re.match(r"^(pass|fail|skip) (\S+?)(?:: (.*))?$", line.rstrip("\n"))
        if match:
            results[match.group(2)] = (match.group(1), match.group(3) or "")
    ours = summaries()
    rows = []
    counts = {"pass": 0, "fail": 0, "skip": 0}
    for test in sorted(sections, key=lambda t: int(re.match(r"\d+", t).group())):
        parts = sorted(k for k in results if k == test or re.fullmatch(test + r"[a-z]", k))
        if not parts:
            status, reason = "fail", "not run"
        else:
            statuses = [results[p][0] for p in parts]
            status = "fail" if "fail" in statuses else ("skip" if "skip" in statuses else "pass")
            reason = "; ".join(f"{p}: {results[p][1]}" if len(parts) > 1 else results[p][1]
                               for p in parts if results[p][1])
        counts[status] += 1
        path = os.path.join(suite, "txml", f"test{parts[0] if parts else test}.txml")
        what = ours.get(test) or (summary(path) if os.path.exists(path) else "")
        shown = {"pass": "pass", "fail": "fail", "skip": "n/a"}[status]
        reason = escape(reason.replace("n/a: ", "").replace("|", "\\|"))
        what = escape(what)
        rows.append(f"| {test} | {sections[test]} | {what} | {shown} | {reason} |")
    total = sum(counts.values())
    template = open(os.path.join(ROOT, "scripts/conformance-header.md"), encoding="utf-8").read()
    header = template.format(total=total, passed=counts["pass"], failed=counts["fail"], skipped=counts["skip"])
    table = "| test | § | what it asserts | result | why |\n|---|---|---|---|---|\n"
    open(os.path.join(ROOT, "docs/conformance.md"), "w", encoding="utf-8").write(header + table + "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
