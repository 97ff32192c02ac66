"""A part of a loop's condition keeps holding in its body while its own variables do not change,
even when another part's do (``while ((p = strchr(p, d)) != NULL && n < 256) { *p++ = 0; cols[n++] =
p; }`` keeps ``n < 256``, and so does ``if ((p = strchr(p, d)) == NULL || n >= 256) return -1; *p++ =
0;``: c_conditions.holding_conditions); and a counter stored once with a constant
holds it until the first statement that names it, outside loops (``int n = 0; ... cols[n++] = line;``:
c_pair_write.straight_start). Unsound variants stay kept: the parts joined by ``||``, a bound one
past the array, the first store after a loop that moved the counter, and a first store inside a loop.
Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = (
    "buffer/char:Statically-sized arrays can be improperly restricted, leading to potential overflows "
    "or other issues (CWE-119!/CWE-120)."
)
CODE = """#include <stdio.h>
#include <string.h>

int split(char *line, char delim)
{
    char *cols[16]; /* <- */
    int ncols = 0;
    char *p = line;

    line[strcspn(line, "\\r\\n")] = '\\0';
    cols[ncols++] = p;
    while ((p = strchr(p, delim)) != NULL && ncols < 16) {
        *p++ = '\\0';
        cols[ncols++] = p;
    }
    return ncols > 1 ? (int)strlen(cols[1]) : 0;
}
"""

EXIT = """#include <string.h>

int put_after(char *p, char delim, unsigned int n)
{
    char *cols[16]; /* <- */

    if ((p = strchr(p, delim)) == NULL || n >= 16)
        return -1;
    *p++ = '\\0';
    cols[n] = p;
    return (int)strlen(cols[n]);
}
"""

SAFE = {"split-on-a-delimiter": CODE, "exit-check-with-a-part-that-changes": EXIT}
KEPT = {
    "exit-check-parts-joined-by-and": EXIT.replace("== NULL || n >= 16", "== NULL && n >= 16"),
    "parts-joined-by-or": CODE.replace("!= NULL && ncols < 16", "!= NULL || ncols < 16"),
    "bound-one-past": CODE.replace("ncols < 16", "ncols < 17"),
    "first-store-after-a-loop": CODE.replace(
        "    cols[ncols++] = p;\n    while",
        "    while (*p == delim) {\n        p++;\n        ncols++;\n    }\n    cols[ncols++] = p;\n    while",
    ),
    "first-store-inside-a-loop": CODE.replace(
        "    cols[ncols++] = p;\n    while", "    while (*p)\n        cols[ncols++] = p++;\n    while"
    ),
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1013", MSG, (119, 120))


@pytest.mark.parametrize("case", sorted(SAFE))
def test_a_counter_bounded_by_a_part_of_its_loop_condition(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_counters_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
