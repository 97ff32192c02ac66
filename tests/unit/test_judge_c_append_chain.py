"""Strings built by strcpy/strcat after one check of all their lengths together
(c_append_chain.py). Unsound variants (a constant one byte short, a string the check did not count,
the check outside a loop that repeats the appends, a counted string changed in between, the size
of another array) stay kept. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

CAT = (
    "buffer/strcat:Does not check for buffer overflows when concatenating to destination [MS-banned] "
    "(CWE-120)."
)
CPY = "buffer/strcpy:Does not check for buffer overflows when copying to destination [MS-banned] (CWE-120)."

JOIN = """#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    char expr[512];
    int i;

    expr[0] = '\\0';
    for (i = 1; i < argc; i++) {
        if (strlen(expr) + strlen(argv[i]) + 2 > sizeof(expr))
            return 2;
        strcat(expr, argv[i]);
        strcat(expr, " "); /* <- */
    }
    puts(expr);
    return 0;
}
"""

PATH = """#include <stdio.h>
#include <string.h>

int archive_add(const char *prefix, const char *path)
{
    char member[256];

    if (strlen(prefix) + strlen(path) >= sizeof(member))
        return -1;
    strcpy(member, prefix); /* <-cpy */
    strcat(member, path); /* <- */
    return puts(member);
}
"""

SAFE = {
    "join-args": (JOIN, CAT, "/* <- */"),
    "prefix-path-cat": (PATH, CAT, "/* <- */"),
    "prefix-path-cpy": (PATH, CPY, "/* <-cpy */"),
}

KEPT = {
    "one-byte-short": (JOIN.replace("+ 2 >", "+ 1 >"), CAT, "/* <- */"),
    "uncounted-string": (
        PATH.replace("strcat(member, path);", "strcat(member, prefix);"),
        CAT,
        "/* <- */",
    ),
    "check-outside-loop": (
        JOIN.replace(
            "    for (i = 1; i < argc; i++) {\n"
            "        if (strlen(expr) + strlen(argv[i]) + 2 > sizeof(expr))\n"
            "            return 2;\n",
            "    if (strlen(expr) + strlen(argv[1]) + 2 > sizeof(expr))\n        return 2;\n"
            "    for (i = 1; i < argc; i++) {\n",
        ).replace("strcat(expr, argv[i]);", "strcat(expr, argv[1]);"),
        CAT,
        "/* <- */",
    ),
    "counted-string-changed": (
        PATH.replace(
            "    strcpy(member, prefix); /* <-cpy */\n",
            "    strcpy(member, prefix); /* <-cpy */\n    grow(path);\n",
        ).replace(
            "int archive_add(const char *prefix, const char *path)",
            "void grow(const char *p);\n\nint archive_add(const char *prefix, char *path)",
        ),
        CAT,
        "/* <- */",
    ),
    "other-size": (
        PATH.replace("sizeof(member))", "sizeof(other))").replace(
            "    char member[256];\n", "    char member[256];\n    char other[512];\n"
        ),
        CAT,
        "/* <- */",
    ),
}


def _judge(tmp_path: Path, code: str, msg: str, mark: str) -> str:
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if mark in ln)
    rule, name = ("FF1005", "buffer/strcat") if msg is CAT else ("FF1001", "buffer/strcpy")
    got = judge_marked(tmp_path, code, rule, msg, (120,), name=name, line=line)
    return f"{got.verdict}: {got.justification}"


@pytest.mark.parametrize("case", sorted(SAFE))
def test_the_chain_fits(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, *SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, *KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
