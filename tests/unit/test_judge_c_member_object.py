"""A copy into a plain struct member (c_member_object): ``memcpy(&in->dy, p, 2)`` fits a member every
declaration of which gives it a 2-byte type, and ``fread(&st->hdr, sizeof st->hdr, 1, fp)`` writes
the size of the very object it writes into. A longer copy, a member whose name is also a pointer or an
array elsewhere in the file, a size of another type, or an element reached by an index keep the
finding. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MEMCPY = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
FREAD = "buffer/fread:Check buffer boundaries if used in a loop including recursive loops (CWE-120, CWE-20)."
HEAD = "#include <stdio.h>\n#include <stdint.h>\n#include <string.h>\n"
MOVE = (
    HEAD
    + "struct input { int16_t dx, dy; uint8_t fire; };\n"
    + "int decode(const uint8_t *p, size_t len, struct input *in) {\n"
    + "    if (len < 4) return -1;\n"
    + "    memcpy(&in->dx, p, 2);\n"
    + "    memcpy(&in->dy, p + 2, 2); /* <- */\n"
    + "    return 0;\n}\n"
)
HEADER = (
    HEAD
    + "struct hdr { uint32_t magic; uint16_t count; uint16_t flags; };\n"
    + "struct state { struct hdr hdr; int open; };\n"
    + "int load(FILE *fp, struct state *st) {\n"
    + "    if (fread(&st->hdr, sizeof st->hdr, 1, fp) != 1) /* <- */\n"
    + "        return -1;\n"
    + "    return st->hdr.count;\n}\n"
)

SAFE = {
    "second-declarator-of-a-field": (MOVE, MEMCPY, "FF1004", (120,)),
    "size-of-the-same-member": (HEADER, FREAD, "FF1070", (120, 20)),
    "size-of-its-type": (
        HEADER.replace("sizeof st->hdr", "sizeof(struct hdr)"),
        FREAD,
        "FF1070",
        (120, 20),
    ),
}

KEPT = {
    "longer-than-the-member": (MOVE.replace("p + 2, 2)", "p + 2, 4)"), MEMCPY, "FF1004", (120,)),
    "same-name-is-a-pointer-elsewhere": (
        MOVE.replace("struct input {", "struct other { int16_t *dy; };\nstruct input {"),
        MEMCPY,
        "FF1004",
        (120,),
    ),
    "same-name-is-an-array-elsewhere": (
        MOVE.replace("struct input {", "struct other { char dy[1]; };\nstruct input {"),
        MEMCPY,
        "FF1004",
        (120,),
    ),
    "size-of-a-bigger-type": (
        HEADER.replace("sizeof st->hdr", "sizeof(struct state)"),
        FREAD,
        "FF1070",
        (120, 20),
    ),
    "element-reached-by-an-index": (
        HEAD
        + "struct hdr { uint32_t magic; };\n"
        + "struct state { struct hdr h[4]; };\n"
        + "int load(FILE *fp, struct state *st, int i) {\n"
        + "    return fread(&st->h[i], sizeof(struct hdr), 1, fp) == 1; /* <- */\n}\n",
        FREAD,
        "FF1070",
        (120, 20),
    ),
}


@pytest.mark.parametrize("case", sorted(SAFE))
def test_a_copy_that_fits_its_member_is_dropped(tmp_path: Path, case: str) -> None:
    code, message, rule, cwe = SAFE[case]
    got = said(tmp_path, code, rule, message, cwe)
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_a_copy_not_shown_to_fit_is_kept(tmp_path: Path, case: str) -> None:
    code, message, rule, cwe = KEPT[case]
    got = said(tmp_path, code, rule, message, cwe)
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
