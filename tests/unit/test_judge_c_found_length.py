"""A copy's length found inside its source string by a search of it (c_found_length.py), with a
source object (16 bytes) smaller than what the length check allows (31):
``eq = strchr(s, '=')`` then ``memcpy(key, s, eq - s)``, ``n = strcspn(p, " ")`` then
``memcpy(field, p, n)``, ``close = strstr(p + 2, "}}")`` then ``memcpy(name, p + 2, close - (p + 2))``
after ``p[0] == '{' && p[1] == '{'``. Unsound variants (no NULL check, the pointer moved since the
search, a length from elsewhere, an unterminated source, a search for a byte that may be NUL) stay
kept. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

MSG = "buffer/memcpy:Does not check for buffer overflows when copying to destination (CWE-120)."
HEAD = "#include <ctype.h>\n#include <stdio.h>\n#include <string.h>\n\n"
MAIN = """
int main(void)
{
    char line[16];

    while (fgets(line, sizeof line, stdin) != NULL)
        use(line);
    return 0;
}
"""


def _code(body: str, *, main: str = MAIN) -> str:
    return (
        HEAD
        + "static void use(const char *line)\n{\n    char key[32];\n"
        + body
        + "    puts(key);\n}\n"
        + main
    )


SAFE = {
    "strchr": "    const char *eq = strchr(line, '=');\n    size_t n;\n\n"
    "    if (eq == NULL)\n        return;\n"
    "    n = (size_t)(eq - line);\n    if (n >= sizeof key)\n        return;\n"
    "    memcpy(key, line, n); /* <- */\n    key[n] = '\\0';\n",
    "strcspn-after-skipping-blanks": "    const char *p = line;\n    size_t n;\n\n"
    '    while (isspace((unsigned char)*p))\n        p++;\n    n = strcspn(p, " \\t");\n'
    "    if (n >= sizeof key)\n        return;\n    memcpy(key, p, n); /* <- */\n    key[n] = '\\0';\n",
    "strstr-past-an-opening": "    const char *p = line, *close;\n    size_t n;\n\n"
    "    if (p[0] != '{' || p[1] != '{')\n        return;\n    close = strstr(p + 2, \"}}\");\n"
    "    if (!close)\n        return;\n    n = (size_t)(close - (p + 2));\n    if (n >= sizeof key)\n"
    "        return;\n    memcpy(key, p + 2, n); /* <- */\n    key[n] = '\\0';\n",
    "conditional-length": "    const char *eq = strchr(line, ':');\n"
    "    size_t n = eq ? (size_t)(eq - line) : 0;\n\n    if (n >= sizeof key)\n        return;\n"
    "    memcpy(key, line, n); /* <- */\n    key[n] = '\\0';\n",
}

KEPT = {
    "no-null-check": "    const char *eq = strchr(line, '=');\n    size_t n = (size_t)(eq - line);\n\n"
    "    if (n >= sizeof key)\n        return;\n    memcpy(key, line, n); /* <- */\n    key[n] = '\\0';\n",
    "moved-since": "    const char *p = line;\n    const char *eq = strchr(p, '=');\n    size_t n;\n\n"
    "    if (eq == NULL)\n        return;\n    n = (size_t)(eq - p);\n    p = eq + 1;\n"
    "    if (n >= sizeof key)\n"
    "        return;\n    memcpy(key, p, n); /* <- */\n    key[n] = '\\0';\n",
    "length-of-another-string": "    const char *other = \"x=1\";\n    const char *eq = strchr(other, '=');\n"
    "    size_t n;\n\n    if (eq == NULL)\n        return;\n    n = (size_t)(eq - other);\n"
    "    if (n >= sizeof key)\n        return;\n    memcpy(key, line + 250, n); /* <- */\n"
    "    key[n] = '\\0';\n",
    "may-be-nul": "    const char *p = line, *close;\n    size_t n;\n\n"
    "    if (p[0] != '{')\n        return;\n"
    '    close = strstr(p + 2, "}}");\n    if (!close)\n        return;\n    n = (size_t)(close - (p + 2));\n'
    "    if (n >= sizeof key)\n        return;\n    memcpy(key, p + 2, n); /* <- */\n    key[n] = '\\0';\n",
}

UNTERMINATED_MAIN = """
int main(void)
{
    char line[16];

    if (fread(line, 1, sizeof line, stdin) == 0)
        return 1;
    use(line);
    return 0;
}
"""


@pytest.mark.parametrize("case", sorted(SAFE))
def test_a_length_found_in_the_source_string(tmp_path: Path, case: str) -> None:
    got = judge_marked(tmp_path, _code(SAFE[case]), "FF1004", MSG, (120,))
    assert got.verdict == "FALSE_POSITIVE", (case, got.justification)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = judge_marked(tmp_path, _code(KEPT[case]), "FF1004", MSG, (120,))
    assert got.verdict != "FALSE_POSITIVE", (case, got.justification)


def test_an_unterminated_source_is_kept(tmp_path: Path) -> None:
    got = judge_marked(tmp_path, _code(SAFE["strchr"], main=UNTERMINATED_MAIN), "FF1004", MSG, (120,))
    assert got.verdict != "FALSE_POSITIVE", got.justification


def test_a_program_argument_after_a_checked_pre_increment(tmp_path: Path) -> None:
    code = HEAD + (
        "int main(int argc, char **argv)\n{\n    char key[32];\n    int i;\n\n"
        '    for (i = 1; i < argc; i++) {\n        if (strcmp(argv[i], "-D") == 0 && i + 1 < argc) {\n'
        "            const char *def = argv[++i];\n            const char *eq = strchr(def, '=');\n"
        "            size_t n;\n\n            if (!eq)\n                return 1;\n"
        "            n = (size_t)(eq - def);\n            if (n >= sizeof key)\n                return 1;\n"
        "            memcpy(key, def, n); /* <- */\n            key[n] = '\\0';\n            puts(key);\n"
        "        }\n    }\n    return 0;\n}\n"
    )
    got = judge_marked(tmp_path, code, "FF1004", MSG, (120,))
    assert got.verdict == "FALSE_POSITIVE", got.justification
    unchecked = code.replace(" && i + 1 < argc", "")
    got = judge_marked(tmp_path, unchecked, "FF1004", MSG, (120,))
    assert got.verdict != "FALSE_POSITIVE", got.justification
