"""The memory-state interpreter (c_states.py) follows a pointer into the functions it is handed to
two levels deep, counted across every level: a callee's callee is not started again at depth 0.
Before, a chain of functions that hand the pointer on inside loops (or a function that hands it to
itself) was interpreted again at every level, and one finding of an outsider's program ran for more
than ten minutes. The number of interpretations is counted here, not the time. Code written for
these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.taint import c_states

from .test_judge_c_memory import judge

CHAIN = """#include <stdlib.h>
#include <string.h>

static void walk3(char *p, int n)
{
    for (int i = 0; i < n; i++)
        if (p[i] == 'x')
            walk3(p + 1, n - 1);
}

static void walk2(char *p, int n)
{
    for (int i = 0; i < n; i++) {
        walk3(p, n);
        walk2(p, n - 1);
    }
}

static void walk1(char *p, int n)
{
    for (int i = 0; i < n; i++) {
        walk2(p, n);
        walk3(p, n);
    }
}

int main(void)
{
    char *p = malloc(16);

    if (p == NULL)
        return 1;
    memset(p, 'x', 16);
    walk1(p, 16);
    return 0; /* <- */
}
"""


def test_callees_are_followed_a_bounded_number_of_times(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = 0
    original = c_states._interpret

    def counted(run: c_states._Run) -> c_states.Flow:
        nonlocal runs
        runs += 1
        if runs > 200:
            raise AssertionError("the interpreter keeps following callees")  # fail fast, do not hang
        return original(run)

    monkeypatch.setattr(c_states, "_interpret", counted)
    got = judge(tmp_path, "leak", CHAIN)
    assert got.verdict != "FALSE_POSITIVE", got.justification  # p is never released
    assert runs <= 20, runs
