"""group_duplicates: the same problem from several tools becomes one group."""

from __future__ import annotations

from pathlib import Path

from sastls.analyzers.findings.load import load_findings
from sastls.analyzers.findings.merge import group_duplicates
from sastls.analyzers.findings.model import Finding, Level, Location, Region

PYAPP = Path(__file__).resolve().parents[1] / "fixtures" / "projects" / "pyapp"


def _f(
    tool: str, rule: str, line: int, cwe: tuple[int, ...], level: Level = "warning", path: str = "a.py"
) -> Finding:
    return Finding(
        tool=tool, rule_id=rule, message="m", location=Location(path, Region(line)), level=level, cwe=cwe
    )


def test_shared_cwe_across_tools_on_one_line() -> None:
    a = _f("bandit", "B608", 17, (89,), "warning")
    b = _f("semgrep", "sqli", 17, (89,), "error")
    c = _f("semgrep", "eval", 17, (95,))  # same line, other CWE: its own group
    d = _f("bandit", "B608", 18, (89,))  # other line
    groups = group_duplicates([a, b, c, d])
    assert [g.members for g in groups] == [(a, b), (c,), (d,)]
    assert groups[0].primary is b  # the highest level
    assert groups[0].tools == ("bandit", "semgrep") and groups[0].cwe == (89,)


def test_same_tool_never_groups_and_same_rule_groups_across_tools() -> None:
    a = _f("semgrep", "r", 3, (78,))
    b = _f("semgrep", "r2", 3, (78,))
    c = _f("codeql", "r", 3, ())
    groups = group_duplicates([a, b, c])
    assert [len(g.members) for g in groups] == [2, 1]
    assert groups[0].members == (a, c)


def test_transitive_groups_and_no_loss() -> None:
    a = _f("t1", "x", 5, (1,))
    b = _f("t2", "y", 5, (1, 2))
    c = _f("t3", "z", 5, (2,))
    other = _f("t1", "x", 5, (1,), path="b.py")
    groups = group_duplicates([a, b, c, other])
    assert [g.members for g in groups] == [(a, b, c), (other,)]
    assert sum(len(g.members) for g in groups) == 4


def test_bandit_and_semgrep_on_the_fixture() -> None:
    res = load_findings([PYAPP / "findings" / "bandit.json", PYAPP / "findings" / "semgrep.json"], PYAPP)
    groups = group_duplicates(res.findings)
    assert sum(len(g.members) for g in groups) == len(res.findings)
    places = {(g.primary.path, g.primary.line) for g in groups if g.tools == ("bandit", "semgrep")}
    assert ("app/db.py", 17) in places  # B608 and the SQLi rule, both CWE-89
    assert ("app/shell.py", 11) in places  # B602 and the command-injection rule, both CWE-78
