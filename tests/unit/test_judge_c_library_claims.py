"""flawfinder's claims about library calls that store nothing the program sized (c_stream_reads.py)
and about access() checks nothing acts on afterwards (c_access.py). getopt() is FALSE_POSITIVE; a
getc() loop that only compares the character is FALSE_POSITIVE, one that stores it, indexes with it
or keeps arithmetic on it is not; an access() whose path is only printed, local, and whose result
stays in the function is FALSE_POSITIVE, one followed by an open, on a parameter, or whose result
is returned is not. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

GETOPT = (
    "buffer/getopt:Some older implementations do not protect against internal buffer overflows "
    "(CWE-120, CWE-20)."
)
GETC = "buffer/getc:Check buffer boundaries if used in a loop including recursive loops (CWE-120, CWE-20)."
ACCESS = (
    "race/access:This usually indicates a security flaw. If an attacker can change anything along the path "
    "between the call to access() and the file's actual use (e.g., by moving files), the attacker can "
    "exploit the race condition (CWE-362/CWE-367!)."
)
HEAD = "#include <stdio.h>\n#include <string.h>\n#include <unistd.h>\n#include <ctype.h>\n\n"


def test_getopt_stores_nothing_the_program_sized(tmp_path: Path) -> None:
    code = HEAD + (
        "int main(int argc, char **argv)\n{\n    int c, v = 0;\n\n"
        '    while ((c = getopt(argc, argv, "v")) != -1) /* <- */\n'
        "        if (c == 'v')\n            v++;\n"
        "    return v;\n}\n"
    )
    assert judge_marked(tmp_path, code, "FF1027", GETOPT, (120, 20)).verdict == "FALSE_POSITIVE"


GETC_LOOPS = {
    "counts-lines": ("    while ((c = getc(f)) != EOF)\n        if (c == '\\n')\n            n++;\n", True),
    "copies-out": (
        "    while ((c = fgetc(f)) != EOF)\n        if (!isspace(c))\n            putchar(c);\n",
        True,
    ),
    "switch": (
        "    while ((c = getc(f)) != EOF)\n        switch (c) {\n        case 'a':\n            n++;\n"
        "            break;\n        }\n",
        True,
    ),
    "stored": ("    while ((c = getc(f)) != EOF)\n        buf[n++] = (char)c;\n", False),
    "index": ("    while ((c = getc(f)) != EOF)\n        count[c]++;\n", False),
    "kept-elsewhere": (
        "    while ((c = getc(f)) != EOF) {\n        int d = c - '0';\n        buf[d] = 1;\n    }\n",
        False,
    ),
    "straight-into-memory": ("    while (!feof(f))\n        buf[n++] = (char)getc(f);\n", False),
}


@pytest.mark.parametrize("case", sorted(GETC_LOOPS))
def test_a_getc_loop(tmp_path: Path, case: str) -> None:
    body, safe = GETC_LOOPS[case]
    lines = body.split("\n")
    marked = next(i for i, ln in enumerate(lines) if "getc(" in ln)
    lines[marked] += " /* <- */"
    code = HEAD + (
        "int count[256];\n\nint scan(FILE *f)\n{\n    int c;\n    int n = 0;\n    char buf[4];\n\n"
        + "\n".join(lines)
        + "    return n + buf[0];\n}\n"
    )
    got = judge_marked(tmp_path, code, "FF1029", GETC, (120, 20))
    assert (got.verdict == "FALSE_POSITIVE") == safe, (case, got.verdict, got.justification)


ACCESS_CASES = {
    "printed": ('    printf("%s %s\\n", access(full, R_OK) == 0 ? "ok" : "missing", full); /* <- */\n', True),
    "if-printed-void": (
        "    if (access(full, R_OK) == 0) /* <- */\n        puts(full);\n",
        True,
    ),
    "opened-after": (
        '    if (access(full, R_OK) == 0) { /* <- */\n        FILE *f = fopen(full, "r");\n'
        "        if (f)\n            fclose(f);\n    }\n",
        False,
    ),
    "result-returned": ("    n = access(full, R_OK); /* <- */\n    puts(full);\n    return;\n", True),
}


@pytest.mark.parametrize("case", sorted(ACCESS_CASES))
def test_an_access_check(tmp_path: Path, case: str) -> None:
    body, safe = ACCESS_CASES[case]
    code = HEAD + (
        "void check(const char *dir)\n{\n    char full[256];\n    int n;\n\n"
        '    snprintf(full, sizeof full, "%s/x", dir);\n' + body + "    (void)n;\n}\n"
    )
    got = judge_marked(tmp_path, code, "FF1030", ACCESS, (362, 367))
    assert (got.verdict == "FALSE_POSITIVE") == safe, (case, got.verdict, got.justification)


def test_an_access_check_on_a_parameter_or_returned(tmp_path: Path) -> None:
    on_param = (
        HEAD
        + 'int check(const char *p)\n{\n    printf("%d\\n", access(p, R_OK)); /* <- */\n    return 0;\n}\n'
    )
    assert judge_marked(tmp_path, on_param, "FF1030", ACCESS, (362, 367)).verdict != "FALSE_POSITIVE"
    returned = HEAD + (
        'int check(void)\n{\n    char full[8] = "x";\n\n'
        "    if (access(full, R_OK) != 0) /* <- */\n        return -1;\n"
        "    return 0;\n}\n"
    )
    assert judge_marked(tmp_path, returned, "FF1030", ACCESS, (362, 367)).verdict != "FALSE_POSITIVE"
