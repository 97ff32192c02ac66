"""A declaration finding on a fixed-size array that a copy writes into (c_decls._copy_side): the copy
counts for the array by what it writes into it and the terminator it leaves there. What it reads from
a source whose object is not known here is a question about that object, said in the justification.
The whole copy stays the declaration's question when the source is one of the function's own
objects, a known object the read is shown to leave, or when the array is the copy's source (its size
and text are what may overrun the destination). Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/char:Statically-sized arrays can be improperly restricted (CWE-119!/CWE-120)."

FIELD = """#include <stdio.h>
#include <string.h>

struct msg {
    const char *body;
    size_t len;
};

int field_name(const struct msg *m, char *out, size_t outsz)
{
    char name[64]; /* <- */
    size_t len = m->len;

    if (len >= sizeof(name))
        return -1;
    memcpy(name, m->body, len);
    name[len] = '\\0';
    return snprintf(out, outsz, "%s", name) < 0 ? -1 : 0;
}
"""

SAFE = {"copied-from-a-parameter": FIELD}

KEPT = {
    # the destination itself may overflow: the write is this array's question
    "write-unbounded": FIELD.replace("if (len >= sizeof(name))", "if (len == 0)"),
    # the source is a local array of the function that the read leaves
    "source-is-a-local-array": """#include <stdio.h>
#include <string.h>

int field_name(char *out, size_t outsz)
{
    char small[8] = "abc";
    char name[64]; /* <- */

    memcpy(name, small, 32);
    name[32] = '\\0';
    return snprintf(out, outsz, "%s", name) < 0 ? -1 : 0;
}
""",
    # the source is a pointer into a local array of the function, at an offset not known here
    "source-points-into-a-local-array": """#include <stdio.h>
#include <string.h>

int field_name(int k, char *out, size_t outsz)
{
    char line[16] = "abcdefghijklmno";
    char name[64]; /* <- */
    char *p = line + k;

    memcpy(name, p, 32);
    name[32] = '\\0';
    return snprintf(out, outsz, "%s", name) < 0 ? -1 : 0;
}
""",
    # the source handed in points before the start of the caller's block: the read is shown to leave it
    "source-shown-before-its-block": """#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void show(char *data)
{
    char dest[100]; /* <- */

    memset(dest, 'C', 99);
    dest[99] = '\\0';
    memmove(dest, data, 100);
    dest[99] = '\\0';
    puts(dest);
}

int main(void)
{
    char *buf = malloc(100);

    if (buf == NULL)
        return 1;
    memset(buf, 'A', 99);
    buf[99] = '\\0';
    show(buf - 8);
    free(buf);
    return 0;
}
""",
    # the array is the copy's source: the copy overruns the parameter it writes into
    "array-is-the-source": """#include <string.h>

void fill(char *data)
{
    char source[100]; /* <- */

    memset(source, 'C', 99);
    source[99] = '\\0';
    memcpy(data, source, 100);
}
""",
}


def test_the_source_is_named_as_another_objects_question(tmp_path: Path) -> None:
    got = said(tmp_path, FIELD, "FF1013", MSG, (119, 120), name="buffer/char")
    assert got.startswith("FALSE_POSITIVE"), got
    assert "What memcpy() reads from `m->body` at line 16 is a question about the object" in got


@pytest.mark.parametrize("case", sorted(SAFE))
def test_a_copy_into_the_array_counts_by_its_write(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, SAFE[case], "FF1013", MSG, (119, 120), name="buffer/char")
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, KEPT[case], "FF1013", MSG, (119, 120), name="buffer/char")
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
