"""A struct field array (flawfinder's ``char buf[N]`` on a member declaration) is a different
object from any variable of the same name: a parameter ``host`` read as a string is not a read of
``c->host``, and a ``%s`` conversion of sscanf() into ``c->host`` is an unbounded write into the
field. Code written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import Judgement, judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP = "TRUE_POSITIVE", "FALSE_POSITIVE"
DECL = "buffer/char:Statically-sized arrays (CWE-119!/CWE-120)."


def judge(tmp_path: Path, code: str) -> Judgement:
    (tmp_path / "main.c").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "/* <- */" in ln)
    finding = Finding(
        tool="flawfinder",
        rule_id="FF1013",
        message=DECL,
        location=Location("main.c", Region(line)),
        cwe=(119, 120),
    )
    return judge_finding(finding, WorkspaceIndex(tmp_path))


HEAD = """#include <stdio.h>
#include <string.h>
struct conf {
    char host[64]; /* <- */
    int port;
};
"""

CASES = [
    (
        "parameter-of-the-same-name-is-not-the-field",
        FP,
        """void set_host(struct conf *c, const char *host)
{
    snprintf(c->host, sizeof c->host, "%s", host);
}
void show(const struct conf *c, const char *host)
{
    printf("%s -> %s\\n", host, c->host);
}
""",
        ["snprintf"],
    ),
    (
        "scanf-percent-s-into-the-field",
        TP,
        """int parse(struct conf *c, const char *line)
{
    return sscanf(line, "%s %d", c->host, &c->port);
}
""",
        ["sscanf", "c->host"],
    ),
    (
        "local-of-the-same-name-overrun-field-bounded",
        FP,
        """void set_host(struct conf *c, const char *name)
{
    char host[256];
    snprintf(host, sizeof host, "%s", name);
    memcpy(c->host, host, sizeof c->host - 1);
    c->host[sizeof c->host - 1] = 0;
}
""",
        ["c->host"],
    ),
    (
        "field-overrun-local-of-the-same-name-bounded",
        TP,
        """void set_host(struct conf *c, const char *name)
{
    char host[8];
    snprintf(host, sizeof host, "%s", name);
    strcpy(c->host, name);
}
""",
        ["strcpy", "c->host"],
    ),
]


@pytest.mark.parametrize(("case", "verdict", "body", "said"), CASES, ids=[c[0] for c in CASES])
def test_field_is_its_own_object(tmp_path: Path, case: str, verdict: str, body: str, said: list[str]) -> None:
    got = judge(tmp_path, HEAD + body)
    assert got.verdict == verdict, (case, got.justification)
    for word in said:
        assert word in got.justification, (case, got.justification)
