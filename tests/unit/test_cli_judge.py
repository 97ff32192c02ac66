"""`sastls judge`: a person's verdict from the command line, and the model its reason can teach
(asked on a terminal, `--learn` without asking, never without the person's yes)."""

from __future__ import annotations

import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "tests" / "fixtures" / "projects" / "learn"
LEARNED = Path(".sastls") / "models" / "learned.toml"
SASTLS = [sys.executable, "-m", "sastls.server.cli"]
JUDGE = ["judge", "findings/scan.sarif", "--at", "app/views.py:18", "--verdict", "fp", "--user", "alice"]


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    dest = tmp_path / "learn"
    shutil.copytree(PROJECT, dest)
    return dest


def sastls(ws: Path, *args: str, stdin: int | None = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*SASTLS, *args], cwd=ws, stdin=stdin, capture_output=True, text=True, timeout=300, check=False
    )


def verdicts(ws: Path) -> dict[str, str]:
    proc = sastls(
        ws, "triage", "findings/scan.sarif", "--jsonl", "v.jsonl", "--fail-on", "never", "--no-progress"
    )
    assert proc.returncode == 0, proc.stderr
    import json

    rows = [json.loads(line) for line in (ws / "v.jsonl").read_text().splitlines()]
    return {f"{r['path']}:{r['line']}": r["verdict"] for r in rows}


def test_a_reason_that_names_a_function_is_offered_and_recorded_with_learn(ws: Path) -> None:
    assert set(verdicts(ws).values()) == {"TRUE_POSITIVE"}
    quiet = sastls(ws, *JUDGE, "--reason", "validated by check_name")
    assert quiet.returncode == 0, quiet.stderr
    assert "FALSE_POSITIVE" in quiet.stdout
    assert "`--learn` records it as a validator model" in quiet.stderr
    assert not (ws / LEARNED).exists()  # no terminal, no --learn: nothing written
    learned = sastls(ws, *JUDGE, "--reason", "validated by check_name", "--learn")
    assert learned.returncode == 0, learned.stderr
    assert (
        "recorded check_name() as a validator for path traversal in .sastls/models/learned.toml"
        in learned.stdout
    )
    text = (ws / LEARNED).read_text()
    assert 'names = ["check_name"]' in text and "(alice, " in text
    after = verdicts(ws)
    assert after == {"app/views.py:18": "FALSE_POSITIVE", "app/views.py:25": "FALSE_POSITIVE"}


def test_on_a_terminal_the_person_is_asked(ws: Path) -> None:
    for answer, recorded in (("n\n", False), ("y\n", True)):
        master, slave = pty.openpty()
        os.write(master, answer.encode())
        try:
            proc = sastls(ws, *JUDGE, "--reason", "check_name() accepts registered names only", stdin=slave)
        finally:
            os.close(slave)
            os.close(master)
        assert proc.returncode == 0, proc.stderr
        assert (
            "Record check_name() as a validator for path traversal in .sastls/models/learned.toml?"
            in proc.stderr
        )
        assert (ws / LEARNED).exists() == recorded


def test_no_learn_real_verdicts_and_reasons_without_a_function(ws: Path) -> None:
    assert sastls(ws, *JUDGE, "--reason", "validated by check_name", "--no-learn").returncode == 0
    proc = sastls(ws, *JUDGE[:-2], "--verdict", "real", "--reason", "check_name is not enough")
    assert proc.returncode == 0 and "TRUE_POSITIVE" in proc.stdout
    proc = sastls(ws, *JUDGE, "--reason", "only admins reach this page", "--learn")
    assert proc.returncode == 0 and "recorded" not in proc.stdout
    assert not (ws / LEARNED).exists()


def test_bad_input_is_a_clear_error(ws: Path) -> None:
    proc = sastls(ws, *JUDGE[:-2], "--verdict", "maybe")
    assert proc.returncode == 2 and "expected fp or real" in proc.stderr
    proc = sastls(ws, "judge", "findings/scan.sarif", "--at", "app/views.py:3", "--verdict", "fp")
    assert proc.returncode == 2 and "no finding at" in proc.stderr


def test_a_person_s_verdict_stands_in_the_next_triage(ws: Path) -> None:
    assert (
        sastls(ws, *JUDGE[:-2], "--verdict", "fp", "--reason", "a test fixture", "--no-learn").returncode == 0
    )
    assert verdicts(ws)["app/views.py:18"] == "FALSE_POSITIVE"
