"""The offline judgement of memory-lifetime findings in C (gcc -fanalyzer, cppcheck): uninitialised
reads, double free, use after free, leaks. Real and false variants written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import Judgement, judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region, TraceStep

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"

RULES = {
    "uninit": ("-Wanalyzer-use-of-uninitialized-value", "use of uninitialized value ‘{v}’", 457),
    "double_free": ("-Wanalyzer-double-free", "double-‘free’ of ‘{v}’", 415),
    "uaf": ("-Wanalyzer-use-after-free", "use after ‘free’ of ‘{v}’", 416),
    "leak": ("-Wanalyzer-malloc-leak", "leak of ‘{v}’", 401),
}


def judge(
    tmp_path: Path, kind: str, code: str, var: str = "p", files: dict[str, str] | None = None
) -> Judgement:
    (tmp_path / "main.c").write_text(code)
    for rel, body in (files or {}).items():
        (tmp_path / rel).write_text(body)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    rule, message, cwe = RULES[kind]
    finding = Finding(
        tool="gcc",
        rule_id=rule,
        message=message.format(v=var),
        location=Location("main.c", Region(line)),
        cwe=(cwe,),
        trace=(TraceStep(Location("main.c", Region(line)), "the event gcc reports here"),),
    )
    return judge_finding(finding, WorkspaceIndex(tmp_path))


HEAD = "#include <stdlib.h>\n#include <stdio.h>\nstatic const int NEVER = 0;\nstatic int quiet = 0;\n"

CASES: list[tuple[str, str, str, str]] = [
    # ------------------------------------------------------------ uninitialised reads
    (
        "uninit-one-branch",
        "uninit",
        TP,
        HEAD
        + """
int f(int argc) {
    int p;
    if (argc > 1)
        p = 3;
    return p; /* <- */
}
""",
    ),
    (
        "uninit-never-assigned",
        "uninit",
        TP,
        HEAD
        + """
int f(void) {
    int p;
    printf("%d\\n", p); /* <- */
    return 0;
}
""",
    ),
    (
        "uninit-both-branches",
        "uninit",
        FP,
        HEAD
        + """
int f(int argc) {
    int p;
    if (argc > 1)
        p = 3;
    else
        p = 4;
    return p; /* <- */
}
""",
    ),
    (
        "uninit-dead-branch-const",
        "uninit",
        FP,
        HEAD
        + """
int f(void) {
    int p;
    if (NEVER) {
        puts("skipped");
    } else {
        p = 7;
    }
    return p; /* <- */
}
""",
    ),
    (
        "uninit-dead-branch-unwritten-static",
        "uninit",
        FP,
        HEAD
        + """
int f(void) {
    int p;
    if (quiet) {
        puts("skipped");
    } else {
        p = 7;
    }
    return p; /* <- */
}
""",
    ),
    (
        "uninit-static-written-elsewhere",
        "uninit",
        TP,
        HEAD
        + """
void set_quiet(void) { quiet = 1; }
int f(void) {
    int p;
    if (quiet) {
        puts("skipped");
    } else {
        p = 7;
    }
    return p; /* <- */
}
""",
    ),
    (
        "uninit-exit-on-the-other-path",
        "uninit",
        FP,
        HEAD
        + """
int f(int argc) {
    int p;
    if (argc < 2)
        exit(1);
    else
        p = argc;
    return p; /* <- */
}
""",
    ),
    (
        "uninit-address-taken",
        "uninit",
        TP,
        HEAD
        + """
int f(void) {
    int p;
    if (scanf("%d", &p) != 1)
        puts("no number");
    return p; /* <- */
}
""",
    ),
    # ------------------------------------------------------------ double free
    (
        "double-free-straight",
        "double_free",
        TP,
        HEAD
        + """
void f(void) {
    char *p = malloc(10);
    if (p == NULL) exit(1);
    free(p);
    free(p); /* <- */
}
""",
    ),
    (
        "double-free-reassigned",
        "double_free",
        FP,
        HEAD
        + """
void f(void) {
    char *p = malloc(10);
    free(p);
    p = malloc(20);
    free(p); /* <- */
}
""",
    ),
    (
        "double-free-set-null",
        "double_free",
        FP,
        HEAD
        + """
