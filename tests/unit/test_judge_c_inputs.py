"""C judgement of numbers read from input: each case pins one general cause with a real and a safe
variant (written for these tests; none is taken from a corpus).

- ``scanf("%d", &n)`` stores as many bytes as its conversion says: into a variable of that size it
  fits, into a smaller one it overflows it (``%d`` into a ``short``);
- a number read from input (``scanf``, ``atoi``) is only safe when every use is bounded: an array
  index needs a check against both ends, arithmetic a check against its type's range, also where a
  function returns it to callers only its own file has;
- ``n + 1`` can only overflow at the top (``n < INT_MAX`` suffices) and ``n - 1`` only at the bottom;
  ``abs(n) <= K`` bounds ``n`` on both sides;
- arithmetic stored into a ``short`` wraps at the ``short``'s range, not the ``int``'s;
- a number copied into another local is judged by that local's uses too; stored in a struct member,
  a global or handed out by address, it is kept; a loop it bounds is judged by what the loop does.
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


SCANF = ("flawfinder", "FF1021", (120, 20))
ATOI = ("flawfinder", "FF1047", (190,))

INDEX = """
#include <stdio.h>
void store(void)
{
    int n = -1;
    int table[10] = {0};
    fscanf(stdin, "%d", &n); /* <- */
    CHECK
        table[n] = 1;
}
"""

RETURNED = """
#include <stdio.h>
static int readn(void)
{
    int n = 0;
    fscanf(stdin, "%d", &n); /* <- */
    return n;
}
void store(void)
{
    int table[10] = {0};
    int k = readn();
    CHECK
        table[k] = 1;
}
"""

PARSED = """
#include <stdlib.h>
static int parse(const char *s)
{
    int n = atoi(s); /* <- */
    return n;
}
void store(const char *s)
{
    int table[10] = {0};
    int k = parse(s);
    CHECK
        table[k] = 1;
}
"""

SHORT = """
#include <stdio.h>
void lower(void)
{
    short n = 0;
    fscanf(stdin, "FMT", &n); /* <- */
    if (n > -100) {
        short m = n - 1;
        printf("%d", m);
    }
}
"""

ONE_SIDED = """
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
static void step(int n)
{
    if (CHECK) {
        int r = n OP 1;
        printf("%d", r);
    }
}
void run(const char *s)
{
    int n = atoi(s); /* <- */
    step(n);
}
"""

SQUARE = """
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
void square(void)
{
    short n = 0;
    fscanf(stdin, "%hd", &n); /* <- */
    if (abs((long)n) <= (long)sqrt((double)LIMIT)) {
        short r = n * n;
        printf("%d", r);
    }
}
"""

FLOW = """
#include <stdlib.h>
struct conf { int level; };
int level;
void adjust(int *n);
void store(const char *s)
{
    struct conf cfg;
    int table[10] = {0};
    STORE
    USE
}
"""

CASES: list[tuple[str, tuple[str, str, tuple[int, ...]], str, str]] = [
    ("add-one-below-the-top", ATOI, FP, ONE_SIDED.replace("CHECK", "n < INT_MAX").replace("OP", "+")),
    ("add-one-above-the-bottom", ATOI, TP, ONE_SIDED.replace("CHECK", "n > INT_MIN").replace("OP", "+")),
    ("subtract-one-above-the-bottom", ATOI, FP, ONE_SIDED.replace("CHECK", "n > INT_MIN").replace("OP", "-")),
    ("subtract-one-below-the-top", ATOI, TP, ONE_SIDED.replace("CHECK", "n < INT_MAX").replace("OP", "-")),
    ("square-of-a-magnitude-checked-against-the-root", SCANF, FP, SQUARE.replace("LIMIT", "SHRT_MAX")),
    ("square-of-a-magnitude-checked-against-too-much", SCANF, TP, SQUARE.replace("LIMIT", "INT_MAX")),
    ("index-checked-on-both-ends", SCANF, FP, INDEX.replace("CHECK", "if (n >= 0 && n < 10)")),
    ("index-checked-on-one-end", SCANF, TP, INDEX.replace("CHECK", "if (n < 10)")),
    (
        "index-returned-and-checked-by-the-only-caller",
        SCANF,
        FP,
        RETURNED.replace("CHECK", "if (k >= 0 && k < 10)"),
    ),
    ("index-returned-unchecked", SCANF, TP, RETURNED.replace("CHECK", "")),
    (
        "index-returned-from-a-function-others-may-call",
        SCANF,
        TP,
        RETURNED.replace("CHECK", "if (k >= 0 && k < 10)").replace("static int readn", "int readn"),
    ),
    ("parsed-index-returned-and-checked", ATOI, FP, PARSED.replace("CHECK", "if (k >= 0 && k < 10)")),
    ("parsed-index-returned-unchecked", ATOI, TP, PARSED.replace("CHECK", "")),
    (
        "parsed-index-used-unchecked-in-place",
        ATOI,
        TP,
        """
