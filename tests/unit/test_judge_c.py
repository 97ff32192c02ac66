"""The offline judgement on C: real and false variants per family (written for these tests)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import Judgement, judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"


def judge(
    tmp_path: Path, code: str, cwe: int, *, files: dict[str, str] | None = None, rule: str = "rule"
) -> Judgement:
    (tmp_path / "main.c").write_text(code)
    for rel, text in (files or {}).items():
        (tmp_path / rel).write_text(text)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    finding = Finding(
        tool="scanner", rule_id=rule, message="m", location=Location("main.c", Region(line)), cwe=(cwe,)
    )
    return judge_finding(finding, WorkspaceIndex(tmp_path))


CASES: list[tuple[str, int, str, str]] = [
    # ---------------------------------------------------------------- CWE-134
    (
        "fmt-variable",
        134,
        TP,
        """
#include <stdio.h>
int main(int argc, char **argv) {
    printf(argv[1]); /* <- */
    return 0;
}
""",
    ),
    (
        "fmt-literal",
        134,
        FP,
        """
#include <stdio.h>
int main(int argc, char **argv) {
    printf("%s\\n", argv[1]); /* <- */
    return 0;
}
""",
    ),
    (
        "fmt-macro-and-choice",
        134,
        FP,
        """
#include <stdio.h>
#define FMT_A "a=%d\\n"
int main(int argc, char **argv) {
    const char *fmt = argc > 2 ? FMT_A : "b=%d\\n";
    fprintf(stderr, fmt, argc); /* <- */
    return 0;
}
""",
    ),
    (
        "fmt-dead",
        134,
        FP,
        """
#include <stdio.h>
int main(int argc, char **argv) {
    if (2 * 2 == 5)
        printf(argv[1]); /* <- */
    return 0;
}
""",
    ),
    # ---------------------------------------------------------------- CWE-78
    (
        "system-built-from-input",
        78,
        TP,
        """
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    char cmd[128];
    snprintf(cmd, sizeof(cmd), "ls %s", argv[1]);
    return system(cmd); /* <- */
}
""",
    ),
    (
        "system-built-from-number",
        78,
        FP,
        """
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    char cmd[128];
    long n = strtol(argv[1], NULL, 10);
    snprintf(cmd, sizeof(cmd), "sleep %ld", n);
    return system(cmd); /* <- */
}
""",
    ),
    (
        "system-literal",
        78,
        FP,
        """
#include <stdlib.h>
int main(void) {
    return system("uptime"); /* <- */
}
""",
    ),
    (
        "system-array-appended",
        78,
        TP,
        """
#include <stdlib.h>
#include <string.h>
void f(const char *user) {
    char cmd[64] = "echo ";
    strncat(cmd, user, sizeof(cmd) - strlen(cmd) - 1);
    system(cmd); /* <- */
}
""",
    ),
    # ---------------------------------------------------------------- CWE-120/787
    (
        "strcpy-input",
        120,
        TP,
        """
#include <string.h>
void f(const char *src) {
    char buf[16];
    strcpy(buf, src); /* <- */
}
""",
    ),
    (
        "strcpy-short-literal",
        120,
        FP,
        """
#include <string.h>
void f(void) {
    char buf[16];
    strcpy(buf, "hello"); /* <- */
}
""",
    ),
    (
        "strcpy-long-literal",
        120,
        TP,
        """
#include <string.h>
void f(void) {
    char buf[4];
    strcpy(buf, "hello"); /* <- */
}
""",
    ),
    (
        "strncpy-sizeof",
        120,
        FP,
        """
#include <string.h>
void f(const char *src) {
    char buf[16];
    strncpy(buf, src, sizeof(buf) - 1); /* <- */
}
""",
    ),
    (
        "memcpy-checked-length",
        787,
        FP,
        """
#include <string.h>
#define CAP 32
void f(const char *src, unsigned n) {
    char buf[CAP];
    if (n > CAP)
        return;
    memcpy(buf, src, n); /* <- */
}
""",
    ),
    (
        "memcpy-unchecked-length",
        787,
        TP,
        """
#include <string.h>
void f(const char *src, unsigned n) {
    char buf[32];
    memcpy(buf, src, n); /* <- */
}
""",
    ),
    (
        "index-checked",
        787,
        FP,
        """
