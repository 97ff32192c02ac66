"""inet_pton() only reads its text argument, inet_ntop() writes at most its size argument (and a
terminator on success); ``sizeof(buf)`` of an array is its size even when a system header's macro
sizes it. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .c_snippet import judge_marked

DECL = "buffer/char:Statically-sized arrays can be improperly restricted (CWE-119!/CWE-120)."
HEAD = "#include <stdio.h>\n#include <arpa/inet.h>\n"
CASES = {
    "ntop-sizeof-system-macro": (
        "void show(struct in_addr a)\n{\n    char buf[INET_ADDRSTRLEN]; /* <- */\n"
        "    if (inet_ntop(AF_INET, &a, buf, sizeof(buf)) != NULL)\n        puts(buf);\n}",
        "FP",
    ),
    "ntop-size-larger-than-buffer": (
        "void show(struct in_addr a)\n{\n    char buf[16]; /* <- */\n"
        "    if (inet_ntop(AF_INET6, &a, buf, 46) != NULL)\n        puts(buf);\n}",
        "not",
    ),
    "pton-reads-the-text": (
        "int parse(struct in_addr *out)\n{\n    char ip[64]; /* <- */\n"
        '    if (scanf("%63s", ip) != 1)\n        return -1;\n    return inet_pton(AF_INET, ip, out);\n}',
        "FP",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_address_conversions(tmp_path: Path, case: str) -> None:
    body, want = CASES[case]
    code = HEAD + body + "\n"
    got = judge_marked(tmp_path, code, "FF1013", DECL, (119, 120), name="buffer/char")
    assert (got.verdict == "FALSE_POSITIVE") == (want == "FP"), (case, got.justification)
