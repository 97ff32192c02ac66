"""strncpy() into a buffer that outlives its function (a struct member, a parameter's, a global):
with a length that may leave it without a terminator and nothing after it in the function
terminating it, other code may read it as a string, so it is not dismissed; a destination zeroed
just before, whose last byte the copy leaves alone, stays terminated. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

STRNCPY = "buffer/strncpy:Easily used incorrectly; doesn't always \\0-terminate (CWE-120)."
HEAD = """#include <string.h>
#include <stdio.h>
struct item { char name[24]; double mass; };
"""
CASES = {
    "member-full-size": (
        "void init(struct item *c, const char *n) { strncpy(c->name, n, sizeof(c->name)); /* <- */ }",
        "not",
    ),
    "member-terminated-after": (
        "void init(struct item *c, const char *n)\n{ strncpy(c->name, n, sizeof(c->name) - 1); /* <- */\n"
        "  c->name[sizeof(c->name) - 1] = '\\0'; }",
        "FP",
    ),
    "member-zeroed-before": (
        "void init(struct item *c, const char *n)\n{ memset(c, 0, sizeof(*c));\n"
        "  strncpy(c->name, n, sizeof(c->name) - 1); /* <- */ }",
        "FP",
    ),
    "member-of-a-calloc-block": (
        "#include <stdlib.h>\nstruct item *make(const char *n)\n{ struct item *c = calloc(1, sizeof(*c));\n"
        "  if (!c) return NULL;\n  c->mass = 1.0;\n"
        "  strncpy(c->name, n, sizeof(c->name) - 1); /* <- */\n  return c; }",
        "FP",
    ),
    "member-of-a-malloc-block": (
        "#include <stdlib.h>\nstruct item *make(const char *n)\n{ struct item *c = malloc(sizeof(*c));\n"
        "  if (!c) return NULL;\n  strncpy(c->name, n, sizeof(c->name) - 1); /* <- */\n  return c; }",
        "not",
    ),
    "member-zeroed-then-full-size": (
        "void init(struct item *c, const char *n)\n{ memset(c, 0, sizeof(*c));\n"
        "  strncpy(c->name, n, sizeof(c->name)); /* <- */ }",
        "not",
    ),
    "parameter-buffer": (
        "void init(char *out, const char *n) { strncpy(out, n, 24); /* <- */ }\n"
        "void use(const char *n) { char b[24]; init(b, n); puts(b); }",
        "not",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_strncpy_into_a_buffer_that_outlives_the_function(tmp_path: Path, case: str) -> None:
    body, want = CASES[case]
    code = HEAD + body + "\n"
    got = judge_marked(tmp_path, code, "FF1008", STRNCPY, (120,), name="buffer/strncpy")
    assert (got.verdict == "FALSE_POSITIVE") == (want == "FP"), (case, got.justification)
