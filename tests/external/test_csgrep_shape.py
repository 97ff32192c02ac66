"""The csgrep readers on output shaped exactly like OpenScanHub's (csgrep JSON and .err, written by
csgrep_shape.py from real gcc -fanalyzer and cppcheck output of the cproj fixture): the same
findings, families and offline verdicts as when the raw outputs are read."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.code.taint.families import family_of
from sastls.analyzers.findings.load import load_findings

HERE = Path(__file__).resolve().parent
CPROJ = HERE.parents[0] / "fixtures" / "projects" / "cproj"


def _shape():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("csgrep_shape", HERE / "csgrep_shape.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_csgrep_json_and_err_read_like_the_raw_outputs(tmp_path: Path) -> None:
    shape = _shape()
    out_json, out_err = tmp_path / "scan-results.js", tmp_path / "scan-results.err"
    gcc, cpp = CPROJ / "findings" / "gcc.json", CPROJ / "findings" / "cppcheck.xml"
    assert (
        shape.main(
            [
                "--repo",
                str(CPROJ),
                "--gcc",
                str(gcc),
                "--cppcheck",
                str(cpp),
                "--json",
                str(out_json),
                "--err",
                str(out_err),
            ]
        )
        == 0
    )
    raw = load_findings([gcc, cpp], CPROJ)
    index = WorkspaceIndex(CPROJ)

    def view(findings: list) -> set[tuple[str, int, str | None, str]]:  # type: ignore[type-arg]
        return {(f.path, f.line, family_of(f), judge_finding(f, index).verdict) for f in findings}

    want = view(raw.findings)
    for path, fmt in ((out_json, "csgrep-json"), (out_err, "csgrep-err")):
        got = load_findings([path], CPROJ)
        assert got.formats[str(path)] == fmt
        assert [e for e in got.errors if e.severity == "error"] == []
        assert view(got.findings) == want, path.name
        analyzer = [f for f in got.findings if f.rule_id == "GCC_ANALYZER_WARNING"]
        assert analyzer and all(f.tool == "gcc-analyzer" and f.trace for f in analyzer)
