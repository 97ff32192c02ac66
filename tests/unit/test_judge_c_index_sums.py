"""An index that is a sum, difference or product of bounded parts (``a[2 * i + 1]`` with ``i`` below
8 by its loop) lies in the range those parts give (c_index.index_range through c_overflow.combine).
Unsound variants stay kept: a loop that runs one round too many, an offset past the end, a difference
that goes below 0, and a narrowing cast that may turn the value negative. Code written for these
tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = (
    "buffer/char:Statically-sized arrays can be improperly restricted, leading to potential overflows "
    "or other issues (CWE-119!/CWE-120)."
)
CODE = """#include <stdio.h>

unsigned long words(FILE *in)
{
    unsigned char a[16]; /* <- */
    unsigned long sum = 0;
    size_t i;

    if (fread(a, 1, sizeof(a), in) != sizeof(a))
        return 0;
    for (i = 0; i < 8; i++)
        sum += (unsigned long)(a[2 * i] << 8 | a[2 * i + 1]);
    return sum;
}
"""
CAST = """unsigned char t[300]; /* <- */

void mark(void)
{
    int i;

    for (i = 0; i < 7; i++)
        t[(signed char)(i * 40)] = 1;
}
"""

SAFE = {"pairs-of-bytes": CODE}
KEPT = {
    "one-round-too-many": CODE.replace("i < 8", "i <= 8"),
    "offset-past-the-end": CODE.replace("a[2 * i + 1]", "a[2 * i + 2]"),
    "difference-below-zero": CODE.replace("a[2 * i + 1]", "a[2 * i - 1]"),
    "narrowing-cast": CAST,
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1013", MSG, (119, 120))


@pytest.mark.parametrize("case", sorted(SAFE))
def test_an_index_of_bounded_parts_stays_inside(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_indexes_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
