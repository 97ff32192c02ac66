"""Formatted output written at an offset that a loop moves: ``for (i = 0; i < n; i++) sprintf(line +
3 * i, "%02x ", data[i]);`` with ``n = len < 16 ? len : 16`` and ``char line[3 * 16 + 1]`` (c_fixed_fit
over the prover: a fact of the loop's condition, scaled, turns ``3 * i + 4 <= 49`` into ``3 * n + 1 <=
49``, which the clamp before the loop shows arm by arm). Unsound variants stay kept: a buffer one
short, a clamp to more, a bound changed inside the loop, an unbounded count, a wider conversion. Code
written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/sprintf:Does not check for buffer overflows (CWE-120)."
CODE = """#include <stdio.h>
#include <stddef.h>

void dump_head(const unsigned char *data, size_t len)
{
    char line[3 * 16 + 1];
    size_t i, n = len < 16 ? len : 16;

    line[0] = '\\0';
    for (i = 0; i < n; i++)
        sprintf(line + 3 * i, "%02x ", data[i]); /* <- */
    puts(line);
}
"""

SAFE = {
    "clamped-count": CODE,
    "count-checked-before": CODE.replace(
        "size_t i, n = len < 16 ? len : 16;", "size_t i, n = len;\n\n    if (n > 16)\n        return;"
    ),
}
KEPT = {
    "buffer-one-short": CODE.replace("char line[3 * 16 + 1];", "char line[3 * 16];"),
    "clamp-to-more": CODE.replace("len < 16 ? len : 16", "len < 17 ? len : 17"),
    "bound-changed-in-the-loop": CODE.replace(
        "data[i]); /* <- */\n", "data[i]); /* <- */\n        n += data[i] == 0;\n"
    )
    .replace("for (i = 0; i < n; i++)\n", "for (i = 0; i < n; i++) {\n")
    .replace("    puts(line);", "    }\n    puts(line);"),
    "unbounded-count": CODE.replace("len < 16 ? len : 16", "len"),
    "wider-conversion": CODE.replace('"%02x "', '"%04x "'),
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1015", MSG, (120,), name="buffer/sprintf")


@pytest.mark.parametrize("case", sorted(SAFE))
def test_output_shown_inside_is_safe(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    code = KEPT[case]
    assert code != CODE, case
    got = _judge(tmp_path, code)
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
