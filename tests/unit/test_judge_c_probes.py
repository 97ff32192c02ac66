"""Calls that read nothing a finding claims: getenv() whose value is only tested for NULL
(flawfinder buffer/getenv), and system(NULL), which runs no command. A value kept or used, or a
command, stays open. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

GETENV = ("FF1053", "buffer/getenv", (807, 20), "buffer/getenv:Environment variables are untrustable input.")
SYSTEM = ("FF1044", "shell/system", (78,), "shell/system:This causes a new program to execute (CWE-78).")
HEAD = "#include <stdio.h>\n#include <stdlib.h>\n"
CASES = {
    "getenv-set-or-not": (
        GETENV,
        'int f(void) { if (getenv("APP_DEBUG") != NULL) /* <- */\n return 1; return 0; }',
        "FP",
    ),
    "getenv-negated": (
        GETENV,
        'int f(void) { while (!getenv("READY")) /* <- */\n return 1; return 0; }',
        "FP",
    ),
    "getenv-kept": (
        GETENV,
        'const char *f(void) { const char *q = getenv("QUERY"); /* <- */\n return q; }',
        "not",
    ),
    "getenv-compared-to-text": (
        GETENV,
        'int f(const char *s) { if (getenv("A") == s) /* <- */\n return 1; return 0; }',
        "not",
    ),
    "system-null": (SYSTEM, "int f(void) { if (system(NULL) == 0) /* <- */\n return 1; return 0; }", "FP"),
    "system-command": (SYSTEM, "int f(const char *c) { return system(c); /* <- */\n }", "not"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_calls_that_read_nothing_claimed(tmp_path: Path, case: str) -> None:
    (rule, name, cwe, message), body, want = CASES[case]
    code = HEAD + body + "\n"
    got = judge_marked(tmp_path, code, rule, message, cwe, name=name)
    if want == "FP":
        assert got.verdict == "FALSE_POSITIVE", (case, got.justification)
    else:
        assert got.verdict != "FALSE_POSITIVE", (case, got.justification)
