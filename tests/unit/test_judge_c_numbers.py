"""C declaration findings (flawfinder's "statically-sized arrays can be improperly restricted") judged
beyond the array's own bounds, and the signed arithmetic that judgement relies on. Each case pins one
general cause with a real and a safe variant (written for these tests; none is taken from a corpus).

- outside text an array receives (fgets, recv, scanf, a copy of getenv) that becomes a number
  (atoi, strtol, sscanf) is followed to what the number sizes, indexes or computes -- in the
  function, in a helper it is handed to, in the caller it is returned to: an unchecked use there
  leaves the declaration for review, a checked one does not;
- an array its function never overruns, beside another array of the same function that the analyst
  keeps, is left for review; an overrun in another function does not count;
- in signed arithmetic the unchecked side of an operand is the edge of its type: ``x + 1`` under
  ``x < INT_MAX`` cannot overflow, ``x * 2`` under ``x < INT_MAX / 2`` can still underflow, and an
  unsigned ``u - 1`` can wrap.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import Judge, judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"
NR_NUMBER = "NEEDS_REVIEW: the number"  # review because the array's text becomes an unchecked number
NR_OTHER = "NEEDS_REVIEW: another array"  # review because another array of the function is kept
DECL = ("flawfinder", "FF1013", (119, 120))
NUMBER = ("flawfinder", "FF1047", (190,))


def finding_at(code: str, rule: tuple[str, str, tuple[int, ...]], marker: str = "/* <- */") -> Finding:
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if marker in ln)
    tool, rule_id, cwe = rule
    return Finding(
        tool=tool, rule_id=rule_id, message="m", location=Location("main.c", Region(line)), cwe=cwe
    )


def verdict(tmp_path: Path, code: str, rule: tuple[str, str, tuple[int, ...]]) -> tuple[str, str]:
    (tmp_path / "main.c").write_text(code)
    j = judge_finding(finding_at(code, rule), WorkspaceIndex(tmp_path))
    return j.verdict, j.justification


def line_with(code: str, needle: str) -> int:
    return next(i for i, ln in enumerate(code.splitlines(), 1) if needle in ln)


READ_SIZE = """
#include <stdio.h>
#include <stdlib.h>
void load(void) {
    char line[16]; /* <- */
    int n = 0;
    int *v;
    if (fgets(line, sizeof line, stdin) != NULL)
        n = atoi(line);
    CHECK
    v = (int *)malloc(n * sizeof(int));
    if (v != NULL) { v[0] = 1; free(v); }
}
"""

RECV_INDEX = """
#include <stdlib.h>
#include <sys/socket.h>
void store(int s) {
    int slots[10] = {0};
    char text[32]; /* <- */
    int got = recv(s, text, sizeof(text) - 1, 0);
    long k;
    if (got <= 0) return;
    text[got] = '\\0';
    k = strtol(text, NULL, 10);
    if (CHECK)
        slots[k] = 1;
}
"""

HELPER = """
#include <stdio.h>
#include <stdlib.h>
static void put(int k) {
    int slots[10] = {0};
    if (CHECK)
        slots[k] = 1;
    printf("%d\\n", slots[0]);
}
void run(void) {
    char text[32]; /* <- */
    int k = 0;
    if (fgets(text, sizeof text, stdin) != NULL)
        k = atoi(text);
    put(k);
}
"""

RETURNED = """
#include <stdio.h>
#include <stdlib.h>
static int read_count(void) {
    char text[32]; /* <- */
    int k = -1;
    if (fgets(text, sizeof text, stdin) != NULL)
        k = atoi(text);
    return k;
}
void run(void) {
    int slots[10] = {0};
    int k = read_count();
    if (CHECK)
        slots[k] = 1;
    printf("%d\\n", slots[0]);
}
"""

SCANNED = """
#include <stdio.h>
#include <string.h>
void copy_some(void) {
    char src[64], dst[64];
    char text[32]; /* <- */
    int n = 0;
    memset(src, 'a', sizeof src);
    if (fgets(text, sizeof text, stdin) == NULL) return;
    sscanf(text, "%d", &n);
    if (CHECK)
        memcpy(dst, src, n);
}
"""

CONSTANT_TEXT = """
#include <stdio.h>
#include <stdlib.h>
void scale(void) {
    char text[8] = "7"; /* <- */
    int k = atoi(text);
    printf("%d\\n", k * 1000000);
}
"""

INPUT_TEXT = CONSTANT_TEXT.replace(
    '= "7"; /* <- */', "; /* <- */\n    if (!fgets(text, sizeof text, stdin)) return;"
)

ENV_COPY = """
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
void scale(void) {
    char text[16]; /* <- */
    const char *v = getenv("COUNT");
    int k;
    if (v == NULL) return;
    strncpy(text, v, sizeof text - 1);
    text[sizeof text - 1] = '\\0';
    k = atoi(text);
    if (CHECK)
        printf("%d\\n", k * 1000);
}
"""

WIDE_TEXT = """
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>
void scale(void) {
    wchar_t text[32]; /* <- */
    long k = 0;
    if (fgetws(text, 32, stdin) != NULL)
        k = wcstol(text, NULL, 10);
    if (CHECK)
        printf("%ld\\n", k * 1000);
}
"""

TWO_ARRAYS = """
#include <string.h>
void fill(void) {
    char small[50];
    char spare[100]; /* <- */
    char src[100];
    char *p = small;
    memset(src, 'x', sizeof src);
    memset(spare, 0, sizeof spare);
    memcpy(p, src, COUNT);
}
"""

# the other array only reaches code the analyst does not follow: nothing wrong is seen in this function
NOT_FOLLOWED = """
#include <string.h>
extern void fill_somehow(char *p);
char *kept_pointer;
void fill(void) {
    char spare[100]; /* <- */
    char other[50];
    char stored[50];
    memset(spare, 0, sizeof spare);
    fill_somehow(other);
    kept_pointer = stored;
}
"""

OTHER_FUNCTION = """
#include <string.h>
static void spill(void) {
    char small[50], src[100];
    memset(src, 'x', sizeof src);
    memcpy(small, src, 100);
}
void fill(void) {
    char spare[100]; /* <- */
    memset(spare, 0, sizeof spare);
    spill();
}
"""


@pytest.mark.parametrize(
    ("name", "code", "expected"),
    [
        ("size-unchecked", READ_SIZE.replace("CHECK", ""), NR_NUMBER),
        ("size-checked", READ_SIZE.replace("CHECK", "if (n <= 0 || n > 1000) return;"), FP),
        ("index-only-lower-checked", RECV_INDEX.replace("CHECK", "k >= 0"), NR_NUMBER),
        ("index-checked", RECV_INDEX.replace("CHECK", "k >= 0 && k < 10"), FP),
        ("helper-unchecked", HELPER.replace("CHECK", "k >= 0"), NR_NUMBER),
        ("helper-checked", HELPER.replace("CHECK", "k >= 0 && k < 10"), FP),
        ("returned-unchecked", RETURNED.replace("CHECK", "k < 10"), NR_NUMBER),
        ("returned-checked", RETURNED.replace("CHECK", "k >= 0 && k < 10"), FP),
        ("env-copy-unchecked", ENV_COPY.replace("CHECK", "k > 0"), NR_NUMBER),
        ("env-copy-checked", ENV_COPY.replace("CHECK", "k > 0 && k < 1000"), FP),
        ("wide-product-unchecked", WIDE_TEXT.replace("CHECK", "k >= 0"), NR_NUMBER),
        ("wide-product-checked", WIDE_TEXT.replace("CHECK", "k >= 0 && k < 10"), FP),
        ("scanned-length-unchecked", SCANNED.replace("CHECK", "n > 0"), NR_NUMBER),
        ("scanned-length-checked", SCANNED.replace("CHECK", "n > 0 && n <= 64"), FP),
        # text that does not come from outside: the finding is about the array alone
        ("constant-text", CONSTANT_TEXT, FP),
        ("input-text", INPUT_TEXT, NR_NUMBER),
        ("other-array-overrun", TWO_ARRAYS.replace("COUNT", "100"), NR_OTHER),
        ("other-array-in-bounds", TWO_ARRAYS.replace("COUNT", "50"), FP),
        ("overrun-in-another-function", OTHER_FUNCTION, FP),
        ("other-array-not-followed", NOT_FOLLOWED, FP),
    ],
)
def test_declaration_verdicts(tmp_path: Path, name: str, code: str, expected: str) -> None:
    got, why = verdict(tmp_path, code, DECL)
    assert got == expected.split(":", maxsplit=1)[0], (name, why)
    if expected == NR_NUMBER:
        assert "becomes a number that reaches a use the analyst keeps" in why, why
    if expected == NR_OTHER:
        assert "another array of the same function" in why, why


def test_unchecked_size_names_source_conversion_and_use(tmp_path: Path) -> None:
    code = READ_SIZE.replace("CHECK", "")
    got, why = verdict(tmp_path, code, DECL)
    assert got == NR
    assert f"fgets() at line {line_with(code, 'fgets(')}" in why
    assert f"atoi() at line {line_with(code, 'atoi(')}" in why
    assert f"`n * sizeof(int)` at line {line_with(code, 'malloc(')}" in why
    assert why.startswith("Every access to `line`")  # the array itself is never overrun: said as such


def test_helper_and_caller_steps_are_named(tmp_path: Path) -> None:
    code = HELPER.replace("CHECK", "k >= 0")
    _, why = verdict(tmp_path, code, DECL)
    assert f"handed to put() at line {line_with(code, 'put(k);')}" in why
    assert f"`slots[k]` at line {line_with(code, 'slots[k] = 1')}" in why
    sub = tmp_path / "returned"
    sub.mkdir()
    code = RETURNED.replace("CHECK", "k < 10")
    _, why = verdict(sub, code, DECL)
    assert f"returned at line {line_with(code, 'return k;')} to run()" in why


def test_checked_number_keeps_the_bounds_justification(tmp_path: Path) -> None:
    code = RECV_INDEX.replace("CHECK", "k >= 0 && k < 10")
    got, why = verdict(tmp_path, code, DECL)
    assert got == FP
    assert why.startswith("Every access to `text`")


def test_other_array_named_with_its_line(tmp_path: Path) -> None:
    code = TWO_ARRAYS.replace("COUNT", "100")
    got, why = verdict(tmp_path, code, DECL)
    assert got == NR
    assert "`small`" in why
    assert f"line {line_with(code, 'memcpy(')}" in why


def test_function_facts_are_shared_within_a_batch(tmp_path: Path) -> None:
    """One Judge over unchanged files judges each function's other arrays once for all its findings."""
    code = TWO_ARRAYS.replace("COUNT", "100").replace("char small[50];", "char small[50]; /* <a> */")
    (tmp_path / "main.c").write_text(code)
    judge = Judge(WorkspaceIndex(tmp_path))
    first = judge.judge(finding_at(code, DECL))
    assert first.verdict == NR
    assert any(k[0] == "decl-uses" for k in judge.c_memo)
    assert judge.judge(finding_at(code, DECL, "/* <a> */")).verdict == TP
    assert judge.judge(finding_at(code, DECL)).justification == first.justification


