"""Shared set-up for the editor-client tests: a copy of the example project and the server command."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "fixtures" / "projects" / "pyapp"


@pytest.fixture()
def workspace(tmp_path: Path) -> Path:
    """A private copy of the example project (its findings included): verdict stores do not leak
    between tests."""
    dest = tmp_path / "pyapp"
    shutil.copytree(EXAMPLE, dest, ignore=shutil.ignore_patterns(".sastls", "__pycache__"))
    return dest


@pytest.fixture()
def server_command() -> list[str]:
    exe = Path(sys.executable).with_name("sastls")
    return [str(exe), "serve"]


@pytest.fixture()
def output_dir() -> Path:
    out = ROOT / "test-output" / "editors"
    out.mkdir(parents=True, exist_ok=True)
    return out


EXT = ROOT / "editors" / "vscode"
E2E = EXT / "test" / "e2e"
CACHE = Path(os.environ.get("SASTLS_CODE_SERVER_DIR", Path.home() / ".cache" / "sastls" / "code-server"))
ENTRY = CACHE / "node_modules" / "code-server" / "out" / "node" / "entry.js"


def _npm(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["npm", *args], cwd=EXT, capture_output=True, text=True, timeout=timeout, check=False
    )


@pytest.fixture(scope="session")
def vsix(need: Callable[[str], str]) -> Path:
    """The extension, checked (npm test: tsc, eslint, unit tests) and packaged once for every VS Code test."""
    need("node")
    need("npm")
    if not (EXT / "node_modules").exists():
        proc = _npm("ci", "--no-audit", "--no-fund")
        assert proc.returncode == 0, proc.stderr[-3000:]
    proc = _npm("test")
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    proc = _npm("run", "package")
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    return EXT / "sastls.vsix"


@pytest.fixture(scope="session")
def code_server(need: Callable[[str], str]) -> Path:
    """code-server 4.100.3 (VS Code 1.100), set up once into ~/.cache/sastls/code-server (about a minute).
    Every test that drives it needs Chromium too: skipped first, before a set-up it could not use."""
    need("chromium")
    if not ENTRY.exists():
        for tool in ("node", "npm", "rg", "g++", "make", "krb5-config"):
            need(tool)
        proc = subprocess.run(
            ["bash", str(EXT / "test" / "e2e" / "code-server-setup.sh"), str(CACHE)],
            capture_output=True,
            text=True,
            timeout=1200,
            check=False,
        )
        assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    return CACHE


# run_e2e(script, workspace, out, *args): one scenario of editors/vscode/test/e2e in a real workbench
E2ERunner = Callable[..., None]


@pytest.fixture()
def run_e2e(
    vsix: Path, code_server: Path, server_command: list[str], need: Callable[[str], str]
) -> E2ERunner:
    """Runs a scenario script (code-server.mjs, first-run.mjs, learn.mjs) on ``workspace`` with the packaged
    extension, the server and Chromium; screenshots and results go to ``out``; fails with the script's log."""
    chromium = need("chromium")

    def run(script: str, workspace: Path, out: Path, *args: str) -> None:
        proc = subprocess.run(
            ["node", str(E2E / script), "--code-server", str(code_server), "--vsix", str(vsix),
             "--workspace", str(workspace), "--server", server_command[0], "--out", str(out), *args],
            capture_output=True, text=True, timeout=400, cwd=EXT, env={**os.environ, "CHROMIUM": chromium},
            check=False,
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr[-4000:]

    return run
