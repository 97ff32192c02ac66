"""The source side of a copy, shown inside a string: ``memcpy(ts, p, 15)`` under a check that
``strlen(p)`` is at least 15 (``if (strlen(p) < 16) return -1;``), and a (pointer, length) pair
whose every caller hands a length that cannot wrap because it is ``end - val`` with ``end`` only
ever ``val + strlen(val)``, trimmed only while ``end > val``. Unsound variants (a check for a
shorter string, of another pointer, a pointer moved after the check, an end pointer that starts one
before the terminator, a trim loop that does not check ``end > val``) stay kept. Code written for
these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
HEAD = "#include <stdio.h>\n#include <string.h>\n\n"


def _stamp(check: str, between: str = "") -> str:
    return (
        HEAD
        + "struct msg {\n    char stamp[16];\n};\n\n"
        + "int parse(struct msg *m, const char *p)\n{\n"
        + f"    if ({check})\n        return -1;\n{between}"
        + "    memcpy(m->stamp, p, 15); /* <- */\n    m->stamp[15] = '\\0';\n    return 0;\n}\n"
    )


PAIR = """static void copy_field(char *dst, size_t dstsz, const char *src, size_t n)
{
    if (n >= dstsz)
        n = dstsz - 1;
    memcpy(dst, src, n); /* <- */
    dst[n] = '\\0';
}

int header(const char *val)
{
    char out[32];
    const char *end = val + strlen(val);

    while (end > val && (end[-1] == ' ' || end[-1] == '\n'))
        end--;
    copy_field(out, sizeof out, val, (size_t)(end - val));
    return puts(out);
}
"""

SAFE = {
    "strlen-below-returns": _stamp("strlen(p) < 16"),
    "strlen-at-most-returns": _stamp("strlen(p) <= 14"),
    "strlen-among-others": _stamp("p == NULL || strlen(p) < 15 || p[3] != ' '"),
    "end-minus-start": HEAD + PAIR,
}

KEPT = {
    "strlen-too-short": _stamp("strlen(p) < 8"),
    "strlen-of-other": _stamp("strlen(m->stamp) < 16"),
    "moved-after-check": _stamp("strlen(p) < 16", "    p += 4;\n"),
    "end-before-terminator": HEAD + PAIR.replace("val + strlen(val);", "val + strlen(val) - 1;"),
    "trim-unchecked": HEAD + PAIR.replace("while (end > val && (", "while ((").replace("'\\n'))", "'\\n'))"),
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1004", MSG, (120,))


@pytest.mark.parametrize("case", sorted(SAFE))
def test_the_read_stays_inside_the_string(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)


MEASURED_COPY = (
    HEAD
    + "#include <stdlib.h>\n"
    + "struct hist { char **lines; size_t count, pos; };\n"
    + "int add(struct hist *h, const char *line) {\n"
    + "    size_t n = strlen(line);\n"
    + "    char *copy;\n"
    + "    if (n == 0)\n        return 0;\n"
    + "BETWEEN"
    + "    copy = malloc(n + 1);\n"
    + "    if (!copy)\n        return -1;\n"
    + "    memcpy(copy, line, n + 1); /* <- */\n"
    + "    h->lines[h->count++] = copy;\n"
    + "    return 0;\n}\n"
)


@pytest.mark.parametrize(
    ("between", "inside"),
    [
        ("    h->pos = h->count;\n", True),  # a store into the struct `h` points to
        ("    line = h->lines[0];\n", False),  # the source is another string by the copy
        ("    if (h->count) line++;\n", False),
    ],
)
def test_a_measured_copy_across_stores(tmp_path: Path, between: str, inside: bool) -> None:
    got = _judge(tmp_path, MEASURED_COPY.replace("BETWEEN", between))
    assert got.startswith("FALSE_POSITIVE") == inside, got


APPEND = (
    HEAD
    + "#include <stdlib.h>\n"
    + "struct sb { char *data; size_t len, cap; };\n"
    + "int append(struct sb *b, const char *s) {\n"
    + "    size_t n = strlen(s);\n"
    + "    if (b->len + n + 1 > b->cap) {\n"
    + "        char *nd = realloc(b->data, b->len + n + 1);\n"
    + "        if (!nd)\n            return -1;\n"
    + "        b->data = nd;\n"
    + "        b->cap = b->len + n + 1;\n"
    + "    }\n"
    + "    memcpy(b->data + b->len, s, n + 1); /* <- */\n"
    + "    b->len += n;\n"
    + "    return 0;\n}\n"
)


def test_a_measured_source_across_a_realloc_of_another_pointer_is_kept(tmp_path: Path) -> None:
    """``append(b, b->data)``: ``s`` may point into the block realloc() moved (read after free)."""
    got = _judge(tmp_path, APPEND)
    assert not got.startswith("FALSE_POSITIVE"), got
