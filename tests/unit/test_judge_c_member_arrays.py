"""A character-array member the file keeps terminated (c_member_arrays): objects of the struct start
zeroed and every write into a member of that name leaves a terminator inside it (a checked
``strcpy``, a helper of the file that copies a clamped length and terminates, ``snprintf`` with the
member's size, ``fgets``, ``sscanf("%8s")``, a ``memcpy`` of a checked length followed by a
terminator). Then ``strlen(po->vendor)``, ``sprintf(line, "%s", po->vendor)`` and ``strcpy(line,
po->vendor)`` read at most the member's size less one, in any function. Unsound variants keep the
findings: an object not zeroed, a non-NUL element store, a copy without a terminator, a terminator
at an unchecked place, an unchecked ``strcpy``, a ``strncpy`` of the whole member, ``sscanf`` with a
width as large as the member, ``snprintf`` with a larger size, a helper handed a width one too
large or that does not terminate, a pointer into the member kept, raw bytes read or copied over the
struct, the struct's bytes reached through a cast or ``offsetof()``, a workspace function handed the
member that may write it, an element of an array at an unchecked place. Code written for these
tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

STRLEN = "buffer/strlen:Does not handle strings that are not \\0-terminated (CWE-126)."
SPRINTF = "buffer/sprintf:Does not check for buffer overflows (CWE-120)."
STRCPY = "buffer/strcpy:Does not check for buffer overflows when copying to destination (CWE-120)."

PROGRAM = """#include <stdio.h>
#include <string.h>

struct po {
    char vendor[9];
    int open;
};

static int start(struct po *po, const char *v)
{
    if (strlen(v) > 8)
        return -1;
    strcpy(po->vendor, v);
    po->open = 1;
    return 0;
}

static size_t width(const struct po *po)
{
    return strlen(po->vendor); /* strlen */
}

static void show(const struct po *po)
{
    char line[16];
    char copy[9];

    sprintf(line, "[%s]", po->vendor); /* sprintf */
    strcpy(copy, po->vendor); /* strcpy */
    puts(line);
    puts(copy);
}

int main(int argc, char **argv)
{
    struct po po;

    memset(&po, 0, sizeof po);
    if (argc > 1 && start(&po, argv[1]) == 0) {
        printf("%zu\\n", width(&po));
        show(&po);
    }
    return 0;
}
"""
WRITE = "    strcpy(po->vendor, v);\n"
HELPER = """static void copy_field(char *dst, const char *src, size_t width)
{
    size_t n = strcspn(src, "|");

    if (n > width)
        n = width;
    memcpy(dst, src, n);
    dst[n] = '\\0';
}