ARITH = """
#include <limits.h>
#include <stdio.h>
void show(TYPE x) {
    if (CHECK) {
        TYPE r = EXPR; /* <- */
        printf("%ld\\n", (long)r);
    }
}
"""


@pytest.mark.parametrize(
    ("name", "typ", "check", "expr", "expected"),
    [
        ("plus-one-under-max", "int", "x < INT_MAX", "x + 1", FP),
        ("plus-one-unchecked", "int", "x != 0", "x + 1", TP),
        ("minus-one-over-min", "int", "x > INT_MIN", "x - 1", FP),
        ("minus-one-under-max", "int", "x < INT_MAX", "x - 1", TP),
        ("times-two-upper-only", "int", "x < INT_MAX / 2", "x * 2", TP),
        ("long-plus-one-under-max", "long", "x < LONG_MAX", "x + 1", FP),
        ("unsigned-minus-one", "unsigned int", "x < 100", "x - 1", TP),
        ("times-sizeof-upper-only", "int", "x < 100", "x * sizeof(int)", TP),
    ],
)
def test_signed_operand_ranges(
    tmp_path: Path, name: str, typ: str, check: str, expr: str, expected: str
) -> None:
    code = ARITH.replace("TYPE", typ).replace("CHECK", check).replace("EXPR", expr)
    got, why = verdict(tmp_path, code, NUMBER)
    assert got == expected, (name, why)
