"""C judgement of strings, appends and stack blocks: each case pins one general cause with a real and a
safe variant (written for these tests; none is taken from a corpus).

- a character array read as a string (printed, measured, copied from) needs a terminator first;
- ``strlen`` is judged by its argument's terminator and by what the length it returns bounds;
- appending into the room left after a string (``fgets(buf + len, N - len, f)``) and terminating
  what ``recv`` received (``buf[len + got]``) stay inside the array;
- a pointer a helper returns is followed even when the helper overwrites its parameter first;
- ``alloca`` is harmless only when small, constant, once per call and used inside its bounds;
- calls through a macro that renames a library function are judged as that function;
- a pointer copied from one that is never NULL there is not NULL either;
- a buffer that only ever holds literals without conversions is a constant format;
- ``sizeof(p)`` bounds a write only when ``p`` is an array, not a pointer (8 bytes, whatever it points to).
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


DECL = ("flawfinder", "FF1013", (119, 120))
STRLEN = ("flawfinder", "FF1022", (126,))
STRNCPY = ("flawfinder", "FF1008", (120,))
ALLOCA = ("cppcheck", "allocaCalled", ())
INPUT = ("flawfinder", "FF1070", (20,))
NULLP = ("cppcheck", "nullPointer", (476,))
FORMAT = ("flawfinder", "FF1016", (134,))
MEMSET = ("flawfinder", "FF1004", (120,))

CASES: list[tuple[str, tuple[str, str, tuple[int, ...]], str, str]] = [
    (
        "elements-copied-without-terminator-then-printed",
        DECL,
        TP,
        """
#include <stdio.h>
#include <string.h>
void show(void) {
    char from[64], to[32]; /* <- */
    int k;
    memset(from, 'x', 63);
    from[63] = '\\0';
    for (k = 0; k < 31; k++)
        to[k] = from[k];
    puts(to);
}
""",
    ),
    (
        "elements-copied-and-terminated-then-printed",
        DECL,
        FP,
        """
#include <stdio.h>
#include <string.h>
void show(void) {
    char from[64], to[32]; /* <- */
    int k;
    memset(from, 'x', 63);
    from[63] = '\\0';
    for (k = 0; k < 31; k++)
        to[k] = from[k];
    to[31] = '\\0';
    puts(to);
}
""",
    ),
    (
        "copy-source-moved-before-its-block-by-a-helper",
        STRNCPY,
        TP,
        """
#include <stdlib.h>
#include <string.h>
static char *pick(char *p) {
    char *block = malloc(64);
    if (block == NULL) exit(1);
    memset(block, 'y', 63);
    block[63] = '\\0';
    p = block - 4;
    return p;
}
void use(void) {
    char *p = NULL;
    char out[64];
    p = pick(p);
    out[0] = '\\0';
    strncpy(out, p, 63); /* <- */
    out[63] = '\\0';
}
""",
    ),
    (
        "copy-source-at-the-start-of-its-block-from-a-helper",
        STRNCPY,
        FP,
        """
#include <stdlib.h>
#include <string.h>
static char *pick(char *p) {
    char *block = malloc(64);
    if (block == NULL) exit(1);
    memset(block, 'y', 63);
    block[63] = '\\0';
    p = block;
    return p;
}
void use(void) {
    char *p = NULL;
    char out[64];
    p = pick(p);
    out[0] = '\\0';
    strncpy(out, p, 63); /* <- */
    out[63] = '\\0';
}
""",
    ),
    (
        "append-into-the-room-left-after-the-string",
        DECL,
        FP,
        """
#include <stdio.h>
#include <string.h>
void read_more(FILE *in) {
    char line[80] = "";  /* <- */
    char *text = line;
    size_t used = strlen(text);
    if (fgets(text + used, (int)(80 - used), in) == NULL)
        text[used] = '\\0';
    puts(text);
}
""",
    ),
    (
        "append-with-a-limit-beyond-the-array",
        DECL,
        TP,
        """
#include <stdio.h>
#include <string.h>
void read_more(FILE *in) {
    char line[80] = "";  /* <- */
    char *text = line;
    size_t used = strlen(text);
    if (fgets(text + used, (int)(160 - used), in) == NULL)
        text[used] = '\\0';
    puts(text);
}
""",
    ),
    (
        "received-bytes-terminated-after-an-error-check",
        DECL,
        FP,
        """
#include <sys/socket.h>
#include <string.h>
#include <stdio.h>
void receive(int sock) {
    char text[100] = "";  /* <- */
    size_t used = strlen(text);
    int got = recv(sock, (char *)(text + used), sizeof(char) * (100 - used - 1), 0);
    if (got == -1 || got == 0)
        return;
    text[used + got / sizeof(char)] = '\\0';
    puts(text);
}
""",
    ),
    (
        "received-bytes-terminated-without-an-error-check",
        DECL,
        TP,
        """
