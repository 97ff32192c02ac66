"""Write findings/neutral.sarif: one finding per corpus case, at the case's sink line.

The real scanners do not flag every case (and flag some twice); this neutral tool guarantees
that every case is judged exactly at its sink. Rule ids are per category, the CWE is a tag on
the rule, the message says nothing about the label.

Usage: python tests/corpus/neutral_findings.py   (run by tests/corpus/regenerate.sh)
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"

DESCRIPTIONS = {
    "pathtraver": "File system path built from data that may come from outside",
    "cmdi": "Operating system command built from data that may come from outside",
    "xss": "Web page content built from data that may come from outside",
    "sqli": "SQL statement built from data that may come from outside",
    "ldapi": "LDAP filter built from data that may come from outside",
    "xpathi": "XPath expression built from data that may come from outside",
    "codeinj": "Dynamically evaluated code built from data that may come from outside",
    "deserialization": "Deserialization of data that may come from outside",
    "xxe": "XML parsed with a parser that may resolve external entities",
    "redirect": "Redirect to a location that may come from outside",
    "securecookie": "Cookie that may lack its security attributes",
    "hash": "Hash algorithm that may be too weak for its purpose",
    "weakrand": "Random value that may be predictable",
    "trustbound": "Data that may come from outside stored in a trusted container",
    "fmtstr": "Format string that may come from outside",
    "bufcopy": "Buffer copy whose length may exceed the destination",
    "nullderef": "Pointer that may be NULL when dereferenced",
    "intoverflow": "Integer arithmetic that may wrap around",
    "uninit": "Variable that may be read before it is assigned",
    "freedmem": "Memory that may be used or released again after it is released",
    "leak": "Memory that may never be released",
}


def read_rows(path: Path) -> list[list[str]]:
    with path.open(newline="") as fh:
        return [
            [cell.strip() for cell in row] for row in csv.reader(fh) if row and not row[0].startswith("#")
        ]


def build() -> dict[str, object]:
    expected = {row[0]: (row[1], int(row[3])) for row in read_rows(HERE / "expected.csv")}
    sinks = {row[0]: (row[1], int(row[2])) for row in read_rows(HERE / "sinks.csv")}
    missing = sorted(set(expected) ^ set(sinks))
    if missing:
        raise SystemExit(f"expected.csv and sinks.csv disagree on: {', '.join(missing)}")

    rules: dict[str, dict[str, object]] = {}
    results: list[dict[str, object]] = []
    for name in sorted(expected):
        category, cwe = expected[name]
        path, line = sinks[name]
        rule_id = f"{category}-{cwe}"
        if rule_id not in rules:
            text = DESCRIPTIONS[category]
            rules[rule_id] = {
                "id": rule_id,
                "name": category,
                "shortDescription": {"text": text},
                "fullDescription": {"text": f"{text} (CWE-{cwe})."},
                "defaultConfiguration": {"level": "warning"},
                "properties": {"tags": ["security", f"external/cwe/cwe-{cwe}", f"CWE-{cwe}"]},
            }
        lines = (CASES / path).read_text().splitlines()
        snippet = lines[line - 1] if 0 < line <= len(lines) else ""
        results.append(
            {
                "ruleId": rule_id,
                "level": "warning",
                "message": {"text": DESCRIPTIONS[category] + "."},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": path},
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
                        "name": "sastls-corpus",
                        "informationUri": "https://example.invalid/sastls/tests/corpus",
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
