"""Fix (verified) through the shipped Neovim and Emacs clients (headless Neovim, Emacs batch with eglot),
on a real finding of the example project (bandit B602 at app/shell.py:11): the diff is shown, the
confirm prompt comes while the file on disk is unchanged, the file changes after Apply, and the
finding's diagnostic goes away (the server re-checks it). The VS Code flow is in test_vscode_extension.py."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.editor
FIXED = 'out = subprocess.run(["ping", "-c", "1", host], capture_output=True, text=True)'


def _env(workspace: Path, server_command: list[str], result: Path, tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "SASTLS_PLUGIN": str(ROOT / "editors" / "neovim"),
        "SASTLS_EL": str(ROOT / "editors" / "emacs" / "sastls.el"),
        "SASTLS_CMD": " ".join(server_command),
        "SASTLS_FILE": str(workspace / "app" / "shell.py"),
        "SASTLS_ROOT": str(workspace),
        "SASTLS_LINE": "11",
        "SASTLS_RULE": "B602",
        "SASTLS_OUT": str(result),
        "HOME": str(tmp_path),
    }


def _check(seen: dict[str, object], before: str, target: Path) -> None:
    assert "error" not in seen, seen
    assert seen["unchanged_when_asked"] is True, "the file changed before the user agreed"
    asked = str(seen["asked"])
    assert "verified, scanner-clean" in asked and "Apply" in asked, asked
    assert f"+    {FIXED}" in str(seen["diff_shown"]), seen
    after = target.read_text()
    assert after != before and FIXED in after and seen["after"] == after
    assert seen["gone"] is True, "the fixed finding's diagnostic stayed"


def test_neovim_fix_code_action(
    workspace: Path, server_command: list[str], tmp_path: Path, need: Callable[[str], str]
) -> None:
    nvim = need("nvim")
    result = tmp_path / "result.json"
    target = workspace / "app" / "shell.py"
    before = target.read_text()
    proc = subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-c", f"luafile {Path(__file__).with_name('nvim_fix.lua')}"],
        cwd=workspace,
        env=_env(workspace, server_command, result, tmp_path),
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert result.exists(), proc.stderr[-2000:]
    seen = json.loads(result.read_text())
    assert seen["picked"] == "sastls: Fix (verified) bandit B602", seen
    _check(seen, before, target)


def test_emacs_fix_command(
    workspace: Path, server_command: list[str], tmp_path: Path, need: Callable[[str], str]
) -> None:
    emacs = need("emacs")
    result = tmp_path / "result.json"
    target = workspace / "app" / "shell.py"
    before = target.read_text()
    proc = subprocess.run(
        [emacs, "--batch", "-l", str(Path(__file__).with_name("emacs_fix.el"))],
        cwd=workspace,
        env=_env(workspace, server_command, result, tmp_path),
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert result.exists(), proc.stderr[-2000:]
    seen = json.loads(result.read_text())
    _check(seen, before, target)
