"""A length or index bounded where it is made (c_clamp): ``n = len < sizeof(buf) - 1 ? len :
sizeof(buf) - 1`` and ``if (len < sizeof(buf)) n = len; else n = sizeof(buf) - 1;`` bound both the
copy into ``buf`` and the terminator ``buf[n] = '\\0'``, for the copy finding and for the array's
declaration finding. A bound off by one, an unbounded definition, a change after the clamp (``n++``,
``&n`` handed to a call, ``n = n * 2``), a signed length that may be negative, or a definition in a
loop that is not bounded keep the finding. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

MEMCPY = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
ARRAY = "buffer/char:Statically-sized arrays can be improperly restricted (CWE-119!/CWE-120)."
HEAD = "#include <stdio.h>\n#include <string.h>\nvoid touch(size_t *n);\n"


def program(decl: str, clamp: str, after: str = "") -> str:
    return (
        HEAD
        + "static char body[64];\n"
        + "void show(size_t len)\n{\n"
        + "    char preview[48]; /* decl */\n"
        + f"    {decl}\n"
        + f"{clamp}"
        + f"{after}"
        + "    memcpy(preview, body, n); /* copy */\n"
        + "    preview[n] = '\\0';\n"
        + "    puts(preview);\n"
        + "}\n"
        + "int main(int argc, char **argv)\n{\n"
        + "    if (argc > 1)\n        show(strlen(argv[1]));\n    return 0;\n}\n"
    )


TERNARY = "    n = len < sizeof(preview) - 1 ? len : sizeof(preview) - 1;\n"
BRANCHES = "    if (len < sizeof(preview))\n        n = len;\n    else\n        n = sizeof(preview) - 1;\n"
SAFE = {
    "ternary": ("size_t n;", TERNARY, ""),
    "ternary-initialiser": (
        "size_t n = len < sizeof(preview) - 1 ? len : sizeof(preview) - 1;",
        "",
        "",
    ),
    "branches": ("size_t n;", BRANCHES, ""),
    "branches-constant-first": (
        "size_t n;",
        "    if (len >= sizeof(preview))\n        n = 47;\n    else\n        n = len;\n",
        "",
    ),
}
KEPT = {
    "off-by-one": ("size_t n;", BRANCHES.replace("len < sizeof(preview)", "len <= sizeof(preview)"), ""),
    "one-arm-unbounded": (
        "size_t n;",
        "    if (len < sizeof(preview))\n        n = len;\n    else\n        n = len - 1;\n",
        "",
    ),
    "counted-up-after": ("size_t n;", BRANCHES, "    n++;\n"),
    "handed-to-a-call": ("size_t n;", BRANCHES, "    touch(&n);\n"),
    "scaled-after": ("size_t n;", BRANCHES, "    n = n * 2;\n"),
    "signed-may-be-negative": (
        "int n;",
        "    if (len < sizeof(preview))\n        n = (int)len;\n    else\n        n = -1;\n",
        "",
    ),
    "no-clamp": ("size_t n = len;", "", ""),
}


def _line(code: str, mark: str) -> int:
    return next(i for i, ln in enumerate(code.splitlines(), 1) if mark in ln)


def judge_both(tmp_path: Path, code: str) -> list[str]:
    out = []
    for rule, message, cwe, mark in (
        ("FF1004", MEMCPY, (120,), "/* copy */"),
        ("FF1013", ARRAY, (119, 120), "/* decl */"),
    ):
        got = judge_marked(tmp_path, code, rule, message, cwe, line=_line(code, mark))
        out.append(f"{got.verdict}: {got.justification}")
    return out


@pytest.mark.parametrize("case", sorted(SAFE))
def test_a_length_bounded_where_it_is_made_fits(tmp_path: Path, case: str) -> None:
    copy, decl = judge_both(tmp_path, program(*SAFE[case]))
    assert copy.startswith("FALSE_POSITIVE"), (case, copy)
    assert decl.startswith("FALSE_POSITIVE") and "between 0 and 47" in decl, (case, decl)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_a_length_not_shown_bounded_is_kept(tmp_path: Path, case: str) -> None:
    copy, decl = judge_both(tmp_path, program(*KEPT[case]))
    if case in {"signed-may-be-negative", "off-by-one"}:
        # the copy fits (nothing, or 48 bytes); the terminator `preview[n]` may land at -1 or 48
        assert not decl.startswith("FALSE_POSITIVE"), (case, decl)
        return
    assert not copy.startswith("FALSE_POSITIVE"), (case, copy)
    assert not decl.startswith("FALSE_POSITIVE"), (case, decl)


def test_a_definition_in_a_loop_after_the_use_is_followed(tmp_path: Path) -> None:
    code = (
        HEAD
        + "void show(const char *body, const size_t *lens, int k)\n{\n"
        + "    char preview[48]; /* decl */\n"
        + "    size_t n = 0;\n"
        + "    for (int i = 0; i < k; i++) {\n"
        + "        preview[n] = '\\0'; /* copy */\n"
        + "        puts(preview);\n"
        + "        n = lens[i];\n"
        + "    }\n"
        + "    (void)body;\n"
        + "}\n"
    )
    got = judge_marked(tmp_path, code, "FF1013", ARRAY, (119, 120), line=_line(code, "/* decl */"))
    assert got.verdict != "FALSE_POSITIVE", got.justification


FIELD = """#include <stdlib.h>
#include <string.h>

