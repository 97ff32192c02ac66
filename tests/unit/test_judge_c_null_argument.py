"""gcc's -Wanalyzer-null-argument names one argument of a call in its last path event ("argument 1
(...) NULL where non-null expected"); the analyst judges that argument (c_null_argument.py): a buffer
member kept under the capacity contract is not NULL where its capacity is shown to be at least 1.
Kept: a reserve that may leave the capacity 0 (no room for a terminator asked), an allocation stored
with its capacity before it is checked, another argument named. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region, TraceStep

from .test_judge_c_capacity import CODE, WITH_RESERVE

SAFE = {"grown-inline": CODE, "reserve-helper": WITH_RESERVE}
KEPT = {
    "capacity-may-stay-zero": WITH_RESERVE.replace(
        "size_t need = b->len + extra + 1;", "size_t need = b->len + extra;"
    ),
    "allocation-stored-unchecked": CODE.replace(
        "static void sb_free(struct strbuf *b)",
        "static void sb_init(struct strbuf *b)\n{\n    b->buf = malloc(64);\n"
        "    b->cap = 64;\n    b->len = 0;\n}\n\n"
        "static void sb_free(struct strbuf *b)",
    ),
}


def _judge(tmp_path: Path, code: str, position: int = 1) -> str:
    (tmp_path / "main.c").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    where = Location("main.c", Region(line))
    finding = Finding(
        tool="gcc",
        rule_id="-Wanalyzer-null-argument",
        rule_name="-Wanalyzer-null-argument",
        message="use of NULL where non-null expected",
        location=where,
        cwe=(476,),
        trace=(
            TraceStep(where, "‘out.buf’ is NULL [in sb_put]"),
            TraceStep(
                where, f"argument {position} (‘*b.buf + *b.len’) NULL where non-null expected [in sb_put]"
            ),
        ),
    )
    got = judge_finding(finding, WorkspaceIndex(tmp_path))
    return f"{got.verdict}: {got.justification}"


@pytest.mark.parametrize("case", sorted(SAFE))
def test_a_buffer_with_room_is_not_null(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)
    assert "Argument 1 of memcpy()" in got, (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)


def test_another_argument_is_not_excused(tmp_path: Path) -> None:
    got = _judge(tmp_path, CODE, position=2)
    assert not got.startswith("FALSE_POSITIVE"), got
