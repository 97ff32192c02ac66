"""Verification in a shadow copy: each check, the verification record, and that temporary
directories are always removed (even when a check raises)."""

from __future__ import annotations

import shlex
import shutil
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from sastls.analyzers.config import Config, FixConfig
from sastls.analyzers.findings.model import Finding
from sastls.analyzers.scanners import run_scanner
from sastls.graph.fix import verify as verify_mod
from sastls.graph.fix.patch import line_edit
from sastls.graph.fix.verify import Verifier, error_nodes, scope_problem, shadow_copy

# the tests' commands run this interpreter: a fresh machine may have no `python` on PATH (Debian has python3)
PY = shlex.quote(sys.executable)

APP = """\
import yaml


def load(stream):
    return yaml.load(stream, Loader=yaml.Loader)


def other():
    return 1
"""
SAFE = "    return yaml.safe_load(stream)"
TEST = PY + " -c \"import app, io; assert app.load(io.StringIO('a: 1')) == {'a': 1}\""


@pytest.fixture
def tmpdirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    yield tmp
    assert list(tmp.iterdir()) == [], "temporary directories left behind"


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "app.py").write_text(APP)
    (root / ".git").mkdir()
    (root / ".git" / "HEAD").write_text("ref")
    return root


@pytest.fixture
def finding(ws: Path) -> Finding:
    (f,) = [f for f in run_scanner("bandit", ["app.py"], ws).findings if f.rule_id == "B506"]
    return f


def edit(line: int, text: str) -> list:  # type: ignore[type-arg]
    return [line_edit("app.py", APP, line, line, text)]


def test_shadow_copy_is_removed_even_on_error(ws: Path, tmpdirs: Path) -> None:
    with pytest.raises(RuntimeError), shadow_copy(ws, {"app.py": "x = 1\n"}, full=True) as root:
        assert (root / "app.py").read_text() == "x = 1\n"
        assert not (root / ".git").exists()  # never copied
        assert list(tmpdirs.iterdir())
        raise RuntimeError("boom")
    assert (ws / "app.py").read_text() == APP


def test_shadow_write_does_not_follow_a_symlink_out(ws: Path, tmp_path: Path, tmpdirs: Path) -> None:
    outside = tmp_path / "outside.py"
    outside.write_text("keep\n")
    (ws / "link.py").symlink_to(outside)
    with shadow_copy(ws, {"link.py": "changed\n"}, full=True) as root:
        assert (root / "link.py").read_text() == "changed\n"
    assert outside.read_text() == "keep\n"


def test_verified_patch_record(ws: Path, finding: Finding, tmpdirs: Path) -> None:
    config = replace(Config(), fix=FixConfig(test_command=TEST))
    record = Verifier(finding, ws, config).verify(edit(5, SAFE))
    assert record.verified, record.error
    checks = {c.name: c for c in record.checks}
    assert list(checks) == ["apply", "scope", "parse", "names", "semantics", "rescan", "tests"]
    assert "bandit" in checks["rescan"].command and checks["tests"].command == TEST
    assert record.seconds > 0 and record.to_dict()["checks"][5]["name"] == "rescan"
    assert record.level == "tested" and record.to_dict()["level"] == "tested"
    assert (ws / "app.py").read_text() == APP


def test_parse_failure(ws: Path, finding: Finding, tmpdirs: Path) -> None:
    record = Verifier(finding, ws, Config()).verify(edit(5, "    return yaml.safe_load(stream"))
    assert not record.verified and record.error.startswith("parse: app.py no longer parses")
    # the context is the ORIGINAL code (the proposer writes edits of the original)
    assert record.context is not None
    assert "5 |     return yaml.load(stream, Loader=yaml.Loader)" in record.context.code
    assert (record.context.line, record.context.start_line, record.context.end_line) == (5, 1, 9)


def test_finding_left(ws: Path, finding: Finding, tmpdirs: Path) -> None:
    record = Verifier(finding, ws, Config()).verify(edit(5, "    return yaml.load(stream, yaml.Loader)"))
    assert record.error.startswith("rescan: bandit still reports B506")
    assert record.context is not None and "B506" in record.context.scanner_output


def test_new_finding_of_equal_severity(ws: Path, finding: Finding, tmpdirs: Path) -> None:
    record = Verifier(finding, ws, Config()).verify(edit(5, "    return eval(yaml.safe_load(stream))"))
    assert record.error.startswith("rescan: the patch adds bandit B307 (MEDIUM)")


def test_tests_that_break(ws: Path, finding: Finding, tmpdirs: Path) -> None:
    config = replace(Config(), fix=FixConfig(test_command=TEST))
    record = Verifier(finding, ws, config).verify(edit(5, "    return yaml.safe_load(stream) or 2"))
    assert record.verified  # {'a': 1} or 2 is still {'a': 1}
    record = Verifier(finding, ws, config).verify(edit(5, "    return [yaml.safe_load(stream)]"))
    assert record.error.startswith("tests: the tests passed before the patch and fail after it")
    assert record.context is not None and "AssertionError" in record.context.test_tail


def test_tests_failing_before_are_not_a_criterion(ws: Path, finding: Finding, tmpdirs: Path) -> None:
    config = replace(Config(), fix=FixConfig(test_command="exit 3"))
    record = Verifier(finding, ws, config).verify(edit(5, SAFE))
    assert record.verified and "already failed before" in record.checks[-1].detail
    assert record.level == "scanner-clean" and not record.tests_ran