#include <sys/socket.h>
#include <string.h>
#include <stdio.h>
void receive(int sock) {
    char text[100] = "";  /* <- */
    size_t used = strlen(text);
    int got = recv(sock, (char *)(text + used), sizeof(char) * (100 - used - 1), 0);
    text[used + got / sizeof(char)] = '\\0';
    puts(text);
}
""",
    ),
    (
        "input-read-within-its-buffer",
        INPUT,
        FP,
        """
#include <sys/socket.h>
void receive(int sock) {
    char text[100];
    int got = recv(sock, text, sizeof(text) - 1, 0); /* <- */
    if (got > 0)
        text[got] = '\\0';
}
""",
    ),
    (
        "input-read-beyond-its-buffer",
        INPUT,
        TP,
        """
#include <sys/socket.h>
void receive(int sock) {
    char text[100];
    int got = recv(sock, text, 200, 0); /* <- */
    if (got > 0)
        text[got] = '\\0';
}
""",
    ),
    (
        "strlen-of-a-terminated-array",
        STRLEN,
        FP,
        """
#include <string.h>
#include <stdio.h>
void measure(void) {
    char text[40];
    memset(text, 'z', 39);
    text[39] = '\\0';
    printf("%zu\\n", strlen(text)); /* <- */
}
""",
    ),
    (
        "strlen-of-a-filled-array-with-no-terminator",
        STRLEN,
        TP,
        """
#include <string.h>
#include <stdio.h>
void measure(void) {
    char text[40];
    memset(text, 'z', 40);
    printf("%zu\\n", strlen(text)); /* <- */
}
""",
    ),
    (
        "strlen-of-an-array-terminated-on-one-branch-only",
        STRLEN,
        TP,
        """
#include <string.h>
#include <stdio.h>
void measure(int ready) {
    char text[40];
    memset(text, 'z', 40);
    if (ready)
        text[39] = '\\0';
    printf("%zu\\n", strlen(text)); /* <- */
}
""",
    ),
    (
        "strlen-whose-length-bounds-reads-of-a-smaller-array",
        STRLEN,
        TP,
        """
#include <string.h>
void mix(void) {
    char small[10], big[50];
    size_t k, n;
    memset(small, 'a', 9);
    small[9] = '\\0';
    memset(big, 'b', 49);
    big[49] = '\\0';
    n = strlen(big); /* <- */
    for (k = 0; k < n; k++)
        big[k] = small[k];
}
""",
    ),
    (
        "strlen-whose-length-bounds-reads-of-an-array-as-large",
        STRLEN,
        FP,
        """
#include <string.h>
void mix(void) {
    char other[50], big[50];
    size_t k, n;
    memset(other, 'a', 49);
    other[49] = '\\0';
    memset(big, 'b', 49);
    big[49] = '\\0';
    n = strlen(big); /* <- */
    for (k = 0; k < n; k++)
        big[k] = other[k];
}
""",
    ),
    (
        "alloca-small-constant-used-inside",
        ALLOCA,
        FP,
        """
#include <alloca.h>
#include <string.h>
void work(void) {
    char *tmp = (char *)alloca(64); /* <- */
    memset(tmp, 0, 64);
}
""",
    ),
    (
        "alloca-small-constant-overflowed",
        ALLOCA,
        TP,
        """
#include <alloca.h>
#include <string.h>
void work(void) {
    char *tmp = (char *)alloca(64); /* <- */
    memset(tmp, 0, 128);
}
""",
    ),
    (
        "alloca-sized-by-the-caller",
        ALLOCA,
        NR,
        """
#include <alloca.h>
#include <string.h>
void work(size_t n) {
    char *tmp = (char *)alloca(n); /* <- */
    memset(tmp, 0, n);
}
""",
    ),
    (
        "alloca-in-a-loop",
        ALLOCA,
        NR,
        """
#include <alloca.h>
#include <string.h>
void work(int rounds) {
    int r;
    for (r = 0; r < rounds; r++) {
        char *tmp = (char *)alloca(64); /* <- */
        memset(tmp, 0, 64);
    }
}
""",
    ),
    (
        "macro-renaming-snprintf-bounded",
        DECL,
        FP,
        """
#include <stdio.h>
#define FORMAT_INTO snprintf
void name(const char *who) {
    char text[32]; /* <- */
    FORMAT_INTO(text, sizeof(text), "%s", who);
    puts(text);
}
""",
    ),
    (
        "macro-renaming-snprintf-with-a-larger-bound",
        DECL,
        TP,
        """
