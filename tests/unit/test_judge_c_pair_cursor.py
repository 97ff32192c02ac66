"""A ``static`` function's (pointer, length) pair handed ``src + pos, count`` by a caller that holds the
pair ``(src, n)`` is trusted when the checks and steps before the call prove ``pos + count <= n``
(c_caller_pairs._proven_in_pair over c_capacity_wp): ``if (count > n - pos) return -1;`` says it once
``n - pos`` cannot wrap, which the loop's ``pos < n`` and the one ``pos++`` since show. Unsound
variants stay kept: no check, a check against the whole length, a second step past the loop's test,
a loop that lets ``pos`` reach ``n``. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
CODE = """#include <stddef.h>
#include <string.h>

static unsigned long sum;

static int literal(const unsigned char *src, size_t n)
{
    unsigned char tmp[64];
    size_t i;

    if (n > sizeof(tmp))
        return -1;
    memcpy(tmp, src, n); /* <- */
    for (i = 0; i < n; i++)
        sum += tmp[i];
    return 0;
}

int decode(const unsigned char *src, size_t n)
{
    size_t pos = 0;

    while (pos < n) {
        unsigned char tag = src[pos++];
        size_t count = (size_t)(tag & 0x3f) + 1;

        if (count > n - pos)
            return -1;
        if (literal(src + pos, count) != 0)
            return -1;
        pos += count;
    }
    return 0;
}
"""

SAFE = {"checked-against-what-is-left": CODE}

KEPT = {
    "no-check": CODE.replace("        if (count > n - pos)\n            return -1;\n", ""),
    "checked-against-the-whole": CODE.replace("if (count > n - pos)", "if (count > n)"),
    "second-step-past-the-test": CODE.replace(
        "unsigned char tag = src[pos++];", "unsigned char tag = src[pos++];\n        pos++;"
    ),
    "loop-lets-pos-reach-n": CODE.replace("while (pos < n)", "while (pos <= n)"),
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1004", MSG, (120,), name="buffer/memcpy")


@pytest.mark.parametrize("case", sorted(SAFE))
def test_a_cursor_checked_against_what_is_left_holds(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_cursors_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
