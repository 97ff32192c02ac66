"""A static function's (pointer, length) pair is trusted only when its visible callers hand pairs
that hold (c_caller_pairs.py). A length read from the input and handed on without a check against
what is left of the buffer (``apply(out, code, pkt + i + 2, pkt[i + 1])``) is not trusted: the copy
that reads it is kept. Pairs that hold: the caller's own checked length (``rlen <= len`` then
``p + 2, rlen - 2``; ``olen`` checked against what is left, ``len - i - 2``, where the loop keeps that
difference from wrapping), a search result (``sp - line``), the string's own length, a constant inside
a known object. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
CODE = """#include <stdint.h>
#include <string.h>

struct lease {
    char hostname[64];
};

static void apply_option(struct lease *l, uint8_t code, const uint8_t *val, size_t olen)
{
    if (code == 12) {
        size_t n = olen < sizeof l->hostname - 1 ? olen : sizeof l->hostname - 1;
        memcpy(l->hostname, val, n); /* <- */
        l->hostname[n] = '\\0';
    }
}

int parse(const uint8_t *pkt, size_t len, struct lease *out)
{
    size_t i = 0;

    while (i + 1 < len) {
        size_t olen = pkt[i + 1];
CHECK        apply_option(out, pkt[i], pkt + i + 2, olen);
        i += 2 + olen;
    }
    return 0;
}
"""

SEARCH = """#include <string.h>

static void field(char *dst, size_t dstsz, const char *src, size_t n)
{
    if (n >= dstsz)
        n = dstsz - 1;
    memcpy(dst, src, n); /* <- */
    dst[n] = '\\0';
}

size_t method(const char *line)
{
    char out[32];
    const char *sp = strchr(line, ' ');

    if (sp == NULL)
        return 0;
    field(out, sizeof out, line, (size_t)(sp - line));
    return strlen(out);
}
"""


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1004", MSG, (120,))


def test_an_unchecked_length_from_the_input_is_not_a_pair(tmp_path: Path) -> None:
    got = _judge(tmp_path, CODE.replace("CHECK", ""))
    assert got.startswith("TRUE_POSITIVE"), got


@pytest.mark.parametrize(
    "check",
    [
        "        if (olen > len - i - 2)\n            return -1;\n",
        "        if (i + 2 + olen > len)\n            return -1;\n",
    ],
)
def test_a_length_checked_against_what_is_left_is_a_pair(tmp_path: Path, check: str) -> None:
    # the loop's `i + 1 < len` keeps `len - i - 2` from wrapping (c_pair_reads through the prover)
    got = _judge(tmp_path, CODE.replace("CHECK", check))
    assert got.startswith("FALSE_POSITIVE"), got


@pytest.mark.parametrize(
    "code",
    [
        CODE.replace("CHECK", "        if (olen > len - i)\n            return -1;\n"),
        CODE.replace("CHECK", "        if (i + olen > len)\n            return -1;\n"),
        CODE.replace("CHECK", "        if (olen > len - i - 2)\n            return -1;\n").replace(
            "while (i + 1 < len)", "while (i < len)"
        ),
    ],
    ids=["checked-two-short", "checked-without-the-header", "difference-may-wrap"],
)
def test_a_length_checked_short_of_what_is_left_is_not_called_safe(tmp_path: Path, code: str) -> None:
    got = _judge(tmp_path, code)
    assert not got.startswith("FALSE_POSITIVE"), got


def test_a_length_found_by_a_search_of_the_string_is_a_pair(tmp_path: Path) -> None:
    got = _judge(tmp_path, SEARCH)
    assert got.startswith("FALSE_POSITIVE"), got


def test_a_length_found_in_another_string_is_not(tmp_path: Path) -> None:
    got = _judge(
        tmp_path,
        SEARCH.replace("strchr(line, ' ')", "strchr(other, ' ')").replace(
            "size_t method(const char *line)", "size_t method(const char *line, const char *other)"
        ),
    )
    assert not got.startswith("FALSE_POSITIVE"), got


CHOICE = """#include <string.h>

struct out {
    char word[64];
    size_t words;
};

static int put(struct out *o, const char *s, size_t n)
{
    if (n >= sizeof(o->word))
        return -1;
    memcpy(o->word, s, n); /* <- */
    o->word[n] = '\\0';
    o->words++;
    return 0;
}

int expand(struct out *o, const char *in)
{
    const char *p = in;

    while (*p) {
        const char *q = strchr(p, '$');
        size_t n;

        n = q ? (size_t)(q - p) : strlen(p);
        if (put(o, p, n) != 0)
            return -1;
        p += n;
        if (*p == '$')
            p++;
    }
    return 0;
}
"""


def test_a_length_chosen_from_lengths_that_hold_is_a_pair(tmp_path: Path) -> None:
    # `n = q ? (size_t)(q - p) : strlen(p)`: each arm ends inside the string `p` points into
    got = _judge(tmp_path, CHOICE)
    assert got.startswith("FALSE_POSITIVE"), got


@pytest.mark.parametrize(
    "code",
    [
        CHOICE.replace("strlen(p);", "strlen(p) + 8;"),
        CHOICE.replace("(size_t)(q - p) : strlen(p)", "(size_t)(q - p) + 1 : strlen(p)"),
        CHOICE.replace("(size_t)(q - p) : strlen(p)", "(size_t)(p - q) : strlen(p)"),
        CHOICE.replace("        if (put(o, p, n) != 0)", "        p++;\n        if (put(o, p, n) != 0)"),
        CHOICE.replace("strchr(p, '$')", "strchr(in, '$')"),
    ],
    ids=[
        "arm-past-the-string",
        "arm-one-past-the-found",
        "arm-reversed",
        "pointer-moved-after",
        "other-start",
    ],
)
def test_a_chosen_length_with_an_arm_that_may_not_hold_is_not_a_pair(tmp_path: Path, code: str) -> None:
    got = _judge(tmp_path, code)
    assert not got.startswith("FALSE_POSITIVE"), got
