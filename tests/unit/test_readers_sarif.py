"""SARIF reader: real bandit / semgrep / flawfinder SARIF, and a hand-made multi-run log."""

from __future__ import annotations

import json
from pathlib import Path

from sastls.analyzers.findings.load import load_findings

FIX = Path(__file__).resolve().parents[1] / "fixtures"
PYAPP = FIX / "projects" / "pyapp"
CPROJ = FIX / "projects" / "cproj"


def _raw_results(path: Path) -> list[dict]:
    return [r for run in json.loads(path.read_text())["runs"] for r in run["results"]]


def test_bandit_sarif_matches_the_raw_results() -> None:
    path = PYAPP / "findings" / "bandit.sarif"
    res = load_findings([path], PYAPP)
    raw = _raw_results(path)
    assert [e for e in res.errors if e.severity == "error"] == []
    assert len(res.findings) == len(raw) > 20
    assert res.formats == {str(path): "sarif"}
    by_rule = {(f.rule_id, f.path, f.line): f for f in res.findings}
    sql = by_rule[("B608", "app/db.py", 17)]
    assert sql.tool == "bandit"
    assert sql.cwe == (89,)  # from the rule's tags "external/cwe/cwe-89"
    assert sql.severity == "MEDIUM" and sql.confidence in {"LOW", "MEDIUM", "HIGH"}
    assert sql.help_uri and "b608" in sql.help_uri
    assert sql.location.snippet and "SELECT" in sql.location.snippet
    assert sql.run_index == 0 and sql.result_index is not None
    assert raw[sql.result_index]["ruleId"] == "B608"
    assert all(f.fingerprint for f in res.findings)


def test_semgrep_sarif_tool_name_and_cwe_from_tags() -> None:
    path = PYAPP / "findings" / "semgrep.sarif"
    res = load_findings([path], PYAPP)
    assert len(res.findings) == len(_raw_results(path))
    f = next(f for f in res.findings if f.rule_id == "python-sqli-string-built-query")
    assert f.tool == "semgrep"  # "Semgrep OSS" -> the same name as semgrep JSON
    assert f.cwe == (89,)  # tag "CWE-89: Improper Neutralization ..."
    assert f.level == "error"
    assert f.tool_fingerprints  # kept untouched


def test_flawfinder_sarif_cwe_from_rule_relationships() -> None:
    path = CPROJ / "findings" / "flawfinder.sarif"
    res = load_findings([path], CPROJ)
    assert len(res.findings) == len(_raw_results(path))
    system = [f for f in res.findings if f.rule_id == "FF1044"]
    assert {(f.path, f.line) for f in system} == {("src/main.c", 12), ("src/main.c", 17)}
    assert all(f.cwe == (78,) for f in system)
    assert all(f.level == "error" for f in system)  # from defaultConfiguration / result level


def test_multi_run_log() -> None:
    path = FIX / "findings" / "multi-run.sarif"
    res = load_findings([path], CPROJ)
    assert [e for e in res.errors if e.severity == "error"] == []
    got = {(f.run_index, f.result_index): f for f in res.findings}
    assert len(got) == 5

    # rule by ruleIndex only, message from messageStrings with arguments, base URIs chained
    # to an absolute file:// base from CI, mapped into the workspace by suffix
    first = got[(0, 0)]
    assert first.rule_id == "cert-str31-c" and first.rule_name == "StringCopyOverflow"
    assert first.message == "'strcpy' copies 'line' into a buffer of 32 bytes without checking its length."
    assert first.location.path == "src/main.c" and first.line == 29
    assert first.cwe == (120,)  # tag "CWE-120"
    assert first.tool == "codechecker-like" and first.tool_version == "6.23.0"
    assert [s.location.region.start_line for s in first.trace] == [24, 28, 29]
    assert first.trace[0].message == "line read from stdin" and first.trace[0].kind == "flow"
    assert first.tool_fingerprints == {"primaryLocationLineHash": "4b1c2e3f00aa7711:1"}

    # file:// URI, CWE from external/cwe tag, relatedLocations as trace
    fmt = got[(0, 1)]
    assert (fmt.path, fmt.line, fmt.cwe) == ("src/main.c", 56, (134,))
    assert [(s.kind, s.location.region.start_line, s.message) for s in fmt.trace] == [
        ("related", 36, "argv comes from the command line")
    ]

    # rule via result.rule, artifact by index, CWE from properties.cwe + taxa + relationships
    cmd = got[(0, 2)]
    assert (cmd.rule_id, cmd.path, cmd.line, cmd.cwe) == ("command-exec", "src/util.c", 21, (78,))

    # a rule of a tool extension (rule.toolComponent.index), CWE from its relationships
    ext = got[(0, 3)]
    assert ext.rule_id == "taint/argv-to-buffer" and ext.cwe == (787,)

    # second run, another tool; %SRCROOT% without originalUriBaseIds is the workspace
    ff = got[(1, 0)]
    assert (ff.tool, ff.path, ff.line, ff.level, ff.cwe) == ("flawfinder", "src/main.c", 12, "error", (78,))
    assert ff.location.snippet == "    system(cmd);"


def test_result_level_defaults_and_unknown_level(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\ny = 2\n")
    doc = {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {"name": "t", "rules": [{"id": "R", "defaultConfiguration": {"level": "note"}}]}
                },
                "results": [
                    {"ruleId": "R", "message": {"text": "m"}, "locations": _loc("a.py", 1)},
                    {"ruleId": "R", "level": "loud", "message": {"text": "m2"}, "locations": _loc("a.py", 2)},
                ],
            }
        ],
    }
    p = tmp_path / "x.sarif"
    p.write_text(json.dumps(doc))
    res = load_findings([p], tmp_path)
    assert [f.level for f in res.findings] == ["note", "warning"]
    assert any(
        "unknown level 'loud'" in e.message and e.where == "$.runs[0].results[1].level" for e in res.errors
    )


def _loc(path: str, line: int) -> list[dict]:
    return [{"physicalLocation": {"artifactLocation": {"uri": path}, "region": {"startLine": line}}}]
