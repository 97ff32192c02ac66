"""Write findings/neutral.sarif: one finding per held-out case, at the case's sink line.

Real scanners miss some cases and flag others twice; this neutral tool makes sure every case is
judged exactly once at its sink. The rule id names the category and the CWE is a tag on the rule;
the message says nothing about the label.

Usage: python tests/holdout/neutral_findings.py   (run by tests/holdout/regenerate.sh)
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"

WHAT = {
    "pathtraver": "A file path is built from a value",
    "cmdi": "An operating system command is built from a value",
    "xss": "HTML output is built from a value",
    "sqli": "An SQL statement is built from a value",
    "ldapi": "An LDAP search filter is built from a value",
    "xpathi": "An XPath query is built from a value",
    "codeinj": "Code or a template is evaluated from a value",
    "deserialization": "Bytes are deserialized into objects",
    "xxe": "XML is parsed by a parser that may load external entities",
    "redirect": "A redirect target is taken from a value",
    "securecookie": "A cookie is set and its attributes may be missing",
    "hash": "A digest algorithm is used that may be too weak",
    "weakrand": "A random value is produced that may be predictable",
    "trustbound": "A value is stored in the session",
    "fmtstr": "A format string is taken from a value",
    "bufcopy": "Data is copied into a fixed-size buffer",
    "nullderef": "A pointer is dereferenced that may be NULL",
    "intoverflow": "An integer expression may wrap around",
}


def _rows(path: Path) -> list[list[str]]:
    with path.open(newline="") as fh:
        return [[c.strip() for c in row] for row in csv.reader(fh) if row and not row[0].startswith("#")]


def build() -> dict[str, object]:
    labels = {row[0]: (row[1], int(row[3])) for row in _rows(HERE / "expected.csv")}
    sinks = {row[0]: (row[1], int(row[2])) for row in _rows(HERE / "sinks.csv")}
    if set(labels) != set(sinks):
        raise SystemExit(f"expected.csv and sinks.csv disagree on: {sorted(set(labels) ^ set(sinks))}")

    rules: dict[str, dict[str, object]] = {}
    results: list[dict[str, object]] = []
    for name in sorted(labels):
        category, cwe = labels[name]
        rel, line = sinks[name]
        rule_id = f"holdout.{category}.{cwe}"
        text = WHAT[category]
        rules.setdefault(
            rule_id,
            {
                "id": rule_id,
                "name": category,
                "shortDescription": {"text": text},
                "fullDescription": {"text": f"{text} (CWE-{cwe})."},
                "defaultConfiguration": {"level": "warning"},
                "properties": {"tags": ["security", f"external/cwe/cwe-{cwe}", f"CWE-{cwe}"]},
            },
        )
        source_lines = (CASES / rel).read_text().splitlines()
        snippet = source_lines[line - 1] if 0 < line <= len(source_lines) else ""
        results.append(
            {
                "ruleId": rule_id,
                "level": "warning",
                "message": {"text": text + "."},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": rel},
                            "region": {"startLine": line, "snippet": {"text": snippet}},
                        }
                    }
                ],
            }
        )
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "sastls-holdout",
                        "informationUri": "https://example.invalid/sastls/tests/holdout",
                        "version": "1.0.0",
                        "rules": [rules[key] for key in sorted(rules)],
                    }
                },
                "results": results,
            }
        ],
    }


def main() -> None:
    out = HERE / "findings" / "neutral.sarif"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(build(), indent=2) + "\n")


if __name__ == "__main__":
    main()
