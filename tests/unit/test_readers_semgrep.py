"""Semgrep JSON reader on real semgrep 1.182.0 output of the pyapp fixture."""

from __future__ import annotations

import json
from pathlib import Path

from sastls.analyzers.findings.load import load_findings

PYAPP = Path(__file__).resolve().parents[1] / "fixtures" / "projects" / "pyapp"


def test_semgrep_json() -> None:
    path = PYAPP / "findings" / "semgrep.json"
    raw = json.loads(path.read_text())["results"]
    res = load_findings([path], PYAPP)
    assert res.errors == []
    assert res.formats[str(path)] == "semgrep"
    assert len(res.findings) == len(raw) > 15
    for f, r in zip(res.findings, raw, strict=True):
        assert (f.rule_id, f.path, f.line) == (r["check_id"], r["path"], r["start"]["line"])
        assert f.tool == "semgrep" and f.tool_version == "1.182.0"
    ev = next(f for f in res.findings if f.rule_id == "python-eval")
    assert ev.cwe == (95,) and ev.level == "error" and ev.confidence == "LOW"
    assert ev.location.region.start_column is not None and ev.location.region.end_line is not None
    assert ev.location.snippet is None  # semgrep writes "requires login" instead of the code
    assert ev.tool_fingerprints == {}


def test_semgrep_json_and_sarif_agree_on_fingerprints() -> None:
    """The same scan in two formats gives the same findings, hence the same verdict keys."""
    j = load_findings([PYAPP / "findings" / "semgrep.json"], PYAPP).findings
    s = load_findings([PYAPP / "findings" / "semgrep.sarif"], PYAPP).findings
    assert sorted(f.fingerprint for f in j) == sorted(f.fingerprint for f in s)


def test_semgrep_errors_are_reported_as_warnings(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("eval(x)\n")
    doc = {
        "version": "1.182.0",
        "errors": [{"type": "Syntax error", "message": "could not parse b.py"}],
        "results": [
            {
                "check_id": "r.eval",
                "path": "a.py",
                "start": {"line": 1, "col": 1},
                "end": {"line": 1, "col": 8},
                "extra": {
                    "message": "eval",
                    "severity": "WARNING",
                    "metadata": {"cwe": "CWE-95"},
                    "lines": "eval(x)",
                },
            }
        ],
        "paths": {"scanned": ["a.py"]},
    }
    p = tmp_path / "sg.json"
    p.write_text(json.dumps(doc))
    res = load_findings([p], tmp_path)
    assert (
        len(res.findings) == 1
        and res.findings[0].cwe == (95,)
        and res.findings[0].location.snippet == "eval(x)"
    )
    assert [(e.where, e.severity) for e in res.errors] == [("$.errors[0]", "warning")]
    assert "could not parse b.py" in res.errors[0].message


def test_taint_trace(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = input()\ny = x\neval(y)\n")

    def loc(line: int) -> dict:
        return {"path": "a.py", "start": {"line": line, "col": 1}, "end": {"line": line, "col": 6}}

    doc = {
        "results": [
            {
                "check_id": "taint.eval",
                "path": "a.py",
                "start": {"line": 3, "col": 1},
                "end": {"line": 3, "col": 8},
                "extra": {
                    "message": "tainted eval",
                    "severity": "ERROR",
                    "dataflow_trace": {
                        "taint_source": ["CliLoc", [loc(1), "input()"]],
                        "intermediate_vars": [{"location": loc(2), "content": "y"}],
                        "taint_sink": ["CliLoc", [loc(3), "eval(y)"]],
                    },
                },
            }
        ],
        "errors": [],
        "paths": {"scanned": ["a.py"]},
    }
    p = tmp_path / "sg.json"
    p.write_text(json.dumps(doc))
    (f,) = load_findings([p], tmp_path).findings
    assert [(s.location.region.start_line, s.message, s.location.snippet) for s in f.trace] == [
        (1, "taint source", "input()"),
        (2, "intermediate variable", "y"),
        (3, "taint sink", "eval(y)"),
    ]
