"""Checks before a C copy: macros that expand to a check that leaves, destinations counted in
elements of an array whose dimension is a macro, and copies whose checks bound them without proving
they fit (NEEDS_REVIEW naming the check) against copies a check does not bound (TRUE_POSITIVE).
Each case pairs a variant the rule proves or names with one it must not. Written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"


def judge(tmp_path: Path, code: str, cwe: int = 120, header: str | None = None) -> tuple[str, str]:
    (tmp_path / "main.c").write_text(code)
    if header is not None:
        (tmp_path / "defs.h").write_text(header)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    finding = Finding(
        tool="flawfinder",
        rule_id="FF1004",
        message="Does not check for buffer overflows when copying to destination",
        location=Location("main.c", Region(line)),
        cwe=(cwe,),
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    return j.verdict, j.justification


# ---------------------------------------------------------------- macros that expand to a check

MACRO_CASES: list[tuple[str, str, str]] = [
    (
        "macro-check-bounds-the-length",
        FP,
        """
#include <string.h>
#define CHECK_LEN(n) \\
    if ((n) > 16) { \\
        return -1; \\
    }
int keep(const char *src, unsigned int n) {
    char out[16];
    CHECK_LEN(n);
    memcpy(out, src, n); /* <- */
    return out[0];
}
""",
    ),
    (
        "macro-check-in-do-while-zero",
        FP,
        """
#include <string.h>
#define REQUIRE(c) do { if (!(c)) goto fail; } while (0)
int keep(const char *src, unsigned int n) {
    char out[16];
    REQUIRE(n <= sizeof(out));
    memcpy(out, src, n); /* <- */
    return out[0];
fail:
    return -1;
}
""",
    ),
    (
        "macro-that-does-not-leave-bounds-nothing",
        TP,
        """
#include <stdio.h>
#include <string.h>
#define WARN_LEN(n) \\
    if ((n) > 16) { \\
        puts("long"); \\
    }
int keep(const char *src, unsigned int n) {
    char out[16];
    WARN_LEN(n);
    memcpy(out, src, n); /* <- */
    return out[0];
}
""",
    ),
    (
        "macro-check-of-a-larger-bound",
        TP,
        """
#include <string.h>
#define CHECK_LEN(n) if ((n) > 32) return -1;
int keep(const char *src, unsigned int n) {
    char out[16];
    CHECK_LEN(n);
    memcpy(out, src, n); /* <- */
    return out[0];
}
""",
    ),
    (
        "macro-check-then-length-changed",
        TP,
        """
#include <string.h>
#define CHECK_LEN(n) if ((n) > 16) return -1;
int keep(const char *src, unsigned int n) {
    char out[16];
    CHECK_LEN(n);
    n = n * 2;
    memcpy(out, src, n); /* <- */
    return out[0];
}
""",
    ),
]


@pytest.mark.parametrize("name,expected,code", MACRO_CASES, ids=[c[0] for c in MACRO_CASES])
def test_macro_checks(tmp_path: Path, name: str, expected: str, code: str) -> None:
    got, why = judge(tmp_path, code)
    assert got == expected, f"{name}: {got}: {why}"


def test_macro_check_from_an_included_header(tmp_path: Path) -> None:
    header = "#define CHECK_LEN(n) if ((n) > 16) { return -1; }\n"
    code = """
#include <string.h>
#include "defs.h"
int keep(const char *src, unsigned int n) {
    char out[16];
    CHECK_LEN(n);
    memcpy(out, src, n); /* <- */
    return out[0];
}
"""
    got, why = judge(tmp_path, code, header=header)
    assert got == FP, why


# ---------------------------------------------------------------- destinations counted in elements

ELEMENT_CASES: list[tuple[str, str, str, str | None]] = [
    (
        "strncpy-one-less-than-a-macro-dimension-of-a-char-typedef",
        FP,
        """
