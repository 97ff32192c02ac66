"""What a C verdict says: the justification names the facts that decided it (which call or access, on
which line, bounded by what; which branch never runs and why), so it can be checked against the code
in a few seconds. Snippets written for these tests; the verdicts are the analyst's, only the words are
pinned here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import Judgement, judge_finding
from sastls.analyzers.code.taint import c_explain
from sastls.analyzers.code.taint.c_words import Group, cap, fill, groups
from sastls.analyzers.code.taint.values import Note
from sastls.analyzers.findings.model import Finding, Location, Region, TraceStep

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"
ROOT = Path(__file__).resolve().parents[2]

# (tool, rule id, rule name, message with {v} for the variable, CWEs)
Rule = tuple[str, str, str | None, str, tuple[int, ...]]
UNINIT: Rule = (
    "gcc",
    "-Wanalyzer-use-of-uninitialized-value",
    None,
    "use of uninitialized value ‘{v}’",
    (457,),
)
NULL: Rule = ("cppcheck", "nullPointer", None, "Null pointer dereference: {v}", (476,))
STRNCAT: Rule = ("flawfinder", "FF1010", "buffer/strncat", "buffer/strncat:Easily used incorrectly", (120,))
STRCPY: Rule = (
    "flawfinder",
    "FF1001",
    "buffer/strcpy",
    "buffer/strcpy:Does not check for buffer overflows",
    (120,),
)
STRLEN: Rule = (
    "flawfinder",
    "FF1022",
    "buffer/strlen",
    "buffer/strlen:Does not handle strings that are not \\0-terminated",
    (126,),
)
ARRAY: Rule = (
    "flawfinder",
    "FF1013",
    "buffer/char",
    "buffer/char:Statically-sized arrays can be improperly restricted",
    (119, 120),
)
ALLOCA: Rule = ("cppcheck", "allocaCalled", None, "Obsolete function 'alloca' called.", ())
SYSTEM: Rule = (
    "flawfinder",
    "FF1044",
    "shell/system",
    "shell/system:This causes a new program to execute",
    (78,),
)
LEAK: Rule = ("gcc", "-Wanalyzer-malloc-leak", None, "leak of ‘{v}’", (401,))


def judge(tmp_path: Path, rule: Rule, code: str, var: str = "p") -> Judgement:
    (tmp_path / "main.c").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    tool, rule_id, name, message, cwe = rule
    finding = Finding(
        tool=tool,
        rule_id=rule_id,
        rule_name=name,
        message=message.format(v=var),
        location=Location("main.c", Region(line)),
        cwe=cwe,
        trace=(TraceStep(Location("main.c", Region(line)), "the event gcc reports here"),)
        if tool == "gcc"
        else (),
    )
    return judge_finding(finding, WorkspaceIndex(tmp_path))


# ---------------------------------------------------------------- uninitialised reads under a dead branch

DEAD_BRANCH_UNINIT = """#include <string.h>
static int keep_history = 0;
size_t cost_of(const char *value)
{
    size_t cost;
    if (!keep_history)
        cost = strlen(value);
    return cost; /* <- */
}
"""


def test_an_uninitialised_read_under_a_static_flag_names_the_branch_and_why_it_is_constant(
    tmp_path: Path,
) -> None:
    j = judge(tmp_path, UNINIT, DEAD_BRANCH_UNINIT, "cost")
    assert j.verdict == FP, j.justification
    assert j.reason == "assigned on every path that can run"
    assert j.justification == (
        "`cost` is assigned on every path that can reach line 8: a path that leaves it unassigned needs "
        "`!keep_history` (line 6) to be false, but `!keep_history` is always true (`keep_history` is a "
        "`static` set to 0 that nothing in the file writes)."
    )


def test_the_flag_set_elsewhere_in_the_file_is_no_dead_branch(tmp_path: Path) -> None:
    code = DEAD_BRANCH_UNINIT.replace(
        "size_t cost_of(", "void remember(void) { keep_history = 1; }\nsize_t cost_of("
    )
    j = judge(tmp_path, UNINIT, code, "cost")
    assert j.verdict == TP and "never runs" not in j.justification, j.justification


@pytest.mark.parametrize(
    ("head", "cond", "why"),
    [
        (
            "static const int LIMIT = 8;",
            "LIMIT > 4",
            "`LIMIT > 4` is always true (`LIMIT` is a `static const` set to 8)",
        ),
        ("#define TRACING 1", "TRACING", "`TRACING` is defined as `1`"),
        ("", "2 > 1", "`2 > 1` is always true (literals only)"),
    ],
)
def test_each_kind_of_constant_condition_says_what_makes_it_constant(
    tmp_path: Path, head: str, cond: str, why: str
) -> None:
    code = DEAD_BRANCH_UNINIT.replace("static int keep_history = 0;", head).replace("!keep_history", cond)
    j = judge(tmp_path, UNINIT, code, "cost")
    assert j.verdict == FP, j.justification
    assert f"needs `{cond}` (line 6) to be false, but {why}." in j.justification, j.justification


def test_an_assignment_on_both_branches_is_named_with_its_lines(tmp_path: Path) -> None:
    code = """#include <string.h>
