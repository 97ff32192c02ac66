"""A copy into a block this function allocated for the copy's length: ``p = malloc(n + 1);
memcpy(p, s, n)``, ``p = malloc(len); memcpy(p, data, len)``, ``malloc(count * sizeof *out)`` with
the same count (c_alloc_fit.py). Sound only when the length has the same value at the copy as at the
allocation and, for ``n + k``, cannot wrap (a negative int, a 32-bit count near its maximum, a value
with no bound); an allocation in a check's condition (``if ((p = malloc(n)) == NULL)``) only when
the check always runs before the copy and the allocation is not under ``&&``/``||``. Code written for
these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

HEAD = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <stdint.h>\n"
MEMCPY = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."

CASES = {
    "allocated-in-the-check": (
        """char *f(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p;
    if ((p = malloc(n)) == NULL) {
        perror("malloc");
        exit(1);
    }
    memcpy(p, s, n); /* <- */
    return p;
}""",
        "FP",
    ),
    "allocated-in-a-check-that-may-not-run": (
        """char *f(const char *s, size_t n)
{
    static char tmp[8];
    char *p = tmp;
    if (n > 100) {
        if ((p = malloc(n)) == NULL)
            return NULL;
    }
    memcpy(p, s, n); /* <- */
    return p;
}""",
        "not",
    ),
    "allocated-under-and": (
        """char *f(const char *s, size_t n, int small)
{
    static char tmp[8];
    char *p = tmp;
    if (!small && (p = malloc(n)) == NULL)
        return NULL;
    memcpy(p, s, n); /* <- */
    return p;
}""",
        "not",
    ),
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


FREAD = "buffer/fread:Does not check for buffer overflows (CWE-120)."
LOADER = """unsigned char *load(FILE *fp, size_t *len)
{
    unsigned char *buf = NULL;
    long sz;

    if (fseek(fp, 0, SEEK_END) != 0 || (sz = ftell(fp)) <= 0 || fseek(fp, 0, SEEK_SET) != 0)
        return NULL;
    buf = malloc(ALLOC);
    if (buf && fread(buf, 1, (size_t)sz, fp) != (size_t)sz) { /* <- */
        free(buf);
        return NULL;
    }
    *len = (size_t)sz;
    return buf;
}"""
FREADS = {
    "same-size": ("(size_t)sz", True),
    "at-least-one": ("sz ? (size_t)sz : 1", True),
    "one-short": ("(size_t)sz - 1", False),
    "other-size": ("64", False),
}


@pytest.mark.parametrize("case", sorted(FREADS))
def test_fread_into_a_block_allocated_for_what_it_reads(tmp_path: Path, case: str) -> None:
    alloc, fits = FREADS[case]
    code = HEAD + LOADER.replace("ALLOC", alloc) + "\n"
    got = judge_marked(tmp_path, code, "FF1070", FREAD, (120,))
    assert (got.verdict == "FALSE_POSITIVE") == fits, (case, got.verdict, got.justification)


def test_fread_after_the_block_changes_is_kept(tmp_path: Path) -> None:
    code = (
        HEAD
        + LOADER.replace("ALLOC", "(size_t)sz").replace(
            "    if (buf && fread", "    if (sz > 4)\n        buf = malloc(4);\n    if (buf && fread"
        )
        + "\n"
    )
    got = judge_marked(tmp_path, code, "FF1070", FREAD, (120,))
    assert got.verdict != "FALSE_POSITIVE", got.justification


TLV = """static int apply(unsigned char **out, const unsigned char *val, size_t vlen)
{
    unsigned char *c = malloc(vlen ? vlen : 1);
    if (!c)
        return -1;
    memcpy(c, val, vlen); /* <- */
    *out = c;
    return 0;
}

int parse(const unsigned char *p, size_t len, unsigned char **out)
{
    size_t rlen, vlen;

    if (len < 2)
        return -1;
    rlen = p[1];
    if (rlen > len)
        return -1;
CHECK    vlen = rlen - 2;
    return apply(out, p + 2, vlen);
}"""


@pytest.mark.parametrize(("check", "safe"), [("", False), ("    if (rlen < 2)\n        return -1;\n", True)])
def test_a_pair_whose_caller_length_may_wrap_is_not_trusted(tmp_path: Path, check: str, safe: bool) -> None:
    code = HEAD + TLV.replace("CHECK", check) + "\n"
    got = judge_marked(tmp_path, code, "FF1004", MEMCPY, (120,))
    assert (got.verdict == "FALSE_POSITIVE") == safe, (check, got.verdict, got.justification)


MEMBER = """struct image {
    unsigned char *data;
    size_t len;
};

int load(struct image *img, FILE *fp, long sz)
{
    if (sz <= 0)
        return -1;
    img->len = (size_t)sz;
    img->data = malloc(img->len);
    if (img->data == NULL)
        return -1;
    if (fread(img->data, 1, img->len, fp) != img->len) /* <- */
        return -1;
    return 0;
}"""

MEMBERS = {
    "member-block-for-the-member-length": (MEMBER, True),
    "length-changed-between": (
        MEMBER.replace("    if (img->data == NULL)", "    img->len += 16;\n    if (img->data == NULL)"),
        False,
    ),
    "struct-handed-to-a-function-between": (
        MEMBER.replace("int load(", "void reset(struct image *img);\n\nint load(").replace(
            "    if (img->data == NULL)", "    reset(img);\n    if (img->data == NULL)"
        ),
        False,
    ),
    "block-stored-only-on-one-path": (
        MEMBER.replace(
            "    img->data = malloc(img->len);", "    if (sz > 64)\n        img->data = malloc(img->len);"
        ),
        False,
    ),
    "block-one-short": (MEMBER.replace("malloc(img->len)", "malloc(img->len - 1)"), False),
    "length-changed-through-another-pointer": (
        MEMBER.replace("    if (sz <= 0)", "    struct image *other = img;\n\n    if (sz <= 0)").replace(
            "    if (img->data == NULL)", "    other->len = 4096;\n    if (img->data == NULL)"
        ),
        False,
    ),
}


@pytest.mark.parametrize("case", sorted(MEMBERS))
def test_fread_into_a_member_allocated_for_what_it_reads(tmp_path: Path, case: str) -> None:
    # a member's block (img->data = malloc(img->len)) as a variable's: nothing may change either between
    code, fits = MEMBERS[case]
    got = judge_marked(tmp_path, HEAD + code + "\n", "FF1070", FREAD, (120,))
    assert (got.verdict == "FALSE_POSITIVE") == fits, (case, got.verdict, got.justification)
