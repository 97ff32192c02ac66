"""Members of ``self`` as real code uses them (found in Flask-Admin 1.6.1, read by hand): a class
attribute or a method's answer may be changed by a subclass (often outside the workspace: a library
is meant to be subclassed) or by the instance, so a condition on one never proves a branch dead; and
an attribute list filled with ``self.x.append(...)`` in one method holds those items in the others;
a property's value is what it computes, not the ``None`` another method assigns (mkdocs 1.6.1).
Each unsound form is beside the forms that stay provable.

Programs mark their line with ``# <-`` (the judge never reads comments); written for these tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP = "TRUE_POSITIVE", "FALSE_POSITIVE"

CASES: list[tuple[str, int, str, str]] = [
    (
        "class-attribute-flag-does-not-make-a-branch-dead",
        601,
        TP,
        """
from flask import redirect, request
class Admin:
    can_upload = True
    def upload(self):
        if not self.can_upload:
            return redirect(request.args["next"])  # <-
        return "ok"
""",
    ),
    (
        "overridable-method-answer-does-not-make-a-branch-dead",
        601,
        TP,
        """
from flask import redirect, request
class Admin:
    def is_accessible(self, path):
        return True
    def view(self, path):
        if not self.is_accessible(path):
            return redirect(request.args["next"])  # <-
        return "ok"
""",
    ),
    (
        "class-attribute-in-a-conditional-expression",
        79,
        TP,
        """
from markupsafe import Markup
from flask import request
class Widget:
    raw = False
    def render(self):
        return Markup(request.args["t"]) if self.raw else "plain"  # <-
""",
    ),
    (
        "attribute-list-filled-in-init-is-not-empty-elsewhere",
        79,
        TP,
        """
from markupsafe import Markup
class Group:
    def __init__(self, prepend=None):
        self._addons = []
        for cnf in prepend or []:
            self._addons.append(cnf)
    def __call__(self):
        parts = []
        for cnf in self._addons:
            parts.append(cnf["html"])
        if parts:
            return Markup("".join(parts))  # <-
        return ""
""",
    ),
    (
        "cached-property-is-not-the-none-another-method-assigns",
        22,
        TP,
        """
import os
from functools import cached_property
class Page:
    def __init__(self, name):
        self.name = name
    @cached_property
    def source(self):
        return os.path.join("/srv/pages", self.name)
    def forget(self):
        self.source = None
    def read(self):
        with open(self.source) as f:  # <-
            return f.read()
""",
    ),
    (
        "module-constant-still-makes-a-branch-dead",
        95,
        FP,
        """
from flask import request
DEBUG = False
class Console:
    def run(self):
        if DEBUG:
            return eval(request.args["expr"])  # <-
        return None
""",
    ),
    (
        "local-constant-still-makes-a-branch-dead",
        95,
        FP,
        """
from flask import request
class Console:
    def run(self):
        enabled = False
        if enabled:
            return eval(request.args["expr"])  # <-
        return None
""",
    ),
]


@pytest.mark.parametrize(("name", "cwe", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_members(tmp_path: Path, name: str, cwe: int, expected: str, code: str) -> None:
    (tmp_path / "app.py").write_text(code)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "# <-" in ln)
    finding = Finding(
        tool="scanner", rule_id="rule", message="m", location=Location("app.py", Region(line)), cwe=(cwe,)
    )
    j = judge_finding(finding, WorkspaceIndex(tmp_path))
    assert j.verdict == expected, f"{name}: {j.verdict} ({j.reason}): {j.justification}"
    if j.verdict == FP:
        assert any(e.role == "dead_branch" for e in j.evidence), j.justification