int table[10];
void f(int i) {
    if (i < 0 || i >= 10)
        return;
    table[i] = 1; /* <- */
}
""",
    ),
    (
        "index-unchecked",
        787,
        TP,
        """
int table[10];
void f(int i) {
    table[i] = 1; /* <- */
}
""",
    ),
    (
        "sprintf-bounded-output",
        120,
        FP,
        """
#include <stdio.h>
void f(int n) {
    char buf[32];
    sprintf(buf, "id-%d", n); /* <- */
}
""",
    ),
    # ---------------------------------------------------------------- CWE-476
    (
        "malloc-unchecked",
        476,
        TP,
        """
#include <stdlib.h>
struct s { int x; };
void f(void) {
    struct s *p = malloc(sizeof(*p));
    p->x = 1; /* <- */
}
""",
    ),
    (
        "malloc-checked",
        476,
        FP,
        """
#include <stdlib.h>
struct s { int x; };
int f(void) {
    struct s *p = malloc(sizeof(*p));
    if (p == NULL)
        return -1;
    p->x = 1; /* <- */
    return 0;
}
""",
    ),
    (
        "inside-nonnull-branch",
        476,
        FP,
        """
#include <stdlib.h>
void f(char *s) {
    if (s && s[0] == 'x')  /* <- */
        s[0] = 'y';
}
""",
    ),
    (
        "address-of-local",
        476,
        FP,
        """
struct s { int x; };
void g(struct s *q);
void f(void) {
    struct s v;
    struct s *p = &v;
    g(p);
    p->x = 2; /* <- */
}
""",
    ),
    # ---------------------------------------------------------------- CWE-190
    (
        "mul-unchecked",
        190,
        TP,
        """
#include <stdlib.h>
void *f(int n, int size) {
    return malloc(n * size); /* <- */
}
""",
    ),
    (
        "mul-range-checked",
        190,
        FP,
        """
#include <stdlib.h>
void *f(int n) {
    if (n <= 0 || n > 1000)
        return NULL;
    return malloc(n * 16); /* <- */
}
""",
    ),
    (
        "constant-fits",
        190,
        FP,
        """
#define DAY (24 * 60 * 60)
long f(void) {
    long week = 7;
    return week * DAY; /* <- */
}
""",
    ),
    (
        "masked-operands",
        190,
        FP,
        """
#include <stdint.h>
uint32_t f(const uint8_t *d) {
    uint32_t hi = d[0] & 0xffu;
    uint32_t lo = d[1] & 0xffu;
    return hi * 256u + lo; /* <- */
}
""",
    ),
    # ---------------------------------------------------------------- bounds from checks, clamps, idioms
    (
        "strcpy-after-length-check",
        120,
        FP,
        """
#include <string.h>
void f(const char *s) { char b[16]; if (strlen(s) >= sizeof(b)) return; strcpy(b, s); /* <- */ }
""",
    ),
    (
        "strcpy-check-does-not-guard",
        120,
        TP,
        """
#include <stdio.h>
#include <string.h>
void f(const char *s) { char b[16]; if (strlen(s) < sizeof(b)) { puts("short"); } strcpy(b, s); /* <- */ }
""",
    ),
    (
        "memcpy-clamped-size_t",
        120,
        FP,
        """
#include <string.h>
void f(const char *s, size_t n) { char b[16]; if (n > sizeof b) n = sizeof b; memcpy(b, s, n); /* <- */ }
""",
    ),
    (
        "memcpy-clamped-signed",
        120,
        TP,
        """
#include <string.h>
void f(const char *s, int n) { char b[16]; if (n > 16) n = 16; memcpy(b, s, n); /* <- */ }
""",
    ),
    (
        "memcpy-clamp-undone",
        120,
        TP,
        """
#include <string.h>
void f(const char *s, size_t n) {
    char b[16]; if (n > sizeof b) n = sizeof b; n += 4; memcpy(b, s, n); /* <- */
}
""",
    ),
    (
        "strncat-room-left",
        120,
        FP,
        """
#include <string.h>
void f(const char *s) { char b[32] = ""; strncat(b, s, sizeof(b) - strlen(b) - 1); /* <- */ }
""",
    ),
    (
        "strncat-whole-size",
        120,
        TP,
        """
#include <string.h>
void f(const char *s) { char b[32] = ""; strncat(b, s, sizeof(b)); /* <- */ }
""",
    ),
    (
        "null-allocator-that-aborts",
        476,
        FP,
        """
