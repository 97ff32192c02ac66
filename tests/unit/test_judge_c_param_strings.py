"""strlen() of a pointer parameter: safe when nothing in the function may change the string before
the read (nor later in a loop around it) and every call of the function (all visible: a static
function, or one of a program's own file that no other file names) hands it a string terminated
there. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

HEAD = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"
STRLEN = "buffer/strlen:Does not handle strings that are not \\0-terminated (CWE-126)."

CASES = [
    (
        "exported-library-function",
        """size_t width(const char *s)
{
    return strlen(s); /* <- */
}
size_t twice(void) { return width("ab") * 2; }""",
        "not",
    ),
    (
        "static-callers-terminated",
        """static size_t width(const char *s)
{
    return strlen(s); /* <- */
}
int main(void)
{
    char line[64];
    if (!fgets(line, sizeof line, stdin)) return 1;
    return (int)(width(line) + width("abc"));
}""",
        "FP",
    ),
    (
        "program-local-callers",
        """size_t width(const char *s)
{
    return strlen(s); /* <- */
}
int main(int argc, char **argv)
{
    char name[16] = "x";
    if (argc < 2) return 1;
    return (int)(width(name) + width(argv[1]));
}""",
        "FP",
    ),
    (
        "a-caller-passes-raw-bytes",
        """static size_t width(const char *s)
{
    return strlen(s); /* <- */
}
int main(void)
{
    char raw[4];
    memcpy(raw, "abcd", 4);
    return (int)width(raw);
}""",
        "not",
    ),
    (
        "callee-overwrites-terminator",
        """static size_t width(char *s, int n)
{
    s[n] = 'x';
    return strlen(s); /* <- */
}
int main(void)
{
    char b[8] = "abc";
    return (int)width(b, 3);
}""",
        "not",
    ),
    (
        "loop-writes-after",
        """static size_t scan(char *s)
{
    size_t t = 0;
    for (int i = 0; i < 3; i++) {
        t += strlen(s); /* <- */
        s[t] = 'z';
    }
    return t;
}
int main(void)
{
    char b[64] = "abc";
    return (int)scan(b);
}""",
        "not",
    ),
]


@pytest.mark.parametrize(("case", "body", "want"), CASES, ids=[c[0] for c in CASES])
def test_strlen_of_a_parameter_by_its_callers(tmp_path: Path, case: str, body: str, want: str) -> None:
    code = HEAD + body + "\n"
    got = judge_marked(tmp_path, code, "FF1022", STRLEN, (126,))
    if want == "FP":
        assert got.verdict == "FALSE_POSITIVE", (case, got.justification)
        assert "every call of" in got.justification, got.justification
    else:
        assert got.verdict != "FALSE_POSITIVE", (case, got.justification)
