"""String cursors (c_cursor.py): a pointer stepped along a terminated string only from bytes that are
not NUL (``isspace(*s)``, ``*s == ':'``, ``*s && ...``), or moved to a search result one past a byte
that is not NUL (``strchr(s, '=') + 1`` checked against NULL), or returned by a function that only
does that to its parameter (``trim()``), never passes the terminator: ``strlen()`` of it stays inside
the string. Unsound variants (a step test that NUL passes, a search for a byte that may be NUL, no
NULL check, a step of 2, a NUL overwritten, a caller's unterminated buffer, a function returning
something else) stay kept. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

MSG = (
    "buffer/strlen:Does not handle strings that are not \\0-terminated; if given one it may perform an "
    "over-read (it could cause a crash if unprotected) (CWE-126)."
)
HEAD = "#include <ctype.h>\n#include <stdio.h>\n#include <string.h>\n\n"

TRIM = """static char *trim(char *s)
{
    char *end;

    while (isspace((unsigned char)*s))
        s++;
    end = s + strlen(s); /* <-trim */
    while (end > s && isspace((unsigned char)end[-1]))
        *--end = '\\0';
    return s;
}
"""

MAIN = """
int main(void)
{
    char line[256];

    while (fgets(line, sizeof line, stdin) != NULL)
        use(line);
    return 0;
}
"""


def _code(use_body: str, *, trim: str = TRIM, main: str = MAIN) -> str:
    return HEAD + trim + "\nstatic void use(char *line)\n{\n" + use_body + "}\n" + main


def _judge(tmp_path: Path, code: str, mark: str = "/* <- */") -> str:
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if mark in ln)
    got = judge_marked(tmp_path, code, "FF1022", MSG, (126,), line=line)
    return f"{got.verdict}: {got.justification}"


KEY_VALUE = """    char *eq, *key, *value;

    eq = strchr(line, '=');
    if (eq == NULL)
        return;
    *eq = '\\0';
    key = trim(line);
    value = trim(eq + 1);
    printf("%s %zu\\n", key, strlen(value)); /* <- */
"""

SAFE = {
    "trim-inside": (_code(KEY_VALUE), "/* <-trim */"),
    "trim-result": (_code(KEY_VALUE), "/* <- */"),
    "skip-to-colon": (
        _code(
            "    char *p = line;\n\n    while (*p && *p != ':')\n        p++;\n    puts(p);\n"
            '    printf("%zu\\n", strlen(p)); /* <- */\n'
        ),
        "/* <- */",
    ),
    "for-step": (
        _code(
            "    char *p;\n\n    for (p = line; *p == ' '; p++)\n        ;\n"
            '    printf("%zu\\n", strlen(p)); /* <- */\n'
        ),
        "/* <- */",
    ),
}

KEPT = {
    "step-test-passes-nul": _code(
        "    char *p = line;\n\n    while (*p != ':')\n        p++;\n"
        '    printf("%zu\\n", strlen(p)); /* <- */\n'
    ),
    "iscntrl-is-true-for-nul": _code(
        "    char *p = line;\n\n    while (iscntrl((unsigned char)*p))\n        p++;\n"
        '    printf("%zu\\n", strlen(p)); /* <- */\n'
    ),
    "search-for-a-byte-that-may-be-nul": _code(
        "    char *p = strchr(line, line[3]);\n\n    if (p == NULL)\n        return;\n"
        '    printf("%zu\\n", strlen(p + 1)); /* <- */\n'
    ),
    "no-null-check": _code(
        "    char *p = strchr(line, '=');\n\n    printf(\"%zu\\n\", strlen(p + 1)); /* <- */\n"
    ),
    "step-of-two": _code(
        "    char *p = line;\n\n    while (*p == ' ')\n        p += 2;\n"
        '    printf("%zu\\n", strlen(p)); /* <- */\n'
    ),
    "nul-overwritten": _code(
        "    char *p = line;\n    size_t n = strlen(line);\n\n    line[n] = 'x';\n"
        "    while (*p == ' ')\n        p++;\n"
        '    printf("%zu\\n", strlen(p)); /* <- */\n'
    ),
    "for-body-moves-too": _code(
        "    char *p;\n\n    for (p = line; *p; p++)\n        p++;\n"
        '    printf("%zu\\n", strlen(p)); /* <- */\n'
    ),
    "unterminated-caller": _code(
        KEY_VALUE,
        main="\nint main(void)\n{\n    char line[16];\n\n    if (fread(line, 1, sizeof line, stdin) == 0)\n"
        "        return 1;\n    use(line);\n    return 0;\n}\n",
    ),
    "returns-another-pointer": _code(
        KEY_VALUE,
        trim="static char spare[4];\n\nstatic char *trim(char *s)\n{\n"
        "    while (isspace((unsigned char)*s))\n"
        "        s++;\n    if (*s == '#')\n        return spare;\n    return s;\n}\n",
    ),
}


@pytest.mark.parametrize("case", sorted(SAFE))
def test_a_cursor_stays_inside_its_string(tmp_path: Path, case: str) -> None:
    code, mark = SAFE[case]
    got = _judge(tmp_path, code, mark)
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
