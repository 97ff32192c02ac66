"""Rules real C packages report most, checked against the code (written for these tests; the
shapes are csgrep's: checker, key event ``severity[id]`` / ``warning[-Woption]``, message):

- CWE-467, sizeof of a pointer used as the size of the memory it points to (a weakness):
  confirmed for a pointer (a parameter declared as an array is one), refuted for an array or for a
  call on the pointer itself;
- code-quality claims (TRUE_POSITIVE when the code confirms them, never FALSE_POSITIVE then;
  FALSE_POSITIVE only with proof; NEEDS_REVIEW otherwise): unusedFunction, staticFunction,
  missingReturn, unreadVariable, variableScope, knownConditionTrueFalse, duplicateBreak,
  shadowFunction, missingInclude(System), -Wimplicit-fallthrough, -Wmissing-field-initializers,
  -Wcast-function-type, -Wsign-compare.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.code.taint.families import family_of
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"

Rule = tuple[str, str, str, str]  # tool, rule id, rule name (csgrep key event), message


def cppcheck(rule: str, message: str) -> Rule:
    return ("cppcheck", "CPPCHECK_WARNING", f"style[{rule}]", message)


def gcc(option: str, message: str) -> Rule:
    return ("gcc", "COMPILER_WARNING", f"warning[{option}]", f"{message} [{option}]")


POINTER_SIZE = cppcheck("pointerSize", "Size of pointer 'p' used instead of size of its data.")
MEMACCESS = gcc(
    "-Wsizeof-pointer-memaccess",
    "argument to ‘sizeof’ in ‘memset’ call is the same expression as the destination; did you mean to "
    "dereference it?",
)
POINTER_DIV = gcc(
    "-Wsizeof-pointer-div", "division ‘sizeof (int *) / sizeof (int)’ does not compute the number"
)
UNUSED_FUNCTION = cppcheck("unusedFunction", "The function 'work' is never used.")
STATIC_FUNCTION = cppcheck(
    "staticFunction",
    "The function 'work' should have static linkage since it is not used outside of its translation unit.",
)
MISSING_RETURN = cppcheck(
    "missingReturn",
    "Found an exit path from function with non-void return type that has missing return statement",
)
UNREAD = cppcheck("unreadVariable", "Variable 'x' is assigned a value that is never used.")
SCOPE = cppcheck("variableScope", "The scope of the variable 'x' can be reduced.")
ALWAYS_TRUE = cppcheck("knownConditionTrueFalse", "Condition 'p' is always true")
ALWAYS_FALSE_CALL = cppcheck("knownConditionTrueFalse", "Condition '!put(b)' is always false")
DUPLICATE_BREAK = cppcheck(
    "duplicateBreak", "Consecutive return, break, continue, goto or throw statements are unnecessary."
)
SHADOW_FUNCTION = cppcheck("shadowFunction", "Local variable 'work' shadows outer function")
MISSING_INCLUDE = (
    "cppcheck",
    "CPPCHECK_WARNING",
    "information[missingIncludeSystem]",
    "Include file: <zlib.h> not found. Please note: Standard library headers do not need to be provided to "
    "get proper results.",
)
FALLTHROUGH = gcc("-Wimplicit-fallthrough=", "this statement may fall through")
MISSING_FIELD = gcc("-Wmissing-field-initializers", "missing initializer for field ‘c’ of ‘struct three’")
MISSING_METHOD_DOC = gcc(
    "-Wmissing-field-initializers", "missing initializer for field ‘ml_doc’ of ‘PyMethodDef’"
)
CAST_FUNCTION = gcc(
    "-Wcast-function-type",
    "cast between incompatible function types from ‘int (*)(int,  int,  int)’ to ‘int (*)(int,  int)’",
)
SET_UNREAD = gcc("-Wunused-but-set-variable", "variable ‘x’ set but not used")
SET_UNREAD_PARAM = gcc("-Wunused-but-set-parameter", "parameter ‘n’ set but not used")
GCC_UNUSED_FUNCTION = gcc("-Wunused-function", "‘work’ defined but not used")
FORMAT_OVERFLOW = gcc("-Wformat-overflow=", "‘%s’ directive writing up to 299 bytes into a region of size 16")
SIGN_COMPARE = gcc(
    "-Wsign-compare",
    "comparison of integer expressions of different signedness: ‘int’ and ‘size_t’ {aka ‘long unsigned int’}",
)


def verdict(tmp_path: Path, code: str, rule: Rule, others: dict[str, str] | None = None) -> tuple[str, str]:
    (tmp_path / "main.c").write_text(code)
    for name, text in (others or {}).items():
        (tmp_path / name).write_text(text)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    tool, rule_id, name, message = rule
    finding = Finding(
        tool=tool, rule_id=rule_id, rule_name=name, message=message, location=Location("main.c", Region(line))
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    return j.verdict, j.justification


CASES: list[tuple[str, Rule, str, str]] = [
    # --- CWE-467: sizeof of a pointer
    (
        "sizeof-of-a-pointer-as-a-copy-length",
        POINTER_SIZE,
        TP,
        "#include <stdlib.h>\n#include <string.h>\nchar *f(const char *s)\n{\n    char *p = malloc(64);\n"
        "    if (p == NULL) return NULL;\n    strncpy(p, s, sizeof(p)); /* <- */\n    return p;\n}\n",
    ),
    (
        "sizeof-of-an-array",
        MEMACCESS,
        FP,
        "#include <string.h>\nvoid f(void)\n{\n    char p[64];\n    memset(p, 0, sizeof(p)); /* <- */\n"
        "    p[1] = 0;\n}\n",
    ),
    (
        "sizeof-of-a-parameter-declared-as-an-array",
        MEMACCESS,
        TP,
        "#include <string.h>\nvoid f(char p[64])\n{\n    memset(p, 0, sizeof(p)); /* <- */\n}\n",
    ),
    (
        "sizeof-of-a-pointer-copied-itself",
        POINTER_SIZE,
        FP,
        "#include <string.h>\nvoid f(char *p, char **out)\n{\n    char *q;\n"
        "    memcpy(&q, &p, sizeof(p)); /* <- */\n"
        "    *out = q;\n}\n",
    ),
    (
        "allocation-sized-by-its-own-pointer",
        POINTER_SIZE,
        TP,
        "#include <stdlib.h>\nstruct pair { int a, b; };\nstruct pair *f(void)\n{\n    struct pair *p;\n"
        "    p = malloc(sizeof(p)); /* <- */\n    return p;\n}\n",
    ),
    (
        "element-count-of-a-pointer",
        POINTER_DIV,
        TP,
        "int f(int *p)\n{\n    int n = sizeof(p) / sizeof(p[0]); /* <- */\n    return n;\n}\n",
    ),
    # --- unusedFunction / staticFunction
    (
        "static-function-nothing-mentions",
        UNUSED_FUNCTION,
        TP,
        "static int work(int a) /* <- */\n{\n    return a > 0 ? work(a - 1) : 0;\n}\n"
        "int main(void) { return 0; }\n",
    ),
    (
        "static-function-called",
        UNUSED_FUNCTION,
        FP,
        "static int work(int a) /* <- */\n{\n    return a + 1;\n}\nint main(void) { return work(1); }\n",
    ),
    (
        "function-with-external-linkage",
        UNUSED_FUNCTION,
        NR,
        "int work(int a) /* <- */\n{\n    return a + 1;\n}\n",
    ),
    (
        "function-called-in-one-build-only",
        UNUSED_FUNCTION,
        NR,
        "static int work(int a) /* <- */\n{\n    return a + 1;\n}\nint main(void)\n{\n#ifdef DEBUG\n"
        "    return work(1);\n#endif\n    return 0;\n}\n",
    ),
    (
        "function-called-after-a-statement-macro",
        UNUSED_FUNCTION,
        FP,
        "#include <Python.h>\nstatic void work(int *a) /* <- */\n{\n    *a = 1;\n}\n"
        "void run(int *a)\n{\n    Py_BEGIN_ALLOW_THREADS\n    work(a);\n    Py_END_ALLOW_THREADS\n}\n",
    ),
    (
        "function-no-other-file-needs",
        STATIC_FUNCTION,
        TP,
        "int work(int a) /* <- */\n{\n    return a + 1;\n}\nint main(void) { return work(1); }\n",
    ),
    (
        "function-another-file-calls",
        STATIC_FUNCTION,
        FP,
        "int work(int a) /* <- */\n{\n    return a + 1;\n}\n",
    ),
    # --- missingReturn
    (
        "return-macro-of-cpython",
        MISSING_RETURN,
        FP,
        "#include <Python.h>\nstatic PyObject *yes(PyObject *self)\n{\n    Py_RETURN_TRUE; /* <- */\n}\n",
    ),
    (
        "return-macro-of-the-workspace",
        MISSING_RETURN,
        FP,
        "#define FAIL return -1\nint f(int a)\n{\n    if (a > 0) return a;\n    FAIL; /* <- */\n}\n",
    ),
    (
        "falls-off-the-end",
        MISSING_RETURN,
        TP,
        "int f(int a)\n{\n    if (a > 0) return a;\n    a++; /* <- */\n}\n",
    ),
    (
        "ends-in-exit",
        MISSING_RETURN,
        FP,
        "#include <stdlib.h>\nint f(int a)\n{\n    if (a > 0) return a;\n    exit(1); /* <- */\n}\n",
    ),
    # --- unreadVariable
    (
        "value-dropped-by-the-return",
        UNREAD,
        TP,
        "int g(int);\nint f(int a)\n{\n    int x = g(a);\n    if (a) {\n        x = 2; /* <- */\n"
        "        return 0;\n    }\n"
        "    return x;\n}\n",
    ),
    (
        "value-overwritten",
        UNREAD,
        TP,
        "int g(int);\nint f(int a)\n{\n    int x;\n    x = g(a); /* <- */\n    x = 2;\n    return x;\n}\n",
    ),
    (
        "value-read-next",
        UNREAD,
        FP,
        "int g(int);\nint f(int a)\n{\n    int x;\n    x = g(a); /* <- */\n    a = x + 1;\n"
        "    return a;\n}\n",
    ),
    (
        "value-read-through-its-address",
        UNREAD,
        NR,
        "int g(int *);\nint f(void)\n{\n    int x;\n    int *p = &x;\n    x = 3; /* <- */\n"
        "    return g(p);\n}\n",
    ),
    (
        "value-read-on-the-next-pass",
        UNREAD,
        NR,
        "int g(int);\nint f(int n)\n{\n    int x = 0, t = 0;\n    while (n-- > 0) {\n        t += x;\n"
        "        x = g(n); /* <- */\n    }\n    return t;\n}\n",
    ),
    # --- variableScope
    (
        "used-in-one-inner-block",
        SCOPE,
        TP,
        "int g(int);\nint f(int a)\n{\n    int x; /* <- */\n    if (a > 0) {\n        x = g(a);\n"
        "        a += x;\n    }\n"
        "    return a;\n}\n",
    ),
    (
        "used-in-the-declaring-block",
        SCOPE,
        FP,
        "int f(int n)\n{\n    int x; /* <- */\n    x = n * 2;\n    if (x > 4) return x;\n    return 0;\n}\n",
    ),
    (
        "value-carried-by-a-loop",
        SCOPE,
        NR,
        "int f(int n)\n{\n    int total = 0, x; /* <- */\n    while (n-- > 0) {\n        if (n & 1) x = n;\n"
        "        total += x;\n    }\n    return total;\n}\n",
    ),
    (
        "loop-counter-of-an-unbraced-body",
        SCOPE,
        TP,
        "void put(int);\nvoid f(int depth, int value)\n{\n    int x; /* <- */\n    if (depth > 0)\n"
        "        while (value-- > 0)\n            for (x = 0; x < depth; x++)\n"
        "                put(' ');\n}\n",
    ),
    (
        "an-unknown-macro-in-the-signature-only",
        SCOPE,
        TP,
        "#define FASTCALL\nstatic void FASTCALL_MSVC rev(char *b, char *e)\n{\n    char x; /* <- */\n"
        "    while (e > b)\n        x = *e, *e-- = *b, *b++ = x;\n}\n",
    ),
    # --- knownConditionTrueFalse
    (
        "implied-by-an-early-return",
        ALWAYS_TRUE,
        TP,
        "int g(int *);\nint f(int *p)\n{\n    if (!p)\n        return 0;\n    if (p && g(p)) /* <- */\n"
        "        return 1;\n    return 2;\n}\n",
    ),
    (
        "reassigned-after-the-check",
        ALWAYS_TRUE,
        NR,
        "int *h(void);\nint g(int *);\nint f(int *p)\n{\n    if (!p)\n        return 0;\n    p = h();\n"
        "    if (p && g(p)) /* <- */\n        return 1;\n    return 2;\n}\n",
    ),
    (
        "function-always-returns-one-constant",
        ALWAYS_FALSE_CALL,
        TP,
        "static int put(char *b)\n{\n    for (;;) {\n        if (*b++ == 0)\n            return 1;\n"
        "    }\n}\n"
        "int f(char *b)\n{\n    if (!put(b)) /* <- */\n        return -1;\n    return 0;\n}\n",
    ),
    (
        "function-always-returns-the-TRUE-macro",
        ALWAYS_FALSE_CALL,
        TP,
        "#define TRUE 1\nstatic int put(char *b)\n{\n    for (;;) {\n"
        "        if (*b++ == 0)\n            return TRUE;\n    }\n}\n"
        "int f(char *b)\n{\n    if (!put(b)) /* <- */\n        return -1;\n    return 0;\n}\n",
    ),
    (
        # a fallback definition: a header included first may define TRUE otherwise
        "function-always-returns-a-fallback-macro",
        ALWAYS_FALSE_CALL,
        NR,
        "#ifndef TRUE\n#define TRUE 1\n#endif\nstatic int put(char *b)\n{\n    for (;;) {\n"
        "        if (*b++ == 0)\n            return TRUE;\n    }\n}\n"
        "int f(char *b)\n{\n    if (!put(b)) /* <- */\n        return -1;\n    return 0;\n}\n",
    ),
    # --- duplicateBreak
    (
        "break-after-goto",
        DUPLICATE_BREAK,
        TP,
        "int f(int a)\n{\n    switch (a) {\n    case 1:\n        goto out;\n        break; /* <- */\n    }\n"
        "    return 0;\nout:\n    return 1;\n}\n",
    ),
    # --- shadowFunction
    (
        "local-named-like-a-function",
        SHADOW_FUNCTION,
        TP,
        "static int work(int a) { return a; }\nint f(int a)\n{\n    int work = a * 2; /* <- */\n"
        "    return work;\n}\n",
    ),
    (
        "call-after-a-statement-macro-is-no-declaration",
        SHADOW_FUNCTION,
        FP,
        "#include <Python.h>\nstatic void work(int *a) { *a = 1; }\nvoid run(int *a)\n{\n"
        "    Py_BEGIN_ALLOW_THREADS\n    work(a); /* <- */\n    Py_END_ALLOW_THREADS\n}\n",
    ),
    # --- missingInclude(System)
    (
        "header-nowhere-in-the-workspace",
        MISSING_INCLUDE,
        TP,
        "#include <zlib.h> /* <- */\nint f(void) { return 0; }\n",
    ),
    # --- -Wimplicit-fallthrough
    (
        "falls-into-the-next-case",
        FALLTHROUGH,
        TP,
        "int f(int a, int b)\n{\n    switch (a) {\n    case 1:\n        if (b) /* <- */\n            b++;\n"
        "        else\n            break;\n    case 2:\n        return b;\n    }\n    return 0;\n}\n",
    ),
    (
        "ends-in-a-call-that-never-returns",
        FALLTHROUGH,
        FP,
        "#include <stdlib.h>\nint f(int a)\n{\n    switch (a) {\n    case 1:\n        exit(2); /* <- */\n"
        "    case 2:\n        return 1;\n    }\n    return 0;\n}\n",
    ),
    (
        "ends-in-a-macro-that-breaks",
        FALLTHROUGH,
        FP,
        "#define DONE(v) { r = (v); break; }\nint f(int a)\n{\n    int r = 0;\n    switch (a) {\n"
        "    case 1:\n"
        "        DONE(3); /* <- */\n    case 2:\n        r = 1;\n    }\n    return r;\n}\n",
    ),
    # --- -Wmissing-field-initializers
    (
        "positional-initializer-short-of-the-field",
        MISSING_FIELD,
        TP,
        "struct three { int a; int b; int c; };\nstruct three t = {1, 2}; /* <- */\n",
    ),
    (
        "designated-initializer-without-the-field",
        MISSING_FIELD,
        TP,
        "struct three { int a; int b; int c; };\nstruct three t = {.a = 1, .b = 2}; /* <- */\n",
    ),
    (
        "struct-defined-nowhere",
        gcc("-Wmissing-field-initializers", "missing initializer for field ‘x’ of ‘struct hidden’"),
        NR,
        "#include <hidden.h>\nstruct hidden h = {1, 2}; /* <- */\n",
    ),
    (
        "cpython-method-table-entry",
        MISSING_METHOD_DOC,
        TP,
        "#include <Python.h>\nstatic PyObject *run(PyObject *s, PyObject *a) { return a; }\n"
        'static PyMethodDef methods[] = {\n    {"run", run, METH_VARARGS}, /* <- */\n'
        "    {NULL, NULL, 0, NULL}\n};\n",
    ),
    # --- -Wcast-function-type
    (
        "function-cast-to-fewer-parameters",
        CAST_FUNCTION,
        TP,
        "typedef int (*two)(int, int);\nstatic int sum(int a, int b, int c) { return a + b + c; }\n"
        "two table[] = { (two) sum }; /* <- */\n",
    ),
    # --- gcc -Wunused-but-set-variable / -parameter, -Wunused-function
    (
        "set-only-variable",
        SET_UNREAD,
        TP,
        "int next(void);\nint f(void)\n{\n    int x; /* <- */\n    x = next();\n    x = 2;\n"
        "    return 0;\n}\n",
    ),
    (
        "set-variable-read-later",
        SET_UNREAD,
        NR,
        "int next(void);\nint f(void)\n{\n    int x = 0; /* <- */\n    x = next();\n    return x;\n}\n",
    ),
    (
        "set-variable-incremented",
        SET_UNREAD,
        NR,
        "int f(int k)\n{\n    int x = 0; /* <- */\n    while (k-- > 0)\n        x++;\n    return 0;\n}\n",
    ),
    (
        "set-variable-named-by-a-macro",
        SET_UNREAD,
        NR,
        '#include <stdio.h>\n#define SHOW() printf("%d\\n", x)\nint f(void)\n{\n    int x; /* <- */\n'
        "    x = 3;\n    SHOW();\n    return 0;\n}\n",
    ),
    (
        "set-variable-address-taken",
        SET_UNREAD,
        NR,
        "void fill(int *p);\nint f(void)\n{\n    int x; /* <- */\n    x = 1;\n    fill(&x);\n"
        "    return 0;\n}\n",
    ),
    (
        "set-variable-value-used-in-a-chain",
        SET_UNREAD,
        NR,
        "int f(void)\n{\n    int x, y; /* <- */\n    y = x = 4;\n    return y;\n}\n",
    ),
    (
        "set-only-parameter",
        SET_UNREAD_PARAM,
        TP,
        "int f(int n) /* <- */\n{\n    n = 0;\n    return 1;\n}\n",
    ),
    (
        "gcc-unused-static-function",
        GCC_UNUSED_FUNCTION,
        TP,
        "static int work(int a) /* <- */\n{\n    return a + 1;\n}\nint main(void)\n{\n    return 0;\n}\n",
    ),
    (
        "gcc-unused-function-called-in-a-macro",
        GCC_UNUSED_FUNCTION,
        NR,
        "#define RUN(a) work(a)\nstatic int work(int a) /* <- */\n{\n    return a + 1;\n}\n"
        "int main(void)\n{\n#ifdef WITH_WORK\n    return RUN(1);\n#endif\n    return 0;\n}\n",
    ),
    # --- gcc -Wformat-overflow=: judged as the write it names
    (
        "format-overflow-of-a-long-string",
        FORMAT_OVERFLOW,
        TP,
        "#include <stdio.h>\n#include <string.h>\nvoid f(void)\n{\n    char big[300];\n    char buf[16];\n"
        "    memset(big, 'a', 299);\n    big[299] = 0;\n    sprintf(buf, \"%s\", big); /* <- */\n"
        "    puts(buf);\n}\n",
    ),
    (
        "format-overflow-of-a-short-literal",
        FORMAT_OVERFLOW,
        FP,
        '#include <stdio.h>\nvoid f(void)\n{\n    char buf[16];\n    sprintf(buf, "id=%s", "abc"); /* <- */\n'
        "    puts(buf);\n}\n",
    ),
    # --- -Wsign-compare
    (
        "signed-length-may-be-negative",
        SIGN_COMPARE,
        TP,
        "#include <string.h>\nint f(const char *s, int n)\n{\n    if (n < strlen(s)) /* <- */\n"
        "        return 1;\n"
        "    return 0;\n}\n",
    ),
]


@pytest.mark.parametrize(("name", "rule", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_claims_against_the_code(tmp_path: Path, name: str, rule: Rule, expected: str, code: str) -> None:
    others = (
        {"other.c": "int work(int);\nint use(void) { return work(2); }\n"}
        if name.startswith("function-another")
        else None
    )
    got, why = verdict(tmp_path, code, rule, others)
    assert got == expected, f"{name}: {got}: {why}"


def test_the_sizeof_of_a_pointer_is_named_in_a_copy_justification(tmp_path: Path) -> None:
    """A bounded-looking copy whose length is the size of a pointer (8 bytes fit in 64) is kept for the
    real defect, not for a length "not bounded by" the destination."""
    code = (
        "#include <stdlib.h>\n#include <string.h>\nchar *f(const char *s)\n{\n    char *p = malloc(64);\n"
        "    if (p == NULL) return NULL;\n    strncpy(p, s, sizeof(p)); /* <- */\n    return p;\n}\n"
    )
    rule = ("flawfinder", "FF1008", "buffer/strncpy", "buffer/strncpy:Easily used incorrectly")
    got, why = verdict(tmp_path, code, rule)
    assert got == TP and "size of the pointer" in why and "terminator" in why, why


def test_sign_compare_says_when_the_signed_side_cannot_be_negative(tmp_path: Path) -> None:
    code = (
        "#include <string.h>\nint f(const char *s, int n)\n{\n    if (n >= 0 && n < strlen(s)) /* <- */\n"
        "        return 1;\n    return 0;\n}\n"
    )
    got, why = verdict(tmp_path, code, SIGN_COMPARE)
    assert got == TP and "never negative" in why, why


def test_a_header_in_the_workspace_refutes_the_notice(tmp_path: Path) -> None:
    (tmp_path / "include").mkdir()
    (tmp_path / "include" / "zlib.h").write_text("int inflate(void);\n")
    got, why = verdict(tmp_path, "#include <zlib.h> /* <- */\nint f(void) { return 0; }\n", MISSING_INCLUDE)
    assert got == FP and "include/zlib.h" in why, why


@pytest.mark.parametrize(
    "rule",
    [POINTER_SIZE, MEMACCESS, POINTER_DIV],
    ids=["pointerSize", "sizeof-pointer-memaccess", "sizeof-pointer-div"],
)
def test_sizeof_of_a_pointer_is_a_weakness_family(rule: Rule) -> None:
    tool, rule_id, name, message = rule
    f = Finding(
        tool=tool, rule_id=rule_id, rule_name=name, message=message, location=Location("a.c", Region(1))
    )
    assert family_of(f) == "pointer_size"


def test_a_cppcheck_information_notice_is_no_format_finding() -> None:
    f = Finding(
        tool="cppcheck",
        rule_id="CPPCHECK_WARNING",
        rule_name="information[someNotice]",
        message="a notice",
        location=Location("a.c", Region(1)),
    )
    assert family_of(f) != "format_string"


def test_an_undecided_condition_names_the_fallback_macro_it_hangs_on(tmp_path: Path) -> None:
    code = next(c[3] for c in CASES if c[0] == "function-always-returns-a-fallback-macro")
    got, why = verdict(tmp_path, code, ALWAYS_FALSE_CALL)
    assert got == NR and "`TRUE` (put() returns it) is defined only as a fallback" in why, why
