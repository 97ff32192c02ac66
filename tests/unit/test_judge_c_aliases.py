"""C declaration findings judged through every pointer that may point into the array: each case pins
one general cause with a real and (where one exists) a safe variant, written for these tests (none is
taken from a corpus).

- a library call returning a pointer into its first argument (``strchr``, ``strstr``, ``stpcpy``)
  aliases the array; where in it is not known, so a write through it is not proven;
- a pointer a search returned, dereferenced as is, is a character of the string searched (inside a
  terminated array); moved, it is not;
- ``*p`` / ``*(p + k)`` through an alias: inside only at a known place;
- out-parameters (``strtol(buf, &end, 10)``) and both arms of ``c ? a : buf`` alias the array;
- a struct field array is judged by every ``s.f`` / ``p->f`` in its file (and left open when the
  struct is declared in a header another file reaches it through); a global array by every access
  in its file, through pointers too (and left open when another file declares it ``extern``);
- wide copies count ``wchar_t``: ``wcsncpy(buf, s, sizeof(buf))`` writes 4 times what fits;
  ``sizeof(buf) / sizeof(buf[0])`` is the element count.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.code.taint.c_tree import aliases_of, pointer_bases, walk
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP = "TRUE_POSITIVE", "FALSE_POSITIVE"
DECL = ("flawfinder", "FF1013", (119, 120))


def verdict(tmp_path: Path, code: str) -> tuple[str, str]:
    (tmp_path / "main.c").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    tool, rule, cwe = DECL
    finding = Finding(
        tool=tool, rule_id=rule, message="m", location=Location("main.c", Region(line)), cwe=cwe
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    return j.verdict, j.justification


CASES: list[tuple[str, str, str]] = [
    (
        "write-through-strchr-result",
        TP,
        """
#include <string.h>
void f(void) {
    char buf[10] = "a=b"; /* <- */
    char *eq = strchr(buf, '=');
    strcpy(eq, "0123456789012345678901234567890");
}
""",
    ),
    (
        "terminate-at-strchr-result",
        FP,
        """
#include <stdio.h>
#include <string.h>
void f(void) {
    char buf[10] = "a=b"; /* <- */
    char *eq = strchr(buf, '=');
    if (eq) *eq = '\\0';
    puts(buf);
}
""",
    ),
    (
        "copy-past-strchr-result",
        TP,
        """
#include <string.h>
void f(const char *src) {
    char buf[16] = "key=value"; /* <- */
    char *eq = strchr(buf, '=');
    if (eq) memcpy(eq + 1, src, 15);
}
""",
    ),
    (
        "strchr-result-moved-then-written",
        TP,
        """
#include <string.h>
void f(void) {
    char buf[10] = "a=b"; /* <- */
    char *eq = strchr(buf, '=');
    if (eq) { eq++; eq++; eq++; *eq = 'x'; }
}
""",
    ),
    (
        "search-in-unterminated-array",
        TP,
        """
#include <string.h>
void f(void) {
    char buf[10]; /* <- */
    char *p;
    memset(buf, 'A', 10);
    p = strchr(buf, 'x');
    if (p) *p = 0;
}
""",
    ),
    (
        "stpcpy-end-written",
        TP,
        """
#include <string.h>
void f(const char *s) {
    char buf[8]; /* <- */
    char *end = stpcpy(buf, "abc");
    strcpy(end, s);
}
""",
    ),
    (
        "pointer-walked-by-increment",
        TP,
        """
void f(const char *s) {
    char buf[16]; /* <- */
    char *p = buf;
    while (*s) *p++ = *s++;
    *p = 0;
}
""",
    ),
    (
        "deref-at-constant-places",
        FP,
        """
void f(void) {
    char buf[10]; /* <- */
    char *p = buf;
    *p = 'a';
    *(p + 9) = 'b';
}
""",
    ),
    (
        "deref-past-the-end",
        TP,
        """
void f(void) {
    char buf[10]; /* <- */
    char *p = buf;
    *(p + 10) = 'c';
}
""",
    ),
    (
        "deref-before-the-start",
        TP,
        """
void f(void) {
    char buf[10]; /* <- */
    char *p = buf - 1;
    *p = 'c';
}
""",
    ),
    (
        "end-pointer-from-strtol",
        TP,
        """
#include <stdlib.h>
#include <string.h>
void f(void) {
    char buf[10] = "12abc"; /* <- */
    char *end;
    long v = strtol(buf, &end, 10);
    strcpy(end, "0123456789012345678901234567890");
}
""",
    ),
    (
        "conditional-alias",
        TP,
        """
#include <string.h>
void f(int c, char *other) {
    char buf[10]; /* <- */
    char *p = c ? other : buf;
    strcpy(p, "0123456789012345678901234567890");
}
""",
    ),
    (
        "wide-copy-bounded-by-bytes",
        TP,
        """
#include <wchar.h>
void f(const wchar_t *src) {
    wchar_t buf[10]; /* <- */
    wcsncpy(buf, src, sizeof(buf));
    buf[9] = L'\\0';
}
""",
    ),
    (
        "wide-copy-bounded-by-elements",
        FP,
        """