#include <stdlib.h>
static void *xmalloc(size_t n) { void *p = malloc(n); if (!p) abort(); return p; }
void f(void) {
    char *b = xmalloc(16);
    b[0] = 0; /* <- */
}
""",
    ),
    (
        "null-allocator-that-may-fail",
        476,
        TP,
        """
#include <stdlib.h>
static void *try_alloc(size_t n) { void *p = malloc(n); if (!p) return NULL; return p; }
void f(void) {
    char *b = try_alloc(16);
    b[0] = 0; /* <- */
}
""",
    ),
]


@pytest.mark.parametrize(("name", "cwe", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_family_variants(tmp_path: Path, name: str, cwe: int, expected: str, code: str) -> None:
    j = judge(tmp_path, code, cwe)
    assert j.verdict == expected, f"{name}: {j.verdict} ({j.reason}): {j.justification}"
    if j.verdict == FP:
        assert any(e.role in {"constant", "guard", "dead_branch", "safe_variant"} for e in j.evidence)


def test_wrappers_in_a_local_library_are_followed(tmp_path: Path) -> None:
    lib_h = "void log_line(const char *fmt, ...);\nint run(const char *cmd);\n"
    lib_c = """#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "lib.h"
void log_line(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}
int run(const char *cmd) { return system(cmd); }
"""
    files = {"lib.h": lib_h, "lib.c": lib_c}
    constant = """#include "lib.h"
int main(int argc, char **argv) {
    log_line("user %s", argv[1]); /* <- */
    return 0;
}
"""
    assert judge(tmp_path, constant, 134, files=files).verdict == FP
    tainted = constant.replace('"user %s", argv[1]', "argv[1]")
    assert judge(tmp_path, tainted, 134, files=files).verdict == TP
    cmd = """#include "lib.h"
int main(int argc, char **argv) {
    return run(argv[1]); /* <- */
}
"""
    assert judge(tmp_path, cmd, 78, files=files).verdict == TP


def test_declaration_finding_judges_the_writes(tmp_path: Path) -> None:
    bounded = """#include <stdio.h>
void f(FILE *fp) {
    char line[64]; /* <- */
    if (fgets(line, sizeof(line), fp) == NULL)
        return;
}
"""
    assert judge(tmp_path, bounded, 119, rule="FF1013").verdict == FP
    unbounded = bounded.replace(
        "if (fgets(line, sizeof(line), fp) == NULL)\n        return;", 'strcpy(line, "x"); gets(line);'
    )
    assert judge(tmp_path, unbounded, 119, rule="FF1013").verdict == TP


def test_unmodelled_c_family_needs_review(tmp_path: Path) -> None:
    code = "int f(void) { return 0; /* <- */ }\n"
    assert judge(tmp_path, code, 401).verdict == NR


def test_global_buffer_written_elsewhere_is_not_constant(tmp_path: Path) -> None:
    code = """#include <stdio.h>
#include <string.h>
static char fmt[64] = "%d\\n";
void set(const char *s) { strcpy(fmt, s); }
int main(int argc, char **argv) {
    set(argv[1]);
    printf(fmt, 1); /* <- */
    return 0;
}
"""
    assert judge(tmp_path, code, 134).verdict == TP
    untouched = code.replace("void set(const char *s) { strcpy(fmt, s); }", "").replace(
        "    set(argv[1]);\n", ""
    )
    assert judge(tmp_path, untouched, 134).verdict == FP


@pytest.mark.parametrize("gap", ["        /* the destination */\n", "\n", "        // later\n\n"])
def test_a_finding_inside_a_multi_line_call_locates_that_call(tmp_path: Path, gap: str) -> None:
    """Issue 16: a scanner pointing at an argument line below the call's first line, past comments
    and blank lines, finds the same sink as a one-line call (both ways: real and bounded)."""
    template = (
        "#include <string.h>\nint main(int argc, char **argv) {\n    char buf[16];\n"
        "    strcpy(\n" + gap + "        buf,\n        {src}); /* <- */\n    return 0;\n}\n"
    )
    assert judge(tmp_path, template.replace("{src}", "argv[1]"), 120).verdict == TP
    assert judge(tmp_path, template.replace("{src}", '"short"'), 120).verdict == FP
