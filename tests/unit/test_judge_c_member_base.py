"""A write into a member of the struct a pointer points to stays inside the member only when the
pointer points to a whole struct (c_member_base.py). A place inside an array of structs (``&tab[n]``
handed to a static function, a local set to ``&tab[i]``, ``tab[i].ip``) must be proven inside its
array: an outsider's lease table allocated with an overflowing ``count * (int)sizeof`` was written
past its end through ``strcpy(l->ip, ip)``, and the member's size alone called that safe. Code written
for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/strcpy:Does not check for buffer overflows when copying to destination [MS-banned] (CWE-120)."
CODE = """#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lease {
    char ip[16];
    long expires;
};

static int parse_lease(const char *s, struct lease *l)
{
    char ip[512];

    if (sscanf(s, "%511s %ld", ip, &l->expires) != 2 || strlen(ip) >= sizeof(l->ip))
        return -1;
    strcpy(l->ip, ip); /* <- */
    return 0;
}

struct lease *load(FILE *fp, int *countp)
{
    char line[600];
    struct lease *tab;
    int count, n = 0;

    if (fgets(line, sizeof(line), fp) == NULL || sscanf(line, "%d", &count) != 1 || count <= 0)
        return NULL;
    tab = malloc(count * (int)sizeof(struct lease));
    if (tab == NULL)
        return NULL;
    while (n < count && fgets(line, sizeof(line), fp) != NULL)
        if (parse_lease(line, &tab[n]) == 0)
            n++;
    *countp = n;
    return tab;
}
"""

FIXED_TABLE = """#include <stdio.h>
#include <string.h>

struct lease {
    char ip[16];
    long expires;
};

static struct lease tab[8];

static int parse_lease(const char *s, struct lease *l)
{
    char ip[512];

    if (sscanf(s, "%511s %ld", ip, &l->expires) != 2 || strlen(ip) >= sizeof(l->ip))
        return -1;
    strcpy(l->ip, ip); /* <- */
    return 0;
}

int load(FILE *fp)
{
    char line[600];
    int n = 0;

    while (n < 8 && fgets(line, sizeof(line), fp) != NULL)
        if (parse_lease(line, &tab[n]) == 0)
            n++;
    return n;
}
"""

SAFE = {
    "fixed-table-index-checked": FIXED_TABLE,
    "whole-struct-on-the-stack": FIXED_TABLE.replace(
        "if (parse_lease(line, &tab[n]) == 0)", "if (parse_lease(line, &one) == 0)"
    ).replace("    int n = 0;\n", "    struct lease one;\n    int n = 0;\n"),
    "exported-function": CODE.replace("static int parse_lease", "int parse_lease"),
    "element-checked-directly": FIXED_TABLE.replace(
        "static int parse_lease(const char *s, struct lease *l)\n{\n    char ip[512];\n",
        "int put(const char *s, int i)\n{\n    char ip[512];\n    struct lease *l;\n\n"
        "    if (i < 0 || i >= 8)\n        return -1;\n    l = &tab[i];\n",
    ).replace("parse_lease(line, &tab[n])", "put(line, n)"),
}

KEPT = {
    "table-allocated-too-small": CODE,
    "fixed-table-index-unchecked": FIXED_TABLE.replace("while (n < 8 && fgets", "while (fgets"),
    "element-through-a-local": FIXED_TABLE.replace(
        "static int parse_lease(const char *s, struct lease *l)\n{\n    char ip[512];\n",
        "int put(const char *s, int i)\n{\n    char ip[512];\n    struct lease *l = &tab[i];\n\n",
    ).replace("parse_lease(line, &tab[n])", "put(line, n)"),
    "element-by-pointer-arithmetic": FIXED_TABLE.replace("&tab[n]", "tab + n"),
    "element-member-directly": FIXED_TABLE.replace(
        "strcpy(l->ip, ip); /* <- */", "strcpy(tab[l->expires].ip, ip); /* <- */"
    ),
}


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1001", MSG, (120,), name="buffer/strcpy")


@pytest.mark.parametrize("case", sorted(SAFE))
def test_members_of_whole_structs_or_checked_elements(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_members_of_elements_not_known_inside_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert got.startswith("TRUE_POSITIVE"), (case, got)
    assert "inside" in got, (case, got)
