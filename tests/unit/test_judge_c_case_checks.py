"""A check that leaves inside a ``case`` of a ``switch`` holds for the statements after it in that
case (c_conditions.holding_conditions, c_guards, c_paths): ``case T_NAME: if (n >= sizeof buf)
return -1; memcpy(buf, v, n);``. A check in another case, which a jump to this case skips, does
not. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

from .c_snippet import judge_marked

MSG = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
CODE = """#include <string.h>

struct rec { char name[16]; int flags; };

int apply(struct rec *r, int type, const char *v, size_t n)
{
    switch (type) {
    case 1:
CHECK_ONE
        memcpy(r->name, v, n); /* <- */
        r->name[n] = '\\0';
        break;
    case 2:
CHECK_TWO
        r->flags = (int)n;
        break;
    }
    return 0;
}
"""
CHECK = "        if (n >= sizeof(r->name))\n            return -1;"


def test_a_check_in_the_same_case_holds(tmp_path: Path) -> None:
    code = CODE.replace("CHECK_ONE", CHECK).replace("CHECK_TWO\n", "")
    got = judge_marked(tmp_path, code, "FF1004", MSG, (120,))
    assert got.verdict == "FALSE_POSITIVE", got.justification


def test_a_check_in_another_case_does_not(tmp_path: Path) -> None:
    code = CODE.replace("CHECK_ONE\n", "").replace("CHECK_TWO", CHECK)
    got = judge_marked(tmp_path, code, "FF1004", MSG, (120,))
    assert got.verdict != "FALSE_POSITIVE", got.justification


def test_a_check_before_a_case_label_falls_through_but_a_jump_skips_it(tmp_path: Path) -> None:
    code = (
        CODE.replace("CHECK_ONE\n", "")
        .replace("CHECK_TWO\n", "")
        .replace("    case 1:\n", "    case 0:\n" + CHECK + "\n    case 1:\n")
    )
    got = judge_marked(tmp_path, code, "FF1004", MSG, (120,))
    assert got.verdict != "FALSE_POSITIVE", got.justification
