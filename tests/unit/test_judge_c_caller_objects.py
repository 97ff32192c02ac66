"""Reads through a pointer parameter judged by what every visible call hands it (c_caller_wrap.py):
``memcpy(m->prefix, blk + 345, 155)`` in a static function every call of which passes a 512-byte
array reads inside it; a call that passes a smaller object, or a function other files may call,
keeps the finding. A length a caller computes as ``q - s`` with ``q`` found by a search from ``s``
does not wrap. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

MSG = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
CODE = """#include <stdio.h>
#include <string.h>

struct member { char name[101]; char prefix[156]; };

STATIC void parse_header(const unsigned char *blk, struct member *m)
{
    memcpy(m->prefix, blk + 345, 155); /* <- */
    m->prefix[155] = '\\0';
}

int main(void)
{
    unsigned char blk[SIZE];
    struct member m;

    if (fread(blk, 1, sizeof blk, stdin) != sizeof blk)
        return 1;
    parse_header(blk, &m);
    puts(m.prefix);
    return 0;
}
"""


@pytest.mark.parametrize(
    ("static", "size", "safe"), [("static ", "512", True), ("static ", "499", False), ("", "512", True)]
)
def test_a_constant_read_through_a_parameter(tmp_path: Path, static: str, size: str, safe: bool) -> None:
    code = CODE.replace("STATIC ", static).replace("SIZE", size)
    got = judge_marked(tmp_path, code, "FF1004", MSG, (120,))
    assert (got.verdict == "FALSE_POSITIVE") == safe, (static, size, got.verdict, got.justification)


def test_a_function_another_file_may_call_is_kept(tmp_path: Path) -> None:
    (tmp_path / "other.c").write_text(
        "struct member;\nvoid parse_header(const unsigned char *blk, struct member *m);\n"
        "void again(struct member *m) { unsigned char small[8] = {0}; parse_header(small, m); }\n"
    )
    code = CODE.replace("STATIC ", "").replace("SIZE", "512")
    got = judge_marked(tmp_path, code, "FF1004", MSG, (120,))
    assert got.verdict != "FALSE_POSITIVE", got.justification


PAIR = """#include <stdlib.h>
#include <string.h>

static char *dup_range(const char *start, size_t len)
{
    char *s = malloc(len + 1);

    if (s == NULL)
        return NULL;
    memcpy(s, start, len); /* <- */
    s[len] = '\\0';
    return s;
}

char *key_of(const char *line, size_t n)
{
    const char *colon = memchr(line, ':', n);

    if (colon == NULL)
        return NULL;
    return dup_range(line, LENGTH);
}
"""


@pytest.mark.parametrize(
    ("length", "safe"), [("(size_t)(colon - line)", True), ("(size_t)(line - colon)", False)]
)
def test_a_length_found_by_a_search_does_not_wrap(tmp_path: Path, length: str, safe: bool) -> None:
    got = judge_marked(tmp_path, PAIR.replace("LENGTH", length), "FF1004", MSG, (120,))
    assert (got.verdict == "FALSE_POSITIVE") == safe, (length, got.verdict, got.justification)


SPRINTF = "buffer/sprintf:Does not check for buffer overflows (CWE-120)."
NAMED = """#include <stdio.h>
#include <stdint.h>

static const char *type_name(uint16_t t, char *tmp)
{
    if (t == 1)
        return "A";
    sprintf(tmp, "TYPE%u", (unsigned)t); /* <- */
    return tmp;
}

int main(void)
{
    char tbuf[SIZE];
    puts(type_name(28, tbuf));
    return 0;
}
"""


@pytest.mark.parametrize(("size", "safe"), [("16", True), ("9", False)])
def test_a_write_into_a_parameter_by_what_every_call_hands(tmp_path: Path, size: str, safe: bool) -> None:
    got = judge_marked(tmp_path, NAMED.replace("SIZE", size), "FF1015", SPRINTF, (120,))
    assert (got.verdict == "FALSE_POSITIVE") == safe, (size, got.verdict, got.justification)
