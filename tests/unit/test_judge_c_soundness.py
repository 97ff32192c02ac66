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


CASES += [
    # scanf conversions write into their buffer
    (
        "fscanf-string-without-width",
        120,
        TP,
        """
#include <stdio.h>
void read_name(void) {
    char name[32];
    if (fscanf(stdin, "%s", name) == 1) /* <- */
        puts(name);
}
""",
    ),
    (
        "fscanf-string-with-width",
        120,
        FP,
        """
#include <stdio.h>
void read_name(void) {
    char name[32];
    if (fscanf(stdin, "%31s", name) == 1) /* <- */
        puts(name);
}
""",
    ),
    (
        "declaration-written-by-scanf",
        119,
        TP,
        """
#include <stdio.h>
void read_name(void) {
    char name[32]; /* <- */
    if (scanf("%[^\\n]", name) == 1)
        puts(name);
}
""",
    ),
    (
        "sscanf-width-too-wide",
        120,
        TP,
        """
#include <stdio.h>
void parse(const char *line) {
    char word[8];
    sscanf(line, "%16s", word); /* <- */
}
""",
    ),
    # a declaration is judged in its own scope only
    (
        "declaration-same-name-in-another-function",
        119,
        FP,
        """
#include <string.h>
void other(const char *s) {
    char buf[8];
    strcpy(buf, s);
}
void mine(void) {
    char buf[8]; /* <- */
    strncpy(buf, "abc", sizeof(buf) - 1);
    buf[sizeof(buf) - 1] = '\\0';
}
""",
    ),
    (
        "declaration-written-through-a-pointer-before-it",
        124,
        TP,
        """
#include <string.h>
void shift(const char *s) {
    char buffer[100]; /* <- */
    char *p = buffer - 8;
    memcpy(p, s, 50);
}
""",
    ),
    (
        "declaration-written-through-a-pointer-into-it",
        121,
        FP,
        """
#include <string.h>
void shift(void) {
    char buffer[100]; /* <- */
    char *p = buffer + 8;
    memset(p, 'A', 50);
}
""",
    ),
    (
        "declaration-source-of-a-too-long-copy",
        121,
        TP,
        """
#include <alloca.h>
#include <string.h>
void copy(void) {
    char *small = alloca(10);
    char text[11] = "AAAAAAAAAA"; /* <- */
    memcpy(small, text, strlen(text) + 1);
}
""",
    ),
    (
        "declaration-source-of-a-fitting-copy",
        121,
        FP,
        """
#include <alloca.h>
#include <string.h>
void copy(void) {
    char *big = alloca(11);
    char text[11] = "AAAAAAAAAA"; /* <- */
    memcpy(big, text, strlen(text) + 1);
}
""",
    ),
    (
        "declaration-handed-to-a-helper-that-overreads",
        126,
        TP,
        """
#include <string.h>
#include <stdio.h>
static void show(const char *src) {
    char dest[100];
    memcpy(dest, src, 99);
    dest[99] = '\\0';
    puts(dest);
}
void run(void) {
    char small[50]; /* <- */
    memset(small, 'A', 49);
    small[49] = '\\0';
    show(small);
}
""",
    ),
    # a declaration whose address is stored in a structure others write through
    (
        "declaration-escaping-into-a-structure",
        119,
        TP,
        """
#include <stddef.h>
struct state { char *buf; size_t cap; };
void fill(struct state *st, const char *src);
void run(const char *src) {
    struct state st;
    char scratch[64]; /* <- */
    st.buf = scratch;
    st.cap = sizeof(scratch);
    fill(&st, src);
}
""",
    ),
    # the object a pointer to a variable points to is the variable
    (
        "memcpy-into-a-variable-of-its-size",
        120,
        FP,
        """
#include <string.h>
typedef unsigned short unit16;
unit16 first(void) {
    unsigned char wire[4] = {1, 2, 3, 4};
    unit16 v;
    memcpy(&v, wire, sizeof(unit16)); /* <- */
    return v;
}
""",
    ),
    (
        "memcpy-into-a-variable-too-long",
        120,
        TP,
        """
#include <string.h>
int first(const unsigned char *p) {
    int v;
    memcpy(&v, p, 16); /* <- */
    return v;
}
""",
    ),
    # a copy that may leave no terminator, then used as a string
    (
        "memcpy-leaves-no-terminator",
        126,
        TP,
        """
#include <string.h>
#include <stdio.h>
void copy(const char *src) {
    char dest[100];
    memcpy(dest, src, 99); /* <- */
    puts(dest);
}
""",
    ),
    (
        "memcpy-then-terminated",
        126,
        FP,
        """
#include <string.h>
#include <stdio.h>
void copy(void) {
    char src[150];
    char dest[100];
    memset(src, 'A', 149);
    src[149] = '\\0';
    memcpy(dest, src, 99); /* <- */
    dest[99] = '\\0';
    puts(dest);
}
""",
    ),
    # an index checked only from above may be negative
    (
        "index-checked-from-above-only",
        124,
        TP,
        """
void put(int i) {
    int values[10];
    if (i < 10)
        values[i] = 1; /* <- */
}
""",
    ),
    (
        "index-checked-both-ends",
        124,
        FP,
        """
void put(int i) {
    int values[10];
    if (i >= 0 && i < 10)
        values[i] = 1; /* <- */
}
""",
    ),
]


@pytest.mark.parametrize(("name", "cwe", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_soundness_cases(tmp_path: Path, name: str, cwe: int, expected: str, code: str) -> None:
    got, why = verdict(tmp_path, code, cwe)
    assert got == expected, f"{name}: {got}: {why}"


def test_an_unmodelled_csgrep_checker_is_named_by_its_own_rule(tmp_path: Path) -> None:
    (tmp_path / "main.c").write_text("int f(int a) {\n    return -1 << a;\n}\n")
    finding = Finding(
        tool="gcc",
        rule_id="COMPILER_WARNING",
        rule_name="warning[-Wshift-negative-value]",
        message="left shift of negative value",
        location=Location("main.c", Region(2)),
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert j.verdict == NR and "COMPILER_WARNING -Wshift-negative-value" in j.justification
