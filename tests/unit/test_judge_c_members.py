"""Uninitialised struct members (cppcheck uninitvar / uninitStructMember "s.a", gcc ‘s.a’) are
judged member by member: an assignment to ``s.a``, to ``s`` or an initialiser of ``s`` initialises
``s.a``; one to another member does not; a write into a part of it or through an address that
escapes leaves it undecided (NEEDS_REVIEW), never "never assigned". Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import Judgement, judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"

HEAD = """#include <string.h>
struct In { int x; int y; };
struct S { int n; char *a; char *b; struct In in; char name[8]; };
int use(struct S *s);
int take(int v);
"""


def judge(tmp_path: Path, code: str, member: str, tool: str = "cppcheck") -> Judgement:
    (tmp_path / "main.c").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    if tool == "cppcheck":
        finding = Finding(
            tool="cppcheck",
            rule_id="uninitvar",
            message=f"Uninitialized variable: {member}",
            location=Location("main.c", Region(line)),
            cwe=(457,),
            properties={"symbols": [member]},
        )
    else:
        finding = Finding(
            tool="gcc",
            rule_id="-Wanalyzer-use-of-uninitialized-value",
            message=f"use of uninitialized value ‘{member}’",
            location=Location("main.c", Region(line)),
            cwe=(457,),
        )
    return judge_finding(finding, WorkspaceIndex(tmp_path))


CASES: list[tuple[str, str, str, str]] = [
    (
        "member-assigned-before",  # the previous shift's repro: s.a is assigned, s.b is the one written
        "s.a",
        FP,
        """int f(void) {
    struct S s; char buf[8];
    s.n = 0;
    s.a = buf;
    s.b = s.a + 8; /* <- */
    return use(&s);
}""",
    ),
    (
        "member-never-assigned-other-members-are",
        "s.a",
        TP,
        """int f(void) {
    struct S s;
    s.n = 0;
    s.b = 0;
    s.b = s.a + 8; /* <- */
    return use(&s);
}""",
    ),
    (
        "member-assigned-on-one-branch",
        "s.a",
        TP,
        """int f(int k) {
    struct S s; char buf[8];
    s.n = 0;
    if (k)
        s.a = buf;
    s.b = s.a + 8; /* <- */
    return use(&s);
}""",
    ),
    (
        "member-struct-initialiser",
        "s.a",
        FP,
        """int f(void) {
    struct S s = {0};
    s.b = s.a; /* <- */
    return use(&s);
}""",
    ),
    (
        "member-designated-initialiser-zeroes-the-rest",
        "s.a",
        FP,
        """int f(void) {
    struct S s = {.n = 3};
    s.b = s.a; /* <- */
    return use(&s);
}""",
    ),
    (
        "member-whole-struct-assigned",
        "s.a",
        FP,
        """int f(struct S t) {
    struct S s;
    s = t;
    s.b = s.a; /* <- */
    return use(&s);
}""",
    ),
    (
        "member-memset-whole-struct",
        "s.a",
        FP,
        """int f(void) {
    struct S s;
    memset(&s, 0, sizeof(s));
    s.b = s.a; /* <- */
    return use(&s);
}""",
    ),
    (
        "member-memset-type-size",
        "s.a",
        FP,
        """int f(void) {
    struct S s;
    memset(&s, 0, sizeof(struct S));
    s.b = s.a; /* <- */
    return use(&s);
}""",
    ),
    (
        "member-memset-short-size-is-undecided",
        "s.a",
        NR,
        """int f(void) {
    struct S s;
    memset(&s, 0, 4);
    s.b = s.a; /* <- */
    return use(&s);
}""",
    ),
    (
        "member-address-passed-is-undecided",
        "s.a",
        NR,
        """int f(void) {
    struct S s;
    use(&s);
    s.b = s.a; /* <- */
    return 0;
}""",
    ),
    (
        "member-pointer-to-struct-is-undecided",
        "s.a",
        NR,
        """int f(char *buf) {
    struct S s;
    struct S *p = &s;
    p->a = buf;
    s.b = s.a; /* <- */
    return use(&s);
}""",
    ),
    (
        "member-part-assigned-is-undecided",
        "s.in",
        NR,
        """int f(void) {
    struct S s;
    s.in.x = 1;
    struct In copy = s.in; /* <- */
    return copy.x;
}""",
    ),
    (
        "nested-member-assigned",
        "s.in.y",
        FP,
        """int f(void) {
    struct S s;
    s.in.x = 1;
    s.in.y = 2;
    return take(s.in.y); /* <- */
}""",
    ),
    (
        "nested-member-its-sibling-assigned",
        "s.in.y",
        TP,
        """int f(void) {
    struct S s;
    s.in.x = 1;
    return take(s.in.y); /* <- */
}""",
    ),
    (
        "nested-member-whole-inner-assigned",
        "s.in.y",
        FP,
        """int f(struct In v) {
    struct S s;
    s.in = v;
    return take(s.in.y); /* <- */
}""",
    ),
    (
        "array-member-written-by-strcpy-is-undecided",
        "s.name",
        NR,
        """int f(void) {
    struct S s;
    strcpy(s.name, "x");
    s.a = s.name; /* <- */
    return use(&s);
}""",
    ),
    (
        "member-after-loop-that-may-not-run",
        "s.a",
        TP,
        """int f(int k, char *buf) {
    struct S s;
    for (int i = 0; i < k; i++)
        s.a = buf;
    s.b = s.a; /* <- */
    return use(&s);
}""",
    ),
    (
        "member-assigned-in-both-branches",
        "s.a",
        FP,
        """int f(int k, char *buf) {
    struct S s;
    if (k)
        s.a = buf;
    else
        s.a = 0;
    s.b = s.a; /* <- */
    return use(&s);
}""",
    ),
]


@pytest.mark.parametrize(("name", "member", "want", "code"), CASES, ids=[c[0] for c in CASES])
def test_member(tmp_path: Path, name: str, member: str, want: str, code: str) -> None:
    got = judge(tmp_path, HEAD + code + "\n", member)
    assert got.verdict == want, got.justification
    assert member in got.justification, got.justification


@pytest.mark.parametrize(("name", "member", "want", "code"), CASES[:4], ids=[c[0] for c in CASES[:4]])
def test_gccs_quoted_member_is_read_the_same(
    tmp_path: Path, name: str, member: str, want: str, code: str
) -> None:
    got = judge(tmp_path, HEAD + code + "\n", member, tool="gcc")
    assert got.verdict == want, got.justification


def test_never_says_never_assigned_of_a_struct_whose_members_were_assigned(tmp_path: Path) -> None:
    """A finding naming no member lands on ``s`` itself: an assignment to one member is a partial
    write, so the struct is not "never assigned"."""
    code = HEAD + "int f(void) {\n    struct S s;\n    s.n = 0;\n    return use(&s); /* <- */\n}\n"
    (tmp_path / "main.c").write_text(code)
    finding = Finding(
        tool="cppcheck",
        rule_id="uninitvar",
        message="Uninitialized variable: s",
        location=Location("main.c", Region(code.splitlines().index("    return use(&s); /* <- */") + 1)),
        cwe=(457,),
        properties={"symbols": ["s"]},
    )
    got = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert got.verdict != FP and "never assigned" not in got.justification, got.justification


def test_a_member_of_another_family_is_left_for_review(tmp_path: Path) -> None:
    code = HEAD + "#include <stdlib.h>\nvoid f(void) {\n    struct S s;\n    s.a = malloc(4);\n"
    code += "    free(s.a);\n    free(s.a); /* <- */\n}\n"
    (tmp_path / "main.c").write_text(code)
    finding = Finding(
        tool="gcc",
        rule_id="-Wanalyzer-double-free",
        message="double-‘free’ of ‘s.a’",
        location=Location("main.c", Region(code.splitlines().index("    free(s.a); /* <- */") + 1)),
        cwe=(415,),
    )
    got = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert got.verdict == NR, got.justification


def test_a_scalar_whose_address_an_unknown_callee_gets_is_undecided(tmp_path: Path) -> None:
    """``init(&x)`` may or may not assign ``x``: not "never assigned" (a scanf conversion, which
    leaves it unassigned when it fails, stays a real path: tests/unit/test_judge_c_memory.py)."""
    code = HEAD + "void init(int *v);\nint f(void) {\n    int x;\n    init(&x);\n    return x; /* <- */\n}\n"
    (tmp_path / "main.c").write_text(code)
    finding = Finding(
        tool="gcc",
        rule_id="-Wanalyzer-use-of-uninitialized-value",
        message="use of uninitialized value ‘x’",
        location=Location("main.c", Region(code.splitlines().index("    return x; /* <- */") + 1)),
        cwe=(457,),
    )
    got = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert got.verdict == NR, got.justification


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("    s.b = s.a + 8; /* <- */", FP),  # s.a assigned above; s.b is written, not read
        ("    return take(s.n) + (s.b == 0); /* <- */", TP),  # s.b never assigned
    ],
)
def test_a_finding_naming_nothing_is_judged_on_the_members_the_line_reads(
    tmp_path: Path, line: str, want: str
) -> None:
    code = HEAD + f"int f(void) {{\n    struct S s; char buf[8];\n    s.n = 0;\n    s.a = buf;\n{line}\n"
    code += "    return use(&s);\n}\n"
    (tmp_path / "main.c").write_text(code)
    finding = Finding(
        tool="sastls-corpus",
        rule_id="uninit-457",
        message="Variable that may be read before it is assigned.",
        location=Location("main.c", Region(code.splitlines().index(line) + 1)),
        cwe=(457,),
    )
    got = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert got.verdict == want, got.justification
    assert "never assigned" not in got.justification or "`s.b`" in got.justification, got.justification


@pytest.mark.parametrize(
    ("types", "want"),
    [
        ("struct V { int n; union { int i; float f; } u; };", NR),  # u.i and u.f share storage
        ("struct V { int n; struct { int i; float f; } u; };", NR),  # an anonymous struct: not resolved
        ("struct W { int i; float f; };\nstruct V { int n; struct W u; };", TP),  # storage of its own
    ],
)
def test_a_sibling_written_through_a_union_is_undecided(tmp_path: Path, types: str, want: str) -> None:
    code = f"{types}\nint take(float v);\nint f(void) {{\n    struct V v;\n    v.u.i = 1;\n"
    code += "    return take(v.u.f); /* <- */\n}\n"
    got = judge(tmp_path, code, "v.u.f")
    assert got.verdict == want, got.justification
