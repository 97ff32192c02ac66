"""bandit's B101 (``assert`` is removed by ``python -O``) and B110/B112 (an exception dropped),
which real projects report by the hundred (Flask-Admin 1.6.1: 1,632 asserts, all "rule not
modelled" before). An assert matters where it is the check of input; a test's assert and an assert
on internal state do not. Written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"

CASES: list[tuple[str, str, str, str]] = [
    ("test-function", "B101", FP, "def test_add():\n    assert 1 + 1 == 2  # <-\n"),
    (
        "unittest-method",
        "B101",
        FP,
        "import unittest\nclass Checks(unittest.TestCase):\n"
        "    def test_x(self):\n        assert self.id()  # <-\n",
    ),
    (
        "pytest-fixture",
        "B101",
        FP,
        "import pytest\n@pytest.fixture\ndef client():\n    c = object()\n    assert c  # <-\n    return c\n",
    ),
    (
        "test-named-method-of-a-production-class",
        "B101",
        TP,
        "from flask import request\nclass Db:\n    def test_connection(self):\n"
        "        assert request.args['dsn']  # <-\n",
    ),
    (
        "test-named-function-that-production-code-calls",
        "B101",
        TP,
        "from flask import request\ndef test_connection(dsn):\n    assert dsn.startswith('pg://')  # <-\n"
        "    return dsn\ndef connect():\n    return test_connection(request.args['dsn'])\n",
    ),
    (
        "request-data-checked-only-by-an-assert",
        "B101",
        TP,
        "from flask import request\ndef upload():\n    name = request.args['name']\n"
        "    assert '..' not in name  # <-\n    return open(name).read()\n",
    ),
    (
        "parameter-of-a-public-function",
        "B101",
        TP,
        "def parse(data):\n    assert isinstance(data, dict)  # <-\n    return data\n",
    ),
    (
        "internal-constant-state",
        "B101",
        FP,
        "def limits():\n    limit = 10\n    assert limit > 0  # <-\n    return limit\n",
    ),
    (
        "try-except-pass",
        "B110",
        TP,
        "def f(g):\n    try:\n        g()\n    except Exception:  # <-\n        pass\n",
    ),
]


@pytest.mark.parametrize(("name", "rule", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_assert_and_dropped_exceptions(
    tmp_path: Path, name: str, rule: str, expected: str, code: str
) -> None:
    (tmp_path / "app.py").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "# <-" in ln)
    finding = Finding(
        tool="bandit", rule_id=rule, message="m", location=Location("app.py", Region(line)), cwe=(703,)
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert j.verdict == expected, f"{name}: {j.verdict} ({j.reason}): {j.justification}"
    if j.verdict == FP:
        assert any(e.role in {"safe_variant", "constant"} for e in j.evidence), j.justification