#include <string.h>
#include "defs.h"
void name_of(const text_t *mode) {
    text_t name[NAME_MAX_LEN];
    strncpy(name, mode, NAME_MAX_LEN - 1); /* <- */
    name[NAME_MAX_LEN - 1] = '\\0';
    use(name);
}
""",
        "typedef char text_t;\n#ifndef NAME_MAX_LEN\n#define NAME_MAX_LEN 64\n#endif\nvoid use(text_t *);\n",
    ),
    (
        "strncpy-one-more-than-a-macro-dimension",
        TP,
        """
#include <string.h>
#include "defs.h"
void name_of(const text_t *mode) {
    text_t name[NAME_MAX_LEN];
    strncpy(name, mode, NAME_MAX_LEN + 1); /* <- */
    name[NAME_MAX_LEN - 1] = '\\0';
    use(name);
}
""",
        "typedef char text_t;\n#define NAME_MAX_LEN 64\nvoid use(text_t *);\n",
    ),
    (
        "count-checked-against-half-of-the-array",
        FP,
        """
#include <string.h>
#include "defs.h"
void copy_dims(const wide_t *dims, const wide_t *steps, int nd) {
    wide_t both[2 * MAX_DIMS];
    wide_t *second = NULL;
    if (nd > MAX_DIMS || nd < 0) {
        return;
    }
    memcpy(both, dims, nd * sizeof(wide_t));
    if (steps) {
        second = both + MAX_DIMS;
        memcpy(second, steps, nd * sizeof(wide_t)); /* <- */
    }
    use(both);
}
""",
        "typedef long wide_t;\n#define MAX_DIMS 32\nvoid use(wide_t *);\n",
    ),
    (
        "count-checked-from-above-only-may-be-negative",
        TP,
        """
#include <string.h>
#include "defs.h"
void copy_dims(const wide_t *dims, int nd) {
    wide_t both[2 * MAX_DIMS];
    if (nd > MAX_DIMS) {
        return;
    }
    memcpy(both, dims, nd * sizeof(wide_t)); /* <- */
    use(both);
}
""",
        "typedef long wide_t;\n#define MAX_DIMS 32\nvoid use(wide_t *);\n",
    ),
    (
        "second-half-smaller-than-the-bound",
        TP,
        """
#include <string.h>
#include "defs.h"
void copy_dims(const wide_t *steps, int nd) {
    wide_t both[2 * MAX_DIMS];
    wide_t *second;
    if (nd > MAX_DIMS + 1 || nd < 0) {
        return;
    }
    second = both + MAX_DIMS;
    memcpy(second, steps, nd * sizeof(wide_t)); /* <- */
    use(both);
}
""",
        "typedef long wide_t;\n#define MAX_DIMS 32\nvoid use(wide_t *);\n",
    ),
    (
        "elements-of-another-type",
        TP,
        """
