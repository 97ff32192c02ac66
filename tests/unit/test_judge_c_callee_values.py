"""A struct field array handed to a function with its length (``parse(h->size, sizeof(h->size))``):
the callee's accesses are judged with the bytes and the constant length this call passes, when the
callee never changes that parameter; a length larger than the field, or one the callee changes,
proves nothing. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

DECL = "buffer/char:Statically-sized arrays can be improperly restricted (CWE-119!/CWE-120)."
HEAD = """#include <stdint.h>
#include <stddef.h>
struct hdr {
    char name[100];
    char size[12]; /* <- */
};
"""
CASES = {
    "length-passed-as-sizeof": (
        """static uint64_t octal(const char *field, size_t len)
{
    uint64_t v = 0;
    for (size_t i = 0; i < len && field[i] >= '0' && field[i] <= '7'; i++)
        v = (v << 3) | (uint64_t)(field[i] - '0');
    return v;
}
uint64_t entry_size(const struct hdr *h) { return octal(h->size, sizeof(h->size)); }
""",
        "FP",
    ),
    "length-larger-than-the-field": (
        """static uint64_t octal(const char *field, size_t len)
{
    uint64_t v = 0;
    for (size_t i = 0; i < len && field[i] >= '0' && field[i] <= '7'; i++)
        v = (v << 3) | (uint64_t)(field[i] - '0');
    return v;
}
uint64_t entry_size(const struct hdr *h) { return octal(h->size, sizeof(h->size) + 4); }
""",
        "not",
    ),
    "callee-changes-the-length": (
        """static uint64_t octal(const char *field, size_t len)
{
    uint64_t v = 0;
    len += 8;
    for (size_t i = 0; i < len && field[i] >= '0' && field[i] <= '7'; i++)
        v = (v << 3) | (uint64_t)(field[i] - '0');
    return v;
}
uint64_t entry_size(const struct hdr *h) { return octal(h->size, sizeof(h->size)); }
""",
        "not",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_callee_judged_with_the_constant_length_passed(tmp_path: Path, case: str) -> None:
    body, want = CASES[case]
    code = HEAD + body
    got = judge_marked(tmp_path, code, "FF1013", DECL, (119, 120))
    if want == "FP":
        assert got.verdict == "FALSE_POSITIVE", (case, got.justification)
        assert "stays between 0 and 11" in got.justification, got.justification
    else:
        assert got.verdict != "FALSE_POSITIVE", (case, got.justification)
