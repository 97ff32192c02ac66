"""C judgement through small helper functions: each case pins one general cause with a real and a
safe variant (written for these tests; none is taken from a corpus).

- a released pointer returned by a function only its own file can call is harmless when every caller
  stores it in a local nothing reads afterwards; a caller that frees or reads it, or a function
  others may call, keeps the finding;
- a command argument that is a parameter of such a function is as clean as what every call passes;
  a helper that only reads the text, or only appends literals to it, keeps it clean;
- a buffer handed to helpers that only print it (as a format whose every value is a literal without
  conversions) is not written by them;
- a wrapper's copy into its parameter is judged with the bytes each call hands it;
- a helper appending a literal to its parameter fits when the caller's string and the literal fit.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"


def verdict(
    tmp_path: Path, code: str, tool: str, rule: str, cwe: tuple[int, ...], message: str = "m"
) -> tuple[str, str]:
    (tmp_path / "main.c").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    finding = Finding(
        tool=tool, rule_id=rule, message=message, location=Location("main.c", Region(line)), cwe=cwe
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    return j.verdict, j.justification


DEALLOCRET = (
    "cppcheck",
    "deallocret",
    (672,),
    "Returning/dereferencing 'p' after it is deallocated / released",
)
EXEC = ("flawfinder", "FF1043", (78,))
DECL = ("flawfinder", "FF1013", (119, 120))

RELEASED = """
#include <stdlib.h>
STATIC int *make(int *p)
{
    p = malloc(10 * sizeof(int));
    if (p == NULL) exit(1);
    free(p);
    return p; /* <- */
}
void use(void)
{
    int *q = NULL;
    q = make(q);
    AFTER;
}
"""

COMMAND = """
#include <string.h>
#include <unistd.h>
static void show(const char *s)
{
    (void)s;
}
static void run(char *arg)
{
    show(arg);
    execlp("sh", "sh", "-c", arg, NULL); /* <- */
}
static void first(void)
{
    char line[100] = "ls ";
    strcat(line, "-l");
    run(line);
}
EXTRA
"""

APPEND = """
#include <string.h>
#include <unistd.h>
static char *add(char *s)
{
    strcat(s, "*.*");
    return s;
}
void run(void)
{
    char line[SIZE] = "ls "; /* <- */
    char *p = line;
    p = add(p);
    execlp("sh", "sh", "-c", p, NULL);
}
"""

PRINTED = """
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
static void say(char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vprintf(fmt, args);
    va_end(args);
}
static void pass(char *text)
{
    say(text, text);
}
void run(void)
{
    char line[100] = ""; /* <- */
    strcpy(line, "WORDS");
    pass(line);
}
"""

BLOCK = """
#include <alloca.h>
#include <string.h>
static void fill(int *p)
{
    int zeros[10] = {0};
    memmove(p, zeros, 10 * sizeof(int));
}
void run(void)
{
    int *block = alloca(SIZE); /* <- */
    fill(block);
}
"""
ALLOCA = ("cppcheck", "allocaCalled", ())

CASES: list[tuple[str, tuple[str, ...], str, str]] = [
    ("block-handed-to-a-wrapper-whose-copy-fits-it", ALLOCA, FP, BLOCK.replace("SIZE", "10 * sizeof(int)")),
    ("block-handed-to-a-wrapper-whose-copy-overflows-it", ALLOCA, TP, BLOCK.replace("SIZE", "10")),
    ("buffer-handed-to-helpers-that-only-print-it", DECL, FP, PRINTED.replace("WORDS", "plain words")),
    ("buffer-handed-to-helpers-that-print-it-as-a-format-with-%n", DECL, TP, PRINTED.replace("WORDS", "%n")),
    (
        "buffer-handed-to-a-printing-helper-others-may-call",
        DECL,
        TP,
        PRINTED.replace("WORDS", "plain words").replace("static void say", "void say"),
    ),
    (
        "released-and-returned-to-a-caller-that-drops-it",
        DEALLOCRET,
        FP,
        RELEASED.replace("STATIC", "static").replace("AFTER", "(void)0"),
    ),
    (
        "released-and-returned-to-a-caller-that-frees-it",
        DEALLOCRET,
        TP,
        RELEASED.replace("STATIC", "static").replace("AFTER", "free(q)"),
    ),
    (
        "released-and-returned-to-a-caller-that-reads-it",
        DEALLOCRET,
        TP,
        RELEASED.replace("STATIC", "static").replace("AFTER", "q[0] = 1"),
    ),
    (
        "released-and-returned-by-a-function-others-may-call",
        DEALLOCRET,
        TP,
        RELEASED.replace("STATIC", "").replace("AFTER", "(void)0"),
    ),
    ("command-parameter-every-call-passes-literals", EXEC, FP, COMMAND.replace("EXTRA", "")),
    (
        "command-parameter-one-call-passes-the-environment",
        EXEC,
        TP,
        COMMAND.replace("EXTRA", '#include <stdlib.h>\nstatic void second(void) { run(getenv("CMD")); }'),
    ),
    (
        "command-parameter-of-a-function-others-may-call",
        EXEC,
        TP,
        COMMAND.replace("static void run", "void run").replace("EXTRA", ""),
    ),
    (
        "command-parameter-a-helper-writes-into-first",
        EXEC,
        TP,
        COMMAND.replace("    (void)s;", "    extern void fill(const char *);\n    fill(s);").replace(
            "EXTRA", ""
        ),
    ),
    ("literal-appended-by-a-helper-fits", DECL, FP, APPEND.replace("SIZE", "100")),
    ("literal-appended-by-a-helper-overflows", DECL, TP, APPEND.replace("SIZE", "6")),
]


@pytest.mark.parametrize(("name", "finding", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_helper_cases(tmp_path: Path, name: str, finding: tuple[str, ...], expected: str, code: str) -> None:
    tool, rule, cwe, *message = finding
    got, why = verdict(tmp_path, code, tool, rule, cwe, *message)  # type: ignore[arg-type]
    assert got == expected, f"{name}: {got}: {why}"
