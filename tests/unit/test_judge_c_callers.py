"""C judgement through the calls of a function: each case pins one general cause with a real and a
safe variant (written for these tests; none is taken from a corpus).

- a ``static`` function whose name is only ever called in its file has no other callers: what every
  call passes settles its parameter (a string's length, a format that is always a literal); a
  function that is not ``static``, whose address is taken, or one call of which passes unknown data
  keeps its finding, and so does one that may change the object before the use;
- a function that returns its parameter unchanged hands back the pointer it was given (``p = f(p)``),
  and the literals it copies into it are what the buffer holds;
- a block allocated for ``strlen(src) + 1`` characters holds a copy of ``src`` when nothing changes
  ``src`` in between;
- a pointer handed to a helper is judged in the helper with what the call passes, and what the
  helper's callers pass is judged in their own functions (not with the helper's parameter names);
- ``strncat`` onto the terminator of a measured string writes at most its count and a terminator.
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


MEMCPY = ("flawfinder", "FF1004", (120,))
STRCPY = ("flawfinder", "FF1001", (120,))
FORMAT = ("flawfinder", "FF1016", (134,))
STRNCAT = ("flawfinder", "FF1010", (120,))
STRLEN = ("flawfinder", "FF1022", (126,))
ALLOCA = ("cppcheck", "allocaCalled", ())

HELPER_COPY = """
#include <stdio.h>
#include <string.h>
STATIC void show(char *text)
{
    char out[40] = "";
    memcpy(out, text, strlen(text)); /* <- */
    out[39] = '\\0';
    puts(out);
}
static void first(void)
{
    char room[100];
    memset(room, 'x', 30);
    room[30] = '\\0';
    show(room);
}
static void second(void)
{
    char word[64] = "short";
    show(word);
}
EXTRA
"""


def helper_copy(static: str = "static", extra: str = "") -> str:
    return HELPER_COPY.replace("STATIC", static).replace("EXTRA", extra)


HELPER_FORMAT = """
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
STATIC void say(char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vprintf(fmt, args); /* <- */
    va_end(args);
}
static void first(void)
{
    char text[64] = "";
    strcpy(text, "plain words");
    say(text, text);
}
static void second(void)
{
    say("fixed %d\\n", 3);
}
EXTRA
"""


def helper_format(static: str = "static", extra: str = "") -> str:
    return HELPER_FORMAT.replace("STATIC", static).replace("EXTRA", extra)


RETURNED = """
#include <stdio.h>
#include <string.h>
static char *fill(char *p)
{
    FILL;
    return p;
}
void run(void)
{
    char room[100] = "";
    char *text = room;
    text = fill(text);
    printf(text); /* <- */
}
"""

SIZED = """
#include <stdlib.h>
#include <string.h>
char *copy(const char *src)
{
    size_t n = strlen(src);
    char *dst = malloc(SIZE);
    if (dst == NULL) exit(1);
    BETWEEN;
    strcpy(dst, src); /* <- */
    return dst;
}
"""

APPEND = """
#include <stdlib.h>
#include <string.h>
void add(void)
{
    char room[100] = "head";
    size_t len = strlen(room);
    char *more = getenv("MORE");
    BETWEEN;
    if (more != NULL)
        strncat(room + len, more, COUNT); /* <- */
}
"""

CASES: list[tuple[str, tuple[str, str, tuple[int, ...]], str, str]] = [
    ("static-helper-every-caller-passes-a-short-string", MEMCPY, FP, helper_copy()),
    ("static-helper-measures-a-string-every-caller-terminated", STRLEN, FP, helper_copy()),
    (
        "static-helper-measures-a-string-a-caller-never-terminated",
        STRLEN,
        TP,
        helper_copy(extra="static void third(void) { char b[100]; memset(b, 'y', 100); show(b); }"),
    ),
    ("helper-that-is-not-static", MEMCPY, TP, helper_copy(static="")),
    (
        "static-helper-whose-address-is-taken",
        MEMCPY,
        TP,
        helper_copy(extra="void (*hook)(char *) = show;"),
    ),
    (
        "static-helper-one-caller-passes-input",
        MEMCPY,
        TP,
        helper_copy(extra="void third(char *line) { show(line); }"),
    ),
    (
        "static-helper-one-caller-passes-a-long-string",
        MEMCPY,
        TP,
        helper_copy(extra="static void third(void) { char b[100]; memset(b, 'y', 60); b[60] = 0; show(b); }"),
    ),
    (
        "static-helper-calls-unknown-code-before-the-copy",
        MEMCPY,
        TP,
        helper_copy().replace('    char out[40] = "";\n', '    char out[40] = "";\n    refill();\n'),
    ),
    (
        "static-helper-reads-another-width",
        STRCPY,
        TP,
        """
