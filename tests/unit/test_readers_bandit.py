"""Bandit JSON reader on real bandit 1.9.4 output of the pyapp fixture."""

from __future__ import annotations

import json
from pathlib import Path

from sastls.analyzers.findings.load import load_findings

PYAPP = Path(__file__).resolve().parents[1] / "fixtures" / "projects" / "pyapp"


def test_bandit_json() -> None:
    path = PYAPP / "findings" / "bandit.json"
    raw = json.loads(path.read_text())["results"]
    res = load_findings([path], PYAPP)
    assert res.errors == []
    assert res.formats[str(path)] == "bandit"
    assert len(res.findings) == len(raw) > 20
    for f, r in zip(res.findings, raw, strict=True):
        assert f.tool == "bandit" and f.rule_id == r["test_id"] and f.line == r["line_number"]
        assert f.path == r["filename"].removeprefix("./")  # "./app/db.py" -> "app/db.py"
        assert f.cwe == (r["issue_cwe"]["id"],)
    shell = next(f for f in res.findings if f.rule_id == "B602" and f.path == "app/shell.py" and f.line == 11)
    assert shell.level == "error" and shell.severity == "HIGH"
    assert shell.location.region.start_column == 11  # col_offset 10, 0-based -> 1-based
    assert shell.location.snippet is not None and "shell=True" in shell.location.snippet
    assert shell.rule_name == "subprocess_popen_with_shell_equals_true"
    low = next(f for f in res.findings if f.severity == "LOW")
    assert low.level == "note"


def test_bandit_json_and_sarif_agree_on_fingerprints() -> None:
    j = load_findings([PYAPP / "findings" / "bandit.json"], PYAPP).findings
    s = load_findings([PYAPP / "findings" / "bandit.sarif"], PYAPP).findings
    assert sorted((f.rule_id, f.path, f.line, f.fingerprint) for f in j) == sorted(
        (f.rule_id, f.path, f.line, f.fingerprint) for f in s
    )
