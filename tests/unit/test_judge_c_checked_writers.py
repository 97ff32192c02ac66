"""fgets() terminates its buffer only when it succeeds (at the end of input it returns NULL and
leaves the buffer as it was): a string-length read is proven terminated when the call's success is
tested on the way to it (``while (fgets(..))``, ``if (fgets(..) != NULL)``, ``if (!fgets(..))
return;``), even when the test's variables change afterwards; on the failure branch it is not.
Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

SPRINTF = "buffer/sprintf:Does not check for buffer overflows (CWE-120)."

HEAD = "#include <stdio.h>\n#include <string.h>\n"
STRLEN = (
    "buffer/strlen:Does not handle strings that are not \\0-terminated; if given one it may perform an "
    "over-read (it could cause a crash if unprotected) (CWE-126)."
)

CASES = {
    "if-not-return": (
        """int main(void)
{
    char line[256];
    if (!fgets(line, sizeof line, stdin)) return 1;
    size_t n = strlen(line); /* <- */
    return (int)n;
}""",
        "FP",
    ),
    "if-eq-null-return": (
        """int main(void)
{
    char line[256];
    if (fgets(line, sizeof line, stdin) == NULL)
        return 1;
    return (int)strlen(line); /* <- */
}""",
        "FP",
    ),
    "while-neq-null": (
        """int main(void)
{
    char line[256];
    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\\n")] = 0;
        printf("%zu\\n", strlen(line)); /* <- */
    }
    return 0;
}""",
        "FP",
    ),
    "append-then-measure-again": (
        """int read_more(char *data)
{
    size_t len = strlen(data);
    if (fgets(data + len, (int)(100 - len), stdin) != NULL) {
        len = strlen(data); /* <- */
        return (int)len;
    }
    return -1;
}
int main(void)
{
    char buf[100] = "";
    return read_more(buf);
}""",
        "FP",
    ),
    "failure-branch": (
        """int main(void)
{
    char line[256];
    if (fgets(line, sizeof line, stdin) == NULL)
        return (int)strlen(line); /* <- */
    return 0;
}""",
        "not",
    ),
    "else-of-success": (
        """int main(void)
{
    char line[256];
    if (fgets(line, sizeof line, stdin)) {
        puts(line);
    } else {
        return (int)strlen(line); /* <- */
    }
    return 0;
}""",
        "not",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_fgets_terminates_when_it_succeeds(tmp_path: Path, case: str) -> None:
    body, want = CASES[case]
    code = HEAD + body + "\n"
    got = judge_marked(tmp_path, code, "FF1022", STRLEN, (126,))
    if want == "FP":
        assert got.verdict == "FALSE_POSITIVE", (case, got.justification)
        assert "fgets()" in got.justification, got.justification
    else:
        assert got.verdict != "FALSE_POSITIVE", (case, got.justification)


def test_an_unchecked_fgets_is_named_as_the_reason(tmp_path: Path) -> None:
    code = HEAD + (
        "int main(void)\n{\n    char line[256];\n    fgets(line, sizeof line, stdin);\n"
        "    return (int)strlen(line); /* <- */\n}\n"
    )
    got = judge_marked(tmp_path, code, "FF1022", STRLEN, (126,))
    assert got.verdict == "TRUE_POSITIVE", got.justification
    assert "fgets() at line 6" in got.justification and "only when it succeeds" in got.justification


SCANNED = """#include <stdio.h>
int main(void)
{
    char name[64], out[100];
    if (CHECK)
        return 1;
    sprintf(out, "hello %s!", name); /* <- */
    puts(out);
    return 0;
}
"""


@pytest.mark.parametrize(
    ("check", "want"),
    [
        ('scanf("%63s", name) != 1', "FP"),
        ('scanf("%63s", name) < 1', "FP"),
        ('scanf("%63s", name) == EOF', "not"),
        ('scanf("%63s", name) < 0', "not"),
    ],
)
def test_a_scanned_string_is_terminated_when_the_count_says_so(tmp_path: Path, check: str, want: str) -> None:
    code = SCANNED.replace("CHECK", check)
    got = judge_marked(tmp_path, code, "FF1015", SPRINTF, (120,))
    assert (got.verdict == "FALSE_POSITIVE") == (want == "FP"), (check, got.justification)
