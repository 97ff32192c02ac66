"""Buffers grown to a capacity kept beside them (c_capacity.py, c_capacity_wp.py): ``memcpy(b->buf +
b->len, s, n)`` fits when the checks and grow steps before it (inline, or a ``reserve()`` helper whose
failure makes the caller leave) prove ``b->len + n <= b->cap`` there, and every store of the file keeps
``buf`` pointing to at least ``cap`` bytes. The unsound variants stay kept: a grow step without its
doubling loop, a check that forgets the terminator, the capacity stored before the allocation
succeeds, a helper's result ignored or a helper that says success when it failed, a struct that
starts with an unknown or a borrowed buffer, a length changed after the check, a signed length.
Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
CODE = """#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct strbuf {
    char *buf;
    size_t len;
    size_t cap;
};

static int sb_put(struct strbuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t ncap = b->cap ? b->cap : 64;
        char *g;

        while (ncap < b->len + n + 1)
            ncap *= 2;
        g = realloc(b->buf, ncap);
        if (g == NULL)
            return -1;
        b->buf = g;
        b->cap = ncap;
    }
    memcpy(b->buf + b->len, s, n); /* <- */
    b->len += n;
    b->buf[b->len] = '\\0';
    return 0;
}

static void sb_free(struct strbuf *b)
{
    free(b->buf);
    b->buf = NULL;
    b->len = b->cap = 0;
}

int main(int argc, char **argv)
{
    struct strbuf sb = {0};
    int i;

    for (i = 1; i < argc; i++)
        if (sb_put(&sb, argv[i], strlen(argv[i])) != 0)
            return 1;
    if (sb.buf != NULL)
        puts(sb.buf);
    sb_free(&sb);
    return 0;
}
"""

RESERVE = """static int sb_reserve(struct strbuf *b, size_t extra)
{
    size_t need = b->len + extra + 1;
    size_t ncap;
    char *g;

    if (need <= b->cap)
        return 0;
    ncap = b->cap ? b->cap : 64;
    while (ncap < need)
        ncap *= 2;
    g = realloc(b->buf, ncap);
    if (!g)
        return -1;
    b->buf = g;
    b->cap = ncap;
    return 0;
}

