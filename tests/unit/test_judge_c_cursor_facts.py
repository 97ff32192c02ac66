"""More facts a string cursor rests on (c_cursor.py, c_conditions.off_path): a prefix compared equal
to a literal (``strncmp(p, "export ", 7) == 0`` before ``p + 7``), a disjunction each of whose sides
says the byte is not NUL (``*s == ' ' || *s == '\\t'``), the end pointer ``strtod()`` stores (a byte of
the string it read), a byte replaced by ``toupper()`` of itself (NUL stays NUL), and a condition that
still holds where a cursor steps because the steps before it lie on other paths (another arm of an
if-statement, a block that ends in ``continue``) or because the assignment stores only after its
right side ran (``p = trim(p + 7)``). Unsound variants (a prefix shorter than the step, a comparison
that may not be equal, a disjunction with a side NUL passes, a map that is not in place, a step on
the same path) stay kept. A ``for`` whose body moves the cursor by steps of one, each onto a byte a
holding condition tests not NUL (``if (*p == '\\\\' && p[1] == '"') ++p;``), still steps from a byte
that is not NUL in its update; a body that steps onto an untested byte, steps twice, or tests the byte
on one side of a disjunction only, keeps it. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

MSG = (
    "buffer/strlen:Does not handle strings that are not \\0-terminated; if given one it may perform an "
    "over-read (it could cause a crash if unprotected) (CWE-126)."
)
HEAD = "#include <ctype.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n"

TRIM = """static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return s;
}
"""

MAIN = """
int main(void)
{
    char line[256];

    while (fgets(line, sizeof line, stdin) != NULL)
        use(line);
    return 0;
}
"""


def _code(use_body: str) -> str:
    return HEAD + TRIM + "\nstatic void use(char *line)\n{\n" + use_body + "}\n" + MAIN


def _judge(tmp_path: Path, code: str) -> str:
    return said(tmp_path, code, "FF1022", MSG, (126,))


def _prefix(test: str, step: str = "7") -> str:
    return _code(
        f"    char *p = trim(line);\n\n    if ({test})\n        p = trim(p + {step});\n"
        '    printf("%zu\\n", strlen(p)); /* <- */\n'
    )


def _skip(test: str) -> str:
    return _code(
        f"    char *s = line;\n\n    while ({test})\n        s++;\n"
        '    printf("%zu\\n", strlen(s)); /* <- */\n'
    )


TOKENS = """    char *s = line, *end;
    double v;

    while (*s) {
        if (isspace((unsigned char)*s)) {
            s++;
            continue;
        }
        if (isdigit((unsigned char)*s)) {
            v = strtod(s, &end);
            if (end == s)
                return;
            printf("%g\\n", v);
            s = end;
        } else if (*s == '(' || *s == ')') {
            s++;
        } else {
            return;
        }
    }
    printf("%zu\\n", strlen(s)); /* <- */
"""

UPPER = """    char *copy = strdup(line), *p;

    if (copy == NULL)
        return;
    for (p = copy; *p; p++)
        *p = (char)toupper((unsigned char)*p);
    p = copy;
    while (isspace((unsigned char)*p))
        p++;
    printf("%zu\\n", strlen(p)); /* <- */
    free(copy);
"""

TOKENS_STRTOK = """    char *name, *value;

    name = strtok(line, " \\t");
    value = strtok(NULL, " \\t");
    if (name == NULL || value == NULL)
        return;
    printf("%zu %zu\\n", strlen(name), strlen(value)); /* <- */
"""

UNTERMINATED_MAIN = """
int main(void)
{
    char line[256];

    while (fread(line, 1, sizeof line, stdin) > 0)
        use(line);
    return 0;
}
"""

ESCAPES = """    char *r = line;

    while (*r != '\\0') {
        if (r[0] == '\\\\' && r[1] >= '0' && r[1] <= '7' && r[2] >= '0' && r[2] <= '7')
            r += 3;
        else
            r++;
    }
    printf("%zu\\n", strlen(r)); /* <- */
