"""A string's length checked on the way to a copy or a sprintf() bounds it there (also a check that
leaves unless it equals a constant: ``if (strlen(d) != 10) return -1;``)
(c_copies.checked_length, printf_max's %s), only while nothing between the check and the use may
change the string (a call handed its struct, an append to it). Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

MEMCPY = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
SPRINTF = "buffer/sprintf:Does not check for buffer overflows (CWE-120)."
STRCPY = (
    "buffer/strcpy:Does not check for buffer overflows when copying to destination [MS-banned] (CWE-120)."
)

HEAD = (
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n"
    "#define MAXP 40\n"
    "struct contact { char first[64]; char last[64]; };\n"
    "void touch(struct contact *c);\n"
)

CASES = [
    (
        "sprintf-checked",
        "FF1015",
        "buffer/sprintf:Does not check for buffer overflows (CWE-120).",
        """int f(struct contact *c)
{
    char fn[2 * MAXP + 8];
    if (strlen(c->first) > MAXP || strlen(c->last) > MAXP)
        return -1;
    sprintf(fn, "FN:%s %s", c->first, c->last); /* <- */
    puts(fn);
    return 0;
}""",
        "FP",
    ),
    (
        "sprintf-checked-then-changed",
        "FF1015",
        "buffer/sprintf:Does not check for buffer overflows (CWE-120).",
        """int f(struct contact *c)
{
    char fn[2 * MAXP + 8];
    if (strlen(c->first) > MAXP || strlen(c->last) > MAXP)
        return -1;
    touch(c);
    sprintf(fn, "FN:%s %s", c->first, c->last); /* <- */
    puts(fn);
    return 0;
}""",
        "not",
    ),
    (
        "sprintf-short-check",
        "FF1015",
        "buffer/sprintf:Does not check for buffer overflows (CWE-120).",
        """int f(struct contact *c)
{
    char fn[2 * MAXP + 3];
    if (strlen(c->first) > MAXP || strlen(c->last) > MAXP)
        return -1;
    sprintf(fn, "FN:%s %s", c->first, c->last); /* <- */
    puts(fn);
    return 0;
}""",
        "not",
    ),
    (
        "strcpy-checked-then-cat",
        "FF1001",
        "buffer/strcpy:Does not check for buffer overflows when copying to destination (CWE-120).",
        """int f(char *s, const char *more)
{
    char buf[32];
    if (strlen(s) >= sizeof buf) return -1;
    strcat(s, more);
    strcpy(buf, s); /* <- */
    puts(buf);
    return 0;
}""",
        "not",
    ),
    (
        "strcpy-length-equal",
        "FF1001",
        STRCPY,
        """int f(struct contact *c, const char *d)
{
    char date[11];
    if (strlen(d) != 10)
        return -1;
    strcpy(date, d); /* <- */
    puts(date);
    return 0;
}""",
        "FP",
    ),
    (
        "strcpy-length-equal-one-short",
        "FF1001",
        STRCPY,
        """int f(struct contact *c, const char *d)
{
    char date[10];
    if (strlen(d) != 10)
        return -1;
    strcpy(date, d); /* <- */
    puts(date);
    return 0;
}""",
        "not",
    ),
    (
        "strcpy-length-equal-leaves",
        "FF1001",
        STRCPY,
        """int f(struct contact *c, const char *d)
{
    char date[11];
    if (strlen(d) == 10)
        return -1;
    strcpy(date, d); /* <- */
    puts(date);
    return 0;
}""",
        "not",
    ),
]


@pytest.mark.parametrize(("case", "rule", "message", "body", "want"), CASES, ids=[c[0] for c in CASES])
def test_checked_string_lengths(
    tmp_path: Path, case: str, rule: str, message: str, body: str, want: str
) -> None:
    code = HEAD + body + "\n"
    got = judge_marked(tmp_path, code, rule, message, (120,))
    if want == "FP":
        assert got.verdict == "FALSE_POSITIVE", (case, got.justification)
    else:
        assert got.verdict != "FALSE_POSITIVE", (case, got.justification)


CLAMP = """#include <string.h>
#include <stdint.h>
struct sess { char username[32]; };
int parse(struct sess *s, const char *val, uint16_t vlen, int tag)
{
    size_t n;
    while (tag-- > 0) {
        switch (tag) {
        case 1:
            n = vlen < sizeof(s->username) - 1 ? vlen : sizeof(s->username) - 1;
            memcpy(s->username, "0123456789012345678901234567890123456789", n); /* <- */
            s->username[n] = '\\0';
            break;
        default:
            n = vlen;
            break;
        }
    }
    return 0;
}
"""


def test_a_clamp_just_before_the_copy_in_a_case_bounds_it(tmp_path: Path) -> None:
    got = judge_marked(
        tmp_path,
        CLAMP,
        "FF1004",
        "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120).",
        (120,),
    )
    assert got.verdict == "FALSE_POSITIVE", got.justification
    unclamped = CLAMP.replace(
        "n = vlen < sizeof(s->username) - 1 ? vlen : sizeof(s->username) - 1;", "n = vlen;"
    )
    assert judge_marked(tmp_path, unclamped, "FF1004", MEMCPY, (120,)).verdict != "FALSE_POSITIVE"


WRITTEN = """#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
    char name[64], out[OUT];
    FILL
    sprintf(out, "hello %s!", name); /* <- */
    puts(out);
    return argc;
}
"""


@pytest.mark.parametrize(
    ("fill", "out", "want"),
    [
        ("if (!fgets(name, sizeof name, stdin)) return 1;", "100", "FP"),
        ('if (scanf("%63s", name) != 1) return 1;', "100", "FP"),
        ('snprintf(name, sizeof name, "%s", argv[0]);', "100", "FP"),
        ("if (!fgets(name, sizeof name, stdin)) return 1;", "60", "not"),
        ('if (scanf("%s", name) != 1) return 1;', "100", "not"),
        ("memcpy(name, argv[0], sizeof name);", "100", "not"),
    ],
)
def test_sprintf_of_a_string_written_with_a_bound(tmp_path: Path, fill: str, out: str, want: str) -> None:
    code = WRITTEN.replace("FILL", fill).replace("OUT", out)
    got = judge_marked(tmp_path, code, "FF1015", SPRINTF, (120,))
    assert (got.verdict == "FALSE_POSITIVE") == (want == "FP"), (fill, out, got.justification)


TWO_COPIES = """#include <stdio.h>
#include <string.h>

struct hook { char event[32]; char program[64]; };

int load(struct hook *h, char *line)
{
    char *colon = strchr(line, ':');

    if (!colon)
        return -1;
    *colon = '\\0';
    if (strlen(line) >= sizeof(h->event) || strlen(colon + 1) >= sizeof(h->program))
        return -1;
    strcpy(h->event, line);
    strcpy(h->program, colon + 1); /* <- */
    return 0;
}
"""


def test_a_copy_into_another_member_between_keeps_the_check(tmp_path: Path) -> None:
    got = judge_marked(tmp_path, TWO_COPIES, "FF1001", STRCPY, (120,))
    assert got.verdict == "FALSE_POSITIVE", got.justification


def test_a_copy_into_the_checked_string_between_breaks_it(tmp_path: Path) -> None:
    code = TWO_COPIES.replace(
        "    strcpy(h->event, line);\n", "    strcpy(h->event, line);\n    strcat(line, h->event);\n"
    )
    got = judge_marked(tmp_path, code, "FF1001", STRCPY, (120,))
    assert got.verdict != "FALSE_POSITIVE", got.justification
