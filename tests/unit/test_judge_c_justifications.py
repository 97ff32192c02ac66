""" "Safe" justifications read against the code (docs/c-justification-audit.md): each case pins a
general cause of a FALSE_POSITIVE whose sentence was not literally true, or that had no positive
evidence for the claim the finding makes, with a real and a false variant. Written for these tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"

# (tool, rule id, rule name, message, CWEs)
ALLOCA = ("cppcheck", "allocaCalled", None, "Obsolete function 'alloca' called.", ())
ARRAY = (
    "flawfinder",
    "FF1013",
    "buffer/char",
    "buffer/char:Statically-sized arrays can be improperly restricted",
    (119, 120),
)
STRLEN = (
    "flawfinder",
    "FF1022",
    "buffer/strlen",
    "buffer/strlen:Does not handle strings that are not \\0-terminated",
    (126,),
)
SYSTEM = ("flawfinder", "FF1044", "shell/system", "shell/system:This causes a new program to execute", (78,))
NULL_DEREF = ("cppcheck", "nullPointer", None, "Null pointer dereference: p", (476,))
ATOI = (
    "flawfinder",
    "FF1047",
    "integer/atoi",
    "integer/atoi:Unless checked, the resulting number can exceed the expected range",
    (190,),
)


def verdict(
    tmp_path: Path, code: str, rule: tuple[str, str, str | None, str, tuple[int, ...]]
) -> tuple[str, str]:
    (tmp_path / "main.c").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    tool, rule_id, name, message, cwe = rule
    finding = Finding(
        tool=tool,
        rule_id=rule_id,
        rule_name=name,
        message=message,
        location=Location("main.c", Region(line)),
        cwe=cwe,
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    return j.verdict, j.justification


CASES: list[tuple[str, tuple[str, str, str | None, str, tuple[int, ...]], str, str]] = [
    # A command buffer written through another pointer into it is not "built only from literals".
    (
        "command-appended-through-an-alias",
        SYSTEM,
        TP,
        """
#include <stdlib.h>
#include <string.h>
void f(void)
{
    char cmd[100] = "ls ";
    char *tail = cmd;
    strncat(tail, getenv("DIR"), 50);
    system(cmd); /* <- */
}
""",
    ),
    (
        "command-of-literals-through-an-alias",
        SYSTEM,
        FP,
        """
#include <stdlib.h>
#include <string.h>
void f(void)
{
    char cmd[100] = "ls ";
    char *tail = cmd;
    strncat(tail, "-l", 50);
    system(cmd); /* <- */
}
""",
    ),
    # A check holds inside its branch only while nothing assigns what it tested.
    (
        "null-check-then-pointer-reassigned",
        NULL_DEREF,
        TP,
        """
#include <stddef.h>
void f(int *p)
{
    if (p != NULL) {
        p = NULL;
        *p = 1; /* <- */
    }
}
""",
    ),
    (
        "null-check-then-pointer-handed-by-address",
        NULL_DEREF,
        TP,
        """
#include <stddef.h>
void reset(int **pp);
void f(int *p)
{
    while (p != NULL) {
        reset(&p);
        *p = 1; /* <- */
    }
}
""",
    ),
    (
        # a function handed the address of a pointer may set it to NULL
        "pointer-handed-by-address-after-pointing-to-an-object",
        NULL_DEREF,
        TP,
        """
void reset(int **pp);
void f(int *p)
{
    int x = 0;
    p = &x;
    reset(&p);
    *p = 1; /* <- */
}
""",
    ),
    (
        "null-check-then-pointer-reassigned-in-the-and",
        NULL_DEREF,
        TP,
        """
#include <stddef.h>
int f(int *p)
{
    return p != NULL && (p = NULL, *p == 1); /* <- */
}
""",
    ),
    (
        "null-check-held-in-its-branch",
        NULL_DEREF,
        FP,
        """
#include <stddef.h>
void f(int *p, int *q)
{
    if (p != NULL) {
        q = p;
        *p = 1; /* <- */
    }
}
""",
    ),
    # A finding about strlen() of a string without its terminator is about the length read, not
    # only about the writes on its line.
    (
        "length-read-of-an-unterminated-array",
        STRLEN,
        TP,
        """
#include <string.h>
void f(const char *src)
{
    char dest[100];
    memset(dest, 'C', sizeof(dest));
    if (strlen(dest) < 100) memcpy(dest, "abc", 4); /* <- */
}
""",
    ),
    (
        "length-read-of-a-terminated-array",
        STRLEN,
        FP,
        """