void f(int n) {
    char *p = malloc(10);
    if (n > 3) {
        free(p);
        p = NULL;
    }
    free(p); /* <- */
}
""",
    ),
    (
        "double-free-one-branch",
        "double_free",
        TP,
        HEAD
        + """
void f(int n) {
    char *p = malloc(10);
    if (n > 3)
        free(p);
    free(p); /* <- */
}
""",
    ),
    (
        "double-free-dead-branch",
        "double_free",
        FP,
        HEAD
        + """
void f(void) {
    char *p = malloc(10);
    if (NEVER)
        free(p);
    free(p); /* <- */
}
""",
    ),
    (
        "double-free-helper-returns-released",
        "double_free",
        TP,
        HEAD
        + """
static char *make(char *p) {
    p = malloc(10);
    if (p == NULL) exit(1);
    free(p);
    return p;
}
void f(void) {
    char *p = NULL;
    p = make(p);
    free(p); /* <- */
}
""",
    ),
    (
        "double-free-helper-returns-live",
        "double_free",
        FP,
        HEAD
        + """
static char *make(char *p) {
    p = malloc(10);
    if (p == NULL) exit(1);
    return p;
}
void f(void) {
    char *p = NULL;
    p = make(p);
    free(p); /* <- */
}
""",
    ),
    (
        "double-free-in-sink-helper",
        "double_free",
        TP,
        HEAD
        + """
static void sink(char *p) {
    free(p); /* <- */
}
void f(void) {
    char *p = malloc(10);
    free(p);
    sink(p);
}
""",
    ),
    (
        "double-free-sink-helper-fresh",
        "double_free",
        FP,
        HEAD
        + """
static void sink(char *p) {
    free(p); /* <- */
}
void f(void) {
    char *p = malloc(10);
    sink(p);
}
""",
    ),
    (
        "double-free-unknown-callee",
        "double_free",
        NR,
        HEAD
        + """
void keep(char *q);
void f(void) {
    char *p = malloc(10);
    keep(p);
    free(p); /* <- */
}
""",
    ),
    # ------------------------------------------------------------ use after free
    (
        "uaf-straight",
        "uaf",
        TP,
        HEAD
        + """
void f(void) {
    char *p = malloc(10);
    if (!p) return;
    free(p);
    p[0] = 'a'; /* <- */
}
""",
    ),
    (
        "uaf-reassigned",
        "uaf",
        FP,
        HEAD
        + """
void f(void) {
    char *p = malloc(10);
    free(p);
    p = malloc(10);
    if (!p) return;
    p[0] = 'a'; /* <- */
    free(p);
}
""",
    ),
    (
        "uaf-loop-second-round",
        "uaf",
        TP,
        HEAD
        + """
void f(int n) {
    char *p = malloc(10);
    for (int i = 0; i < n; i++) {
        p[0] = 'a'; /* <- */
        free(p);
    }
}
""",
    ),
    # ------------------------------------------------------------ leaks
    (
        "leak-never-released",
        "leak",
        TP,
        HEAD
        + """
void f(void) {
    char *p = malloc(10);
    if (p == NULL) exit(1);
    p[0] = 'a';
} /* <- */
""",
    ),
    (
        "leak-released",
        "leak",
        FP,
        HEAD
        + """
void f(int n) {
    char *p = malloc(10);
    if (p == NULL) return;
    if (n) {
        free(p);
        return;
    }
    free(p);
} /* <- */
""",
    ),
    (
        "leak-early-return",
        "leak",
        TP,
        HEAD
        + """
int f(int n) {
    char *p = malloc(10);
    if (p == NULL) return -1;
    if (n > 3)
        return 1;
    free(p);
    return 0;
} /* <- */
""",
    ),
    (
        "leak-overwritten",
        "leak",
        TP,
        HEAD
        + """
void f(void) {
    char *p = malloc(10);
    p = malloc(20); /* <- */
    free(p);
}
""",
    ),
    (
        "leak-handed-on",
        "leak",
        NR,
        HEAD
        + """
struct box { char *p; };
void f(struct box *b) {
    char *p = malloc(10);
    b->p = p;
} /* <- */
""",
    ),
]


# A scanner's path through two tests of one unchanging variable that contradict each other (the
# release under ``flag``, the use under ``!flag``) is decided; a variable that changes is not.
CASES += [
    (
        "uaf-under-the-opposite-test",
        "uaf",
        FP,
        """
