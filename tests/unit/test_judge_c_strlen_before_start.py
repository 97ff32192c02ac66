"""``strlen(s)`` whose length less a constant names a place in ``s`` (``s + strlen(s) - 1``,
``s[strlen(s) - 1]``): before the string's start when it is empty (or shorter than the constant), an
under-read the finding on that line is kept for (c_length_reads._before_start), unless a check
holding there says the string is long enough (``*s``, ``s[0] != '\\0'``, ``strlen(s) > 0``). Code
written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/strlen:Does not handle strings that are not \\0-terminated (CWE-126)."
RTRIM = """#include <ctype.h>
#include <string.h>

char *rtrim(char *s)
{
    char *end;

CHECK    end = s + strlen(s) - 1; /* <- */
    while (end >= s && isspace((unsigned char)*end))
        *end-- = '\\0';
    return s;
}

int main(void)
{
    char line[] = "  ";
    return rtrim(line)[0];
}
"""
CHOMP = """#include <string.h>

void chomp(char *s)
{
    if (CHECK)
        s[strlen(s) - 1] = '\\0'; /* <- */
}

int main(void)
{
    char line[] = "x\\n";
    chomp(line);
    return line[0];
}
"""

CASES = {
    "rtrim-unchecked": (RTRIM.replace("CHECK", ""), False),
    "rtrim-empty-left-early": (RTRIM.replace("CHECK", "    if (*s == '\\0')\n        return s;\n"), True),
    "rtrim-first-char-tested": (RTRIM.replace("CHECK", "    if (!s[0])\n        return s;\n"), True),
    "chomp-unchecked": (CHOMP.replace("CHECK", "1"), False),
    "two-back-after-one-char-checked": (
        CHOMP.replace("CHECK", "*s").replace("strlen(s) - 1", "strlen(s) - 2"),
        False,
    ),
}
# checked: the place is not before the start (the index itself is judged by the index rules); a
# length less one is no place (the copy's own finding judges it)
CHECKED = {
    "a-length-less-one": CHOMP.replace(
        "if (CHECK)\n        s[strlen(s) - 1] = '\\0';", "memmove(s, s + 1, strlen(s) - 1);"
    ),
    "chomp-length-checked": CHOMP.replace("CHECK", "strlen(s) > 0"),
    "chomp-first-char-checked": CHOMP.replace("CHECK", "*s"),
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1022", MSG, (126,), name="buffer/strlen")


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_length_less_a_constant_is_a_place_in_the_string(tmp_path: Path, case: str) -> None:
    code, safe = CASES[case]
    got = _judge(tmp_path, code)
    assert got.startswith("FALSE_POSITIVE") == safe, (case, got)
    if not safe:
        assert "before its start" in got, got


@pytest.mark.parametrize("case", sorted(CHECKED))
def test_a_check_of_the_length_says_the_place_is_inside(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, CHECKED[case])
    assert "before its start" not in got, (case, got)
