"""The user's models teach the offline analyst their project: a validator, a sanitizer, a source of
their own code outrank the analyst's reading of the function's body; a bad file changes nothing."""

from __future__ import annotations

from pathlib import Path

from sastls.analyzers.code.index import WorkspaceIndex
from sastls.analyzers.code.judge import Judgement, judge_finding
from sastls.analyzers.config import load_config
from sastls.analyzers.findings.model import Finding, Location, Region

TP, FP = "TRUE_POSITIVE", "FALSE_POSITIVE"

CHECKS = """
import acme_rules
def check_name(name):
    return acme_rules.allowed(name)
def clean(name):
    return acme_rules.normalize(name)
def read_message():
    return "hello"
"""

GUARDED = """
import os
from flask import request
from app.checks import check_name
def download():
    name = request.args["name"]
    if not check_name(name):
        return "bad", 400
    return open(os.path.join("/srv/files", name)).read()  # <-
"""

ASSERTED = """
import os
from flask import request
from app.checks import check_name
def download():
    name = request.args["name"]
    check_name(name)
    return open(os.path.join("/srv/files", name)).read()  # <-
"""

SANITIZED = """
import os
from flask import request
from app import checks
def download():
    name = checks.clean(request.args["name"])
    return open(os.path.join("/srv/files", name)).read()  # <-
"""

OWN_SOURCE = """
import os
from app.checks import read_message
def show():
    msg = read_message()
    os.system("echo " + msg)  # <-
"""


def _judge(root: Path, code: str, cwe: int, models: dict[str, str] | None = None) -> Judgement:
    (root / "app").mkdir(exist_ok=True)
    (root / "app" / "__init__.py").write_text("")
    (root / "app" / "checks.py").write_text(CHECKS)
    (root / "app" / "views.py").write_text(code)
    d = root / ".sastls" / "models"
    d.mkdir(parents=True, exist_ok=True)
    for name, text in (models or {}).items():
        (d / name).write_text(text)
    line = next(i for i, ln in enumerate(code.splitlines(), 1) if "# <-" in ln)
    finding = Finding(
        tool="scanner", rule_id="r", message="m", location=Location("app/views.py", Region(line)), cwe=(cwe,)
    )
    return judge_finding(finding, WorkspaceIndex(root))


def _model(section: str, body: str) -> str:
    return f'language = "python"\nlibrary = "acme"\n[[{section}]]\n{body}\n'


def test_without_models_the_unknown_check_keeps_the_finding(tmp_path: Path) -> None:
    assert _judge(tmp_path, GUARDED, 22).verdict == TP


def test_a_validator_model_of_the_projects_own_function(tmp_path: Path) -> None:
    model = _model("validators", 'family = "path"\nnames = ["check_name"]')
    j = _judge(tmp_path, GUARDED, 22, {"project.toml": model})
    assert j.verdict == FP, j.justification
    assert "validated by check_name() (a model in .sastls/models/project.toml)" in j.justification
    assert any(e.role == "guard" for e in j.evidence)


def test_a_validator_by_its_qualified_name(tmp_path: Path) -> None:
    model = _model("validators", 'family = "path"\nnames = ["app.checks.check_name"]')
    assert _judge(tmp_path, GUARDED, 22, {"project.toml": model}).verdict == FP


def test_a_validator_of_another_family_changes_nothing(tmp_path: Path) -> None:
    model = _model("validators", 'family = "sql"\nnames = ["check_name"]')
    assert _judge(tmp_path, GUARDED, 22, {"project.toml": model}).verdict == TP


def test_a_guard_validator_called_as_a_statement_proves_nothing(tmp_path: Path) -> None:
    """``if check(x)`` validators say nothing when their result is dropped."""
    model = _model("validators", 'family = "path"\nnames = ["check_name"]')
    assert _judge(tmp_path, ASSERTED, 22, {"project.toml": model}).verdict == TP


def test_a_raising_validator_cleans_after_the_call(tmp_path: Path) -> None:
    model = _model("validators", 'family = "path"\nnames = ["check_name"]\non = "return"')
    j = _judge(tmp_path, ASSERTED, 22, {"project.toml": model})
    assert j.verdict == FP, j.justification


def test_a_raising_validator_in_a_condition_proves_nothing(tmp_path: Path) -> None:
    model = _model("validators", 'family = "path"\nnames = ["check_name"]\non = "return"')
    assert _judge(tmp_path, GUARDED, 22, {"project.toml": model}).verdict == TP


def test_a_sanitizer_model_of_the_projects_own_function(tmp_path: Path) -> None:
    assert _judge(tmp_path, SANITIZED, 22).verdict == TP
    model = _model("sanitizers", 'family = ["path", "command"]\nnames = ["clean"]')
    j = _judge(tmp_path, SANITIZED, 22, {"project.toml": model})
    assert j.verdict == FP
    assert "sanitized by clean() (a model in .sastls/models/project.toml)" in j.justification


def test_a_source_model_of_the_projects_own_function(tmp_path: Path) -> None:
    assert _judge(tmp_path, OWN_SOURCE, 78).verdict == FP  # the body returns a constant
    model = _model("sources", 'kind = "call"\nnames = ["read_message"]')
    j = _judge(tmp_path, OWN_SOURCE, 78, {"project.toml": model})
    assert j.verdict == TP and "read_message()" in j.justification


def test_a_bad_model_file_changes_no_verdict_and_is_reported(tmp_path: Path) -> None:
    bad = _model("validators", 'family = "path"\nnames = ["check_name"]\nwhen = "always"')
    j = _judge(tmp_path, GUARDED, 22, {"bad.toml": bad})
    assert j.verdict == TP
    _, errors = load_config(tmp_path)
    assert [str(e) for e in errors] == [
        ".sastls/models/bad.toml: validators[0].when: unknown key 'when' (allowed: clean_argument, family,"
        " names, needs_dangerous_chars, on, requires_flag, validates, why) (at $.validators[0].when); "
        "the file is ignored"
    ]


def test_configured_model_paths_reach_the_judge(tmp_path: Path) -> None:
    (tmp_path / "security").mkdir()
    (tmp_path / "security" / "acme.toml").write_text(
        _model("validators", 'family = "path"\nnames = ["check_name"]')
    )
    (tmp_path / ".sastls.toml").write_text('models = ["security"]\n')
    config, errors = load_config(tmp_path)
    assert errors == [] and config.models == ("security",)
    _judge(tmp_path, GUARDED, 22)  # writes the files
    finding = Finding(
        tool="scanner", rule_id="r", message="m", location=Location("app/views.py", Region(9)), cwe=(22,)
    )
    index = WorkspaceIndex(tmp_path)
    assert judge_finding(finding, index).verdict == TP
    assert judge_finding(finding, index, model_paths=config.models).verdict == FP