"""
SAFE = {
    "checked-strcpy": PROGRAM,
    "helper-writer": PROGRAM.replace("static int start(", HELPER + "static int start(").replace(
        WRITE, "    copy_field(po->vendor, v, 8);\n"
    ),
    "snprintf-of-its-size": PROGRAM.replace(WRITE, '    snprintf(po->vendor, sizeof po->vendor, "%s", v);\n'),
    "sscanf-with-a-width": PROGRAM.replace(
        WRITE, '    if (sscanf(v, "%8s", po->vendor) != 1)\n        return -1;\n'
    ),
    "memcpy-then-terminator": PROGRAM.replace(
        "    if (strlen(v) > 8)\n        return -1;\n" + WRITE,
        "    size_t n = strlen(v);\n    if (n > 8)\n        return -1;\n"
        "    memcpy(po->vendor, v, n);\n    po->vendor[n] = '\\0';\n",
    ),
    "strncpy-then-last-byte": PROGRAM.replace(
        WRITE, "    strncpy(po->vendor, v, sizeof po->vendor);\n    po->vendor[8] = '\\0';\n"
    ),
    "zero-initialiser": PROGRAM.replace(
        "    struct po po;\n\n    memset(&po, 0, sizeof po);\n", "    struct po po = {0};\n\n"
    ),
}
KEPT = {
    "helper-writer-one-too-wide": PROGRAM.replace("static int start(", HELPER + "static int start(").replace(
        WRITE, "    copy_field(po->vendor, v, 9);\n"
    ),
    "helper-writer-without-terminator": PROGRAM.replace(
        "static int start(", HELPER.replace("    dst[n] = '\\0';\n", "") + "static int start("
    ).replace(WRITE, "    copy_field(po->vendor, v, 8);\n"),
    "object-not-zeroed": PROGRAM.replace("    memset(&po, 0, sizeof po);\n", ""),
    "element-store": PROGRAM.replace("    po->open = 1;\n", "    po->open = 1;\n    po->vendor[8] = 'x';\n"),
    "memcpy-without-terminator": PROGRAM.replace(WRITE, "    memcpy(po->vendor, v, strlen(v));\n"),
    "terminator-at-an-unchecked-place": PROGRAM.replace(
        "    if (strlen(v) > 8)\n        return -1;\n" + WRITE,
        "    size_t n = strlen(v);\n    memcpy(po->vendor, v, 8);\n    po->vendor[n] = '\\0';\n",
    ),
    "unchecked-strcpy": PROGRAM.replace("    if (strlen(v) > 8)\n        return -1;\n", ""),
    "strncpy-of-the-whole-member": PROGRAM.replace(WRITE, "    strncpy(po->vendor, v, sizeof po->vendor);\n"),
    "sscanf-width-of-the-whole-member": PROGRAM.replace(
        WRITE, '    if (sscanf(v, "%9s", po->vendor) != 1)\n        return -1;\n'
    ),
    "snprintf-larger-size": PROGRAM.replace(WRITE, '    snprintf(po->vendor, 64, "%s", v);\n'),
    "pointer-kept": PROGRAM.replace(
        "    po->open = 1;\n", "    po->open = 1;\n    char *p = po->vendor;\n    p[8] = 'x';\n"
    ),
    "raw-bytes": PROGRAM.replace(
        "    memset(&po, 0, sizeof po);\n",
        "    memset(&po, 0, sizeof po);\n    if (fread(&po, sizeof po, 1, stdin) != 1)\n        return 1;\n",
    ),
    "struct-cast-to-bytes": PROGRAM.replace(
        "    po->open = 1;\n",
        "    po->open = 1;\n    unsigned char *b = (unsigned char *)po;\n    b[8] = 'x';\n",
    ),
    "offsetof-write": PROGRAM.replace(
        "#include <string.h>\n", "#include <string.h>\n#include <stddef.h>\n"
    ).replace(
        "    po->open = 1;\n",
        "    po->open = 1;\n    size_t off = offsetof(struct po, vendor) + 8;\n"
        "    memset((char *)po + off, 'x', 1);\n",
    ),
    "struct-copied-from-bytes": PROGRAM.replace(
        "    po->open = 1;\n", "    po->open = 1;\n    memcpy(po, v, sizeof *po);\n"
    ),
    "handed-to-a-writer": PROGRAM.replace(
        "static int start(", "void fill(char *s);\n\nstatic int start("
    ).replace("    po->open = 1;\n", "    po->open = 1;\n    fill(po->vendor);\n"),
}
CHECKS = (("FF1022", STRLEN, (126,), "/* strlen */"), ("FF1015", SPRINTF, (120,), "/* sprintf */"),
          ("FF1001", STRCPY, (120,), "/* strcpy */"))  # fmt: skip


def _line(code: str, mark: str) -> int:
    return next(i for i, ln in enumerate(code.splitlines(), 1) if mark in ln)


def judge_all(tmp_path: Path, code: str) -> list[str]:
    out = []
    for rule, message, cwe, mark in CHECKS:
        got = judge_marked(tmp_path, code, rule, message, cwe, line=_line(code, mark))
        out.append(f"{rule} {got.verdict}: {got.justification}")
    return out


@pytest.mark.parametrize("case", sorted(SAFE))
def test_a_member_the_file_keeps_terminated_reads_inside(tmp_path: Path, case: str) -> None:
    for got in judge_all(tmp_path, SAFE[case]):
        assert " FALSE_POSITIVE: " in got and "keeps terminated" in got, (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_a_member_not_shown_terminated_is_kept(tmp_path: Path, case: str) -> None:
    for got in judge_all(tmp_path, KEPT[case]):
        assert " FALSE_POSITIVE: " not in got or "keeps terminated" not in got, (case, got)
    assert any(" FALSE_POSITIVE: " not in got for got in judge_all(tmp_path, KEPT[case])), case


def test_a_member_of_an_element_at_an_unchecked_place_is_kept(tmp_path: Path) -> None:
    code = SAFE["checked-strcpy"].replace(
        "static void show(const struct po *po)\n{",
        "static void show_at(const struct po *tab, int i)\n{\n"
        "    char line[16];\n\n"
        '    sprintf(line, "[%s]", tab[i].vendor); /* at */\n'
        "    puts(line);\n}\n\n"
        "static void show(const struct po *po)\n{",
    )
    got = judge_marked(tmp_path, code, "FF1015", SPRINTF, (120,), line=_line(code, "/* at */"))
    assert got.verdict != "FALSE_POSITIVE", got.justification