size_t cost_of(const char *value, int fast)
{
    size_t cost;
    if (fast)
        cost = 0;
    else
        cost = strlen(value);
    return cost; /* <- */
}
"""
    j = judge(tmp_path, UNINIT, code, "cost")
    assert j.verdict == FP, j.justification
    assert j.justification == (
        "`cost` is assigned on every path that can reach line 9 (assigned by `cost = 0` at line 6, "
        "`cost = strlen(value)` at line 8)."
    )


def test_a_read_that_never_runs_says_which_branch_holds_it(tmp_path: Path) -> None:
    code = """#include <string.h>
static int keep_history = 0;
size_t cost_of(const char *value)
{
    size_t cost;
    if (keep_history)
        return cost; /* <- */
    cost = strlen(value);
    return cost;
}
"""
    j = judge(tmp_path, UNINIT, code, "cost")
    assert j.verdict == FP and j.reason == "dead code", j.justification
    assert j.justification == (
        "Line 7 never runs: it is in the then branch of `if (keep_history)` at line 6, and `keep_history` "
        "is a `static` set to 0 that nothing in the file writes."
    )


def test_a_null_path_ruled_out_by_a_static_flag_names_it(tmp_path: Path) -> None:
    code = """#include <stdlib.h>
static int ready = 1;
void f(void)
{
    char *p = NULL;
    if (ready) {
        p = malloc(10);
        if (p == NULL) exit(1);
    }
    p[0] = 'a'; /* <- */
    free(p);
}
"""
    j = judge(tmp_path, NULL, code, "p")
    assert j.verdict == FP, j.justification
    assert j.justification.startswith("At line 10: on every path the code allows to line 10, `p` was last")
    assert (
        "a path on which it is NULL needs `ready` (line 6) to be false, but `ready` is a `static` set to 1 "
        "that nothing in the file writes."
    ) in j.justification


# ---------------------------------------------------------------- copies, string lengths, declarations


def test_a_bounded_strncat_says_the_room_left_and_where_the_length_comes_from(tmp_path: Path) -> None:
    code = """#include <string.h>
#include <stdlib.h>
void f(void)
{
    char buf[100] = "ab";
    size_t len = strlen(buf);
    char *env = getenv("X");
    if (env != NULL)
        strncat(buf + len, env, 100 - len - 1); /* <- */
}
"""
    j = judge(tmp_path, STRNCAT, code)
    assert j.verdict == FP, j.justification
    assert j.reason == "bounded by the destination size"
    assert j.justification == (
        "At line 9, strncat() writes into `buf + len`: `len` is the length of the string in `buf` (100 "
        "elements), so at most 99 (line 6); `100 - len - 1` is the room left after `len` elements, within "
        "the 100 of `buf`."
    )
    assert [e.role for e in j.evidence] == ["sink", "guard", "guard"]  # the evidence is as the rule said it


def test_a_strlen_names_the_write_that_terminated_the_string(tmp_path: Path) -> None:
    code = """#include <string.h>
#include <stdio.h>
void f(void)
{
    char buf[10];
    memset(buf, 'A', 9);
    buf[9] = '\\0';
    printf("%zu\\n", strlen(buf)); /* <- */
}
"""
    j = judge(tmp_path, STRLEN, code)
    assert j.verdict == FP and j.reason == "string terminated inside its object", j.justification
    assert j.justification == (
        "At line 8, strlen() reads `buf`, a string that `buf[9] = '\\0'` at line 7 terminated inside its "
        "object."
    )


def test_a_declaration_names_the_access_nearest_its_end(tmp_path: Path) -> None:
    code = """#include <string.h>
