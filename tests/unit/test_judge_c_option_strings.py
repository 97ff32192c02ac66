"""Pointers that only ever hold getopt()'s ``optarg``, program arguments, string literals or NULL
(c_option_strings): ``strlen()`` of them reads a terminated string. A global other files may assign,
a value from anywhere else, a pointer moved or stored through, or copied into another variable keep
the finding. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import said

STRLEN = (
    "buffer/strlen:Does not handle strings that are not \\0-terminated; if given one it may perform an "
    "over-read (it could cause a crash if unprotected) (CWE-126)."
)
HEAD = "#include <stdio.h>\n#include <string.h>\n#include <unistd.h>\n"


def prog(decl: str, use: str, extra: str = "") -> str:
    return (
        HEAD
        + decl
        + "\n"
        + "static size_t width(void) {\n"
        + f"    {use}\n"
        + "}\n"
        + extra
        + "int main(int argc, char **argv) {\n"
        + "    int c;\n"
        + '    while ((c = getopt(argc, argv, "o:")) != -1) {\n'
        + "        if (c == 'o') out = optarg;\n"
        + "    }\n"
        + "    if (optind < argc) out = argv[optind];\n"
        + '    printf("%zu\\n", width());\n'
        + "    return 0;\n}\n"
    )


READ = "return out ? strlen(out) : 0; /* <- */"

SAFE = {
    "extern-optarg": HEAD
    + "extern char *optarg;\n"
    + "int main(int argc, char **argv) {\n"
    + "    if (getopt(argc, argv, \"n:\") == 'n')\n"
    + '        printf("%zu\\n", strlen(optarg)); /* <- */\n'
    + "    return 0;\n}\n",
    "static-const": prog('static const char *out = "-";', READ),
    "static-plain-only-read": prog(
        "static char *out;", READ, 'static int same(void) { return out && strcmp(out, "-") == 0; }\n'
    ),
    "local-from-optarg": HEAD
    + "int main(int argc, char **argv) {\n"
    + "    const char *name = NULL;\n"
    + "    int c;\n"
    + '    while ((c = getopt(argc, argv, "n:")) != -1)\n'
    + "        if (c == 'n') name = optarg;\n"
    + '    if (name) printf("%zu\\n", strlen(name)); /* <- */\n'
    + "    return 0;\n}\n",
}

KEPT = {
    "not-static": prog("const char *out;", READ),
    "also-a-buffer": prog(
        "static const char *out;",
        READ,
        'static char line[8];\nvoid take(void) { memcpy(line, "abcdefgh", 8); out = line; }\n',
    ),
    "moved": prog("static const char *out;", READ, "void skip(void) { if (out) out++; }\n"),
    "stored-through": prog("static char *out;", READ, "void cut(void) { if (out) out[0] = 'x'; }\n"),
    "copied-elsewhere": prog(
        "static char *out;", READ, "static char *alias;\nvoid keep(void) { alias = out; }\n"
    ),
    "handed-to-unknown-code": prog(
        "static char *out;", READ, "void mangle(char *);\nvoid go(void) { mangle(out); }\n"
    ),
    "argument-not-checked": prog(
        "static const char *out;", READ, "void set(char **argv) { out = argv[3]; }\n"
    ),
}


@pytest.mark.parametrize("case", sorted(SAFE))
def test_a_program_string_is_terminated(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, SAFE[case], "FF1022", STRLEN, (126,), name="buffer/strlen")
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_other_strings_are_kept(tmp_path: Path, case: str) -> None:
    got = said(tmp_path, KEPT[case], "FF1022", STRLEN, (126,), name="buffer/strlen")
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
