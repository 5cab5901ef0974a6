#!/usr/bin/env python3
"""Writes Sources/SegueDiagnostics/DiagnosticCatalog.swift from docs/diagnostics.md (run after adding a code there).

Each `### CODE` section's first paragraph is its code's summary; the YAML codes, which the page lists in a table
without one, keep the summaries the Swift file already has (write a new one there). DiagnosticCatalogTests fails
when the two drift apart.
"""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = """/// What each diagnostic code means, in one sentence, and where docs/diagnostics.md explains it.
///
/// SARIF output names a rule per code from this table, which scripts/gen-diagnostic-catalog.py writes from
/// docs/diagnostics.md; a test fails when they drift apart.
///
///     DiagnosticCatalog.summary(of: "C101")  // "`start`, `present`, … names no screen."
///     DiagnosticCatalog.anchor(of: "C101")   // "c101"
public enum DiagnosticCatalog {
    /// docs/diagnostics.md's path in Segue's repository.
    public static let documentPath = "docs/diagnostics.md"

    /// The sentence docs/diagnostics.md opens the code's section with (for Y codes, what the table's row is about).
    public static func summary(of code: String) -> String? { summaries[code] }

    /// The anchor of the code's place in docs/diagnostics.md: its own `### C101` heading, or the YAML section's.
    public static func anchor(of code: String) -> String {
        code.hasPrefix("Y") ? "yaml-y" : code.lowercased()
    }

    /// Every code the catalog describes.
    public static var codes: [String] { summaries.keys.sorted() }

"""


def main():
    docs = open(os.path.join(ROOT, "docs/diagnostics.md"), encoding="utf-8").read()
    path = os.path.join(ROOT, "Sources/SegueDiagnostics/DiagnosticCatalog.swift")
    current = open(path, encoding="utf-8").read()
    rows = dict(re.findall(r'^\s+"(Y\d{3})":\s+"(.*)",$', current, re.M))
    for code in re.findall(r"^\| (Y\d{3}) \|", docs, re.M):
        rows.setdefault(code, "YAML problem " + code + ".")
    for code, paragraph in re.findall(r"^### ([A-Z]\d{3})\n\n(.+?)\n\n", docs, re.M | re.S):
        rows[code] = " ".join(paragraph.split())
    lines = [HEADER + "    private static let summaries: [String: String] = [\n"]
    for code in sorted(rows, key=lambda c: ("YMCI".find(c[0]), c)):
        text = rows[code].replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'        "{code}":\n            "{text}",\n' if len(text) > 100 else f'        "{code}": "{text}",\n')
    lines.append("    ]\n}\n")
    open(path, "w", encoding="utf-8").write("".join(lines))


if __name__ == "__main__":
    main()