static long fixed_field(const char *rec, int off, int width)
{
    char buf[16]; /* decl */

    memcpy(buf, rec + off, width); /* copy */
    buf[width] = '\\0';
    return atol(buf);
}

long parse(const char *rec)
{
    return fixed_field(rec, 0, 7) + fixed_field(rec, 8, 9);
}
"""
HANDED_SAFE = {"constants-at-every-call": FIELD}
HANDED_KEPT = {
    "one-call-too-wide": FIELD.replace("fixed_field(rec, 8, 9)", "fixed_field(rec, 8, 16)"),
    "one-call-not-constant": FIELD.replace("fixed_field(rec, 8, 9)", "fixed_field(rec, 8, (int)strlen(rec))"),
    "one-call-negative": FIELD.replace("fixed_field(rec, 8, 9)", "fixed_field(rec, 8, -1)"),
    "changed-in-the-function": FIELD.replace(
        "    char buf[16]; /* decl */\n", "    char buf[16]; /* decl */\n\n    width *= 2;\n"
    ),
    "called-from-unseen-code": FIELD.replace("static long fixed_field", "long fixed_field"),
}


@pytest.mark.parametrize("case", sorted(HANDED_SAFE))
def test_a_length_every_call_hands_as_a_constant_fits(tmp_path: Path, case: str) -> None:
    code = HANDED_SAFE[case]
    got = judge_marked(tmp_path, code, "FF1013", ARRAY, (119, 120), line=_line(code, "/* decl */"))
    assert got.verdict == "FALSE_POSITIVE" and "stays between 7 and 9" in got.justification, got.justification
    copy = judge_marked(tmp_path, code, "FF1004", MEMCPY, (120,), line=_line(code, "/* copy */"))
    # the write fits; the read from `rec + off` is another question (the callers' string)
    assert "reads 9 bytes from `rec + off`" in copy.justification, copy.justification


@pytest.mark.parametrize("case", sorted(HANDED_KEPT))
def test_a_length_not_constant_at_every_call_is_kept(tmp_path: Path, case: str) -> None:
    code = HANDED_KEPT[case]
    got = judge_marked(tmp_path, code, "FF1013", ARRAY, (119, 120), line=_line(code, "/* decl */"))
    assert got.verdict != "FALSE_POSITIVE", (case, got.justification)
    copy = judge_marked(tmp_path, code, "FF1004", MEMCPY, (120,), line=_line(code, "/* copy */"))
    assert copy.verdict != "FALSE_POSITIVE", (case, copy.justification)
