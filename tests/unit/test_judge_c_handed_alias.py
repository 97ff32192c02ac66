"""A fixed-size array handed to a workspace function (c_decls._only_reads_param): the function only
reads it when nothing writes through the parameter or through a local pointer that copies it
(``char *d = dst; *d++ = c;``, ``memcpy(d, ...)``). A hole before 2026-11-29: only stores through the
parameter's own name counted, so a sed-like substitution writing its output through ``d`` left the
caller's ``char out[BUFSIZ]`` FALSE_POSITIVE (its size a macro of a system header, the function is
not followed with a known room). Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = "buffer/char:Statically-sized arrays can be improperly restricted (CWE-119!/CWE-120)."

CALLER = """
int main(void)
{
    char line[BUFSIZ];
    char out[BUFSIZ]; /* <- */

    while (fgets(line, sizeof(line), stdin) != NULL) {
        line[strcspn(line, "\\n")] = '\\0';
        if (expand(out, line) > 0)
            puts(out);
    }
    return 0;
}
"""

HEAD = "#include <stdio.h>\n#include <string.h>\n\n"

KEPT = {
    "stores-through-a-copy": HEAD
    + """static int expand(char *dst, const char *src)
{
    char *d = dst;
    int n = 0;

    while (*src) {
        if (*src == '&')
            n++;
        *d++ = *src;
        *d++ = *src++;
    }
    *d = '\\0';
    return n;
}
"""
    + CALLER,
    "copies-through-a-copy": HEAD
    + """static int expand(char *dst, const char *src)
{
    char *d = dst;
    size_t n = strlen(src);

    memcpy(d, src, n);
    d += n;
    memcpy(d, src, n + 1);
    return (int)n;
}
"""
    + CALLER,
    "steps-through-a-copy": HEAD
    + """static int expand(char *dst, const char *src)
{
    char *d = dst;
    int n = 0;

    for (; *src; src++, n++) {
        d[0] = *src;
        d[1] = *src;
        (*d)++;
        d += 2;
    }
    return n;
}
"""
    + CALLER,
}

SAFE = {
    "reads-through-a-copy": HEAD
    + """static int expand(char *dst, const char *src)
{
    const char *d = dst;

    return d[0] == src[0];
}
"""
    + CALLER,
}


@pytest.mark.parametrize("case", sorted(SAFE))
def test_reads_through_a_local_copy_only_read(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, SAFE[case], "FF1013", MSG, (119, 120), name="buffer/char")
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_writes_through_a_local_copy_are_writes(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, KEPT[case], "FF1013", MSG, (119, 120), name="buffer/char")
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
