"""editors/emacs/sastls.el with eglot in `emacs --batch` (Debian's Emacs 28 + elpa-eglot 1.9)."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.editor


def test_package_investigates_the_finding_at_point(
    workspace: Path, server_command: list[str], tmp_path: Path, need: Callable[[str], str]
) -> None:
    emacs = need("emacs")
    result = tmp_path / "result.json"
    env = {
        **os.environ,
        "SASTLS_EL": str(ROOT / "editors" / "emacs" / "sastls.el"),
        "PATH": f"{Path(server_command[0]).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "SASTLS_FILE": str(workspace / "app" / "routes.py"),
        "SASTLS_OUT": str(result),
        "SASTLS_ROOT": str(workspace),
        "HOME": str(tmp_path),
    }
    proc = subprocess.run(
        [emacs, "--batch", "-l", str(Path(__file__).with_name("emacs_package.el"))],
        cwd=workspace,
        env=env,
        capture_output=True,
        check=False,
        text=True,
        timeout=180,
    )
    assert result.exists(), proc.stderr[-2000:]
    seen = json.loads(result.read_text())
    assert "error" not in seen, (seen, proc.stderr[-2000:])
    assert seen["connected"] and seen["diagnostics"], seen
    assert seen["findings_at_point"] >= 1, seen
    assert seen["verdict"] in ("TRUE_POSITIVE", "FALSE_POSITIVE", "NEEDS_REVIEW"), seen
    assert seen["auto_verdict"], seen  # a verdict without any command (offline, in the background)
    assert seen["contact"] == ["sastls", "serve"], seen  # from PATH: the project has no .venv
    assert seen["verdict_shown"], seen
    # the settings the README shows reached the server: no "invalid settings" message
    assert not [m for m in seen["messages"] if "invalid settings" in m or "unknown setting" in m], seen


@pytest.mark.parametrize("marker", [None, "pyproject.toml", "compile_commands.json"])
def test_readme_setup_finds_the_project_root_outside_version_control(
    workspace: Path, server_command: list[str], tmp_path: Path, need: Callable[[str], str], marker: str | None
) -> None:
    """The README's snippet on a project with no VCS: Emacs started in the project (no marker), or
    elsewhere with a pyproject.toml (or a C project's compile_commands.json) at the project's top.
    The findings files there are read (a merged bandit + semgrep diagnostic), which they were not when
    eglot took the file's folder as the root."""
    emacs = need("emacs")
    result = tmp_path / "result.json"
    started_in = workspace
    if marker:
        (workspace / marker).write_text("[]\n" if marker.endswith(".json") else "[project]\nname = 'pyapp'\n")
        started_in = tmp_path
    env = {
        **os.environ,
        "SASTLS_EMACS_DIR": str(ROOT / "editors" / "emacs"),
        "PATH": f"{Path(server_command[0]).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "SASTLS_FILE": str(workspace / "app" / "shell.py"),
        "SASTLS_OUT": str(result),
        "HOME": str(tmp_path),
    }
    proc = subprocess.run(
        [emacs, "--batch", "-l", str(Path(__file__).with_name("emacs_readme.el"))],
        cwd=started_in,
        env=env,
        capture_output=True,
        check=False,
        text=True,
        timeout=180,
    )
    assert result.exists(), proc.stderr[-2000:]
    seen = json.loads(result.read_text())
    assert "error" not in seen, (seen, proc.stderr[-2000:])
    assert seen["contact"] == ["sastls", "serve"], seen
    assert Path(seen["root"]).resolve() == workspace.resolve(), seen
    assert seen["merged"], seen
