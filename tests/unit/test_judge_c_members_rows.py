"""Struct members and rows (c_paths._counted_member, c_decls._row_handed, c_measured_index):

- a signed counter member that every store of the file sets to a non-negative constant or counts up
  (``s->n = 0``, ``s->n++``) is never negative: ``s->rows[s->n]`` under ``if (s->n >= MAX) return``
  stays inside; a counter that is also counted down, set from input, or lives in a struct filled
  with raw bytes (``fread(s, ...)``) is not known so;
- a row of a two-dimensional array handed to a function (``take(s->rows[s->n], ...)``) is followed
  into it with the row's bytes: a callee that writes past them keeps the array's finding;
- ``s[strcspn(s, "\\r\\n")]`` / ``s[strspn(s, " ")]`` indexes at most the terminator of the string
  measured.

Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = (
    "buffer/char:Statically-sized arrays can be improperly restricted, leading to potential overflows "
    "or other issues (CWE-119!/CWE-120)."
)
HEAD = "#include <stdio.h>\n#include <string.h>\n\n#define MAX 8\n\n"

SESSION = """struct session {
    char rows[MAX][32]; /* <- */
    int n;
};

static int take(const char *arg, char *dst, size_t dstsz)
{
    size_t len = strlen(arg);

    if (len >= dstsz)
        return -1;
    memcpy(dst, arg, len);
    dst[len] = '\\0';
    return 0;
}

int add(struct session *s, const char *arg)
{
    if (s->n >= MAX)
        return -1;
    if (take(arg, s->rows[s->n], sizeof(s->rows[0])) < 0)
        return -1;
    s->n++;
    return 0;
}

void reset(struct session *s)
{
    s->n = 0;
}
"""


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1013", MSG, (119, 120))


SPAN = """void chomp(char *line)
{
    line[strcspn(line, "\\r\\n")] = '\\0';
    if (line[strspn(line, " \\t")] == '\\0')
        line[0] = '\\0';
}

int main(void)
{
    char buf[128]; /* <- */

    while (fgets(buf, sizeof buf, stdin) != NULL) {
        chomp(buf);
        puts(buf);
    }
    return 0;
}
"""

SAFE = {
    "counted-member": HEAD + SESSION,
    "counted-member-plus-one": HEAD + SESSION.replace("s->n++;", "s->n += 1;"),
    "span-index": HEAD + SPAN,
}

KEPT = {
    "counted-down": HEAD + SESSION + "\nvoid drop(struct session *s)\n{\n    s->n--;\n}\n",
    "set-from-input": HEAD + SESSION + "\nvoid set(struct session *s, int k)\n{\n    s->n = k;\n}\n",
    "raw-filled": HEAD
    + SESSION
    + "\nint load(struct session *s, FILE *f)\n{\n    return fread(s, sizeof *s, 1, f) == 1 ? 0 : -1;\n}\n",
    "row-written-past": HEAD + SESSION.replace("if (len >= dstsz)\n        return -1;\n", ""),
    "row-unbounded-callee": HEAD
    + SESSION.replace("take(arg, s->rows[s->n], sizeof(s->rows[0]))", "take(arg, s->rows[s->n], 4096)"),
    "span-of-other-string": HEAD
    + SPAN.replace('line[strcspn(line, "\\r\\n")]', 'line[strcspn(getenv("X"), "\\r\\n")]'),
}


@pytest.mark.parametrize("case", sorted(SAFE))
def test_members_and_rows_inside(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
