"""Real editors driving ``sastls serve``: headless Neovim (0.7+) and Emacs batch with eglot.

Each runs its script under tests/lsp/editors/: open a file -> diagnostics -> code actions ->
the investigate command -> the verdict in the diagnostic and the hover.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

EDITORS = Path(__file__).parent / "editors"
SERVER = [sys.executable, "-m", "sastls.server.cli", "serve"]
LINE = 11  # 1-based: the merged bandit B602 + semgrep finding of app/shell.py


def _run(argv: list[str], workspace: Path, tmp_path: Path) -> dict[str, object]:
    out = tmp_path / "result.json"
    env = {
        **os.environ,
        "SASTLS_CMD": json.dumps(SERVER),
        "SASTLS_WS": str(workspace),
        "SASTLS_FILE": "app/shell.py",
        "SASTLS_LINE": str(LINE),
        "SASTLS_OUT": str(out),
        "HOME": str(tmp_path),  # no user config, no state written to the real home
    }
    proc = subprocess.run(
        argv, check=False, env=env, cwd=workspace, capture_output=True, text=True, timeout=240
    )
    assert out.exists(), f"no result (exit {proc.returncode}): {proc.stdout[-2000:]} {proc.stderr[-2000:]}"
    result: dict[str, object] = json.loads(out.read_text())
    assert result["ok"] is True, result
    return result


def _check(result: dict[str, object]) -> None:
    assert result["source"] == "bandit, semgrep"
    actions = result["actions"]
    assert isinstance(actions, list)
    assert any(str(t).startswith("sastls: Investigate") for t in actions), actions
    assert "sastls: Mark as false positive" in actions
    res = result["result"]
    assert isinstance(res, dict) and res["status"] == "done", res
    after = str(result["message_after"])
    assert after != result["message_before"] and after.rstrip().endswith("]")
    assert "Decided by heuristic" in str(result["hover"])


@pytest.mark.editor
def test_neovim_headless(workspace: Path, tmp_path: Path, need: Callable[[str], str]) -> None:
    need("nvim")
    script = EDITORS / "nvim_flow.lua"
    result = _run(
        ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-c", f"luafile {script}"], workspace, tmp_path
    )
    _check(result)
    assert any(str(p).startswith("end:") for p in result.get("progress", []))  # type: ignore[union-attr]
    assert result["moved"] is True, "the finding did not follow the lines inserted above it"
    assert result["deleted"] is True, "the finding stayed after its line was deleted"


@pytest.mark.editor
def test_emacs_eglot_batch(workspace: Path, tmp_path: Path, need: Callable[[str], str]) -> None:
    need("emacs")
    script = EDITORS / "eglot_flow.el"
    result = _run(["emacs", "--batch", "-q", "-l", str(script)], workspace, tmp_path)
    _check(result)
