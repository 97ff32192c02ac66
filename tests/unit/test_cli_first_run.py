"""What a new user meets first: help that explains every option with an example, a wrong --repo refused
before anything is written, and a .sastls/ folder that stays out of git."""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from sastls.analyzers.workdir import ensure_dir
from sastls.server.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "fixtures" / "projects" / "pyapp"
SASTLS = [sys.executable, "-m", "sastls.server.cli"]


def run(*args: object, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*SASTLS, *map(str, args)], capture_output=True, text=True, timeout=120, cwd=cwd, check=False
    )


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def test_every_option_has_help_and_every_command_ends_with_an_example() -> None:
    parser = build_parser()
    commands = _subparsers(parser)
    assert set(commands) >= {"serve", "findings", "investigate", "fix", "triage", "merge", "eval"}
    for name, sub in commands.items():
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, (
                f"sastls {name} {'/'.join(action.option_strings) or action.dest}: no help text"
            )
        text = sub.format_help().rstrip()
        tail = text.rsplit("example:", 1)
        assert len(tail) == 2 and f"sastls {name}" in tail[1], f"sastls {name} --help ends without an example"
    assert "example:" in parser.format_help()


def test_a_wrong_repo_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "src").mkdir(parents=True)
    (elsewhere / "src" / "other.py").write_text("print(1)\n")
    findings = EXAMPLE / "findings" / "bandit.sarif"
    for args in (
        ["triage", findings, "--repo", elsewhere, "--out", tmp_path / "t.sarif"],
        ["investigate", findings, "--repo", elsewhere, "--at", "app/shell.py:11"],
        ["fix", findings, "--repo", elsewhere, "--all"],
    ):
        proc = run(*args)
        assert proc.returncode == 2, (args[0], proc.stdout, proc.stderr)
        assert "--repo" in proc.stderr and "none of the" in proc.stderr and "app/" in proc.stderr, proc.stderr
        assert "Traceback" not in proc.stderr
    assert not (elsewhere / ".sastls").exists()
    assert not (tmp_path / "t.sarif").exists()


def test_the_state_folder_is_created_with_a_gitignore(tmp_path: Path) -> None:
    repo = tmp_path / "pyapp"
    shutil.copytree(EXAMPLE, repo, ignore=shutil.ignore_patterns(".sastls", "__pycache__"))
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    proc = run(
        "triage", repo / "findings" / "bandit.sarif", "--repo", repo, "--fail-on", "never", "--no-progress"
    )
    assert proc.returncode == 0, proc.stderr
    assert (repo / ".sastls" / "verdicts.db").exists()
    assert (repo / ".sastls" / ".gitignore").read_text().splitlines()[-1] == "*"
    status = subprocess.run(
        ["git", "-C", str(repo), "status", "--porcelain", "--untracked-files=all"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert ".sastls" not in status and "app/shell.py" in status


def test_a_state_folder_the_user_made_is_left_alone(tmp_path: Path) -> None:
    mine = tmp_path / ".sastls" / "models"
    mine.mkdir(parents=True)
    ensure_dir(tmp_path / ".sastls" / "reports")
    assert not (tmp_path / ".sastls" / ".gitignore").exists()
    ensure_dir(tmp_path / "fresh" / ".sastls")
    assert (tmp_path / "fresh" / ".sastls" / ".gitignore").exists()


def test_findings_help_names_the_formats() -> None:
    proc = run("findings", "--help")
    assert proc.returncode == 0 and "SARIF" in proc.stdout and "example:" in proc.stdout