#include <stdio.h>
void f(void)
{
    char buf[10]; /* <- */
    memset(buf, 'A', 9);
    buf[9] = '\\0';
    puts(buf);
}
"""
    j = judge(tmp_path, ARRAY, code)
    assert j.verdict == FP, j.justification
    assert j.justification == (
        "Every access to `buf` (directly or through pointers into it) stays inside it. The one nearest its "
        "end: at line 7, `buf[9]` indexes `buf`: index 9 is inside `buf` (10 elements)."
    )


def test_an_unused_declaration_says_there_is_no_access(tmp_path: Path) -> None:
    code = "void f(void)\n{\n    char buf[10]; /* <- */\n}\n"
    j = judge(tmp_path, ARRAY, code)
    assert j.verdict == FP
    assert (
        j.justification == "Nothing reads or writes `buf` beyond its declaration, nor hands it to other code."
    )


def test_an_alloca_says_its_size_and_lists_accesses_it_cannot_rank(tmp_path: Path) -> None:
    code = """#include <string.h>
#include <alloca.h>
#include <stdio.h>
void f(void)
{
    char *p = alloca(16); /* <- */
    strcpy(p, "hello");
    p[15] = 0;
    puts(p);
}
"""
    j = judge(tmp_path, ALLOCA, code)
    assert j.verdict == FP, j.justification
    assert j.justification == (
        "alloca() at line 6 reserves a constant 16 bytes once per call of f() (no loop, no recursion), and "
        "every access to the block through `p` stays inside it. At line 7, strcpy() writes into `p`: source "
        "is a 5-character literal; `p` holds 16. At line 8, `p[15]` indexes `p`: index 15 is inside `p` "
        "(16 elements)."
    )


def test_dead_code_on_a_copy_line_says_which_branch(tmp_path: Path) -> None:
    code = """#include <string.h>
void f(const char *s)
{
    char buf[4];
    if (0)
        strcpy(buf, s); /* <- */
}
"""
    j = judge(tmp_path, STRCPY, code)
    assert j.verdict == FP, j.justification
    assert j.justification == (
        "The reported code at line 6 never runs: it is in the then branch of `if (0)` at line 5, and `0` "
        "is always false (literals only)."
    )


def test_a_command_of_literals_names_them_without_claiming_they_are_all(tmp_path: Path) -> None:
    code = """#include <stdlib.h>
#include <string.h>
void f(void)
{
    char cmd[64] = "ls ";
    strcat(cmd, "-l");
    system(cmd); /* <- */
}
"""
    j = judge(tmp_path, SYSTEM, code)
    assert j.verdict == FP and j.reason == "command built from constants", j.justification
    assert j.justification == (
        'At line 7, system() runs a command built only from literals and numbers, among them "ls " '
        "(line 5). No input reaches it."
    )


def test_a_leak_ruled_out_names_the_release(tmp_path: Path) -> None:
    code = """#include <stdlib.h>
void f(void)
{
    char *p = malloc(10);
    if (p == NULL) return;
    p[0] = 1;
    free(p);
} /* <- */
"""
    j = judge(tmp_path, LEAK, code, "p")
    assert j.verdict == FP, j.justification
    assert j.justification.endswith("while it holds memory: it is released at line 7."), j.justification


# ---------------------------------------------------------------- the pieces


def note(line: int, why: str, role: str) -> Note:
    return Note("main.c", line, line, why, role)  # type: ignore[arg-type]


def test_groups_keep_each_access_with_its_facts() -> None:
    gs = groups(
        [
            note(5, "atoi() result stored in `n`", "sink"),
            note(9, "`a[n]` indexes `a`", "sink"),
            note(9, "`n` stays between 0 and 9 (10 elements)", "guard"),
            note(12, "memmove() writes into `d`", "sink"),
            note(12, "memmove() writes into `d`", "sink"),
            note(12, "length 8 fits `d` (8 bytes)", "constant"),
        ]
    )
    assert [(g.line, len(g.sinks), len(g.facts)) for g in gs] == [(5, 1, 0), (9, 1, 1), (12, 1, 1)]


def test_fill_reads_how_much_of_its_object_an_access_uses() -> None:
    def g(why: str) -> Group:
        return Group([note(1, "x", "sink")], [note(1, why, "constant")])

    assert fill(g("length 99 fits `d` (100 bytes)")) == 0.99
    assert fill(g("index 9 is inside `b` (10 elements)")) == 1.0
    assert fill(g("`i` stays between 0 and 4 (10 elements)")) == 0.5
    assert fill(g("source is a 5-character literal; `p` holds 16")) is None  # units not said: not ranked


def test_code_is_never_capitalised() -> None:
    assert cap("strlen() reads `s`") == "strlen() reads `s`"
    assert cap("_alloca() reserves") == "_alloca() reserves"
    assert cap("at line 3, x") == "At line 3, x"


def test_every_composed_reason_is_one_a_c_rule_gives() -> None:
    """The composers are keyed by the rules' reasons: a reason renamed in a rule must be renamed here."""
    given: set[str] = set()
    for path in sorted((ROOT / "analyzers" / "code" / "taint").glob("c_*.py")):
        for n in ast.walk(ast.parse(path.read_text())):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "Outcome":
                if (
                    len(n.args) > 2
                    and isinstance(n.args[2], ast.Constant)
                    and isinstance(n.args[2].value, str)
                ):
                    given.add(n.args[2].value)
                if len(n.args) > 2 and isinstance(n.args[2], ast.IfExp):
                    given.update(
                        x.value for x in (n.args[2].body, n.args[2].orelse) if isinstance(x, ast.Constant)
                    )
    assert set(c_explain._COMPOSERS) <= given, set(c_explain._COMPOSERS) - given


