"""strlen() of a fresh copy (strdup): terminated while only its own names reach the new block (no
store through it, not handed to code that may keep or free it before the read), or, once stored
where other code may reach it, while no such code runs before the read. Code written for these
tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

HEAD = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nvoid keep(char *);\n"
STRLEN = "buffer/strlen:Does not handle strings that are not \\0-terminated (CWE-126)."

CASES = [
    (
        "fresh-then-measured",
        """size_t f(const char *s)
{
    char *v = strdup(s);
    if (v == NULL) return 0;
    size_t n = strlen(v); /* <- */
    free(v);
    return n;
}""",
        "FP",
    ),
    (
        "fresh-then-overwritten",
        """size_t f(const char *s, size_t k)
{
    char *v = strdup(s);
    if (v == NULL) return 0;
    v[k] = 'x';
    return strlen(v); /* <- */
}""",
        "not",
    ),
    (
        "fresh-escaped-first",
        """size_t f(const char *s)
{
    char *v = strdup(s);
    if (v == NULL) return 0;
    keep(v);
    return strlen(v); /* <- */
}""",
        "not",
    ),
    (
        "stored-then-measured-at-once",
        """struct entry { char *value; };
size_t f(struct entry *e, const char *s)
{
    char *v = strdup(s);
    if (v == NULL) return 0;
    e->value = v;
    return strlen(v); /* <- */
}""",
        "FP",
    ),
    (
        "stored-then-other-code-runs",
        """struct entry { char *value; };
void touch(struct entry *e);
size_t f(struct entry *e, const char *s)
{
    char *v = strdup(s);
    if (v == NULL) return 0;
    e->value = v;
    touch(e);
    return strlen(v); /* <- */
}""",
        "not",
    ),
    (
        "stored-then-written-through",
        """struct entry { char *value; };
size_t f(struct entry *e, const char *s, size_t k)
{
    char *v = strdup(s);
    if (v == NULL) return 0;
    e->value = v;
    e->value[k] = 'x';
    return strlen(v); /* <- */
}""",
        "not",
    ),
    (
        "kept-in-a-local-array-while-other-code-runs",
        """void note(void);
size_t f(const char *s)
{
    const char *parts[2];
    char *v = strdup(s);
    if (v == NULL) return 0;
    parts[0] = v;
    parts[1] = "x";
    note();
    return strlen(v); /* <- */
}""",
        "FP",
    ),
    (
        "local-array-handed-on",
        """void mangle(const char **parts);
size_t f(const char *s)
{
    const char *parts[2];
    char *v = strdup(s);
    if (v == NULL) return 0;
    parts[0] = v;
    parts[1] = "x";
    mangle(parts);
    return strlen(v); /* <- */
}""",
        "not",
    ),
    (
        "fresh-released",
        """size_t f(const char *s)
{
    char *v = strdup(s);
    free(v);
    return strlen(v); /* <- */
}""",
        "not",
    ),
]


@pytest.mark.parametrize(("case", "body", "want"), CASES, ids=[c[0] for c in CASES])
def test_fresh_copies(tmp_path: Path, case: str, body: str, want: str) -> None:
    code = HEAD + body + "\n"
    got = judge_marked(tmp_path, code, "FF1022", STRLEN, (126,), name="buffer/strlen")
    if want == "FP":
        assert got.verdict == "FALSE_POSITIVE", (case, got.justification)
        assert "fresh terminated copy" in got.justification
    else:
        assert got.verdict != "FALSE_POSITIVE", (case, got.justification)


WRAPPER = """static char *dup_text(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p;

    if ((p = malloc(n)) == NULL) {
        perror("malloc");
        exit(1);
    }
    memcpy(p, s, n);
    return p;
}

struct header {
    char *value;
    size_t vlen;
};

void set_value(struct header *h, const char *v)
{
    h->value = dup_text(v);
    h->vlen = strlen(h->value); /* <- */
}
"""

MEMBERS = {
    "member-set-by-a-copying-function": (WRAPPER, "FP"),
    "member-set-by-a-strcpy-wrapper": (
        WRAPPER.replace("size_t n = strlen(s) + 1;", "size_t n = strlen(s);")
        .replace("malloc(n)", "malloc(n + 1)")
        .replace("memcpy(p, s, n);", "strcpy(p, s);"),
        "FP",
    ),
    "copy-one-short": (WRAPPER.replace("size_t n = strlen(s) + 1;", "size_t n = strlen(s);"), "not"),
    "block-one-short": (WRAPPER.replace("malloc(n)", "malloc(n - 1)"), "not"),
    "copy-made-before-the-source-changes": (
        WRAPPER.replace("    memcpy(p, s, n);", "    keep(p);\n    memcpy(p, s, n);"),
        "not",
    ),
    "code-runs-between": (
        WRAPPER.replace("    h->vlen = strlen", "    keep(h->value);\n    h->vlen = strlen"),
        "not",
    ),
    "member-stored-again-through-another-pointer": (
        WRAPPER.replace(
            "void set_value(struct header *h, const char *v)\n{",
            "void set_value(struct header *h, struct header *o, char *raw, const char *v)\n{",
        ).replace("    h->vlen = strlen", "    o->value = raw;\n    h->vlen = strlen"),
        "not",
    ),
    "returns-its-argument": (
        WRAPPER.replace(
            "    memcpy(p, s, n);\n    return p;", "    memcpy(p, s, n);\n    free(p);\n    return (char *)s;"
        ),
        "not",
    ),
}


@pytest.mark.parametrize("case", sorted(MEMBERS))
def test_a_member_set_by_a_function_that_returns_a_terminated_copy(tmp_path: Path, case: str) -> None:
    # a workspace function counts as a duplicator by what its returns are shown to be, not its name
    body, want = MEMBERS[case]
    got = judge_marked(tmp_path, HEAD + body, "FF1022", STRLEN, (126,), name="buffer/strlen")
    assert (got.verdict == "FALSE_POSITIVE") == (want == "FP"), (case, got.verdict, got.justification)
