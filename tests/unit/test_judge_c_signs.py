"""C judgement of signed values converted to unsigned ones (CWE-195, cppcheck's ``signConversion``):
each case pins one general cause with a real and a safe variant (written for these tests; none is
taken from a corpus).

- a value that cannot be negative where it is converted (a constant, every definition that can
  reach the point, a dominating check that it is at least 0) is no finding;
- a negative constant that can still reach the point (the assignment that replaces it may not run),
  or a number parsed from text with no check, is one;
- a parameter of a function only its own file can call has what every call passes;
- a value the analyst cannot follow (a parameter of a function others may call) asks for review.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"
MESSAGE = (
    "Expression 'n' can have a negative value. That is converted to an unsigned value and used in an "
    "unsigned calculation."
)


def verdict(tmp_path: Path, code: str) -> tuple[str, str]:
    (tmp_path / "main.c").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    finding = Finding(
        tool="cppcheck",
        rule_id="signConversion",
        message=MESSAGE,
        location=Location("main.c", Region(line)),
        cwe=(195,),
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    return j.verdict, j.justification


ALLOC = """
#include <stdio.h>
#include <stdlib.h>
static int always = 1;
void run(int c, const char *text)
{
    int n;
    int *p;
    n = -1;
    SET
    p = malloc(n * sizeof(int)); /* <- */
    free(p);
}
"""

HELPER = """
#include <stdlib.h>
static void take(int n)
{
    int *p = malloc(n * sizeof(int)); /* <- */
    free(p);
}
void run(void)
{
    take(8);
    take(ARG);
}
"""

CASES: list[tuple[str, str, str]] = [
    ("replaced-in-an-always-taken-branch", FP, ALLOC.replace("SET", "if (always) { n = 20; }")),
    (
        "replaced-in-the-else-of-a-never-taken-branch",
        FP,
        ALLOC.replace("SET", "if (0) { (void)c; } else { n = 20; }"),
    ),
    ("replaced-on-both-branches", FP, ALLOC.replace("SET", "if (c) n = 20; else n = 4;")),
    ("replaced-only-when-a-condition-holds", TP, ALLOC.replace("SET", "if (c) { n = 20; }")),
    ("replaced-inside-a-loop", TP, ALLOC.replace("SET", "while (c-- > 0) { n = 20; }")),
    ("parsed-from-text", TP, ALLOC.replace("SET", "n = atoi(text);")),
    ("parsed-from-text-then-checked", FP, ALLOC.replace("SET", "n = atoi(text);\n    if (n < 0) return;")),
    ("scanned-from-input", TP, ALLOC.replace("SET", 'if (fscanf(stdin, "%d", &n) != 1) return;')),
    (
        "scanned-from-input-inside-a-positive-check",
        FP,
        ALLOC.replace("SET", 'if (fscanf(stdin, "%d", &n) != 1) return;\n    if (n > 0)'),
    ),
    ("a-parameter", NR, ALLOC.replace("n = -1;", "n = c;").replace("SET", "")),
    ("a-parameter-every-call-passes-a-size", FP, HELPER.replace("ARG", "20")),
    ("a-parameter-one-call-passes-a-negative-number", TP, HELPER.replace("ARG", "-1")),
    (
        "a-parameter-of-a-function-others-may-call",
        NR,
        HELPER.replace("ARG", "20").replace("static void take", "void take"),
    ),
]


@pytest.mark.parametrize(("name", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_sign_cases(tmp_path: Path, name: str, expected: str, code: str) -> None:
    got, why = verdict(tmp_path, code)
    assert got == expected, f"{name}: {got}: {why}"


def test_a_global_is_not_followed_as_a_local(tmp_path: Path) -> None:
    """A global another function may set (to -1) is not settled by the definitions of one function,
    even when that function reads it into a local."""
    code = """
#include <stdlib.h>
int n = 4;
void reset(void) { n = -1; }
void run(void)
{
    int k = n;
    int *p;
    (void)k;
    n = 4;
    reset();
    p = malloc(n * sizeof(int)); /* <- */
    free(p);
}
"""
    got, why = verdict(tmp_path, code)
    assert got != FP, why
