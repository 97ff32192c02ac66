"""An index below a string's measured length stays inside that string (c_measured_index.py):
``len = strlen(s)`` then ``s[len - 1]`` under ``len > 0``, and ``s[--len]`` while ``len`` is checked
positive, whatever the size of what ``s`` points into. Unsound variants (no check, a decrement
without one, a length grown or measured of another string, the pointer moved) stay kept. Code
written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

MSG = (
    "buffer/char:Statically-sized arrays can be improperly restricted, leading to potential "
    "overflows or other issues (CWE-119!/CWE-120)."
)

MAIN = """
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


def _code(body: str) -> str:
    return (
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\nstatic void chomp(char *line)\n{\n"
        + body
        + "}\n"
        + MAIN
    )


SAFE = {
    "newline": "    size_t len = strlen(line);\n    if (len > 0 && line[len - 1] == '\\n')\n"
    "        line[--len] = '\\0';\n",
    "slashes": "    size_t len = strlen(line);\n    while (len > 1 && line[len - 1] == '/')\n"
    "        line[--len] = '\\0';\n",
    "nonzero": "    size_t len = strlen(line);\n    if (len && line[len - 1] == '\\r')\n"
    "        line[len - 1] = 0;\n",
    "early-return": "    size_t len = strlen(line);\n    if (len == 0)\n        return;\n"
    "    if (line[len - 1] == '\\n')\n        line[len - 1] = '\\0';\n",
    "terminator": "    size_t len = strlen(line);\n    line[len] = '\\0';\n",
}

KEPT = {
    "unchecked": "    size_t len = strlen(line);\n    if (line[len - 1] == '\\n')\n"
    "        line[len - 1] = '\\0';\n",
    "decrement-unchecked": "    size_t len = strlen(line);\n    len--;\n    if (len > 0)\n"
    "        line[len - 1] = '\\0';\n",
    "checked-then-decremented": "    size_t len = strlen(line);\n    if (len > 0) {\n        len--;\n"
    "        line[len - 1] = '\\0';\n    }\n",
    "grown": "    size_t len = strlen(line);\n    len += 8;\n    line[len] = '\\0';\n",
    "plus": "    size_t len = strlen(line) + 4;\n    line[len] = '\\0';\n",
    "other-string": '    size_t len = strlen(getenv("NAME"));\n'
    "    if (len > 0)\n        line[len - 1] = '\\0';\n",
    "moved": "    size_t len = strlen(line);\n    line += 2;\n    if (len > 0)\n"
    "        line[len - 1] = '\\0';\n",
    "loop-decrements-after": "    size_t len = strlen(line);\n    if (len > 0)\n"
    "        for (int i = 0; i < 3; i++) {\n            line[len - 1] = ' ';\n            len--;\n"
    "        }\n",
}


@pytest.mark.parametrize("case", sorted(SAFE))
def test_an_index_below_the_measured_length_is_inside(tmp_path: Path, case: str) -> None:
    got = judge_marked(tmp_path, _code(SAFE[case]), "FF1013", MSG, (119, 120))
    assert got.verdict == "FALSE_POSITIVE", (case, got.justification)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = judge_marked(tmp_path, _code(KEPT[case]), "FF1013", MSG, (119, 120))
    assert got.verdict != "FALSE_POSITIVE", (case, got.justification)


CLIP = """#include <stdio.h>
#include <string.h>

void clip(char *msg)
{
    if (strlen(msg) CHECK)
        msg[200] = '\\0'; /* <- */
    puts(msg);
}
"""


@pytest.mark.parametrize(
    ("check", "safe"), [("> 200", True), (">= 201", True), ("> 199", False), (">= 200", False)]
)
def test_a_constant_index_below_a_measured_length(tmp_path: Path, check: str, safe: bool) -> None:
    got = judge_marked(tmp_path, CLIP.replace("CHECK", check), "FF1013", MSG, (119, 120))
    assert (got.verdict == "FALSE_POSITIVE") == safe, (check, got.verdict, got.justification)