@pytest.mark.parametrize(
    ("command", "level", "why"),
    [
        ("echo 'collected 0 items'; exit 5", "scanner-clean", "ran no test"),  # pytest without tests
        ("echo 'Ran 0 tests in 0.000s'; echo OK", "scanner-clean", "ran no test"),  # unittest without tests
        ("echo '3 passed'", "scanner-clean", "none of them runs load()"),  # passes whatever load() does
        (f"{PY} -c 'import app'", "scanner-clean", "none of them runs load()"),
        (TEST, "tested", "and run load()"),
    ],
)
def test_tested_means_the_tests_ran_and_run_the_fixed_function(
    ws: Path, finding: Finding, tmpdirs: Path, command: str, level: str, why: str
) -> None:
    config = replace(Config(), fix=FixConfig(test_command=command))
    record = Verifier(finding, ws, config).verify(edit(5, SAFE))
    assert record.verified and record.level == level
    assert why in record.checks[-1].detail, record.checks[-1].detail


def test_test_timeout(ws: Path, finding: Finding, tmpdirs: Path) -> None:
    ok, tail, _ = verify_mod.run_command("sleep 5", ws, 0.2)
    assert not ok and tail.startswith("timed out after 0.2 s")


def test_scope(ws: Path, finding: Finding, tmpdirs: Path) -> None:
    wide = [*edit(5, SAFE), line_edit("app.py", APP, 9, 9, "    return 2")]
    record = Verifier(finding, ws, Config()).verify(wide)
    assert record.error.startswith("scope: edit at lines 9-9 is outside the enclosing code (lines 4-5)")
    allowed = replace(Config(), fix=FixConfig(allow_wide_changes=True))
    assert Verifier(finding, ws, allowed).verify(wide).verified
    imports = [line_edit("app.py", APP, 2, 1, "import json"), *edit(5, SAFE)]
    assert scope_problem(finding, APP, imports) is None
    not_import = [line_edit("app.py", APP, 2, 1, "X = 1")]
    assert scope_problem(finding, APP, not_import) is not None


def test_stale_report_proves_nothing(ws: Path, finding: Finding, tmpdirs: Path) -> None:
    region = replace(finding.location.region, start_line=9)
    moved = replace(finding, location=replace(finding.location, region=region), fingerprint="0" * 32)
    record = Verifier(moved, ws, Config()).verify(edit(9, "    return 3"))
    assert not record.verified and "does not report B506" in record.error


def test_scanner_that_cannot_rerun(ws: Path, finding: Finding, tmpdirs: Path) -> None:
    record = Verifier(replace(finding, tool="sastls-corpus"), ws, Config()).verify(edit(5, SAFE))
    assert not record.verified and "cannot be re-run" in record.error


def test_empty_and_noop_patches(ws: Path, finding: Finding, tmpdirs: Path) -> None:
    v = Verifier(finding, ws, Config())
    assert v.verify([]).error == "apply: the patch has no edits"
    assert v.verify(edit(5, "    return yaml.load(stream, Loader=yaml.Loader)")).error == (
        "apply: the patch changes nothing"
    )
    assert v.verify([line_edit("app.py", APP, 5, 5, "x")]).checks[0].ok


def test_paths_outside_the_workspace_are_refused(ws: Path, finding: Finding, tmpdirs: Path) -> None:
    from sastls.graph.fix.patch import Edit

    record = Verifier(finding, ws, Config()).verify([Edit("../x.py", 1, 1, 1, 1, "x")])
    assert record.error.startswith("apply: ../x.py")


def test_error_nodes() -> None:
    assert error_nodes("a.py", "x = 1\n") == []
    assert error_nodes("a.py", "x = (\n")
    assert error_nodes("a.txt", "anything") is None


C_MAIN = '#include <stdio.h>\nvoid greet(const char *name);\nint main(void) { greet("world"); return 0; }\n'
C_TEST = "cc -o t copy.c main.c && ./t | grep -qx world"


# the reason tests/conftest.py's need("gcc") gives: listed with the other missing tools at the end of the run
NO_GCC = (
    "missing tool: gcc (apt-get install gcc (gcc >= 10 for -fanalyzer); "
    "`make test` installs it when run as root)"
)


@pytest.mark.skipif(shutil.which("cc") is None, reason=NO_GCC)
@pytest.mark.parametrize(
    ("command", "level", "why"),
    [
        (C_TEST, "tested", "and run greet()"),
        (
            "cc -fsyntax-only copy.c main.c",
            "scanner-clean",
            "none of them runs greet()",
        ),  # builds, runs nothing
        ("true", "scanner-clean", "none of them runs greet()"),  # says nothing, tests nothing
    ],
)
def test_c_tested_means_the_tests_run_the_fixed_function(
    tmp_path: Path, tmpdirs: Path, command: str, level: str, why: str
) -> None:
    from sastls.graph.fix.offline import NotFixable, candidates

    root = tmp_path / "cws"
    root.mkdir()
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "fix" / "c" / "copy.c"
    (root / "copy.c").write_text(fixture.read_text())
    (root / "main.c").write_text(C_MAIN)
    found = run_scanner("flawfinder", ["copy.c"], root)
    assert found.ok, found.errors
    (finding,) = [f for f in found.findings if f.rule_name == "buffer/strcpy"]
    rewrites = candidates(finding, (root / "copy.c").read_text())
    assert not isinstance(rewrites, NotFixable), rewrites
    config = replace(Config(), fix=FixConfig(test_command=command))
    record = Verifier(finding, root, config).verify(rewrites[0].edits)
    assert record.verified and record.level == level, record.error
    assert why in record.checks[-1].detail, record.checks[-1].detail
