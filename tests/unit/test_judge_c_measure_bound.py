"""A count shown at most the source string's own length where a copy reads it (c_measure_bound over
the c_capacity_wp prover with ``strlen(s)`` as an atom): ``n = strlen(nm); if (n >= sizeof(row->name))
n = sizeof(row->name) - 1; memcpy(row->name, nm, n)`` and the strlcpy-like ``n = len >= dsize ? dsize -
1 : len``; and a write inside a pair of a ``static`` function's parameters that are not side by side
(``copy_to(dst, src, dsize)``), each of whose calls hands a pair that holds. Unsound variants stay
kept: a clamp to more than the string holds, a string changed or moved between its measure and the
read, a count measured from another string, a difference that may wrap; a call that hands a length
larger than its buffer, a function other files may call. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
CLAMP = """#include <stddef.h>
#include <string.h>

struct row {
    char name[32];
    unsigned long value;
};

void fill_row(struct row *row, const char *strtab, unsigned int off, const char *other)
{
    const char *nm = strtab + off;
    size_t n;

    n = strlen(nm);
    if (n >= sizeof(row->name))
        n = sizeof(row->name) - 1;
    memcpy(row->name, nm, n); /* <- */
    row->name[n] = '\\0';
    row->value = off;
}
"""
LCPY = """#include <stdio.h>
#include <string.h>

struct entry {
    char title[48];
    char kernel[64];
};

static size_t copy_to(char *dst, const char *src, size_t dsize)
{
    size_t len = strlen(src);

    if (dsize != 0) {
        size_t n = len >= dsize ? dsize - 1 : len;
        memcpy(dst, src, n); /* <- */
        dst[n] = '\\0';
    }
    return len;
}

int load_entry(struct entry *e, const char *title, const char *kernel)
{
    struct entry tmp;

    copy_to(tmp.title, title, sizeof(tmp.title));
    if (copy_to(tmp.kernel, kernel, sizeof(tmp.kernel)) >= sizeof(tmp.kernel))
        return -1;
    *e = tmp;
    return 0;
}
"""

SAFE = {
    "clamped-measure": CLAMP,
    "clamped-measure-by-a-greater-check": CLAMP.replace(
        "if (n >= sizeof(row->name))", "if (n > sizeof(row->name) - 1)"
    ),
    "strlcpy-like-pair-apart": LCPY,
}

KEPT = {
    "clamp-to-more-than-the-string": CLAMP.replace(
        "if (n >= sizeof(row->name))\n        n = sizeof(row->name) - 1;",
        "if (n < 16)\n        n = 16;",
    ),
    "string-moved-after-its-measure": CLAMP.replace(
        "        n = sizeof(row->name) - 1;\n", "        n = sizeof(row->name) - 1;\n    nm += 4;\n"
    ),
    "string-changed-after-its-measure": CLAMP.replace(
        "        n = sizeof(row->name) - 1;\n", "        n = sizeof(row->name) - 1;\n    nm = other;\n"
    ),
    "measured-from-another-string": CLAMP.replace("n = strlen(nm);", "n = strlen(other);"),
    "difference-may-wrap": CLAMP.replace("n = strlen(nm);", "n = strlen(nm) - off;"),
    "strlcpy-like-without-the-zero-check": LCPY.replace("    if (dsize != 0) {\n", "    {\n"),
    "strlcpy-like-handed-too-much": LCPY.replace(
        "copy_to(tmp.title, title, sizeof(tmp.title));", "copy_to(tmp.title, title, sizeof(tmp));"
    ),
    "strlcpy-like-others-may-call": LCPY.replace("static size_t copy_to", "size_t copy_to"),
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1004", MSG, (120,), name="buffer/memcpy")


@pytest.mark.parametrize("case", sorted(SAFE))
def test_reads_within_the_measured_string_are_safe(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