#include <stdlib.h>
int g(int flag) {
    char *p = malloc(8);
    if (!p) return -1;
    if (flag) free(p);
    if (!flag) p[0] = 'x'; /* <- */
    if (!flag) free(p);
    return 0;
}
""",
    ),
    (
        "double-free-under-complementary-ranges",
        "double_free",
        FP,
        """
#include <stdlib.h>
void g(int n) {
    char *p = malloc(8);
    if (!p) return;
    if (n > 3) free(p);
    if (n <= 3) free(p); /* <- */
}
""",
    ),
    (
        "double-free-under-overlapping-ranges",
        "double_free",
        TP,
        """
#include <stdlib.h>
void g(int n) {
    char *p = malloc(8);
    if (!p) return;
    if (n > 3) free(p);
    if (n >= 3) free(p); /* <- */
}
""",
    ),
    (
        "double-free-tested-variable-changes-between",
        "double_free",
        TP,
        """
#include <stdlib.h>
void g(int n) {
    char *p = malloc(8);
    if (!p) return;
    if (n > 3) free(p);
    n = n - 10;
    if (n <= 3) free(p); /* <- */
}
""",
    ),
    (
        "double-free-shadowed-test-variable",
        "double_free",
        TP,
        """
#include <stdlib.h>
void g(int n) {
    char *p = malloc(8);
    if (!p) return;
    if (n > 3) free(p);
    {
        int n = 0;
        if (n <= 3) free(p); /* <- */
    }
}
""",
    ),
    (
        "uninit-read-under-the-same-test-as-its-assignment",
        "uninit",
        FP,
        """
#include <stdio.h>
void g(int verbose) {
    int p;
    if (verbose) p = 2;
    if (verbose) printf("%d\\n", p); /* <- */
}
""",
    ),
    (
        "double-free-flag-set-in-the-branch",
        "double_free",
        TP,
        """
#include <stdlib.h>
void g(int n) {
    char *p = malloc(8);
    int freed = 0;
    if (!p) return;
    if (n > 3) { free(p); freed = 1; }
    if (!freed) free(p); /* <- */
}
""",
    ),
]


@pytest.mark.parametrize(("name", "kind", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_memory_cases(tmp_path: Path, name: str, kind: str, expected: str, code: str) -> None:
    got = judge(tmp_path, kind, code)
    assert got.verdict == expected, f"{name}: {got.verdict} ({got.reason}): {got.justification}"
    if got.verdict == FP:
        assert got.evidence, name


def test_review_summarises_the_scanners_path(tmp_path: Path) -> None:
    code = HEAD + "struct s { int *v; };\nint f(struct s *x) {\n    return *x->v; /* <- */\n}\n"
    got = judge(tmp_path, "uninit", code, var="*x_2(D).v")
    assert got.verdict == NR
    assert "gcc's path: line" in got.justification and "the event gcc reports here" in got.justification


def test_a_cppcheck_symbol_names_the_variable(tmp_path: Path) -> None:
    code = HEAD + "void f(void) {\n    char *p = malloc(4);\n    free(p);\n    free(p); /* <- */\n}\n"
    (tmp_path / "main.c").write_text(code)
    finding = Finding(
        tool="cppcheck",
        rule_id="doubleFree",
        message="Memory pointed to by 'p' is freed twice.",
        location=Location("main.c", Region(code.splitlines().index("    free(p); /* <- */") + 1)),
        cwe=(415,),
        properties={"symbols": ["p"]},
    )
    got = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert got.verdict == TP, got.justification


def test_gccs_own_use_after_free_warning_names_the_pointer_not_free(tmp_path: Path) -> None:
    code = (
        "#include <stdlib.h>\nvoid g(int f) {\n    char *p = malloc(8);\n    if (!p) return;\n    free(p);\n"
    )
    code += "    if (f) p[0] = 'x'; /* <- */\n}\n"
    (tmp_path / "main.c").write_text(code)
    finding = Finding(
        tool="gcc",
        rule_id="-Wuse-after-free",
        message="pointer ‘p’ may be used after ‘free’",
        location=Location("main.c", Region(6)),
        cwe=(416,),
    )
    got = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert got.verdict == TP and "`p`" in got.justification, got.justification
