"""Sound C judgement: each case pins a general cause of a wrong "safe" verdict (or of a missed
proof), with a real and a false variant. Written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"


def verdict(tmp_path: Path, code: str, cwe: int, rule: str = "rule", message: str = "m") -> tuple[str, str]:
    (tmp_path / "main.c").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    finding = Finding(
        tool="scanner", rule_id=rule, message=message, location=Location("main.c", Region(line)), cwe=(cwe,)
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    return j.verdict, j.justification


CASES: list[tuple[str, int, str, str]] = [
    # a call that only reads a variable says nothing about what it holds
    (
        "command-macro-naming-a-variable",
        78,
        TP,
        """
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#define SHELL "sh"
#define ARGUMENT line
void run(void) {
    char buffer[100] = "ls ";
    char *line = buffer;
    size_t used = strlen(line);
    char *extra = getenv("EXTRA");
    if (extra != NULL)
        strncat(line + used, extra, 100 - used - 1);
    execlp(SHELL, SHELL, "-c", ARGUMENT, NULL); /* <- */
}
""",
    ),
    (
        "command-macro-naming-a-constant-variable",
        78,
        FP,
        """
#include <unistd.h>
#define SHELL "sh"
#define ARGUMENT line
void run(void) {
    char *line = "ls -l";
    execlp(SHELL, SHELL, "-c", ARGUMENT, NULL); /* <- */
}
""",
    ),
    # writes through pointer arithmetic and through another pointer into the same buffer
    (
        "format-filled-through-an-offset",
        134,
        TP,
        """
#include <stdio.h>
#include <string.h>
void show(FILE *in) {
    char buffer[100] = "";
    char *text = buffer;
    size_t used = strlen(text);
    if (fgets(text + used, (int)(100 - used), in) == NULL)
        return;
    printf(buffer); /* <- */
}
""",
    ),
    # a parsed number handed to another function is judged where it is used
    (
        "number-used-in-a-helper",
        190,
        TP,
        """
#include <stdio.h>
#include <stdlib.h>
static void twice(int n) {
    int doubled = n * 2;
    printf("%d\\n", doubled);
}
void parse(const char *s) {
    int n = atoi(s); /* <- */
    twice(n);
}
""",
    ),
    (
        "number-checked-in-a-helper",
        190,
        FP,
        """
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
static void twice(int n) {
    if (n > 0 && n < INT_MAX / 2) {
        int doubled = n * 2;
        printf("%d\\n", doubled);
    }
}
void parse(const char *s) {
    int n = atoi(s); /* <- */
    twice(n);
}
""",
    ),
    (
        "number-decremented",
        191,
        TP,
        """
#include <stdlib.h>
int parse(const char *s) {
    int n = atoi(s); /* <- */
    --n;
    return 0;
}
""",
    ),
    # an upper bound alone does not rule out an underflow
    (
        "negative-times-two",
        191,
        TP,
        """
int twice(int n) {
    if (n < 0) {
        int r = n * 2; /* <- */
        return r;
    }
    return 0;
}
""",
    ),
    (
        "negative-times-two-bounded-below",
        191,
        FP,
        """
#include <limits.h>
int twice(int n) {
    if (n < 0 && n > INT_MIN / 2) {
        int r = n * 2; /* <- */
        return r;
    }
    return 0;
}
""",
    ),
]


@pytest.mark.parametrize(("name", "cwe", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_soundness_cases(tmp_path: Path, name: str, cwe: int, expected: str, code: str) -> None:
    got, why = verdict(tmp_path, code, cwe)
    assert got == expected, f"{name}: {got}: {why}"
