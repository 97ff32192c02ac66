"""A string copy checked against ``sizeof`` of its own destination fits whatever that size is
(c_symbolic_fit.py): ``char gw[INET_ADDRSTRLEN]`` (a macro of a system header the analyst does not
evaluate) filled by ``strcpy(rt->gw, gw)`` under ``if (strlen(gw) >= sizeof(rt->gw)) return -1;``.
Unsound variants (a check against another array's size, ``<=`` that lets the terminator fall
outside, a pointer destination, the source changed between check and copy, the source's pointer set
again between its measure and the copy: a hole until the sixth session of 2026-11-29) stay kept. Code
written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

MSG = "buffer/strcpy:Does not check for buffer overflows when copying to destination [MS-banned] (CWE-120)."
CODE = """#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

struct route {
    char gw[INET_ADDRSTRLEN];
    char iface[IF_NAMESIZE];
};

int parse(const char *line, struct route *rt)
{
    char gw[64], iface[32];
    size_t n;

    if (sscanf(line, "%63s %31s", gw, iface) != 2)
        return -1;
    if (strlen(gw) >= sizeof(rt->gw))
        return -1;
    n = strlen(iface);
    if (n + 1 > sizeof(rt->iface))
        return -1;
    printf("%s via %s\\n", gw, iface);
    strcpy(rt->gw, gw); /* <-gw */
    strcpy(rt->iface, iface); /* <-iface */
    return 0;
}
"""

_COPY = "    strcpy(rt->gw, gw); /* <-gw */\n"

POINTED = (
    CODE.replace("    size_t n;\n", "    size_t n;\n    const char *src;\n")
    .replace("    n = strlen(iface);", "    src = iface;\n    n = strlen(src);")
    .replace("strcpy(rt->iface, iface);", "strcpy(rt->iface, src);")
)

SAFE = {
    "measured-through-a-pointer": (POINTED, "/* <-iface */"),
    "strlen-below-sizeof": (CODE, "/* <-gw */"),
    "local-length-plus-one": (CODE, "/* <-iface */"),
    "minus-one": (
        CODE.replace("strlen(gw) >= sizeof(rt->gw)", "strlen(gw) > sizeof(rt->gw) - 1"),
        "/* <-gw */",
    ),
}

KEPT = {
    "source-pointer-set-again": (
        POINTED.replace("    strcpy(rt->iface, src);", "    src = line;\n    strcpy(rt->iface, src);"),
        "/* <-iface */",
    ),
    "other-array": (
        CODE.replace("strlen(gw) >= sizeof(rt->gw)", "strlen(gw) >= sizeof(rt->iface)"),
        "/* <-gw */",
    ),
    "terminator-outside": (
        CODE.replace("strlen(gw) >= sizeof(rt->gw)", "strlen(gw) > sizeof(rt->gw)"),
        "/* <-gw */",
    ),
    "pointer-destination": (
        CODE.replace("char gw[INET_ADDRSTRLEN];", "char *gw;"),
        "/* <-gw */",
    ),
    "source-grown": (CODE.replace(_COPY, "    strcat(gw, iface);\n" + _COPY), "/* <-gw */"),
    "source-stored": (CODE.replace(_COPY, "    gw[strlen(gw)] = 'x';\n" + _COPY), "/* <-gw */"),
}


def _judge(tmp_path: Path, code: str, mark: str) -> str:
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if mark in ln)
    got = judge_marked(tmp_path, code, "FF1001", MSG, (120,), name="buffer/strcpy", line=line)
    return f"{got.verdict}: {got.justification}"


@pytest.mark.parametrize("case", sorted(SAFE))
def test_the_copy_fits_its_own_size(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, *SAFE[case])
    assert got.startswith("FALSE_POSITIVE"), (case, got)


@pytest.mark.parametrize("case", sorted(KEPT))
def test_unsound_variants_are_kept(tmp_path: Path, case: str) -> None:
    got = _judge(tmp_path, *KEPT[case])
    assert not got.startswith("FALSE_POSITIVE"), (case, got)
