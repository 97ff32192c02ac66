"""Splitting a string in its own buffer (c_decls._split_inside, c_cursor): ``strtok(line, sep)``,
``strtok_r(line, sep, &last)`` and ``strsep(&s, sep)`` store NULs only over delimiters inside the
string they split, so a ``char line[N]`` declaration whose string is terminated there keeps every
such write inside it; ``strsep`` moves ``s`` past a delimiter and returns where it stood (a cursor of
the same string). Unsound variants stay kept: a buffer filled by ``fread()`` with no terminator, a
split that starts at a pointer moved past the string. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/char:Statically-sized arrays can be improperly restricted (CWE-119!/CWE-120)."
STRTOK = """#include <stdio.h>
#include <string.h>

static int count_fields(FILE *fp)
{
    char line[256]; /* <- */
    char *tok;
    int n = 0;

    while (fgets(line, sizeof(line), fp) != NULL) {
        line[strcspn(line, "\\r\\n")] = '\\0';
        for (tok = strtok(line, ",;"); tok != NULL; tok = strtok(NULL, ",;"))
            n++;
    }
    return n;
}

int main(void)
{
    printf("%d\\n", count_fields(stdin));
    return 0;
}
"""
STRSEP = """#include <stdio.h>
#include <string.h>

static int split_words(char *line, char **out, int max)
{
    char *tok;
    int n = 0;

    while (n < max && (tok = strsep(&line, " \\t")) != NULL) {
        if (*tok != '\\0')
            out[n++] = tok;
    }
    return n;
}

int main(void)
{
    char line[512]; /* <- */
    char *words[16];

    while (fgets(line, sizeof(line), stdin) != NULL) {
        line[strcspn(line, "\\n")] = '\\0';
        printf("%d\\n", split_words(line, words, 16));
    }
    return 0;
}
"""

STRTOK_R = (
    STRTOK.replace("char *tok;", "char *tok, *last;")
    .replace('strtok(line, ",;")', 'strtok_r(line, ",;", &last)')
    .replace('strtok(NULL, ",;")', 'strtok_r(NULL, ",;", &last)')
)
READ_LINE = (
    "    while (fgets(line, sizeof(line), fp) != NULL) {\n        line[strcspn(line, \"\\r\\n\")] = '\\0';\n"
)
READ_BYTES = "    while (fread(line, 1, sizeof(line), fp) > 0) {\n"

SAFE = {
    "strtok-of-a-read-line": STRTOK,
    "strtok_r-of-a-read-line": STRTOK_R,
    "strsep-of-a-read-line": STRSEP,
}

KEPT = {
    "strtok-of-unterminated-bytes": STRTOK.replace(READ_LINE, READ_BYTES),
    "strtok_r-of-unterminated-bytes": STRTOK_R.replace(READ_LINE, READ_BYTES),
    "strsep-of-unterminated-bytes": STRSEP.replace(
        "    while (fgets(line, sizeof(line), stdin) != NULL) {\n"
        "        line[strcspn(line, \"\\n\")] = '\\0';\n",
        "    while (fread(line, 1, sizeof(line), stdin) > 0) {\n",
    ),
    "strsep-past-the-string": STRSEP.replace("strsep(&line,", "strsep((line += 600, &line),"),
}


@pytest.mark.parametrize("case", sorted(SAFE))
def test_splits_stay_inside_the_string(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, SAFE[case], "FF1013", MSG, (119, 120), name="buffer/char")
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, KEPT[case], "FF1013", MSG, (119, 120), name="buffer/char")
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