#include <stdio.h>
#define FORMAT_INTO snprintf
void name(const char *who) {
    char text[32]; /* <- */
    FORMAT_INTO(text, 64, "%s", who);
    puts(text);
}
""",
    ),
    (
        "variadic-argument-printed-by-a-literal-format",
        DECL,
        FP,
        """
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
static void out(const char *first, ...) {
    va_list args;
    va_start(args, first);
    vprintf("%s\\n", args);
    va_end(args);
}
void run(void) {
    char text[32]; /* <- */
    strcpy(text, "hello");
    out("x", text);
}
""",
    ),
    (
        "variadic-argument-handed-to-a-runtime-format",
        DECL,
        TP,
        """
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
static void out(const char *first, ...) {
    va_list args;
    va_start(args, first);
    vprintf(first, args);
    va_end(args);
}
void run(const char *fmt) {
    char text[32]; /* <- */
    strcpy(text, "hello");
    out(fmt, text);
}
""",
    ),
    (
        "copy-into-a-block-reallocated-larger",
        STRNCPY,
        FP,
        """
#include <stdlib.h>
#include <string.h>
void grow(void) {
    char *data = malloc(64);
    char *bigger;
    if (data == NULL) exit(1);
    bigger = realloc(data, 256);
    if (bigger == NULL) exit(1);
    data = bigger;
    strncpy(data, "a text", 40); /* <- */
    data[39] = '\\0';
}
""",
    ),
    (
        "copy-into-a-block-reallocated-smaller",
        STRNCPY,
        TP,
        """
#include <stdlib.h>
#include <string.h>
void shrink(void) {
    char *data = malloc(64);
    char *smaller;
    if (data == NULL) exit(1);
    smaller = realloc(data, 8);
    if (smaller == NULL) exit(1);
    data = smaller;
    strncpy(data, "a text", 40); /* <- */
    data[7] = '\\0';
}
""",
    ),
    (
        "copy-of-a-checked-allocation-under-a-flag-that-never-changes",
        NULLP,
        FP,
        """
#include <stdlib.h>
#include <string.h>
static int enabled = 1;
void fill(void) {
    char *data = NULL;
    if (enabled) {
        char *block = malloc(32);
        if (block == NULL) exit(1);
        data = block;
    }
    memset(data, 0, 32); /* <- */
}
""",
    ),
    (
        "copy-of-a-checked-allocation-under-a-flag-that-changes",
        NULLP,
        TP,
        """
#include <stdlib.h>
#include <string.h>
static int enabled = 1;
void off(void) { enabled = 0; }
void fill(void) {
    char *data = NULL;
    if (enabled) {
        char *block = malloc(32);
        if (block == NULL) exit(1);
        data = block;
    }
    memset(data, 0, 32); /* <- */
}
""",
    ),
    (
        "copy-of-an-unchecked-allocation",
        NULLP,
        TP,
        """
#include <stdlib.h>
#include <string.h>
void fill(void) {
    char *data = NULL;
    char *block = malloc(32);
    data = block;
    memset(data, 0, 32); /* <- */
}
""",
    ),
    (
        "format-buffer-that-only-holds-a-literal",
        FORMAT,
        FP,
        """
#include <stdio.h>
#include <string.h>
void say(void) {
    char text[64] = "";
    char *shown = text;
    strcpy(shown, "hello there");
    printf(shown); /* <- */
}
""",
    ),
    (
        "format-buffer-also-filled-from-input",
        FORMAT,
        TP,
        """
#include <stdio.h>
#include <string.h>
void say(int from_user) {
    char text[64] = "";
    char *shown = text;
    strcpy(shown, "hello there");
    if (from_user && fgets(text, sizeof(text), stdin) == NULL)
        return;
    printf(shown); /* <- */
}
""",
    ),
    (
        "format-buffer-holding-a-literal-with-a-conversion",
        FORMAT,
        TP,
        """
#include <stdio.h>
#include <string.h>
void say(void) {
    char text[64] = "";
    strcpy(text, "value %s");
    printf(text); /* <- */
}
""",
    ),
    (
        "sizeof-of-a-pointer-to-a-smaller-block",
        MEMSET,
        TP,
        """
#include <stdlib.h>
#include <string.h>
void clear(void) {
    char *p = malloc(4);
    if (p == NULL) return;
    memset(p, 0, sizeof(p)); /* <- */
    free(p);
}
""",
    ),
    (
        "sizeof-of-the-array-itself",
        MEMSET,
        FP,
        """
#include <string.h>
void clear(void) {
    char b[4];
    memset(b, 0, sizeof(b)); /* <- */
    b[3] = 1;
}
""",
    ),
]


@pytest.mark.parametrize(("name", "finding", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_string_and_stack_cases(
    tmp_path: Path, name: str, finding: tuple[str, str, tuple[int, ...]], expected: str, code: str
) -> None:
    got, why = verdict(tmp_path, code, *finding)
    assert got == expected, f"{name}: {got}: {why}"
