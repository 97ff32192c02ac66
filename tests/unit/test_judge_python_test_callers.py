"""A function whose only callers are tests is called from outside: tests pass the values they check
(a constant file name, a basename), not what the function's real callers pass (bottle 0.13.2's
``static_file`` was called FALSE_POSITIVE because ``test/test_sendfile.py`` passes a basename). Tests
still count as callers beside real ones, and real callers that pass constants still decide.

Written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.code.taint.python.callers import is_test_module
from sastls.analyzers.findings.model import Finding, Location, Region

LIB = """
import os
def read_page(name):
    return open(os.path.join("/srv/pages", name)).read()
"""
TEST_CALLER = """
import os
from pages import read_page
def test_read():
    assert read_page(os.path.basename(__file__))
"""
APP_CALLER = """
from pages import read_page
def home():
    return read_page("home.html")
"""


def _judge(tmp_path: Path, files: dict[str, str]) -> str:
    for rel, code in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(code)
    finding = Finding(
        tool="semgrep", rule_id="path", message="m", location=Location("pages.py", Region(4)), cwe=(22,)
    )
    return judge_finding(finding, WorkspaceIndex(tmp_path)).verdict


@pytest.mark.parametrize(
    ("callers", "expected"),
    [
        ({"tests/test_pages.py": TEST_CALLER}, "TRUE_POSITIVE"),
        ({"test_pages.py": TEST_CALLER}, "TRUE_POSITIVE"),
        ({"app.py": APP_CALLER}, "FALSE_POSITIVE"),
        ({"app.py": APP_CALLER, "tests/test_pages.py": TEST_CALLER}, "FALSE_POSITIVE"),
    ],
    ids=["only-tests-folder", "only-test-module", "application-caller", "application-and-test-callers"],
)
def test_callers_that_are_tests(tmp_path: Path, callers: dict[str, str], expected: str) -> None:
    assert _judge(tmp_path, {"pages.py": LIB, **callers}) == expected


def test_test_modules() -> None:
    assert is_test_module("tests/test_x.py") and is_test_module("pkg/test/util.py")
    assert is_test_module("x_test.py") and is_test_module("conftest.py")
    assert not is_test_module("pkg/testing_tools.py") and not is_test_module("app/contest.py")
