"""A copy's length shown at most its fixed-size destination by the backward prover (c_fixed_fit):
``if (len < 4 || len > sizeof(out) + 2) return -1; memcpy(out, p + 2, len - 2);`` and a clamp ``n =
len < 64 ? len : 64``. Unsound variants stay kept: a check one short, a difference that may wrap, a
signed length that may be negative, a clamp to more than the buffer. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
CODE = """#include <stddef.h>
#include <string.h>

struct msg {
    unsigned char body[64];
    size_t n;
};

int take(struct msg *m, const unsigned char *p, size_t len)
{
    unsigned char out[64];

    if (len < 4 || len > sizeof(out) + 2)
        return -1;
    memcpy(out, p + 2, len - 2); /* <- */
    memcpy(m->body, out, len - 2);
    m->n = len - 2;
    return out[0];
}
"""
CLAMP = """#include <stddef.h>
#include <string.h>

size_t keep_head(unsigned char *dst64, const unsigned char *src, size_t len)
{
    unsigned char head[64];
    size_t n = len < sizeof(head) ? len : sizeof(head);

    memcpy(head, src, n); /* <- */
    memcpy(dst64, head, n);
    return n;
}
"""

SAFE = {"difference-under-checks": CODE, "clamp": CLAMP}
KEPT = {
    "check-one-short": CODE.replace("sizeof(out) + 2", "sizeof(out) + 3"),
    "difference-may-wrap": CODE.replace("len < 4 || ", ""),
    "signed-length": CODE.replace("size_t len)", "int len)").replace("len < 4 || ", "len < 1 || "),
    "clamp-to-more": CLAMP.replace("? len : sizeof(head)", "? len : sizeof(head) + 1"),
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1004", MSG, (120,), name="buffer/memcpy")


@pytest.mark.parametrize("case", sorted(SAFE))
def test_lengths_shown_to_fit_are_safe(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