#include <string.h>
void f(void)
{
    char dest[100];
    char src[100];
    memset(dest, 'C', sizeof(dest) - 1);
    dest[sizeof(dest) - 1] = '\\0';
    memset(src, 'A', sizeof(src));
    memcpy(dest, src, strlen(dest)); /* <- */
}
""",
    ),
    # A parsed number that picks an array element is "used": it must stay inside the array.
    (
        "parsed-number-indexes-with-one-end-checked",
        ATOI,
        TP,
        """
#include <stdlib.h>
int f(const char *s)
{
    int table[10] = {0};
    int n = atoi(s); /* <- */
    if (n >= 0)
        table[n] = 1;
    return table[0];
}
""",
    ),
    (
        "parsed-number-indexes-with-both-ends-checked",
        ATOI,
        FP,
        """
#include <stdlib.h>
int f(const char *s)
{
    int table[10] = {0};
    int n = atoi(s); /* <- */
    if (n >= 0 && n < 10)
        table[n] = 1;
    return table[0];
}
""",
    ),
    # A block handed back to the caller is reached by code the judgement does not follow; alloca's
    # and a local array's storage end when the function returns.
    (
        "alloca-block-returned",
        ALLOCA,
        TP,
        """
#include <alloca.h>
#include <string.h>
static char *scratch(void)
{
    char *p = alloca(8); /* <- */
    return p;
}
void f(void)
{
    strcpy(scratch(), "longer than eight bytes");
}
""",
    ),
    (
        "alloca-block-used-and-dropped",
        ALLOCA,
        FP,
        """
#include <alloca.h>
#include <string.h>
int f(void)
{
    char *p = alloca(8); /* <- */
    strcpy(p, "short");
    return (int)strlen(p);
}
""",
    ),
    (
        "local-array-returned",
        ARRAY,
        TP,
        """
static char *name(void)
{
    char p[8]; /* <- */
    p[0] = 0;
    return p;
}
char first(void) { return name()[0]; }
""",
    ),
    # A function the array is handed to stores the pointer where other code reaches it.
    (
        "callee-stores-the-pointer",
        ARRAY,
        TP,
        """
#include <string.h>
struct enc { char *start; char *end; };
static void put(struct enc *e, const char *s, int n) { memcpy(e->start, s, n); }
static void begin(struct enc *e, char *buf, int size) { e->start = buf; e->end = buf + size; }
void f(const char *s, int n)
{
    char buffer[64]; /* <- */
    struct enc e;
    begin(&e, buffer, sizeof(buffer));
    put(&e, s, n);
}
""",
    ),
    (
        "callee-returns-the-pointer-unused",
        ARRAY,
        FP,
        """
static char *clear(char *d, int n) { int i; for (i = 0; i < n && i < 8; i++) d[i] = 0; return d; }
char f(void)
{
    char buffer[8]; /* <- */
    clear(buffer, 8);
    return buffer[7];
}
""",
    ),
]


@pytest.mark.parametrize(("name", "rule", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_justifications_hold(
    tmp_path: Path,
    name: str,
    rule: tuple[str, str, str | None, str, tuple[int, ...]],
    expected: str,
    code: str,
) -> None:
    got, why = verdict(tmp_path, code, rule)
    if expected == NR:
        assert got != FP, f"{name}: {got}: {why}"
    else:
        assert got == expected, f"{name}: {got}: {why}"


def test_an_index_past_the_end_is_said_to_reach_it(tmp_path: Path) -> None:
    """``i <= 10`` is a check, one too loose: the justification says where the index goes, not that it
    is unchecked."""
    code = (
        "void f(void)\n{\n    int buf[10];\n    int i;\n"
        "    for (i = 0; i <= 10; i++)\n        buf[i] = 0; /* <- */\n}\n"
    )
    rule = ("cppcheck", "arrayIndexOutOfBounds", None, "Array 'buf[10]' accessed at index 10", (788,))
    got, why = verdict(tmp_path, code, rule)
    assert got == TP and "may be 10" in why, why


@pytest.mark.xfail(
    strict=True,
    reason="c_copies/c_lengths (branch c-precision): a length clamped by ?: is not read as bounded, and the "
    "TRUE_POSITIVE says 'not bounded by dest' of a length that never exceeds 16",
)
def test_a_length_clamped_by_a_conditional_is_bounded(tmp_path: Path) -> None:
    code = (
        "#include <string.h>\nvoid f(char *out, const char *src, size_t n)\n{\n    char dest[16];\n"
        "    memcpy(dest, src, n > 16 ? 16 : n); /* <- */\n    memcpy(out, dest, 16);\n}\n"
    )
    rule = ("flawfinder", "FF1004", "buffer/memcpy", "buffer/memcpy:Does not check for overflows", (120,))
    _verdict, why = verdict(tmp_path, code, rule)
    assert "not bounded" not in why, why
