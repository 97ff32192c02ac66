"""strlen() of a pointer member that only ever holds terminated strings (c_member_strings.py): every
store into the member in the file is a fresh copy (strdup), a literal, NULL or a program argument,
nothing writes through it (a function that stores only NULs, as ``rtrim()`` does, may), no struct
holding it is filled with raw bytes (``memset(.., 0, ..)`` makes it NULL), and no other file of the
program names it. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

STRLEN = "buffer/strlen:Does not handle strings that are not \\0-terminated (CWE-126)."
HEAD = """#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct entry { char *key; int n; };
size_t key_len(const struct entry *e) { return strlen(e->key); /* <- */ }
"""
CASES = {
    "strdup-only": (
        "int set(struct entry *e, const char *k) { e->key = strdup(k); return e->key != NULL; }",
        "FP",
    ),
    "literal-and-local-copy": (
        'void set(struct entry *e, const char *k, int d) { char *c = strdup(k); e->key = d ? "none" : c; }\n'
        'void reset(struct entry *e) { e->key = "none"; }',
        "FP",
    ),
    "raw-bytes": (
        "void set(struct entry *e, const char *k) { char *c = malloc(4); memcpy(c, k, 4); e->key = c; }",
        "not",
    ),
    "store-through-member": (
        "void set(struct entry *e, const char *k) { e->key = strdup(k); e->key[0] = 'x'; }",
        "not",
    ),
    "struct-read-raw": (
        "int load(FILE *f, struct entry *e) { struct entry tmp; fread(&tmp, sizeof tmp, 1, f); *e = tmp; "
        'e->key = strdup("k"); return 0; }',
        "not",
    ),
    "trimmed-in-place": (
        "static void rtrim(char *s) { size_t n = strlen(s); "
        "while (n > 0 && s[n - 1] == ' ') s[--n] = '\\0'; }\n"
        "void set(struct entry *e, const char *k) { e->key = strdup(k); if (e->key) { rtrim(e->key); "
        'printf("%s\\n", e->key); } }',
        "FP",
    ),
    "zeroed-by-memset": (
        "void clear(struct entry *e) { free(e->key); memset(e, 0, sizeof(*e)); }\n"
        "void set(struct entry *e, const char *k) { e->key = strdup(k); }",
        "FP",
    ),
    "callee-writes-a-byte": (
        "static void mark(char *s) { size_t n = strlen(s); if (n > 0) s[n - 1] = '*'; }\n"
        "void set(struct entry *e, const char *k) { e->key = strdup(k); if (e->key) mark(e->key); }",
        "not",
    ),
    "callee-fills-from-input": (
        "static void fill(char *s) { s[0] = (char)getchar(); }\n"
        "void set(struct entry *e, const char *k) { e->key = strdup(k); if (e->key) fill(e->key); }",
        "not",
    ),
    "filled-with-a-byte": (
        "void clear(struct entry *e) { memset(e, 'A', sizeof(*e)); }\n"
        "void set(struct entry *e, const char *k) { e->key = strdup(k); }",
        "not",
    ),
    "array-of-pointers-initialised": (
        "struct entry *first(struct entry *e) { struct entry *stack[2] = { e }; return stack[0]; }\n"
        "void set(struct entry *e, const char *k) { e->key = strdup(k); }",
        "FP",
    ),
    "struct-initialised-with-a-buffer": (
        "void set(struct entry *e, const char *k) { e->key = strdup(k); }\n"
        "void raw(struct entry *e, char *b) { struct entry t = { b, 1 }; *e = t; }",
        "not",
    ),
    "member-handed-to-a-writer": (
        "void set(struct entry *e, const char *k) { e->key = strdup(k); strcpy(e->key, k); }",
        "not",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_member_strings(tmp_path: Path, case: str) -> None:
    body, want = CASES[case]
    code = HEAD + body + "\n"
    (tmp_path / "main.c").write_text(code)
    finding = Finding(
        tool="flawfinder",
        rule_id="FF1022",
        rule_name="buffer/strlen",
        message=STRLEN,
        location=Location("main.c", Region(5)),
        cwe=(126,),
    )
    got = judge_finding(finding, WorkspaceIndex(tmp_path))
    if want == "FP":
        assert got.verdict == "FALSE_POSITIVE", (case, got.justification)
        assert "only ever holds terminated strings" in got.justification
    else:
        assert got.verdict != "FALSE_POSITIVE", (case, got.justification)


def test_another_file_of_the_program_may_store_into_the_member(tmp_path: Path) -> None:
    (tmp_path / "main.c").write_text(HEAD + 'void set(struct entry *e) { e->key = strdup("a"); }\n')
    (tmp_path / "other.c").write_text(
        "struct entry { char *key; int n; };\nvoid raw(struct entry *e, char *b) { e->key = b; }\n"
    )
    finding = Finding(
        tool="flawfinder",
        rule_id="FF1022",
        rule_name="buffer/strlen",
        message=STRLEN,
        location=Location("main.c", Region(5)),
        cwe=(126,),
    )
    assert judge_finding(finding, WorkspaceIndex(tmp_path)).verdict != "FALSE_POSITIVE"


def test_a_string_released_before_the_read_is_not_excused(tmp_path: Path) -> None:
    code = (
        "#include <stdlib.h>\n#include <string.h>\n"
        "struct entry { char *key; int n; };\n"
        "static void drop(struct entry *e) { free(e->key); free(e); }\n"
        "void set(struct entry *e, const char *k) { e->key = strdup(k); }\n"
        "size_t evict(struct entry *e) { drop(e); return strlen(e->key); /* <- */ }\n"
    )
    (tmp_path / "main.c").write_text(code)
    finding = Finding(
        tool="flawfinder",
        rule_id="FF1022",
        rule_name="buffer/strlen",
        message=STRLEN,
        location=Location("main.c", Region(6)),
        cwe=(126,),
    )
    assert judge_finding(finding, WorkspaceIndex(tmp_path)).verdict != "FALSE_POSITIVE"
