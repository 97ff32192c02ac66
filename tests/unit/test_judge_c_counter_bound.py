"""A counter that starts from 0 and only counts up by one under a check stays between 0 and the
checked bound everywhere (c_counter_bound.py): ``if (nvars == ENV_MAX) return -1;`` then
``strcpy(vars[nvars].key, key); nvars++;`` writes inside ``vars``. Unsound variants stay kept: a
``!=`` check below a larger value stored elsewhere, a counter other files may change, its address
taken, an increment without a check, a decrement. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/strcpy:Does not check for buffer overflows when copying to destination [MS-banned] (CWE-120)."
CODE = """#include <stdlib.h>
#include <string.h>

#define ENV_MAX 16

struct var {
    char key[64];
    char *value;
};

static struct var vars[ENV_MAX];
static size_t nvars;

int set_var(const char *key, char *value)
{
    if (nvars == ENV_MAX || strlen(key) >= sizeof(vars[0].key))
        return -1;
    strcpy(vars[nvars].key, key); /* <- */
    vars[nvars++].value = value;
    return 0;
}

void clear_vars(void)
{
    nvars = 0;
}
"""

SAFE = {
    "equality-check-at-the-bound": CODE,
    "less-than-check": CODE.replace("nvars == ENV_MAX ||", "nvars >= ENV_MAX ||"),
    "local-counter": """#include <stdio.h>
#include <string.h>

struct var {
    char key[64];
};

int load(FILE *fp, struct var *out_first)
{
    struct var vars[8];
    char line[128];
    int n = 0;

    while (fgets(line, sizeof(line), fp) != NULL) {
        if (n == 8 || strlen(line) >= sizeof(vars[0].key))
            break;
        strcpy(vars[n].key, line); /* <- */
        n++;
    }
    if (n > 0)
        *out_first = vars[0];
    return n;
}
""",
}

KEPT = {
    "larger-value-stored-elsewhere": CODE.replace("nvars = 0;", "nvars = 20;"),
    "other-files-may-change-it": CODE.replace("static size_t nvars;", "size_t nvars;"),
    "address-taken": CODE.replace("nvars = 0;", "size_t *p = &nvars;\n    *p = 0;"),
    "increment-without-a-check": CODE.replace(
        "void clear_vars(void)\n{\n    nvars = 0;", "void add_blank(void)\n{\n    nvars++;"
    ),
    "decrement": CODE.replace("nvars = 0;", "nvars--;"),
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1001", MSG, (120,), name="buffer/strcpy")


@pytest.mark.parametrize("case", sorted(SAFE))
def test_counters_checked_before_each_step_stay_inside(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_counters_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert got.startswith("TRUE_POSITIVE"), (case, got)
