"""A parsed number (atoi(), or sscanf() into ``&r->id``) used where it stands, or stored through a
local into a struct member (c_overflow._direct_use, _harmless_member): only compared
(``atoi(v) > 0``), only tested (``!atoi(v)``), printed by a printf-like call, stored by a designated
initialiser or through a local into a member the file only compares or prints, or handed to a
workspace function whose parameter is never used in arithmetic nor as an index. Arithmetic on it, an
index, an allocation, an unknown function, a member read otherwise, or objects holding the member
handed to code the analyst cannot read keep the finding. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

ATOI = "integer/atoi:Unless checked, the resulting number can exceed the expected range (CWE-190)."
HEAD = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"

SAFE = {
    "compared": HEAD + "int on(const char *v) { return atoi(v) > 0; /* <- */ }\n",
    "tested": HEAD + "int off(const char *v) { if (!atoi(v)) /* <- */ return 1; return 0; }\n",
    "printed": HEAD + 'void show(const char *v) { printf("n=%d\\n", atoi(v)); /* <- */ }\n',
    "designated-member-compared": HEAD
    + "struct fix { int quality; const char *id; };\n"
    + "int good(const char *q, const char *id) {\n"
    + "    struct fix f = { .quality = atoi(q), /* <- */\n"
    + "                     .id = id };\n"
    + "    return f.quality > 0 && f.id != NULL;\n}\n",
    "local-into-member-compared": HEAD
    + "struct cfg { int level; };\n"
    + "void set(struct cfg *c, const char *v) {\n"
    + "    int n = atoi(v); /* <- */\n"
    + "    c->level = n;\n}\n"
    + 'int loud(const struct cfg *c) { if (c->level > 3) return 1; printf("%d\\n", c->level); return 0; }\n'
    + "int main(int argc, char **argv)\n"
    + "{ struct cfg c = {0}; if (argc > 1) set(&c, argv[1]); return loud(&c); }\n",
    "handed-to-a-function-that-compares": HEAD
    + "static int port_ok(int port) { if (port > 0 && port < 65536) return 1; return 0; }\n"
    + "int check(const char *v) { return port_ok(atoi(v)); /* <- */ }\n",
}

KEPT = {
    "added-to": HEAD + "int next(const char *v) { return atoi(v) + 1 > 0; /* <- */ }\n",
    "allocated": HEAD + "void *mk(const char *v) { return malloc(atoi(v)); /* <- */ }\n",
    "handed-to-an-unknown-function": HEAD
    + "void listen_on(int);\nvoid go(const char *v) { listen_on(atoi(v)); /* <- */ }\n",
    "handed-to-a-function-that-indexes": HEAD
    + "static int tab[8];\nstatic int at(int i) { return tab[i]; }\n"
    + "int get(const char *v) { return at(atoi(v)); /* <- */ }\n",
    "designated-member-indexes": HEAD
    + "struct fix { int quality; };\nstatic int tab[8];\n"
    + "int good(const char *q) {\n"
    + "    struct fix f = { .quality = atoi(q) }; /* <- */\n"
    + "    return tab[f.quality];\n}\n",
    "local-into-member-sizes": HEAD
    + "struct cfg { int level; };\n"
    + "void set(struct cfg *c, const char *v) {\n"
    + "    int n = atoi(v); /* <- */\n"
    + "    c->level = n;\n}\n"
    + "void *mk(const struct cfg *c) { return malloc(c->level * 4); }\n",
}


@pytest.mark.parametrize("case", sorted(SAFE))
def test_a_harmless_use_is_dropped(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, SAFE[case], "FF1047", ATOI, (190,), name="integer/atoi")
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_other_uses_are_kept(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, KEPT[case], "FF1047", ATOI, (190,), name="integer/atoi")
    assert not got.startswith("FALSE_POSITIVE"), (case, got)


SCANF = (
    "buffer/sscanf:The scanf() family's %s operation, without a limit specification, permits buffer "
    "overflows."
)
SCANNED = (
    HEAD
    + "struct rec { int id; };\n"
    + "int read_rec(const char *line, struct rec *r) {\n"
    + '    return sscanf(line, "%d", &r->id) == 1; /* <- */\n}\n'
    + 'void show(const struct rec *r) { if (r->id > 0) printf("%d\\n", r->id); }\n'
    + "int main(int argc, char **argv)\n"
    + "{ struct rec r = {0}; if (argc > 1 && read_rec(argv[1], &r)) show(&r); return 0; }\n"
)


def test_a_number_scanned_into_a_member_only_compared(tmp_path: Path) -> None:
    got = said(tmp_path, SCANNED, "FF1021", SCANF, (120, 20), name="buffer/sscanf")
    assert got.startswith("FALSE_POSITIVE"), got
    assert "the member `id` is only ever compared" in got, got


def test_a_number_scanned_into_a_member_of_objects_handed_out(tmp_path: Path) -> None:
    code = SCANNED.replace(
        "struct rec { int id; };", "struct rec { int id; };\nstruct log { struct rec last; };\n"
    )
    code = code.replace(
        "show(&r); return 0; }", "show(&r); { struct log l; l.last = r; emit(l.last); } return 0; }"
    )
    code = code.replace("int main(", "void emit(struct rec);\nint main(")
    got = said(tmp_path, code, "FF1021", SCANF, (120, 20), name="buffer/sscanf")
    assert not got.startswith("FALSE_POSITIVE"), got


def test_a_number_scanned_into_a_member_that_indexes(tmp_path: Path) -> None:
    code = SCANNED.replace('if (r->id > 0) printf("%d\\n", r->id);', "static int t[4]; t[r->id] = 1;")
    got = said(tmp_path, code, "FF1021", SCANF, (120, 20), name="buffer/sscanf")
    assert not got.startswith("FALSE_POSITIVE"), got