#include <string.h>
#include <wchar.h>
static void show(wchar_t *text)
{
    wchar_t out[40];
    wcscpy(out, text); /* <- */
}
static void first(void)
{
    char room[100];
    memset(room, 'x', 30);
    room[30] = '\\0';
    show((wchar_t *)room);
}
""",
    ),
    (
        "static-helper-handed-a-pointer-before-a-block",
        ALLOCA,
        TP,
        """
#include <alloca.h>
#include <string.h>
static void show(char *text)
{
    char out[200];
    memset(out, 'C', 199);
    out[199] = '\\0';
    strcpy(out, text);
}
void run(void)
{
    char *text;
    char *block = alloca(100); /* <- */
    memset(block, 'A', 99);
    block[99] = '\\0';
    text = block - 8;
    show(text);
}
""",
    ),
    (
        "static-helper-terminates-its-own-array-named-like-the-callers",
        STRCPY,
        TP,
        """
#include <string.h>
static void show(char *text)
{
    char room[8];
    char out[16];
    room[2] = '\\0';
    strcpy(out, text); /* <- */
    (void)room;
}
static void first(void)
{
    char room[100];
    memset(room, 'x', 60);
    room[60] = '\\0';
    show(room);
}
""",
    ),
    ("static-format-helper-every-caller-passes-literals", FORMAT, FP, helper_format()),
    ("format-helper-that-is-not-static", FORMAT, TP, helper_format(static="")),
    (
        "static-format-helper-stored-as-a-pointer",
        FORMAT,
        TP,
        helper_format(extra="void (*out)(char *, ...) = say;"),
    ),
    (
        "static-format-helper-one-caller-passes-read-text",
        FORMAT,
        TP,
        helper_format(extra="static void third(FILE *f) { char b[64]; if (fgets(b, 64, f)) say(b); }"),
    ),
    (
        "static-format-helper-one-caller-passes-a-literal-with-a-conversion-via-a-buffer",
        FORMAT,
        TP,
        helper_format(extra='static void third(void) { char b[64]; strcpy(b, "%s%s%n"); say(b); }'),
    ),
    (
        "helper-copies-a-literal-into-the-buffer-it-returns",
        FORMAT,
        FP,
        RETURNED.replace("FILL", 'strcpy(p, "words")'),
    ),
    (
        "helper-appends-input-to-the-buffer-it-returns",
        FORMAT,
        TP,
        RETURNED.replace("FILL", 'strcat(p, getenv("WORDS"))').replace(
            "#include <string.h>", "#include <stdlib.h>\n#include <string.h>"
        ),
    ),
    (
        "block-allocated-for-the-source",
        STRCPY,
        FP,
        SIZED.replace("SIZE", "n + 1").replace("BETWEEN", "(void)0"),
    ),
    ("block-allocated-one-short", STRCPY, TP, SIZED.replace("SIZE", "n").replace("BETWEEN", "(void)0")),
    (
        "source-grows-after-it-is-measured",
        STRCPY,
        TP,
        SIZED.replace("SIZE", "n + 1")
        .replace("BETWEEN", 'strcat((char *)src, "tail")')
        .replace("const char *src", "char *src"),
    ),
    (
        "wide-block-allocated-for-the-source",
        STRCPY,
        FP,
        SIZED.replace("char", "wchar_t")
        .replace("strlen", "wcslen")
        .replace("strcpy", "wcscpy")
        .replace("SIZE", "(n + 1) * sizeof(wchar_t)")
        .replace("BETWEEN", "(void)0")
        .replace("#include <string.h>", "#include <wchar.h>"),
    ),
    (
        "wide-block-allocated-in-bytes",
        STRCPY,
        TP,
        SIZED.replace("char", "wchar_t")
        .replace("strlen", "wcslen")
        .replace("strcpy", "wcscpy")
        .replace("SIZE", "n + 1")
        .replace("BETWEEN", "(void)0")
        .replace("#include <string.h>", "#include <wchar.h>"),
    ),
    (
        "append-at-the-end-within-the-room",
        STRNCAT,
        FP,
        APPEND.replace("COUNT", "100 - len - 1").replace("BETWEEN", "(void)0"),
    ),
    (
        "append-at-the-end-without-room-for-the-terminator",
        STRNCAT,
        TP,
        APPEND.replace("COUNT", "100 - len").replace("BETWEEN", "(void)0"),
    ),
    (
        "append-after-the-string-grew",
        STRNCAT,
        TP,
        APPEND.replace("COUNT", "100 - len - 1").replace("BETWEEN", 'strcat(room, "more")'),
    ),
]


@pytest.mark.parametrize(("name", "finding", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_caller_cases(
    tmp_path: Path, name: str, finding: tuple[str, str, tuple[int, ...]], expected: str, code: str
) -> None:
    got, why = verdict(tmp_path, code, *finding)
    assert got == expected, f"{name}: {got}: {why}"
