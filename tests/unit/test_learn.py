"""A human verdict teaches: a false positive whose reason names a function of the finding's code is
offered as a model row; recorded (only then) in .sastls/models/learned.toml, it decides other findings."""

from __future__ import annotations

from pathlib import Path

import pytest
from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import judge_finding
from sastls.analyzers.code.learn import LEARNED, LearnError, propose, record
from sastls.analyzers.findings.model import Finding, Location, Region
from sastls.analyzers.models import parse_model

CHECKS = """
import acme_rules
def check_name(name):
    return acme_rules.allowed(name)
def require_name(name):
    acme_rules.require(name)
def clean(name):
    return acme_rules.normalize(name)
"""

VIEWS = """
import os
from flask import request
from app.checks import check_name, require_name, clean
def download():
    name = request.args["name"]
    if not check_name(name):
        return "bad", 400
    return open(os.path.join("/srv/files", name)).read()  # <- one
def remove():
    name = request.form["name"]
    if check_name(name):
        os.remove(os.path.join("/srv/files", name))  # <- two
def upload():
    name = request.form["name"]
    require_name(name)
    return open(os.path.join("/srv/up", name), "w")  # <- three
def show():
    name = clean(request.args["name"])
    return open(os.path.join("/srv/files", name)).read()  # <- four
"""


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "checks.py").write_text(CHECKS)
    (tmp_path / "app" / "views.py").write_text(VIEWS)
    return tmp_path


def _finding(tag: str, cwe: int = 22) -> Finding:
    line = next(i for i, ln in enumerate(VIEWS.splitlines(), 1) if f"# <- {tag}" in ln)
    return Finding(
        tool="bandit",
        rule_id="B999",
        message="m",
        location=Location("app/views.py", Region(line)),
        cwe=(cwe,),
    )


def _verdict(ws: Path, tag: str) -> str:
    return judge_finding(_finding(tag), WorkspaceIndex(ws)).verdict


def test_a_reason_naming_a_checked_function_teaches_a_validator(ws: Path) -> None:
    assert _verdict(ws, "one") == _verdict(ws, "two") == "TRUE_POSITIVE"
    p = propose(_finding("one"), "validated by check_name (it allows [a-z] only)", WorkspaceIndex(ws))
    assert p is not None
    assert (p.name, p.role, p.family, p.on) == ("check_name", "validator", "path", "true")
    assert p.defined_at == "app/checks.py:3"
    assert p.describe() == "check_name() as a validator for path traversal"
    assert not (ws / LEARNED).exists()  # nothing is written by a proposal
    path = record(p, ws, user="alice", when="2026-11-25")
    text = path.read_text()
    model, errors = parse_model(LEARNED, text)
    assert model is not None, errors
    assert "# from the verdict on bandit B999 at app/views.py:9 (alice, 2026-11-25)" in text
    assert "check_name is defined at app/checks.py:3" in text
    # every finding through check_name benefits, the one judged and the other one
    assert _verdict(ws, "one") == _verdict(ws, "two") == "FALSE_POSITIVE"
    j = judge_finding(_finding("two"), WorkspaceIndex(ws))
    assert "validated by check_name() (a model in .sastls/models/learned.toml)" in j.justification


def test_a_check_called_as_a_statement_is_a_validator_that_raises(ws: Path) -> None:
    p = propose(_finding("three"), "require_name() rejects bad names", WorkspaceIndex(ws))
    assert p is not None and (p.role, p.on) == ("validator", "return")
    assert _verdict(ws, "three") == "TRUE_POSITIVE"
    record(p, ws)
    assert _verdict(ws, "three") == "FALSE_POSITIVE"


def test_a_function_whose_result_is_used_is_a_sanitizer(ws: Path) -> None:
    p = propose(_finding("four"), "sanitized by app.checks.clean", WorkspaceIndex(ws))
    assert p is not None and (p.name, p.role) == ("clean", "sanitizer")
    record(p, ws)
    assert "[[sanitizers]]" in (ws / LEARNED).read_text()
    assert _verdict(ws, "four") == "FALSE_POSITIVE"


@pytest.mark.parametrize(
    "reason",
    [
        "",
        "not reachable from the internet",  # names no function of the code
        "validated by is_safe_name",  # a function the finding's code does not call
        "the value goes through os.path.join",  # a library the models know already
        "int() makes it safe",  # a builtin
    ],
)
def test_no_offer_without_a_function_of_the_findings_code(ws: Path, reason: str) -> None:
    assert propose(_finding("one"), reason, WorkspaceIndex(ws)) is None


def test_no_offer_for_a_configuration_finding(ws: Path) -> None:
    assert propose(_finding("one", cwe=327), "check_name", WorkspaceIndex(ws)) is None


def test_recording_twice_adds_one_row_and_a_known_one_is_not_offered(ws: Path) -> None:
    p = propose(_finding("one"), "check_name", WorkspaceIndex(ws))
    assert p is not None
    record(p, ws)
    record(p, ws)
    assert (ws / LEARNED).read_text().count("[[validators]]") == 1
    assert propose(_finding("two"), "check_name", WorkspaceIndex(ws)) is None  # already a model


def test_a_broken_learned_file_is_left_as_it_is(ws: Path) -> None:
    p = propose(_finding("one"), "check_name", WorkspaceIndex(ws))
    assert p is not None
    (ws / LEARNED).parent.mkdir(parents=True)
    (ws / LEARNED).write_text("language = \n")
    with pytest.raises(LearnError, match="not valid; fix it first"):
        record(p, ws)
    assert (ws / LEARNED).read_text() == "language = \n"
