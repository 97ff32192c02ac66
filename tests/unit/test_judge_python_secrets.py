"""A "hard-coded password" (bandit B105/B106/B107) given None holds no secret (httpie 3.2.4's session
defaults ``{'username': None, 'password': None}``); any other literal, an empty string included,
stays a finding. Written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP = "TRUE_POSITIVE", "FALSE_POSITIVE"

CASES = [
    ("dict-entries-none", "B105", FP, "auth = {\n    'username': None,  # <-\n    'password': None,\n}\n"),
    ("dict-start-line-none", "B105", FP, "creds = {  # <-\n    'user': None,\n    'password': None,\n}\n"),
    ("assignment-none", "B105", FP, "password = None  # <-\n"),
    ("default-none", "B107", FP, "def login(user, password=None):  # <-\n    return user\n"),
    ("keyword-none", "B106", FP, "def f(c):\n    return c(user='u', password=None)  # <-\n"),
    ("literal", "B105", TP, "password = 'hunter2'  # <-\n"),
    ("empty-string", "B105", TP, "password = ''  # <-\n"),
    ("one-none-one-literal", "B105", TP, "conf = {'password': None, 'token': 'abc123'}  # <-\n"),
    ("conditional", "B105", TP, "import os\npassword = None if os.environ.get('X') else 'pw'  # <-\n"),
]


@pytest.mark.parametrize(("name", "rule", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_none_is_no_secret(tmp_path: Path, name: str, rule: str, expected: str, code: str) -> None:
    (tmp_path / "app.py").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "# <-" in ln)
    finding = Finding(
        tool="bandit", rule_id=rule, message="m", location=Location("app.py", Region(line)), cwe=(259,)
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert j.verdict == expected, f"{name}: {j.verdict} ({j.reason}): {j.justification}"