static int sb_put(struct strbuf *b, const char *s, size_t n)
{
    if (sb_reserve(b, n) != 0)
        return -1;
    memcpy(b->buf + b->len, s, n); /* <- */
"""
INLINE_HEAD = CODE[CODE.index("static int sb_put") : CODE.index("    memcpy(b->buf + b->len")]
WITH_RESERVE = CODE.replace(INLINE_HEAD + "    memcpy(b->buf + b->len, s, n); /* <- */\n", RESERVE)

ENUM_RESERVE = (
    WITH_RESERVE.replace(
        "static int sb_reserve(struct strbuf *b, size_t extra)",
        "enum sb_status { SB_OK, SB_NOMEM, SB_TOOBIG };\n\n"
        "static enum sb_status sb_reserve(struct strbuf *b, size_t extra)",
    )
    .replace(
        "    if (need <= b->cap)\n        return 0;",
        "    if (extra > 4096)\n        return SB_TOOBIG;\n    if (need <= b->cap)\n        return SB_OK;",
    )
    .replace("    if (!g)\n        return -1;", "    if (!g)\n        return SB_NOMEM;")
    .replace(
        "    b->cap = ncap;\n    return 0;\n}\n\nstatic int sb_put",
        "    b->cap = ncap;\n    return SB_OK;\n}\n\nstatic int sb_put",
    )
    .replace(
        "    if (sb_reserve(b, n) != 0)\n        return -1;\n",
        "    enum sb_status st = sb_reserve(b, n);\n\n    if (st != SB_OK)\n        return -1;\n",
    )
)

SAFE = {
    "status-in-a-local": ENUM_RESERVE,
    "grown-inline": CODE,
    "reserve-helper": WITH_RESERVE,
    "offset-in-a-local": CODE.replace(
        "    memcpy(b->buf + b->len, s, n); /* <- */\n",
        "    size_t off = b->len;\n\n    memcpy(b->buf + off, s, n); /* <- */\n",
    ),
    "designated-zero-start": CODE.replace(
        "struct strbuf sb = {0};", "struct strbuf sb = { .buf = NULL, .cap = 0 };"
    ),
    "made-by-calloc": CODE.replace("struct strbuf sb = {0};", "struct strbuf *sbp = calloc(1, sizeof(*sbp));")
    .replace("sb_put(&sb,", "sb_put(sbp,")
    .replace("if (sb.buf != NULL)\n        puts(sb.buf);\n    sb_free(&sb);", "sb_free(sbp);\n    free(sbp);")
    .replace("    int i;\n", "    int i;\n\n    if (sbp == NULL)\n        return 1;\n"),
}

KEPT = {
    "status-checked-against-one-failure": ENUM_RESERVE.replace("if (st != SB_OK)", "if (st == SB_NOMEM)"),
    "no-doubling-loop": CODE.replace(
        "        while (ncap < b->len + n + 1)\n            ncap *= 2;\n", "        ncap *= 2;\n"
    ),
    "terminator-forgotten": CODE.replace("b->len + n + 1 > b->cap", "b->len + n > b->cap").replace(
        "memcpy(b->buf + b->len, s, n);", "memcpy(b->buf + b->len, s, n + 1);"
    ),
    "capacity-before-allocation": CODE.replace(
        "        g = realloc(b->buf, ncap);\n        if (g == NULL)\n            return -1;\n"
        "        b->buf = g;\n        b->cap = ncap;\n",
        "        b->cap = ncap;\n        g = realloc(b->buf, ncap);\n        if (g == NULL)\n"
        "            return -1;\n        b->buf = g;\n",
    ),
    "reserve-result-ignored": WITH_RESERVE.replace(
        "    if (sb_reserve(b, n) != 0)\n        return -1;\n", "    sb_reserve(b, n);\n"
    ),
    "reserve-says-success-on-failure": WITH_RESERVE.replace(
        "    if (!g)\n        return -1;\n", "    if (!g)\n        return 0;\n"
    ),
    "uninitialised-struct": CODE.replace("struct strbuf sb = {0};", "struct strbuf sb;"),
    "borrowed-stack-buffer": CODE.replace(
        "struct strbuf sb = {0};", "char small[8];\n    struct strbuf sb = { small, 0, sizeof(small) };"
    ),
    "length-moved-after-check": CODE.replace(
        "    memcpy(b->buf + b->len, s, n); /* <- */",
        "    b->len += 8;\n    memcpy(b->buf + b->len, s, n); /* <- */",
    ),
    "struct-read-raw": CODE.replace(
        "    struct strbuf sb = {0};\n",
        "    struct strbuf sb = {0};\n\n    if (fread(&sb, sizeof(sb), 1, stdin) != 1)\n        return 1;\n",
    ),
    "struct-filled-with-a-byte": CODE.replace(
        "    struct strbuf sb = {0};\n", "    struct strbuf sb = {0};\n\n    memset(&sb, 0xff, sizeof(sb));\n"
    ),
    "goto-past-the-grow-step": CODE.replace(
        "static int sb_put(struct strbuf *b, const char *s, size_t n)\n{\n",
        "static int sb_put(struct strbuf *b, const char *s, size_t n)\n{\n"
        "    if (n < 4)\n        goto copy;\n",
    ).replace(
        "    memcpy(b->buf + b->len, s, n); /* <- */", "copy:\n    memcpy(b->buf + b->len, s, n); /* <- */"
    ),
    "signed-length": CODE.replace("const char *s, size_t n)", "const char *s, int n)"),
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1004", MSG, (120,), name="buffer/memcpy")


@pytest.mark.parametrize("case", sorted(SAFE))
def test_writes_below_a_kept_capacity_fit(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)
    assert "cap" in got, (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_capacities_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
