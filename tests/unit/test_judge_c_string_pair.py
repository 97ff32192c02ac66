"""A string copied into a (pointer, size) parameter pair under a check of its measure
(c_string_pair): ``need = strlen(dir) + 1 + strlen(name) + 1; if (need > outsz) return -1;
strcpy(out, dir);``; and a pair handed as a member array of a whole struct with its own size
(``copy_to(e->title, s, sizeof(e->title))``, c_caller_pairs._whole_struct_member); and the ``strcat``
calls that follow, counted by the same check held in a local (c_append_chain). Unsound variants stay
kept: a check that leaves no room for the terminator or for a separator, a string changed after its
measure (also between the local's store and the check), a call that hands a buffer smaller than its
size, a size checked against another string, a struct pointer that is a place inside an array of
structs. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/strcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
JOIN = """#include <stdio.h>
#include <string.h>

static int path_join(char *out, size_t outsz, const char *dir, const char *name, const char *other)
{
    size_t need;

    while (*name == '/')
        name++;
    need = strlen(dir) + 1 + strlen(name) + 1;
    if (need > outsz)
        return -1;
    strcpy(out, dir); /* <- */
    if (out[0] && out[strlen(out) - 1] != '/')
        strcat(out, "/");
    strcat(out, name);
    return 0;
}

int main(int argc, char **argv)
{
    char full[256];

    if (argc < 3)
        return 2;
    if (path_join(full, sizeof(full), argv[1], argv[2], argv[0]) < 0)
        return 1;
    puts(full);
    return 0;
}
"""
MEMBER = """#include <stdlib.h>
#include <string.h>

struct entry {
    char title[48];
    char kernel[64];
    int used;
};

struct menu {
    struct entry entries[8];
    int n;
};

static size_t copy_to(char *dst, const char *src, size_t dsize)
{
    size_t len = strlen(src);

    if (dsize != 0) {
        size_t n = len >= dsize ? dsize - 1 : len;
        memcpy(dst, src, n); /* <- */
        dst[n] = '\\0';
    }
    return len;
}

struct entry *new_entry(const char *title)
{
    struct entry *e = calloc(1, sizeof(*e));

    if (e == NULL)
        return NULL;
    copy_to(e->title, title, sizeof(e->title));
    return e;
}

static int set_kernel(struct entry *e, const char *kernel)
{
    return copy_to(e->kernel, kernel, sizeof(e->kernel)) >= sizeof(e->kernel) ? -1 : 0;
}

int load(const char *title, const char *kernel)
{
    struct entry one;
    struct entry *e = new_entry(title);

    if (e == NULL)
        return -1;
    memset(&one, 0, sizeof(one));
    if (set_kernel(&one, kernel) != 0)
        return -1;
    free(e);
    return 0;
}
"""

APPEND = JOIN.replace("    strcpy(out, dir); /* <- */", "    strcpy(out, dir);").replace(
    "    strcat(out, name);", "    strcat(out, name); /* <- */"
)
SEPARATOR = JOIN.replace("    strcpy(out, dir); /* <- */", "    strcpy(out, dir);").replace(
    '        strcat(out, "/");', '        strcat(out, "/"); /* <- */'
)

SAFE = {
    "appends-counted-by-the-measured-sum": APPEND,
    "separator-counted-by-the-measured-sum": SEPARATOR,
    "measured-sum-checked-against-the-pair": JOIN,
    "measured-sum-checked-strictly": JOIN.replace("if (need > outsz)", "if (need >= outsz + 1)"),
    "member-of-new-block-and-of-a-variable": MEMBER,
}

KEPT = {
    "appends-without-room-for-the-separator": APPEND.replace(
        "need = strlen(dir) + 1 + strlen(name) + 1;", "need = strlen(dir) + strlen(name) + 1;"
    ),
    "appended-string-changed-between-its-measure-and-the-check": APPEND.replace(
        "    if (need > outsz)", "    name = other;\n    if (need > outsz)"
    ),
    "appends-into-a-pair-handed-too-little": APPEND.replace(
        "path_join(full, sizeof(full),", "path_join(full, 512,"
    ),
    "no-room-for-the-terminator": JOIN.replace(
        "need = strlen(dir) + 1 + strlen(name) + 1;", "need = strlen(dir) + strlen(name);"
    ).replace("if (need > outsz)", "if (need > outsz + 1)"),
    "string-changed-after-its-measure": JOIN.replace(
        "        return -1;\n    strcpy", "        return -1;\n    dir = other;\n    strcpy"
    ),
    "handed-less-than-its-size": JOIN.replace("path_join(full, sizeof(full),", "path_join(full, 512,"),
    "checked-against-another-string": JOIN.replace("need = strlen(dir)", "need = strlen(other)"),
    "member-of-a-place-in-an-array": MEMBER.replace(
        "    if (set_kernel(&one, kernel) != 0)",
        "    static struct menu m;\n    if (set_kernel(&m.entries[m.n], kernel) != 0)",
    ),
}


def _judge(tmp_path: Path, code: str) -> str:
    if "memcpy(dst, src, n); /* <- */" in code:
        return said(
            tmp_path,
            code,
            "FF1004",
            "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120).",
            (120,),
            name="buffer/memcpy",
        )
    if "strcat(out, name); /* <- */" in code or 'strcat(out, "/"); /* <- */' in code:
        return said(tmp_path, code, "FF1010", MSG.replace("strcpy", "strcat"), (120,), name="buffer/strcat")
    return said(tmp_path, code, "FF1001", MSG, (120,), name="buffer/strcpy")


@pytest.mark.parametrize("case", sorted(SAFE))
def test_copies_inside_the_pair_are_safe(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
