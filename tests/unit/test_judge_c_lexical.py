"""Claims the code itself confirms or refutes, written for these tests (none from a corpus):

- gcc's / cppcheck's unused parameter, variable and label warnings: true when the name is never
  mentioned but where it is declared (a code-quality finding, TRUE_POSITIVE); open when it is
  mentioned anywhere (a preprocessor branch, a macro), never FALSE_POSITIVE;
- flawfinder matches words: a "call" of ``read`` that is a variable named ``read``, or the
  ``#define`` that renames a function, is no call (FALSE_POSITIVE); a real call, or a function
  pointer of that name being called, is judged as usual.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.code.taint.families import family_of
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"

GCC_PARAM = ("gcc", "-Wunused-parameter", None, "unused parameter ‘{v}’")
GCC_VAR = ("gcc", "-Wunused-variable", None, "unused variable ‘{v}’")
CSGREP_LABEL = ("cppcheck", "CPPCHECK_WARNING", "style[unusedLabel]", "Label '{v}' is not used.")
CONST_PARAM = (
    "cppcheck", "CPPCHECK_WARNING", "style[constParameterPointer]",
    "Parameter '{v}' can be declared as pointer to const",
)  # fmt: skip
SHADOW = (
    "cppcheck",
    "CPPCHECK_WARNING",
    "style[shadowVariable]",
    "Local variable '{v}' shadows outer variable",
)
MEMBER = (
    "cppcheck",
    "CPPCHECK_WARNING",
    "style[unusedStructMember]",
    "struct member 's::{v}' is never used.",
)
FF_READ = ("flawfinder", "FF1029", "buffer/read", "buffer/read:Check buffer boundaries")
FF_WCHAR_ARRAY = (  # the name after "/" is the array's element type, not a function
    "flawfinder",
    "FF1013",
    "buffer/wchar_t",
    "buffer/wchar_t:Statically-sized arrays can be improperly restricted",
)
FF_FREAD = (  # one SARIF rule id covers recv, fread, ...: the run's rule entry names the first seen
    "flawfinder",
    "FF1070",
    "buffer/recv",
    "buffer/fread:Function accepts input from outside program (CWE-20)",
)
FF_SNPRINTF = (
    "flawfinder",
    "FF1019",
    "format/snprintf",
    "format/snprintf:If format strings can be influenced",
)


def verdict(
    tmp_path: Path, code: str, rule: tuple[str, str, str | None, str], var: str = "x"
) -> tuple[str, str]:
    (tmp_path / "main.c").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    tool, rule_id, name, message = rule
    finding = Finding(
        tool=tool,
        rule_id=rule_id,
        rule_name=name,
        message=message.format(v=var),
        location=Location("main.c", Region(line)),
        cwe=(),
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    return j.verdict, j.justification


CASES = [
    (
        "pointer-only-read-through",
        CONST_PARAM,
        TP,
        "int f(int *x) /* <- */\n{\n    int v = x[0];\n    if (*x > 2)\n        v++;\n    return v;\n}\n",
    ),
    ("pointer-written-through", CONST_PARAM, NR, "void f(int *x) /* <- */\n{\n    x[0] = 1;\n}\n"),
    ("pointer-handed-on", CONST_PARAM, NR, "void g(int *);\nvoid f(int *x) /* <- */\n{\n    g(x);\n}\n"),
    (
        "pointer-copied-to-a-pointer",
        CONST_PARAM,
        NR,
        "void f(char *x) /* <- */\n{\n    char *y = x;\n    y[0] = 0;\n}\n",
    ),
    (
        "shadowing-an-outer-local",
        SHADOW,
        TP,
        "int f(int a)\n{\n    int x = a;\n    {\n        int x = 2; /* <- */\n        a += x;\n    }\n"
        "    return a + x;\n}\n",
    ),
    (
        "nothing-shadowed",
        SHADOW,
        NR,
        "int f(int a)\n{\n    {\n        int x = 2; /* <- */\n        a += x;\n    }\n    return a;\n}\n",
    ),
    (
        "member-never-mentioned",
        MEMBER,
        TP,
        "struct s {\n    int a;\n    int x; /* <- */\n};\nint f(struct s *p) { return p->a; }\n",
    ),
    (
        "member-used",
        MEMBER,
        NR,
        "struct s {\n    int a;\n    int x; /* <- */\n};\nint f(struct s *p) { return p->x; }\n",
    ),
    ("unused-parameter", GCC_PARAM, TP, "int f(int a, int x) /* <- */\n{\n    return a + 1;\n}\n"),
    (
        "parameter-used-only-in-a-preprocessor-branch",
        GCC_PARAM,
        NR,
        "int f(int a, int x) /* <- */\n{\n#ifdef DEBUG\n    a += x;\n#endif\n    return a;\n}\n",
    ),
    (
        "parameter-handed-to-a-macro",
        GCC_PARAM,
        NR,
        "#define UNUSED(v)\nint f(int a, int x) /* <- */\n{\n    UNUSED(x);\n    return a;\n}\n",
    ),
    ("unused-variable", GCC_VAR, TP, "int f(int a)\n{\n    int x; /* <- */\n    return a;\n}\n"),
    ("variable-read-later", GCC_VAR, NR, "int f(int a)\n{\n    int x = a; /* <- */\n    return x;\n}\n"),
    (
        "unused-label",
        CSGREP_LABEL,
        TP,
        "int f(int a)\n{\n    if (a) return 1;\nx: /* <- */\n    return 0;\n}\n",
    ),
    (
        "label-a-goto-names",
        CSGREP_LABEL,
        NR,
        "int f(int a)\n{\n    if (a) goto x;\n    return 1;\nx: /* <- */\n    return 0;\n}\n",
    ),
    (
        "a-variable-named-like-the-function",
        FF_READ,
        FP,
        "typedef struct obj obj;\nobj *get(obj *, const char *);\nint f(obj *o)\n{\n"
        '    obj *read = get(o, "read"); /* <- */\n    return read != 0;\n}\n',
    ),
    (
        "a-real-call",
        FF_READ,
        TP,
        "#include <unistd.h>\nvoid f(int fd)\n{\n    char buf[8];\n    read(fd, buf, 64); /* <- */\n}\n",
    ),
    (
        "a-function-pointer-of-that-name-called",
        FF_READ,
        NR,
        "struct io { int (*read)(void *, int); };\nint f(struct io *io, char *b)\n{\n"
        "    int (*read)(void *, int) = io->read;\n    return read(b, 64); /* <- */\n}\n",
    ),
    (
        # the rule names the array's element type: `wchar_t` is no variable, and the array is judged
        "a-type-the-rule-names-is-no-variable",
        FF_WCHAR_ARRAY,
        TP,
        "#include <wchar.h>\nvoid fill(wchar_t *, int);\nint f(void)\n{\n"
        "    wchar_t esc[(64 / sizeof(wchar_t))]; /* <- */\n    fill(esc, 4096);\n    return esc[0];\n}\n",
    ),
    (
        # the message names the function reported (fread), called here with a FILE * named `recv`
        "the-message-names-the-function-reported",
        FF_FREAD,
        TP,
        "#include <stdio.h>\nint f(FILE *recv)\n{\n    char buf[8];\n"
        "    return (int)fread(buf, 1, 64, recv); /* <- */\n}\n",
    ),
    (
        "a-define-that-renames-the-function",
        FF_SNPRINTF,
        FP,
        "#ifdef _MSC_VER\n#define snprintf sprintf_s /* <- */\n#endif\n"
        'int f(char *b) { return snprintf(b, 4, "%d", 1); }\n',
    ),
]


@pytest.mark.parametrize(("name", "rule", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_lexical_and_quality_claims(
    tmp_path: Path, name: str, rule: tuple[str, str, str | None, str], expected: str, code: str
) -> None:
    got, why = verdict(tmp_path, code, rule)
    if expected == NR:
        assert got != FP, f"{name}: {got}: {why}"
    else:
        assert got == expected, f"{name}: {got}: {why}"


def test_unused_code_warnings_have_a_family_of_their_own() -> None:
    for tool, rule_id, name, message in (GCC_PARAM, GCC_VAR, CSGREP_LABEL):
        f = Finding(
            tool=tool, rule_id=rule_id, rule_name=name, message=message.format(v="x"),
            location=Location("a.c", Region(1)), cwe=(),
        )  # fmt: skip
        assert family_of(f) == "quality", (rule_id, name)


def test_two_tools_quality_claims_on_one_line_stay_two_findings() -> None:
    from sastls.analyzers.findings.merge import group_duplicates

    at = Location("a.c", Region(3))
    unused = Finding(
        tool="gcc",
        rule_id="-Wunused-parameter",
        message="unused parameter ‘a’",
        location=at,
    )
    const = Finding(
        tool="cppcheck",
        rule_id="constParameterPointer",
        message="Parameter 'b' can be declared as pointer to const",
        location=at,
    )
    assert family_of(unused) == family_of(const) == "quality"
    assert len(group_duplicates([unused, const])) == 2
