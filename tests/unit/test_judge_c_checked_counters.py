"""A write position that only grows under a check keeping it below the buffer's size (c_pair_write
.checked_counter_max, c_index._offset_bound): ``if (o + 1 >= sizeof(out)) return -1; out[o++] = c;``
and ``if (o + n >= sizeof(out)) return -1; memcpy(out + o, s, n); o += n;`` keep ``o`` below
``sizeof(out)`` everywhere, so ``out[o] = '\\0'`` after the loop fits. Unsound variants (a growth
without a check, a check of the wrong size, ``o < sizeof(out)`` before ``o++`` -- o then reaches the
size --, a decrement, a check that no longer holds) stay kept.
Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

MSG = (
    "buffer/char:Statically-sized arrays can be improperly restricted, leading to potential overflows "
    "or other issues (CWE-119!/CWE-120)."
)
HEAD = "#include <stdio.h>\n#include <string.h>\n\n"
BODY = """void render(const char *in, const char *word)
{
    char out[64]; /* <- */
    size_t o = 0;
    const char *p;

    for (p = in; *p; p++) {
        if (*p == '$') {
            size_t n = strlen(word);
            CHECK_N
            memcpy(out + o, word, n);
            o += n;
            continue;
        }
        CHECK_1
        out[o++] = *p;
    }
    out[o] = '\\0';
    puts(out);
}
"""
GOOD_N = "if (o + n >= sizeof(out))\n                return;"
GOOD_1 = "if (o + 1 >= sizeof(out))\n            return;"

CASES = {
    "both-checked": (GOOD_N, GOOD_1, True),
    "no-check-for-one": (GOOD_N, "", False),
    "no-check-for-n": ("", GOOD_1, False),
    "check-too-loose": (GOOD_N, "if (o + 1 > sizeof(out))\n            return;", False),
    "check-of-another-size": (GOOD_N, "if (o + 1 >= 128)\n            return;", False),
    # `o < size` before `o++` lets o reach size: `out[o] = '\0'` after the loop is one past the end
    "index-checked-below-size": (GOOD_N, "if (o >= sizeof(out))\n            return;", False),
    "index-checked-below-size-minus-one": (GOOD_N, "if (o >= sizeof(out) - 1)\n            return;", True),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_position_grown_only_under_checks(tmp_path: Path, case: str) -> None:
    check_n, check_1, safe = CASES[case]
    code = HEAD + BODY.replace("CHECK_N", check_n).replace("CHECK_1", check_1)
    got = judge_marked(tmp_path, code, "FF1013", MSG, (119, 120))
    assert (got.verdict == "FALSE_POSITIVE") == safe, (case, got.verdict, got.justification)


def test_a_decrement_breaks_the_bound(tmp_path: Path) -> None:
    code = HEAD + BODY.replace("CHECK_N", GOOD_N).replace("CHECK_1", GOOD_1).replace(
        "        out[o++] = *p;\n", "        out[o++] = *p;\n        if (*p == '\\b')\n            o -= 2;\n"
    )
    got = judge_marked(tmp_path, code, "FF1013", MSG, (119, 120))
    assert got.verdict != "FALSE_POSITIVE", got.justification


SNPRINTF_LOOP = (
    HEAD
    + """void list(const char **keys, int count)
{
    char out[128]; /* <- */
    size_t used = 0;
    int i, n;

    out[0] = '\\0';
    for (i = 0; i < count; i++) {
        n = snprintf(out + used, sizeof(out) - used, "%s%s", i ? ", " : "", keys[i]);
        CHECK
        used += (size_t)n;
    }
    puts(out);
}
"""
)


@pytest.mark.parametrize(
    ("check", "safe"),
    [
        ("if (n < 0 || (size_t)n >= sizeof(out) - used)\n            break;", True),
        ("if (n < 0)\n            break;", False),
    ],
)
def test_snprintf_appended_while_it_fits(tmp_path: Path, check: str, safe: bool) -> None:
    code = SNPRINTF_LOOP.replace("CHECK", check)
    got = judge_marked(tmp_path, code, "FF1013", MSG, (119, 120))
    assert (got.verdict == "FALSE_POSITIVE") == safe, (check, got.verdict, got.justification)
