"""A read inside the function's own (pointer, length) pair at an offset and for a count the code
computes (c_pair_reads over the c_capacity_wp prover): ``val = buf + off + 3; if (vlen > len - off -
3) return -1;`` and, in a ``case`` of a switch, ``n = vlen < K ? vlen : K - 1; memcpy(dst, val, n)``
(or ``n = K - 1; if (vlen < n) n = vlen;``); ``sp = memchr(line, ' ', len); if (sp == NULL) return
-1; memcpy(key, line, sp - line)``. Unsound variants stay kept: no check, a check against the whole
length, a check whose difference may wrap, a clamp that reads more than the value holds, an ``if``
that sets a count the value may not hold, a case another case falls into, a search past the pair, a
search result not checked against NULL. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
TLV = """#include <stddef.h>
#include <string.h>

struct rec {
    char name[32];
    unsigned int flags;
};

int decode_record(const unsigned char *buf, size_t len, struct rec *r)
{
    size_t off = 0, n;
    const unsigned char *val;
    unsigned int vlen;

    while (off + 3 <= len) {
        unsigned char tag = buf[off];

        vlen = (unsigned int)buf[off + 1] << 8 | buf[off + 2];
        val = buf + off + 3;
        if (vlen > len - off - 3)
            return -1;
        switch (tag) {
        case 2:
            r->flags = vlen;
            break;
        case 1:
            n = vlen < sizeof(r->name) - 1 ? vlen : sizeof(r->name) - 1;
            memcpy(r->name, val, n); /* <- */
            r->name[n] = '\\0';
            break;
        default:
            break;
        }
        off += 3 + vlen;
    }
    return 0;
}
"""
SEARCH = """#include <stddef.h>
#include <string.h>

struct kv {
    char key[32];
};

int split_line(const char *line, size_t len, struct kv *out)
{
    const char *sp = memchr(line, ' ', len);
    size_t klen;

    if (sp == NULL)
        return -1;
    klen = (size_t)(sp - line);
    if (klen >= sizeof(out->key))
        return -1;
    memcpy(out->key, line, klen); /* <- */
    out->key[klen] = '\\0';
    return 0;
}
"""

CLAMP = "vlen < sizeof(r->name) - 1 ? vlen : sizeof(r->name) - 1;"
CLAMPED_BY_IF = TLV.replace(
    CLAMP, "vlen;\n            if (n > sizeof(r->name) - 1)\n                n = sizeof(r->name) - 1;"
)

SAFE = {
    "tlv-value-checked-and-clamped": TLV,
    "tlv-value-clamped-by-an-if": CLAMPED_BY_IF,
    "length-found-by-memchr": SEARCH,
}

KEPT = {
    "tlv-no-check": TLV.replace("        if (vlen > len - off - 3)\n            return -1;\n", ""),
    "tlv-checked-against-the-whole": TLV.replace("if (vlen > len - off - 3)", "if (vlen > len)"),
    "tlv-difference-may-wrap": TLV.replace("while (off + 3 <= len)", "while (off < len)"),
    "tlv-clamp-reads-more-than-the-value": TLV.replace(
        "vlen < sizeof(r->name) - 1 ? vlen : sizeof(r->name) - 1",
        "vlen < sizeof(r->name) - 1 ? sizeof(r->name) - 2 : sizeof(r->name) - 1",
    ),
    "tlv-case-fallen-into": TLV.replace(
        "            r->flags = vlen;\n            break;\n", "            vlen = 200;\n"
    ),
    "tlv-if-sets-a-count-the-value-may-not-hold": CLAMPED_BY_IF.replace("n = vlen;", "n = 8;"),
    "search-past-the-pair": SEARCH.replace("memchr(line, ' ', len)", "memchr(line, ' ', len + 8)"),
    "search-not-checked": SEARCH.replace("    if (sp == NULL)\n        return -1;\n", ""),
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1004", MSG, (120,), name="buffer/memcpy")


@pytest.mark.parametrize("case", sorted(SAFE))
def test_reads_shown_inside_the_pair_are_safe(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)
    assert "its callers' pair" in got, got


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_reads_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
