"""A copy into a block this function allocated for the copy's length: ``p = malloc(n + 1);
memcpy(p, s, n)``, ``p = malloc(len); memcpy(p, data, len)``, ``malloc(count * sizeof *out)`` with
the same count (c_alloc_fit.py). Sound only when the length has the same value at the copy as at the
allocation and, for ``n + k``, cannot wrap (a negative int, a 32-bit count near its maximum, a value
with no bound). Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

HEAD = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <stdint.h>\n"
MEMCPY = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."

CASES = {
    "neg-int": (
        """char *f(const char *s, const char *arg)
{
    int n = atoi(arg);
    char *p = malloc(n + 1);
    if (!p) return NULL;
    memcpy(p, s, n); /* <- */
    p[n] = 0;
    return p;
}""",
        "not",
    ),
    "u32-wrap": (
        """char *f(const char *s, uint32_t n)
{
    char *p = malloc(n + 1);
    if (!p) return NULL;
    memcpy(p, s, n); /* <- */
    return p;
}""",
        "not",
    ),
    "grown": (
        """char *f(const char *s, size_t n)
{
    char *p = malloc(n);
    if (!p) return NULL;
    n += 4;
    memcpy(p, s, n); /* <- */
    return p;
}""",
        "not",
    ),
    "plus-one-copy": (
        """char *f(const char *s, size_t len)
{
    char *p = malloc(len);
    if (!p) return NULL;
    memcpy(p, s, len + 1); /* <- */
    return p;
}""",
        "not",
    ),
    "loop-changes": (
        """void f(const char *s, size_t n, size_t (*next)(void))
{
    char *p = malloc(n);
    if (!p) return;
    for (int i = 0; i < 3; i++) {
        memcpy(p, s, n); /* <- */
        n = next();
    }
    free(p);
}""",
        "not",
    ),
    "realloc-smaller": (
        """char *f(const char *s, size_t n)
{
    char *p = malloc(n);
    if (!p) return NULL;
    p = realloc(p, 8);
    memcpy(p, s, n); /* <- */
    return p;
}""",
        "not",
    ),
    "global-len": (
        """size_t glen;
void touch(void);
char *f(const char *s)
{
    char *p = malloc(glen);
    if (!p) return NULL;
    touch();
    memcpy(p, s, glen); /* <- */
    return p;
}""",
        "not",
    ),
    "addr-taken": (
        """void fill(size_t *);
char *f(const char *s)
{
    size_t n = 8;
    char *p = malloc(n);
    fill(&n);
    memcpy(p, s, n); /* <- */
    return p;
}""",
        "not",
    ),
    "same-len": (
        """char *f(const char *data, size_t len)
{
    char *p = malloc(len);
    if (!p) return NULL;
    memcpy(p, data, len); /* <- */
    return p;
}""",
        "FP",
    ),
    "count-sizeof": (
        """int *f(const int *in, size_t count)
{
    int *out = malloc(count * sizeof *out);
    if (!out) return NULL;
    memcpy(out, in, count * sizeof *out); /* <- */
    return out;
}""",
        "FP",
    ),
    "strlen-plus-one": (
        """char *f(const char *s)
{
    size_t n = strlen(s);
    char *p = malloc(n + 1);
    if (!p) return NULL;
    memcpy(p, s, n + 1); /* <- */
    return p;
}""",
        "FP",
    ),
    "size-t-source-pair": (
        """char *dup_range(const char *start, size_t len)
{
    char *s = malloc(len + 1);
    if (s == NULL) return NULL;
    memcpy(s, start, len); /* <- */
    s[len] = 0;
    return s;
}""",
        "FP",
    ),
    "int-source-pair": (
        """char *dup_range(const char *start, int len)
{
    char *s = malloc(len + 1);
    if (s == NULL) return NULL;
    memcpy(s, start, len); /* <- */
    return s;
}""",
        "not",
    ),
    "bounded-plus": (
        """char *f(const char *s, size_t n)
{
    if (n > 4096) return NULL;
    char *p = malloc(n + 1);
    if (!p) return NULL;
    memcpy(p, s, n); /* <- */
    p[n] = 0;
    return p;
}""",
        "FP",
    ),
    "strlen-n-then-terminator": (
        """char *f(const char *s)
{
    size_t n = strlen(s);
    char *p = malloc(n + 1);
    if (!p) return NULL;
    memcpy(p, s, n); /* <- */
    p[n] = '\\0';
    return p;
}""",
        "FP",
    ),
    "strlen-plus-one-local": (
        """char *f(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p == NULL) return NULL;
    memcpy(p, s, n); /* <- */
    return p;
}""",
        "FP",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_copy_into_a_block_allocated_for_its_length(tmp_path: Path, case: str) -> None:
    body, want = CASES[case]
    code = HEAD + body + "\n"
    got = judge_marked(tmp_path, code, "FF1004", MEMCPY, (120,))
    if want == "FP":
        assert got.verdict == "FALSE_POSITIVE", (case, got.justification)
        assert "allocated" in got.justification, got.justification
    else:
        assert got.verdict != "FALSE_POSITIVE", (case, got.justification)
