"""Allocation wrappers of the file are followed, never trusted by their names (c_alloc_calls):
``xcalloc(size_t n, size_t sz) { if ((p = calloc(n, sz)) == NULL) exit(1); return p; }`` then ``p =
xcalloc(1, strlen(s) + 1); strcpy(p, s);`` fits. Kept: a wrapper that reserves less than it is asked
(``malloc(n / 2)``, even when it is called ``xmalloc``), one that changes its parameter, one that
hands back a place inside its block, one whose returns reserve different sizes. Code written for
these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/strcpy:Does not check for buffer overflows when copying to destination [MS-banned] (CWE-120)."
CODE = """#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t sz)
{
    void *p;

    if ((p = calloc(n, sz)) == NULL) {
        perror("calloc");
        exit(1);
    }
    return p;
}

char *copy_of(const char *s)
{
    char *p = xcalloc(1, strlen(s) + 1);

    strcpy(p, s); /* <- */
    return p;
}
"""
XMALLOC = """#include <stdlib.h>
#include <string.h>

void *xmalloc(size_t n)
{
    void *p = malloc(n);

    if (p == NULL)
        abort();
    return p;
}

char *copy_of(const char *s)
{
    char *p = xmalloc(strlen(s) + 1);

    strcpy(p, s); /* <- */
    return p;
}
"""

SAFE = {
    "calloc-wrapper": CODE,
    "malloc-wrapper": XMALLOC,
    "malloc-of-at-least-one-byte": XMALLOC.replace("malloc(n);", "malloc(n ? n : 1);"),
}
KEPT = {
    "reserves-half": XMALLOC.replace("malloc(n);", "malloc(n / 2);"),
    "reserves-one-when-asked-more": XMALLOC.replace("malloc(n);", "malloc(n ? 1 : n);"),
    "changes-its-parameter": XMALLOC.replace(
        "    void *p = malloc(n);", "    void *p;\n\n    n -= 4;\n    p = malloc(n);"
    ),
    "hands-back-inside": XMALLOC.replace("    return p;\n}\n\nchar", "    return (char *)p + 4;\n}\n\nchar"),
    "returns-differ": CODE.replace(
        "    return p;\n}\n\nchar", "    if (n > 100)\n        return calloc(n, 1);\n    return p;\n}\n\nchar"
    ),
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1001", MSG, (120,), name="buffer/strcpy")


@pytest.mark.parametrize("case", sorted(SAFE))
def test_blocks_of_followed_wrappers_fit(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_wrappers_that_may_reserve_less_are_not_trusted(tmp_path: Path, case: str) -> None:
    code = KEPT[case]
    assert code not in SAFE.values()
    got = _judge(tmp_path, code)
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
