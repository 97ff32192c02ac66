"""editors/neovim in a real headless Neovim (Debian's 0.7.2 here): attach, diagnostics, code actions,
investigate."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.editor


def test_plugin_investigates_the_finding_under_the_cursor(
    workspace: Path, server_command: list[str], tmp_path: Path, need: Callable[[str], str]
) -> None:
    nvim = need("nvim")
    result = tmp_path / "result.json"
    env = {
        **os.environ,
        "SASTLS_PLUGIN": str(ROOT / "editors" / "neovim"),
        "PATH": f"{Path(server_command[0]).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "SASTLS_FILE": str(workspace / "app" / "routes.py"),
        "SASTLS_OUT": str(result),
    }
    proc = subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-c", f"luafile {Path(__file__).with_name('nvim_plugin.lua')}"],
        cwd=workspace,
        env=env,
        capture_output=True,
        check=False,
        text=True,
        timeout=180,
    )
    assert result.exists(), proc.stderr[-2000:]
    seen = json.loads(result.read_text())
    assert "error" not in seen, seen
    assert seen["attached"] and seen["diagnostics"], seen
    assert seen["has_fingerprint"] and seen["findings_at_cursor"] >= 1, seen
    assert any("Investigate" in t for t in seen["actions"]), seen
    assert seen["auto_verdict"], seen  # a verdict without any command (offline, in the background)
    assert seen["server_cmd"] == ["sastls", "serve"], seen  # from PATH: the project has no .venv
    assert seen["verdict_shown"], seen
    # the settings the README shows reached the server: no "invalid settings" message
    assert not [m for m in seen["messages"] if "invalid settings" in m or "unknown setting" in m], seen
    assert any(w in seen["after"].lower() for w in ("true positive", "false positive", "needs review")), seen
