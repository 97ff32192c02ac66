"""``sastls fix`` as a user runs it: the console script in a subprocess, real bandit."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SASTLS = Path(sys.executable).parent / "sastls"
SRC = Path(__file__).resolve().parents[1] / "fixtures" / "fix" / "python"


# the tests' commands run this interpreter: a fresh machine may have no `python` on PATH (Debian has python3)
PY = shlex.quote(sys.executable)

# the project's test: it runs find_user() (an import alone would not make a fix "tested")
TEST = (
    f"{PY} -c \"import sqlite3, sql_concat; c = sqlite3.connect(':memory:'); "
    "c.execute('CREATE TABLE users (id, name TEXT)'); c.execute('INSERT INTO users VALUES (1, 2)'); "
    "assert sql_concat.find_user(c, '2') == [(1,)]\""
)


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SASTLS), "fix", *map(str, args)], capture_output=True, text=True, timeout=300, check=False
    )


@pytest.fixture
def repo(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "repo"
    root.mkdir()
    for name in ("sql_concat.py", "yaml_load.py", "eval_literal.py"):
        shutil.copy(SRC / name, root / name)
    (root / "notfixable.py").write_text("import pickle\n\n\ndef f(b):\n    return pickle.loads(b)\n")
    report = tmp_path / "bandit.json"
    subprocess.run(
        [sys.executable, "-m", "bandit", "-q", "-r", "--exit-zero", "-f", "json", "-o", str(report), "."],
        cwd=root,
        check=True,
    )
    return root, report


def test_patch_then_apply(repo: tuple[Path, Path], tmp_path: Path) -> None:
    root, report = repo
    before = (root / "sql_concat.py").read_text()
    out = _run(report, "--repo", root, "--at", "sql_concat.py:5", "--patch", tmp_path / "fix.diff")
    assert out.returncode == 0, out.stderr
    assert "VERIFIED (scanner-clean): string-built SQL -> placeholders" in out.stdout
    assert "rescan    ok  B608 gone" in out.stdout and "1 of 1 finding(s) with a verified fix" in out.stdout
    assert (root / "sql_concat.py").read_text() == before  # --patch never touches the files
    diff = (tmp_path / "fix.diff").read_text()
    assert diff.startswith("--- a/sql_concat.py") and "(name,)" in diff
    out = _run(
        report,
        "--repo",
        root,
        "--at",
        "sql_concat.py:5",
        "--apply",
        "--test-command",
        TEST,
    )
    assert out.returncode == 0, out.stderr
    assert "conn.execute(query, (name,))" in (root / "sql_concat.py").read_text()
    assert "VERIFIED (tested)" in out.stdout and "tests     ok  the tests pass" in out.stdout


def test_all_json(repo: tuple[Path, Path]) -> None:
    root, report = repo
    out = _run(report, "--repo", root, "--all", "--json")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    by_rule = {r["fix"]["rule_id"]: r for r in rows}
    assert by_rule["B506"]["fix"]["verified"] and by_rule["B307"]["fix"]["verified"]
    sarif = by_rule["B506"]["sarif_fix"]
    assert sarif["artifactChanges"][0]["artifactLocation"]["uri"] == "yaml_load.py"
    assert sarif["properties"]["sastls"]["verification"]["verified"] is True
    assert sarif["properties"]["sastls"]["level"] == "scanner-clean"
    assert not by_rule["B301"]["fix"]["verified"] and "sarif_fix" not in by_rule["B301"]
    assert "no offline rewrite for bandit B301" in by_rule["B301"]["fix"]["stop_reason"]


def test_no_verified_fix_exits_1(repo: tuple[Path, Path]) -> None:
    root, report = repo
    before = (root / "notfixable.py").read_text()
    out = _run(report, "--repo", root, "--at", "notfixable.py:5", "--apply")
    assert out.returncode == 1
    assert "no verified fix: not auto-fixable" in out.stdout
    assert (root / "notfixable.py").read_text() == before


def test_usage_errors_exit_2(repo: tuple[Path, Path]) -> None:
    root, report = repo
    assert _run(report, "--repo", root).returncode == 2  # no selector
    assert _run(report, "--repo", root, "--at", "nowhere.py:1").returncode == 2
    out = _run(report, "--repo", root, "--all", "--analyst", "llm")
    assert out.returncode == 2 and "needs --model" in out.stderr
    assert _run(report, "--repo", root / "missing", "--all").returncode == 2


def test_sarif_out_carries_the_fix_and_its_level(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    shutil.copy(SRC / "yaml_load.py", root / "yaml_load.py")
    report = tmp_path / "bandit.sarif"
    subprocess.run(
        [sys.executable, "-m", "bandit", "-q", "-r", "--exit-zero", "-f", "sarif", "-o", str(report), "."],
        cwd=root,
        check=True,
    )
    out = _run(report, "--repo", root, "--all", "--sarif", tmp_path / "fixed.sarif")
    assert out.returncode == 0, out.stderr
    doc = json.loads((tmp_path / "fixed.sarif").read_text())
    (result,) = [r for r in doc["runs"][0]["results"] if r["ruleId"] == "B506"]
    (fix,) = result["fixes"]
    assert fix["properties"]["sastls"]["level"] == "scanner-clean"
    assert fix["properties"]["sastls"]["needsMigration"] is False
    change = fix["artifactChanges"][0]
    assert change["artifactLocation"]["uri"].endswith("yaml_load.py")
    assert "yaml.safe_load(stream)" in change["replacements"][0]["insertedContent"]["text"]
    from sastls.server.reports.sarif import validate_sarif

    assert validate_sarif(doc) == []
