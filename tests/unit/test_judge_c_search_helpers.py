"""A function of the file that searches its own (pointer, length) pair like memchr() bounds what it
returns (c_capacity_wp.Prover._search_helper): ``find_crlf(p, n)`` returning ``p + i`` under ``i + 1
< n`` or NULL; and a caller's ``n - pos`` is a pair when the checks before it keep ``pos <= n``
(``size_t pos = 1;`` after ``if (n == 0) return``: a local's first store stands for it until the
next). Unsound variants stay kept: a helper that may return past the pair, a result not checked
against NULL, a caller whose difference may wrap. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
CODE = """#include <stdlib.h>
#include <string.h>

static const char *find_crlf(const char *p, size_t n)
{
    size_t i;

    for (i = 0; i + 1 < n; i++)
        if (p[i] == '\\r' && p[i + 1] == '\\n')
            return p + i;
    return NULL;
}

static int read_num(const char *p, size_t n, long *out)
{
    const char *e = find_crlf(p, n);
    char tmp[24];
    size_t len;

    if (!e)
        return -1;
    len = (size_t)(e - p);
    if (len == 0 || len >= sizeof(tmp))
        return -1;
    memcpy(tmp, p, len); /* <- */
    tmp[len] = '\\0';
    *out = strtol(tmp, NULL, 10);
    return 0;
}

int parse_count(const char *buf, size_t n, long *count)
{
    size_t pos = 1;

    if (n == 0 || buf[0] != '*')
        return -1;
    return read_num(buf + pos, n - pos, count);
}
"""

KEPT = {
    "helper-returns-past-the-find": CODE.replace("return p + i;", "return p + i + 2;"),
    "helper-searches-past-the-pair": CODE.replace("i + 1 < n; i++)", "i < n + 8; i++)"),
    "result-not-checked": CODE.replace("    if (!e)\n        return -1;\n", ""),
    "caller-difference-may-wrap": CODE.replace("if (n == 0 || buf[0] != '*')", "if (buf[0] != '*')"),
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1004", MSG, (120,), name="buffer/memcpy")


def test_a_read_up_to_what_a_search_helper_found_is_safe(tmp_path: Path) -> None:
    got = _judge(tmp_path, CODE)
    assert got.startswith("FALSE_POSITIVE"), got
    assert "its callers' pair" in got, got


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    code = KEPT[case]
    assert code != CODE, case
    got = _judge(tmp_path, code)
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
