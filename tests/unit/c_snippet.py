"""Judging a C snippet written for a test: the file, the line marked ``/* <- */``, a flawfinder-style
finding there, and the offline analyst's judgement (shared by the tests/unit/test_judge_c_*.py files)."""

from __future__ import annotations

from pathlib import Path

from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import Judgement, judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

MARK = "/* <- */"


def marked_line(code: str) -> int:
    """The 1-based line holding the mark."""
    return next(i for i, ln in enumerate(code.splitlines(), 1) if MARK in ln)


def judge_marked(
    tmp_path: Path,
    code: str,
    rule: str,
    message: str,
    cwe: tuple[int, ...],
    *,
    name: str | None = None,
    line: int | None = None,
) -> Judgement:
    """Write ``code`` as main.c and judge a flawfinder finding ``rule`` on its marked line."""
    (tmp_path / "main.c").write_text(code)
    finding = Finding(
        tool="flawfinder",
        rule_id=rule,
        rule_name=name if name is not None else message.split(":", 1)[0],
        message=message,
        location=Location("main.c", Region(line if line is not None else marked_line(code))),
        cwe=cwe,
    )
    return judge_finding(finding, WorkspaceIndex(tmp_path))


def said(
    tmp_path: Path, code: str, rule: str, message: str, cwe: tuple[int, ...], *, name: str | None = None
) -> str:
    """``VERDICT: justification`` of :func:`judge_marked` (assertion messages say why)."""
    got = judge_marked(tmp_path, code, rule, message, cwe, name=name)
    return f"{got.verdict}: {got.justification}"
