"""A write into a (pointer, size) parameter pair checked against the size (c_pair_write.py): every
visible call hands the pointer at least the size's bytes, a check keeps the write's offset plus length
within the size, and the checked sum cannot wrap. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

from .c_snippet import judge_marked

STRNCPY = "buffer/strncpy:Easily used incorrectly (CWE-120)."

MEMCPY = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
JOIN = """#include <string.h>
static int join(char *dst, size_t dstsz, const char *dir, const char *name)
{
    size_t dlen = strlen(dir);
    size_t nlen = strlen(name);
    while (nlen > 0 && name[0] == '/') {
        name++;
        nlen--;
    }
    if (CHECK)
        return -1;
    memcpy(dst, dir, dlen); /* <- */
    dst[dlen] = '/';
    memcpy(dst + dlen + 1, name, nlen);
    dst[dlen + 1 + nlen] = '\\0';
    return 0;
}
int main(int argc, char **argv)
{
    char full[256];
    if (argc < 3) return 1;
    return join(full, SIZE, argv[1], argv[2]);
}
"""
CASES = {
    "checked-sum": ("dlen + 1 + nlen >= dstsz", "sizeof(full)", "FP"),
    "caller-hands-more-than-it-has": ("dlen + 1 + nlen >= dstsz", "512", "not"),
    "check-misses-the-offset": ("nlen >= dstsz", "sizeof(full)", "not"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_checked_parameter_pair(tmp_path: Path, case: str) -> None:
    check, size, want = CASES[case]
    code = JOIN.replace("CHECK", check).replace("SIZE", size)
    got = judge_marked(tmp_path, code, "FF1004", MEMCPY, (120,), name="buffer/memcpy")
    if want == "FP":
        assert got.verdict == "FALSE_POSITIVE", (case, got.justification)
        assert "every call of this function" in got.justification
    else:
        assert got.verdict != "FALSE_POSITIVE", (case, got.justification)


def test_an_unbounded_length_may_wrap_the_sum(tmp_path: Path) -> None:
    code = """#include <string.h>
static int put(char *dst, size_t dstsz, const char *src, size_t n)
{
    if (n + 1 > dstsz)
        return -1;
    memcpy(dst, src, n); /* <- */
    dst[n] = 0;
    return 0;
}
int main(int argc, char **argv)
{
    char b[16];
    return put(b, sizeof b, argv[0], (size_t)argc * 1000000000000u);
}
"""
    (tmp_path / "main.c").write_text(code)
    finding = Finding(
        tool="flawfinder",
        rule_id="FF1004",
        rule_name="buffer/memcpy",
        message=MEMCPY,
        location=Location("main.c", Region(6)),
        cwe=(120,),
    )
    assert judge_finding(finding, WorkspaceIndex(tmp_path)).verdict != "FALSE_POSITIVE"


STRCPY = "buffer/strcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
SUFFIX = """#include <string.h>
struct job { char output[64]; };
int name(struct job *j, const char *in)
{
    size_t base = strlen(in);
    if (base + sizeof(".png") > LIMIT)
        return -1;
    memcpy(j->output, in, base);
    strcpy(j->output + base, ".png"); /* <- */
    return 0;
}
"""


@pytest.mark.parametrize(("limit", "want"), [("sizeof(j->output)", "FP"), ("sizeof(j->output) + 1", "not")])
def test_a_literal_appended_at_a_checked_offset(tmp_path: Path, limit: str, want: str) -> None:
    code = SUFFIX.replace("LIMIT", limit)
    got = judge_marked(tmp_path, code, "FF1001", STRCPY, (120,), name="buffer/strcpy")
    assert (got.verdict == "FALSE_POSITIVE") == (want == "FP"), got.justification


HEADER = """#include <string.h>
static void copy_header(char *dst, size_t dstsz, const char *src)
{
    strncpy(dst, src, dstsz - 1); /* <- */
    dst[dstsz - 1] = '\\0';
}
int main(int argc, char **argv)
{
    char name[64];
    if (argc < 2) return 1;
    copy_header(name, SIZE, argv[1]);
    return name[0];
}
"""


@pytest.mark.parametrize(
    ("size", "want"), [("sizeof(name)", "FP"), ("sizeof(name) + 8", "not"), ("0", "not")]
)
def test_a_length_of_the_size_parameter_less_one(tmp_path: Path, size: str, want: str) -> None:
    code = HEADER.replace("SIZE", size)
    got = judge_marked(
        tmp_path,
        code,
        "FF1008",
        "buffer/strncpy:Easily used incorrectly (CWE-120).",
        (120,),
        name="buffer/strncpy",
    )
    assert (got.verdict == "FALSE_POSITIVE") == (want == "FP"), (size, got.justification)


COUNTER_CASES = [
    (
        "counter-checked-in-loop",
        """static void copy_word(char *dst, size_t dstsz, const char *src)
{
    size_t o = 0;
    while (*src != '\\0' && *src != ' ' && o + 1 < dstsz) {
        if (*src == '+') {
            dst[o++] = ' '; /* <- */
            src++;
        } else {
            dst[o++] = *src++;
        }
    }
    dst[o < dstsz ? o : dstsz - 1] = '\\0';
}
int main(int argc, char **argv)
{
    char w[32];
    if (argc < 2) return 1;
    copy_word(w, sizeof w, argv[1]);
    puts(w);
    return 0;
}""",
        "FP",
    ),
    (
        "counter-bumped-before",
        """static void copy_word(char *dst, size_t dstsz, const char *src)
{
    size_t o = 0;
    while (*src != '\\0' && o + 1 < dstsz) {
        o++;
        dst[o++] = *src++; /* <- */
    }
}
int main(int argc, char **argv)
{
    char w[32];
    if (argc < 2) return 1;
    copy_word(w, sizeof w, argv[1]);
    return w[0];
}""",
        "not",
    ),
]


@pytest.mark.parametrize(("case", "body", "want"), COUNTER_CASES, ids=[c[0] for c in COUNTER_CASES])
def test_a_counter_checked_in_the_loop_condition(tmp_path: Path, case: str, body: str, want: str) -> None:
    code = "#include <stdio.h>\n#include <string.h>\n" + body + "\n"
    got = judge_marked(
        tmp_path, code, "FF1013", "buffer/char:Statically-sized arrays (CWE-119!/CWE-120).", (119, 120)
    )
    assert (got.verdict == "FALSE_POSITIVE") == (want == "FP"), (case, got.justification)