#include <string.h>
#include "defs.h"
void copy_dims(const wide_t *dims, int nd) {
    short both[MAX_DIMS];
    if (nd > MAX_DIMS || nd < 0) {
        return;
    }
    memcpy(both, dims, nd * sizeof(wide_t)); /* <- */
    use_short(both);
}
""",
        "typedef long wide_t;\n#define MAX_DIMS 32\nvoid use_short(short *);\n",
    ),
]


@pytest.mark.parametrize("name,expected,code,header", ELEMENT_CASES, ids=[c[0] for c in ELEMENT_CASES])
def test_elements_of_a_macro_dimension(
    tmp_path: Path, name: str, expected: str, code: str, header: str | None
) -> None:
    got, why = judge(tmp_path, code, header=header)
    assert got == expected, f"{name}: {got}: {why}"


def test_symbolic_dimension_is_not_evaluated_from_a_fallback_definition(tmp_path: Path) -> None:
    """The note speaks of the macro, not of the value a header's ``#ifndef`` fallback gives it."""
    code, header = ELEMENT_CASES[0][2], ELEMENT_CASES[0][3]
    (tmp_path / "main.c").write_text(code)
    assert header is not None
    (tmp_path / "defs.h").write_text(header)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    finding = Finding(
        tool="flawfinder",
        rule_id="FF1008",
        message="m",
        location=Location("main.c", Region(line)),
        cwe=(120,),
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert j.verdict == FP
    assert any("NAME_MAX_LEN - 1 elements" in e.why and "64" not in e.why for e in j.evidence), j.evidence


# ---------------------------------------------------------------- checked copies that cannot be proven

CHECKED_CASES: list[tuple[str, str, str, tuple[str, ...]]] = [
    (
        "both-sides-checked-against-the-callers-sizes",
        NR,
        """
#include <string.h>
int unpack(unsigned char *row, int width, const unsigned char *src, const unsigned char *end) {
    int x = 0;
    while (src < end) {
        int n = next_length();
        if (x + n > width)
            return -1;
        if (src + 1 + n > end)
            return -1;
        memcpy(row + x, src + 1, n); /* <- */
        x += n;
        src += 1 + n;
    }
    return x;
}
""",
        ("`x + n > width`", "`src + 1 + n > end`", "not known here"),
    ),
    (
        "source-not-checked",
        TP,
        """
#include <string.h>
int unpack(unsigned char *row, int width, const unsigned char *src, int count) {
    const unsigned char *p = src;
    int x = 0;
    while (count-- > 0) {
        int n = p[0];
        if (x + n > width)
            return -1;
        memcpy(row + x, p + 1, n); /* <- */
        x += n;
        p += 1 + n;
    }
    return x;
}
""",
        ("reads",),
    ),
    (
        "destination-not-checked",
        TP,
        """
#include <string.h>
int unpack(unsigned char *row, const unsigned char *src, const unsigned char *end) {
    int x = 0;
    while (src < end) {
        int n = src[0];
        if (src + 1 + n > end)
            return -1;
        memcpy(row + x, src + 1, n); /* <- */
        x += n;
        src += 1 + n;
    }
    return x;
}
""",
        ("row + x",),
    ),
    (
        "checked-before-the-offset-moves",
        TP,
        """
#include <string.h>
int unpack(unsigned char *row, int width, const unsigned char *src, const unsigned char *end, int n) {
    int x = 0;
    if (src + n > end || x + n > width)
        return -1;
    x = width;
    memcpy(row + x, src, n); /* <- */
    return x;
}
""",
        ("row + x",),
    ),
    (
        "loop-count-checked-source-end-checked",
        NR,
        """
#include <string.h>
int runs(unsigned char *dest, const unsigned char *src, const unsigned char *end, int xsize) {
    unsigned char count = src[0];
    src += 1;
    if (count > xsize)
        return -1;
    if (src + 2 * count > end)
        return -1;
    while (count--) {
        memcpy(dest, src, 2); /* <- */
        src += 2;
        dest += 2;
    }
    return 0;
}
""",
        ("`count > xsize`", "`src + 2 * count > end`"),
    ),
    (
        "a-pointer-moved-in-the-other-branch-stays-checked",
        NR,
        """
#include <string.h>
int runs(unsigned char *dest, const unsigned char *src, const unsigned char *end, int xsize, int copy) {
    unsigned char count = src[0];
    src += 1;
    if (count > xsize)
        return -1;
    if (copy) {
        while (count--) {
            *dest = 0;
            dest += 2;
        }
    } else {
        if (src + 2 > end)
            return -1;
        while (count--) {
            memcpy(dest, src, 2); /* <- */
            dest += 2;
        }
    }
    return 0;
}
""",
        ("`count > xsize`", "`src + 2 > end`"),
    ),
    (
        "signed-length-checked-from-above-only",
        TP,
        """
#include <string.h>
void put(char *dest, const char *src, int len) {
    if (len < 100)
        memcpy(dest, src, len); /* <- */
}
""",
        (),
    ),
    (
        "length-checked-against-more-than-the-destination",
        TP,
        """
#include <string.h>
void put(const char *src, unsigned int len) {
    char dest[50];
    if (len < 100)
        memcpy(dest, src, len); /* <- */
    dest[0] = 0;
}
""",
        (),
    ),
]


@pytest.mark.parametrize("name,expected,code,named", CHECKED_CASES, ids=[c[0] for c in CHECKED_CASES])
def test_checked_copies(tmp_path: Path, name: str, expected: str, code: str, named: tuple[str, ...]) -> None:
    got, why = judge(tmp_path, code)
    assert got == expected, f"{name}: {got}: {why}"
    for part in named:
        assert part in why, f"{name}: {part!r} not in {why!r}"


def test_macro_check_is_named_in_the_review(tmp_path: Path) -> None:
    code = """
#include <string.h>
#define NEED(k) if ((data + (k)) > end) { return -1; }
int unpack(unsigned char *row, int width, const unsigned char *buf, const unsigned char *end) {
    const unsigned char *data = buf + 4;
    int x = data[0];
    int i = data[1];
    if (x + i > width)
        return -1;
    NEED(2 + i)
    memcpy(row + x, data + 2, i); /* <- */
    return 0;
}
"""
    got, why = judge(tmp_path, code)
    assert got == NR, why
    assert "NEED(2 + i)" in why and "`x + i > width`" in why, why


# ---------------------------------------------------------------- what the rules must not prove

UNPROVEN_CASES: list[tuple[str, str]] = [
    (
        "an-array-of-the-same-name-in-another-function",
        """
#include <string.h>
void use(char *);
void other(void) {
    char buf[100];
    use(buf);
}
void put(char *buf, const char *s) {
    strncpy(buf, s, 99); /* <- */
}
""",
    ),
    (
        "a-cast-changes-the-unit-of-the-offset",
        """
#include <string.h>
#define M 16
void use(char *);
void put(const char *src) {
    char buf[2 * M];
    memcpy((long *)buf + M, src, M); /* <- */
    use(buf);
}
""",
    ),
    (
        "a-pointer-moved-later-in-the-loop",
        """
#include <string.h>
#define M 16
void use(char *);
void fill(const char *src, int k) {
    char arr[2 * M];
    char *p;
    p = arr + M;
    while (k-- > 0) {
        memcpy(p, src, M); /* <- */
        p += M;
    }
    use(arr);
}
""",
    ),
    (
        "a-length-checked-before-the-loop-that-grows-it",
        """
#include <string.h>
int more(void);
void use(const char *);
void f(const char *s, unsigned int n) {
    char buf[10];
    if (n > 10)
        return;
    while (more()) {
        memcpy(buf, s, n); /* <- */
        n++;
    }
    use(s);
}
""",
    ),
    (
        "a-macro-defined-two-ways",
        """
#include <string.h>
#ifdef FAST
#define CHECK_LEN(n) if ((n) > 64) return -1;
#else
#define CHECK_LEN(n) if ((n) > 16) return -1;
#endif
int keep(const char *src, unsigned int n) {
    char out[16];
    CHECK_LEN(n);
    memcpy(out, src, n); /* <- */
    return out[0];
}
""",
    ),
]


@pytest.mark.parametrize("name,code", UNPROVEN_CASES, ids=[c[0] for c in UNPROVEN_CASES])
def test_what_the_rules_must_not_prove(tmp_path: Path, name: str, code: str) -> None:
    got, why = judge(tmp_path, code)
    assert got != FP, f"{name}: {why}"


def test_a_branch_whose_loop_grows_the_checked_length(tmp_path: Path) -> None:
    code = """
#include <string.h>
int more(void);
void use(const char *);
void f(const char *s, unsigned int n) {
    char buf[10];
    if (n <= 10) {
        while (more()) {
            memcpy(buf, s, n); /* <- */
            n++;
        }
    }
    use(s);
}
"""
    got, why = judge(tmp_path, code)
    assert got != FP, why
