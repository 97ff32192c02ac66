"""Bounds carried one step further (c_paths.upper_bound_of, c_index.after_counting_loop,
c_pair_write._clamped_to, c_copies._only_lowered): ``i < nlen`` where a check left before bounds
``nlen``; ``text[i] = '\\0'`` right after ``for (i = 0; i < n && i < K; i++)``; ``if (n >= dstsz)
n = dstsz - 1; memcpy(dst, src, n)`` in a helper every call of which hands ``dst`` ``dstsz`` bytes
(``n = dstsz`` fits the copy too; the terminator after it is another line's finding).
Unsound variants stay kept. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

ARRAY = "buffer/char:Statically-sized arrays can be improperly restricted (CWE-119!/CWE-120)."
MEMCPY = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
HEAD = "#include <ctype.h>\n#include <stdio.h>\n#include <string.h>\n\n"

LOWER = (
    HEAD
    + """void show(const char *line, size_t nlen)
{
    char name[32]; /* <- */
    size_t i;

    if (nlen >= LIMIT)
        return;
    memcpy(name, line, nlen);
    name[nlen] = '\\0';
    for (i = 0; i < nlen; i++)
        name[i] = (char)tolower((unsigned char)name[i]);
    puts(name);
}
"""
)


@pytest.mark.parametrize(("limit", "safe"), [("sizeof(name)", True), ("64", False)])
def test_a_loop_bound_bounded_itself(tmp_path: Path, limit: str, safe: bool) -> None:
    got = judge_marked(tmp_path, LOWER.replace("LIMIT", limit), "FF1013", ARRAY, (119, 120))
    assert (got.verdict == "FALSE_POSITIVE") == safe, (limit, got.verdict, got.justification)


AFTER = (
    HEAD
    + """void show(const unsigned char *body, int n)
{
    char text[17]; /* <- */
    int i;

    for (i = 0; i < n && i < LIMIT; i++)
        text[i] = n > 3 ? 'x' : '.';
    text[i] = '\\0';
    puts(text);
}
"""
)


@pytest.mark.parametrize(("limit", "safe"), [("16", True), ("17", False)])
def test_a_counter_right_after_its_loop(tmp_path: Path, limit: str, safe: bool) -> None:
    got = judge_marked(tmp_path, AFTER.replace("LIMIT", limit), "FF1013", ARRAY, (119, 120))
    assert (got.verdict == "FALSE_POSITIVE") == safe, (limit, got.verdict, got.justification)


def test_a_counter_changed_in_its_loop_is_kept(tmp_path: Path) -> None:
    code = AFTER.replace("LIMIT", "16").replace(
        "        text[i] = n > 3 ? 'x' : '.';\n",
        "    {\n        text[i] = n > 3 ? 'x' : '.';\n        if (body[0] == 9)\n            i++;\n    }\n",
    )
    got = judge_marked(tmp_path, code, "FF1013", ARRAY, (119, 120))
    assert got.verdict != "FALSE_POSITIVE", got.justification


CLAMP = (
    HEAD
    + """static void store(char *dst, size_t dstsz, const char *src, size_t n)
{
    if (n >= dstsz)
        n = CLAMPED;
    memcpy(dst, src, n); /* <- */
    dst[n] = '\\0';
}

int main(int argc, char **argv)
{
    char name[64];

    if (argc < 2)
        return 1;
    store(name, sizeof(name), argv[1], strlen(argv[1]));
    puts(name);
    return 0;
}
"""
)


@pytest.mark.parametrize(("clamped", "safe"), [("dstsz - 1", True), ("dstsz", True), ("dstsz + 1", False)])
def test_a_length_clamped_to_the_size_parameter(tmp_path: Path, clamped: str, safe: bool) -> None:
    got = judge_marked(tmp_path, CLAMP.replace("CLAMPED", clamped), "FF1004", MEMCPY, (120,))
    assert (got.verdict == "FALSE_POSITIVE") == safe, (clamped, got.verdict, got.justification)