#include <stdlib.h>
void store(const char *s)
{
    int table[10] = {0};
    int n = atoi(s); /* <- */
    table[n] = 1;
}
""",
    ),
    # where the number goes: copies are followed, places the analyst cannot follow keep it
    (
        "parsed-into-a-struct-member",
        ATOI,
        TP,
        FLOW.replace("STORE", "cfg.level = atoi(s); /* <- */").replace("USE", "table[cfg.level] = 1;"),
    ),
    (
        "parsed-into-a-member-range-checked-next",
        ATOI,
        FP,
        FLOW.replace(
            "STORE", "cfg.level = atoi(s); /* <- */\n    if (cfg.level < 0 || cfg.level > 9)\n        return;"
        ).replace("USE", "table[cfg.level] = 1;"),
    ),
    (
        "parsed-into-a-member-checked-on-one-end",
        ATOI,
        TP,
        FLOW.replace(
            "STORE", "cfg.level = atoi(s); /* <- */\n    if (cfg.level > 9)\n        return;"
        ).replace("USE", "table[cfg.level] = 1;"),
    ),
    (
        "parsed-into-a-member-used-before-the-check",
        ATOI,
        TP,
        FLOW.replace(
            "STORE",
            "cfg.level = atoi(s); /* <- */\n    table[cfg.level] = 1;\n"
            "    if (cfg.level < 0 || cfg.level > 9)\n        return;",
        ).replace("USE", ""),
    ),
    (
        "parsed-into-a-global",
        ATOI,
        TP,
        """
#include <stdlib.h>
int level;
int table[10];
void store(const char *s)
{
    level = atoi(s); /* <- */
}
void apply(void)
{
    table[level] = 1;
}
""",
    ),
    (
        "parsed-copied-and-indexed-unchecked",
        ATOI,
        TP,
        FLOW.replace("STORE", "int n = atoi(s); /* <- */\n    int m = n;").replace("USE", "table[m] = 1;"),
    ),
    (
        "parsed-copied-and-indexed-checked",
        ATOI,
        FP,
        FLOW.replace("STORE", "int n = atoi(s); /* <- */\n    int m = n;").replace(
            "USE", "if (m >= 0 && m < 10)\n        table[m] = 1;"
        ),
    ),
    (
        "parsed-copied-scaled-and-indexed",
        ATOI,
        TP,
        FLOW.replace(
            "STORE",
            "int n = atoi(s); /* <- */\n    int m;\n    if (n < 0 || n > 100) return;\n    m = n * 2;",
        ).replace("USE", "table[m] = 1;"),
    ),
    (
        "parsed-bounds-a-loop-that-indexes",
        ATOI,
        TP,
        FLOW.replace("STORE", "int n = atoi(s); /* <- */\n    int i;").replace(
            "USE", "for (i = 0; i < n; i++)\n        table[i] = 1;"
        ),
    ),
    (
        "parsed-bounds-a-checked-loop",
        ATOI,
        FP,
        FLOW.replace("STORE", "int n = atoi(s); /* <- */\n    int i;").replace(
            "USE", "for (i = 0; i < n && i < 10; i++)\n        table[i] = 1;"
        ),
    ),
    (
        "parsed-bounds-a-loop-that-writes-through-a-pointer",
        ATOI,
        TP,
        FLOW.replace("STORE", "int n = atoi(s); /* <- */\n    int *p = table;").replace(
            "USE", "while (n-- > 0)\n        *p++ = 1;"
        ),
    ),
    (
        "parsed-address-handed-out",
        ATOI,
        TP,
        FLOW.replace("STORE", "int n = atoi(s); /* <- */").replace("USE", "adjust(&n);"),
    ),
    (
        "parsed-from-a-pointer-into-the-text",
        ATOI,
        FP,
        """
#include <stdlib.h>
#include <string.h>
void store(const char *s)
{
    int table[64] = {0};
    const char *colon = strchr(s, ':');
    int w;
    if (colon == NULL)
        return;
    w = atoi(colon + 1); /* <- */
    if (w < 0 || w >= 64)
        return;
    table[w] = 1;
}
""",
    ),
    (
        "parsed-and-handed-to-a-helper-that-stores-it",
        ATOI,
        TP,
        """
#include <stdlib.h>
struct field { int width; };
static void put(struct field *f, int width)
{
    f->width = width;
}
void store(struct field *f, const char *s)
{
    int w = atoi(s); /* <- */
    put(f, w);
}
""",
    ),
    ("short-read-with-its-own-conversion", SCANF, FP, SHORT.replace("FMT", "%hd")),
    ("short-read-with-an-int-conversion", SCANF, TP, SHORT.replace("FMT", "%d")),
    (
        "short-lowered-below-its-range",
        SCANF,
        TP,
        SHORT.replace("FMT", "%hd").replace("if (n > -100)", "if (n > -40000)"),
    ),
]


@pytest.mark.parametrize(("name", "finding", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_number_cases(
    tmp_path: Path, name: str, finding: tuple[str, str, tuple[int, ...]], expected: str, code: str
) -> None:
    got, why = verdict(tmp_path, code, *finding)
    assert got == expected, f"{name}: {got}: {why}"


def test_safe_without_positive_evidence_asks_for_review_without_claiming_safety(tmp_path: Path) -> None:
    """A scan that stores nothing (``%*d`` skips what it reads) leaves no evidence to show: the
    finding asks for review, and its justification does not claim a bound it did not show."""
    code = """
#include <stdio.h>
void skip(void)
{
    fscanf(stdin, "%*d"); /* <- */
}
"""
    got, why = verdict(tmp_path, code, *SCANF)
    assert got == NR, why
    assert "bounded" not in why and "positive evidence" in why
