"""atoi() stored in a struct member read only harmlessly anywhere in the file (compared, tested,
printed as a number): no size, index or arithmetic comes from it. Any other read, a member of a
struct the file does not declare, or another file naming it, leaves it open. Code written for these
tests. A file without ``main()`` is a library: a function others may call that takes the struct
hands it to code the analyst cannot read (test_judge_c_inputs)."""

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
int main(int argc, char **argv) { struct cfg c = {0}; if (argc > 1) set(&c, argv[1]); return 0; }
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
    # the struct itself reaches code the analyst cannot read
    "struct-handed-out": ("void apply(struct cfg); void go(struct cfg *c) { apply(*c); }", "not"),
    "address-handed-out": ("void apply(const void *); void go(struct cfg c) { apply(&c); }", "not"),
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
