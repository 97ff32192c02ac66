"""C judgement of string lengths known from the code: each case pins one general cause with a real and
a safe variant (written for these tests; none is taken from a corpus).

- a buffer filled with N bytes that are not zero and terminated at N holds a string of at most N
  characters, also when the fill runs in the branch a constant condition always takes;
- a byte that may not be zero written at or before the end of a string may overwrite its terminator:
  its length is then unknown;
- ``len = strlen(s)`` is at most the longest string ``s`` holds where it is measured, so a loop
  ``i < len`` indexes inside a buffer longer than that string.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"


def verdict(tmp_path: Path, code: str, tool: str, rule: str, cwe: tuple[int, ...]) -> tuple[str, str]:
    (tmp_path / "main.c").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    finding = Finding(
        tool=tool, rule_id=rule, message="m", location=Location("main.c", Region(line)), cwe=cwe
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    return j.verdict, j.justification


STRLEN = ("flawfinder", "FF1022", (126,))
STRCPY = ("flawfinder", "FF1001", (120,))
DECL = ("flawfinder", "FF1013", (119, 120))

WIDE_MOVE = """
#include <string.h>
#include <wchar.h>
void copy(void) {
    wchar_t *text;
    wchar_t room[100];
    text = room;
    if (COND) {
        wmemset(text, L'x', FILL);
        text[FILL] = L'\\0';
    }
    {
        wchar_t out[40] = L"";
        memmove(out, text, wcslen(text) * sizeof(wchar_t)); /* <- */
        out[39] = L'\\0';
    }
}
"""

FILLED_ELSE = """
#include <stdlib.h>
#include <string.h>
static int never = 0;
void copy(void) {
    char *text = malloc(80);
    if (text == NULL) exit(1);
    if (never) {
        text[0] = '\\0';
    } else {
        memset(text, 'x', FILL);
        text[FILL] = '\\0';
    }
    {
        char out[30] = "";
        strcpy(out, text); /* <- */
    }
    free(text);
}
"""

LOOP_COPY = """
#include <string.h>
void copy(void) {
    char room[100];
    char out[40];
    size_t k, len;
    memset(room, 'x', FILL);
    room[FILL] = '\\0';
    len = strlen(room); /* <- */
    for (k = 0; k < len; k++)
        out[k] = room[k];
    out[39] = '\\0';
}
"""

CASES: list[tuple[str, tuple[str, str, tuple[int, ...]], str, str]] = [
    (
        "wide-fill-in-an-always-taken-branch-fits",
        STRLEN,
        FP,
        WIDE_MOVE.replace("COND", "1").replace("FILL", "39"),
    ),
    (
        "wide-fill-in-an-always-taken-branch-too-long",
        STRLEN,
        TP,
        WIDE_MOVE.replace("COND", "1").replace("FILL", "60"),
    ),
    (
        "wide-fill-in-a-branch-that-may-not-run",
        STRLEN,
        TP,
        WIDE_MOVE.replace("void copy(void)", "void copy(int c)").replace("COND", "c").replace("FILL", "39"),
    ),
    ("fill-in-the-else-of-a-never-true-static-fits", STRCPY, FP, FILLED_ELSE.replace("FILL", "29")),
    ("fill-in-the-else-of-a-never-true-static-too-long", STRCPY, TP, FILLED_ELSE.replace("FILL", "30")),
    (
        "fill-in-the-else-of-a-static-written-elsewhere",
        STRCPY,
        TP,
        FILLED_ELSE.replace("FILL", "29").replace("free(text);", "free(text);\n    never = 1;"),
    ),
    (
        "terminator-overwritten-by-a-letter",
        STRCPY,
        TP,
        """
#include <string.h>
void copy(void) {
    char text[100];
    char out[8];
    strcpy(text, "ab");
    text[2] = 'c';
    strcpy(out, text); /* <- */
}
""",
    ),
    (
        "letter-written-past-the-terminator",
        STRCPY,
        FP,
        """
#include <string.h>
void copy(void) {
    char text[100];
    char out[8];
    strcpy(text, "ab");
    text[5] = 'c';
    strcpy(out, text); /* <- */
}
""",
    ),
    ("loop-bounded-by-a-measured-short-string", STRLEN, FP, LOOP_COPY.replace("FILL", "39")),
    ("loop-bounded-by-a-measured-long-string", STRLEN, TP, LOOP_COPY.replace("FILL", "41")),
]


@pytest.mark.parametrize(("name", "finding", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_string_length_cases(
    tmp_path: Path, name: str, finding: tuple[str, str, tuple[int, ...]], expected: str, code: str
) -> None:
    got, why = verdict(tmp_path, code, *finding)
    assert got == expected, f"{name}: {got}: {why}"
