"""Reads at constant offsets of a (pointer, length) pair whose length a check keeps large enough
(c_pair_offset.py): ``if (len < 35) return -1; memcpy(h->random, p + 2, 32);``. Unsound variants (a
check one byte short, a check of another variable, the length changed after the check, a caller
handing a length that may wrap) stay kept. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
CODE = """#include <stdint.h>
#include <string.h>

struct hello {
    uint16_t version;
    unsigned char random[32];
};

int parse_hello(const unsigned char *p, size_t len, struct hello *h)
{
    if (len < 35)
        return -1;
    h->version = (uint16_t)(p[0] << 8 | p[1]);
    memcpy(h->random, p + 2, sizeof(h->random)); /* <- */
    return 0;
}
"""

SAFE = {
    "checked-length": CODE,
    "checked-greater": CODE.replace("if (len < 35)", "if (!(len > 33))"),
}

KEPT = {
    "one-byte-short": CODE.replace("if (len < 35)", "if (len < 33)"),
    "other-variable": CODE.replace(
        "size_t len, struct hello *h)", "size_t len, struct hello *h, size_t cap)"
    ).replace("if (len < 35)", "if (cap < 35)"),
    "length-changed": CODE.replace("        return -1;\n", "        return -1;\n    len -= 10;\n", 1),
    "caller-wraps": CODE.replace("int parse_hello", "static int parse_hello")
    + "\nint record(const unsigned char *p, size_t n, struct hello *h)\n{\n"
    "    return parse_hello(p + 5, n - 5, h);\n}\n",
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1004", MSG, (120,))


@pytest.mark.parametrize("case", sorted(SAFE))
def test_the_read_lies_inside_the_checked_length(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
