"""strcat() after a check of the combined length (c_append_check.py): ``strlen(d) + strlen(s) + 1 >
sizeof d`` (or ``>=`` without the 1, locals holding the lengths) keeps the append inside ``d``, as
long as neither string changes between the measures and the append; a check one byte short, or
another append in between, leaves it unproven. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

HEAD = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"
STRCAT = "buffer/strcat:Does not check for buffer overflows when concatenating to destination (CWE-120)."

CASES = {
    "plus-one-greater": (
        """int join(const char *b)
{
    char path[128] = "/var/lib/app/";
    if (strlen(path) + strlen(b) + 1 > sizeof path) return -1;
    strcat(path, b); /* <- */
    puts(path);
    return 0;
}""",
        "FP",
    ),
    "locals-greater-equal": (
        """int join(const char *b)
{
    char path[128];
    snprintf(path, sizeof path, "%s", getenv("HOME"));
    size_t pl = strlen(path), bl = strlen(b);
    if (pl + bl >= sizeof(path)) return -1;
    strcat(path, b); /* <- */
    puts(path);
    return 0;
}""",
        "FP",
    ),
    "another-append-between": (
        """int join(const char *b, const char *c)
{
    char path[128] = "/x/";
    if (strlen(path) + strlen(b) + 1 > sizeof path) return -1;
    strcat(path, c);
    strcat(path, b); /* <- */
    puts(path);
    return 0;
}""",
        "not",
    ),
    "one-byte-short": (
        """int join(const char *b)
{
    char path[128] = "/x/";
    if (strlen(path) + strlen(b) > sizeof path) return -1;
    strcat(path, b); /* <- */
    puts(path);
    return 0;
}""",
        "not",
    ),
    "measured-before-a-change": (
        """int join(const char *b, const char *c)
{
    char path[128] = "/x/";
    size_t pl = strlen(path), bl = strlen(b);
    strcpy(path, c);
    if (pl + bl >= sizeof path) return -1;
    strcat(path, b); /* <- */
    return 0;
}""",
        "not",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_append_after_a_combined_length_check(tmp_path: Path, case: str) -> None:
    body, want = CASES[case]
    code = HEAD + body + "\n"
    got = judge_marked(tmp_path, code, "FF1005", STRCAT, (120,))
    if want == "FP":
        assert got.verdict == "FALSE_POSITIVE", (case, got.justification)
        assert "combined length" in got.justification, got.justification
    else:
        assert got.verdict != "FALSE_POSITIVE", (case, got.justification)
