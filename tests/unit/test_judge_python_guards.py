"""Validators and guards of the project's own code (issue 12 §2): a function whose body rejects bad
input proves its argument safe where the caller relies on it (after it returns, or on the branch
where it answered true, or false); a check that rejects '..' and absolute paths keeps a path inside
its directory. A check that does not reject the dangerous input proves nothing (recall first).

Programs mark their sink line with ``# <-`` (the judge never reads comments); written for these tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import Judgement, judge_finding
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP, NR = "TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"

CHECKS = """
import re
def validate_name(x):
    if not re.fullmatch(r"[A-Za-z0-9_]+", x):
        raise ValueError("bad name")
"""


def judge(tmp_path: Path, code: str, cwe: int, files: dict[str, str] | None = None) -> Judgement:
    (tmp_path / "app.py").write_text(code)
    for rel, body in (files or {}).items():
        (tmp_path / rel).write_text(body)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "# <-" in ln)
    finding = Finding(
        tool="scanner", rule_id="rule", message="m", location=Location("app.py", Region(line)), cwe=(cwe,)
    )
    return judge_finding(finding, WorkspaceIndex(tmp_path))


CASES: list[tuple[str, int, str, str, dict[str, str]]] = [
    # ------------------------------------------------ a validator that raises: safe after it returns
    (
        "validator-raises-same-file",
        78,
        FP,
        """
import os, re
from flask import request
def validate_name(x):
    if not re.fullmatch(r"[A-Za-z0-9_]+", x):
        raise ValueError("bad name")
def view():
    n = request.args["n"]
    validate_name(n)
    os.system("ls " + n)  # <-
""",
        {},
    ),
    (
        "validator-raises-imported",
        78,
        FP,
        """
import os
from flask import request
from checks import validate_name
def view():
    n = request.args["n"]
    validate_name(n)
    os.system("ls " + n)  # <-
""",
        {"checks.py": CHECKS},
    ),
    (
        "validator-checks-length-only",
        78,
        TP,
        """
import os
from flask import request
def validate_name(x):
    if len(x) > 100:
        raise ValueError("too long")
def view():
    n = request.args["n"]
    validate_name(n)
    os.system("ls " + n)  # <-
""",
        {},
    ),
    (
        "validator-called-on-another-variable",
        78,
        TP,
        """
import os
from flask import request
from checks import validate_name
def view():
    n = request.args["n"]
    validate_name(request.args["other"])
    os.system("ls " + n)  # <-
""",
        {"checks.py": CHECKS},
    ),
    (
        "validator-reassigns-its-parameter",
        78,
        TP,
        """
import os, re
from flask import request
def validate_name(x):
    x = x.strip()
    if not re.fullmatch(r"[A-Za-z0-9_]+", x):
        raise ValueError("bad name")
def view():
    n = request.args["n"]
    validate_name(n)
    os.system("ls " + n)  # <-
""",
        {},
    ),
    # ------------------------------------------------ a validator that answers: safe where it answered
    (
        "bool-validator-true-branch",
        78,
        FP,
        """
import os, re
from flask import request
def is_valid(x):
    return re.fullmatch(r"[a-z]+", x) is not None
def view():
    n = request.args["n"]
    if is_valid(n):
        os.system("ls " + n)  # <-
""",
        {},
    ),
    (
        "bool-validator-false-branch-is-not-safe",
        78,
        TP,
        """
import os, re
from flask import request
def is_valid(x):
    return re.fullmatch(r"[a-z]+", x) is not None
def view():
    n = request.args["n"]
    if not is_valid(n):
        os.system("ls " + n)  # <-
""",
        {},
    ),
    (
        "bool-validator-weak",
        78,
        TP,
        """
import os
from flask import request
def is_valid(x):
    return len(x) < 10
def view():
    n = request.args["n"]
    if is_valid(n):
        os.system("ls " + n)  # <-
""",
        {},
    ),
    (
        "bool-validator-early-returns",
        78,
        FP,
        """
import os
from flask import request
ALLOWED = {"docs", "logs"}
def is_allowed(x):
    if not x:
        return False
    if x not in ALLOWED:
        return False
    return True
def view():
    n = request.args["n"]
    if not is_allowed(n):
        return "no"
    os.system("ls " + n)  # <-
""",
        {},
    ),
    (
        "rejecting-validator-guard",
        78,
        FP,
        """
import os, re
from flask import request, abort
def is_bad(x):
    if re.fullmatch(r"[a-z]+", x):
        return False
    return True
def view():
    n = request.args["n"]
    if is_bad(n):
        abort(400)
    os.system("ls " + n)  # <-
""",
        {},
    ),
    (
        "is-safe-url-guard",
        601,
        FP,
        """
from flask import request, redirect
from urllib.parse import urlparse
def is_safe_url(u):
    p = urlparse(u)
    return not p.netloc and not p.scheme
def view():
    u = request.args["next"]
    if not is_safe_url(u):
        return redirect("/")
    return redirect(u)  # <-
""",
        {},
    ),
    # ------------------------------------------------ paths: '..' and absolute paths rejected
    (
        "path-rejects-dotdot-and-absolute",
        22,
        FP,
        """
import os
from flask import request
def view():
    p = request.args["p"]
    if ".." in p or p.startswith("/"):
        return "no"
    return open(os.path.join("/srv", p)).read()  # <-
""",
        {},
    ),
    (
        "path-rejects-dotdot-and-isabs",
        22,
        FP,
        """
import os
from flask import request, abort
def view():
    p = request.args["p"]
    if os.path.isabs(p) or ".." in p:
        abort(404)
    return open(os.path.join("/srv", p)).read()  # <-
""",
        {},
    ),
    (
        "path-rejects-dotdot-only",
        22,
        TP,
        """
import os
from flask import request
def view():
    p = request.args["p"]
    if ".." in p:
        return "no"
    return open(os.path.join("/srv", p)).read()  # <-
""",
        {},
    ),
    (
        "path-rejects-dotdot-slash-only",
        22,
        TP,
        """
import os
from flask import request
def view():
    p = request.args["p"]
    if "../" in p or p.startswith("/"):
        return "no"
    return open(os.path.join("/srv", p)).read()  # <-
""",
        {},
    ),
]


@pytest.mark.parametrize(("name", "cwe", "expected", "code", "files"), CASES, ids=[c[0] for c in CASES])
def test_guards(tmp_path: Path, name: str, cwe: int, expected: str, code: str, files: dict[str, str]) -> None:
    j = judge(tmp_path, code, cwe, files)
    assert j.verdict == expected, f"{name}: {j.verdict} ({j.reason}): {j.justification}"
    if j.verdict == FP:
        assert any(e.role in {"guard", "sanitizer"} for e in j.evidence)


def test_a_validator_is_named_with_the_check_inside_it(tmp_path: Path) -> None:
    j = judge(tmp_path, CASES[1][3], 78, CASES[1][4])
    assert j.verdict == FP
    assert "validate_name()" in j.justification and "checks.py:4" in j.justification, j.justification
