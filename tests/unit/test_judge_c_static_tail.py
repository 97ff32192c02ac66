"""A byte array of static storage keeps its last byte zero when nothing writes it
(c_static_tail.py): ``static char ident[32] = "logd";`` then ``strncpy(ident, optarg,
sizeof(ident) - 1)`` leaves ``ident`` terminated. Unsound variants (a copy of the whole size, a store
into the last byte elsewhere, the address kept in a pointer, a plain local whose bytes start
unknown) stay kept. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = (
    "buffer/strncpy:Easily used incorrectly; doesn't always \\0-terminate or check for invalid pointers "
    "[MS-banned] (CWE-120)."
)
CODE = """#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char ident[32] = "logd";

static void log_line(const char *msg)
{
    fprintf(stderr, "%s[%ld]: %s (%zu)\\n", ident, (long)getpid(), msg, strlen(ident));
}

int main(int argc, char **argv)
{
    int c;

    while ((c = getopt(argc, argv, "i:")) != -1) {
        if (c == 'i')
            strncpy(ident, optarg, sizeof(ident) - 1); /* <- */
    }
    log_line("started");
    return 0;
}
"""

SAFE = {
    "global": CODE,
    "global-no-initialiser": CODE.replace(' = "logd";', ";"),
    "static-local": CODE.replace('static char ident[32] = "logd";\n', "")
    .replace(
        "static void log_line(const char *msg)", "static void log_line(const char *ident, const char *msg)"
    )
    .replace('log_line("started")', 'log_line(ident, "started")')
    .replace("    int c;\n", "    static char ident[32];\n    int c;\n"),
}

KEPT = {
    "whole-size": CODE.replace("sizeof(ident) - 1", "sizeof(ident)"),
    "last-byte-written": CODE.replace(
        "int main(int argc", "void mark(void)\n{\n    ident[31] = 'x';\n}\n\nint main(int argc"
    ),
    "address-kept": CODE.replace("int main(int argc", "char *current = ident;\n\nint main(int argc"),
    "written-by-callee": CODE.replace(
        'log_line("started");', 'log_line("started");\n    fgets(ident, 64, stdin);'
    ),
    "plain-local": CODE.replace('static char ident[32] = "logd";\n', "")
    .replace(
        "static void log_line(const char *msg)", "static void log_line(const char *ident, const char *msg)"
    )
    .replace('log_line("started")', 'log_line(ident, "started")')
    .replace("    int c;\n", "    char ident[32];\n    int c;\n"),
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1008", MSG, (120,), name="buffer/strncpy")


@pytest.mark.parametrize("case", sorted(SAFE))
def test_the_static_tail_stays_a_terminator(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