# ---------------------------------------------------------------- reviews say what stopped the analyst

UAF: Rule = ("gcc", "-Wanalyzer-use-after-free", None, "use after ‘free’ of ‘{v}’", (416,))


def test_a_leak_left_for_review_says_where_the_pointer_goes(tmp_path: Path) -> None:
    code = """#include <stdlib.h>
void keep(char *p);
void f(void)
{
    char *p = malloc(10);
    keep(p);
} /* <- */
"""
    j = judge(tmp_path, LEAK, code, "p")
    assert j.verdict == NR, j.justification
    assert j.justification.startswith(
        "`p` is handed to keep() at line 6, which may keep or release it: the analyst does not follow it "
        "there, so its memory may still be released elsewhere."
    ), j.justification


@pytest.mark.parametrize(
    ("code", "why"),
    [
        (
            "#include <stdlib.h>\nint *p;\nvoid f(void)\n{\n    free(p);\n    *p = 1; /* <- */\n}\n",
            "it is not a local variable or a parameter of its function",
        ),
        (
            "#include <stdlib.h>\nvoid f(int n)\n{\n    int *p = malloc(4);\nagain:\n    free(p);\n"
            "    if (n--) goto again;\n    *p = 1; /* <- */\n}\n",
            "its function has a backward goto",
        ),
    ],
)
def test_paths_beyond_the_analyst_say_why(tmp_path: Path, code: str, why: str) -> None:
    j = judge(tmp_path, UAF, code, "p")
    assert j.verdict == NR and j.reason == "path beyond the offline analyst", j.justification
    assert f"are beyond the offline analyst: {why}." in j.justification, j.justification


# ---------------------------------------------------------------- found while reading the sentences

WCSCPY: Rule = (
    "flawfinder",
    "FF1003",
    "buffer/wcscpy",
    "buffer/wcscpy:Does not check for buffer overflows when copying to destination",
    (120,),
)


def test_a_wide_literal_longer_than_its_destination_is_kept(tmp_path: Path) -> None:
    code = """#include <wchar.h>
void f(void)
{
    wchar_t buf[10];
    wcscpy(buf, L"0123456789abcdefghij"); /* <- */
}
"""
    j = judge(tmp_path, WCSCPY, code)
    assert j.verdict == TP, j.justification


FPRINTF: Rule = (
    "flawfinder",
    "FF1017",
    "format/fprintf",
    "format/fprintf:If format strings can be influenced by an attacker, they can be exploited",
    (134,),
)


def test_a_format_chosen_from_literals_names_each_as_written(tmp_path: Path) -> None:
    """``fmt = c ? "a\\n" : "b"``: both literals are named, escapes as the source has them (the
    justification said 'the constant' and showed one of them, with its escapes as '_')."""
    code = """
#include <stdio.h>
#include <string.h>
void put(FILE *out, const char *who, const char *text)
{
    const char *fmt;
    fmt = strchr(text, '\\t') != NULL ? "%s:\\n\\t%s\\n" : "%s: %s\\n";
    fprintf(out, fmt, who, text); /* <- */
}
"""
    j = judge(tmp_path, FPRINTF, code)
    assert j.verdict == "FALSE_POSITIVE", j.justification
    assert 'one of the literals "%s:\\n\\t%s\\n" or "%s: %s\\n"' in j.justification, j.justification
    assert "_" not in j.justification.split("literals", 1)[1]
