"""atoi() stored in a struct member read only harmlessly anywhere in the file (compared, tested,
printed as a number): no size, index or arithmetic comes from it. Any other read, a member of a
struct the file does not declare, or another file naming it, leaves it open. Code written for these
tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

ATOI = "integer/atoi:Unless checked, the resulting number can exceed the expected range (CWE-190)."
HEAD = """#include <stdio.h>
#include <stdlib.h>
struct cfg { int port; int workers; };
void set(struct cfg *c, const char *v) { c->port = atoi(v); /* <- */ }
"""
CASES = {
    "compared-and-printed": (
        "int check(struct cfg *c) { if (c->port <= 0 || c->port > 65535) return -1; "
        'printf("port=%d\\n", c->port); return 0; }',
        "FP",
    ),
    "used-as-an-index": ("int pick(struct cfg *c, int *t) { return t[c->port]; }", "not"),
    "used-in-arithmetic": ("void *grow(struct cfg *c) { return malloc(c->port * 16); }", "not"),
    "handed-to-a-function": ("void listen_on(int); void go(struct cfg *c) { listen_on(c->port); }", "not"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_number_in_a_member(tmp_path: Path, case: str) -> None:
    body, want = CASES[case]
    code = HEAD + body + "\n"
    (tmp_path / "main.c").write_text(code)
    finding = Finding(
        tool="flawfinder",
        rule_id="FF1047",
        rule_name="integer/atoi",
        message=ATOI,
        location=Location("main.c", Region(4)),
        cwe=(190,),
    )
    got = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert (got.verdict == "FALSE_POSITIVE") == (want == "FP"), (case, got.justification)
