"""What sprintf() prints, bounded by what its arguments can be (c_int_width.py, c_tables.py): an
integer conversion by its argument's type or checked range (``%u`` of a ``uint16_t`` is at most 5
characters, ``%02x`` of an ``unsigned char`` 2, ``%hhu`` 3; ``x / 100`` and ``x % 100`` of a
``long`` 18 and 3, and ``labs(LONG_MIN)`` stays negative), and ``%s`` of a member of a constant
table by the longest literal in it. Unsound variants (a signed value printed unsigned, a member
declared with two types, a table with a NULL sentinel, a table that can change, a buffer one byte
short) stay kept. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

SPRINTF = "buffer/sprintf:Does not check for buffer overflows (CWE-120)."
STRLEN = "buffer/strlen:Does not handle strings that are not \\0-terminated (CWE-126)."
HEAD = "#include <stdio.h>\n#include <stdint.h>\n#include <string.h>\n\n"


def _fn(params: str, body: str, *, extra: str = "") -> str:
    return HEAD + extra + f"void show({params})\n{{\n{body}}}\n"


MONEY = (
    '    sprintf(b, "%s%ld.%02ld", cents < 0 ? "-" : "", labs(cents) / 100, labs(cents) % 100); /* <- */\n'
    "    puts(b);\n"
)
CASES = {
    "money-in-24": (
        _fn(
            "long cents",
            "    char b[24];\n" + MONEY,
            extra="#include <stdlib.h>\n",
        ),
        True,
    ),
    "money-in-23": (
        _fn(
            "long cents",
            "    char b[23];\n" + MONEY,
            extra="#include <stdlib.h>\n",
        ),
        False,
    ),
    "remainder-of-int": (
        _fn("int v", '    char b[4];\n    sprintf(b, "%d", v % 100); /* <- */\n    puts(b);\n'),
        True,
    ),
    "remainder-of-int-short": (
        _fn("int v", '    char b[3];\n    sprintf(b, "%d", v % 100); /* <- */\n    puts(b);\n'),
        False,
    ),
    "quotient-of-checked": (
        _fn(
            "int v",
            "    char b[3];\n    if (v < 0 || v > 999)\n        return;\n"
            '    sprintf(b, "%d", v / 10); /* <- */\n    puts(b);\n',
        ),
        True,
    ),
    "quotient-of-int": (
        _fn("int v", '    char b[9];\n    sprintf(b, "%d", v / 10); /* <- */\n    puts(b);\n'),
        False,
    ),
    "uint16-in-6": (
        _fn(
            "uint16_t port", '    char b[6];\n    sprintf(b, "%u", (unsigned)port); /* <- */\n    puts(b);\n'
        ),
        True,
    ),
    "uint16-in-5": (
        _fn(
            "uint16_t port", '    char b[5];\n    sprintf(b, "%u", (unsigned)port); /* <- */\n    puts(b);\n'
        ),
        False,
    ),
    "byte-hex": (
        _fn("unsigned char c", '    char b[3];\n    sprintf(b, "%02x", c); /* <- */\n    puts(b);\n'),
        True,
    ),
    "int-hex": (_fn("int c", '    char b[3];\n    sprintf(b, "%02x", c); /* <- */\n    puts(b);\n'), False),
    "signed-char-decimal": (
        _fn("signed char c", '    char b[5];\n    sprintf(b, "%d", c); /* <- */\n    puts(b);\n'),
        True,
    ),
    "signed-char-decimal-short": (
        _fn("signed char c", '    char b[4];\n    sprintf(b, "%d", c); /* <- */\n    puts(b);\n'),
        False,
    ),
    "short-printed-unsigned": (
        _fn("short s", '    char b[6];\n    sprintf(b, "%u", (unsigned)s); /* <- */\n    puts(b);\n'),
        False,
    ),
    "hhu-of-int": (_fn("int v", '    char b[4];\n    sprintf(b, "%hhu", v); /* <- */\n    puts(b);\n'), True),
    "checked-range": (
        _fn(
            "int v",
            "    char b[4];\n    if (v < 0 || v > 999)\n        return;\n"
            '    sprintf(b, "%d", v); /* <- */\n    puts(b);\n',
        ),
        True,
    ),
    "member-one-type": (
        _fn(
            "const struct cfg *c",
            '    char b[6];\n    sprintf(b, "%u", (unsigned)c->port); /* <- */\n    puts(b);\n',
            extra="struct cfg { uint16_t port; };\n\n",
        ),
        True,
    ),
    "member-two-types": (
        _fn(
            "const struct cfg *c",
            '    char b[6];\n    sprintf(b, "%u", (unsigned)c->port); /* <- */\n    puts(b);\n',
            extra="struct cfg { uint16_t port; };\nstruct other { unsigned port; };\n\n",
        ),
        False,
    ),
}

TABLE = (
    "struct opt { const char *name; int arg; };\n"
    'static const struct opt opts[] = { { "help", 0 }, { "verbose", 0 }, { "output", 1 } };\n\n'
)
TABLES = {
    "const-struct-table": (TABLE, "char f[10]", True),
    "buffer-one-short": (TABLE, "char f[9]", False),
    "null-sentinel": (
        TABLE.replace('{ "output", 1 } }', '{ "output", 1 }, { NULL, 0 } }'),
        "char f[10]",
        False,
    ),
    "not-const": (TABLE.replace("static const struct", "static struct"), "char f[10]", False),
    "index-past-the-table": (TABLE, "char f[10]", False),
}
# the index that picks the element: checked inside the table (three elements), or one too far
PICK = {"index-past-the-table": "    if (i > 3) return;\n"}


@pytest.mark.parametrize("case", sorted(CASES))
def test_integer_conversions_by_range(tmp_path: Path, case: str) -> None:
    code, fits = CASES[case]
    got = judge_marked(tmp_path, code, "FF1015", SPRINTF, (120,))
    assert (got.verdict == "FALSE_POSITIVE") == fits, (case, got.verdict, got.justification)


@pytest.mark.parametrize("case", sorted(TABLES))
def test_strings_of_a_constant_table(tmp_path: Path, case: str) -> None:
    table, buf, fits = TABLES[case]
    pick = PICK.get(case, "    if (i >= 3) return;\n")
    body = f'    {buf};\n{pick}    sprintf(f, "--%s", opts[i].name); /* <- */\n    puts(f);\n'
    got = judge_marked(tmp_path, _fn("unsigned i", body, extra=table), "FF1015", SPRINTF, (120,))
    assert (got.verdict == "FALSE_POSITIVE") == fits, (case, got.verdict, got.justification)


@pytest.mark.parametrize(
    ("declaration", "fits"),
    [
        ('static const char *names[] = { "a", "bb" };', True),
        ('const char *const names[] = { "a", "bb" };', True),
        ('const char *names[] = { "a", "bb" };', False),
        ('static const char *names[] = { "a", "bb" }; /* i <= 2 */', False),
    ],
)
def test_strlen_of_a_table_string(tmp_path: Path, declaration: str, fits: bool) -> None:
    """The string read must be one of the table's: its index is checked inside the table (a check
    that lets ``i`` reach 2 of a two-element table keeps the finding)."""
    limit = "2" if "/* i <= 2 */" in declaration else "1"
    body = f'    if (i > {limit}) return;\n    printf("%zu\\n", strlen(names[i])); /* <- */\n'
    got = judge_marked(
        tmp_path, _fn("unsigned i", body, extra=declaration + "\n\n"), "FF1022", STRLEN, (126,)
    )
    assert (got.verdict == "FALSE_POSITIVE") == fits, (declaration, got.verdict, got.justification)