"""

ESCAPED_WORDS = """    const char *p;
    size_t n = 0;

    for (p = line; *p; p++) {
        if (*p == '\\\\' && (p[1] == '"' || p[1] == '\\\\')) {
            ++p;
            continue;
        }
        if (*p == ' ')
            n++;
    }
    printf("%zu %zu\\n", n, strlen(p)); /* <- */
"""

SAFE = {
    "for-body-steps-onto-tested-bytes": _code(ESCAPED_WORDS),
    "for-body-steps-onto-a-tested-conjunct": _code(
        ESCAPED_WORDS.replace("*p == '\\\\' && (p[1]", "n < 100 && *p == '\\\\' && (p[1]")
    ),
    "strncmp-prefix": _prefix('strncmp(p, "export ", 7) == 0'),
    "not-strncmp-prefix": _prefix('!strncmp(p, "export ", 7)'),
    "memcmp-prefix": _prefix('memcmp(p, "export ", 7) == 0'),
    "strcmp-whole": _prefix('strcmp(p, "include") == 0'),
    "disjunction": _skip("*s == ' ' || *s == '\\t'"),
    "not-conjunction": _skip("!(*s != ' ' && *s != '\\t')"),
    "strtod-end-and-other-arms": _code(TOKENS),
    "toupper-in-place": _code(UPPER),
    "strtok-tokens": _code(TOKENS_STRTOK),
    "range-tests-and-skip": _code(ESCAPES),
}

KEPT = {
    "for-body-steps-onto-an-untested-byte": _code(
        ESCAPED_WORDS.replace("*p == '\\\\' && (p[1] == '\"' || p[1] == '\\\\')", "*p == '\\\\'")
    ),
    "for-body-steps-twice": _code(
        ESCAPED_WORDS.replace("            ++p;\n", "            ++p;\n            ++p;\n")
    ),
    "for-body-steps-onto-a-byte-one-side-tests": _code(
        ESCAPED_WORDS.replace("(p[1] == '\"' || p[1] == '\\\\')", "(p[1] == '\"' || n > 1)")
    ),
    "prefix-shorter-than-step": _prefix('strncmp(p, "ex", 2) == 0'),
    "compare-not-equal": _prefix('strncmp(p, "export ", 7) != 0'),
    "compare-unknown-count": _prefix('strncmp(p, "export ", n) == 0'.replace("n)", "strlen(line))")),
    "prefix-of-other-pointer": _prefix('strncmp(line, "export ", 7) == 0'),
    "disjunction-nul-side": _skip("*s == ' ' || *s == '\\0'"),
    "disjunction-unknown-side": _skip("*s == ' ' || s[1] == 'x'"),
    "step-on-same-path": _code(
        TOKENS.replace("            s++;\n            continue;\n", "            s++;\n")
        .replace(
            "        } else if (*s == '(' || *s == ')') {\n            s++;\n", "        } else if (s[0]) {\n"
        )
        .replace("if (isdigit((unsigned char)*s))", "s++;\n        if (1)")
    ),
    "map-not-in-place": _code(
        UPPER.replace("*p = (char)toupper((unsigned char)*p);", "*p = (char)toupper((unsigned char)p[1]);")
    ),
    "skip-past-tested": _code(ESCAPES.replace("r += 3;", "r += 4;")),
    "range-test-below": _code(ESCAPES.replace("r[2] >= '0' && r[2] <= '7'", "r[2] <= '7'")),
    "strtok-of-unterminated": _code(TOKENS_STRTOK).replace(MAIN, UNTERMINATED_MAIN),
    "strtok-two-strings": _code(
        TOKENS_STRTOK.replace(
            'name = strtok(line, " \\t");', 'name = strtok(line, " \\t");\n    strtok(getenv("X"), ",");'
        )
    ),
    "strtod-of-other-string": _code(TOKENS.replace("strtod(s, &end)", 'strtod(getenv("X"), &end)')),
}


@pytest.mark.parametrize("case", sorted(SAFE))
def test_a_cursor_stays_inside_its_string(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
