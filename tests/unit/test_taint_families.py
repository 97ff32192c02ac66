"""Mapping a finding to the family the offline analyst models: CWE first, then known rule ids."""

from __future__ import annotations

import pytest
from sastls.analyzers.code.taint.families import family_of
from sastls.analyzers.findings.model import Finding, Location, Region


def finding(tool: str, rule: str, cwe: tuple[int, ...] = (), name: str | None = None) -> Finding:
    return Finding(
        tool=tool, rule_id=rule, message="m", location=Location("a.py", Region(1)), cwe=cwe, rule_name=name
    )


@pytest.mark.parametrize(
    ("tool", "rule", "cwe", "name", "family"),
    [
        ("semgrep", "anything", (89,), None, "sql"),
        ("semgrep", "x", (20, 78), None, "command"),  # the first modelled CWE wins
        ("bandit", "B608", (), None, "sql"),
        ("bandit", "B311", (330,), None, "weak_random"),
        ("bandit", "B314", (20,), None, "xxe"),  # bandit files XML under CWE-20: the rule id decides
        ("bandit", "B324", (), None, "weak_hash"),
        ("bandit", "B307", (78,), None, "code"),  # bandit tags eval CWE-78: its test id decides
        ("bandit", "B602", (78,), None, "command"),
        ("cppcheck", "nullPointer", (), None, "null_deref"),
        ("cppcheck", "arrayIndexOutOfBounds", (), None, "buffer"),
        ("flawfinder", "FF1001", (), "buffer/strcpy", "buffer"),
        ("semgrep", "python.lang.security.audit.formatted-sql-query", (), None, "sql"),
        ("semgrep", "my-rule-CWE-601-check", (), None, "redirect"),
        ("bandit", "B101", (703,), None, "assertion"),
        ("bandit", "B110", (703,), None, "swallowed_exception"),
        ("bandit", "B405", (20,), None, "xxe"),  # an XML import: judged by the module's uses
        ("bandit", "B104", (605,), None, None),
        ("custom", "style-nit", (), None, None),
    ],
)
def test_family_of(tool: str, rule: str, cwe: tuple[int, ...], name: str | None, family: str | None) -> None:
    assert family_of(finding(tool, rule, cwe, name)) == family
