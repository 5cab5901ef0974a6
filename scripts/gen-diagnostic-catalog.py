#!/usr/bin/env python3
"""Writes Sources/SegueDiagnostics/DiagnosticCatalog.swift from docs/diagnostics.md (run after adding a code there).

Each `### CODE` section's first paragraph is its code's summary; the YAML codes, which the page lists in a table,
take theirs from YAML_SUMMARIES below. DiagnosticCatalogTests fails when the two drift apart.
"""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
YAML_SUMMARIES = {
    "Y001": "The file is larger than the limit for a flow file.",
    "Y002": "The file is not valid UTF-8 text.",
    "Y003": "A control character that YAML does not allow.",
    "Y004": "A YAML syntax error.",
    "Y005": "A tab character used for indentation.",
    "Y006": "A quoted string with no closing quote.",
    "Y007": "More than one YAML document in a flow file.",
    "Y008": "Sequences and mappings nested too deeply.",
    "Y009": "A value longer than the limit for one scalar.",
    "Y010": "A key appears twice in one mapping.",
    "Y011": "A mapping key that is a sequence, a mapping or an alias of one.",
    "Y012": "An alias with no anchor defined before it.",
    "Y013": "An alias inside the node it refers to.",
    "Y014": "Aliases that would expand the document beyond the node limit.",
    "Y015": "A merge key `<<` whose value is not a mapping or a sequence of mappings.",
    "Y016": "A value that does not match its tag.",
    "Y017": "An integer that does not fit in 64 bits.",
    "Y018": "An unknown tag, ignored.",
}
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
    rows = dict(YAML_SUMMARIES)
    for code in re.findall(r"^\| (Y\d{3}) \|", docs, re.M):
        rows.setdefault(code, "YAML problem " + code + ".")
    for code, paragraph in re.findall(r"^### ([A-Z]\d{3})\n\n(.+?)\n\n", docs, re.M | re.S):
        rows[code] = " ".join(paragraph.split())
    lines = [HEADER + "    private static let summaries: [String: String] = [\n"]
    for code in sorted(rows, key=lambda c: ("YMC".find(c[0]), c)):
        text = rows[code].replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'        "{code}":\n            "{text}",\n' if len(text) > 100 else f'        "{code}": "{text}",\n')
    lines.append("    ]\n}\n")
    path = os.path.join(ROOT, "Sources/SegueDiagnostics/DiagnosticCatalog.swift")
    open(path, "w", encoding="utf-8").write("".join(lines))


if __name__ == "__main__":
    main()