#include <wchar.h>
void f(const wchar_t *src) {
    wchar_t buf[10]; /* <- */
    wcsncpy(buf, src, sizeof(buf) / sizeof(wchar_t) - 1);
    buf[9] = L'\\0';
}
""",
    ),
    (
        "wide-read-bounded-by-elements-of-the-array",
        FP,
        """
#include <stdio.h>
#include <wchar.h>
void f(FILE *fp) {
    wchar_t line[10]; /* <- */
    if (fgetws(line, sizeof(line) / sizeof(line[0]), fp) != NULL)
        fputws(line, stdout);
}
""",
    ),
    (
        "wide-read-bounded-by-bytes",
        TP,
        """
#include <stdio.h>
#include <wchar.h>
void f(FILE *fp) {
    wchar_t line[10]; /* <- */
    if (fgetws(line, sizeof(line), fp) != NULL)
        fputws(line, stdout);
}
""",
    ),
    (
        "over-read-through-alias-by-destination-length",
        TP,
        """
#include <string.h>
#include <stdio.h>
void f(void) {
    char small[50]; /* <- */
    char dest[100];
    char *data;
    memset(small, 'A', 49); small[49] = 0;
    data = small;
    memset(dest, 'C', 99); dest[99] = 0;
    memmove(dest, data, strlen(dest));
    puts(dest);
}
""",
    ),
]


CASES += [
    (
        "field-array-overrun-in-another-function",
        TP,
        """
#include <string.h>
struct rec {
    char name[8]; /* <- */
    int id;
};
static void rename_rec(struct rec *r, const char *s) { strcpy(r->name, s); }
int main(int argc, char **argv) {
    struct rec r;
    rename_rec(&r, argc > 1 ? argv[1] : "x");
    return 0;
}
""",
    ),
    (
        "field-array-written-within-bounds",
        FP,
        """
#include <string.h>
struct rec {
    char name[8]; /* <- */
    int id;
};
static void rename_rec(struct rec *r, const char *s) {
    strncpy(r->name, s, sizeof(r->name) - 1);
    r->name[sizeof(r->name) - 1] = '\\0';
}
int main(int argc, char **argv) {
    struct rec r;
    rename_rec(&r, argc > 1 ? argv[1] : "x");
    return 0;
}
""",
    ),
    (
        "global-array-written-through-a-pointer",
        TP,
        """
#include <string.h>
static char line[16]; /* <- */
void put(const char *s) {
    char *p = line;
    strcpy(p, s);
}
""",
    ),
]


@pytest.mark.parametrize(("name", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_alias_cases(tmp_path: Path, name: str, expected: str, code: str) -> None:
    got, why = verdict(tmp_path, code)
    assert got == expected, f"{name}: {got}: {why}"


def test_pointer_bases_see_through_calls_updates_and_conditionals(tmp_path: Path) -> None:
    code = "void f(int c, char *o) { char b[4]; char *p; p = c ? o : b; p = strchr(b, 'x'); p++; }\n"
    (tmp_path / "m.c").write_text(code)
    parsed = WorkspaceIndex(tmp_path).file("m.c")
    assert parsed is not None
    root = parsed.tree.root_node
    func = next(n for n in walk(root) if n.type == "function_definition")
    rights = [n.child_by_field_name("right") for n in walk(func) if n.type == "assignment_expression"]
    assert [pointer_bases(r) for r in rights if r is not None] == [{"o", "b"}, {"b"}]
    updates = [n for n in walk(func) if n.type == "update_expression"]
    assert pointer_bases(updates[0]) == {"p"}
    assert aliases_of(func, "b") >= {"b", "p", "o"}


def test_a_global_array_another_file_declares_extern_stays_open(tmp_path: Path) -> None:
    (tmp_path / "other.c").write_text(
        "extern char shared[16];\nvoid f(const char *s) { strcpy(shared, s); }\n"
    )
    got, why = verdict(
        tmp_path, "#include <string.h>\nchar shared[16]; /* <- */\nvoid g(void) { shared[0] = 0; }\n"
    )
    assert got == "NEEDS_REVIEW" and "other.c" in why, why


def test_a_field_of_a_header_struct_reached_from_another_file_stays_open(tmp_path: Path) -> None:
    (tmp_path / "use.c").write_text(
        '#include "rec.h"\nvoid f(struct rec *r, const char *s) { strcpy(r->name, s); }\n'
    )
    header = "struct rec {\n    char name[8]; /* <- */\n    int id;\n};\n"
    (tmp_path / "rec.h").write_text(header)
    where = Location("rec.h", Region(2))
    j = judge_finding(
        Finding(tool="flawfinder", rule_id="FF1013", message="m", location=where, cwe=(119, 120)),
        WorkspaceIndex(tmp_path),
    )
    assert j.verdict == "NEEDS_REVIEW" and "use.c" in j.justification, j.justification
