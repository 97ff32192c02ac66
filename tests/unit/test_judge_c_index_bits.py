"""Indexes bounded by their own arithmetic (c_index._bit_range) and table elements read by a copy
(c_copies._indexed_arguments): ``e & K`` lies in [0, K] whatever ``e`` is; ``e >> s`` and ``e % K`` of
an ``e`` at least 0 are bounded by ``e``'s range; a cast to an unsigned type lies in that type's
range; ``c <= hi`` with ``unsigned char hi`` keeps ``c`` at most 255. A string a copy reads out of a
table must be one of its elements: ``strcat(out, names[bit])`` with ``bit`` past the table keeps the
finding, whatever the destination's room. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

CHAR = (
    "buffer/char:Statically-sized arrays can be improperly restricted, leading to potential overflows or "
    "other issues (CWE-119!/CWE-120)."
)
STRCAT = (
    "buffer/strcat:Does not check for buffer overflows when concatenating to destination [MS-banned] "
    "(CWE-120)."
)
HEAD = "#include <stdio.h>\n#include <string.h>\n#include <sys/types.h>\n"


def typed(table: str, index: str, param: str = "unsigned m") -> str:
    return (
        HEAD + f"char kind({param}) {{\n" + f"    {table} /* <- */\n" + f"    return tab[{index}];\n" + "}\n"
    )


def ranged(bound_type: str, shift: str) -> str:
    return (
        HEAD
        + "void mark(const char *s) {\n"
        + "    unsigned char set[32]; /* <- */\n"
        + "    memset(set, 0, sizeof(set));\n"
        + f"    {bound_type} lo = (unsigned char)s[0], hi = (unsigned char)s[1];\n"
        + "    for (unsigned c = lo; c <= hi; c++)\n"
        + f"        set[c >> {shift}] |= (unsigned char)(1u << (c & 7));\n"
        + '    printf("%d\\n", set[0]);\n'
        + "}\n"
    )


MODE = 'static const char tab[] = "?pc?d?b?-?l?s???";'
SAFE = {
    "mask-inside": typed(MODE, "(m >> 12) & 0xf"),
    "remainder-of-unsigned": typed("char tab[8] = {0};", "m % 8"),
    "cast-to-unsigned-char": typed("char tab[256] = {0};", "(unsigned char)m", "int m"),
    "below-an-unsigned-char": ranged("unsigned char", "3"),
}
KEPT = {
    "mask-too-wide": typed(MODE, "(m >> 12) & 0x1f"),
    "remainder-of-signed": typed("char tab[8] = {0};", "m % 8", "int m"),
    "cast-to-signed-char": typed("char tab[256] = {0};", "(signed char)m", "int m"),
    "shift-too-small": ranged("unsigned char", "2"),
    "below-an-int": ranged("unsigned int", "3"),
}


@pytest.mark.parametrize("case", sorted(SAFE))
def test_an_index_its_arithmetic_bounds_is_inside(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, SAFE[case], "FF1013", CHAR, (119, 120), name="buffer/char")
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_an_index_its_arithmetic_does_not_bound_is_kept(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, KEPT[case], "FF1013", CHAR, (119, 120), name="buffer/char")
    assert not got.startswith("FALSE_POSITIVE"), (case, got)


FLAGS = (
    HEAD
    + 'static const char *names[] = { "paired", "proper", "unmapped", "reverse" };\n'
    + "#define NNAMES ((int)(sizeof(names) / sizeof(names[0])))\n"
    + "void describe(int flag, char *out, size_t outsz) {\n"
    + "    out[0] = '\\0';\n"
    + "    for (int bit = 0; bit < LIMIT; bit++) {\n"
    + "        if (!(flag & (1 << bit)))\n"
    + "            continue;\n"
    + "        if (strlen(out) + strlen(names[bit]) < outsz)\n"
    + "            strcat(out, names[bit]); /* <- */\n"
    + "    }\n"
    + "}\n"
    + "int main(void) { char d[64]; describe(5, d, sizeof(d)); puts(d); return 0; }\n"
)


def test_a_copy_of_a_table_element_inside_the_table(tmp_path: Path) -> None:
    got = said(tmp_path, FLAGS.replace("LIMIT", "NNAMES"), "FF1005", STRCAT, (120,))
    assert got.startswith("FALSE_POSITIVE"), got


def test_a_copy_of_a_table_element_past_the_table(tmp_path: Path) -> None:
    got = said(tmp_path, FLAGS.replace("LIMIT", "16"), "FF1005", STRCAT, (120,))
    assert got.startswith("TRUE_POSITIVE"), got
    assert "index `bit` may be 15 here, outside `names` (4 elements" in got, got


STRLEN = (
    "buffer/strlen:Does not handle strings that are not \\0-terminated; if given one it may perform an "
    "over-read (it could cause a crash if unprotected) (CWE-126)."
)
COUNTED = (
    HEAD
    + "#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))\n"
    + "struct opt { const char *name; int arg; };\n"
    + 'static const struct opt opts[] = { { "help", 0 }, { "verbose", 0 }, { "output", 1 } };\n'
    + "int find(const char *s, size_t n) {\n"
    + "    for (size_t i = 0; LOOP; i++)\n"
    + "        if (strlen(opts[i].name) == n && strncmp(opts[i].name, s, n) == 0) /* <- */\n"
    + "            return (int)i;\n"
    + "    return -1;\n}\n"
)
LOOPS = {
    "array-size-macro": ("i < ARRAY_SIZE(opts)", True),
    "sizeof-over-first-element": ("i < sizeof(opts) / sizeof(opts[0])", True),
    "sizeof-over-dereference": ("i < sizeof opts / sizeof *opts", True),
    "one-past-the-count": ("i <= ARRAY_SIZE(opts)", False),
    "sizeof-of-another-element": ("i < sizeof(opts) / sizeof(opts[0].arg)", False),
}


@pytest.mark.parametrize("case", sorted(LOOPS))
def test_a_loop_over_the_count_of_a_table(tmp_path: Path, case: str) -> None:
    loop, inside = LOOPS[case]
    got = said(tmp_path, COUNTED.replace("LOOP", loop), "FF1022", STRLEN, (126,), name="buffer/strlen")
    assert got.startswith("FALSE_POSITIVE") == inside, (case, got)


def test_a_loop_over_the_bytes_of_a_pointer_table(tmp_path: Path) -> None:
    code = (
        HEAD
        + 'static const char *names[] = { "a", "bb", "ccc" };\n'
        + "size_t total(void) {\n"
        + "    size_t n = 0;\n"
        + "    for (size_t i = 0; i < sizeof(names); i++)\n"
        + "        n += strlen(names[i]); /* <- */\n"
        + "    return n;\n}\n"
    )
    got = said(tmp_path, code, "FF1022", STRLEN, (126,), name="buffer/strlen")
    assert not got.startswith("FALSE_POSITIVE"), got
